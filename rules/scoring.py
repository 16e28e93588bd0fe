"""Points, the kitty, settlement tables, levels, the next dealer and the qq ledger.

rules section 3 (``kitty_size``, ``kitty_multiplier``, ``last_trick_penalty``,
``no_kitty_last_trick_multiplied``, ``throw_penalty``, ``scoring``, ``uncapped``, ``must_defend``,
``first_level``/``last_level``, ``next_dealer``), 9 (points, the kitty, the last trick) and 11
(settlement).

Public functions:

- :func:`kitty_size`, :func:`check_exchange` / :func:`exchange` -- the dealer's kitty exchange;
- :func:`kitty_multiplier` -- the seven schemes of section 9, from a format's units;
- :func:`kitty_bonus` -- the change the kitty (or the multiplied last trick) makes to the attackers;
- :func:`penalty_points` -- failed-throw penalties as a change to the attackers' points;
- :func:`table_outcome`, :func:`table_step` -- the four scoring tables of section 11;
- :func:`steps_outcome` -- ``scoring: steps`` (section 14.5); :func:`outcome` picks by the ruleset;
- :func:`advance` -- moving one seat up the levels (``must_defend``, ``last_level``);
- :func:`next_dealer` -- both policies;
- :func:`ledger` -- the qq rules' rating points and coins;
- :func:`settle` -- all of it for one hand, as a :class:`Settlement`.

The last trick is passed to :func:`settle` as one value with ``winner`` (the seat that won it),
``format`` (the lead's format, a :class:`~rules.formats.Format` or its units) and ``points`` (the
point cards in it): a :class:`LastTrick`, or the ``TrickResult`` that ``rules.trick_winner`` returns
for the last trick, which has those three attributes.

Units are accepted as :class:`~rules.formats.Unit` objects (``.width``/``.length``), ``(width,
length)`` pairs, or a whole :class:`~rules.formats.Format` (``.units``).

Decisions where the rules are silent (the rule family named where one applies, else pagat.com):

- ``shengji-001`` with 1 deck stops at A+2 for 100 points or more (the shengji rules lists no further step);
  with 2 and 3 decks it goes on by one level per step (40, 60).
- ``uncapped`` adds one dealer level per *full* step below 0 (``-s`` adds one, ``-s + 5`` none), on
  top of the table's lowest row, for every table.
- Passing ``last_level`` (as the dealer side, the only way) counts as one level moved and ends the
  game; the seat stays on ``last_level`` in ``new_levels``.  A ``must_defend`` rank is passed only by a
  seat of the dealer side, when the dealer side keeps the deal and that rank is the level played
  this hand; any other seat moving onto it stops there.
- With find-friends every seat keeps its own level and moves from it; "the levels moved" used by the
  ledger are the most any seat of the winning side moved.
- ``partner-or-next`` under find-friends is applied literally: when the attackers take the deal the
  seat after the dealer deals, whichever side it was on.
- The kitty bonus (section 9) needs a kitty of at least one card; ``no_kitty_last_trick_multiplied``
  applies when the kitty is empty.  ``last_trick_penalty`` counts the cards of the lead (its format),
  so a single-card last trick never costs the attackers anything.
- ``scoring: steps`` (section 14.5) is the formula of the text, with integer division rounding
  towards −∞ (``whole``: −5 points is one step below 0).  ``bonus_level: smaller-dealer-team``
  counts the dealer team's seats at the end of the hand against 1 + the number of calls (the
  record's; ``settle``'s ``friend_calls``, else section 12's default), under any ``scoring``.
- ``jack_rule: back-to-two`` (section 14.4): the last trick's winning play is one card, a J, played by
  an attacker, at level J.  Every seat of the dealer's team starts the level changes from
  ``first_level``; ``level_changes`` is then each seat's net move (new level minus old), and the
  levels a side "goes up" (the sentence, the ledger) are counted from where it starts.
- Ledger (the qq rules): the dealer side's rating gain is ``min(4, levels + 1)``; the attackers' is
  ``2 + levels``; the factor ×2 / ×3 looks at every seat's rating (all 80..299 / all ≥ 300); the
  result is capped at 300 per hand; each winner gains it and each loser loses it.  Coins: each
  loser pays ``X·N``, each winner receives ``X·N·0.9`` (an int when whole), with unequal teams too.
  Without a room coefficient the ledger has rating changes only (``coin_changes`` is None).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from .cards import CARDS, PRETTY_NAMES, Card, expand, points_of, rank_name, rank_value, tally
from .friends import default_friend_count
from .match import games_won as _games_won
from .match import new_games_won, wraps
from .ruleset import BonusLevel, JackRule, KittyMultiplier, NextDealer, Partnership, Ruleset, Scoring, ZeroWindow
from .violations import InputError, Violation, count_of

DEALER_KEEPS: Final = "dealer-keeps"
ATTACKERS_TAKE_OVER: Final = "attackers-take-over"


class ScoringError(InputError):
    """A settlement the rules do not define (a table without a row for the deck count)."""


# -- units -------------------------------------------------------------------------------------------
def unit_shapes(units: Any) -> list[tuple[int, int]]:
    """Normalize a Format, a Unit, a (w, L) pair or a sequence of those to (w, L) pairs in section 6
    order (card count, width, length; descending)."""
    if hasattr(units, "units"):
        units = units.units
    if hasattr(units, "width") or (isinstance(units, tuple) and len(units) == 2
                                   and all(isinstance(x, int) for x in units)):
        units = [units]
    shapes: list[tuple[int, int]] = []
    for u in units:
        if hasattr(u, "width"):
            w, l = int(u.width), int(u.length)
        else:
            w, l = (int(x) for x in u)
        if w < 1 or l < 1 or (l > 1 and w < 2):
            raise InputError(f"({w}, {l}) is not a unit: width and length are at least 1, "
                             "and a length of 2 or more needs a width of 2 or more", "units")
        shapes.append((w, l))
    if not shapes:
        raise InputError("a format has at least one unit", "units")
    shapes.sort(key=lambda s: (s[0] * s[1], s[0], s[1]), reverse=True)
    return shapes


def kitty_multiplier(scheme: Ruleset | KittyMultiplier | str, units: Any) -> int:
    """The kitty multiplier of section 9 for the last trick's (lead) format."""
    if isinstance(scheme, Ruleset):
        scheme = scheme.kitty_multiplier
    scheme = KittyMultiplier(scheme)
    shapes = unit_shapes(units)
    cards_led = sum(w * l for w, l in shapes)
    w, l = shapes[0]                      # the largest unit in section 6 order
    if scheme is KittyMultiplier.CARDS:
        return cards_led
    if scheme is KittyMultiplier.DOUBLE_CARDS:
        return 2 * cards_led
    if scheme is KittyMultiplier.TWO_W_POW_L:
        bw, bl = max(shapes, key=lambda s: (s[0], s[1]))   # greatest width, then greatest length
        power: int = bw ** bl             # int ** int is typed Any (a negative power is a float)
        return 2 * power
    if scheme is KittyMultiplier.UNIT_SIZE:
        return w * l
    if scheme is KittyMultiplier.POW2_PAIRS:
        return 1 << ((w // 2) * l + 1)
    if scheme is KittyMultiplier.DOUBLE_LARGEST_UNIT:
        return 2 * w * l
    if scheme is KittyMultiplier.POW2_LARGEST_UNIT:
        return 1 << (w * l)
    raise InputError(f"unknown kitty multiplier {scheme}", "rules/kitty_multiplier")  # pragma: no cover


# -- the kitty exchange --------------------------------------------------------------------------------
def kitty_size(ruleset: Ruleset) -> int:
    """The kitty size in cards (section 3; ``auto`` resolved)."""
    return ruleset.kitty


def exchange(ruleset: Ruleset, hand: Sequence[int], kitty: Sequence[int],
             discard: Sequence[int]) -> tuple[tuple[Card, ...], tuple[Violation, ...]]:
    """The dealer takes ``kitty`` into ``hand`` and puts ``discard`` down as the new kitty.

    Returns the dealer's hand after the exchange (sorted; the hand plus the kitty when the exchange
    is invalid) and the violations (``KITTY_DISCARD``).
    """
    pool = tally([int(c) for c in hand])
    for c in kitty:
        pool[c] = pool.get(c, 0) + 1
    out = tally([int(c) for c in discard])
    violations: list[Violation] = []
    size = ruleset.kitty
    if len(discard) != size:
        violations.append(Violation("KITTY_DISCARD",
                                    f"The dealer must put down exactly {count_of(size, 'card')}, not {len(discard)}.",
                                    {"expected": size, "got": len(discard)}))
    missing = [CARDS[c] for c in sorted(out) if pool.get(c, 0) < out[c]]
    if missing:
        violations.append(Violation("KITTY_DISCARD",
                                    "The discard holds cards that are in neither the dealer's hand nor the kitty: "
                                    + ", ".join(PRETTY_NAMES[c] for c in missing) + ".",
                                    {"cards": [str(c) for c in missing]}))
    if violations:
        return expand(pool), tuple(violations)
    for c, n in out.items():
        pool[c] -= n
    return expand(pool), ()


def check_exchange(ruleset: Ruleset, hand: Sequence[int], kitty: Sequence[int],
                   discard: Sequence[int]) -> tuple[Violation, ...]:
    """Violations of the kitty exchange (empty when the dealer discarded exactly the kitty size
    from hand + kitty)."""
    return exchange(ruleset, hand, kitty, discard)[1]


# -- points ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class LastTrick:
    """The last trick as :func:`settle` needs it: who won it, the lead's format, its points."""

    winner: int
    format: Any
    points: int = 0
    winning_cards: tuple[int, ...] = ()     # the winning play's cards (the jack rule reads them)


@dataclass(frozen=True)
class KittyBonus:
    kitty_points: int       # point cards in the kitty (0 without a kitty)
    multiplier: int
    bonus: int              # change to the attackers' points (negative under last_trick_penalty)
    reason: str             # 'kitty', 'kitty-penalty', 'last-trick', 'last-trick-penalty' or 'none'


def kitty_bonus(ruleset: Ruleset, kitty: Sequence[int], last_format: Any, last_winner_attacker: bool,
                last_trick_points: int = 0) -> KittyBonus:
    """Section 9: what the kitty (or, without one, the multiplied last trick) adds to the attackers."""
    m = kitty_multiplier(ruleset, last_format)
    led = sum(w * l for w, l in unit_shapes(last_format))
    kp = points_of(kitty)
    if len(kitty) > 0:
        if last_winner_attacker:
            return KittyBonus(kp, m, kp * m, "kitty")
        if ruleset.last_trick_penalty and led >= 2:
            return KittyBonus(kp, m, -kp * m, "kitty-penalty")
        return KittyBonus(kp, m, 0, "none")
    if ruleset.no_kitty_last_trick_multiplied:
        p = last_trick_points
        if last_winner_attacker:
            return KittyBonus(0, m, p * m - p, "last-trick")
        if ruleset.last_trick_penalty and led >= 2:
            return KittyBonus(0, m, -p * m, "last-trick-penalty")
    return KittyBonus(0, m, 0, "none")


def penalty_points(ruleset: Ruleset, dealer_team: Iterable[int], penalties: Iterable[tuple[int, int]]) -> int:
    """Failed-throw penalties as a change to the attackers' points: an attacker's penalty subtracts,
    a dealer-side penalty adds (section 3, ``throw_penalty``).  ``penalties``: (seat, points) pairs."""
    team = set(dealer_team)
    total = 0
    for seat, pts in penalties:
        total += pts if seat in team else -pts
    return total


def failed_throw_penalties(ruleset: Ruleset, seats: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """One ``(seat, throw_penalty)`` per failed throw attempt (none when the penalty is 0)."""
    if not ruleset.throw_penalty:
        return ()
    return tuple((s, ruleset.throw_penalty) for s in seats)


# -- tables ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TableOutcome:
    side: str        # 'dealer' or 'attackers'
    levels: int      # levels the table gives that side
    step: int        # the table's step at this deck count


def table_step(scoring: Scoring | str, decks: int) -> int:
    """The points per row of a table at a deck count (section 11); ScoringError where undefined."""
    scoring = Scoring(scoring)
    if not 1 <= decks <= 8:
        raise ScoringError(f"no scoring table covers {count_of(decks, 'deck')}", "rules/decks")
    if scoring is Scoring.SHENGJI_001:
        if decks not in (1, 2, 3):
            raise ScoringError(f"the 'shengji-001' table (the shengji rules) defines 1, 2 and 3 decks, not {decks}",
                               "rules/decks")
        return 20 * decks
    return 20 * decks


def _table(scoring: Scoring, decks: int, s: int) -> tuple[list[tuple[int, str, int]], tuple[int, int, int | None]]:
    """A table as rows ``(below, side, levels)`` -- the first row whose bound exceeds p applies (the
    first bound is 1: p <= 0) -- and a tail ``(start, base, step)``: the attackers get
    ``base + (p - start) // step`` levels from ``start`` on (``step`` None: a flat ``base``)."""
    D, A = "dealer", "attackers"
    if scoring is Scoring.STANDARD:
        return [(1, D, 3), (s, D, 2), (2 * s, D, 1)], (2 * s, 0, s)
    if scoring is Scoring.FOUR_DECK:
        return [(1, D, 3), (s, D, 2), (2 * s, D, 1)], (2 * s, 1, s)
    if scoring is Scoring.TUOLAJI:
        d = decks
        return ([(1, D, 2 if d == 1 else 3), (min(5 * 3 ** (d - 1), 20 * d), D, 2), (40 * d, D, 1)],
                (40 * d, 0, 20 * d))
    if decks == 1:
        return [(1, D, 2), (40, D, 1), (80, A, 0), (100, A, 1)], (100, 2, None)
    if decks == 2:
        return [(1, D, 3), (40, D, 2), (80, D, 1)], (80, 1, 40)
    return [(1, D, 3), (60, D, 2), (120, D, 1), (180, A, 0)], (180, 1, 60)


def table_outcome(scoring: Scoring | str, decks: int, points: int, uncapped: bool = False) -> TableOutcome:
    """Map the attackers' final points to (side, levels) by one of the tables of section 11."""
    scoring = Scoring(scoring)
    s = table_step(scoring, decks)
    rows, (start, base, step) = _table(scoring, decks, s)
    p = points
    side, levels = next(((side, lv) for below, side, lv in rows if p < below),
                        ("attackers", base + ((p - start) // step if step else 0)))
    if uncapped and p < 0:
        levels += (-p) // s
    return TableOutcome(side, levels, s)


def steps_outcome(ruleset: Ruleset, points: int) -> TableOutcome:
    """``scoring: steps`` (section 14.5): with step ``s``, ``N = turnover_steps`` and
    ``D = deadzone_steps``, ``p ≥ N·s`` gives the attackers ``max(0, ⌊p/s⌋ − N − D + 1)`` levels;
    below it the dealer team goes up ``N − ⌊p/s⌋`` (``split``: from 5 points on, and
    ``N + 1 + ⌊(4 − p)/s⌋`` below 5)."""
    s, n, d, p = ruleset.step, ruleset.turnover_steps, ruleset.deadzone_steps, points
    if p >= n * s:
        return TableOutcome("attackers", max(0, p // s - n - d + 1), s)
    if ruleset.zero_window is ZeroWindow.SPLIT and p < 5:
        return TableOutcome("dealer", n + 1 + (4 - p) // s, s)
    return TableOutcome("dealer", n - p // s, s)


def outcome(ruleset: Ruleset, points: int) -> TableOutcome:
    """The side that gains and its levels for the attackers' final points, by the ruleset's ``scoring``."""
    if ruleset.scoring is Scoring.STEPS:
        return steps_outcome(ruleset, points)
    return table_outcome(ruleset.scoring, ruleset.decks, points, ruleset.uncapped)


def jack_rule_applies(ruleset: Ruleset, played_level: int, last_trick: Any, attackers_won: bool) -> bool:
    """Section 14.4: at level J, an attacker's single J won the last trick (``back-to-two``)."""
    if ruleset.jack_rule is JackRule.NONE or played_level != 11 or not attackers_won:
        return False
    cards = tuple(getattr(last_trick, "winning_cards", None) or ())
    return len(cards) == 1 and not CARDS[cards[0]].is_joker and CARDS[cards[0]].rank == 11


# -- levels ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Advance:
    new_level: int
    moved: int
    passed_last: bool       # passed last_level: a game is won
    stopped_on: int | None  # a must_defend / last_level rank that stopped the move early
    wrapped: bool = False   # past_last_level: wrap -- the levels started again (section 14.9)


def advance(ruleset: Ruleset, level: int, steps: int, *, played_level: int, as_dealer: bool) -> Advance:
    """Move one seat up ``steps`` levels from ``level`` (section 11).

    ``as_dealer``: the seat is on the dealer side and the dealer side kept the deal; only then may it
    pass ``played_level`` when that rank is in ``must_defend`` or is ``last_level``.
    """
    cur, moved, wrapped = level, 0, False
    guarded = set(ruleset.must_defend) | {ruleset.last_level}
    for _ in range(steps):
        if cur in guarded:
            if not (as_dealer and cur == played_level and not wrapped):
                return Advance(cur, moved, wrapped, cur, wrapped)
            if cur == ruleset.last_level:
                if not wraps(ruleset):
                    return Advance(cur, moved + 1, True, None)
                cur, moved, wrapped = ruleset.first_level, moved + 1, True
                continue
        cur += 1
        moved += 1
    return Advance(cur, moved, wrapped, None, wrapped)


def next_dealer(ruleset: Ruleset, dealer: int, dealer_team: Iterable[int], dealer_keeps: bool) -> int:
    """Who deals the next hand (section 11)."""
    n = ruleset.players
    team = set(dealer_team) | {dealer}
    if dealer_keeps and team == {dealer}:
        return dealer
    after = [(dealer + i) % n for i in range(1, n)]
    if ruleset.next_dealer is NextDealer.PARTNER_OR_NEXT:
        if dealer_keeps:
            return next(s for s in after if s in team)
        return after[0]
    winners = team if dealer_keeps else set(range(n)) - team
    return next(s for s in after if s in winners)


def fixed_team(ruleset: Ruleset, seat: int) -> tuple[int, ...]:
    """With fixed partners, the seats of ``seat``'s team (equal parity)."""
    return tuple(s for s in range(ruleset.players) if s % 2 == seat % 2)


# -- ledger --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ledger:
    rating_changes: tuple[int, ...]
    coin_changes: tuple[int | float, ...] | None


def _num(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


def ledger(ruleset: Ruleset, dealer_team: Iterable[int], dealer_keeps: bool, levels_moved: int,
           ratings: Sequence[int], room_coefficient: int | float | None = None) -> Ledger:
    """Seed 002's rating points and coins for one hand (section 11)."""
    n = ruleset.players
    if len(ratings) != n:
        raise InputError(f"ratings must list {n} seats", "ratings")
    team = set(dealer_team)
    winners = team if dealer_keeps else set(range(n)) - team
    base = min(4, levels_moved + 1) if dealer_keeps else 2 + levels_moved
    if all(80 <= r <= 299 for r in ratings):
        base *= 2
    elif all(r >= 300 for r in ratings):
        base *= 3
    base = min(base, 300)
    rating = tuple(base if s in winners else -base for s in range(n))
    coins = None
    if room_coefficient is not None:
        x = levels_moved + (1 if dealer_keeps else 2)
        coef = Fraction(str(room_coefficient))
        win = _num(x * coef * Fraction(9, 10))
        lose = _num(-x * coef)
        coins = tuple(win if s in winners else lose for s in range(n))
    return Ledger(rating, coins)


# -- settlement ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Settlement:
    kitty_points: int
    multiplier: int
    kitty_bonus: int
    attackers_points: int               # card points in the attackers' tricks (as given)
    penalty_points: int                 # failed-throw penalties, as a change to the attackers
    attackers_total: int
    outcome: str                        # 'dealer-keeps' or 'attackers-take-over'
    table_levels: int                   # levels the table gave, before must_defend / last_level
    level_changes: tuple[int, ...]      # by seat
    new_levels: tuple[int, ...]         # by seat (ranks 2..14)
    next_dealer: int
    game_over: bool
    winner: tuple[int, ...] | None
    dealer_team: tuple[int, ...]
    explanation: str
    ledger: Ledger | None = None
    new_games_won: tuple[int, ...] = ()  # by seat (section 14.9)


def _levels(ruleset: Ruleset, levels: Sequence[int | str]) -> tuple[int, ...]:
    if len(levels) != ruleset.players:
        raise InputError(f"levels must list {ruleset.players} seats", "levels")
    out = []
    for i, lv in enumerate(levels):
        try:
            v = rank_value(lv)
        except ValueError:
            raise InputError(f"'{lv}' is not a rank", f"levels/{i}") from None
        if not ruleset.first_level <= v <= ruleset.last_level:
            raise InputError(f"level {rank_name(v)} is outside {rank_name(ruleset.first_level)}.."
                             f"{rank_name(ruleset.last_level)}", f"levels/{i}")
        out.append(v)
    if ruleset.partnership is Partnership.FIXED:
        for s in range(ruleset.players):
            if out[s] != out[s % 2]:
                raise InputError("teammates share their level with fixed partners", f"levels/{s}")
    return tuple(out)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def settle(ruleset: Ruleset, *, dealer: int, levels: Sequence[int | str], attackers_points: int,
           kitty: Sequence[int], last_trick: Any, dealer_team: Iterable[int] | None = None,
           penalties: Iterable[tuple[int, int]] = (), ratings: Sequence[int] | None = None,
           room_coefficient: int | float | None = None, friend_calls: int | None = None,
           games_won: Sequence[int] | None = None) -> Settlement:
    """Settle one hand (sections 9 and 11).

    - ``dealer``: the dealer's seat; ``levels``: each seat's level (ranks, a list by seat);
    - ``attackers_points``: point cards in every trick the attackers won, the last included;
    - ``kitty``: the kitty the dealer put down (empty without a kitty);
    - ``last_trick``: anything with ``winner`` (seat), ``format`` (the lead's format or its units)
      and ``points`` -- a :class:`LastTrick`, or ``rules.trick_winner``'s result for the last trick;
    - ``dealer_team``: the dealer's side (needed under find-friends; fixed partners: the dealer's parity);
    - ``penalties``: ``(seat, points)`` per failed throw (see :func:`failed_throw_penalties`);
    - ``ratings`` (+ ``room_coefficient``): the qq ledger;
    - ``friend_calls``: the number of friend calls (``bonus_level``; default: section 12's);
    - ``games_won``: each seat's games won so far (section 14.9; default zeros).
    """
    n = ruleset.players
    if not 0 <= dealer < n:
        raise InputError(f"dealer must be a seat 0..{n - 1}", "dealer")
    lv = _levels(ruleset, levels)
    won_before = _games_won(ruleset, games_won)
    if dealer_team is None:
        if ruleset.partnership is Partnership.FIND_FRIENDS:
            raise InputError("dealer_team is needed under find-friends", "dealer_team")
        team = fixed_team(ruleset, dealer)
    else:
        team = tuple(sorted(set(dealer_team) | {dealer}))
        if any(not 0 <= s < n for s in team):
            raise InputError(f"dealer_team holds seats 0..{n - 1}", "dealer_team")
        if ruleset.partnership is Partnership.FIXED and team != fixed_team(ruleset, dealer):
            raise InputError("with fixed partners the dealer team is the dealer's seats of equal parity",
                             "dealer_team")
    if attackers_points % 5 or attackers_points < 0:
        raise InputError("attackers_points is a non-negative multiple of 5", "attackers_points")
    winner_seat = int(last_trick.winner)
    if not 0 <= winner_seat < n:
        raise InputError(f"the last trick's winner must be a seat 0..{n - 1}", "last_trick")
    kb = kitty_bonus(ruleset, kitty, last_trick.format, winner_seat not in team,
                     int(getattr(last_trick, "points", 0) or 0))
    pen = penalty_points(ruleset, team, penalties)
    total = attackers_points + kb.bonus + pen
    res = outcome(ruleset, total)
    keeps = res.side == "dealer"
    played = lv[dealer]
    levels_won = res.levels
    calls = default_friend_count(ruleset) if friend_calls is None else friend_calls
    bonus = (keeps and ruleset.bonus_level is BonusLevel.SMALLER_DEALER_TEAM
             and ruleset.partnership is Partnership.FIND_FRIENDS and len(team) < 1 + calls)
    if bonus:
        levels_won += 1
    jack = jack_rule_applies(ruleset, played, last_trick, winner_seat not in team)
    start = [ruleset.first_level if jack and s in team else lv[s] for s in range(n)]
    movers = set(team) if keeps else set(range(n)) - set(team)
    changes, new, gained = [], [], []
    passed_last, stops = False, set()
    for s in range(n):
        if s in movers:
            a = advance(ruleset, start[s], levels_won, played_level=played, as_dealer=keeps)
            changes.append(a.moved if start[s] == lv[s] else a.new_level - lv[s])
            new.append(a.new_level)
            gained.append(a.moved)
            passed_last |= a.passed_last
            if a.stopped_on is not None:
                stops.add(a.stopped_on)
        else:
            changes.append(start[s] - lv[s])
            new.append(start[s])
            gained.append(0)
    nd = next_dealer(ruleset, dealer, team, keeps)
    wrapping = wraps(ruleset)
    winner = tuple(team) if passed_last and not wrapping else None
    moved = max((gained[s] for s in movers), default=0)

    # the sentence
    parts = [f"{attackers_points} in tricks"]
    if kb.bonus == 0:
        pass
    elif kb.reason == "kitty":
        parts.append(f"+ {kb.kitty_points} kitty ×{kb.multiplier}")
    elif kb.reason == "kitty-penalty":
        parts.append(f"− {kb.kitty_points} kitty ×{kb.multiplier} (the dealer side won the last trick)")
    elif kb.reason == "last-trick":
        parts.append(f"+ {kb.bonus} for the last trick ×{kb.multiplier}")
    elif kb.reason == "last-trick-penalty":
        parts.append(f"− {-kb.bonus} for the dealer side's last trick ×{kb.multiplier}")
    if pen:
        parts.append(f"{'+' if pen > 0 else '−'} {abs(pen)} in throw penalties")
    head = f"Attackers scored {total}" + (f" ({' '.join(parts)})" if len(parts) > 1 else "")
    ref = dealer if keeps else next(s for s in [(dealer + i) % n for i in range(1, n)] if s in movers)
    if keeps:
        who = "the dealer plays alone and keeps the deal" if len(team) == 1 else "the dealer team keeps the deal"
    else:
        who = "they take the deal"
    same_start = len({start[s] for s in movers}) == 1
    if moved == 0:
        tail = f"{who} without going up a level"
    elif passed_last and wrapping:
        tail = (f"{who}, passes {rank_name(ruleset.last_level)} and wins a game, going up {_plural(moved, 'level')} "
                f"to {rank_name(new[ref])}")
    elif passed_last:
        tail = f"{who}, passes {rank_name(ruleset.last_level)} and wins the game"
    else:
        span = (f", from {rank_name(start[ref])} to {rank_name(new[ref])}" if same_start
                else " from each seat's own level")
        tail = f"{who} and go{'es' if keeps else ''} up {_plural(moved, 'level')}{span}"
    if stops and not passed_last and moved < levels_won:
        tail += f" (stopping on {', '.join(rank_name(r) for r in sorted(stops))}, which must be won as dealer)"
    if bonus:
        tail += " (one more level: the dealer team is smaller than a full team)"
    if jack:
        tail = (f"the attackers won the last trick with a single J: the dealer's side goes back to "
                f"{rank_name(ruleset.first_level)}; {tail}")
    explanation = f"{head}: {tail}"

    book = None
    if ratings is not None:
        book = ledger(ruleset, team, keeps, moved, ratings, room_coefficient)
    return Settlement(kb.kitty_points, kb.multiplier, kb.bonus, attackers_points, pen, total,
                      DEALER_KEEPS if keeps else ATTACKERS_TAKE_OVER, levels_won, tuple(changes), tuple(new),
                      nd, passed_last and not wrapping, winner, tuple(team), explanation, book,
                      new_games_won(won_before, team if passed_last else ()))
