"""Plays: is this play legal, and which plays are."""
from __future__ import annotations

from rules import check_play, legal_plays
from rules.order import order_for
from schemas import present
from schemas.plays import LegalPlaysAnswerSchema, LegalPlaysSchema, ValidatePlaySchema, VerdictSchema

from .. import engine
from ..extensions import Blueprint

blp = Blueprint("plays", __name__, url_prefix="/v1/plays", description="Play legality (docs/rules.md#leading-and-throws, #following).")

VALIDATE_IN = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D"],
               "play": ["AS", "KS"], "lead": ["QS", "QS"], "seat": 1}
LEGAL_IN = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D"],
            "lead": ["QS", "7S"], "limit": 10}


def throw_answer(order, throw) -> dict | None:
    if throw is None:
        return None
    return {"stands": throw.stands,
            "forced_play": None if throw.forced_play is None else present.cards(order, throw.forced_play),
            "beaten_by": throw.beaten_by, "penalty": throw.penalty,
            "at_risk": [present.cards(order, u.all_cards) for u in throw.at_risk]}


def verdict_answer(data: dict) -> dict:
    rules, trump = data["rules"], data["trump"]
    others = [(o["seat"], present.multiset(o["cards"])) for o in data["others"]] if data["others"] else None
    verdict = engine.run("plays/validate", check_play, rules, trump,
                         hand=present.multiset(data["hand"]), play=present.multiset(data["play"]),
                         lead=present.multiset(data["lead"]), seat=data["seat"],
                         others=others, unseen=present.multiset(data["unseen"]))
    order = order_for(rules, trump)
    body = {"legal": verdict.legal, "reasons": present.reasons(verdict.violations),
            "format": present.fmt(order, verdict.format)}
    if verdict.throw is not None:
        body["throw"] = throw_answer(order, verdict.throw)
    return body


def legal_answer(data: dict) -> dict:
    rules, trump = data["rules"], data["trump"]
    order = order_for(rules, trump)
    answer = engine.run("plays/legal", legal_plays, rules, trump, hand=present.multiset(data["hand"]),
                        lead=present.multiset(data["lead"]), limit=data["limit"])
    if data["lead"]:
        return {"count": answer.count, "count_exact": answer.count_exact,
                "plays": [present.cards(order, p) for p in answer.plays], "truncated": answer.truncated}
    return {"units": [{"suit": s.suit, "units": [present.unit(order, u) for u in s.units]} for s in answer.suits],
            "throws_allowed": answer.throws_allowed}


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


@blp.post_json("/legal", LegalPlaysSchema, LegalPlaysAnswerSchema, example_in=LEGAL_IN,
               example_out=legal_answer(LegalPlaysSchema().load(LEGAL_IN)), cached="plays/legal")
def list_legal_plays(data: dict):
    """Which plays are legal?

    Following (with `lead`): every distinct legal play once, as a multiset, up to `limit`, with
    their `count` (`count_exact: false` when the count is a lower bound). Leading (no `lead`): the
    units the hand can lead, by effective suit, and whether throws are allowed.
    """
    return legal_answer(data)
