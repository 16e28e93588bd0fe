"""The OpenAPI document, generated from the code.  ``python -m app.spec > openapi.yaml``."""
from __future__ import annotations

import copy
import sys

import yaml

from rules.violations import CODES
from schemas.declarations import DeclarationOptionSchema, SeatDeclarationOptionsSchema
from schemas.parameters import RulesetParametersSchema

DESCRIPTION = """\
A stateless referee for Tractor (Shengji, 升级 / 拖拉机): every request carries the whole state it
needs, and the same request always gets the same answer.

Cards are strings: rank then suit (`10H`, `AS`, `2C`; `T` is accepted for 10), `SJ` and `BJ` for
the jokers. Input is case-insensitive; answers are canonical and list cards high to low unless the
order of play matters. `rules` is a preset name (`"qq"`) or an object: a preset plus overrides
(`{"preset": "qq", "decks": 3}`).

Illegal *moves* are normal answers (200 with `legal: false` and `reasons`). Malformed or
impossible *requests* are RFC 9457 `application/problem+json` documents: 400 unparseable JSON
(an object naming a member twice included), 404 unknown resource, 405 wrong method, 413 body over 256 KiB, 415 not `application/json`,
422 invalid content (with `errors[].pointer` naming the field).

Answers of `/v1/plays/validate`, `/v1/plays/legal`, `/v1/tricks/winner` and `/v1/hands/state` are cached; they carry
`X-Cache: hit|miss|bypass`, and `Cache-Control: no-cache` on the request computes afresh.

`Accept-Language: zh-CN` (or `zh-Hans`, `zh`) answers reason messages, settlement explanations and
problem titles and details in Simplified Chinese; anything else answers in English. Answers carry
`Content-Language` and `Vary: Accept-Language`; codes never change.

The rules, every ruleset parameter and every reason code are explained, with worked examples, in the
repository's `docs/rules.md`; client examples are in `docs/clients.md`.

Reason codes (`reasons[].code`):

""" + "\n".join(f"- `{code}`: {text}" for code, text in CODES.items()) + "\n"


_COPIES = "no card appears more often across the request than `rules.decks` decks hold"
_RULES = ("the ruleset's parameters fit each other (fixed partners need an even number of players; the "
          "scoring table covers the decks; the kitty is smaller than the decks and leaves a number of cards "
          "that divides among the players; `friend_join: holder` needs 2 decks)")
_LEAD = "the lead (`lead`, or the first play) is a valid lead under `trump`: cards of one effective suit"
_HISTORY = "`history` holds valid declarations, in order, under `level` and the ruleset"
_HAND = "a hand holds at most the ruleset's hand size: (54 × decks − kitty) ÷ players"
CROSS_FIELD = {
    "/v1/cards/analyze": [_RULES, _COPIES],
    "/v1/plays/validate": [_RULES, _LEAD, _HAND + " (`hand`, `lead`, each of `others`)",
                           "`hand` holds at least as many cards as `lead`", "`seat` < `rules.players`",
                           "`others` and `unseen` are not both given",
                           "seats in `others` are distinct, below `rules.players`, and not `seat`",
                           "`unseen` holds at most the cards not in `hand`", _COPIES],
    "/v1/plays/legal": [_RULES, _LEAD, _HAND + " (`hand`, `lead`)", "`hand` holds at least as many cards as `lead`",
                        "`selected` is part of `hand`", "`sample` needs `seed`", _COPIES],
    "/v1/tricks/winner": [_RULES, _LEAD, "at most `rules.players` plays", "seats distinct and below `rules.players`",
                          "each play holds at most a hand", _COPIES],
    "/v1/declarations/validate": [_RULES, _HISTORY, "`level` lies between `first_level` and `last_level`",
                                  "every seat below `rules.players`", _HAND,
                                  _COPIES + " (a seat's declarations and its hand may overlap)"],
    "/v1/declarations/options": [_RULES, _HISTORY, "`level` lies between `first_level` and `last_level`",
                                 "every seat below `rules.players`",
                                 "`seat` with `hand`, or `hands` with one hand per seat instead", _HAND,
                                 _COPIES + " (a seat's declarations and its hand may overlap)"],
    "/v1/hands/settle": [_RULES, "`dealer` and every seat below `rules.players`",
                         "`levels` (and `ratings`) list one entry per seat", "`kitty` holds exactly the kitty size",
                         "`dealer_team` fits the partnership (fixed partners: the dealer's seats of equal parity)",
                         "`last_trick` has one play per seat, seats distinct", "each play holds at most a hand",
                         _COPIES],
    "/v1/hands/adjudicate": [_RULES, "`dealer` and every seat below `rules.players`",
                             "`levels` (and `ratings`) list one entry per seat",
                             "seats within a trick are distinct",
                             _COPIES + " (the deal, the discard and the tricks together)",
                             "the deal is a whole deal of the decks (checked as the hand's first step)"],
    "/v1/hands/state": [_RULES, "`dealer` and every seat below `rules.players`",
                        "`levels` (and `ratings`) list one entry per seat",
                        "seats within a trick are distinct",
                        _COPIES + " (the deal, the discard and the tricks together)",
                        "`declarations_closed` is not false when the record holds a `kitty_discard`, `friends` "
                        "or a trick"],
    "/v1/deals": [_RULES, "`first_seat` < `rules.players`"],
    "/v1/rulesets/resolve": [_RULES + "; the pointer names the parameter that breaks it"],
}


