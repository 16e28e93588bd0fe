"""What the score still allows: the points → levels table of a ruleset, and the rows a hand in
progress can still reach (rules sections 9, 11 and 14.5).

- :func:`score_table` -- every row of the ruleset's table at its deck count: the attackers' final
  points ``from``..``to`` (inclusive; None where unbounded), the outcome and the levels the table gives
  (before ``must_defend``, ``last_level`` and ``bonus_level``, which depend on the seats).
- :func:`reachable` -- the rows a hand can still end in, from the attackers' points so far and what is
  left in play.

Readings where the rules are silent:

- The table is listed over every total a hand can reach: from the lowest (0, or below it where
  ``last_trick_penalty`` or ``throw_penalty`` make negative totals possible) to the decks' card points
  plus the largest kitty bonus (the kitty's best point cards times the largest multiplier a last lead
  can have; without a kitty under ``no_kitty_last_trick_multiplied``, the decks' points multiplied), at
  most :data:`SPAN` decks' points either way.  The first row starts at None
  (every lower total), the last ends at None (every higher total gives at least its levels).
- Points left in play are the card points not yet won in tricks (the cards in hands and on the table;
  the kitty's cards excluded), and the kitty's points at the largest multiplier a last lead of the
  cards still in each hand can have; every trick left may carry one failed throw's penalty either way.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .cards import POINT_VALUES, points_of
from .decks import deck_copies
from .ruleset import Ruleset
from .scoring import ATTACKERS_TAKE_OVER, DEALER_KEEPS, kitty_multiplier, outcome

SPAN: Final = 4     # the table is listed at most this many times the decks' points either side of 0


@dataclass(frozen=True)
class Row:
    low: int | None         # inclusive; None: every lower total
    high: int | None        # inclusive; None: every higher total
    outcome: str            # DEALER_KEEPS or ATTACKERS_TAKE_OVER
    levels: int


@dataclass(frozen=True)
class Outlook:
    decided: bool
    rows: tuple[Row, ...]
    points_left: int
    low: int                # the lowest and highest totals the attackers can still end with
    high: int


def largest_multiplier(ruleset: Ruleset, cards: int) -> int:
    """The largest kitty multiplier (section 9) of a last lead of at most ``cards`` cards: one unit, or
    where throws are allowed a throw of them all (the schemes that count the cards led)."""
    best = 1
    for w in range(1, ruleset.decks + 1):
        for length in range(1, max(1, cards // w) + 1):
            if w * length > cards or (length > 1 and w < max(2, ruleset.tractor_min_width)):
                continue
            if length > 1 and length < ruleset.tractor_min_length:
                continue
            best = max(best, kitty_multiplier(ruleset, [(w, length)]))
    if ruleset.throws and cards > 1:          # a throw: the schemes that count every card led
        best = max(best, kitty_multiplier(ruleset, [(1, 1)] * cards))
    return best


def _kitty_points_max(ruleset: Ruleset) -> int:
    copies = deck_copies(ruleset)
    values = sorted((POINT_VALUES[c] for c in range(52) for _ in range(copies[c])), reverse=True)
    return sum(values[:ruleset.kitty])


def _bounds(ruleset: Ruleset) -> tuple[int, int]:
    total = max(5, sum(POINT_VALUES[c] * n for c, n in enumerate(deck_copies(ruleset))))
    m = largest_multiplier(ruleset, ruleset.hand_size)
    if ruleset.kitty:
        bonus = _kitty_points_max(ruleset) * m
    else:
        bonus = total * (m - 1) if ruleset.no_kitty_last_trick_multiplied else 0
    high = min(total + bonus, SPAN * total)
    negative = ruleset.last_trick_penalty or ruleset.throw_penalty > 0
    return (-high if negative else 0), high


@lru_cache(maxsize=256)
def score_table(ruleset: Ruleset) -> tuple[Row, ...]:
    """The ruleset's points → levels rows over every total a hand can reach, each a run of totals
    (multiples of 5) with one outcome and one number of levels; adjacent rows differ."""
    lo, hi = _bounds(ruleset)
    rows: list[Row] = []
    p = lo
    while p <= hi:
        res = outcome(ruleset, p)
        kind = DEALER_KEEPS if res.side == "dealer" else ATTACKERS_TAKE_OVER
        if rows and rows[-1].outcome == kind and rows[-1].levels == res.levels:
            rows[-1] = Row(rows[-1].low, p, kind, res.levels)
        else:
            rows.append(Row(p, p, kind, res.levels))
        p += 5
    rows[0] = Row(None, rows[0].high, rows[0].outcome, rows[0].levels)
    rows[-1] = Row(rows[-1].low, None, rows[-1].outcome, rows[-1].levels)
    return tuple(rows)


def reachable(ruleset: Ruleset, attackers: int, hands: Sequence[Sequence[int]], on_table: Sequence[int],
              kitty: Sequence[int], over: bool = False) -> Outlook:
    """The rows the hand can still end in: ``attackers`` is their total so far (penalties included),
    ``hands`` every seat's cards now, ``on_table`` the cards of the trick in progress, ``kitty`` the
    kitty as it stands (the buried cards once the dealer has buried)."""
    cards_left = sum(points_of(h) for h in hands) + points_of(on_table)
    in_hand = max((len(h) for h in hands), default=0) + (1 if on_table else 0)
    m = largest_multiplier(ruleset, max(1, in_hand))
    kitty_points = points_of(kitty)
    bonus = kitty_points * m if kitty else (cards_left * (m - 1) if ruleset.no_kitty_last_trick_multiplied else 0)
    loss = 0
    if ruleset.last_trick_penalty:
        loss = kitty_points * m if kitty else (cards_left * m if ruleset.no_kitty_last_trick_multiplied else 0)
    tricks_left = in_hand
    swing = ruleset.throw_penalty * tricks_left
    left = 0 if over else cards_left + bonus
    low = attackers if over else attackers - loss - swing
    high = attackers if over else attackers + left + swing
    rows = tuple(r for r in score_table(ruleset) if (r.high is None or r.high >= low) and (r.low is None or r.low <= high))
    return Outlook(len(rows) == 1, rows, left, low, high)
