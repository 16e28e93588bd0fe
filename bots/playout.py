"""Playing a hand out to its end with ``basic`` at every seat, in one world (rules section 15.4).

A playout knows every hand (the world's), but each seat still plays from a :class:`Table` of its own:
its hand, the trick, the cards played so far and the partners the start of the playout showed it.
Legality is the engine's (:func:`rules.legal_plays` inside the policy), and so is the end: the tricks
played out are settled from the walk of the record before them (:func:`rules.adjudicate.settle_played`,
what :func:`rules.adjudicate` answers for the whole record, without walking it again).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules import trick_winner
from rules.adjudicate import STATE, HandRecord, Play, TrickSummary, Walk, settle_played, walk
from rules.cards import Card
from rules.order import Order, Trump
from rules.scoring import Settlement

from . import basic
from .table import Table


@dataclass(frozen=True)
class Start:
    """Where playouts start: a record the acting seat cannot tell from the real one (a world), the
    hands now, the trick in progress, and each seat's partners as the seats know them."""

    record: HandRecord
    trump: Trump
    order: Order
    hands: tuple[tuple[Card, ...], ...]
    done: tuple[tuple[Play, ...], ...]
    current: tuple[Play, ...]
    leader: int
    partners: tuple[frozenset[int], ...]
    dealer_team: frozenset[int]
    copies: tuple[int, ...]             # copies of each card in play (rules.decks.copies_in_play)
    position: Walk                      # the walk of ``record`` (:func:`before`)


def before(record: HandRecord) -> Walk:
    """The walk of ``record`` as it stands (a trick may be in progress): where its playouts settle from."""
    return walk(record, reading=STATE, declarations_closed=True)


def playout(start: Start, first: Sequence[Card] | None = None) -> Settlement:
    """Play ``start`` to the end: the seat to act plays ``first`` (None: its ``basic`` play), then
    ``basic`` everywhere.  The settlement of the whole record."""
    return played_out(start, first)[1]


def played_out(start: Start, first: Sequence[Card] | None = None) -> tuple[tuple[tuple[Play, ...], ...], Settlement]:
    """:func:`playout`, with the tricks the playout added."""
    record = start.record
    rules = record.rules
    n = rules.players
    hands = [list(h) for h in start.hands]
    remaining = list(start.copies)          # copies of each card not yet played
    for t in (*start.done, start.current):
        for p in t:
            for c in p.cards:
                remaining[c] -= 1
    added: list[tuple[Play, ...]] = []
    summaries: list[TrickSummary] = []
    current = list(start.current)
    leader = start.leader
    first_index = len(start.done)
    while any(hands):
        seat = (leader + len(current)) % n
        if first is not None:
            cards = tuple(first)
            first = None
        else:
            cards = _choose(start, seat, hands[seat], current, remaining)
        for c in cards:
            hands[seat].remove(c)
            remaining[c] -= 1
        current.append(Play(seat, tuple(sorted(cards))))
        if len(current) == n:
            won = trick_winner(rules, start.trump, [(p.seat, p.cards) for p in current])
            trick = tuple(current)
            summaries.append(TrickSummary(first_index + len(added), leader, won.winner, won.points, won.point_cards,
                                          won.format, trick))
            added.append(trick)
            leader = won.winner
            current = []
    return tuple(added), settle_played(record, start.position, summaries)


def _choose(start: Start, seat: int, hand: list[Card], current: list[Play], remaining: list[int]) -> tuple[Card, ...]:
    rules = start.record.rules
    unseen = remaining.copy()
    for c in hand:
        unseen[c] -= 1
    table = Table(rules, start.trump, start.order, seat, tuple(hand), [(p.seat, p.cards) for p in current],
                  start.partners[seat], unseen, seat in start.dealer_team)
    return basic.choose(table)
