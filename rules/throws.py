"""Throws: whether a multi-unit lead stands, and what a failed one is reduced to (rules section 6).

A unit of the throw is beaten when another hand's cards of the same effective suit hold a unit of
the same width and length whose top card ranks strictly higher (section 4 order); a unit's top
card is the high end of its run in the run's own adjacency order (section 8).  A failed
throw is reduced to its lowest beatable unit: the lowest top card, then fewer cards, then the
narrower.

A rainbow throw (section 14.2) is read the same way with its own test (:mod:`rules.rainbows`): a
group is beaten by as many cards of one higher printed rank, and fails to the lowest such group.

Decision: given only ``unseen`` cards (not who holds them), a throw that those cards cannot beat
stands; one they could beat is reported as unverified (``stands: None``) with the units at risk,
because the cards may be split between players.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .formats import Format, Unit
from .order import Order, Trump, order_for
from .rainbows import beats_group, is_rainbow, lead_format, lowest_group
from .ruleset import Ruleset
from .runs import runs


@dataclass(frozen=True)
class ThrowResult:
    stands: bool | None
    forced_play: tuple[Card, ...] | None = None
    forced_unit: Unit | None = None
    beaten_by: int | None = None
    penalty: int = 0
    at_risk: tuple[Unit, ...] = ()


def top_power(order: Order, unit: Unit) -> int:
    """The strength of the unit's top card: the high end of its run (section 8)."""
    return order.power[unit.cards[-1]]


def beats_unit(order: Order, unit: Unit, cards: Sequence[int]) -> bool:
    """Whether ``cards`` hold a unit of ``unit``'s width and length, same suit, higher top card
    (a rainbow group: as many cards of one higher printed rank, section 14.2)."""
    if unit.kind == "rainbow":
        return beats_group(unit, cards)
    suit = order.eff[unit.cards[0]]
    counts: dict[int, int] = {}
    for c in cards:
        if order.eff[c] == suit:
            counts[c] = counts.get(c, 0) + 1
    top = top_power(order, unit)
    return any(order.power[run[-1]] > top for run in runs(counts, order, unit.width, unit.length))


def _lowest(order: Order, units: Sequence[Unit]) -> Unit:
    if units[0].kind == "rainbow":
        return lowest_group(units)
    return min(units, key=lambda u: (top_power(order, u), u.size, u.width))


def adjudicate_throw(ruleset: Ruleset, trump: Trump, lead_seat: int | None, lead: Sequence[int],
                     others: Sequence[tuple[int, Sequence[int]]] | None = None,
                     unseen: Sequence[int] | None = None) -> ThrowResult:
    order = order_for(ruleset, trump)
    return adjudicate_throw_with(ruleset, order, lead_seat, lead_format(order, lead), others, unseen)


def adjudicate_throw_with(ruleset: Ruleset, order: Order, lead_seat: int | None, fmt: Format,
                          others: Sequence[tuple[int, Sequence[int]]] | None = None,
                          unseen: Sequence[int] | None = None) -> ThrowResult:
    if others is not None:
        players = ruleset.players
        start = lead_seat if lead_seat is not None else -1

        def distance(seat: int) -> int:
            return (seat - start) % players if start >= 0 else seat

        ordered = sorted(others, key=lambda sc: distance(sc[0]))
        beaten = [u for u in fmt.units if any(beats_unit(order, u, cards) for _, cards in ordered)]
        if not beaten:
            return ThrowResult(True)
        forced = _lowest(order, beaten)
        by = next(seat for seat, cards in ordered if beats_unit(order, forced, cards))
        return ThrowResult(False, forced.all_cards, forced, by, ruleset.throw_penalty)
    if unseen is not None:
        risky = [u for u in fmt.units if beats_unit(order, u, unseen)]
        at_risk = tuple(sorted(risky, key=lambda u: u.cards[0].rank)) if is_rainbow(fmt) else \
            tuple(sorted(risky, key=lambda u: (top_power(order, u), u.size, u.width)))
        if not at_risk:
            return ThrowResult(True)
        return ThrowResult(None, at_risk=at_risk)
    return ThrowResult(None)
