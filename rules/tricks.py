"""Who wins a trick (RULES.md section 8).

The lead's format is fixed by the first play.  A later play can win only when it matches the
format: the same number of cards, all of the led suit or all trump, and units that realize every
unit of the format (wider same-size units too where ``wider_substitutes``).  A trump play beats a
led-suit play; plays of the same kind compare by ``trick_compare``; between equal plays the one
played first keeps the trick.

A realizing unit is valued by (width where it is a wider substitute, else the owed width; then its
rank): ``trump-order`` ranks by the top card in section 4 order, ``face-value`` ranks a tractor by
the printed rank of the last card of its run (A counts high at the top of a run and low at the
start of one that wraps to 2; jokers above A), then by its top card.  When a play splits into the
format in several ways its best split counts.

Decision for ``all-units`` (the rules name it without detail): the challenger beats the current
winner when some split of it has every unit — singles included — strictly above its counterpart
in the winner's best split, counterparts paired highest with highest within each unit shape.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import CARDS, Card
from .order import Order, TRUMP, Trump, order_for
from .ruleset import Ruleset, TractorRanking, TrickCompare
from .units import Format, Unit, all_realizations, decompose_with
from .violations import InputError


@dataclass(frozen=True)
class PlayOutcome:
    seat: int
    matches_format: bool
    trump: bool
    beats_previous_best: bool


@dataclass(frozen=True)
class TrickResult:
    winner: int
    winning_index: int
    points: int
    point_cards: tuple[Card, ...]
    format: Format
    plays: tuple[PlayOutcome, ...]
    largest_unit: Unit


def _unit_value(rules: Ruleset, order: Order, owed: tuple[int, int], used: tuple[int, int], run) -> tuple:
    width = used[0] if used != owed else owed[0]
    top = max(order.power[c] for c in run)
    if used[1] >= 2 and rules.tractor_ranking is TractorRanking.FACE_VALUE:
        return (width, order.face[run[-1]], top)
    return (width, top)


def _split_values(rules, order, fmt: Format, counts: dict[int, int], with_singles: bool):
    """Value vectors of every split of ``counts`` into the format (groups of equal shapes sorted)."""
    multi = [u.shape for u in fmt.units if u.shape != (1, 1)]
    singles = len(fmt.units) - len(multi)
    for realization in all_realizations(counts, multi, order, rules.wider_substitutes):
        groups: dict[tuple[int, int], list] = {}
        left = dict(counts)
        for owed, (used, run) in zip(multi, realization):
            groups.setdefault(owed, []).append(_unit_value(rules, order, owed, used, run))
            for c in run:
                left[c] -= used[0]
        vector = []
        for shape in dict.fromkeys(multi):
            vector.extend(sorted(groups[shape], reverse=True))
        if with_singles and singles:
            rest = sorted((order.power[c] for c, k in left.items() for _ in range(k)), reverse=True)
            vector.extend((1, p) for p in rest[:singles])
        yield tuple(vector)


def _beats(rules: Ruleset, order: Order, fmt: Format, challenger: dict, best_vector, best_cards) -> tuple:
    """(matches, beats current best vector, own best vector)."""
    multi = any(u.shape != (1, 1) for u in fmt.units)
    compare = rules.trick_compare
    if compare is TrickCompare.HIGHEST_CARD or (not multi and compare is TrickCompare.LARGEST_UNIT_FIRST):
        top = (max(order.power[c] for c in challenger),)
        if multi and not any(True for _ in _split_values(rules, order, fmt, challenger, False)):
            return False, False, None
        return True, best_vector is None or top > best_vector, top
    with_singles = compare is TrickCompare.ALL_UNITS
    vectors = list(_split_values(rules, order, fmt, challenger, with_singles))
    if not vectors:
        return False, False, None
    own = max(vectors)
    if best_vector is None:
        return True, True, own
    if compare is TrickCompare.ALL_UNITS:
        wins = any(all(a > b for a, b in zip(v, best_vector)) for v in vectors)
    else:
        wins = own > best_vector
    return True, wins, own


def trick_winner(rules: Ruleset, trump: Trump, plays: Sequence[tuple[int, Sequence[int]]]) -> TrickResult:
    """The winner of a trick: ``plays`` are (seat, cards) in play order, the lead first."""
    if not plays:
        raise InputError("a trick needs at least one play", "plays")
    order = order_for(rules, trump)
    seats = [seat for seat, _ in plays]
    if len(set(seats)) != len(seats):
        raise InputError("a seat plays twice in one trick", "plays")
    lead_cards = list(plays[0][1])
    try:
        fmt = decompose_with(order, lead_cards)
    except InputError as exc:
        raise InputError(f"the lead is invalid: {exc}", "plays/0/cards") from None
    n = len(lead_cards)
    led = order.eff[lead_cards[0]]
    for i, (_, cards) in enumerate(plays):
        if len(cards) != n:
            raise InputError(f"play {i} has {len(cards)} cards; the lead has {n}", f"plays/{i}/cards")
    outcomes = [PlayOutcome(plays[0][0], True, led == TRUMP, True)]
    _, _, best_vector = _beats(rules, order, fmt, _counts(lead_cards), None, None)
    best_trump = led == TRUMP
    best_index = 0
    for i in range(1, len(plays)):
        seat, cards = plays[i]
        suits = {order.eff[c] for c in cards}
        kind = suits.pop() if len(suits) == 1 else None
        matches = wins = False
        if kind == led or kind == TRUMP:
            is_trump = kind == TRUMP
            if is_trump and not best_trump:
                matches, _, vector = _beats(rules, order, fmt, _counts(cards), None, None)
                wins = matches
            elif is_trump == best_trump:
                matches, wins, vector = _beats(rules, order, fmt, _counts(cards), best_vector, None)
            else:
                matches = _beats(rules, order, fmt, _counts(cards), None, None)[0]
            if wins:
                best_vector, best_trump, best_index = vector, is_trump, i
        outcomes.append(PlayOutcome(seat, matches, kind == TRUMP, wins))
    all_cards = [c for _, cards in plays for c in cards]
    point_cards = tuple(order.sorted_cards(c for c in all_cards if CARDS[c].points))
    return TrickResult(plays[best_index][0], best_index, sum(CARDS[c].points for c in point_cards),
                       point_cards, fmt, tuple(outcomes), fmt.largest_unit)


def _counts(cards) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out
