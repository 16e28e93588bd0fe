"""The width programme: the legal follows when every owed unit has length 1 (pairs, triples,
n-kinds; rules section 7), for the listing and count (:mod:`rules.listing`) and for the
selection (:class:`rules.selection.WidthSet`).

Then adjacency does not matter: a play realizes the owed widths exactly when its copy counts can
host them.  A dynamic programme over the suit cards (strongest first) tracks the set of owed
widths that may still be missing (:class:`WidthStates`, shared by every position that owes the
same widths).  A forward pass finds the sets reached before each card and the play sizes they
are reached at (bits); a backward pass (:func:`completions`) counts, for each set reached, the
ways to complete a legal play by the number of cards still to add, as one polynomial packed into
an integer (a coefficient per ``count_digit`` bits, enough for the number of all sub-multisets of
the suit cards, which bounds every count), only for the sets that can complete one.  The listing
(:class:`WidthWalk`) walks only along nonzero coefficients, so only paths that end in a legal play.
A programme past ``DP_STATES`` states is not built (the caller searches instead).
"""
from __future__ import annotations

from functools import lru_cache
from threading import Lock
from typing import Final

from .budget import Budget
from .cards import Card
from .order import Order

DP_STATES: Final = 4500
_FIELD: Final = 8                # bits per width count in a packed remainder
_FIELD_MASK: Final = (1 << (_FIELD - 1)) - 1


def owed_widths(widths: list[int]) -> tuple[list[int], int]:
    """The distinct owed widths, widest first, and their counts packed as :class:`WidthStates`
    takes them (a ``_FIELD``-bit field per width, in that order)."""
    kinds = sorted(set(widths), reverse=True)
    return kinds, sum(widths.count(w) << (_FIELD * i) for i, w in enumerate(kinds))


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
            plays.append(tuple(self.order.sorted_cards(acc)))
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

