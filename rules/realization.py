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

