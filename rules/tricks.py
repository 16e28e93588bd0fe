"""Who wins a trick (rules section 8).

The lead's format is fixed by the first play.  A later play can win only when it matches the
format: the same number of cards, all of the led suit or all trump, and units that realize every
unit of the format (wider same-size units too where ``wider_substitutes``).  A trump play beats a
led-suit play; plays of the same kind compare by ``trick_compare``; between equal plays the one
played first keeps the trick.

A realizing unit is valued by (width where it is a wider substitute, else the owed width; then its
rank).  A unit's top card is the high end of its run in the run's own adjacency order (section 8):
under ``trump-order`` adjacency ``A♦A♦6♥6♥`` (level 6, ♦ trump) tops at ``6♥``; under natural
adjacency ``A♦A♦2♦2♦3♦3♦`` tops at ``3♦``.  ``trump-order`` ranking compares top cards in section 4
order; ``face-value`` compares a tractor's top card by its printed rank (A high at the top of a run,
low at the start of one that wraps to 2; jokers above A), then, for equal printed ranks, by section
4 order.  When a play splits into the format in several ways, its best split counts: the split
that beats the current best play if any does.

``all-units`` (section 8): every unit must beat its counterpart, singles included.  The challenger
beats the current winner when some split of it has every unit strictly above its counterpart in
the winner's best (lexicographically largest) split; counterparts are paired highest with highest
within each unit shape of the format (wider substitutes first, being valued by their width), then
the singles (the cards the split leaves) highest with highest.  Section 8's examples: led
``Q♣Q♣A♣`` (level 6, ♠ trump), ``5♠5♠A♠`` ruffs and ``7♠7♠2♠`` does not overruff (2♠ < A♠); in
``four-deck`` at level Q, ♥ trump, ``10♥10♥10♥J♥J♥J♥Q♥Q♥Q♥`` beats ``7♥7♥6♥6♥6♥6♥5♥5♥K♥`` split as
titanic + ``Q♥Q♥`` + the level card ``Q♥`` (which is above ``K♥``), and no split beats it with
``SJ`` in place of ``K♥``.

A rainbow lead (section 14.2) has its own comparison (:mod:`rules.rainbows`), and no bombs.
Bombs (section 14.1, :mod:`rules.bombs`) are counted after the comparison above, which stands up
to the first bomb played.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from .bombs import MIN_BOMB, bomb_card, bomb_key, bombs_apply
from .budget import Budget, WorkExceeded
from .cards import CARDS, POINT_VALUES, Card, tally
from .formats import Format, Placement, Run, Shape, Unit
from .order import TRUMP, Order, Trump, order_for
from .rainbows import RAINBOW, greedy_ranks, lead_format, rank_counts, sizes_of
from .realization import all_realizations, realizes, substitutes
from .ruleset import Bombs, Ruleset, TractorRanking, TrickCompare
from .runs import runs
from .violations import InputError, count_of

TRICK_WORK: Final = 20000

# enum members held as module constants (docs/engine.md, "Speed notes")
_NO_BOMBS: Final = Bombs.NONE
_FACE_VALUE: Final = TractorRanking.FACE_VALUE
_HIGHEST_CARD: Final = TrickCompare.HIGHEST_CARD
_LARGEST_UNIT_FIRST: Final = TrickCompare.LARGEST_UNIT_FIRST
_ALL_UNITS: Final = TrickCompare.ALL_UNITS

UnitValue = tuple[int, ...]           # (width, power) or (width, face, power): compared as tuples
Vector = tuple[UnitValue, ...]        # a play's unit values in format order: compared as tuples


@dataclass(init=False, unsafe_hash=True)
class PlayOutcome:
    """One play of a trick (a hot value: docs/engine.md, "Speed notes")."""

    seat: Final[int]
    matches_format: Final[bool]
    trump: Final[bool]
    beats_previous_best: Final[bool]
    bomb: Final[bool]

    def __init__(self, seat: int, matches_format: bool, trump: bool, beats_previous_best: bool,
                 bomb: bool = False) -> None:
        self.seat = seat
        self.matches_format = matches_format
        self.trump = trump
        self.beats_previous_best = beats_previous_best
        self.bomb = bomb


@dataclass(init=False, unsafe_hash=True)
class TrickResult:
    """Who won a trick and with what (a hot value: docs/engine.md, "Speed notes")."""

    winner: Final[int]
    winning_index: Final[int]
    points: Final[int]
    point_cards: Final[tuple[Card, ...]]
    format: Final[Format]
    plays: Final[tuple[PlayOutcome, ...]]
    largest_unit: Final[Unit]
    winning_cards: Final[Sequence[int]]          # the winning play's cards, as given

    def __init__(self, winner: int, winning_index: int, points: int, point_cards: tuple[Card, ...],
                 format: Format, plays: tuple[PlayOutcome, ...], largest_unit: Unit,
                 winning_cards: Sequence[int]) -> None:
        self.winner = winner
        self.winning_index = winning_index
        self.points = points
        self.point_cards = point_cards
        self.format = format
        self.plays = plays
        self.largest_unit = largest_unit
        self.winning_cards = winning_cards


def _unit_value(ruleset: Ruleset, order: Order, owed: Shape, used: Shape, run: Run) -> UnitValue:
    width = used[0] if used != owed else owed[0]
    top = run[-1]
    if used[1] >= 2 and ruleset.tractor_ranking is _FACE_VALUE:
        return (width, order.face[top], order.power[top])
    return (width, order.power[top])


def _best_vector(ruleset: Ruleset, order: Order, multi: list[tuple[int, int]], counts: dict[int, int],
                 budget: Budget) -> Vector | None:
    """The lexicographically best values of a split of ``counts`` into the format's multi-card
    units (in format order), or None when the play does not match the format.  Each unit takes
    the best value that leaves the rest realizable; equal best values are all tried."""
    wider = ruleset.wider_substitutes
    top = max(counts.values())

    def fill(i: int, work: dict[int, int]) -> Vector | None:
        if i == len(multi):
            return ()
        budget.spend()
        owed = multi[i]
        rest = multi[i + 1:]
        best_value: UnitValue | None = None
        options: list[Placement] = []
        for used in substitutes(owed, top, wider):
            for run in runs(work, order, used[0], used[1]):
                value = _unit_value(ruleset, order, owed, used, run)
                if best_value is not None and value < best_value:
                    continue
                for c in run:
                    work[c] = work[c] - used[0]
                ok = not rest or realizes(work, rest, order, wider, budget)
                for c in run:
                    work[c] = work[c] + used[0]
                if ok:
                    if best_value is None or value > best_value:
                        best_value, options = value, []
                    options.append((used, run))
        if best_value is None:
            return None
        best_tail: Vector | None = None
        for used, run in options:
            for c in run:
                work[c] = work[c] - used[0]
            tail = fill(i + 1, work)
            for c in run:
                work[c] = work[c] + used[0]
            if tail is not None and (best_tail is None or tail > best_tail):
                best_tail = tail
        return None if best_tail is None else (best_value,) + best_tail

    return fill(0, dict(counts))


def _all_unit_vectors(ruleset: Ruleset, order: Order, fmt: Format, counts: dict[int, int],
                      budget: Budget) -> Iterator[Vector]:
    """Value vectors of the splits of ``counts`` into the format (all-units): the multi-card units
    high to low within each unit shape, then the cards the split leaves (the singles) high to low."""
    multi = [u.shape for u in fmt.units if u.shape != (1, 1)]
    singles = len(fmt.units) > len(multi)
    power = order.power
    for realization in all_realizations(counts, multi, order, ruleset.wider_substitutes, budget=budget):
        groups: dict[Shape, list[UnitValue]] = {}
        left = dict(counts)
        for owed, (used, run) in zip(multi, realization, strict=True):
            groups.setdefault(owed, []).append(_unit_value(ruleset, order, owed, used, run))
            for c in run:
                left[c] = left[c] - used[0]
        vector: list[UnitValue] = []
        for shape in dict.fromkeys(multi):
            vector.extend(sorted(groups[shape], reverse=True))
        if singles:
            vector.extend(sorted(((1, power[c]) for c, k in left.items() for _ in range(k)), reverse=True))
        yield tuple(vector)


def _beats(ruleset: Ruleset, order: Order, fmt: Format, multi: list[Shape], challenger: dict[int, int],
           best_vector: Vector | None, budget: Budget) -> tuple[bool, bool, Vector | None]:
    """(matches the format, beats the current best vector, own best vector); ``multi``: the
    format's multi-card unit shapes."""
    compare = ruleset.trick_compare
    if compare is _HIGHEST_CARD or (not multi and compare is _LARGEST_UNIT_FIRST):
        if multi and not realizes(challenger, multi, order, ruleset.wider_substitutes, budget):
            return False, False, None
        top: Vector = ((max(order.power[c] for c in challenger),),)
        return True, best_vector is None or top > best_vector, top
    if compare is _LARGEST_UNIT_FIRST:
        if len(multi) == 1 and multi[0][1] == 1:
            w = multi[0][0]
            powers = [order.power[c] for c, k in challenger.items() if k >= w]
            own: Vector | None = ((w, max(powers)),) if powers else None
        else:
            own = _best_vector(ruleset, order, multi, challenger, budget)
        if own is None:
            return False, False, None
        return True, best_vector is None or own > best_vector, own
    vectors = list(_all_unit_vectors(ruleset, order, fmt, challenger, budget))
    if not vectors:
        return False, False, None
    own = max(vectors)
    if best_vector is None:
        return True, True, own
    return True, any(all(a > b for a, b in zip(v, best_vector, strict=True)) for v in vectors), own


