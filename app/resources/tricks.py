"""Who wins a trick."""
from __future__ import annotations

from rules import trick_winner
from rules.order import order_for
from schemas import present
from schemas.tricks import TrickAnswerSchema, TrickSchema

from .. import engine, i18n, pictures
from ..extensions import Blueprint

blp = Blueprint("tricks", __name__, url_prefix="/v1/tricks", description="Trick winners (docs/rules.md#who-wins-a-trick).")

WINNER_IN = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "plays": [
    {"seat": 0, "cards": ["5S", "5S"]}, {"seat": 1, "cards": ["KS", "KS"]},
    {"seat": 2, "cards": ["3H", "3H"]}, {"seat": 3, "cards": ["AS", "2S"]}]}


def trick_answer(data: dict) -> dict:
    rules, trump = data["rules"], data["trump"]
    order = order_for(rules, trump)
    result = engine.run("tricks/winner", trick_winner, rules, trump,
                        plays=[(p["seat"], present.multiset(p["cards"])) for p in data["plays"]])
    return {"winner": result.winner, "winning_index": result.winning_index, "points": result.points,
            "point_cards": present.cards(order, result.point_cards), "format": present.fmt(order, result.format),
            "plays": [{"seat": p.seat, "matches_format": p.matches_format, "trump": p.trump,
                       "beats_previous_best": p.beats_previous_best, "bomb": p.bomb} for p in result.plays],
            "largest_unit": present.unit(order, result.largest_unit)}


def trick_picture(data: dict) -> str:
    return pictures.trick_svg(data, trick_answer(data), i18n.current())


@blp.post_json("/winner", TrickSchema, TrickAnswerSchema, example_in=WINNER_IN,
               example_out=trick_answer(TrickSchema().load(WINNER_IN)), cached="tricks/winner",
               pictures={"image/svg+xml": trick_picture})
def winner(data: dict):
    """Who wins this trick, and with how many points?

    `plays` are in play order, the lead first. Each play is checked against the lead's format:
    a play that does not match is a discard; a trump play that matches beats any led-suit play.
    """
    return trick_answer(data)
