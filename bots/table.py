"""What a seat knows when it plays a card, and the actions a bot answers with (rules section 15.5).

:class:`Table` is the part of a seat's view (section 15) the play policy reads: its own hand, the
trick in progress, who it knows to be its partners, and how many copies of each card it has not
seen (not in its hand, not played, not in a kitty it buried).  It is made from a
:class:`rules.views.View` for a hint, and kept up to date card by card in a playout, where every
seat plays from a table of its own.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import CARD_KINDS, POINT_VALUES, Card
from rules.decks import copies_in_play
from rules.friends import FriendCall
from rules.order import TRUMP, Order, Trump, order_for
from rules.ruleset import Partnership, Ruleset
from rules.views import View


@dataclass(frozen=True)
class Action:
    """One action in the record's own shape: ``kind`` is ``play``, ``declare``, ``pass``, ``discard``,
    ``friends`` or ``steal``."""

    kind: str
    cards: tuple[Card, ...] = ()
    calls: tuple[FriendCall, ...] = ()
    attempted: tuple[Card, ...] | None = None     # a lead that is a failed throw: the whole throw


@dataclass
class Table:
    """A seat about to play (see the module docstring); ``unseen[c]``: copies of card ``c`` the seat
    has not seen."""

    rules: Ruleset
    trump: Trump
    order: Order
    seat: int
    hand: tuple[Card, ...]
    trick: list[tuple[int, tuple[Card, ...]]]
    partners: frozenset[int]
    unseen: list[int]
    dealer_side: bool

    @property
    def last(self) -> bool:
        """Whether this seat plays last to the trick."""
        return len(self.trick) == self.rules.players - 1

    def boss(self, c: int, width: int = 1) -> bool:
        """Whether no unseen group of ``width`` copies of a card of ``c``'s effective suit is stronger."""
        strength, unseen = self.order.strength, self.unseen
        mine = strength[c]
        need = min(width, 2)
        for d in high_first(self.order)[self.order.eff[c]]:
            if strength[d] <= mine:
                return True
            if unseen[d] >= need:
                return False
        return True


_HIGH_FIRST: dict[int, tuple[Order, tuple[tuple[int, ...], ...]]] = {}


def high_first(order: Order) -> tuple[tuple[int, ...], ...]:
    """Per effective suit (0-3, then trumps), its cards from the strongest down (remembered per order)."""
    found = _HIGH_FIRST.get(id(order))
    if found is not None and found[0] is order:
        return found[1]
    suits: list[list[int]] = [[] for _ in range(TRUMP + 1)]
    for c in sorted(range(CARD_KINDS), key=lambda d: -order.seq[d]):
        suits[order.eff[c]].append(c)
    out = tuple(tuple(s) for s in suits)
    _HIGH_FIRST[id(order)] = (order, out)
    return out


def unseen_counts(rules: Ruleset, *seen: Sequence[int], copies: Sequence[int] | None = None) -> list[int]:
    """Copies of each card not among ``seen`` (``copies``: of each card in play; default the decks')."""
    left = list(copies) if copies is not None else [rules.decks] * CARD_KINDS
    for cards in seen:
        for c in cards:
            left[c] -= 1
    return [max(0, x) for x in left]


def known_partners(rules: Ruleset, view: View, seat: int) -> frozenset[int]:
    """The seats ``seat`` knows to be on its side (a find-friends attacker knows its side only once
    every call is settled in its view)."""
    teams = view.teams
    if seat in teams.dealer_team:
        return frozenset(teams.dealer_team) - {seat}
    if rules.partnership is Partnership.FIXED or teams.complete:
        return frozenset(teams.attackers) - {seat}
    return frozenset()


def table_of(rules: Ruleset, view: View, levels: Sequence[int] = ()) -> Table:
    """The play table of the seat whose ``view`` this is (in the playing phase); ``levels``: the record's."""
    seat = view.viewer
    hand = view.hands[seat]
    assert hand is not None and view.trump is not None
    played: list[int] = [c for t in view.tricks for p in t.plays for c in p.cards]
    trick: list[tuple[int, tuple[Card, ...]]] = []
    if view.current_trick is not None:
        trick = [(p.seat, tuple(p.cards)) for p in view.current_trick.plays]
        played += [c for _, cards in trick for c in cards]
    buried = view.kitty_discard or () if view.phase != "over" else ()
    return Table(rules, view.trump, order_for(rules, view.trump), seat, tuple(hand), trick,
                 known_partners(rules, view, seat),
                 unseen_counts(rules, hand, played, buried, copies=copies_in_play(rules, view.level, levels)),
                 seat in view.teams.dealer_team)


def points(cards: Sequence[int]) -> int:
    total = 0
    for c in cards:
        total += POINT_VALUES[c]
    return total


def is_trump(order: Order, c: int) -> bool:
    return order.eff[c] == TRUMP
