"""Runs: the cards a tractor can stand on (rules sections 5 and 14.3).

A run is ``length`` distinct cards of one effective suit, each adjacent above the one before it
(adjacency from :mod:`rules.order`), held at least ``width`` times; a run (``length`` ≥ 2) is a
unit only when it is at least as wide and as long as the ruleset's smallest tractor (section 14.3,
:meth:`rules.order.Order.is_unit`).  :func:`run_codes` (under :func:`runs`) and
:func:`longest_runs` are the one place that reads that requirement: everything that forms, owes,
compares or scores a tractor finds it through them.

Decision: a run never uses the same card twice (natural adjacency could otherwise close A..A).
"""
from __future__ import annotations

from typing import Final

from .cards import CARD_KINDS, CARDS, Card
from .formats import Run, Unit, unit_key
from .order import Order


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
    Codes of one length compare as the runs' card tuples do."""
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

