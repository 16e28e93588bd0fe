"""Listing and counting the legal plays (rules sections 6 and 7).

Every unit has width ≥ 2, so whether a play realizes the owed units depends only on the cards it
holds two or more copies of.  Plays are grouped by that part; each group is counted with a
binomial for the single cards that complete it, so the count never lists the plays.  Where every
owed unit has length 1, a dynamic programme over the owed widths still missing counts and lists
them instead.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from threading import Lock
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

MAX_LIMIT: Final = 1000
COUNT_WORK: Final = 2500
DP_STATES: Final = 4500


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
def legal_plays(rules: Ruleset, trump: Trump, hand: Sequence[int], lead: Sequence[int] | None = None,
                limit: int = 100) -> LeadOptions | LegalPlays:
    """Leading: the units available per suit.  Following: every distinct legal play (up to
    ``limit``) and their exact number, or a lower bound where counting exceeds the work bound."""
    order = order_for(rules, trump)
    if lead is None:
        return _lead_options(rules, order, hand)
    limit = max(0, min(int(limit), MAX_LIMIT))
    lead_format = parse_lead(order, lead)
    n = lead_format.size
    hand_c = tally(hand)
    if sum(hand_c.values()) < n:
        raise InputError(f"the hand holds fewer cards than the lead's {n}", "hand")
    if n >= MIN_BOMB and lead_format.suit == RAINBOW:
        return _rainbow_follows(order, hand_c, lead_format, n, limit)
    suit = order.eff[next(iter(lead_format.units[0].cards))]
    found = _legal_follows(rules, order, hand_c, lead_format, n, suit, limit)
    if n >= MIN_BOMB and bombs_apply(rules, n):
        return _with_bombs(rules, order, hand, hand_c, lead_format, n, suit, limit, found)
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


def _with_bombs(rules: Ruleset, order: Order, hand: Sequence[int], hand_c: dict[int, int], lead_format: Format,
                n: int, suit: int, limit: int, found: LegalPlays) -> LegalPlays:
    """``found`` (the plays section 7 allows) and every bomb of ``n`` cards the hand holds and the
    suit rule allows that section 7 does not (section 14.1), listed after them."""
    return with_bombs_listed(found, extra_bombs(rules, order, hand, hand_c, lead_format, n, suit), limit)


def extra_bombs(rules: Ruleset, order: Order, hand: Sequence[int], hand_c: dict[int, int], lead_format: Format,
                n: int, suit: int) -> list[tuple[Card, ...]]:
    """The bombs of ``n`` cards the hand holds and the suit rule allows that section 7 does not
    (section 14.1), in card order: the legal plays a lead of ``n`` cards adds to section 7's."""
    void = all(order.eff[c] != suit for c in hand_c)
    extra: list[tuple[Card, ...]] = []
    for c in sorted(hand_c, key=order.sort_key):
        if hand_c[c] < n or not may_bomb(rules, order, c, suit, void):
            continue
        bomb = (c,) * n
        if not check_follow(rules, order, hand, bomb, lead_format, Budget(FOLLOW_WORK),
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


def _legal_follows(rules: Ruleset, order: Order, hand_c: dict[int, int], lead_format: Format, n: int, suit: int,
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
    obligation = Obligation(rules, order, lead_format, held, Budget(FOLLOW_WORK), shortcuts)
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
    """Exact count and listing when every owed unit has length 1 (pairs, triples, n-kinds).

    Then adjacency does not matter: a play realizes the owed widths exactly when its copy counts
    can host them.  A dynamic programme over the cards tracks the set of owed widths that may
    still be missing (:class:`WidthStates`).  A forward pass finds the sets reached before each
    card and the play sizes they are reached at (bits, from the smallest size kept up), keeping
    only sizes from which the cards still to come can reach ``n``; a backward pass counts, for
    each set reached, the ways to complete a legal play by the number of cards still to add, as
    one polynomial packed into an integer (a coefficient per field wide enough for the number of
    all sub-multisets of the suit cards, which bounds every count), only for the sets that can
    complete one (:func:`completions`).  The count is the first set's coefficient at ``n``; the
    listing (:class:`WidthWalk`) walks only along nonzero coefficients, so only paths that end in
    a legal play.  ``hosts(card, widths)``: the owed widths a card may host,
    where reservations (section 7.1) keep some cards from some units.  ``None`` when the
    programme would exceed ``DP_STATES`` states.
    """
    cards = order.by_seq(held, True)
    kinds = sorted(set(widths), reverse=True)
    start = sum(widths.count(w) << (_FIELD * i) for i, w in enumerate(kinds))
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


def count_digit(held: dict[int, int], cards: list[int]) -> int:
    """The bits of one count of the width programme: enough for twice the number of all
    sub-multisets of ``cards``, which bounds every count, so packed counts never carry."""
    digit = 2
    for c in cards:
        digit *= held[c] + 1
    return digit.bit_length()


def completions(states: WidthStates, layers: list[dict[int, int]], tops: list[int], masks: list[int], n: int,
                digit: int, bases: list[int]) -> list[dict[int, int]]:
    """The backward pass of the width programme: ``[i][set]``, for each set reached before card
    ``i`` (the keys of ``layers[i]``), the ways to complete a legal play from there by the number
    of cards still to add, packed ``digit`` bits a count from ``bases[i]`` cards on (fewer cannot
    be used there); the sets that cannot complete one are left out."""
    done = states.done
    ways: list[dict[int, int]] = [{}] * len(layers)
    ways[-1] = {done: 1} if done in layers[-1] else {}
    known = len(states.sets)        # every set a layer holds has its id already
    later_by_id = [0] * known       # ways[i + 1] by set id (0: cannot complete)
    for i in range(len(layers) - 2, -1, -1):
        later = ways[i + 1]
        for ns, got in later.items():
            later_by_id[ns] = got
        step = bases[i + 1] - bases[i]
        keep = (1 << (digit * (n - bases[i] + 1))) - 1
        here: dict[int, int] = {}
        for sset in layers[i]:
            poly = 0
            for ns, lo, hi in states.moves(sset, tops[i], masks[i]):
                got = later_by_id[ns] if ns < known else 0
                if got:
                    poly += shifted_sum(got, digit, lo + step, hi + step)
            if poly & keep:
                here[sset] = poly & keep
        for ns in later:
            later_by_id[ns] = 0
        ways[i] = here
    return ways


class WidthWalk:
    """The listing pass of the width programme: depth first over the cards, most copies first,
    along the play sizes from which :func:`completions` counted a way to complete a legal play
    (``ways[i]``: per set, the completions by cards still to add from ``bases[i]`` on), up to
    ``limit`` plays; a step spends ``budget`` where one is given."""

    def __init__(self, order: Order, cards: list[int], tops: list[int], n: int, masks: list[int],
                 ways: list[dict[int, int]], bases: list[int], digit: int, states: WidthStates, limit: int,
                 plays: list[tuple[Card, ...]], budget: Budget | None) -> None:
        self.order = order
        self.cards = cards
        self.tops = tops
        self.n = n
        self.masks = masks
        self.ways = ways
        self.bases = bases
        self.digit = digit
        self.field = (1 << digit) - 1
        self.states = states
        self.limit = limit
        self.plays = plays
        self.budget = budget

    def walk(self, i: int, size: int, sset: int, acc: list[int]) -> None:
        plays = self.plays
        if len(plays) >= self.limit:
            return
        cards = self.cards
        if i == len(cards):
            plays.append(_canonical_play(self.order, acc))
            return
        if self.budget is not None:
            self.budget.spend()
        c = cards[i]
        n = self.n
        later = self.ways[i + 1]
        base = self.bases[i + 1]
        digit, field = self.digit, self.field
        moves = self.states.moves(sset, self.tops[i], self.masks[i])
        for j in range(len(moves) - 1, -1, -1):
            ns, lo, hi = moves[j]
            got = later.get(ns, 0)
            if not got:
                continue
            for m in range(min(hi, n - size), lo - 1, -1):
                if (got >> (digit * (n - size - m - base))) & field:
                    for _ in range(m):
                        acc.append(c)
                    self.walk(i + 1, size + m, ns, acc)
                    del acc[len(acc) - m:]


class WidthStates:
    """The sets of owed widths that may still be missing in the width programme (section 7, owed
    units of length 1), interned as ids from ``start`` (the owed widths' counts packed in
    ``_FIELD``-bit fields, in ``kinds`` order, widest first).  ``consume(sid, m, mask)``: the set
    reached from set ``sid`` by a card played ``m`` times that may host the widths in ``mask``.

    A set is kept whole as a bitmask over the grid of remainders (a count per width, at most the
    owed count): every remainder that contains a missing one is in it too (a larger remainder is
    never better), so the set is one canonical integer.  A card played ``m`` times hosts any
    choice of widths summing to at most ``m``; the set it reaches holds the remainders ``s`` for
    which ``s + choice`` is in the set before, for some choice (:meth:`_hosting`: a shift per
    width).  That set is closed upwards again without a closure step, because a smaller choice
    is also a choice: for ``s' ≥ s`` with ``s + t`` in the set, ``s' + t'`` is in it too, with
    ``t' ≤ t`` taking ``s'`` up to ``min(s + t, owed)``.  The sets reached by ``0, 1, 2 …``
    copies grow with the copies, so each is the one before with the choices summing to exactly
    that many copies added; the set holding the empty remainder (then all of them) has nothing
    missing."""

    def __init__(self, kinds: list[int], start: tuple[int, ...]) -> None:
        self.kinds = kinds
        self.low = kinds[-1]
        self.caps = [(start[0] >> (_FIELD * i)) & _FIELD_MASK for i in range(len(kinds))]
        strides = [1]
        for cap in self.caps:
            strides.append(strides[-1] * (cap + 1))
        self.strides = strides
        self.full = (1 << strides[-1]) - 1
        origin = 0
        for i in range(len(kinds)):
            origin += self.caps[i] * strides[i]
        self.ids: dict[int, int] = {1 << origin: 0}
        self.sets: list[int] = [1 << origin]
        self._reached: dict[int, list[int]] = {}
        self._exact: dict[int, list[list[tuple[int, int]]]] = {}
        self._moves: dict[int, tuple[tuple[int, int, int], ...]] = {}
        self._steps = [[self._step(i, k) for k in range(self.caps[i] + 1)] for i in range(len(kinds))]

    @property
    def done(self) -> int:
        """The id of the set with nothing missing (-1 while it has not been reached)."""
        return self.ids.get(self.full, -1)

    def consume(self, sid: int, m: int, mask: int) -> int:
        if m < self.low or not mask:
            return sid
        reached = self._reach(sid, mask, m)
        return reached[m] if m < len(reached) else reached[-1]

    def _reach(self, sid: int, mask: int, m: int) -> list[int]:
        """The sets reached from ``sid`` by a card played ``0, 1 …`` times, computed up to ``m``
        copies or up to the copies that host every owed width in ``mask`` (more change nothing).
        A list once stored is never changed (a longer one replaces it), so threads sharing the
        states read whole lists."""
        key = sid << len(self.kinds) | mask
        got = self._reached.get(key)
        if got is None or len(got) <= m:
            most = 0
            for i in range(len(self.kinds)):
                if mask >> i & 1:
                    most += self.caps[i] * self.kinds[i]
            if got is not None and len(got) > most:
                return got
            longer = [sid] if got is None else list(got)
            here = self.sets[sid]
            bits = self.sets[longer[-1]]
            j = len(longer)
            while j <= m and j <= most:
                for choice in self._choices(j, mask):
                    bits |= self._hosting(here, choice)
                hit = self.ids.get(bits)
                if hit is None:
                    with _INTERNING:
                        hit = self.ids.get(bits)
                        if hit is None:
                            hit = self.ids[bits] = len(self.sets)
                            self.sets.append(bits)
                longer.append(hit)
                j += 1
            self._reached[key] = got = longer
        return got

    def _choices(self, m: int, mask: int) -> list[list[tuple[int, int]]]:
        """The choices of widths (in ``mask``, within the owed counts) summing to exactly ``m``,
        each as the steps of :meth:`_hosting` (one per width it takes)."""
        key = m << len(self.kinds) | mask
        hit = self._exact.get(key)
        if hit is None:
            kinds, caps = self.kinds, self.caps
            hit = []
            take = [0] * len(kinds)
            # depth first over the widths, each taken ``caps[i]`` down to 0 times
            stack: list[tuple[int, int, int]] = [(0, m, min(caps[0], m // kinds[0]) if mask & 1 else 0)]
            while stack:
                i, left, t = stack.pop()
                if t > 0:
                    stack.append((i, left, t - 1))
                take[i] = t
                rest = left - t * kinds[i]
                if i + 1 < len(kinds):
                    nxt = min(caps[i + 1], rest // kinds[i + 1]) if mask >> (i + 1) & 1 else 0
                    stack.append((i + 1, rest, nxt))
                elif rest == 0:
                    choice = []
                    for j in range(len(kinds)):
                        if take[j]:
                            choice.append(self._steps[j][take[j]])
                    hit.append(choice)
            self._exact[key] = hit
        return hit

    def _step(self, i: int, k: int) -> tuple[int, int]:
        """The shift that takes ``k`` owed widths ``kinds[i]`` off every remainder of the grid, and
        the remainders it may land on (those with ``k`` more of that width still on the grid)."""
        stride, cap = self.strides[i], self.caps[i]
        period = stride * (cap + 1)
        inside = 0
        for base in range(0, self.strides[-1], period):
            inside |= ((1 << ((cap - k + 1) * stride)) - 1) << base
        return k * stride, inside

    @staticmethod
    def _hosting(here: int, choice: list[tuple[int, int]]) -> int:
        """The remainders ``s`` with ``s + choice`` in ``here``."""
        for shift, inside in choice:
            here = (here >> shift) & inside
        return here

    def moves(self, sid: int, top: int, mask: int) -> tuple[tuple[int, int, int], ...]:
        """The sets reached from ``sid`` by a card played ``0..top`` times that may host ``mask``, as
        runs ``(set, fewest, most)`` of consecutive copy counts that reach the same set (remembered:
        the programme's passes read them instead of one :meth:`consume` per copy count)."""
        key = (sid * 64 + top) << len(self.kinds) | mask
        hit = self._moves.get(key)
        if hit is None:
            if top < self.low or not mask:
                hit = ((sid, 0, top),)
            else:
                reached = self._reach(sid, mask, top)
                out: list[tuple[int, int, int]] = []
                stop = min(top, len(reached) - 1)      # more copies reach the list's last set
                m = 0
                while m <= stop:
                    ns = reached[m]
                    end = m
                    while end < stop and reached[end + 1] == ns:
                        end += 1
                    out.append((ns, m, top if end == stop else end))
                    m = end + 1
                hit = tuple(out)
            self._moves[key] = hit
        return hit


_INTERNING = Lock()              # a new set's id is taken once, also where threads share the states


@lru_cache(maxsize=64)
def width_states(kinds: tuple[int, ...], start: int) -> WidthStates:
    """The states of the width programme for the owed widths ``kinds`` (widest first) counted in
    ``start``: they depend on nothing else, so the listing, the count and the selection of one
    position (and of every position owing the same widths) share them."""
    return WidthStates(list(kinds), (start,))


def shifted_sum(poly: int, digit: int, lo: int, hi: int) -> int:
    """``poly << (digit * lo) + … + poly << (digit * hi)`` (``lo`` ≤ ``hi``), where a negative shift
    drops that many of a term's lowest ``digit``-bit fields (exact while no field carries into the
    next).  A few terms are added one by one; more in about 2·log2(hi - lo + 1) big-integer steps,
    as blocks of 1, 2, 4 … consecutive terms, each twice the one before, added where the binary
    digits of the number of terms say; the sum is shifted to ``lo`` last."""
    k = hi - lo + 1
    if k <= 3:
        out = term = poly
        for _ in range(k - 1):
            term = term << digit
            out += term
    else:
        block = poly                            # the sum of the first ``width`` terms
        width = 1
        out = 0
        offset = 0
        while True:
            if k & 1:
                out = block if offset == 0 else out + (block << (digit * offset))
                offset += width
            k >>= 1
            if not k:
                break
            block += block << (digit * width)
            width *= 2
    return out << (digit * lo) if lo >= 0 else out >> (digit * -lo)


def spread(bits: int, k: int) -> int:
    """``bits | bits << 1 | … | bits << (k - 1)`` (``k`` ≥ 1), in about log2(k) steps."""
    out, have = bits, 1
    while have < k:
        step = min(have, k - have)
        out |= out << step
        have += step
    return out


_FIELD = 8                       # bits per width count in a packed remainder
_FIELD_MASK = (1 << (_FIELD - 1)) - 1


def _lead_options(rules: Ruleset, order: Order, hand: Sequence[int]) -> LeadOptions:
    by_suit: dict[int, dict[int, int]] = {}
    for c in hand:
        d = by_suit.setdefault(order.eff[c], {})
        d[c] = d.get(c, 0) + 1
    suits = []
    for suit in sorted(by_suit, key=lambda s: -1 if s == TRUMP else s):
        suits.append(SuitUnits("trump" if suit == TRUMP else "SHCD"[suit],
                               tuple(available_units(by_suit[suit], order))))
    if not order.rainbow_min:
        return LeadOptions(tuple(suits), rules.throws)
    hand_c = tally(hand)
    groups = tuple(RainbowGroup(tuple(c for c in cards for _ in range(hand_c[c])))
                   for cards in held_groups(order, hand_c))
    return LeadOptions(tuple(suits), rules.throws, groups)