def describe_cross_field_rules(spec: dict) -> None:
    """Append each POST operation's cross-field rules (422 when broken) to its description."""
    for path, rules in CROSS_FIELD.items():
        operation = spec["paths"].get(path, {}).get("post")
        if operation is not None:
            lines = "\n".join(f"- {rule}" for rule in rules)
            operation["description"] = (operation.get("description", "").rstrip() + "\n\nCross-field rules "
                                        "(JSON Schema cannot state them; 422 when broken):\n\n" + lines)


PICTURE_DESCRIPTIONS = {
    "text/html": "With `Accept: text/html`: the hand as a self-contained page (no external assets): the deal, "
                 "the kitty, the declarations, each trick with its cards, winner, points and running totals, "
                 "every fault highlighted where it happened, the settlement; in Chinese with `Accept-Language: "
                 "zh-CN`. `hands/adjudicate` pages walk for every fault (`faults: all`). Never cached.",
    "image/svg+xml": "With `Accept: image/svg+xml`: the trick as an SVG picture, its cards in play order and the "
                     "winner marked, each card with a text alternative. Never cached.",
}


def describe_pictures(spec: dict) -> None:
    """The picture media types of the endpoints that answer them, beside their JSON."""
    from .door import PICTURE_TYPES
    for path, types in PICTURE_TYPES.items():
        operation = spec["paths"].get(path, {}).get("post")
        if operation is None:
            continue
        content = operation["responses"]["200"].setdefault("content", {})
        for media in types:
            content[media] = {"schema": {"type": "string", "description": PICTURE_DESCRIPTIONS[media]}}


def spec_options() -> dict:
    return {"info": {"description": DESCRIPTION}}


def register_components(api) -> None:
    if "RulesetParameters" not in api.spec.components.schemas:
        api.spec.components.schema("RulesetParameters", schema=RulesetParametersSchema)
    for name, schema in (("DeclarationOption", DeclarationOptionSchema),
                         ("SeatDeclarationOptions", SeatDeclarationOptionsSchema)):
        if name not in api.spec.components.schemas:
            api.spec.components.schema(name, schema=schema)


class _Dumper(yaml.SafeDumper):
    """Multi-line strings as literal blocks, so the committed file reads well; no YAML anchors."""

    def ignore_aliases(self, data) -> bool:
        return True


def _str(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)
FIRST = ("openapi", "info", "servers", "tags", "paths", "components")


def spec_yaml(app) -> str:
    spec = copy.deepcopy(app.extensions["api"].spec.to_dict())
    describe_cross_field_rules(spec)
    describe_pictures(spec)
    ordered = {k: spec[k] for k in FIRST if k in spec} | {k: v for k, v in spec.items() if k not in FIRST}
    return yaml.dump(ordered, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110)


def main() -> None:
    from . import create_app
    sys.stdout.write(spec_yaml(create_app({})))


if __name__ == "__main__":
    main()
