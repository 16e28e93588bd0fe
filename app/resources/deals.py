"""Deals: shuffle and deal, reproducibly from a seed."""
from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import current_app

from rules.deal import deal, seed_bytes
from schemas import present
from schemas.deals import DealRequestSchema, DealSchema

from .. import engine
from ..extensions import Blueprint

blp = Blueprint("deals", __name__, url_prefix="/v1/deals", description="Deals (docs/rules.md#cards-and-notation).")

DEAL_IN = {"rules": {"preset": "qq", "decks": 1}, "seed": "table-7/hand-12", "first_seat": 2}


def keyed_seed(seed: str | int, secret: str) -> str:
    """The seed the shuffle is drawn from on a deployment with ``DEAL_SECRET``: HMAC-SHA256 of the
    client's seed under the secret (hex), so the same seed deals alike on that deployment only."""
    return hmac.new(secret.encode(), b"tractor-rules/deal-seed\x00" + seed_bytes(seed), hashlib.sha256).hexdigest()


def deal_answer(data: dict, secret: str | None = None) -> dict:
    """The deal for ``data``; with ``secret`` (``DEAL_SECRET``) the shuffle is keyed by it too, and the
    answer still names the client's seed."""
    seed = data["seed"] if data["seed"] is not None else secrets.token_hex(16)
    shuffle_seed = keyed_seed(seed, secret) if secret else seed
    result = engine.run("deals", deal, data["rules"], shuffle_seed, data.get("first_seat", 0), data.get("level"),
                        data.get("levels"))
    return {"seed": seed_bytes(seed).decode(), "hands": [present.natural(h) for h in result.hands],
            "kitty": [str(c) for c in result.kitty],
            "order": [{"seat": s, "card": str(c)} for s, c in zip(result.seats, result.order, strict=True)]}


@blp.post_json("", DealRequestSchema, DealSchema, example_in=DEAL_IN,
               example_out=deal_answer(DealRequestSchema().load(DEAL_IN)))
def make_deal(data: dict):
    """Shuffle and deal: `hands` by seat, the `kitty`, and the `order` the cards are dealt in.

    The same seed always gives the same deal, on every machine; without a seed a fresh one is
    drawn and returned, so the deal can be reproduced. A seed is a secret: whoever knows it sees
    every hand, so draw it at random (16 random bytes in hex, or leave it out) rather than name it
    after the table. A deployment with `DEAL_SECRET` set keys every deal by its secret too: the same
    seed gives the same deal there, and a different one anywhere else. Cards are dealt one at a time round the
    table from `first_seat` (default 0), the kitty last: `order` lists them so that declaring during
    the deal can be refereed card by card.
    """
    return deal_answer(data, current_app.config["DEAL_SECRET"])
