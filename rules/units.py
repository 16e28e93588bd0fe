"""The canonical decomposition of a play of one effective suit into units (rules section 6).

:func:`decompose_with` splits the cards into the units of :mod:`rules.formats` on the runs of
:mod:`rules.runs`: of all the ways to split them, the one whose units, largest first (by cards,
then width, then length), compare highest, ties broken by the higher top cards.  Cards of several
effective suits are no format here: a lead of them is a rainbow or nothing, which the caller
decides (:func:`rules.rainbows.lead_format`).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .budget import Budget, WorkExceeded
from .cards import CARDS, Card, size_and_most
from .formats import Format, Placement, Run, Shape, Unit, UnitKey, unit_key
from .order import SUIT_LABELS, Order
from .runs import longest_runs, runs
from .violations import InputError

SPLIT_WORK: Final = 20000

SplitUnit = tuple[Shape, Run, int]               # a placement and its top card's Order.seq
Split = tuple[tuple[UnitKey, ...], tuple[int, ...], tuple[SplitUnit, ...]]   # keys, tie-break, units


def decompose_with(order: Order, given: Iterable[int]) -> Format:
    """The canonical decomposition of cards of one effective suit (section 6); cards of several
    raise :class:`InputError` (a rainbow lead's format is :func:`rules.rainbows.lead_format`'s)."""
    cards: tuple[int, ...] = tuple(given)
    if not cards:
        raise InputError("a play needs at least one card")
    eff = order.eff
    if len(cards) <= 2 and cards[0] == cards[-1]:        # a single or a pair: the order's table
        return order.kinds[len(cards) - 1][cards[0]]
    first = eff[cards[0]]
    for c in cards:
        if eff[c] != first:
            raise InputError("the cards are not all of one effective suit")
    if _distinct(cards):                                 # distinct cards: singles, high first
        ranked = order.by_seq(cards, True)
        singles = order.kinds[0]
        return Format(SUIT_LABELS[first], tuple([singles[c].units[0] for c in ranked]), len(cards) > 1)
    if len(cards) <= 16 and order.climbs_by_tier(first):
        tractor = tractor_by_tier(order, cards)
        if tractor is not None:
            return Format(SUIT_LABELS[first], (tractor,), False)
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    units = _canonical(counts, order)
    return Format(SUIT_LABELS[first], tuple(units), len(units) > 1)


def tractor_by_tier(order: Order, cards: tuple[int, ...]) -> Unit | None:
    """The one unit of a few cards of a suit whose runs climb by tier (:meth:`Order.climbs_by_tier`),
    when every card is held equally often and they form one run (or are one card): what
    :func:`_whole_tractor` finds, without a count map, a list or a sort.  A run there takes one card
    of each of consecutive strengths, so the cards are one run when their strengths are consecutive
    with one card to a strength; the copies of each strength are counted in four bits of one
    integer (so at most 15 strengths).  None otherwise (and then the split is searched as usual)."""
    strength = order.strength
    n = len(cards)
    seen = 0                                # the distinct cards, as bits
    levels = 0                              # their strengths, as bits
    distinct = 0
    lo = 63
    for c in cards:
        bit = 1 << c
        if not seen & bit:
            seen |= bit
            distinct += 1
        t = strength[c]
        levels |= 1 << t
        if t < lo:
            lo = t
    span = levels >> lo
    length = 0
    while span & 1:
        span >>= 1
        length += 1
    if span or length != distinct or length > 15 or n % length:
        return None
    w = n // length
    copies = 0
    for c in cards:
        copies += 1 << (4 * (strength[c] - lo))
    expected = 0
    for _ in range(length):
        expected = (expected << 4) | w
    if copies != expected:
        return None
    if length > 1 and (w < order.tractor_width or length < order.tractor_length):
        return None
    run: list[Card] = []
    for t in range(lo, lo + length):
        for c in cards:
            if strength[c] == t:
                run.append(CARDS[c])
                break
    return Unit(w, length, tuple(run))


def _distinct(cards: tuple[int, ...]) -> bool:
    """Whether no card is played twice (compared pairwise for a few cards, by a set for more)."""
    n = len(cards)
    if n > 12:
        return len(set(cards)) == n
    for i in range(1, n):
        c = cards[i]
        for j in range(i):
            if cards[j] == c:
                return False
    return True


def _canonical(counts: dict[int, int], order: Order) -> list[Unit]:
    groups = _group_split(counts, order)        # (where it answers, no whole tractor exists)
    if groups is not None:
        return groups
    tractor = _whole_tractor(counts, order)
    if tractor is not None:
        return [tractor]
    try:
        best = _best_split(counts, order, {}, Budget(SPLIT_WORK))
    except WorkExceeded:
        raise InputError("splitting these cards into units needs more search steps than the service's "
                         "work bound; it does not decide plays this large") from None
    return [Unit(w, l, tuple(CARDS[c] for c in run)) for (w, l), run, _ in best[2]]


def _whole_tractor(counts: dict[int, int], order: Order) -> Unit | None:
    """The one unit that uses every card, when the cards are held equally often (twice or more)
    and form exactly one run: no split can start with a larger unit, and it is the only split
    made of that unit, so it is the best split (what :func:`_best_split` finds); else None.

    Under natural adjacency in trumps the runs over every card are searched depth first,
    stopping at the second one found."""
    w = 0
    for k in counts.values():
        if w == 0:
            w = k
        elif k != w:
            return None
    length = len(counts)
    if length == 1:
        return Unit(w, 1, (CARDS[next(iter(counts))],))
    if w < order.tractor_width or length < order.tractor_length:
        return None
    if order.climbs_by_tier(order.eff[next(iter(counts))]):
        # adjacency is the next tier up (section 5): a run climbs one strength per card, so the only
        # run over every card is the cards by strength, when each is adjacent to the one below
        ranked = order.by_seq(counts)
        nxt = order.next_first
        for i in range(1, length):
            if ranked[i] not in nxt[ranked[i - 1]]:
                return None
            nxt = order.next_mid
        return Unit(w, length, tuple([CARDS[c] for c in ranked]))
    found: list[Run] = []
    for c in counts:
        _runs_through((c,), counts, order, length, found)
        if len(found) > 1:
            return None
    if len(found) != 1:
        return None
    return Unit(w, length, tuple([CARDS[c] for c in found[0]]))


def _runs_through(path: Run, counts: dict[int, int], order: Order, length: int, found: list[Run]) -> None:
    """Append to ``found`` the runs that extend ``path`` to ``length`` distinct cards of ``counts``
    (adjacency as :func:`runs` reads it), until two are found."""
    nxt = order.next_first[path[-1]] if len(path) == 1 else order.next_mid[path[-1]]
    for d in nxt:
        if d in counts and d not in path:
            p = path + (d,)
            if len(p) == length:
                found.append(p)
            else:
                _runs_through(p, counts, order, length, found)
            if len(found) > 1:
                return


def _group_split(counts: dict[int, int], order: Order) -> list[Unit] | None:
    """Every card's copies as one unit, when the cards hold no tractor (a single, a pair, a throw
    of singles and pairs or n-kinds); else None.  With the default smallest tractor that is when no
    two cards held twice or more are adjacent; otherwise no run of the smallest tractor's shape.

    Then no run is a unit at any width, so every unit of every split has length 1, and
    the split that keeps each card's copies whole has the largest unit keys (any other split
    replaces some card's unit by narrower ones, lowering its keys at the first difference); it is
    the one split with those keys, sorted by key, then top card, high first: what
    :func:`_best_split` finds."""
    if order.tractor_width != 2 or order.tractor_length != 2:
        if any(True for _ in runs(counts, order, order.tractor_width, order.tractor_length)):
            return None
        return _groups(counts, order)
    nxt = order.next_first
    for c, k in counts.items():
        if k >= 2:
            for d in nxt[c]:
                if counts.get(d, 0) >= 2:
                    return None
    return _groups(counts, order)


def _groups(counts: dict[int, int], order: Order) -> list[Unit]:
    """Each card's copies as one unit: by count, then by ``seq``, high first (one integer key per
    card: the count above ``seq``, whose low six bits are the card)."""
    seq = order.seq
    keys = [(k << 20) | seq[c] for c, k in counts.items()]
    keys.sort()
    keys.reverse()
    kinds = order.kinds
    out: list[Unit] = []
    for key in keys:
        k = key >> 20
        c = key & 63
        out.append(kinds[k - 1][c].units[0] if k <= 2 else Unit(k, 1, (CARDS[c],)))
    return out


def _best_split(counts: dict[int, int], order: Order, memo: dict[tuple[int, ...], Split],
                budget: Budget) -> Split:
    """The best split of ``counts``: ``(unit keys, tie-break, units)``.

    Splits compare by their unit keys (section 6), sorted descending, lexicographically; only
    between splits with equal keys, by the tie-break: the units' top cards (``Order.seq``), sorted
    within each key, lexicographically (decision: higher cards first).  The best split starts with
    a placement of the largest unit that ``counts`` holds (any split can swap its first unit for
    one), so every such placement is tried; the rest is the best split of what is left, which is
    exact because putting the same unit in front of two splits keeps their order under both
    comparisons.  Raises :class:`WorkExceeded` past ``budget``: the answer is exact or none.
    """
    packed: list[int] = []                  # the cards held, as card << 8 | copies, by card
    for c, copies in counts.items():
        if copies:
            packed.append(c << 8 | copies)
    packed.sort()
    key = tuple(packed)
    hit = memo.get(key)
    if hit is not None:
        return hit
    if not key:
        return (), (), ()
    live: dict[int, int] = {}
    for x in packed:
        live[x >> 8] = x & 255
    if len(live) == 1 or max(live.values()) == 1:
        units = _trivial_split(live, order)
        memo[key] = result = (tuple(unit_key(s) for s, _, _ in units), tuple(t for _, _, t in units), units)
        return result
    budget.spend()
    placements = _largest_units(live, order)
    if len(placements) > 1 and _compatible(live, placements):
        return _take_all(live, order, memo, budget, key, placements)
    best: Split | None = None
    for shape, run in placements:
        w = shape[0]
        for c in run:
            live[c] = live[c] - w
        keys, ties, units = _best_split(live, order, memo, budget)
        for c in run:
            live[c] = live[c] + w
        top = order.seq[run[-1]]
        k = unit_key(shape)
        at = 0
        while at < len(units) and (keys[at] > k or (keys[at] == k and ties[at] > top)):
            at += 1
        option = (keys[:at] + (k,) + keys[at:], ties[:at] + (top,) + ties[at:],
                  units[:at] + ((shape, run, top),) + units[at:])
        if best is None or option[:2] > best[:2]:
            best = option
    assert best is not None                   # live holds a unit, so there is a placement
    memo[key] = best
    return best


def _compatible(live: dict[int, int], placements: Sequence[Placement]) -> bool:
    """Whether the cards hold every placement at once."""
    need: dict[int, int] = {}
    for (w, _l), run in placements:
        for c in run:
            need[c] = need.get(c, 0) + w
    return all(live[c] >= k for c, k in need.items())


def _take_all(live: dict[int, int], order: Order, memo: dict[tuple[int, ...], Split],
              budget: Budget, key: tuple[int, ...], placements: Sequence[Placement]) -> Split:
    """Placements of the largest unit that never compete are all in the best split.

    No placement of the largest unit can be taken twice (cards held twice its width would hold a
    wider unit of the same length, a larger key), so a split's largest units are distinct
    placements; one with all of them beats any with fewer at its first smaller key."""
    for (w, _l), run in placements:
        for c in run:
            live[c] = live[c] - w
    keys, ties, units = _best_split(live, order, memo, budget)
    for (w, _l), run in placements:
        for c in run:
            live[c] = live[c] + w
    mine = tuple((shape, run, order.seq[run[-1]]) for shape, run in placements)
    merged = sorted(mine + units, key=lambda u: (unit_key(u[0]), u[2]), reverse=True)
    result: Split = (tuple(unit_key(u[0]) for u in merged), tuple(u[2] for u in merged), tuple(merged))
    memo[key] = result
    return result


def _trivial_split(live: dict[int, int], order: Order) -> tuple[SplitUnit, ...]:
    """One group, or all singles: the split has no choice."""
    cards = order.by_seq(live, True)
    return tuple(((live[c], 1), (c,), order.seq[c]) for c in cards)


def _largest_units(live: dict[int, int], order: Order) -> list[Placement]:
    """Every placement of the largest unit (by cards, width, length) that ``live`` holds.

    Widths are tried widest first; a width whose cards held that often could not make more cards
    than the largest unit so far even in one run is skipped (at equal cards the wider unit is
    larger)."""
    top = size_and_most(live)[1]
    held = [0] * (top + 2)                   # held[w]: the cards held at least w times
    for copies in live.values():
        held[copies] += 1
    for w in range(top - 1, 0, -1):
        held[w] += held[w + 1]
    best_key: UnitKey | None = None
    found: list[Placement] = []
    for w in range(top, 0, -1):
        if best_key is not None and w * held[w] <= best_key[0]:
            continue
        shape = (w, longest_runs(live, order, w) if w > 1 else 1)
        k = unit_key(shape)
        if best_key is None or k > best_key:
            best_key, found = k, []
        if k == best_key:
            for r in runs(live, order, shape[0], shape[1]):
                found.append((shape, r))
    return found


