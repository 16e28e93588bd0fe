"""Deals: shuffle and deal, reproducibly from a seed."""
from __future__ import annotations

from rules.deal import deal
from schemas import present
from schemas.deals import DealRequestSchema, DealSchema

from .. import engine
from ..extensions import Blueprint

blp = Blueprint("deals", __name__, url_prefix="/v1/deals", description="Deals (docs/rules.md#cards-and-notation).")

DEAL_IN = {"rules": {"preset": "qq", "decks": 1}, "seed": "table-7/hand-12", "first_seat": 2}


def deal_answer(data: dict) -> dict:
    result = engine.run("deals", deal, data["rules"], data["seed"], data.get("first_seat", 0), data.get("level"))
    return {"seed": result.seed, "hands": [present.natural(h) for h in result.hands],
            "kitty": [str(c) for c in result.kitty],
            "order": [{"seat": s, "card": str(c)} for s, c in zip(result.seats, result.order, strict=True)]}


@blp.post_json("", DealRequestSchema, DealSchema, example_in=DEAL_IN,
               example_out=deal_answer(DealRequestSchema().load(DEAL_IN)))
def make_deal(data: dict):
    """Shuffle and deal: `hands` by seat, the `kitty`, and the `order` the cards are dealt in.

    The same seed always gives the same deal, on every machine; without a seed a fresh one is
    drawn and returned, so the deal can be reproduced. Cards are dealt one at a time round the
    table from `first_seat` (default 0), the kitty last: `order` lists them so that declaring during
    the deal can be refereed card by card.
    """
    return deal_answer(data)
