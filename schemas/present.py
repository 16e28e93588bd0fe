"""Engine values -> JSON-able answers (cards canonical, high to low where order does not matter)."""
from __future__ import annotations

from collections.abc import Iterable

from rules.cards import CARDS
from rules.order import Order


def cards(order: Order, values: Iterable[int]) -> list[str]:
    return [str(c) for c in order.sorted_cards(values)]


def unit(order: Order, u) -> dict:
    return {"kind": u.kind, "width": u.width, "length": u.length, "cards": cards(order, u.all_cards)}


def fmt(order: Order, f) -> dict | None:
    if f is None:
        return None
    return {"suit": f.suit, "units": [unit(order, u) for u in f.units], "is_throw": f.is_throw}


def reasons(violations) -> list[dict]:
    return [{"code": v.code, "message": v.message} for v in violations]


def multiset(values) -> tuple | None:
    """A loaded card list as the engine takes it: a sorted tuple (None stays None)."""
    return None if values is None else tuple(sorted(values))


def _natural_place(c: int) -> tuple[int, int]:
    return (0, -c) if c >= 52 else (1 + c // 13, -c)


_NATURAL: tuple[int, ...] = tuple(sorted(range(54), key=_natural_place))
NATURAL_PLACE: tuple[int, ...] = tuple(_NATURAL.index(c) for c in range(54))   # each card's place in that order
NAMES: tuple[str, ...] = tuple(str(CARDS[c]) for c in range(54))


def natural(values: Iterable[int]) -> list[str]:
    """Cards high to low before a trump is known: jokers, then S, H, C, D from A down."""
    return [NAMES[c] for c in sorted(map(int, values), key=NATURAL_PLACE.__getitem__)]


def trump(value) -> dict | None:
    return None if value is None else value.to_dict()


def rank(value: int) -> str:
    from rules.cards import rank_name
    return rank_name(value)
