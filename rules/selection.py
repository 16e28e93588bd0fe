"""Every legal play of one seat at once: what it must and may play, a uniform sample, selection help
(rules sections 6 and 7).

The legal plays of a seat are written as a few disjoint *boxes*: a box gives each card a range of
copies (``low..high``) and the play a range of sizes, and holds every multiset inside both ranges.
Questions about all legal plays then become small sums over boxes, never a listing:

- leading (section 6), where throws are allowed: one box per suit, every card of the suit ``0..held``
  and any size from 1 (every non-empty set of one suit is a legal lead, a failed throw included);
  without throws: one box per card for its n-kinds (``1..held`` copies of that card alone) and one
  per tractor the hand holds, exactly that tractor; with ``rainbow_min`` (section 14.2), a box per
  printed rank the hand can lead a rainbow of (its four cards ``1..held``, at least ``rainbow_min``
  cards), and where throws are also allowed the rainbow leads are a choice of any non-empty set of
  those ranks, a play of each one's box (:class:`RainbowLeads`, counted as a product);
- following a lead of ``n`` cards (section 7) with at most ``n`` cards of the led suit: one box, the
  suit cards all played and the rest ``0..held``; with more: the suit cards only.  When something is
  owed, the boxes come from the same search that counts the follow in :mod:`rules.listing`: a play
  realizes the owed shape exactly when the cards it holds two or more copies of do, and that only
  grows with them; the search fixes those cards card by card and, as soon as the fixed cards realize
  the owed shape, keeps the whole branch as one box (the cards already passed ``0..1``, the fixed
  ones exactly, the rest ``0..held``).  Each play lies in exactly one box.  Where every owed unit
  has length 1 and one reservation tag (pairs, triples, n-kinds: the width programme of
  :mod:`rules.widths`), :class:`WidthSet` answers the same questions from that programme's states
  instead, which stays small where the box search would branch widely.

Readings (where the text is silent):

- ``must`` is the multiset intersection of all legal plays, ``may`` their multiset union (each card
  as many times as the play using the most copies of it); with no legal play both are empty;
- ``selectable`` lists, once each, the cards of the hand of which one more copy can be added to
  ``selected`` with a legal play still containing it; ``completable`` says some legal play contains
  ``selected`` (the empty selection is completable when there is a legal play at all), ``complete``
  that ``selected`` is itself a legal play;
- a sample draws ``n`` distinct plays uniformly from all legal plays (every play the same chance),
  in the order drawn, all of them when there are at most ``n``; the random numbers come from
  SHA-256 in counter mode over the seed (a string, or an int as its decimal digits), as for deals,
  under the domain ``tractor-rules/sample/v1``, so the same seed gives the same sample everywhere.

Every question runs under bounds (:class:`~rules.budget.Budget`): ``SELECTION_WORK`` steps for the
search that builds a follow's boxes (and the realizations it tries), ``QUERY_WORK`` for reading the
boxes (a step per card of a box read, per unit listed, per card of a sample), ``WIDTH_WORK`` for the
programme of :class:`WidthSet` (a step per state and copy count); past a bound the question raises
:class:`~rules.violations.InputError` instead of answering.
"""
from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

from .bombs import MIN_BOMB, bombs_apply
from .budget import Budget, WorkExceeded
from .cards import Card, tally, times_range
from .follow import parse_lead
from .formats import Format
from .listing import LegalPlays, RangeBox, extra_bombs, owed_boxes, submultisets, with_bombs_listed
from .obligation import FOLLOW_WORK, Obligation
from .order import Order, Trump, order_for
from .rainbows import RAINBOW, follow_splits, held_groups
from .ruleset import Ruleset
from .runs import available_units
from .violations import InputError
from .widths import DP_STATES, WidthStates, WidthWalk, completions, count_digit, owed_widths, spread, width_states

SELECTION_WORK: Final = 2500
WIDTH_WORK: Final = 400000
QUERY_WORK: Final = 1000000
MAX_SAMPLE: Final = 1000
RAINBOW_LISTED: Final = 1000
SAMPLE_DOMAIN: Final = b"tractor-rules/sample/v1\x00"


@dataclass(frozen=True)
class Box:
    """The plays holding ``low[i]..high[i]`` copies of ``cards[i]`` (no other card) and between
    ``smallest`` and ``largest`` cards in all."""

    cards: tuple[int, ...]
    low: tuple[int, ...]
    high: tuple[int, ...]
    smallest: int
    largest: int


@dataclass(frozen=True)
class PlaySummary:
    """What every legal play holds (``must``), what some legal play holds (``may``), how many
    distinct legal plays there are (``count``, always exact: ``count_exact``)."""

    must: tuple[Card, ...]
    may: tuple[Card, ...]
    count: int
    count_exact: bool


@dataclass(frozen=True)
class SelectionHelp:
    """Selection help for the cards picked so far (see the module docstring)."""

    selectable: tuple[Card, ...]
    complete: bool
    completable: bool


