"""Pinned legal-play counts for fixed follow positions (rules section 7), perft-style.

tests/data/follow_positions.json is written by tests/rules/make_positions.py; its counts come from
the brute force in tests/rules/brute.py.  Each position is checked twice: the engine's count must
equal the pin, and the brute force must still agree with the pin (so a change to either side shows).
"""
import json
from pathlib import Path

import pytest

import rules
from rules.cards import parse_cards
from rules.order import Trump
from rules.ruleset import Ruleset
from tests.rules.brute import Reference

DATA = Path(__file__).resolve().parent.parent / "data" / "follow_positions.json"
POSITIONS = json.loads(DATA.read_text(encoding="utf-8"))["positions"]


def load(position):
    rs = Ruleset.from_dict(position["rules"])
    trump = Trump(position["trump"]["level"], position["trump"]["suit"])
    return rs, trump, parse_cards(position["hand"]), parse_cards(position["lead"])


def ident(position):
    return f"{position['rules']['preset']}-{len(position['hand'])}c-{'-'.join(position['lead'])}"


def test_positions_cover_presets_and_decks():
    presets = {p["rules"]["preset"] for p in POSITIONS}
    # section 13's presets; rbtying (14.12) plays their follow rules with all-units comparison, which
    # the soak's brute force covers (tests/rules/differential.py)
    assert presets == set(rules.PRESETS) - {"rbtying"}
    decks = {Ruleset.from_dict(p["rules"]).decks for p in POSITIONS}
    assert {1, 2, 3, 4} <= decks
    assert len(POSITIONS) >= 30
    assert any(p["count"] > 1000 for p in POSITIONS)


def test_positions_respect_copy_limits():
    for p in POSITIONS:
        rs, _, hand, lead = load(p)
        counts = {}
        for c in hand + lead:
            counts[c] = counts.get(c, 0) + 1
        assert max(counts.values()) <= rs.decks, p


@pytest.mark.parametrize("position", POSITIONS, ids=[ident(p) for p in POSITIONS])
def test_s7_legal_play_count(position):
    rs, trump, hand, lead = load(position)
    result = rules.legal_plays(rs, trump, hand, lead, limit=100)
    assert result.count == position["count"]
    assert result.count_exact
    assert len(result.plays) == min(100, position["count"])
    assert result.truncated == (position["count"] > 100)
    assert len(set(result.plays)) == len(result.plays)


@pytest.mark.parametrize("position", POSITIONS, ids=[ident(p) for p in POSITIONS])
def test_s7_pinned_count_matches_brute_force(position):
    rs, trump, hand, lead = load(position)
    assert len(Reference(rs, trump).position(hand, lead).legal_plays()) == position["count"]


@pytest.mark.parametrize("position", [p for p in POSITIONS if p["count"] <= 100],
                         ids=[ident(p) for p in POSITIONS if p["count"] <= 100])
def test_s7_listed_plays_are_exactly_the_brute_force_set(position):
    rs, trump, hand, lead = load(position)
    listed = {tuple(sorted(p)) for p in rules.legal_plays(rs, trump, hand, lead, limit=100).plays}
    assert listed == Reference(rs, trump).position(hand, lead).legal_plays()


def test_width_programme_shifted_sum_is_the_sum_term_by_term():
    """The programme's polynomial step (a card played lo..hi times) adds each shifted copy exactly
    once; a negative shift drops the fields below size zero (the sizes the later cards cannot
    complete), which is exact because the programme's fields never carry."""
    import random

    from rules.widths import shifted_sum
    rng = random.Random(20261201)
    for _ in range(3000):
        digit, lo = rng.randint(1, 80), rng.randint(-14, 12)
        hi = lo + rng.randint(0, 16)
        most = ((1 << digit) - 1) // (hi - lo + 1)
        poly = sum(rng.randint(0, most) << (digit * f) for f in range(rng.randint(1, 12)))
        terms = [poly << (digit * m) if m >= 0 else poly >> (digit * -m) for m in range(lo, hi + 1)]
        assert shifted_sum(poly, digit, lo, hi) == sum(terms)


def _remainders(bits, position):
    return {r for r, at in position.items() if bits >> at & 1}


def test_width_programme_sets_are_the_remainders_a_card_can_leave():
    """Section 7, owed units of length 1: the set reached by a card played ``m`` times holds exactly
    the remainders that some choice of owed widths it may host (summing to at most ``m``) leaves
    from a remainder of the set before: the shifts are checked against that definition on every
    set reached, every copy count and every mask, in small grids."""
    import itertools

    from rules.widths import _FIELD, WidthStates
    for kinds, owed in (((3, 2), (2, 3)), ((4, 3, 2), (1, 2, 2)), ((2,), (5,)), ((5, 3), (2, 2)),
                        ((7, 5, 3), (1, 2, 1)), ((6, 4, 3, 2), (1, 1, 1, 1))):
        states = WidthStates(list(kinds), (sum(c << (_FIELD * i) for i, c in enumerate(owed)),))
        grid = list(itertools.product(*(range(c + 1) for c in owed)))
        position = {r: sum(r[i] * states.strides[i] for i in range(len(kinds))) for r in grid}
        most = sum(c * w for c, w in zip(owed, kinds, strict=True))
        assert _remainders(states.sets[0], position) == {owed}
        todo, seen = [0], {0}
        while todo:
            sid = todo.pop()
            here = _remainders(states.sets[sid], position)
            for mask in range(1 << len(kinds)):
                for m in range(most + 2):
                    left = set()
                    for r in here:
                        for t in itertools.product(*(range(r[i] + 1) if mask >> i & 1 else (0,)
                                                     for i in range(len(kinds)))):
                            if sum(k * w for k, w in zip(t, kinds, strict=True)) <= m:
                                left.add(tuple(a - b for a, b in zip(r, t, strict=True)))
                    reached = states.consume(sid, m, mask)
                    assert _remainders(states.sets[reached], position) == left, (kinds, owed, sorted(here), m, mask)
                    if reached not in seen:
                        seen.add(reached)
                        todo.append(reached)
        assert states.done != -1 and _remainders(states.sets[states.done], position) == set(grid)
