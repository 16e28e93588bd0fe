"""The realization search: whether disjoint parts of a holding form every unit of a shape
(rules section 7, 7.1).

Cards of one effective suit are a count map ``{card: copies}``; the search reads them as a
:class:`Holding` (copies in a list by card index) and places the owed units one by one, largest
first, on the runs of :mod:`rules.runs`, breaking wider groups where needed and, where
``wider_substitutes``, letting a wider unit of the same card count stand for a narrower one.
:func:`realizes` answers yes or no, :func:`realize` gives one realization.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Final

from .budget import Budget
from .cards import CARD_KINDS, size_and_most
from .formats import Realization, Shape
from .order import Order
from .runs import CODE_BITS, CODE_MASK, run_codes, run_of, runs
from .violations import InputError


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
    search = _Search(holding, owed, order, wider, budget, usable)
    if not search.place(0):
        return None
    out: Realization = []
    work = holding.work
    for j in range(len(search.codes)):
        w = search.widths[j]
        l = search.lengths[j]
        out.append(((w, l), run_of(search.codes[j], l)))
        _add(work, search.codes[j], l, w)
    return out


class _Search:
    """One realization search: the holding's copies by card index (``work``: taken while units are
    placed, given back as they are lifted), the owed units (``need``, and ``same``: whether each
    equals the one before it), what a placement may use (``wider``, ``top``, ``usable``), the units
    placed so far (widths, lengths and run codes, :func:`rules.runs.run_codes`) and the positions
    known to fail."""

    def __init__(self, holding: Holding, owed: Needed, order: Order, wider: bool, budget: Budget,
                 usable: Usable | None) -> None:
        self.work = holding.work
        self.cards = holding.ordered()
        self.top = holding.top
        self.need = owed.units
        self.same = owed.same
        self.order = order
        self.wider = wider
        self.budget = budget
        self.usable = usable
        self.widths: list[int] = []
        self.lengths: list[int] = []
        self.codes: list[int] = []
        self.failed: set[tuple[int, int, int, int, bytes]] = set()

    def place(self, i: int) -> bool:
        """Places ``need[i:]`` on top of the units placed, remembering the positions that fail (the
        first placement is tried once and needs none).  A unit equal to the one before it is placed
        no lower than that one (by shape, then run code), so equal units are placed in one order only."""
        need = self.need
        if i == len(need):
            return True
        self.budget.spend()
        work = self.work
        same_as_prev = self.same[i]
        prev_w = 0
        prev_l = 0
        prev_code = 0
        key = (0, 0, 0, 0, b"")
        if i:
            if same_as_prev:
                prev_w = self.widths[-1]
                prev_l = self.lengths[-1]
                prev_code = self.codes[-1]
                key = (i, prev_w, prev_l, prev_code, bytes(work))
            else:
                key = (i, -1, 0, 0, bytes(work))
            if key in self.failed:
                return False
        owed, tag = need[i]
        usable = self.usable
        for shape in substitutes(owed, self.top, self.wider):
            w, l = shape
            if same_as_prev and (w < prev_w or (w == prev_w and l < prev_l)):
                continue
            at_prev = same_as_prev and w == prev_w and l == prev_l
            allowed = usable(w, tag) if usable is not None else None
            for code in run_codes(work, self.order, w, l, self.cards, allowed):
                if at_prev and code < prev_code:
                    continue
                _add(work, code, l, -w)
                self.widths.append(w)
                self.lengths.append(l)
                self.codes.append(code)
                if self.place(i + 1):
                    return True
                self.widths.pop()
                self.lengths.pop()
                self.codes.pop()
                _add(work, code, l, w)
        if i:
            self.failed.add(key)
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