class LegalSet:
    """All legal plays of one seat (see :func:`legal_set`): ``summary``, ``help``, ``sample``."""

    order: Order
    hand: dict[int, int]
    budget: Budget

    def spend(self, steps: int) -> None:
        try:
            self.budget.spend(steps)
        except WorkExceeded:
            raise _too_large() from None

    def count(self) -> int:
        raise NotImplementedError

    def summary(self) -> PlaySummary:
        raise NotImplementedError

    def help(self, selected: Sequence[int]) -> SelectionHelp:
        raise NotImplementedError

    def sample(self, n: int, seed: str | int) -> tuple[tuple[Card, ...], ...]:
        """``n`` distinct legal plays drawn uniformly, in the order drawn (all when fewer)."""
        return self.plays_at(_ranks(self.count(), n, seed))

    def plays_at(self, ranks: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
        """The plays of the given indices (each below :meth:`count`) in this set's own order."""
        raise NotImplementedError

    def listing(self, limit: int) -> LegalPlays | None:
        """A follow's first ``limit`` legal plays with their count, exactly as
        :func:`~rules.listing.legal_plays` lists them (None where this set does not list)."""
        return None

    def _picked(self, selected: Sequence[int]) -> dict[int, int]:
        picked = tally(selected)
        hand = self.hand
        if any(k > hand.get(c, 0) for c, k in picked.items()):
            raise InputError("selected holds cards the hand does not hold", "selected")
        return picked


def _offsets(counts: Sequence[int]) -> list[int]:
    """Where each box's plays start in the numbering of all plays (the counts' prefix sums)."""
    out = []
    acc = 0
    for k in counts:
        out.append(acc)
        acc += k
    return out


def _ranks(total: int, n: int, seed: str | int) -> list[int]:
    """``min(n, total)`` distinct uniform ranks below ``total``, in the order drawn."""
    if isinstance(seed, bool) or not isinstance(seed, (str, int)):
        raise InputError("a seed is a string or an integer", "seed")
    n = max(0, min(int(n), MAX_SAMPLE))
    draws = _Draws(seed)
    if total <= 2 * n:
        ranks = list(range(total))
        for i in range(min(n, total)):
            j = i + draws.below(total - i)
            ranks[i], ranks[j] = ranks[j], ranks[i]
        return ranks[:n]
    seen: set[int] = set()
    out: list[int] = []
    while len(out) < n:
        r = draws.below(total)
        if r not in seen:
            seen.add(r)
            out.append(r)
    return out


class BoxSet(LegalSet):
    """The legal plays as disjoint boxes, in the card order of ``order``."""

    def __init__(self, order: Order, hand: dict[int, int], boxes: Sequence[Box], budget: Budget):
        self.order = order
        self.hand = hand
        self.boxes = tuple(boxes)
        self.budget = budget
        self._counts: list[int] | None = None

    def counts(self) -> list[int]:
        """The number of plays in each box (computed once)."""
        if self._counts is None:
            memo: dict[tuple[int, ...], list[int]] = {}
            out = []
            for box in self.boxes:
                self.spend(len(box.cards))
                out.append(_box_count(box, memo))
            self._counts = out
        return self._counts

    def count(self) -> int:
        return sum(self.counts())

    def summary(self) -> PlaySummary:
        """``must``, ``may`` and the exact count (section 7; the readings in the module docstring)."""
        least: dict[int, int] | None = None
        most: dict[int, int] = {}
        for box in self.boxes:
            self.spend(len(box.cards))
            low_sum, high_sum = sum(box.low), sum(box.high)
            here: dict[int, int] = {}
            for c, lo, hi in zip(box.cards, box.low, box.high, strict=True):
                fewest = max(lo, box.smallest - (high_sum - hi))
                if fewest:
                    here[c] = fewest
                most[c] = max(most.get(c, 0), min(hi, box.largest - (low_sum - lo)))
            least = here if least is None else {c: min(k, here[c]) for c, k in least.items() if c in here}
        order = self.order
        must = order.sorted_cards(c for c, k in (least or {}).items() for _ in range(k))
        may = order.sorted_cards(c for c, k in most.items() for _ in range(k))
        return PlaySummary(tuple(must), tuple(may), self.count(), True)

    def help(self, selected: Sequence[int]) -> SelectionHelp:
        """``selectable``, ``complete`` and ``completable`` for ``selected`` (a sub-multiset of the hand)."""
        picked = self._picked(selected)
        size = sum(picked.values())
        addable: set[int] = set()
        complete = completable = False
        for box in self.boxes:
            self.spend(len(box.cards))
            if sum(k for c, k in picked.items() if c in box.cards) != size:
                continue
            raised = [max(lo, picked.get(c, 0)) for c, lo in zip(box.cards, box.low, strict=True)]
            if any(r > hi for r, hi in zip(raised, box.high, strict=True)):
                continue
            need, high_sum = sum(raised), sum(box.high)
            if need > box.largest or high_sum < box.smallest:
                continue
            completable = True
            if (box.smallest <= size <= box.largest
                    and all(picked.get(c, 0) >= lo for c, lo in zip(box.cards, box.low, strict=True))):
                complete = True
            for c, lo, hi, r in zip(box.cards, box.low, box.high, raised, strict=True):
                k = picked.get(c, 0)
                if k < hi and need - r + max(lo, k + 1) <= box.largest:
                    addable.add(c)
        return SelectionHelp(tuple(self.order.sorted_cards(addable)), complete, completable)

    def plays_at(self, ranks: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
        starts = _offsets(self.counts())
        tails: dict[int, list[list[int]]] = {}
        return tuple(tuple(self.order.sorted_cards(self.play_at(starts, tails, r))) for r in ranks)

    def play_at(self, starts: list[int], tails: dict[int, list[list[int]]], rank: int) -> list[int]:
        """The play of index ``rank`` over all boxes (``starts``: each box's first index; ``tails``:
        the boxes' completion counts, filled as boxes are read)."""
        i = _box_of(starts, rank)
        box = self.boxes[i]
        if i not in tails:
            self.spend(len(box.cards) * (box.largest + 1))
            tails[i] = _tails(box)
        self.spend(len(box.cards) * 2)
        return _unrank(box, tails[i], rank - starts[i])


class FollowBoxes(BoxSet):
    """A follow's legal plays as boxes, in the order of the listing's search (section 7): each box's
    fixed copies and each way to fill the rest, as :func:`~rules.listing.legal_plays` lists them."""

    def listing(self, limit: int) -> LegalPlays | None:
        order = self.order
        plays: list[tuple[Card, ...]] = []
        for box in self.boxes:
            if len(plays) >= limit:
                break
            self.spend(len(box.cards))
            base = [c for c, lo in zip(box.cards, box.low, strict=True) for _ in range(lo)]
            free = {c: hi - lo for c, lo, hi in zip(box.cards, box.low, box.high, strict=True) if hi > lo}
            for extra in submultisets(free, box.smallest - len(base), order):
                if len(plays) >= limit:
                    break
                self.spend(box.smallest)
                plays.append(tuple(order.sorted_cards(base + list(extra))))
        if not plays:
            return None
        count = self.count()
        return LegalPlays(tuple(plays), count, True, count > len(plays))


class WithBombs(LegalSet):
    """Section 7's legal follows (``base``) and the bombs section 14.1 adds (``bombs``, each a play of
    ``n`` copies of one card that section 7 does not allow, so no play is in both)."""

    def __init__(self, base: LegalSet, bombs: Sequence[tuple[Card, ...]]):
        self.order = base.order
        self.hand = base.hand
        self.budget = base.budget
        self.base = base
        self.bombs = tuple(bombs)

    def count(self) -> int:
        return self.base.count() + len(self.bombs)

    def summary(self) -> PlaySummary:
        inner = self.base.summary()
        least = tally(inner.must) if self.base.count() else None
        most = tally(inner.may)
        for bomb in self.bombs:
            here = tally(bomb)
            least = here if least is None else {c: min(k, here[c]) for c, k in least.items() if c in here}
            for c, k in here.items():
                most[c] = max(most.get(c, 0), k)
        order = self.order
        return PlaySummary(tuple(order.sorted_cards(c for c, k in (least or {}).items() for _ in range(k))),
                           tuple(order.sorted_cards(c for c, k in most.items() for _ in range(k))),
                           self.count(), True)

    def help(self, selected: Sequence[int]) -> SelectionHelp:
        picked = self._picked(selected)
        inner = self.base.help(selected)
        addable = set(inner.selectable)
        complete, completable = inner.complete, inner.completable
        for bomb in self.bombs:
            c, n = bomb[0], len(bomb)
            if all(d == c for d in picked) and picked.get(c, 0) <= n:
                completable = True
                complete = complete or picked.get(c, 0) == n
                if picked.get(c, 0) < n:
                    addable.add(c)
        return SelectionHelp(tuple(self.order.sorted_cards(addable)), complete, completable)

    def plays_at(self, ranks: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
        below = self.base.count()
        inner = iter(self.base.plays_at([r for r in ranks if r < below]))
        return tuple(next(inner) if r < below else self.bombs[r - below] for r in ranks)

    def listing(self, limit: int) -> LegalPlays | None:
        found = self.base.listing(limit)
        return None if found is None else with_bombs_listed(found, self.bombs, limit)


# -- building the boxes ------------------------------------------------------------------------
def legal_set(ruleset: Ruleset, trump: Trump, hand: Sequence[int], lead: Sequence[int] | None = None,
              budget: Budget | None = None, *, width_programme: bool = True) -> LegalSet:
    """Every legal play of ``hand`` (leading when ``lead`` is None) as disjoint boxes (module docstring;
    ``width_programme`` false answers owed units of length 1 by boxes too, which tests compare).

    Raises :class:`InputError` for a hand shorter than the lead, an invalid lead, or past the budget."""
    order = order_for(ruleset, trump)
    hand_c = tally(hand)
    try:
        if lead is None:
            budget = budget if budget is not None else Budget(QUERY_WORK)
            leads = BoxSet(order, hand_c, _lead_boxes(ruleset, order, hand_c, budget), budget)
            groups = _rainbow_boxes(order, hand_c)
            if not groups:
                return leads
            if not ruleset.throws:
                return BoxSet(order, hand_c, list(leads.boxes) + groups, budget)
            return RainbowLeads(leads, groups)
        return _follow_set(ruleset, order, hand_c, lead, budget, width_programme)
    except WorkExceeded:
        raise _too_large() from None


def play_summary(ruleset: Ruleset, trump: Trump, hand: Sequence[int],
                 lead: Sequence[int] | None = None) -> PlaySummary:
    """``must``, ``may``, ``count`` of every legal play (leads included; section 6 and 7)."""
    return legal_set(ruleset, trump, hand, lead).summary()


def sample_plays(ruleset: Ruleset, trump: Trump, hand: Sequence[int], lead: Sequence[int] | None,
                 n: int, seed: str | int) -> tuple[tuple[Card, ...], ...]:
    """``n`` distinct legal plays drawn uniformly from all of them, the same for the same seed."""
    return legal_set(ruleset, trump, hand, lead).sample(n, seed)


def selection_help(ruleset: Ruleset, trump: Trump, hand: Sequence[int], lead: Sequence[int] | None,
                   selected: Sequence[int]) -> SelectionHelp:
    """``selectable``, ``complete``, ``completable`` for the cards ``selected`` so far."""
    return legal_set(ruleset, trump, hand, lead).help(selected)


def _too_large() -> InputError:
    return InputError("answering this needs more search steps than the service's work bound; "
                      "it does not answer positions this large", "hand")


def _lead_boxes(ruleset: Ruleset, order: Order, hand: dict[int, int], budget: Budget) -> list[Box]:
    by_suit: dict[int, dict[int, int]] = {}
    for c, k in hand.items():
        by_suit.setdefault(order.eff[c], {})[c] = k
    boxes = []
    for suit in sorted(by_suit):
        held = by_suit[suit]
        cards = tuple(sorted(held, key=order.display.__getitem__))
        if ruleset.throws:
            boxes.append(Box(cards, (0,) * len(cards), tuple(held[c] for c in cards), 1, sum(held.values())))
            continue
        for c in cards:
            boxes.append(Box((c,), (1,), (held[c],), 1, held[c]))
        seen = set()
        for unit in available_units(held, order):
            budget.spend(unit.length)
            run = tuple(int(c) for c in unit.cards)
            if unit.length == 1 or (unit.width, run) in seen:
                continue
            seen.add((unit.width, run))
            width = (unit.width,) * len(run)
            boxes.append(Box(run, width, width, unit.size, unit.size))
    return boxes


def _rainbow_boxes(order: Order, hand: dict[int, int]) -> list[Box]:
    """A box per printed rank the hand can lead a rainbow of (section 14.2): each of its four
    cards at least once, at least ``rainbow_min`` cards (:func:`rules.rainbows.held_groups`)."""
    boxes = []
    for cards in held_groups(order, hand):
        ints = tuple(sorted((int(c) for c in cards), key=order.display.__getitem__))
        high = tuple(hand[c] for c in ints)
        boxes.append(Box(ints, (1,) * len(ints), high, order.rainbow_min, sum(high)))
    return boxes


class RainbowLeads(LegalSet):
    """The legal leads where throws and rainbows are allowed (sections 6 and 14.2): the leads of one
    effective suit (``suits``, boxes as without rainbows) and the rainbow leads, a choice per rank
    of ``groups`` (one box each): no group of it, or one play of its box, not all ranks empty.

    The two kinds are disjoint (one suit, four suits), and so are distinct choices.  A rainbow lead
    of index ``i`` is read from ``i + 1`` in mixed radix, a digit per rank (0: no group; ``d``: the
    play of index ``d - 1`` of its box)."""

    def __init__(self, suits: BoxSet, groups: Sequence[Box]):
        self.order = suits.order
        self.hand = suits.hand
        self.budget = suits.budget
        self.suits = suits
        self.groups = [BoxSet(suits.order, suits.hand, [box], suits.budget) for box in groups]
        self._sizes: list[int] | None = None

    def sizes(self) -> list[int]:
        """The number of plays of each rank's box (computed once)."""
        if self._sizes is None:
            self._sizes = [g.count() for g in self.groups]
        return self._sizes

    def rainbows(self) -> int:
        total = 1
        for k in self.sizes():
            total *= k + 1
        return total - 1

    def count(self) -> int:
        return self.suits.count() + self.rainbows()

    def summary(self) -> PlaySummary:
        """``must``: the intersection of the suit leads' and, with one rank only, that rank's
        (two ranks have rainbow leads without a common card); ``may``: the union of all."""
        base = self.suits.summary()
        must = tally(base.must)
        if len(self.groups) > 1:
            must = {}
        else:
            own = tally(self.groups[0].summary().must)
            must = {c: min(k, own[c]) for c, k in must.items() if c in own}
        may = tally(base.may)
        for g in self.groups:
            for c, k in tally(g.summary().may).items():
                may[c] = max(may.get(c, 0), k)
        order = self.order
        return PlaySummary(tuple(order.sorted_cards(c for c, k in must.items() for _ in range(k))),
                           tuple(order.sorted_cards(c for c, k in may.items() for _ in range(k))),
                           self.count(), True)

    def help(self, selected: Sequence[int]) -> SelectionHelp:
        """The suit leads' help, or'ed with the rainbow leads': those are completable when each rank
        ``selected`` touches is completable within its box (the others may give no group), complete
        when each touched rank's part is a group, and a card is selectable when its rank's part with
        it is completable."""
        base = self.suits.help(selected)
        picked = self._picked(selected)
        touched: dict[int, list[int]] = {}
        parts: list[list[int]] = [[] for _ in self.groups]
        for c, k in picked.items():
            i = next((i for i, g in enumerate(self.groups) if c in g.boxes[0].cards), -1)
            if i < 0:
                return base
            parts[i] += [c] * k
            touched[i] = parts[i]
        helps = [g.help(parts[i]) for i, g in enumerate(self.groups)]
        if not all(helps[i].completable for i in touched):
            return base
        complete = bool(touched) and all(helps[i].complete for i in touched)
        addable = set(base.selectable)
        for h in helps:
            addable.update(h.selectable)
        return SelectionHelp(tuple(self.order.sorted_cards(addable)), base.complete or complete, True)

    def sample(self, n: int, seed: str | int) -> tuple[tuple[Card, ...], ...]:
        """``n`` distinct legal leads drawn uniformly over both kinds, in the order drawn."""
        suit_counts = self.suits.counts()
        singles = sum(suit_counts)
        sizes = self.sizes()
        starts = _offsets(suit_counts)
        tails: dict[int, list[list[int]]] = {}
        boxes = [g.boxes[0] for g in self.groups]
        lookups: list[_GroupPlays | None] = [None] * len(boxes)
        out = []
        for r in _ranks(singles + self.rainbows(), n, seed):
            if r < singles:
                play = self.suits.play_at(starts, tails, r)
            else:
                index = r - singles + 1
                play = []
                for i in range(len(sizes)):
                    k = sizes[i]
                    digit = index % (k + 1)
                    index //= k + 1
                    if not digit:
                        continue
                    lookup = lookups[i]
                    if lookup is None:
                        lookup = lookups[i] = _GroupPlays(boxes[i], k, self.spend)
                    self.spend(len(boxes[i].cards))
                    play += lookup.play(digit - 1)
            out.append(tuple(self.order.sorted_cards(play)))
        return tuple(out)


class _GroupPlays:
    """The plays of a rainbow group's box by index: a box bounded only by its ``smallest`` size
    (``largest`` is every copy), read as mixed-radix numbers of the copies above ``low`` (card 0 the
    lowest digit) from which the ones under ``smallest`` are left out.  Whichever is fewer, the
    numbers left out or the numbers kept, are listed once (sorted; a step each); the play of index
    ``v`` is then the ``v``-th kept number, found by bisection among those left out."""

    def __init__(self, box: Box, count: int, spend: Callable[[int], None]):
        self.box = box
        self.radix = radix = [hi - lo + 1 for lo, hi in zip(box.low, box.high, strict=True)]
        need = box.smallest - sum(box.low)
        total = 1
        for r in radix:
            total *= r
        self.kept = kept = count <= total - count
        room = [0] * (len(radix) + 1)              # the most copies cards i.. can add
        for i in range(len(radix) - 1, -1, -1):
            room[i] = room[i + 1] + radix[i] - 1
        found: list[int] = []

        def rec(i: int, size: int, index: int, weight: int) -> None:
            spend(1)
            if i == len(radix):
                found.append(index)
                return
            for d in range(radix[i]):
                if kept and size + d + room[i + 1] < need:
                    continue
                if not kept and size + d >= need:
                    break
                rec(i + 1, size + d, index + d * weight, weight * radix[i])

        rec(0, 0, 0, 1)
        found.sort()
        self.numbers = found
        self.shifted = [s - i for i, s in enumerate(found)]

    def play(self, v: int) -> list[int]:
        number = self.numbers[v] if self.kept else v + bisect_right(self.shifted, v)
        out: list[int] = []
        box = self.box
        cards = box.cards
        low = box.low
        radix = self.radix
        for i in range(len(radix)):
            r = radix[i]
            k = low[i] + number % r
            number //= r
            c = cards[i]
            for _ in range(k):
                out.append(c)
        return out


def _follow_set(ruleset: Ruleset, order: Order, hand: dict[int, int], lead: Sequence[int],
                given: Budget | None, width_programme: bool) -> LegalSet:
    """The legal follows: section 7's, a rainbow's splits (section 14.2), and the bombs section 14.1 adds."""
    lead_format = parse_lead(order, lead)
    n = lead_format.size
    if sum(hand.values()) < n:
        raise InputError(f"the hand holds fewer cards than the lead's {n}", "hand")
    budget = given if given is not None else Budget(QUERY_WORK)
    if n >= MIN_BOMB and lead_format.suit == RAINBOW:
        return _rainbow_set(order, hand, lead_format, n, budget)
    found = _section7_set(ruleset, order, hand, lead_format, given, width_programme)
    if n >= MIN_BOMB and bombs_apply(ruleset, n):
        suit = order.eff[lead_format.units[0].cards[0]]
        cards = [c for c, k in hand.items() for _ in range(k)]
        bombs = extra_bombs(ruleset, order, cards, hand, lead_format, n, suit)
        if bombs:
            return WithBombs(found, bombs)
    return found


def _rainbow_set(order: Order, hand: dict[int, int], lead_format: Format, n: int, budget: Budget) -> LegalSet:
    """Following a rainbow (section 14.2): the hand's splits into its groups, one box each (past
    ``RAINBOW_LISTED`` splits the question is refused), else any ``n`` cards."""
    key = order.display.__getitem__
    found = follow_splits(order, hand, lead_format, RAINBOW_LISTED)
    if found is None:
        cards = tuple(sorted(hand, key=key))
        return FollowBoxes(order, hand, [Box(cards, (0,) * len(cards), tuple(hand[c] for c in cards), n, n)], budget)
    count, listed = found
    if count > len(listed):
        raise _too_large()
    boxes = []
    for play in listed:
        copies = tally(play)
        cards = tuple(sorted(copies, key=key))
        exact = tuple(copies[c] for c in cards)
        boxes.append(Box(cards, exact, exact, n, n))
    return FollowBoxes(order, hand, boxes, budget)


def _section7_set(ruleset: Ruleset, order: Order, hand: dict[int, int], lead_format: Format,
                  given: Budget | None, width_programme: bool) -> LegalSet:
    """The plays section 7 allows (module docstring)."""
    n = lead_format.size
    suit = order.eff[lead_format.units[0].cards[0]]
    held = {c: k for c, k in hand.items() if order.eff[c] == suit}
    held_n = sum(held.values())
    key = order.display.__getitem__
    budget = given if given is not None else Budget(QUERY_WORK)
    if held_n <= n:
        suit_cards = sorted(held, key=key)
        rest = sorted((c for c in hand if c not in held), key=key)
        cards = tuple(suit_cards + rest)
        low = tuple(held[c] for c in suit_cards) + (0,) * len(rest)
        return FollowBoxes(order, hand, [Box(cards, low, tuple(hand[c] for c in cards), n, n)], budget)
    obligation = Obligation(ruleset, order, lead_format, held, Budget(FOLLOW_WORK))
    owed = obligation.strongest()
    cards = tuple(sorted(held, key=key))
    if not owed:
        return FollowBoxes(order, hand, [Box(cards, (0,) * len(cards), tuple(held[c] for c in cards), n, n)], budget)
    tag = obligation.uniform_tag
    if width_programme and tag is not None and all(l == 1 for _, l in owed):
        widths = [w for w, _ in owed]
        dp = WidthSet.build(order, hand, held, n, widths,
                            lambda c, kinds: obligation.card_widths(c, kinds, tag),
                            given if given is not None else Budget(WIDTH_WORK))
        if dp is not None:
            return dp
    search = given if given is not None else Budget(min(SELECTION_WORK, max(0, obligation.budget.left)))
    found: list[RangeBox] = []
    owed_boxes(obligation, order, held, n, owed, search, found)
    boxes = []
    for box_cards, low, high in found:
        at = sorted(range(len(box_cards)), key=lambda j: key(box_cards[j]))
        boxes.append(Box(tuple(box_cards[j] for j in at), tuple(low[j] for j in at), tuple(high[j] for j in at), n, n))
    return FollowBoxes(order, hand, boxes, budget)


# -- the owed units all of length 1: a dynamic programme over the cards -------------------------------
class WidthSet(LegalSet):
    """The legal follows when every owed unit has length 1 (pairs, triples, n-kinds; section 7).

    As in the width programme (:mod:`rules.widths`): adjacency does not matter, a play realizes the owed
    widths exactly when its copy counts can host them, and a programme over the suit cards tracks
    the set of owed widths that may still be missing (a state).  Each play is one path through the
    states, so the paths that end with nothing missing at ``n`` cards are the legal plays, once each.
    ``layers[i]`` maps the states reachable before card ``i`` to the sizes they are reached at
    (a bit per size); questions with bounds on the copies of each card rerun the two boolean passes
    under those bounds, and samples are unranked with counts of completions by size."""

    def __init__(self, order: Order, hand: dict[int, int], budget: Budget, cards: list[int],
                 held: dict[int, int], n: int, states: WidthStates, masks: dict[int, int], done: int):
        self.order = order
        self.hand = hand
        self.budget = budget
        self.cards = cards
        self.held = held
        self.n = n
        self.states = states
        self.consume = states.consume
        self.masks = masks
        self.done = done
        self._counts: list[dict[int, int]] | None = None
        self._digit = 0
        self._full: list[dict[int, int]] | None = None

    @classmethod
    def build(cls, order: Order, hand: dict[int, int], held: dict[int, int], n: int, widths: list[int],
              hosts: Callable[[int, list[int]], list[int]], budget: Budget) -> WidthSet | None:
        """The programme, or None past ``DP_STATES`` states (the caller then builds boxes)."""
        cards = order.by_seq(held, True)
        kinds, start = owed_widths(widths)
        masks = {c: sum(1 << i for i, w in enumerate(kinds) if w in hosts(c, kinds)) for c in cards}
        states = width_states(tuple(kinds), start)

        dp = cls(order, hand, budget, cards, held, n, states, masks, -1)
        dp._full = dp._forward(dp._ranges({}), DP_STATES)
        if dp._full is None:
            return None
        dp.done = states.done
        return dp

    def _ranges(self, picked: dict[int, int]) -> list[tuple[int, int]]:
        return [(picked.get(c, 0), self.held[c]) for c in self.cards]

    def _forward(self, ranges: list[tuple[int, int]], cap: int | None = None) -> list[dict[int, int]] | None:
        """The states reachable before each card, with the sizes (bits) they are reached at."""
        n, moves, masks = self.n, self.states.moves, self.masks
        keep = (1 << (n + 1)) - 1
        first = next((i for i, (lo, _) in enumerate(ranges) if lo), len(ranges))
        full = self._full
        # before the first card with a lower bound the layers are those of the unbounded programme
        layers: list[dict[int, int]] = [{0: 1}] if full is None else full[:first + 1]
        states = 0
        for c, (lo, hi) in zip(self.cards[len(layers) - 1:], ranges[len(layers) - 1:], strict=True):
            nxt: dict[int, int] = {}
            mask = masks[c]
            top = min(hi, n)
            for sid, bits in layers[-1].items():
                self.spend(hi - lo + 1)
                for ns, a, b in moves(sid, top, mask):
                    if a < lo:
                        a = lo
                    if a <= b:
                        nxt[ns] = nxt.get(ns, 0) | (spread(bits, b - a + 1) << a)
            nxt = {ns: b & keep for ns, b in nxt.items() if b & keep}
            states += len(nxt)
            if cap is not None and states > cap:
                return None
            layers.append(nxt)
        return layers

    def _feasible(self, ranges: list[tuple[int, int]]) -> list[list[int]]:
        """For each card, the copy counts within its range that some legal play holds."""
        full = all(lo == 0 for lo, _ in ranges)
        forward = self._full if full else self._forward(ranges)
        assert forward is not None
        n, moves, masks = self.n, self.states.moves, self.masks
        after: dict[int, int] = {self.done: 1 << n} if (forward[-1].get(self.done, 0) >> n) & 1 else {}
        out: list[list[int]] = [[] for _ in self.cards]
        for i in range(len(self.cards) - 1, -1, -1):
            c = self.cards[i]
            lo, hi = ranges[i]
            mask = masks[c]
            top = min(hi, n)
            here: dict[int, int] = {}
            seen: set[int] = set()
            for sid, bits in forward[i].items():
                self.spend(hi - lo + 1)
                back = 0
                for ns, a, b in moves(sid, top, mask):
                    a = max(a, lo)
                    later = after.get(ns, 0)
                    if later and a <= b:
                        back |= spread(later, b - a + 1) >> b
                        for m in range(a, b + 1):
                            if m not in seen and (bits << m) & later:
                                seen.add(m)
                if back:
                    here[sid] = back
            out[i] = sorted(seen)
            after = here
        return out

    def count(self) -> int:
        counts = self._completions()
        return (counts[0].get(0, 0) >> (self._digit * self.n)) & ((1 << self._digit) - 1)

    def _completions(self) -> list[dict[int, int]]:
        """``[i][state]``: the ways to complete from card ``i`` on, by cards still to add (packed;
        :func:`~rules.widths.completions` from no cards on)."""
        if self._counts is None:
            forward = self._full
            assert forward is not None
            steps = 0
            for i in range(len(self.cards)):
                steps += len(forward[i]) * (self.held[self.cards[i]] + 1)
            self.spend(steps)
            self._digit = count_digit(self.held, self.cards)
            self._counts = completions(self.states, forward, self._tops(), self._mask_list(), self.n,
                                       self._digit, [0] * (len(self.cards) + 1))
        return self._counts

    def _tops(self) -> list[int]:
        return [min(self.held[c], self.n) for c in self.cards]

    def _mask_list(self) -> list[int]:
        return [self.masks[c] for c in self.cards]

    def summary(self) -> PlaySummary:
        feasible = self._feasible(self._ranges({}))
        must = [c for c, ms in zip(self.cards, feasible, strict=True) if ms for _ in range(ms[0])]
        may = [c for c, ms in zip(self.cards, feasible, strict=True) if ms for _ in range(ms[-1])]
        return PlaySummary(tuple(self.order.sorted_cards(must)), tuple(self.order.sorted_cards(may)),
                           self.count(), True)

    def help(self, selected: Sequence[int]) -> SelectionHelp:
        picked = self._picked(selected)
        if any(c not in self.held for c in picked):
            return SelectionHelp((), False, False)
        feasible = self._feasible(self._ranges(picked))
        completable = all(feasible)
        selectable = [c for c, ms in zip(self.cards, feasible, strict=True)
                      if completable and ms[-1] > picked.get(c, 0)]
        complete = False
        if completable and sum(picked.values()) == self.n:
            sid = 0
            for c in self.cards:
                sid = self.consume(sid, picked.get(c, 0), self.masks[c])
            complete = sid == self.done
        return SelectionHelp(tuple(self.order.sorted_cards(selectable)), complete, completable)

    def plays_at(self, ranks: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
        counts = self._completions()
        digit = self._digit
        field = (1 << digit) - 1
        out = []
        for rank in ranks:
            self.spend(len(self.cards))
            sid, left, play = 0, self.n, []
            for i, c in enumerate(self.cards):
                later = counts[i + 1]
                for m in range(min(self.held[c], left), -1, -1):
                    ns = self.consume(sid, m, self.masks[c])
                    ways = (later.get(ns, 0) >> (digit * (left - m))) & field
                    if rank < ways:
                        play += [c] * m
                        sid, left = ns, left - m
                        break
                    rank -= ways
            out.append(tuple(self.order.sorted_cards(play)))
        return tuple(out)

    def listing(self, limit: int) -> LegalPlays | None:
        """The plays in the order of the width programme's listing (:class:`~rules.widths.WidthWalk`): cards
        strongest first, most copies first, along paths that still end in a legal play."""
        counts = self._completions()
        count = self.count()
        plays: list[tuple[Card, ...]] = []
        if count:
            walk = WidthWalk(self.order, self.cards, self._tops(), self.n, self._mask_list(), counts,
                             [0] * (len(self.cards) + 1), self._digit, self.states, limit, plays, self.budget)
            try:
                walk.walk(0, 0, 0, [])
            except WorkExceeded:
                raise _too_large() from None
        return LegalPlays(tuple(plays), count, True, count > len(plays))


# -- counting and unranking inside a box ----------------------------------------------------------
def _spans_poly(spans: tuple[int, ...], top: int) -> list[int]:
    """The coefficients (degrees ``0..top``) of the product of ``1 + x + … + x^s`` over ``spans``."""
    poly = [1] + [0] * top
    ones = 0
    for s in spans:
        if s == 1:
            ones += 1
            continue
        new = [0] * (top + 1)
        running = 0
        for d in range(top + 1):
            running += poly[d]
            if d - s - 1 >= 0:
                running -= poly[d - s - 1]
            new[d] = running
        poly = new
    if ones:
        binom = [comb(ones, j) for j in range(min(ones, top) + 1)]
        poly = [sum(binom[j] * poly[d - j] for j in range(min(d, len(binom) - 1) + 1)) for d in range(top + 1)]
    return poly


def _box_count(box: Box, memo: dict[tuple[int, ...], list[int]]) -> int:
    if box.low == box.high:
        return 1
    base = sum(box.low)
    top = box.largest - base
    if top < 0:
        return 0
    spans = tuple(sorted(hi - lo for lo, hi in zip(box.low, box.high, strict=True) if hi > lo))
    top = min(top, sum(spans))
    k = spans + (-1, top)
    poly = memo.get(k)
    if poly is None:
        poly = memo[k] = _spans_poly(spans, top)
    return sum(poly[max(0, box.smallest - base):top + 1])


def _tails(box: Box) -> list[list[int]]:
    """``tails[i][t]``: the ways cards ``i..`` of the box add ``t`` copies above their ``low``."""
    top = max(0, box.largest - sum(box.low))
    out = [[1] + [0] * top]
    for lo, hi in zip(reversed(box.low), reversed(box.high), strict=True):
        out.append(times_range(out[-1], hi - lo, top))
    out.reverse()
    return out


def _unrank(box: Box, tails: list[list[int]], rank: int) -> list[int]:
    """The play of index ``rank`` in the box (by size, then copies of each card, fewest first)."""
    base = sum(box.low)
    first = tails[0]
    extra = 0
    for t in range(max(0, box.smallest - base), len(first)):
        if rank < first[t]:
            extra = t
            break
        rank -= first[t]
    out: list[int] = []
    cards, low, high = box.cards, box.low, box.high
    for i in range(len(cards)):
        lo = low[i]
        later = tails[i + 1]
        for x in range(min(high[i] - lo, extra) + 1):
            ways = later[extra - x]
            if rank < ways:
                c = cards[i]
                for _ in range(lo + x):
                    out.append(c)
                extra -= x
                break
            rank -= ways
    return out


def _box_of(starts: list[int], rank: int) -> int:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= rank:
            lo = mid
        else:
            hi = mid - 1
    return lo


class _Draws:
    """Uniform integers from the SHA-256 counter-mode stream of a seed (module docstring)."""

    def __init__(self, seed: str | int):
        self.key = SAMPLE_DOMAIN + str(seed).encode("utf-8") + b"\x00"
        self.counter = 0
        self.pool = b""

    def _bytes(self, k: int) -> bytes:
        while len(self.pool) < k:
            self.pool += hashlib.sha256(self.key + self.counter.to_bytes(8, "big")).digest()
            self.counter += 1
        out, self.pool = self.pool[:k], self.pool[k:]
        return out

    def below(self, m: int) -> int:
        """A uniform integer in ``0..m-1``: ``8·⌈bits(m)/64⌉``-byte big-endian words, rejected
        while at or above the largest multiple of ``m`` they can hold."""
        size = 8 * max(1, -(-m.bit_length() // 64))
        space = 1 << (8 * size)
        limit = space - space % m
        while True:
            x = int.from_bytes(self._bytes(size), "big")
            if x < limit:
                return x % m
