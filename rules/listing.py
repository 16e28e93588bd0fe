"""Listing and counting the legal plays (rules sections 6 and 7).

Every unit has width ≥ 2, so whether a play realizes the owed units depends only on the cards it
holds two or more copies of.  Plays are grouped by that part; each group is counted with a
binomial for the single cards that complete it, so the count never lists the plays.  Where every
owed unit has length 1, the width programme (:mod:`rules.widths`) counts and lists them instead.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

from .bombs import MIN_BOMB, bombs_apply, may_bomb
from .budget import Budget, WorkExceeded
from .cards import Card, tally, times_range
from .follow import check_follow, parse_lead
from .formats import Format, Unit
from .obligation import FOLLOW_WORK, Obligation, too_large
from .order import TRUMP, Order, Trump, order_for
from .rainbows import RAINBOW, RainbowGroup, follow_splits, held_groups
from .realization import substitutes
from .ruleset import Ruleset
from .runs import available_units
from .violations import InputError
from .widths import DP_STATES, WidthWalk, completions, count_digit, owed_widths, spread, width_states

MAX_LIMIT: Final = 1000
COUNT_WORK: Final = 2500


@dataclass(frozen=True)
class LegalPlays:
    plays: tuple[tuple[Card, ...], ...]
    count: int
    count_exact: bool
    truncated: bool


@dataclass(frozen=True)
class SuitUnits:
    suit: str
    units: tuple[Unit, ...]


@dataclass(frozen=True)
class LeadOptions:
    """The units per effective suit; ``rainbows``: per printed rank the hand can lead a rainbow of
    (section 14.2), high first, the group of every copy of that rank it holds (any sub-multiset of
    it with each suit's card and at least ``rainbow_min`` cards is a rainbow lead too)."""

    suits: tuple[SuitUnits, ...]
    throws_allowed: bool
    rainbows: tuple[RainbowGroup, ...] = ()


# -- legal plays -------------------------------------------------------------------------------
def legal_plays(ruleset: Ruleset, trump: Trump, hand: Sequence[int], lead: Sequence[int] | None = None,
                limit: int = 100) -> LeadOptions | LegalPlays:
    """Leading: the units available per suit.  Following: every distinct legal play (up to
    ``limit``) and their exact number, or a lower bound where counting exceeds the work bound."""
    order = order_for(ruleset, trump)
    if lead is None:
        return _lead_options(ruleset, order, hand)
    limit = max(0, min(int(limit), MAX_LIMIT))
    lead_format = parse_lead(order, lead)
    n = lead_format.size
    hand_c = tally(hand)
    if sum(hand_c.values()) < n:
        raise InputError(f"the hand holds fewer cards than the lead's {n}", "hand")
    if n >= MIN_BOMB and lead_format.suit == RAINBOW:
        return _rainbow_follows(order, hand_c, lead_format, n, limit)
    suit = order.eff[next(iter(lead_format.units[0].cards))]
    found = _legal_follows(ruleset, order, hand_c, lead_format, n, suit, limit)
    if n >= MIN_BOMB and bombs_apply(ruleset, n):
        return _with_bombs(ruleset, order, hand, hand_c, lead_format, n, suit, limit, found)
    return found


def _rainbow_follows(order: Order, hand_c: dict[int, int], lead_format: Format, n: int, limit: int) -> LegalPlays:
    """Following a rainbow (section 14.2): the splits of the hand into its groups, else any ``n`` cards."""
    found = follow_splits(order, hand_c, lead_format, limit)
    if found is None:
        count = _count_submultisets(hand_c, n)
        plays = [_canonical_play(order, p) for p, _ in zip(_submultisets(hand_c, n, order), range(limit), strict=False)]
        return LegalPlays(tuple(plays), count, True, count > len(plays))
    count, listed = found
    return LegalPlays(tuple(_canonical_play(order, p) for p in listed), count, True, count > len(listed))


def _with_bombs(ruleset: Ruleset, order: Order, hand: Sequence[int], hand_c: dict[int, int], lead_format: Format,
                n: int, suit: int, limit: int, found: LegalPlays) -> LegalPlays:
    """``found`` (the plays section 7 allows) and every bomb of ``n`` cards the hand holds and the
    suit rule allows that section 7 does not (section 14.1), listed after them."""
    return with_bombs_listed(found, extra_bombs(ruleset, order, hand, hand_c, lead_format, n, suit), limit)


def extra_bombs(ruleset: Ruleset, order: Order, hand: Sequence[int], hand_c: dict[int, int], lead_format: Format,
                n: int, suit: int) -> list[tuple[Card, ...]]:
    """The bombs of ``n`` cards the hand holds and the suit rule allows that section 7 does not
    (section 14.1), in card order: the legal plays a lead of ``n`` cards adds to section 7's."""
    void = all(order.eff[c] != suit for c in hand_c)
    extra: list[tuple[Card, ...]] = []
    for c in sorted(hand_c, key=order.sort_key):
        if hand_c[c] < n or not may_bomb(ruleset, order, c, suit, void):
            continue
        bomb = (c,) * n
        if not check_follow(ruleset, order, hand, bomb, lead_format, Budget(FOLLOW_WORK),
                             bombs=False).legal:
            extra.append(_canonical_play(order, bomb))
    return extra


def with_bombs_listed(found: LegalPlays, extra: Sequence[tuple[Card, ...]], limit: int) -> LegalPlays:
    """``found`` with the bombs ``extra`` counted, and listed after its plays while room is left."""
    if not extra:
        return found
    plays = found.plays
    if not found.truncated:
        plays = plays + tuple(extra[:max(0, limit - len(plays))])
    count = found.count + len(extra)
    return LegalPlays(plays, count, found.count_exact, count > len(plays) or not found.count_exact)


def _legal_follows(ruleset: Ruleset, order: Order, hand_c: dict[int, int], lead_format: Format, n: int, suit: int,
                   limit: int, shortcuts: bool = True) -> LegalPlays:
    """The plays section 7 allows (bombs aside; ``shortcuts``: the obligation's, see :class:`Obligation`)."""
    held = {c: k for c, k in hand_c.items() if order.eff[c] == suit}
    held_n = sum(held.values())
    if held_n <= n:
        rest = {c: k for c, k in hand_c.items() if order.eff[c] != suit}
        base = tuple(c for c, k in held.items() for _ in range(k))
        count = _count_submultisets(rest, n - held_n)
        plays: list[tuple[Card, ...]] = []
        for extra in _submultisets(rest, n - held_n, order):
            if len(plays) >= limit:
                break
            plays.append(_canonical_play(order, base + extra))
        return LegalPlays(tuple(plays), count, True, count > len(plays))
    obligation = Obligation(ruleset, order, lead_format, held, Budget(FOLLOW_WORK), shortcuts)
    try:
        owed = obligation.strongest()
    except WorkExceeded:
        raise too_large() from None
    tag = obligation.uniform_tag
    if owed and tag is not None and all(l == 1 for _, l in owed):
        found = _plays_by_widths(order, held, n, [w for w, _ in owed], limit,
                                 lambda c, widths: obligation.card_widths(c, widths, tag))
        if found is not None:
            return found
    return _count_owed(obligation, order, held, n, owed, limit)


def _canonical_play(order: Order, cards: Iterable[int]) -> tuple[Card, ...]:
    return tuple(order.sorted_cards(cards))


def copy_classes(held: Mapping[int, int], owed: Sequence[tuple[int, int]], wider: bool) -> dict[int, list[tuple[int, int]]]:
    """For each card, its copy counts ``0..held`` cut into ranges that realize alike (section 7),
    most copies first: a card hosts units through the widths they use (the owed widths and, with
    ``wider_substitutes``, the wider widths of the same size), and ``k`` copies host exactly the
    width multisets whose sum is at most ``k``, so ``k`` copies stand for every count up to the
    next such sum.  The last range starts at 0 (the copies that host nothing)."""
    top = max(held.values(), default=0)
    widths = {w2 for shape in owed for w2, _ in substitutes(shape, top, wider)}
    reach = [True] + [False] * top
    for k in range(1, top + 1):
        reach[k] = any(w <= k and reach[k - w] for w in widths)
    out: dict[int, list[tuple[int, int]]] = {}
    for c, h in held.items():
        ranges: list[tuple[int, int]] = []
        hi = h
        for k in range(h, -1, -1):
            if reach[k]:
                ranges.append((k, hi))
                hi = k - 1
        out[c] = ranges
    return out


def minimal_realizing(multi: Sequence[int], classes: Mapping[int, Sequence[tuple[int, int]]], n: int,
                      realizing: Callable[[dict[int, int]], bool], budget: Budget,
                      found: Callable[[int, dict[int, tuple[int, int]], int], None]) -> None:
    """Every smallest choice of copy ranges (:func:`copy_classes`) of the cards ``multi`` (in order;
    the cards with one range play any copies) that realizes the owed shape (section 7): each card
    in turn gives one of its ranges that host something, or its range that hosts nothing (then it
    is *passed*); a branch ends as soon as its choice realizes, and one is dropped when even every
    remaining copy could not.  ``realizing`` is asked about the smallest count of each range.
    ``found(i, part, size)`` gets each choice (``part``: the ranges chosen among ``multi[:i]``,
    ``size`` their smallest copies in all); the plays with those copies, the passed cards' copies
    within their last range, any copies of ``multi[i:]`` and of the other cards are the legal
    plays, each once.  Each step spends ``budget``."""
    top = {c: classes[c][0][0] for c in multi}

    def rec(i: int, part: dict[int, tuple[int, int]], reps: dict[int, int], size: int,
            upper_known: bool) -> None:
        budget.spend()
        if not upper_known:
            upper = dict(reps)
            upper.update((c, top[c]) for c in multi[i:])
            if not realizing(upper):
                return
        if realizing(reps):
            found(i, part, size)
            return
        if i == len(multi):
            return
        c = multi[i]
        ranges = classes[c]
        for j in range(len(ranges) - 1):
            lo, hi = ranges[j]
            if size + lo <= n:
                part[c] = (lo, hi)
                reps[c] = lo
                rec(i + 1, part, reps, size + lo, j == 0)
                del part[c]
                del reps[c]
        rec(i + 1, part, reps, size, False)

    rec(0, {}, {}, 0, False)


RangeBox = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def owed_boxes(obligation: Obligation, order: Order, held: dict[int, int], n: int,
               owed: Sequence[tuple[int, int]], budget: Budget, boxes: list[RangeBox]) -> None:
    """The plays of ``n`` suit cards that realize ``owed`` (section 7) as disjoint boxes ``(cards,
    low, high)`` (each card ``low..high`` copies, ``n`` cards in all), appended to ``boxes`` in the
    order of the search (:func:`minimal_realizing`); raises :class:`WorkExceeded` past ``budget``,
    the boxes found so far kept."""
    cards = sorted(held, key=order.sort_key)
    classes = copy_classes(held, owed, obligation.wider)
    multi = [c for c in cards if len(classes[c]) > 1]
    free = [c for c in cards if len(classes[c]) == 1]
    memo: dict[tuple[tuple[int, int], ...], bool] = {}
    room = [0] * (len(multi) + 1)                      # the most copies of multi[i:] and the free cards
    room[-1] = sum(held[c] for c in free)
    for i in range(len(multi) - 1, -1, -1):
        room[i] = room[i + 1] + held[multi[i]]
    obligation.budget = budget

    def realizing(part: dict[int, int]) -> bool:
        key = tuple(sorted(part.items()))
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = obligation.realizes(part, owed)
        return hit

    def keep(i: int, part: dict[int, tuple[int, int]], size: int) -> None:
        ranges = dict(part)
        ranges.update((c, (0, classes[c][-1][1])) for c in multi[:i] if c not in part)
        if sum(hi for _, hi in ranges.values()) + room[i] < n:
            return
        ranges.update((c, (0, held[c])) for c in multi[i:])
        ranges.update((c, (0, held[c])) for c in free)
        at = sorted(ranges, key=order.sort_key)
        boxes.append((tuple(at), tuple(ranges[c][0] for c in at), tuple(ranges[c][1] for c in at)))

    minimal_realizing(multi, classes, n, realizing, budget, keep)


def box_plays(order: Order, box: RangeBox, n: int) -> Iterator[tuple[Card, ...]]:
    """The plays of ``n`` cards in a box, in the listing's order."""
    cards, low, high = box
    base = [c for c, lo in zip(cards, low, strict=True) for _ in range(lo)]
    spans = {c: hi - lo for c, lo, hi in zip(cards, low, high, strict=True) if hi > lo}
    for extra in _submultisets(spans, n - len(base), order):
        yield _canonical_play(order, base + list(extra))


def box_count(box: RangeBox, n: int) -> int:
    """How many plays of ``n`` cards a box holds."""
    _cards, low, high = box
    k = n - sum(low)
    if k < 0:
        return 0
    ones = 0
    poly = [1] + [0] * k
    for lo, hi in zip(low, high, strict=True):
        if hi - lo == 1:
            ones += 1
        elif hi > lo:
            poly = times_range(poly, hi - lo, k)
    return sum(comb(ones, j) * poly[k - j] for j in range(min(ones, k) + 1))


def _count_submultisets(counts: dict[int, int], k: int) -> int:
    """How many sub-multisets of ``k`` cards ``counts`` has (a polynomial coefficient)."""
    if k < 0:
        return 0
    poly = [1] + [0] * k
    for m in counts.values():
        poly = times_range(poly, m, k)
    return poly[k]


def _submultisets(counts: dict[int, int], k: int, order: Order) -> Iterator[tuple[int, ...]]:
    items = sorted(counts.items(), key=lambda kv: order.sort_key(kv[0]))
    after = [0] * (len(items) + 1)                   # cards from item i on: no branch that cannot finish
    for i in range(len(items) - 1, -1, -1):
        after[i] = after[i + 1] + items[i][1]

    return _takes(items, after, k)


def _takes(items: list[tuple[int, int]], after: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """Depth first over the items, most copies first: each item takes as many copies as it may, a
    branch ends when ``k`` cards are taken (a sub-multiset) or when the items left hold fewer than
    the cards still to take, and the last item that took some then takes one fewer."""
    acc: list[int] = []
    takes: list[int] = []
    left = k
    while True:
        i = len(takes)
        if left == 0:
            yield tuple(acc)
        elif after[i] >= left:
            c, m = items[i]
            take = m if m < left else left
            takes.append(take)
            acc.extend([c] * take)
            left -= take
            continue
        while takes:
            take = takes.pop()
            if take:
                del acc[len(acc) - take:]
                left += take
                take -= 1
                takes.append(take)
                acc.extend([items[len(takes) - 1][0]] * take)
                left -= take
                break
        else:
            return


def submultisets(counts: dict[int, int], k: int, order: Order) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``k`` cards of ``counts``, in the listing's order (most copies of the
    first card in ``order.sort_key`` first)."""
    return _submultisets(counts, k, order)


def _count_owed(obligation: Obligation, order: Order, held: dict[int, int], n: int,
                owed: Sequence[tuple[int, int]], limit: int) -> LegalPlays:
    """Plays of ``n`` cards from ``held`` that realize ``owed``.

    Whether a play realizes ``owed`` depends on each card's copies only through the range of
    :func:`copy_classes` they fall in, and only grows with them.  The search (:func:`owed_boxes`)
    fixes those ranges card by card: a branch stops when even taking every remaining copy cannot
    realize ``owed``, and becomes one box of plays, counted in closed form, as soon as the fixed
    ranges realize it.  Past ``COUNT_WORK`` steps the count is a lower bound.
    """
    plays: list[tuple[Card, ...]] = []
    if not owed:
        count = _count_submultisets(held, n)
        for play in _submultisets(held, n, order):
            if len(plays) >= limit:
                break
            plays.append(_canonical_play(order, play))
        return LegalPlays(tuple(plays), count, True, count > len(plays))
    boxes: list[RangeBox] = []
    exact = True
    try:
        # the search gets what the strongest shape left of the follow's bound, at most COUNT_WORK
        owed_boxes(obligation, order, held, n, owed, Budget(min(COUNT_WORK, max(0, obligation.budget.left))), boxes)
    except WorkExceeded:
        exact = False
    total = 0
    for box in boxes:
        total += box_count(box, n)
        for play in box_plays(order, box, n):
            if len(plays) >= limit:
                break
            plays.append(play)
    if not plays:
        obligation.budget = Budget(FOLLOW_WORK)
        example = obligation.realize(held, owed)
        if example:
            core = [c for (w, _l), run in example for c in run for _ in range(w)]
            rest = dict(held)
            for c in core:
                rest[c] = rest[c] - 1
            filler = [c for c in sorted(rest, key=order.sort_key, reverse=True) for _ in range(rest[c])]
            plays.append(_canonical_play(order, core + filler[:n - len(core)]))
    count = total if exact else max(total, len(plays))
    return LegalPlays(tuple(plays), count, exact, count > len(plays) or not exact)


def _plays_by_widths(order: Order, held: dict[int, int], n: int, widths: list[int], limit: int,
                     hosts: Callable[[int, list[int]], list[int]] | None = None) -> LegalPlays | None:
    """Exact count and listing when every owed unit has length 1 (pairs, triples, n-kinds), by the
    width programme (:mod:`rules.widths`).  Its forward pass here keeps a layer's play sizes from
    the smallest from which the cards still to come can reach ``n`` up; the count is the first
    set's coefficient at ``n``.  ``hosts(card, widths)``: the owed widths a card may host, where
    reservations (section 7.1) keep some cards from some units.  ``None`` when the programme would
    exceed ``DP_STATES`` states.
    """
    cards = order.by_seq(held, True)
    kinds, start = owed_widths(widths)
    full = (1 << len(kinds)) - 1
    masks = [full if hosts is None else sum(1 << i for i, w in enumerate(kinds) if w in hosts(c, kinds))
             for c in cards]
    tops = [min(held[c], n) for c in cards]
    states_of = width_states(tuple(kinds), start)

    rest = sum(tops)
    low = 0                # a layer's bit j is the size low + j; smaller sizes cannot reach n
    layers: list[dict[int, int]] = [{0: 1}]
    states = 0
    reached: list[int] = []       # a layer's bits by set id while it is built (0: not reached)
    for i in range(len(cards)):
        top, mask = tops[i], masks[i]
        rest -= top
        up = max(0, n - rest) - low
        low += up
        keep = (1 << (n + 1 - low)) - 1
        order_reached: list[int] = []
        for sset, bits in layers[-1].items():
            for ns, lo, hi in states_of.moves(sset, top, mask):
                run = spread(bits, hi - lo + 1)
                run = (run << (lo - up) if lo >= up else run >> (up - lo)) & keep
                if run:
                    if ns >= len(reached):
                        reached.extend([0] * (ns + 1 - len(reached)))
                    had = reached[ns]
                    if not had:
                        order_reached.append(ns)
                    reached[ns] = had | run
        nxt: dict[int, int] = {}
        for ns in order_reached:
            nxt[ns] = reached[ns]
            reached[ns] = 0
        states += len(nxt)
        if states > DP_STATES:
            return None
        layers.append(nxt)

    digit = count_digit(held, cards)
    # the first coefficient of a layer's polynomials is for ``base`` cards still to add: fewer
    # would make a play larger than the cards before the layer allow
    bases = [n] * (len(cards) + 1)
    sofar = 0
    for i in range(len(cards)):
        sofar += tops[i]
        bases[i + 1] = max(0, n - sofar)
    ways = completions(states_of, layers, tops, masks, n, digit, bases)
    field = (1 << digit) - 1
    count = ways[0].get(0, 0) & field
    plays: list[tuple[Card, ...]] = []
    if count:
        walk = WidthWalk(order, cards, tops, n, masks, ways, bases, digit, states_of, limit, plays, None)
        walk.walk(0, 0, 0, [])
    return LegalPlays(tuple(plays), count, True, count > len(plays))


def _lead_options(ruleset: Ruleset, order: Order, hand: Sequence[int]) -> LeadOptions:
    by_suit: dict[int, dict[int, int]] = {}
    for c in hand:
        d = by_suit.setdefault(order.eff[c], {})
        d[c] = d.get(c, 0) + 1
    suits = []
    for suit in sorted(by_suit, key=lambda s: -1 if s == TRUMP else s):
        suits.append(SuitUnits("trump" if suit == TRUMP else "SHCD"[suit],
                               tuple(available_units(by_suit[suit], order))))
    if not order.rainbow_min:
        return LeadOptions(tuple(suits), ruleset.throws)
    hand_c = tally(hand)
    groups = tuple(RainbowGroup(tuple(c for c in cards for _ in range(hand_c[c])))
                   for cards in held_groups(order, hand_c))
    return LeadOptions(tuple(suits), ruleset.throws, groups)
