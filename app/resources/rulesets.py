"""The presets and their parameters."""
from __future__ import annotations

from flask import abort
from werkzeug.routing import BaseConverter

from rules.cards import POINT_VALUES
from rules.decks import deck_copies, removed_cards
from rules.friends import default_friend_count
from rules.outlook import score_table
from rules.ruleset import PRESETS, Partnership, Ruleset
from schemas.parameters import catalogue
from schemas.rulesets import (
    ResolvedRulesetSchema,
    ResolveRequestSchema,
    RulesetListSchema,
    RulesetSchema,
    present,
    score_rows,
)

from ..extensions import Blueprint


class PresetName(BaseConverter):
    """A preset name in a path: any one segment but ``resolve``, the POST endpoint beside it (so that
    ``/v1/rulesets/resolve`` allows POST only)."""

    regex = r"(?!resolve$)[^/]+"


CONVERTERS = {"preset": PresetName}

blp = Blueprint("rulesets", __name__, url_prefix="/v1/rulesets", description="Rule presets (docs/rules.md#presets).")
EXAMPLE = present(PRESETS["qq"])
LISTING = {"rulesets": [present(spec) for spec in PRESETS.values()], "parameters": catalogue()}
RESOLVE_IN = {"rules": {"preset": "pagat", "players": 6, "partnership": "find-friends"}}


def resolved(rules: Ruleset) -> dict:
    """A ruleset with every derived value the engine uses: the kitty it deals, the hand size, the
    default number of friend calls, the points in the decks."""
    parameters = rules.to_dict()
    parameters["kitty_size"] = rules.kitty
    calls = default_friend_count(rules) if rules.partnership is Partnership.FIND_FRIENDS else 0
    return {"name": rules.name, "parameters": parameters, "hand_size": rules.hand_size,
            "friend_calls": calls,
            "total_points": sum(POINT_VALUES[c] * n for c, n in enumerate(deck_copies(rules))),
            "removed_cards": [str(c) for c in removed_cards(rules, None, (rules.first_level,) * rules.players)],
            "score_table": score_rows(score_table(rules))}


@blp.route("", methods=["GET"])
@blp.response(200, RulesetListSchema, example={"rulesets": [EXAMPLE], "parameters": LISTING["parameters"][:2]})
def list_rulesets():
    """Every preset with its full parameter set, and every parameter.

    Send a preset name as `rules`, or an object `{"preset": name, ...overrides}`. `parameters` lists
    each parameter as the engine declares it: its kind and values, bounds, default, the presets that
    set it otherwise, its rules section and Chinese term.
    """
    return LISTING


@blp.route("/<preset:name>", methods=["GET"])
@blp.response(200, RulesetSchema, example=EXAMPLE)
@blp.alt_response(404, response="NOT_FOUND")
def get_ruleset(name: str):
    """One preset with its full parameter set.

    404 (a problem document) if there is no such preset.
    """
    spec = PRESETS.get(name)
    if spec is None:
        abort(404, description=f"there is no preset '{name}'; presets are {', '.join(PRESETS)}")
    return present(spec)


@blp.post_json("/resolve", ResolveRequestSchema, ResolvedRulesetSchema, example_in=RESOLVE_IN,
               example_out=resolved(ResolveRequestSchema().load(RESOLVE_IN)["rules"]))
def resolve_ruleset(data: dict):
    """A ruleset as the engine plays it.

    `rules` (a preset name, or a preset with overrides) with every parameter resolved: `kitty_size`
    as the number of cards the deal sets aside (a preset's fixed kitty holds for its own deck and
    player counts only; other counts make it `auto`), `hand_size`, the default number of
    `friend_calls`, the decks' `total_points` and the `score_table` (points → levels, every row with
    its range). An impossible combination is a 422 whose pointer
    names the parameter (`/rules/kitty_size`).
    """
    return resolved(data["rules"])
