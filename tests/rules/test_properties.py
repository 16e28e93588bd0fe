"""Hypothesis properties of the play engine over random deals for every preset (rules sections 6-8).

Derandomized, so a CI run is reproducible; each property is bounded to a couple of hundred examples.
"""
import random
from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import rules
from rules.cards import points_of
from rules.order import Trump, order_for
from rules.ruleset import Ruleset
from tests.rules.brute import Reference, submultisets
from tests.rules.make_positions import CONFIGS, deal

PROPERTY = settings(max_examples=200, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
RULESETS = [Ruleset.preset(name, **overrides) for name, overrides in CONFIGS]


@st.composite
def follow_positions(draw, max_suit=14):
    """(ruleset, trump, hand, lead): mostly followers holding more of the led suit than was led
    (where the structure obligation applies), sometimes short or void ones."""
    rs = draw(st.sampled_from(RULESETS))
    trump = Trump(draw(st.integers(2, 14)), draw(st.sampled_from(["S", "H", "C", "D", None])))
    seed = draw(st.integers(0, 2 ** 32 - 1))
    kind = draw(st.sampled_from(["long", "long", "long", "short", "void"]))
    order = order_for(rs, trump)
    rng = random.Random(seed)
    for _ in range(20):
        hand, lead = deal(rng, rs, trump, max_suit=max_suit, max_other=4, void=kind == "void")
        if not lead or len(hand) < len(lead):
            continue
        held = sum(order.eff[c] == order.eff[lead[0]] for c in hand)
        if kind != "long" or held > len(lead):
            break
    assume(lead and len(hand) >= len(lead))
    return rs, trump, hand, lead


def key(cards):
    return tuple(sorted(cards))


@PROPERTY
@given(follow_positions())
def test_every_listed_play_is_legal_and_a_sub_multiset_of_the_hand(position):
    rs, trump, hand, lead = position
    result = rules.legal_plays(rs, trump, hand, lead, limit=60)
    assert result.count >= len(result.plays) >= 1
    hand_counts = Counter(hand)
    for play in result.plays:
        assert len(play) == len(lead)
        assert not Counter(play) - hand_counts
        verdict = rules.check_play(rs, trump, hand, play, lead)
        assert verdict.legal, (play, verdict.violations)


@PROPERTY
@given(follow_positions())
def test_listing_and_count_equal_the_brute_force(position):
    rs, trump, hand, lead = position
    expected = Reference(rs, trump).position(hand, lead).legal_plays()
    result = rules.legal_plays(rs, trump, hand, lead, limit=1000)
    assert result.count_exact
    assert result.count == len(expected)
    listed = {key(p) for p in result.plays}
    if len(expected) <= 1000:
        assert listed == expected
    else:
        assert listed <= expected


@PROPERTY
@given(follow_positions(), st.integers(0, 2 ** 32 - 1))
def test_check_play_agrees_with_the_brute_force_on_any_play(position, seed):
    rs, trump, hand, lead = position
    rng = random.Random(seed)
    reference = Reference(rs, trump).position(hand, lead)
    candidates = list(submultisets(Counter(hand), len(lead)))
    for play in rng.sample(candidates, min(12, len(candidates))):
        verdict = rules.check_play(rs, trump, hand, play, lead)
        code = reference.violation(play)
        assert verdict.legal == (code is None), (play, verdict.violations, code)
        if code is not None:
            assert code in [v.code for v in verdict.violations]


@PROPERTY
@given(follow_positions(), st.integers(0, 2 ** 32 - 1))
def test_verdicts_do_not_depend_on_card_order(position, seed):
    rs, trump, hand, lead = position
    rng = random.Random(seed)
    play = rng.sample(hand, len(lead))
    base = rules.check_play(rs, trump, hand, play, lead)
    shuffled = [list(x) for x in (hand, play, lead)]
    for x in shuffled:
        rng.shuffle(x)
    again = rules.check_play(rs, trump, *shuffled)
    assert again.legal == base.legal
    assert [v.code for v in again.violations] == [v.code for v in base.violations]
    listed = rules.legal_plays(rs, trump, shuffled[0], shuffled[2], limit=50)
    first = rules.legal_plays(rs, trump, hand, lead, limit=50)
    assert listed.count == first.count
    assert {key(p) for p in listed.plays} == {key(p) for p in first.plays}


@PROPERTY
@given(follow_positions())
def test_lead_decomposition_matches_brute_force_and_conserves_cards(position):
    rs, trump, _hand, lead = position
    fmt = rules.decompose(rs, trump, lead)
    assert key(c for u in fmt.units for c in u.all_cards) == key(lead)
    expected = Reference(rs, trump).lead_units(lead)
    got = sorted(((u.size, u.width, u.length) for u in fmt.units), reverse=True)
    assert got == [(w * length, w, length) for w, length in expected]
    assert [(u.size, u.width, u.length) for u in fmt.units] == got
    assert fmt.is_throw == (len(fmt.units) > 1)


@PROPERTY
@given(follow_positions(), st.integers(0, 2 ** 32 - 1))
def test_trick_winner_is_one_of_the_plays_and_order_of_cards_is_irrelevant(position, seed):
    rs, trump, hand, lead = position
    rng = random.Random(seed)
    order = order_for(rs, trump)
    legal = rules.legal_plays(rs, trump, hand, lead, limit=20).plays
    follow = list(rng.choice(legal))
    plays = [(0, list(lead)), (1, follow)]
    result = rules.trick_winner(rs, trump, plays)
    assert result.winner in (0, 1)
    assert result.points == points_of([*lead, *follow])
    mixed = [(seat, rng.sample(cards, len(cards))) for seat, cards in plays]
    assert rules.trick_winner(rs, trump, mixed).winner == result.winner
    if result.winner == 1:
        # a winning follow matches the format: all of the led suit or all trump
        assert len({order.eff[c] for c in follow}) == 1


@st.composite
def follow_rulesets(draw):
    """Any combination of the parameters section 7 reads (section 3: every valid combination)."""
    decks = draw(st.integers(1, 4))
    return Ruleset.preset(
        "qq", decks=decks,
        permanent_twos=draw(st.booleans()),
        tractor_adjacency=draw(st.sampled_from(["trump-order", "natural"])),
        tractor_obligation=draw(st.booleans()),
        follow_ladder=draw(st.sampled_from(["width-first", "shengji-3deck"])),
        wider_substitutes=draw(st.booleans()),
        tractor_min_width=draw(st.integers(2, max(2, decks))),
        tractor_min_length=draw(st.sampled_from([2, 2, 3, 4])),
        bombs=draw(st.sampled_from(["none", "any-suit", "follow-suit"])),
    )


@PROPERTY
@given(follow_rulesets(), st.integers(2, 14), st.sampled_from(["S", "H", "C", "D", None]),
       st.integers(0, 2 ** 32 - 1))
def test_any_follow_parameter_combination_matches_the_brute_force(rs, level, suit, seed):
    trump = Trump(level, suit)
    hand, lead = deal(random.Random(seed), rs, trump, max_suit=14, max_other=3)
    assume(lead and len(hand) >= len(lead))
    expected = Reference(rs, trump).position(hand, lead).legal_plays()
    result = rules.legal_plays(rs, trump, hand, lead, limit=1000)
    assert result.count == len(expected) and result.count_exact
    if len(expected) <= 1000:
        assert {key(p) for p in result.plays} == expected
