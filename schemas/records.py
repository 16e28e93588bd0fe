"""A hand record's one JSON reading: the loaded ``hands/adjudicate`` body as the engine's
:class:`rules.adjudicate.HandRecord`, and the record back in the API's form.

The endpoints (``hands/adjudicate``, ``hands/state``, ``hands/worlds``) read a record through
:func:`hand_record` after their schema has loaded it; tests, benchmarks and scripts read a JSON
record through :func:`load_record`, which is the same schema and the same reading.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.adjudicate import Exchange, HandRecord, Play
from rules.cards import CARDS, format_cards, rank_name
from rules.friends import FriendCall

from . import present
from .hands import AdjudicateSchema


def hand_record(data: Mapping[str, Any]) -> HandRecord:
    """A record as a :class:`RecordSchema` loaded it (cards as integers, ranks as values, the
    ruleset resolved): hands and plays as sorted multisets, the kitty in dealt order."""
    return HandRecord(
        rules=data["rules"], dealer=data["dealer"], levels=tuple(data["levels"]),
        hands=tuple(present.multiset(h) for h in data["deal"]["hands"]), kitty=tuple(data["deal"]["kitty"]),
        declarations=tuple((d["seat"], present.multiset(d["cards"])) for d in data["declarations"]),
        kitty_discard=present.multiset(data["kitty_discard"]),
        friends=tuple(FriendCall(f["card"], f["ordinal"]) for f in data["friends"]),
        tricks=tuple(tuple(Play(p["seat"], present.multiset(p["cards"]), present.multiset(p["attempted"]))
                           for p in trick) for trick in data["tricks"]),
        first_hand=data["first_hand"],
        exchanges=tuple(Exchange(x["seat"], present.multiset(x["declaration"]), present.multiset(x["discard"]))
                        for x in data["exchanges"]),
        games_won=tuple(data["games_won"] or ()))


def load_record(body: Mapping[str, Any]) -> HandRecord:
    """A JSON record (``hands/adjudicate``'s body) through the endpoint's schema: a malformed one
    raises marshmallow's ``ValidationError``, as the endpoint answers it 422."""
    return hand_record(AdjudicateSchema().load(dict(body)))


def record_body(record: HandRecord) -> dict[str, Any]:
    """The record in the API's form (the ruleset as every parameter, a preset's name kept)."""
    rules = record.rules
    out: dict[str, Any] = {
        "rules": {"preset": rules.name, **rules.to_dict()} if rules.name != "custom" else rules.to_dict(),
        "dealer": record.dealer,
        "levels": [rank_name(x) for x in record.levels],
        "deal": {"hands": [format_cards(h) for h in record.hands], "kitty": format_cards(record.kitty)},
        "declarations": [{"seat": s, "cards": format_cards(c)} for s, c in record.declarations],
        "kitty_discard": format_cards(record.kitty_discard),
        "friends": [{"card": str(CARDS[f.card]), "ordinal": f.ordinal} for f in record.friends],
        "tricks": [[{"seat": p.seat, "cards": format_cards(p.cards),
                     **({"attempted": format_cards(p.attempted)} if p.attempted is not None else {})}
                    for p in trick] for trick in record.tricks],
    }
    if record.first_hand:
        out["first_hand"] = True
    if record.games_won:
        out["games_won"] = list(record.games_won)
    if record.exchanges:
        out["exchanges"] = [{"seat": x.seat, "declaration": format_cards(x.declaration),
                             "discard": format_cards(x.discard)} for x in record.exchanges]
    return out
