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

from .bombs import MIN_BOMB, bombs_apply, may_bomb
from .cards import Card, tally
from .follow import check_follow, parse_lead
from .obligation import FOLLOW_WORK, Obligation, too_large
from .order import TRUMP, Order, Trump, order_for
from .rainbows import RAINBOW, follow_splits
from .ruleset import Ruleset
from .units import (
    Budget,
    Format,
    Unit,
    WorkExceeded,
    available_units,
    times_range,
)
from .violations import InputError

MAX_LIMIT = 1000
COUNT_WORK = 8000
DP_STATES = 20000


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
    suits: tuple[SuitUnits, ...]
    throws_allowed: bool


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
        if not check_follow(rules, order, hand, bomb, {c: n}, lead_format, Budget(FOLLOW_WORK),
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
                   limit: int) -> LegalPlays:
    """The plays section 7 allows (bombs aside)."""
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
    obligation = Obligation(rules, order, lead_format, held, Budget(FOLLOW_WORK))
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


def minimal_realizing(multi: Sequence[int], held: Mapping[int, int], n: int,
                      realizing: Callable[[dict[int, int]], bool], budget: Budget,
                      found: Callable[[int, dict[int, int], int], None]) -> None:
    """Every smallest choice of copies of the cards held twice or more (``multi``, in order) that
    realizes the owed shape (section 7): each card in turn gives all its copies, some (two or more)
    or none, a branch ends as soon as its choice realizes, and one is dropped when even every
    remaining copy could not.  ``found(i, part, size)`` gets each choice (``part``: copies of
    ``multi[:i]``, ``size`` cards in all); the plays that extend it with single copies of the cards
    passed over, any copies of ``multi[i:]`` and the loose cards are the legal plays, each once.
    Each step spends ``budget``."""

    def rec(i: int, part: dict[int, int], size: int, upper_known: bool) -> None:
        budget.spend()
        if not upper_known:
            upper = dict(part)
            upper.update((c, held[c]) for c in multi[i:])
            if not realizing(upper):
                return
        if realizing(part):
            found(i, part, size)
            return
        if i == len(multi):
            return
        c = multi[i]
        for take in range(held[c], 1, -1):
            if size + take <= n:
                part[c] = take
                rec(i + 1, part, size + take, take == held[c])
                del part[c]
        rec(i + 1, part, size, False)

    rec(0, {}, 0, False)


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

    def rec(i: int, k: int, acc: list[int]) -> Iterator[tuple[int, ...]]:
        if k == 0:
            yield tuple(acc)
            return
        if after[i] < k:
            return
        c, m = items[i]
        for take in range(min(m, k), -1, -1):
            acc.extend([c] * take)
            yield from rec(i + 1, k - take, acc)
            del acc[len(acc) - take:]

    return rec(0, k, [])


