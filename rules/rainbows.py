"""Rainbows (rules section 14.2): a lead of one printed rank across four or more effective suits.

Where ``rainbow_min`` is set, a **rainbow group** is cards of one printed rank (no jokers) from at
least 4 different effective suits, at least ``rainbow_min`` of them (trump is one effective suit, so
the level rank never forms one).  A lead of one group is a rainbow; several groups of different ranks
led together are a rainbow throw (only where ``throws``).  Its format has the suit ``rainbow`` and a
unit per group (:class:`RainbowGroup`: ``width`` = the group's cards, ``length`` 1), the largest
first.

- **Following** a rainbow of group sizes ``s1 ≥ s2 ≥ …``: if the hand can be split into groups of
  those sizes, each of one printed rank (any suits, jokers excluded), the play must be such a split;
  otherwise any cards of the right count are legal.  Section 7 does not apply, nor do bombs.
- **Who wins**: each play assigns ranks to the groups greedily, the largest group first, taking the
  highest printed rank (A high, level and trump status ignored) that can still fill it; a play whose
  greedy assignment leaves a group unfilled does not compete.  The assigned ranks, sorted high to
  low, compare lexicographically; a later play wins only when strictly greater.
- **Throws**: a rainbow throw stands unless another hand holds at least a group's count of one
  higher printed rank, in any suits (jokers excluded); it fails to the lowest such group.

Readings where the text is silent: a follower's groups may share a rank (two groups of 7s from
enough copies; the greedy assignment above reads the same way); a rainbow group counts as a unit of
``width`` = its cards and length 1 for the kitty multiplier (section 9); the higher rank that beats a
group in a throw may be any suited cards of that rank, level and trump cards included.

Counting legal follows: a split is fixed by how many cards of each rank it takes, and the plays with
the same counts are the products of each rank's sub-multisets, so the count runs a programme over the
ranks whose state is the set of group multisets that may still be missing (exact, bounded by
``RAINBOW_STATES``).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .cards import BIG_JOKER, SMALL_JOKER, Card, pretty_cards, times_range
from .formats import Format, Unit
from .order import Order, Trump, order_for
from .ruleset import Ruleset
from .units import decompose_with
from .violations import InputError, Violation

RAINBOW: Final = "rainbow"
MIN_SUITS: Final = 4
RAINBOW_STATES: Final = 20000
RANKS: Final = range(14, 1, -1)                 # printed ranks, A high

Sizes = tuple[int, ...]                  # group sizes, large first


@dataclass(init=False, unsafe_hash=True)
class RainbowGroup(Unit):
    """One rainbow group: ``cards`` are its cards (one printed rank, several suits), ``width`` their
    number, ``length`` 1."""

    def __init__(self, cards: tuple[Card, ...]) -> None:
        super().__init__(len(cards), 1, cards)

    @property
    def kind(self) -> str:
        return RAINBOW

    @property
    def all_cards(self) -> tuple[Card, ...]:
        return self.cards

    @property
    def rank(self) -> int:
        return self.cards[0].rank


def is_rainbow(fmt: Format) -> bool:
    return fmt.suit == RAINBOW


def _rank(c: int) -> int:
    return c % 13 + 2


def rank_counts(cards: Sequence[int] | dict[int, int]) -> dict[int, int]:
    """Suited cards per printed rank (jokers left out)."""
    items = cards.items() if isinstance(cards, dict) else ((c, 1) for c in cards)
    out: dict[int, int] = {}
    for c, k in items:
        if c < SMALL_JOKER:
            r = _rank(c)
            out[r] = out.get(r, 0) + k
    return out


def decompose(ruleset: Ruleset, trump: Trump, cards: Iterable[int]) -> Format:
    """The canonical decomposition of a lead (section 6; a rainbow's, section 14.2)."""
    return lead_format(order_for(ruleset, trump), cards)


def lead_format(order: Order, given: Iterable[int]) -> Format:
    """A lead's format: where its cards are of several effective suits, the rainbow they form
    (:func:`rainbow_format`; none is an :class:`InputError`); else their decomposition
    (:func:`rules.units.decompose_with`)."""
    cards: tuple[int, ...] = tuple(given)
    if order.rainbow_min and len(cards) >= MIN_SUITS:
        eff = order.eff
        first = eff[cards[0]]
        for c in cards:
            if eff[c] != first:
                fmt = rainbow_format(order, cards)
                if fmt is None:
                    raise InputError("the cards are not all of one effective suit")
                return fmt
    return decompose_with(order, cards)


def rainbow_format(order: Order, cards: Sequence[int]) -> Format | None:
    """The rainbow format of a lead (section 14.2), or None when the cards are no rainbow (or
    ``rainbow_min`` is off)."""
    if not order.rainbow_min or any(c in (SMALL_JOKER, BIG_JOKER) for c in cards):
        return None
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        by_rank.setdefault(_rank(c), []).append(c)
    groups = []
    for r, members in by_rank.items():
        if len(members) < order.rainbow_min or len({order.eff[c] for c in members}) < MIN_SUITS:
            return None
        groups.append((len(members), r, RainbowGroup(tuple(order.sorted_cards(members)))))
    groups.sort(key=lambda g: (g[0], g[1]), reverse=True)
    return Format(RAINBOW, tuple(g[2] for g in groups), len(groups) > 1)


def held_groups(order: Order, hand: dict[int, int]) -> list[tuple[Card, ...]]:
    """The printed ranks of which the hand can lead a rainbow (section 14.2), high first: for each,
    the distinct cards of that rank it holds, in card order.

    A rank other than the level is one card per suit, each its own effective suit, so a group
    needs all four of them; the rainbow leads of the rank are then exactly the sub-multisets of the
    hand's copies that hold each of the four at least once and at least ``rainbow_min`` cards."""
    least = order.rainbow_min
    if not least:
        return []
    by_rank: dict[int, list[int]] = {}
    for c in hand:
        if c < SMALL_JOKER:
            by_rank.setdefault(_rank(c), []).append(c)
    out: list[tuple[Card, ...]] = []
    for r in RANKS:
        cards = by_rank.get(r)
        if (cards is not None and len({order.eff[c] for c in cards}) >= MIN_SUITS
                and sum(hand[c] for c in cards) >= least):
            out.append(tuple(order.sorted_cards(cards)))
    return out


def sizes_of(fmt: Format) -> Sizes:
    return tuple(sorted((u.width for u in fmt.units), reverse=True))


# -- splits -------------------------------------------------------------------------------------
def greedy_ranks(sizes: Sizes, counts: dict[int, int]) -> tuple[int, ...] | None:
    """The ranks a play's greedy assignment gives its groups, sorted high to low, or None when it
    leaves a group unfilled (the play does not compete)."""
    left = dict(counts)
    got = []
    for s in sizes:
        for r in RANKS:
            if left.get(r, 0) >= s:
                left[r] = left[r] - s
                got.append(r)
                break
        else:
            return None
    return tuple(sorted(got, reverse=True))


def assignment(sizes: Sizes, counts: dict[int, int], exact: bool) -> list[int] | None:
    """A rank per group (in ``sizes`` order) such that no rank gives more cards than ``counts``
    holds (``exact``: and every card of ``counts`` is used), or None."""
    if exact and sum(counts.values()) != sum(sizes):
        return None
    ranks = sorted((r for r, k in counts.items() if k >= sizes[-1]), reverse=True) if sizes else []
    failed: set[tuple[int, tuple[int, ...]]] = set()
    chosen: list[int] = []

    def place(i: int, left: dict[int, int]) -> bool:
        if i == len(sizes):
            return True
        key = (i, tuple(left[r] for r in ranks))
        if key in failed:
            return False
        s = sizes[i]
        tried: set[int] = set()
        for r in ranks:
            k = left[r]
            if k >= s and k not in tried:          # ranks with as many cards left are alike
                tried.add(k)
                left[r] = k - s
                chosen.append(r)
                if place(i + 1, left):
                    return True
                chosen.pop()
                left[r] = k
        failed.add(key)
        return False

    if not sizes:
        return []
    return chosen if place(0, {r: counts[r] for r in ranks}) else None


def check_follow(order: Order, hand: Sequence[int], play: Sequence[int], fmt: Format) -> tuple[Violation, ...]:
    """The obligation of a rainbow (section 14.2) for a play of the right count from the hand."""
    sizes = sizes_of(fmt)
    held = rank_counts(hand)
    found = assignment(sizes, held, False)
    if found is None or assignment(sizes, rank_counts(play), True) is not None:
        return ()
    return (_violation(order, hand, sizes, found),)


def _violation(order: Order, hand: Sequence[int], sizes: Sizes, ranks: list[int]) -> Violation:
    pool = [c for c in order.sorted_cards(hand) if c < SMALL_JOKER]
    example: list[Card] = []
    for s, r in zip(sizes, ranks, strict=True):
        members = [c for c in pool if _rank(c) == r][:s]
        for c in members:
            pool.remove(c)
        example += members
    what = ", ".join(str(s) for s in sizes)
    return Violation(
        "MUST_PLAY_GROUPS",
        f"you hold groups of one rank of {what} cards for this rainbow and must play such groups, "
        f"such as {pretty_cards(example)}",
        {"sizes": list(sizes), "example": [str(c) for c in example]})


# -- legal follows ------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _takes(rem: Sizes) -> tuple[tuple[int, Sizes], ...]:
    """Every sub-multiset of the groups ``rem`` one rank could fill: (its cards, the groups left)."""
    kinds = sorted(set(rem), reverse=True)
    have = [rem.count(k) for k in kinds]
    out: list[tuple[int, Sizes]] = []

    def rec(i: int, total: int, left: list[int]) -> None:
        if i == len(kinds):
            out.append((total, tuple(sorted(left, reverse=True))))
            return
        for t in range(have[i] + 1):
            rec(i + 1, total + t * kinds[i], left + [kinds[i]] * (have[i] - t))

    rec(0, 0, [])
    return tuple(out)


def _submultiset_counts(counts: Sequence[int], k: int) -> list[int]:
    """How many sub-multisets of each size 0..k the copy counts ``counts`` have."""
    poly = [1] + [0] * k
    for m in counts:
        poly = times_range(poly, m, k)
    return poly


def follow_splits(order: Order, hand: dict[int, int], fmt: Format,
                  limit: int) -> tuple[int, list[list[int]]] | None:
    """How many plays split the hand into the rainbow's groups, and the first ``limit`` of them;
    None when the hand holds no split.

    A programme over the ranks, high to low: its state is the set of group multisets still missing
    after the cards per rank chosen so far (a function of those counts, so distinct paths are
    distinct count vectors); a path is complete when its state holds the empty multiset.  A count
    vector makes the product of each rank's sub-multisets of that size.  Raises
    :class:`InputError` past ``RAINBOW_STATES`` moves."""
    sizes = sizes_of(fmt)
    held = rank_counts(hand)
    if assignment(sizes, held, False) is None:
        return None
    ranks = [r for r in RANKS if held.get(r, 0) >= sizes[-1]]
    ways = {r: _submultiset_counts([k for c, k in hand.items() if c < SMALL_JOKER and _rank(c) == r], held[r])
            for r in ranks}
    start: frozenset[Sizes] = frozenset([sizes])
    layers: list[dict[frozenset[Sizes], list[tuple[int, frozenset[Sizes]]]]] = []
    weights: dict[frozenset[Sizes], int] = {start: 1}
    moves_made = 0
    for r in ranks:
        step: dict[frozenset[Sizes], list[tuple[int, frozenset[Sizes]]]] = {}
        nxt: dict[frozenset[Sizes], int] = {}
        for state, weight in weights.items():
            by_total: dict[int, set[Sizes]] = {}
            for rem in state:
                for total, left in _takes(rem):
                    if total <= held[r]:
                        by_total.setdefault(total, set()).add(left)
            moves = [(total, frozenset(lefts)) for total, lefts in sorted(by_total.items(), reverse=True)]
            step[state] = moves
            for total, m in moves:
                nxt[m] = nxt.get(m, 0) + weight * ways[r][total]
            moves_made += len(moves)
            if moves_made > RAINBOW_STATES:
                raise InputError("following this rainbow needs more search steps than the service's work "
                                 "bound; it does not decide positions this large", "hand")
        layers.append(step)
        weights = nxt
    count = sum(w for s, w in weights.items() if () in s)
    live: list[set[frozenset[Sizes]]] = [set() for _ in range(len(ranks) + 1)]
    live[len(ranks)] = {s for s in weights if () in s}
    for i in range(len(ranks) - 1, -1, -1):
        live[i] = {s for s, moves in layers[i].items() if any(m in live[i + 1] for _, m in moves)}
    plays: list[list[int]] = []
    cards_of = {r: sorted((c for c in hand if c < SMALL_JOKER and _rank(c) == r), key=order.sort_key)
                for r in ranks}

    def walk(i: int, state: frozenset[Sizes], acc: list[tuple[int, int]]) -> None:
        if len(plays) >= limit:
            return
        if i == len(ranks):
            for play in _products(hand, [(cards_of[r], k) for r, k in acc], limit - len(plays)):
                plays.append(play)
            return
        for total, nxt_state in layers[i][state]:
            if nxt_state in live[i + 1]:
                acc.append((ranks[i], total))
                walk(i + 1, nxt_state, acc)
                acc.pop()

    walk(0, start, [])
    return count, plays


def _products(hand: dict[int, int], parts: list[tuple[list[int], int]], limit: int) -> list[list[int]]:
    """Up to ``limit`` plays taking ``k`` cards from each part's cards."""
    out: list[list[int]] = []
    options = [list(_choose(cards, hand, k)) for cards, k in parts]

    def rec(i: int, acc: list[int]) -> None:
        if len(out) >= limit:
            return
        if i == len(options):
            out.append(list(acc))
            return
        for part in options[i]:
            acc.extend(part)
            rec(i + 1, acc)
            del acc[len(acc) - len(part):]

    rec(0, [])
    return out


def _choose(cards: list[int], hand: dict[int, int], k: int) -> Iterator[tuple[int, ...]]:
    def rec(i: int, k: int, acc: list[int]) -> Iterator[tuple[int, ...]]:
        if k == 0:
            yield tuple(acc)
            return
        if i == len(cards):
            return
        c = cards[i]
        for take in range(min(hand[c], k), -1, -1):
            acc.extend([c] * take)
            yield from rec(i + 1, k - take, acc)
            del acc[len(acc) - take:]

    return rec(0, k, [])


# -- throws -------------------------------------------------------------------------------------
def beats_group(group: Unit, cards: Sequence[int]) -> bool:
    """Whether ``cards`` hold at least the group's count of one higher printed rank (any suits)."""
    counts = rank_counts(cards)
    rank = _rank(group.cards[0])
    return any(k >= group.width for r, k in counts.items() if r > rank)


def lowest_group(units: Sequence[Unit]) -> Unit:
    return min(units, key=lambda u: _rank(u.cards[0]))

