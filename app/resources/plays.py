"""Plays: is this play legal, and which plays are."""
from __future__ import annotations

from rules import check_play, legal_plays
from rules.deal import unseen_cards
from rules.order import order_for
from rules.selection import legal_set
from schemas import present
from schemas.plays import LegalPlaysAnswerSchema, LegalPlaysSchema, ValidatePlaySchema, VerdictSchema

from .. import engine
from ..extensions import Blueprint

blp = Blueprint("plays", __name__, url_prefix="/v1/plays", description="Play legality (docs/rules.md#leading-and-throws, #following).")

VALIDATE_IN = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D"],
               "play": ["AS", "KS"], "lead": ["QS", "QS"], "seat": 1}
LEGAL_IN = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D"],
            "lead": ["QS", "7S"], "limit": 10}
LEGAL_EXAMPLES = {
    "follow": ("Following: every legal play", LEGAL_IN),
    "selected": ("Selection help: the player has picked KS", {
        "rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "QS", "QS", "3D"],
        "lead": ["7S", "7S", "6S", "6S"], "selected": ["KS"]}),
    "sample": ("Three legal leads drawn at random", {
        "rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["BJ", "AS", "KS", "KS", "QS", "3D"],
        "sample": 3, "seed": "table-7/trick-3"}),
}


def throw_answer(order, throw) -> dict | None:
    if throw is None:
        return None
    return {"stands": throw.stands,
            "forced_play": None if throw.forced_play is None else present.cards(order, throw.forced_play),
            "beaten_by": throw.beaten_by, "penalty": throw.penalty,
            "at_risk": [present.cards(order, u.all_cards) for u in throw.at_risk]}


def unseen_of(data: dict) -> tuple | None:
    """The cards a leader has not seen: as sent, or the decks' cards less `hand` and `seen`."""
    if data.get("seen") is not None and data["lead"] is None:
        return unseen_cards(data["rules"], data["hand"], data["seen"])
    return present.multiset(data.get("unseen"))


def verdict_answer(data: dict) -> dict:
    rules, trump = data["rules"], data["trump"]
    others = [(o["seat"], present.multiset(o["cards"])) for o in data["others"]] if data["others"] else None
    verdict = engine.run("plays/validate", check_play, rules, trump,
                         hand=present.multiset(data["hand"]), play=present.multiset(data["play"]),
                         lead=present.multiset(data["lead"]), seat=data["seat"],
                         others=others, unseen=unseen_of(data))
    order = order_for(rules, trump)
    body = {"legal": verdict.legal, "reasons": present.reasons(verdict.violations),
            "format": present.fmt(order, verdict.format)}
    if verdict.throw is not None:
        body["throw"] = throw_answer(order, verdict.throw)
    return body


def legal_answer(data: dict) -> dict:
    rules, trump = data["rules"], data["trump"]
    order = order_for(rules, trump)
    hand, lead = present.multiset(data["hand"]), present.multiset(data["lead"])
    selected, sample = data.get("selected"), data.get("sample")
    chosen = answer = None
    if selected is not None or sample is not None:
        # first: a position too large to answer exactly is refused before the listing is made
        chosen = engine.run("plays/legal", legal_set, rules, trump, hand, lead)
        if lead is not None and sample is None:
            # a follow's listing read from the same search as the selection help, not searched again
            answer = engine.run("plays/legal", chosen.listing, data["limit"])
    if answer is None and (sample is None or lead is None):
        answer = engine.run("plays/legal", legal_plays, rules, trump, hand=hand, lead=lead, limit=data["limit"])
    if lead is not None and sample is None:
        body = {"count": answer.count, "count_exact": answer.count_exact,
                "plays": [present.cards(order, p) for p in answer.plays], "truncated": answer.truncated}
    elif lead is not None:
        body = {}
    else:
        body = {"units": [{"suit": s.suit, "units": [present.unit(order, u) for u in s.units]}
                          for s in answer.suits],
                "throws_allowed": answer.throws_allowed}
        if rules.rainbow_min is not None:
            body["rainbows"] = [present.unit(order, u) for u in answer.rainbows]
    if chosen is None:
        return body
    body.update(engine.run("plays/legal", selection_answer, order, chosen, selected, sample, data.get("seed"),
                           len(body.get("plays", ()))))
    if lead is None and body.get("complete"):
        body.update(selected_throw(data, order))
    return {k: body[k] for k in LEGAL_FIELDS if k in body}


def selected_throw(data: dict, order) -> dict:
    """A complete selection that is a throw: whether it surely stands against what the player has not seen."""
    rules, trump, selected = data["rules"], data["trump"], present.multiset(data["selected"])
    verdict = engine.run("plays/legal", check_play, rules, trump, hand=present.multiset(data["hand"]),
                         play=selected, unseen=unseen_of(data))
    return {} if verdict.throw is None else {"throw": throw_answer(order, verdict.throw)}


LEGAL_FIELDS = tuple(LegalPlaysAnswerSchema().fields)   # the documented order of the answer's members


def selection_answer(order, chosen, selected, sample, seed, listed: int) -> dict:
    """The exact count and, as asked, a uniform sample and selection help (rules.selection)."""
    count = chosen.count()
    out: dict = {"count": count, "count_exact": True}
    if sample is not None:
        plays = chosen.sample(sample, seed)
        out["plays"] = [present.cards(order, p) for p in plays]
        listed = len(plays)
    out["truncated"] = count > listed
    if selected is not None:
        summary = chosen.summary()
        help_ = chosen.help(present.multiset(selected))
        out.update(selectable=present.cards(order, help_.selectable), complete=help_.complete,
                   completable=help_.completable, must=present.cards(order, summary.must),
                   may=present.cards(order, summary.may))
    return out


@blp.post_json("/validate", ValidatePlaySchema, VerdictSchema, example_in=VALIDATE_IN,
               example_out=verdict_answer(ValidatePlaySchema().load(VALIDATE_IN)), cached="plays/validate")
def validate_play(data: dict):
    """Is this play legal?

    Checks a lead (no `lead`) or a follow against the rules of leading and following (docs/rules.md#following). An illegal play is a
    normal answer: `legal: false` with `reasons`. For a throw (a lead of several units), `throw`
    tells whether it stands against `others` (the other hands) or `unseen` (the cards the leader
    has not seen); `stands: null` when neither is given. A failed throw is still legal: its
    consequence is `forced_play` and `penalty`.
    """
    return verdict_answer(data)


@blp.post_json("/legal", LegalPlaysSchema, LegalPlaysAnswerSchema,
               examples={name: (summary, body, legal_answer(LegalPlaysSchema().load(body)))
                         for name, (summary, body) in LEGAL_EXAMPLES.items()},
               cached="plays/legal")
def list_legal_plays(data: dict):
    """Which plays are legal?

    Following (with `lead`): every distinct legal play once, as a multiset, up to `limit`, with
    their `count` (`count_exact: false` when the count is a lower bound). Leading (no `lead`): the
    units the hand can lead, by effective suit, whether throws are allowed and, where the ruleset sets
    `rainbow_min`, the rainbow groups the hand holds (`rainbows`).

    `selected` (the cards picked so far) adds selection help for leads and follows: `selectable`
    (each card of which one more copy can be added with a legal play still reachable), `complete`,
    `completable`, and `must`/`may` (the cards in every / in some legal play). `sample: n` with
    `seed` lists `n` distinct legal plays drawn uniformly from all of them, throws included where
    allowed (the same seed, the same plays). Both count every legal play exactly, leads included
    (`count`); a position too large to count exactly within the work bound is a 422.
    """
    return legal_answer(data)