def submultisets(counts: dict[int, int], k: int, order: Order) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``k`` cards of ``counts``, in the listing's order (most copies of the
    first card in ``order.sort_key`` first)."""
    return _submultisets(counts, k, order)


def _count_owed(obligation: Obligation, order: Order, held: dict[int, int], n: int,
                owed: Sequence[tuple[int, int]], limit: int) -> LegalPlays:
    """Plays of ``n`` cards from ``held`` that realize ``owed``.

    A play realizes ``owed`` exactly when its multi-card part (the cards it holds two or more
    copies of) does, and that property only grows with the part.  The search fixes the multi-card
    part card by card: a branch stops when even taking every remaining copy cannot realize
    ``owed``, and is counted in closed form as soon as the fixed part realizes it.  Past
    ``COUNT_WORK`` steps the count is a lower bound.
    """
    plays: list[tuple[Card, ...]] = []
    if not owed:
        count = _count_submultisets(held, n)
        for play in _submultisets(held, n, order):
            if len(plays) >= limit:
                break
            plays.append(_canonical_play(order, play))
        return LegalPlays(tuple(plays), count, True, count > len(plays))
    cards = sorted(held, key=order.sort_key)
    multi = [c for c in cards if held[c] >= 2]
    loose = [c for c in cards if held[c] == 1]
    memo: dict[tuple[tuple[int, int], ...], bool] = {}
    seen: set[tuple[Card, ...]] = set()
    total = [0]
    budget = obligation.budget = Budget(COUNT_WORK)
    suffix = [[1] + [0] * n]
    for c in reversed(multi):
        suffix.append(times_range(suffix[-1], held[c], n))
    suffix.reverse()

    def realizing(part: dict[int, int]) -> bool:
        key = tuple(sorted(part.items()))
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = obligation.realizes(part, owed)
        return hit

    def add(cards: Iterable[int]) -> None:
        play = _canonical_play(order, cards)
        if play not in seen:
            seen.add(play)
            plays.append(play)

    def complete(i: int, part: dict[int, int], size: int) -> None:
        k = n - size
        loose_n = len(loose) + i - len(part)
        tail = suffix[i]
        total[0] += sum(comb(loose_n, j) * tail[k - j] for j in range(0, min(loose_n, k) + 1))
        if len(plays) < limit:
            free = {c: 1 for c in multi[:i] if c not in part}
            free.update((c, 1) for c in loose)
            free.update((c, held[c]) for c in multi[i:])
            base = [c for c, m in part.items() for _ in range(m)]
            for extra in _submultisets(free, k, order):
                if len(plays) >= limit:
                    break
                add(base + list(extra))

    exact = True
    try:
        minimal_realizing(multi, held, n, realizing, budget, complete)
    except WorkExceeded:
        exact = False
    if not plays:
        obligation.budget = Budget(FOLLOW_WORK)
        example = obligation.realize(held, owed)
        if example:
            core = [c for (w, _l), run in example for c in run for _ in range(w)]
            rest = dict(held)
            for c in core:
                rest[c] -= 1
            filler = [c for c in sorted(rest, key=order.sort_key, reverse=True) for _ in range(rest[c])]
            add(core + filler[:n - len(core)])
    count = total[0] if exact else max(total[0], len(plays))
    return LegalPlays(tuple(plays), count, exact, count > len(plays) or not exact)


def _plays_by_widths(order: Order, held: dict[int, int], n: int, widths: list[int], limit: int,
                     hosts: Callable[[int, list[int]], list[int]] | None = None) -> LegalPlays | None:
    """Exact count and listing when every owed unit has length 1 (pairs, triples, n-kinds).

    Then adjacency does not matter: a play realizes the owed widths exactly when its copy counts
    can host them.  A dynamic programme over the cards tracks the set of owed widths that may
    still be missing (the minimal remainders, each a vector of counts per width packed into an
    integer), and for each such set the number of ways to reach it by play size, as one polynomial
    packed into an integer (a coefficient per field wide enough for the number of all sub-multisets
    of the suit cards, which bounds every count); a backward pass marks, per set, the
    sizes from which a legal play can still be completed, so the listing walks only paths that end
    in a legal play.  ``hosts(card, widths)``: the owed widths a card may host, where reservations
    (section 7.1) keep some cards from some units.  ``None`` when the programme would exceed
    ``DP_STATES`` states.
    """
    cards = sorted(held, key=order.seq.__getitem__, reverse=True)
    kinds = sorted(set(widths), reverse=True)
    start = sum(widths.count(w) << (_FIELD * i) for i, w in enumerate(kinds))
    full = (1 << len(kinds)) - 1
    masks = {c: full if hosts is None else sum(1 << i for i, w in enumerate(kinds) if w in hosts(c, kinds))
             for c in cards}
    states_of = width_states(tuple(kinds), start)
    moves = states_of.moves

    digit = 2
    for c in cards:
        digit *= held[c] + 1
    digit = digit.bit_length()
    keep = (1 << (digit * (n + 1))) - 1
    layers: list[dict[int, int]] = [{0: 1}]
    states = 0
    for c in cards:
        nxt: dict[int, int] = {}
        top = min(held[c], n)
        mask = masks[c]
        for sset, poly in layers[-1].items():
            for ns, lo, hi in moves(sset, top, mask):
                acc = 0
                for m in range(lo, hi + 1):
                    acc += poly << (digit * m)
                nxt[ns] = nxt.get(ns, 0) + acc
        nxt = {ns: poly & keep for ns, poly in nxt.items() if poly & keep}
        states += len(nxt)
        if states > DP_STATES:
            return None
        layers.append(nxt)
    done = states_of.done
    count = (layers[-1].get(done, 0) >> (digit * n)) & ((1 << digit) - 1)
    sizes = (1 << (n + 1)) - 1
    reach: list[dict[int, int]] = [{}] * len(layers)
    reach[-1] = {sset: 1 for sset in layers[-1] if sset == done}
    for i in range(len(cards) - 1, -1, -1):
        later = reach[i + 1]
        top = min(held[cards[i]], n)
        mask = masks[cards[i]]
        here = {}
        for sset in layers[i]:
            bits = 0
            for ns, lo, hi in moves(sset, top, mask):
                got = later.get(ns, 0)
                if got:
                    bits |= spread(got, hi - lo + 1) << lo
            if bits & sizes:
                here[sset] = bits & sizes
        reach[i] = here
    plays: list[tuple[Card, ...]] = []

    def walk(i: int, size: int, sset: int, acc: list[int]) -> None:
        if len(plays) >= limit:
            return
        if i == len(cards):
            plays.append(_canonical_play(order, acc))
            return
        c = cards[i]
        later = reach[i + 1]
        top = min(held[c], n)
        for ns, lo, hi in reversed(moves(sset, top, masks[c])):
            got = later.get(ns, 0)
            for m in range(min(hi, n - size), lo - 1, -1):
                if (got >> (n - size - m)) & 1:
                    acc.extend([c] * m)
                    walk(i + 1, size + m, ns, acc)
                    del acc[len(acc) - m:]

    if (reach[0].get(0, 0) >> n) & 1:
        walk(0, 0, 0, [])
    return LegalPlays(tuple(plays), count, True, count > len(plays))


class WidthStates:
    """The sets of owed widths that may still be missing in the width programme (section 7, owed
    units of length 1), interned as ids from ``start`` (the owed widths' counts packed in
    ``_FIELD``-bit fields, in ``kinds`` order, widest first).  ``consume(sid, m, mask)``: the set
    reached from set ``sid`` by a card played ``m`` times that may host the widths in ``mask``;
    each new step spends ``budget`` when one is given."""

    def __init__(self, kinds: list[int], start: tuple[int, ...], budget: Budget | None = None) -> None:
        self.kinds = kinds
        self.low = kinds[-1]
        self.budget = budget
        self.ids: dict[tuple[int, ...], int] = {start: 0}
        self.sets: list[tuple[int, ...]] = [start]
        self._memo: dict[int, int] = {}
        self._removed: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
        self._moves: dict[int, tuple[tuple[int, int, int], ...]] = {}

    @property
    def done(self) -> int:
        """The id of the set with nothing missing (-1 while it has not been reached)."""
        return self.ids.get((0,), -1)

    def consume(self, sid: int, m: int, mask: int) -> int:
        if m < self.low or not mask:
            return sid
        kinds = self.kinds
        key = (sid * 64 + m) << len(kinds) | mask
        hit = self._memo.get(key)
        if hit is None:
            if self.budget is not None:
                self.budget.spend()
            removed = self._removed
            out: set[tuple[int, int]] = set()
            for rem in self.sets[sid]:
                got = removed.get((rem, m, mask))
                if got is None:
                    got = removed[(rem, m, mask)] = _removals(rem, m, kinds, mask)
                out.update(got)
            reached = _minimal(out, len(kinds))
            with _INTERNING:
                hit = self.ids.get(reached)
                if hit is None:
                    hit = self.ids[reached] = len(self.sets)
                    self.sets.append(reached)
            self._memo[key] = hit
        return hit

    def moves(self, sid: int, top: int, mask: int) -> tuple[tuple[int, int, int], ...]:
        """The sets reached from ``sid`` by a card played ``0..top`` times that may host ``mask``, as
        runs ``(set, fewest, most)`` of consecutive copy counts that reach the same set (remembered:
        the programme's passes read them instead of one :meth:`consume` per copy count)."""
        key = (sid * 64 + top) << len(self.kinds) | mask
        hit = self._moves.get(key)
        if hit is None:
            out: list[tuple[int, int, int]] = []
            for m in range(top + 1):
                ns = self.consume(sid, m, mask)
                if out and out[-1][0] == ns:
                    out[-1] = (ns, out[-1][1], m)
                else:
                    out.append((ns, m, m))
            hit = self._moves[key] = tuple(out)
        return hit


_INTERNING = Lock()              # a new set's id is taken once, also where threads share the states


@lru_cache(maxsize=64)
def width_states(kinds: tuple[int, ...], start: int) -> WidthStates:
    """The states of the width programme for the owed widths ``kinds`` (widest first) counted in
    ``start``: they depend on nothing else, so the listing, the count and the selection of one
    position (and of every position owing the same widths) share them."""
    return WidthStates(list(kinds), (start,))


def spread(bits: int, k: int) -> int:
    """``bits | bits << 1 | … | bits << (k - 1)`` (``k`` ≥ 1), in about log2(k) steps."""
    out, have = bits, 1
    while have < k:
        step = min(have, k - have)
        out |= out << step
        have += step
    return out


_FIELD = 8                       # bits per width count in a packed remainder (7 bits and a guard)
_FIELD_MASK = (1 << (_FIELD - 1)) - 1
_GUARDS = [sum(1 << (_FIELD * i + _FIELD - 1) for i in range(k)) for k in range(10)]


def _removals(rem: int, m: int, kinds: list[int], mask: int) -> list[tuple[int, int]]:
    """``rem`` minus each maximal sub-multiset whose widths sum to at most ``m`` (a removal that
    could take one more width leaves a larger remainder, which never matters), with the number
    of widths left; only the widths in ``mask`` may be removed."""
    have = [(rem >> (_FIELD * i)) & _FIELD_MASK if mask >> i & 1 else 0 for i in range(len(kinds))]
    size = sum((rem >> (_FIELD * i)) & _FIELD_MASK for i in range(len(kinds)))
    out: list[tuple[int, int]] = []
    take = [0] * len(kinds)

    def rec(i: int, left: int) -> None:
        if i == len(kinds):
            if all(w > left for w, h, t in zip(kinds, have, take, strict=True) if t < h):
                out.append((size - sum(take), rem - sum(t << (_FIELD * j) for j, t in enumerate(take))))
            return
        w = kinds[i]
        for t in range(min(have[i], left // w), -1, -1):
            take[i] = t
            rec(i + 1, left - t * w)
        take[i] = 0

    rec(0, m)
    return out


def _minimal(rems: set[tuple[int, int]], k: int) -> tuple[int, ...]:
    """The remainders (with their sizes) that contain no other remainder (a smaller remainder is
    never worse), smallest first.

    Containment of packed count vectors is one subtraction: with every field's guard bit set in
    ``big``, ``big - small`` keeps all guards exactly when no field borrows."""
    if (0, 0) in rems:
        return (0,)
    guard = _GUARDS[k]
    keep: list[int] = []
    for _, r in sorted(rems):
        rg = r | guard
        for small in keep:
            if (rg - small) & guard == guard:
                break
        else:
            keep.append(r)
    return tuple(sorted(keep))


def _lead_options(rules: Ruleset, order: Order, hand: Sequence[int]) -> LeadOptions:
    by_suit: dict[int, dict[int, int]] = {}
    for c in hand:
        d = by_suit.setdefault(order.eff[c], {})
        d[c] = d.get(c, 0) + 1
    suits = []
    for suit in sorted(by_suit, key=lambda s: -1 if s == TRUMP else s):
        suits.append(SuitUnits("trump" if suit == TRUMP else "SHCD"[suit],
                               tuple(available_units(by_suit[suit], order))))
    return LeadOptions(tuple(suits), rules.throws)