def _same_kinds(order: Order, w: int, k: int, counts: dict[int, int], widths: bool,
                budget: Budget) -> Vector | None:
    """What :func:`_beats` gives for a format whose multi-card units are ``k`` units ``(w, 1)``
    (``widths``: largest-unit-first, else highest-card), or None where the play does not match.

    No unit stands in for a ``(w, 1)`` (a wider unit of ``w`` cards is none), so a card held ``m``
    times hosts ``m // w`` of them and the play matches when its cards host ``k``.  Any choice of
    one leaves the rest realizable exactly when ``k`` are hosted, so :func:`_best_vector` takes the
    highest-powered host for each unit in turn: the ``k`` highest powers of the hosts.  One search
    step is spent, as the general search spends at least one (a tiny budget refuses alike)."""
    budget.spend()
    power = order.power
    hosts = sorted([power[c] for c, m in counts.items() for _ in range(m // w)])
    hosts.reverse()
    if len(hosts) < k:
        return None
    if not widths:
        return ((max(power[c] for c in counts),),)
    return tuple((w, p) for p in hosts[:k])


def _one_run(ruleset: Ruleset, order: Order, shape: Shape, counts: dict[int, int], widths: bool,
             budget: Budget) -> Vector | None:
    """What :func:`_beats` gives for a format whose one multi-card unit is the tractor ``shape``
    when no wider unit can stand for it (``widths``: largest-unit-first, else highest-card), or
    None where the play holds no run of that shape: :func:`_best_vector` then values every run of
    the shape and keeps the best, and highest-card takes the play's highest card.  One search step
    is spent, as the general search spends at least one (a tiny budget refuses alike)."""
    budget.spend()
    found = runs(counts, order, shape[0], shape[1])
    if not found:
        return None
    if not widths:
        return ((max(order.power[c] for c in counts),),)
    return (max(_unit_value(ruleset, order, shape, shape, run) for run in found),)


def trick_winner(ruleset: Ruleset, trump: Trump, plays: Sequence[tuple[int, Sequence[int]]],
                 budget: Budget | None = None) -> TrickResult:
    """The winner of a trick: ``plays`` are (seat, cards) in play order, the lead first.

    ``budget`` bounds the search for the plays' best splits (``TRICK_WORK`` steps when not given);
    past it the call raises :class:`InputError`."""
    try:
        return _trick_winner(ruleset, trump, plays, budget)
    except WorkExceeded:
        raise InputError("comparing these plays needs more search steps than the service's work bound",
                         "plays") from None


def _trick_winner(ruleset: Ruleset, trump: Trump, plays: Sequence[tuple[int, Sequence[int]]],
                  budget: Budget | None, shortcuts: bool = True) -> TrickResult:
    """:func:`trick_winner`, raising :class:`WorkExceeded` past the budget; ``shortcuts`` false
    compares every format through :func:`_beats` (tests compare the two)."""
    if not plays:
        raise InputError("a trick needs at least one play", "plays")
    order = order_for(ruleset, trump)
    players = ruleset.players
    seats: list[int] = []
    played: list[tuple[int, ...]] = []      # each play's cards as a tuple
    for seat, cards in plays:
        seats.append(seat)
        played.append(cards if isinstance(cards, tuple) else tuple(cards))
    expected = seats[0]
    for seat in seats:
        if seat != expected:
            found = out_of_order(seats, players)
            if found is not None:
                raise InputError(found[1], f"plays/{found[0]}/seat")
        expected = (seat + 1) % players
    if len(plays) > players:                # in playing order, a seat plays twice only past a round
        raise InputError("a seat plays twice in one trick", "plays")
    lead_cards = played[0]
    try:
        fmt = lead_format(order, lead_cards)
    except InputError as exc:
        raise InputError(f"the lead is invalid: {exc}", "plays/0/cards") from None
    n = len(lead_cards)
    led = order.eff[lead_cards[0]]
    for i, cards in enumerate(played):
        if len(cards) != n:
            raise InputError(f"play {i} has {count_of(len(cards), 'card')}; the lead has {n}", f"plays/{i}/cards")
    house = n >= MIN_BOMB                   # rainbows and bombs have four cards or more
    if house and order.rainbow_min and fmt.suit == RAINBOW:       # rainbow_min is 0 when off
        best_index, outcomes = _rainbow_trick(order, plays, fmt)
    elif shortcuts and len(fmt.units) == 1 and fmt.units[0].length == 1:
        best_index, outcomes = _one_kind_trick(order, seats, played, n, led)
    else:
        best_index, outcomes = _any_trick(ruleset, order, seats, played, fmt, list(lead_cards), led,
                                          budget if budget is not None else Budget(TRICK_WORK), shortcuts)
    if house and ruleset.bombs is not _NO_BOMBS and bombs_apply(ruleset, n) and fmt.suit != RAINBOW:
        best_index, outcomes = _with_bombs(order, plays, best_index, outcomes)
    points = 0
    scoring: list[int] = []
    for cards in played:
        for c in cards:
            value = POINT_VALUES[c]
            if value:
                points += value
                scoring.append(c)
    point_cards: tuple[Card, ...] = ()
    if len(scoring) == 1:
        point_cards = (CARDS[scoring[0]],)
    elif scoring:
        point_cards = tuple(order.sorted_cards(scoring))
    return TrickResult(seats[best_index], best_index, points,
                       point_cards, fmt, tuple(outcomes), fmt.units[0], plays[best_index][1])


def out_of_order(seats: Sequence[int], players: int) -> tuple[int, str] | None:
    """The first play out of playing order (section 2: each play's seat is the one after the
    previous play's, modulo ``players``), as (index, message), or None."""
    for i in range(1, len(seats)):
        expected = (seats[i - 1] + 1) % players
        if seats[i] != expected:
            return i, f"seat {seats[i]} plays out of turn: seat {expected} plays after seat {seats[i - 1]}"
    return None


def _rainbow_trick(order: Order, plays: Sequence[tuple[int, Sequence[int]]],
                   fmt: Format) -> tuple[int, list[PlayOutcome]]:
    """A rainbow trick (section 14.2): the plays whose greedy assignment fills the groups compete
    by their ranks, high to low; a later play wins only when strictly greater."""
    sizes = sizes_of(fmt)
    eff = order.eff
    best: tuple[int, ...] | None = None
    best_index = 0
    outcomes = []
    for i, (seat, cards) in enumerate(plays):
        ranks = greedy_ranks(sizes, rank_counts(cards))
        wins = ranks is not None and (best is None or ranks > best)
        if wins:
            best, best_index = ranks, i
        outcomes.append(PlayOutcome(seat, ranks is not None, all(eff[c] == TRUMP for c in cards), wins))
    return best_index, outcomes


def _with_bombs(order: Order, plays: Sequence[tuple[int, Sequence[int]]], best_index: int,
                outcomes: list[PlayOutcome]) -> tuple[int, list[PlayOutcome]]:
    """The winner and outcomes once bombs are counted (section 14.1): up to the first bomb, the
    comparison above stands; from it on, only a greater bomb beats the best (rules.bombs)."""
    best: tuple[int, int] | None = None
    out = outcomes
    for i, (seat, cards) in enumerate(plays):
        card = bomb_card(cards)
        if card is None:
            if best is not None:
                was = out[i]
                out[i] = PlayOutcome(seat, was.matches_format, was.trump, False)
            continue
        if best is None:
            out = list(outcomes)
        key = bomb_key(order, card)
        wins = best is None or key > best
        if wins:
            best, best_index = key, i
        was = out[i]
        out[i] = PlayOutcome(seat, was.matches_format, was.trump, wins, True)
    return best_index, out


def _top_power(power: tuple[int, ...], cards: Sequence[int]) -> int:
    top = power[cards[0]]
    for c in cards:
        if power[c] > top:
            top = power[c]
    return top


def _most_copies(cards: Sequence[int]) -> int:
    return max(tally(cards).values())


def _one_kind_trick(order: Order, seats: list[int], played: list[tuple[int, ...]], n: int,
                    led: int) -> tuple[int, list[PlayOutcome]]:
    """(winning index, outcomes) of a trick led by one unit of ``n`` equal cards (a single, a pair,
    a triple ...), what :func:`_any_trick` finds under every ``trick_compare``.

    The format has one unit ``(n, 1)`` and no wider unit of ``n`` cards exists, so a play of the
    led suit or trump matches exactly when its ``n`` cards are one card; its value under every
    comparison (``(n, power)``, ``(power,)`` or, for all-units, the one unit's value) orders
    matching plays by that card's power; a trump play beats a led-suit play, and between equal
    plays the earlier keeps the trick."""
    eff, power = order.eff, order.power
    lead = played[0][0]
    best_power, best_trump, best_index = power[lead], led == TRUMP, 0
    outcomes = [PlayOutcome(seats[0], True, best_trump, True)]
    for i in range(1, len(played)):
        seat, cards = seats[i], played[i]
        first = cards[0]
        kind = eff[first]
        if kind in (led, TRUMP) and (n == 1 or all(c == first for c in cards)):
            is_trump = kind == TRUMP
            value = power[first]
            wins = (is_trump and not best_trump) or (is_trump == best_trump and value > best_power)
            if wins:
                best_power, best_trump, best_index = value, is_trump, i
            outcomes.append(PlayOutcome(seat, True, is_trump, wins))
        else:
            outcomes.append(PlayOutcome(seat, False, kind == TRUMP and _one_suit(eff, cards), False))
    return best_index, outcomes


def _one_suit(eff: Sequence[int], cards: Sequence[int]) -> bool:
    first = eff[cards[0]]
    return all(eff[c] == first for c in cards)


def _any_trick(ruleset: Ruleset, order: Order, seats: list[int], played: list[tuple[int, ...]], fmt: Format,
               lead_cards: list[int], led: int, budget: Budget, shortcuts: bool) -> tuple[int, list[PlayOutcome]]:
    """(winning index, outcomes) of any trick: the format's units realized and compared as the
    module docstring says, with exact shortcuts for the common formats."""
    outcomes = [PlayOutcome(seats[0], True, led == TRUMP, True)]
    n = len(lead_cards)
    multi = [(u.width, u.length) for u in fmt.units if u.width > 1 or u.length > 1]
    eff = order.eff
    power = order.power
    # a format of singles compared by the highest card (what _beats does there), without a tally
    vector: Vector | None
    compare = ruleset.trick_compare
    by_top = shortcuts and not multi and compare is not _ALL_UNITS
    # (a format of one unit of equal cards never gets here with the shortcuts on: _one_kind_trick)
    widths = compare is _LARGEST_UNIT_FIRST
    # a format whose multi-card units are all (w, 1) of one width (pairs and singles thrown): see _same_kinds
    same_kinds = shortcuts and bool(multi) and multi[0][1] == 1 \
        and all(u == multi[0] for u in multi) and compare is not _ALL_UNITS
    # a format with one tractor (singles aside) where no wider unit can stand for it: see _one_run
    one_run = shortcuts and len(multi) == 1 and multi[0][1] >= 2 and compare is not _ALL_UNITS
    wider = ruleset.wider_substitutes
    # a format of one tractor (w, l) and nothing else, no wider units: a play matches only with l
    # distinct cards (its n = w * l cards are the run's l cards, w copies each)
    plain_run = one_run and len(fmt.units) == 1 and not wider
    best_vector: Vector | None
    if same_kinds:
        best_vector = _same_kinds(order, multi[0][0], len(multi), tally(lead_cards), widths, budget)
    elif one_run and (not wider or _most_copies(lead_cards) <= multi[0][0]):
        best_vector = _one_run(ruleset, order, multi[0], tally(lead_cards), widths, budget)
    elif by_top:
        best_vector = ((_top_power(power, lead_cards),),)
    else:
        best_vector = _beats(ruleset, order, fmt, multi, tally(lead_cards), None, budget)[2]
    best_trump = led == TRUMP
    best_index = 0
    for i in range(1, len(played)):
        seat, cards = seats[i], played[i]
        kind = eff[cards[0]]               # -1: the play mixes effective suits
        for c in cards:
            if eff[c] != kind:
                kind = -1
                break
        matches = wins = False
        if kind in (led, TRUMP):
            is_trump = kind == TRUMP
            valued: Vector | None = None        # a shortcut's value, where one applies and matches
            distinct = len(set(cards)) if multi else n
            if shortcuts and multi and (distinct == n or (plain_run and distinct != multi[0][1])):
                pass                # no two equal cards: no unit of width 2 or more; see plain_run
            elif by_top:
                valued = ((_top_power(power, cards),),)
            elif same_kinds or (one_run and (not wider or _most_copies(cards) <= multi[0][0])):
                counts = tally(cards)
                valued = _same_kinds(order, multi[0][0], len(multi), counts, widths, budget) if same_kinds \
                    else _one_run(ruleset, order, multi[0], counts, widths, budget)
            elif is_trump and not best_trump:
                matches, _, vector = _beats(ruleset, order, fmt, multi, tally(cards), None, budget)
                wins = matches
            elif is_trump == best_trump:
                matches, wins, vector = _beats(ruleset, order, fmt, multi, tally(cards), best_vector, budget)
            else:
                matches = _beats(ruleset, order, fmt, multi, tally(cards), None, budget)[0]
            if valued is not None:
                matches, vector = True, valued
                wins = (is_trump and not best_trump) or \
                    (is_trump == best_trump and (best_vector is None or valued > best_vector))
            if wins:
                best_vector, best_trump, best_index = vector, is_trump, i
        outcomes.append(PlayOutcome(seat, matches, kind == TRUMP, wins))
    return best_index, outcomes
