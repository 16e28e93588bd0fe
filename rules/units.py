"""Units, tractors and the canonical decomposition of a play (RULES.md sections 5 and 6).

A unit is ``width`` identical cards at each of ``length`` adjacent cards of one effective suit
(adjacency from :mod:`rules.order`).  Cards of one effective suit are handled as a count map
``{card: copies}``.  :func:`realizes` answers whether disjoint parts of such a map form every unit
of a shape, breaking wider groups where needed and, where ``wider_substitutes``, letting a wider
unit of the same card count stand for a narrower one.

Decision: a run never uses the same card twice (natural adjacency could otherwise close A..A).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from .cards import CARDS, Card, pretty_cards
from .order import SUIT_LABELS, Order, order_for
from .ruleset import Ruleset
from .violations import InputError

KIND_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}
SPLIT_WORK = 200


@dataclass(frozen=True)
class Unit:
    """``width`` copies of each card in ``cards`` (a run, low to high in chain order)."""

    width: int
    length: int
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        return self.width * self.length

    @property
    def kind(self) -> str:
        if self.length > 1:
            return "tractor"
        return KIND_NAMES.get(self.width, "n-kind")

    @property
    def shape(self) -> tuple[int, int]:
        return (self.width, self.length)

    @property
    def all_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards for _ in range(self.width))

    def describe(self) -> str:
        """``the tractor 7♠7♠8♠8♠``, ``the pair 9♥9♥``."""
        return f"the {self.kind} {pretty_cards(self.all_cards)}"


@dataclass(frozen=True)
class Format:
    """The canonical decomposition of a play (section 6): units by (cards, width, length) descending."""

    suit: str
    units: tuple[Unit, ...]
    is_throw: bool

    @property
    def size(self) -> int:
        return sum(u.size for u in self.units)

    @property
    def largest_unit(self) -> Unit:
        return self.units[0]


def unit_key(shape: tuple[int, int]) -> tuple[int, int, int]:
    """Section 6 order of units: card count, then width, then length."""
    w, l = shape
    return (w * l, w, l)


# -- runs --------------------------------------------------------------------------------------
def runs(counts: dict[int, int], order: Order, width: int, length: int,
         ordered: Sequence[int] | None = None) -> Iterator[tuple[int, ...]]:
    """Every run of ``length`` distinct adjacent cards, each held at least ``width`` times
    (``ordered``: the cards of ``counts`` low to high, when the caller has them)."""
    for c in ordered if ordered is not None else sorted(counts, key=order.seq.__getitem__):
        if counts[c] < width:
            continue
        if length == 1:
            yield (c,)
            continue
        yield from _extend((c,), counts, order, width, length)


def _extend(path, counts, order, width, length):
    nxt = order.next_first[path[-1]] if len(path) == 1 else order.next_mid[path[-1]]
    for d in nxt:
        if counts.get(d, 0) >= width and d not in path:
            p = path + (d,)
            if len(p) == length:
                yield p
            else:
                yield from _extend(p, counts, order, width, length)


def longest_runs(counts: dict[int, int], order: Order, width: int) -> int:
    """The greatest length of a run at ``width`` (0 when no card has ``width`` copies)."""
    best = 0
    for c in counts:
        if counts[c] >= width:
            best = max(best, _longest_from((c,), counts, order, width))
    return best


def _longest_from(path, counts, order, width):
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
        if w == 1:
            continue
        length = 2
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


REALIZE_WORK = 50000


def realizes(counts: dict[int, int], shapes: Sequence[tuple[int, int]], order: Order,
             wider: bool, budget: Budget | None = None) -> bool:
    """Whether disjoint parts of ``counts`` form a unit of every shape (singles are ignored)."""
    return realize(counts, shapes, order, wider, budget) is not None


def realize(counts: dict[int, int], shapes: Sequence[tuple[int, int]], order: Order,
            wider: bool, budget: Budget | None = None) -> list[tuple[tuple[int, int], tuple[int, ...]]] | None:
    """One realization: a list of (shape used, run) in the order of ``shapes`` sorted large first.

    Raises :class:`WorkExceeded` when the search needs more steps than ``budget`` allows."""
    need = sorted((s for s in shapes if s != (1, 1)), key=unit_key, reverse=True)
    if not need:
        return []
    if sum(w * l for w, l in need) > sum(counts.values()):
        return None
    work = dict(counts)
    top = max(work.values())
    if max(w for w, _ in need) > top:
        return None
    ordered = sorted(work, key=order.seq.__getitem__)
    chosen: list = []
    if _place(work, need, 0, order, wider, top, chosen, set(), ordered, None,
              budget if budget is not None else Budget(REALIZE_WORK)):
        return chosen
    return None


def _place(work, need, i, order, wider, top, chosen, failed, ordered, prev, budget):
    if i == len(need):
        return True
    budget.spend()
    same_as_prev = i > 0 and need[i] == need[i - 1]
    key = (i, prev if same_as_prev else None, *[work[c] for c in ordered])
    if key in failed:
        return False
    for shape in substitutes(need[i], top, wider):
        w, l = shape
        for run in runs(work, order, w, l, ordered):
            token = (shape, run)
            if same_as_prev and prev is not None and token < prev:
                continue
            for c in run:
                work[c] -= w
            chosen.append(token)
            if _place(work, need, i + 1, order, wider, top, chosen, failed, ordered, token, budget):
                return True
            chosen.pop()
            for c in run:
                work[c] += w
    failed.add(key)
    return False


def all_realizations(counts: dict[int, int], shapes: Sequence[tuple[int, int]], order: Order,
                     wider: bool, limit: int = 2000,
                     budget: Budget | None = None) -> Iterator[list[tuple[tuple[int, int], tuple[int, ...]]]]:
    """Every realization of ``shapes`` (in the given order, singles included), up to ``limit``;
    equal shapes next to each other are filled in one order only."""
    work = dict(counts)
    top = max(work.values()) if work else 0
    produced = [0]
    budget = budget if budget is not None else Budget(REALIZE_WORK)

    def rec(i, chosen):
        if produced[0] >= limit:
            return
        budget.spend()
        if i == len(shapes):
            produced[0] += 1
            yield list(chosen)
            return
        same_as_prev = i > 0 and shapes[i] == shapes[i - 1]
        for shape in substitutes(shapes[i], top, wider):
            w, l = shape
            for run in list(runs(work, order, w, l)):
                if same_as_prev and (shape, run) < chosen[-1]:
                    continue
                for c in run:
                    work[c] -= w
                chosen.append((shape, run))
                yield from rec(i + 1, chosen)
                chosen.pop()
                for c in run:
                    work[c] += w

    return rec(0, [])


# -- decomposition -----------------------------------------------------------------------------
def decompose(rules: Ruleset, trump, cards: Iterable[int]) -> Format:
    """The canonical decomposition of a lead or play of one effective suit (section 6)."""
    return decompose_with(order_for(rules, trump), cards)


def decompose_with(order: Order, cards: Iterable[int]) -> Format:
    cards = tuple(cards)
    if not cards:
        raise InputError("a play needs at least one card")
    eff = order.eff
    first = eff[cards[0]]
    counts: dict[int, int] = {}
    for c in cards:
        if eff[c] != first:
            raise InputError("the cards are not all of one effective suit")
        counts[c] = counts.get(c, 0) + 1
    units = _canonical(counts, order)
    return Format(SUIT_LABELS[first], tuple(units), len(units) > 1)


def _canonical(counts: dict[int, int], order: Order) -> list[Unit]:
    if len(counts) == 1:
        (c, n), = counts.items()
        return [Unit(n, 1, (CARDS[c],))]
    if max(counts.values()) == 1:
        return [Unit(1, 1, (CARDS[c],)) for c in sorted(counts, key=order.seq.__getitem__, reverse=True)]
    memo: dict = {}
    budget = [SPLIT_WORK]
    best = _best_split(counts, order, memo, budget)
    return [Unit(w, l, tuple(CARDS[c] for c in run)) for (w, l), run in best]


def _top_seq(order: Order, run) -> int:
    return max(order.seq[c] for c in run)


def _best_split(counts, order, memo, budget):
    """Lexicographically largest list of units by (cards, width, length); ties: higher cards first."""
    key = tuple(sorted(kv for kv in counts.items() if kv[1]))
    if key in memo:
        return memo[key]
    live = {c: n for c, n in counts.items() if n}
    if not live:
        return []
    candidates = _largest_units(live, order)
    budget[0] -= 1
    if budget[0] < 0:
        candidates = candidates[:1]
    best = None
    best_key = None
    for shape, run in candidates:
        w = shape[0]
        for c in run:
            live[c] -= w
        rest = _best_split(live, order, memo, budget)
        for c in run:
            live[c] += w
        result = [(shape, run)] + rest
        rk = [(unit_key(s), _top_seq(order, r)) for s, r in result]
        if best_key is None or rk > best_key:
            best, best_key = result, rk
    memo[key] = best
    return best


def _largest_units(live, order):
    """Every placement of the largest unit (by cards, width, length) that ``live`` holds."""
    best_key = None
    found = []
    for w in range(max(live.values()), 0, -1):
        shape = (w, longest_runs(live, order, w) if w > 1 else 1)
        k = unit_key(shape)
        if best_key is None or k > best_key:
            best_key, found = k, []
        if k == best_key:
            found.extend((shape, r) for r in runs(live, order, *shape))
    found.sort(key=lambda p: _top_seq(order, p[1]), reverse=True)
    return found


def describe_realization(realization) -> str:
    parts = []
    for (w, l), run in realization:
        parts.append(Unit(w, l, tuple(CARDS[c] for c in run)).describe())
    return " and ".join(parts)
