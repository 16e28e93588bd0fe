"""Units, tractors and the canonical decomposition of a play (rules sections 5 and 6).

A unit is ``width`` identical cards at each of ``length`` adjacent cards of one effective suit
(adjacency from :mod:`rules.order`); a run (``length`` ≥ 2) is a unit only when it is at least as
wide and as long as the ruleset's smallest tractor (section 14.3, :meth:`rules.order.Order.is_unit`).
:func:`run_codes` (under :func:`runs`) and :func:`longest_runs` are the one place that reads that
requirement: everything that forms, owes, compares or scores a tractor finds it through them.
Cards of one effective suit are handled as a count map ``{card: copies}``; the realization search
reads them as a :class:`Holding` (copies in a list by card index).  :func:`realizes` answers whether
disjoint parts of such a map form every unit of a shape, breaking wider groups where needed and,
where ``wider_substitutes``, letting a wider unit of the same card count stand for a narrower one.

Decision: a run never uses the same card twice (natural adjacency could otherwise close A..A).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .cards import CARD_KINDS, CARDS, PRETTY_NAMES, Card
from .order import SUIT_LABELS, Order, Trump, order_for
from .ruleset import Ruleset
from .violations import InputError

KIND_NAMES: Final = {1: "single", 2: "pair", 3: "triple", 4: "quad"}
SPLIT_WORK: Final = 20000

Shape = tuple[int, int]                          # (width, length)
Run = tuple[int, ...]                            # the distinct cards of a unit, low to high
Placement = tuple[Shape, Run]                    # a unit of a shape on a run
Realization = list[Placement]
UnitKey = tuple[int, int, int]
SplitUnit = tuple[Shape, Run, int]               # a placement and its top card's Order.seq
Split = tuple[tuple[UnitKey, ...], tuple[int, ...], tuple[SplitUnit, ...]]   # keys, tie-break, units


@dataclass(init=False, unsafe_hash=True)
class Unit:
    """``width`` copies of each card in ``cards`` (a run, low to high in chain order).

    The engine's hot values (units, formats, verdicts, trick results, orders) are written this
    way: ``Final`` fields (mypy refuses any assignment after ``__init__``, and so does the compiled
    build at run time), an ``__init__`` written out (both builds run it at full speed, where a
    frozen dataclass's generated one sets each field through ``object.__setattr__``), and eq,
    hash and repr generated from the fields."""

    width: Final[int]
    length: Final[int]
    cards: Final[tuple[Card, ...]]

    def __init__(self, width: int, length: int, cards: tuple[Card, ...]) -> None:
        self.width = width
        self.length = length
        self.cards = cards

    @property
    def size(self) -> int:
        return self.width * self.length

    @property
    def kind(self) -> str:
        return unit_kind(self.width, self.length)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.width, self.length)

    @property
    def all_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards for _ in range(self.width))

    def describe(self) -> str:
        """``the tractor 7♠7♠8♠8♠``, ``the pair 9♥9♥``."""
        return describe_unit(self.width, self.length, self.cards)


@dataclass(init=False, unsafe_hash=True)
class Format:
    """The canonical decomposition of a play (section 6): units by (cards, width, length) descending
    (a hot value: see :class:`Unit`)."""

    suit: Final[str]
    units: Final[tuple[Unit, ...]]
    is_throw: Final[bool]

    def __init__(self, suit: str, units: tuple[Unit, ...], is_throw: bool) -> None:
        self.suit = suit
        self.units = units
        self.is_throw = is_throw

    @property
    def size(self) -> int:
        return sum(u.size for u in self.units)

    @property
    def largest_unit(self) -> Unit:
        return self.units[0]


def size_and_most(counts: dict[int, int]) -> tuple[int, int]:
    """The cards of ``{card: copies}`` and the most copies of one card (0 and 0 for none)."""
    size = 0
    most = 0
    for k in counts.values():
        size += k
        if k > most:
            most = k
    return size, most


def unit_key(shape: tuple[int, int]) -> tuple[int, int, int]:
    """Section 6 order of units: card count, then width, then length."""
    w, l = shape
    return (w * l, w, l)


# -- runs --------------------------------------------------------------------------------------
def runs(counts: dict[int, int], order: Order, width: int, length: int) -> list[Run]:
    """Every run of ``length`` distinct adjacent cards, each held at least ``width`` times, in the
    order of :func:`run_codes` (its first card low to high in ``seq`` order).  None when ``(width,
    length)`` is no unit (a run shorter or narrower than the smallest tractor, section 14.3)."""
    cards = order.by_seq(counts)
    if length == 1:                 # no adjacency read: the cards held ``width`` times
        return [(CARDS[c],) for c in cards if counts[c] >= width]
    work = [0] * CARD_KINDS
    for c, k in counts.items():
        work[c] = k
    return [run_of(code, length) for code in run_codes(work, order, width, length, cards, None)]


CODE_BITS: Final = 6                             # a card index in a run's code (54 cards < 64)
CODE_MASK: Final = 63


def run_codes(work: list[int], order: Order, width: int, length: int, cards: list[int],
              allowed: list[bool] | None) -> list[int]:
    """The runs of :func:`runs` in ``work`` (copies by card index) starting at ``cards`` (low to
    high; ``allowed``: by card index, the only cards a run may use, when some are reserved), each
    as its code: its cards' indices, ``CODE_BITS`` apiece, the first card in the highest place.
    Codes of one length compare as the runs' card tuples do.

    A list, not a generator: the runs of one shape in one suit are few, and a compiled generator
    costs more per run than building the list."""
    out: list[int] = []
    if length > 1 and (width < order.tractor_width or length < order.tractor_length):
        return out
    next_first = order.next_first
    for c in cards:
        if work[c] < width or (allowed is not None and not allowed[c]):
            continue
        if length == 1:
            out.append(c)
        elif length == 2:           # _extend's first step, without its recursion
            for d in next_first[c]:
                if work[d] >= width and d != c and (allowed is None or allowed[d]):
                    out.append((c << CODE_BITS) | d)
        else:
            _extend(c, c, 1, work, order, width, length, allowed, out)
    return out


def _extend(code: int, last: int, size: int, work: list[int], order: Order, width: int, length: int,
            allowed: list[bool] | None, out: list[int]) -> None:
    nxt = order.next_first[last] if size == 1 else order.next_mid[last]
    for d in nxt:
        if work[d] >= width and not _on_run(code, size, d) and (allowed is None or allowed[d]):
            longer = (code << CODE_BITS) | d
            if size + 1 == length:
                out.append(longer)
            else:
                _extend(longer, d, size + 1, work, order, width, length, allowed, out)


def _on_run(code: int, size: int, c: int) -> bool:
    """Whether card ``c`` is one of the ``size`` cards of a run's code."""
    for _ in range(size):
        if code & CODE_MASK == c:
            return True
        code >>= CODE_BITS
    return False


def run_of(code: int, length: int) -> Run:
    """The cards of a run's code, first to last."""
    cards: list[Card] = [CARDS[0]] * length
    for k in range(length - 1, -1, -1):
        cards[k] = CARDS[code & CODE_MASK]
        code >>= CODE_BITS
    return tuple(cards)


def longest_runs(counts: dict[int, int], order: Order, width: int) -> int:
    """The greatest length of a unit at ``width``: of a run, when it is a tractor (section 14.3),
    else 1 (0 when no card has ``width`` copies).  Every length from the smallest tractor's up to
    it is held too (a run's prefixes are runs).

    Longest paths are memoized per card inside a run; a card that may start a run but not sit
    inside one (natural adjacency's A) is searched from explicitly, so no run repeats a card."""
    best = _longest_by_tiers(counts, order, width)
    if best >= 0:
        if best > 1 and (width < order.tractor_width or best < order.tractor_length):
            return 1
        return best
    inner: dict[int, int] = {}
    nxt_mid = order.next_mid
    nxt_first = order.next_first
    best = 0
    for c, k in counts.items():
        if k < width:
            continue
        if nxt_first[c] == nxt_mid[c]:
            found = _longest_inside(c, counts, nxt_mid, width, inner)
        else:
            found = _longest_from((c,), counts, order, width)
        if found > best:
            best = found
    if best > 1 and (width < order.tractor_width or best < order.tractor_length):
        return 1
    return best


def _longest_by_tiers(counts: dict[int, int], order: Order, width: int) -> int:
    """:func:`longest_runs` before the tractor requirement, where adjacency is the next tier up
    (side suits, and trumps under trump-order adjacency): a run takes one card of each of
    consecutive strengths, so its greatest length is the longest streak of consecutive strengths
    held ``width`` times; -1 where adjacency is natural in trumps or the cards are of several suits."""
    eff = order.eff
    strength = order.strength
    suit = -1
    levels: list[int] = []
    for c, k in counts.items():
        e = eff[c]
        if suit < 0:
            suit = e
            if not order.climbs_by_tier(e):
                return -1
        elif e != suit:
            return -1
        if k >= width:
            levels.append(strength[c])
    levels.sort()
    best = 0
    streak = 0
    prev = -2
    for t in levels:
        if t == prev:
            continue
        streak = streak + 1 if t == prev + 1 else 1
        prev = t
        if streak > best:
            best = streak
    return best


def _longest_inside(c: int, counts: dict[int, int], nxt_mid: tuple[tuple[int, ...], ...], width: int,
                    inner: dict[int, int]) -> int:
    """The longest run from ``c`` on, ``c`` inside a run (memoized in ``inner``)."""
    hit = inner.get(c)
    if hit is None:
        hit = 1
        for d in nxt_mid[c]:
            if counts.get(d, 0) >= width:
                found = 1 + _longest_inside(d, counts, nxt_mid, width, inner)
                if found > hit:
                    hit = found
        inner[c] = hit
    return hit


def _longest_from(path: Run, counts: dict[int, int], order: Order, width: int) -> int:
    nxt = order.next_first[path[-1]] if len(path) == 1 else order.next_mid[path[-1]]
    best = len(path)
    for d in nxt:
        if counts.get(d, 0) >= width and d not in path:
            best = max(best, _longest_from(path + (d,), counts, order, width))
    return best


def available_units(counts: dict[int, int], order: Order) -> list[Unit]:
    """Every distinct unit that ``counts`` holds (for lead options)."""
    out: list[Unit] = []
    if not counts:
        return out
    top = max(counts.values())
    for w in range(1, top + 1):
        for run in runs(counts, order, w, 1):
            out.append(Unit(w, 1, (CARDS[run[0]],)))
        if w < max(2, order.tractor_width):
            continue
        length = max(2, order.tractor_length)
        while True:
            found = [Unit(w, length, tuple(CARDS[c] for c in r)) for r in runs(counts, order, w, length)]
            if not found:
                break
            out.extend(found)
            length += 1
    out.sort(key=lambda u: (unit_key(u.shape), max(order.seq[c] for c in u.cards)), reverse=True)
    return out


# -- realization -------------------------------------------------------------------------------
def substitutes(shape: tuple[int, int], top_width: int, wider: bool) -> list[tuple[int, int]]:
    """The unit shapes that can stand for ``shape``: itself, and wider same-size units (section 7)."""
    w, l = shape
    out = [shape]
    if wider:
        size = w * l
        for w2 in range(w + 1, min(size, top_width) + 1):
            if size % w2 == 0:
                out.append((w2, size // w2))
    return out


class WorkExceeded(Exception):
    """A search ran past its work bound."""


class Budget:
    """A bound on search steps, shared by the searches of one request."""

    __slots__ = ("left",)

    def __init__(self, steps: int):
        self.left = steps

    def spend(self, steps: int = 1) -> None:
        self.left -= steps
        if self.left < 0:
            raise WorkExceeded


REALIZE_WORK: Final = 50000


Usable = Callable[[int, bool], "list[bool] | None"]       # (width, tag) -> cards allowed, by index


def realizes(counts: dict[int, int], shapes: Sequence[tuple[int, int]], order: Order,
             wider: bool, budget: Budget | None = None, tags: Sequence[bool] | None = None,
             usable: Usable | None = None) -> bool:
    """Whether disjoint parts of ``counts`` form a unit of every shape (singles are ignored)."""
    return realize(counts, shapes, order, wider, budget, tags, usable) is not None


def realize(counts: dict[int, int], shapes: Sequence[tuple[int, int]], order: Order,
            wider: bool, budget: Budget | None = None, tags: Sequence[bool] | None = None,
            usable: Usable | None = None) -> Realization | None:
    """One realization: a list of (shape used, run) in the order of ``shapes`` sorted large first.

    ``tags`` (one per shape) and ``usable`` carry reservations (section 7.1): a unit of a shape
    tagged ``t``, realized at width ``w``, may use only the cards ``usable(w, t)`` allows (all when
    None).  Raises :class:`WorkExceeded` when the search needs more steps than ``budget`` allows."""
    owed = needed(tuple(shapes), tuple(tags) if tags is not None else None)
    if not owed.units:
        return []
    return realize_in(Holding(counts, order), owed, order, wider,
                      budget if budget is not None else Budget(REALIZE_WORK), usable)


class Needed:
    """Owed shapes as the realization search takes them (:func:`needed`): the units other than
    singles, each with its tag, by unit key then tag, high first; whether each repeats the one
    before it; and their cards in all and widest width."""

    units: Final[tuple[tuple[Shape, bool], ...]]
    same: Final[tuple[bool, ...]]
    size: Final[int]
    widest: Final[int]

    def __init__(self, units: tuple[tuple[Shape, bool], ...], same: tuple[bool, ...]) -> None:
        self.units = units
        self.same = same
        size = 0
        widest = 0
        for item in units:
            w, l = item[0]
            size += w * l
            if w > widest:
                widest = w
        self.size = size
        self.widest = widest


@lru_cache(maxsize=256)
def needed(shapes: tuple[tuple[int, int], ...], tags: tuple[bool, ...] | None) -> Needed:
    """The :class:`Needed` of ``shapes`` with their ``tags`` (equal keys are equal items, so no order
    among them is lost; remembered: one obligation asks about the same owed units many times)."""
    keyed: list[tuple[int, int, int, bool]] = []
    for i in range(len(shapes)):
        w, l = shapes[i]
        if w != 1 or l != 1:
            keyed.append((w * l, w, l, tags[i] if tags is not None else False))
    keyed.sort()
    keyed.reverse()
    units = [((k[1], k[2]), k[3]) for k in keyed]
    same = [False] * len(units)
    for j in range(1, len(units)):
        same[j] = units[j] == units[j - 1]
    return Needed(tuple(units), tuple(same))


class Holding:
    """A count map as the realization search reads it: copies by card index (every search leaves
    them as they were, so one holding serves several searches), the number of cards
    and the most copies of one, and the cards low to high (sorted when first read)."""

    work: Final[list[int]]
    size: Final[int]
    top: Final[int]

    def __init__(self, counts: dict[int, int], order: Order) -> None:
        size, top = size_and_most(counts)
        if top > 255:
            raise InputError(f"a card is held {top} times; no deal of eight decks or fewer holds it so often")
        work = [0] * CARD_KINDS
        for c, k in counts.items():
            work[c] = k
        self.work = work
        self.size = size
        self.top = top
        self._counts = counts
        self._order = order
        self._ordered: list[int] | None = None

    def ordered(self) -> list[int]:
        got = self._ordered
        if got is None:
            got = self._ordered = self._order.by_seq(self._counts)
        return got


def realize_in(holding: Holding, owed: Needed, order: Order, wider: bool, budget: Budget,
               usable: Usable | None) -> Realization | None:
    """:func:`realize` of the owed units in a holding."""
    if owed.size > holding.size or owed.widest > holding.top:
        return None
    used: list[int] = []
    codes: list[int] = []
    work = holding.work
    if _place(work, owed.units, owed.same, 0, order, wider, holding.top, used, codes, set(),
              holding.ordered(), 0, 0, budget, usable):
        out: Realization = []
        for j in range(len(used)):
            w = used[j] >> 8
            l = used[j] & 255
            out.append(((w, l), run_of(codes[j], l)))
            _add(work, codes[j], l, w)
        return out
    return None


def _place(work: list[int], need: tuple[tuple[Shape, bool], ...], same: tuple[bool, ...], i: int,
           order: Order, wider: bool, top: int, used: list[int], codes: list[int],
           failed: set[tuple[int, int, int, bytes]], ordered: list[int], prev_shape: int, prev_code: int,
           budget: Budget, usable: Usable | None) -> bool:
    """Places ``need[i:]`` in ``work`` (copies by card index), each unit as its shape (``width << 8 |
    length``, in ``used``) and its run's code (:func:`run_codes`, in ``codes``), remembering the
    failed positions (the first placement is tried once and needs none); ``same[i]``: whether
    ``need[i]`` equals ``need[i - 1]``, whose placement then bounds this one's from below (equal
    units are placed in one order only)."""
    if i == len(need):
        return True
    budget.spend()
    same_as_prev = same[i]
    key = (0, 0, 0, b"")
    if i:
        key = (i, prev_shape, prev_code, bytes(work)) if same_as_prev else (i, -1, 0, bytes(work))
        if key in failed:
            return False
    owed, tag = need[i]
    for shape in substitutes(owed, top, wider):
        w, l = shape
        code_of_shape = (w << 8) | l
        if same_as_prev and code_of_shape < prev_shape:
            continue
        allowed = usable(w, tag) if usable is not None else None
        for code in run_codes(work, order, w, l, ordered, allowed):
            if same_as_prev and code_of_shape == prev_shape and code < prev_code:
                continue
            _add(work, code, l, -w)
            used.append(code_of_shape)
            codes.append(code)
            if _place(work, need, same, i + 1, order, wider, top, used, codes, failed, ordered,
                      code_of_shape, code, budget, usable):
                return True
            used.pop()
            codes.pop()
            _add(work, code, l, w)
    if i:
        failed.add(key)
    return False


def _add(work: list[int], code: int, length: int, copies: int) -> None:
    """Adds ``copies`` (taken where negative) of each card of a run's code to ``work``."""
    for _ in range(length):
        c = code & CODE_MASK
        work[c] = work[c] + copies
        code >>= CODE_BITS


def all_realizations(counts: dict[int, int], shapes: Sequence[tuple[int, int]], order: Order,
                     wider: bool, limit: int = 2000,
                     budget: Budget | None = None) -> Iterator[Realization]:
    """Every realization of ``shapes`` (in the given order, singles included), up to ``limit``;
    equal shapes next to each other are filled in one order only."""
    work = dict(counts)
    top = max(work.values()) if work else 0
    produced = [0]
    spend = (budget if budget is not None else Budget(REALIZE_WORK)).spend

    def rec(i: int, chosen: Realization) -> Iterator[Realization]:
        if produced[0] >= limit:
            return
        spend()
        if i == len(shapes):
            produced[0] = produced[0] + 1
            yield list(chosen)
            return
        same_as_prev = i > 0 and shapes[i] == shapes[i - 1]
        for shape in substitutes(shapes[i], top, wider):
            w, l = shape
            for run in runs(work, order, w, l):
                if same_as_prev and (shape, run) < chosen[-1]:
                    continue
                for c in run:
                    work[c] = work[c] - w
                chosen.append((shape, run))
                yield from rec(i + 1, chosen)
                chosen.pop()
                for c in run:
                    work[c] = work[c] + w

    return rec(0, [])


# -- decomposition -----------------------------------------------------------------------------
def decompose(rules: Ruleset, trump: Trump, cards: Iterable[int]) -> Format:
    """The canonical decomposition of a lead or play of one effective suit (section 6)."""
    return decompose_with(order_for(rules, trump), cards)


def decompose_with(order: Order, given: Iterable[int]) -> Format:
    """:func:`decompose` with the order built; cards of several effective suits decompose only as a
    rainbow (section 14.2, where ``rainbow_min`` is set)."""
    cards: tuple[int, ...] = tuple(given)
    if not cards:
        raise InputError("a play needs at least one card")
    eff = order.eff
    if len(cards) <= 2 and cards[0] == cards[-1]:        # a single or a pair: the order's table
        return order.kinds[len(cards) - 1][cards[0]]
    first = eff[cards[0]]
    for c in cards:
        if eff[c] != first:
            return _rainbow(order, cards)
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


def _rainbow(order: Order, cards: tuple[int, ...]) -> Format:
    """Cards of several effective suits: a rainbow lead's format (section 14.2), where they are one."""
    from .rainbows import rainbow_format  # rainbows builds on this module
    fmt = rainbow_format(order, cards)
    if fmt is None:
        raise InputError("the cards are not all of one effective suit")
    return fmt


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


def unit_kind(width: int, length: int) -> str:
    """``tractor``, ``single``, ``pair``, ``triple``, ``quad`` or ``n-kind``."""
    return "tractor" if length > 1 else KIND_NAMES.get(width, "n-kind")


def describe_unit(width: int, length: int, run: tuple[int, ...]) -> str:
    """``the tractor 7♠7♠8♠8♠``: ``width`` copies of each card of ``run``."""
    names: list[str] = []
    for c in run:
        name = PRETTY_NAMES[c]
        for _ in range(width):
            names.append(name)
    return f"the {unit_kind(width, length)} {''.join(names)}"


def describe_realization(realization: Realization) -> str:
    """``the pair 9♥9♥ and the single 7♥``: each placement as :meth:`Unit.describe` gives it."""
    parts: list[str] = []
    for placement in realization:
        shape, run = placement
        parts.append(describe_unit(shape[0], shape[1], run))
    return " and ".join(parts)


def times_range(poly: list[int], m: int, k: int) -> list[int]:
    """``poly`` × (1 + x + … + x^m), truncated at degree ``k``: the counts by size of sub-multisets, one
    card of ``m`` copies more."""
    new = [0] * (k + 1)
    running = 0
    for d in range(k + 1):
        running += poly[d]
        if d - m - 1 >= 0:
            running -= poly[d - m - 1]
        new[d] = running
    return new
