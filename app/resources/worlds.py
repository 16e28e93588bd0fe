"""The deals a seat cannot tell apart: ``POST /v1/hands/worlds``."""
from __future__ import annotations

from rules.state import hand_state
from rules.worlds import draw_worlds
from schemas import present
from schemas.records import hand_record
from schemas.worlds import WorldsRequestSchema, WorldsSchema

from .. import engine
from ..extensions import Blueprint
from .hands import STATE_IN
from .seats import viewer_of

blp = Blueprint("worlds", __name__, url_prefix="/v1/hands", description="Each seat's table (docs/views.md).")


def worlds_answer(data: dict) -> dict:
    record = hand_record(data)
    state = engine.run("hands/worlds", hand_state, record, declarations_closed=data["declarations_closed"])
    found = engine.run("hands/worlds", draw_worlds, record, viewer_of(data["seat"]), data["count"], data["seed"],
                       declarations_closed=data["declarations_closed"], state=state)
    return {
        "worlds": [{"deal": {"hands": [present.natural(h) for h in w.deal], "kitty": [str(c) for c in w.kitty]},
                    "kitty_discard": present.natural(w.kitty_discard),
                    "hands": [present.natural(h) for h in w.hands], "kitty": present.natural(w.held_kitty),
                    "declarations": [{"seat": s, "cards": present.natural(c)} for s, c in w.declarations],
                    "exchanges": [{"seat": x.seat, "declaration": present.natural(x.declaration),
                                   "discard": present.natural(d)} for x, d in zip(record.exchanges, w.discards, strict=True)]}
                   for w in found.worlds],
        "count_worlds": None if found.count is None else str(found.count),
        "count_exact": found.count is not None,
        "complete": found.complete,
    }


WORLDS_IN = {**{k: v for k, v in STATE_IN.items() if k not in ("sample", "seed")}, "seat": 1, "count": 2,
             "seed": "example"}


@blp.post_json("/worlds", WorldsRequestSchema, WorldsSchema, example_in=WORLDS_IN,
               example_out=worlds_answer(WorldsRequestSchema().load(WORLDS_IN)))
def hand_worlds(data: dict):
    """Deals of the cards a seat has not seen, consistent with what it has seen (docs/views.md).

    Each world is a whole deal (and, where the seat did not see them, the dealer's burial and each
    steal's) under which the record is legal and shows the seat exactly what it saw: the same view. Worlds are drawn
    uniformly, as a fair shuffle would give them (two copies of a card are two cards), independently
    and deterministically by `seed`. `count_worlds` is the exact number of distinct worlds where the
    position is small enough to count them all. The work is bounded: `complete` is false when the
    bound stopped the draw first. A record with an illegal step is 422, and so is one where another
    seat took two burials the seat saw, or another seat stole twice after one was taken (`exchanges`),
    while the cards those burials' histories turn on can lie in more than 4,000 ways (early in the
    hand), or whose hidden dark declarations allow more than 200 choices of cards.
    """
    return worlds_answer(data)
