"""Deals: shuffle and deal, reproducibly from a seed."""
from __future__ import annotations

from rules.deal import deal
from schemas import present
from schemas.deals import DealRequestSchema, DealSchema

from .. import engine
from ..extensions import Blueprint

blp = Blueprint("deals", __name__, url_prefix="/v1/deals", description="Deals (docs/rules.md#cards-and-notation).")

DEAL_IN = {"rules": "pagat", "seed": "table-7/hand-12"}


def deal_answer(data: dict) -> dict:
    result = engine.run("deals", deal, data["rules"], data["seed"])
    return {"seed": result.seed, "hands": [present.natural(h) for h in result.hands],
            "kitty": [str(c) for c in result.kitty]}


@blp.post_json("", DealRequestSchema, DealSchema, example_in=DEAL_IN,
               example_out=deal_answer(DealRequestSchema().load(DEAL_IN)))
def make_deal(data: dict):
    """Shuffle and deal: `hands` by seat and the `kitty`.

    The same seed always gives the same deal, on every machine; without a seed a fresh one is
    drawn and returned, so the deal can be reproduced.
    """
    return deal_answer(data)
