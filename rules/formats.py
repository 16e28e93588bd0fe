"""What a play looks like: units and formats, the values the decomposition gives (rules sections 5 and 6).

A unit is ``width`` identical cards at each of ``length`` adjacent cards of one effective suit: a
single, pair, triple, n-kind (length 1) or a tractor (a run, length ≥ 2).  A :class:`Format` is a
play's canonical decomposition into units (:func:`rules.units.decompose_with`).  This module knows
no card order: :mod:`rules.order` builds on it (every order keeps the formats of its singles and
pairs), and :mod:`rules.units` finds the units of a play.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import PRETTY_NAMES, Card

KIND_NAMES: Final = {1: "single", 2: "pair", 3: "triple", 4: "quad"}

Shape = tuple[int, int]                          # (width, length)
Run = tuple[int, ...]                            # the distinct cards of a unit, low to high
Placement = tuple[Shape, Run]                    # a unit of a shape on a run
Realization = list[Placement]
UnitKey = tuple[int, int, int]


@dataclass(init=False, unsafe_hash=True)
class Unit:
    """``width`` copies of each card in ``cards`` (a run, low to high in chain order; a hot value:
    docs/engine.md, "Speed notes")."""

    width: Final[int]
    length: Final[int]
    cards: Final[tuple[Card, ...]]

    def __init__(self, width: int, length: int, cards: tuple[Card, ...]) -> None:
        self.width = width
        self.length = length
        self.cards = cards

    @property
    def size(self) -> int:
        return self.width * self.length

    @property
    def kind(self) -> str:
        return unit_kind(self.width, self.length)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.width, self.length)

    @property
    def all_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards for _ in range(self.width))

    def describe(self) -> str:
        """``the tractor 7♠7♠8♠8♠``, ``the pair 9♥9♥``."""
        return describe_unit(self.width, self.length, self.cards)


@dataclass(init=False, unsafe_hash=True)
class Format:
    """The canonical decomposition of a play (section 6): units by (cards, width, length) descending
    (a hot value: docs/engine.md, "Speed notes")."""

    suit: Final[str]
    units: Final[tuple[Unit, ...]]
    is_throw: Final[bool]

    def __init__(self, suit: str, units: tuple[Unit, ...], is_throw: bool) -> None:
        self.suit = suit
        self.units = units
        self.is_throw = is_throw

    @property
    def size(self) -> int:
        return sum(u.size for u in self.units)

    @property
    def largest_unit(self) -> Unit:
        return self.units[0]


def unit_key(shape: tuple[int, int]) -> tuple[int, int, int]:
    """Section 6 order of units: card count, then width, then length."""
    w, l = shape
    return (w * l, w, l)


def unit_kind(width: int, length: int) -> str:
    """``tractor``, ``single``, ``pair``, ``triple``, ``quad`` or ``n-kind``."""
    return "tractor" if length > 1 else KIND_NAMES.get(width, "n-kind")


def describe_unit(width: int, length: int, run: tuple[int, ...]) -> str:
    """``the tractor 7♠7♠8♠8♠``: ``width`` copies of each card of ``run``."""
    names: list[str] = []
    for c in run:
        name = PRETTY_NAMES[c]
        for _ in range(width):
            names.append(name)
    return f"the {unit_kind(width, length)} {''.join(names)}"


def describe_realization(realization: Realization) -> str:
    """``the pair 9♥9♥ and the single 7♥``: each placement as :meth:`Unit.describe` gives it."""
    parts: list[str] = []
    for placement in realization:
        shape, run = placement
        parts.append(describe_unit(shape[0], shape[1], run))
    return " and ".join(parts)

