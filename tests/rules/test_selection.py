"""Every legal play at once (rules sections 6 and 7): must, may, exact counts, uniform samples and
selection help, each checked against a brute-force enumeration of all legal plays.

Follows and leads are enumerated by the independent brute force of tests/rules/brute.py (leads: every
non-empty sub-multiset of one effective suit that its canonical decomposition makes one unit, every
one where throws are allowed, and the rainbows of section 14.2).
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.budget import Budget
from rules.cards import parse_cards
from rules.order import Trump, order_for
from rules.ruleset import Ruleset
from rules.selection import MAX_SAMPLE, BoxSet, WidthSet, legal_set, play_summary, sample_plays, selection_help
from tests.rules.brute import legal_follows, legal_leads
from tests.rules.make_positions import CONFIGS, deal

RULESETS = [Ruleset.preset(name, **overrides) for name, overrides in CONFIGS]
PROPERTY = settings(max_examples=120, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def key(cards):
    return tuple(sorted(int(c) for c in cards))


def brute_leads(rs, trump, hand):
    """Every legal lead of ``hand`` (sections 6 and 14.2), by exhaustion."""
    return legal_leads(rs, trump, hand)


def brute(rs, trump, hand, lead):
    return brute_leads(rs, trump, hand) if lead is None else legal_follows(rs, trump, hand, lead)


def intersection(plays):
    plays = [Counter(p) for p in plays]
    if not plays:
        return Counter()
    out = plays[0]
    for p in plays[1:]:
        out &= p
    return out


def union(plays):
    out = Counter()
    for p in plays:
        out |= Counter(p)
    return out


def check_against_brute(rs, trump, hand, lead, selections, width_programme=True):
    legal = brute(rs, trump, hand, lead)
    chosen = legal_set(rs, trump, hand, lead, width_programme=width_programme)
    summary = chosen.summary()
    assert summary.count == len(legal)
    assert summary.count_exact
    assert Counter(int(c) for c in summary.must) == intersection(legal)
    assert Counter(int(c) for c in summary.may) == union(legal)
    held = Counter(hand)
    for selected in selections:
        s = Counter(selected)
        help_ = chosen.help(selected)
        assert help_.complete == (key(selected) in legal)
        supersets = [p for p in legal if not s - Counter(p)]
        assert help_.completable == bool(supersets)
        expected = {c for c in held if held[c] > s[c] and any(Counter(p)[c] > s[c] for p in supersets)}
        assert {int(c) for c in help_.selectable} == expected
        assert len(help_.selectable) == len(set(help_.selectable))
    for n in (1, 3, len(legal), len(legal) + 2):
        drawn = chosen.sample(n, "s")
        assert len(drawn) == min(n, len(legal))
        assert len({key(p) for p in drawn}) == len(drawn)
        assert all(key(p) in legal for p in drawn)
    return legal


def random_selections(rng, hand, legal, k=6):
    """Sub-multisets of the hand: parts of legal plays (completable ones) and random picks."""
    out = [()]
    plays = sorted(legal)
    for _ in range(k):
        if plays and rng.random() < 0.6:
            p = list(rng.choice(plays))
            out.append(tuple(rng.sample(p, rng.randint(0, len(p)))))
        else:
            h = list(hand)
            out.append(tuple(rng.sample(h, rng.randint(0, min(len(h), 5)))))
    return out


@pytest.mark.parametrize("seed", range(60))
def test_s7_follows_match_brute_force(seed):
    rng = random.Random(seed)
    rs = RULESETS[seed % len(RULESETS)]
    trump = Trump(rng.randint(2, 14), rng.choice(["S", "H", "C", "D", None]))
    hand, lead = deal(rng, rs, trump, max_suit=10, max_other=3, void=seed % 7 == 0)
    if not lead or len(hand) < len(lead):
        pytest.skip("the deal made no follow position")
    legal = brute(rs, trump, hand, lead)
    selections = random_selections(rng, hand, legal)
    check_against_brute(rs, trump, hand, lead, selections)
    assert play_summary(rs, trump, hand, lead).count == rules.legal_plays(rs, trump, hand, lead).count


@pytest.mark.parametrize("seed", range(40))
def test_s6_leads_match_brute_force(seed):
    rng = random.Random(1000 + seed)
    rs = RULESETS[seed % len(RULESETS)]
    if seed % 2:
        rs = Ruleset.from_dict({"preset": rs.name, "decks": rs.decks, "throws": not rs.throws})
    trump = Trump(rng.randint(2, 14), rng.choice(["S", "H", "C", "D", None]))
    hand, _ = deal(rng, rs, trump, max_suit=9, max_other=3)
    hand = hand[:11]
    legal = brute(rs, trump, hand, None)
    check_against_brute(rs, trump, hand, None, random_selections(rng, hand, legal))


def test_s6_lead_without_throws_is_one_unit():
    rs = Ruleset.from_dict({"preset": "qq", "throws": False})
    trump = Trump("10", "H")
    hand = parse_cards(["AS", "AS", "KS", "KS", "QS", "3C"])
    chosen = legal_set(rs, trump, hand)
    # singles AS KS QS 3C, pairs AS KS, the tractor AS AS KS KS
    assert chosen.count() == 7
    help_ = chosen.help(parse_cards(["AS", "KS"]))
    assert help_.completable and not help_.complete
    assert [str(c) for c in help_.selectable] == ["AS", "KS"]
    assert not chosen.help(parse_cards(["AS", "QS"])).completable


def test_s6_lead_with_throws_is_any_set_of_one_suit():
    rs = Ruleset.preset("qq")
    trump = Trump("10", "H")
    hand = parse_cards(["AS", "AS", "KS", "3C", "10H"])
    summary = play_summary(rs, trump, hand)
    assert summary.count == (3 * 2 - 1) + 1 + 1
    assert summary.must == ()
    assert [str(c) for c in summary.may] == ["10H", "AS", "AS", "KS", "3C"]
    help_ = selection_help(rs, trump, hand, None, parse_cards(["AS"]))
    assert [str(c) for c in help_.selectable] == ["AS", "KS"]
    assert help_.complete and help_.completable


def test_s7_must_holds_the_owed_pair_and_may_the_pairs_that_can_stand_for_it():
    rs = Ruleset.preset("qq")
    trump = Trump("10", "H")
    hand = parse_cards(["KS", "KS", "QS", "QS", "JS", "3C"])
    summary = play_summary(rs, trump, hand, parse_cards(["7S", "7S", "6S", "6S"]))
    assert [str(c) for c in summary.must] == ["KS", "KS", "QS", "QS"]
    summary = play_summary(rs, trump, hand, parse_cards(["7S", "7S"]))
    assert summary.must == ()
    assert [str(c) for c in summary.may] == ["KS", "KS", "QS", "QS"]
    assert summary.count == 2


def test_s7_short_follower_must_play_the_whole_suit():
    rs = Ruleset.preset("qq")
    trump = Trump("10", "H")
    hand = parse_cards(["KS", "3C", "3C", "4D"])
    summary = play_summary(rs, trump, hand, parse_cards(["7S", "7S"]))
    assert [str(c) for c in summary.must] == ["KS"]
    assert [str(c) for c in summary.may] == ["KS", "3C", "4D"]
    assert summary.count == 2


def test_sample_is_the_same_for_the_same_seed_and_int_seeds_read_as_their_digits():
    rs = Ruleset.preset("qq")
    trump = Trump("10", "H")
    hand = parse_cards(["AS", "KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "3C", "4D", "5D"])
    lead = parse_cards(["3S", "2S"])
    first = sample_plays(rs, trump, hand, lead, 5, 42)
    assert first == sample_plays(rs, trump, hand, lead, 5, "42")
    assert first != sample_plays(rs, trump, hand, lead, 5, 43)
    assert len(sample_plays(rs, trump, hand, None, MAX_SAMPLE + 50, "x")) == 2 ** 9 - 1 + 1 + 3
    spades = parse_cards(["AS", "KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"])
    assert len(sample_plays(rs, trump, spades, None, MAX_SAMPLE + 50, "x")) == MAX_SAMPLE


def test_sample_is_uniform():
    """Each of the 10 plays of a 5-card suit answering a two-card lead of singles drawn about
    equally often over 4000 seeds (the chi-square statistic stays far below its 0.1 % level, 27.9)."""
    rs = Ruleset.preset("qq")
    trump = Trump("10", "H")
    hand = parse_cards(["AS", "KS", "QS", "JS", "9S"])
    lead = parse_cards(["3S", "4S"])
    seen = Counter(key(sample_plays(rs, trump, hand, lead, 1, seed)[0]) for seed in range(4000))
    assert len(seen) == 10
    chi2 = sum((k - 400) ** 2 / 400 for k in seen.values())
    assert chi2 < 27.9


def test_sample_reaches_plays_without_the_big_joker():
    """The issue's motivating case: the first plays listed all held the big joker; a sample does not."""
    rs = Ruleset.preset("qq")
    trump = Trump("10", "H")
    hand = parse_cards(["BJ", "SJ", "AH", "KH", "QH", "JH", "9H", "8H"])
    drawn = sample_plays(rs, trump, hand, parse_cards(["3H"]), 8, 1)
    assert any(53 not in key(p) for p in drawn)
    assert any(53 in key(p) for p in drawn)


def test_selected_not_in_hand_is_an_input_error():
    rs = Ruleset.preset("qq")
    with pytest.raises(rules.InputError) as err:
        selection_help(rs, Trump("10", "H"), parse_cards(["AS"]), None, parse_cards(["AS", "AS"]))
    assert err.value.field == "selected"


def test_work_bound_is_an_input_error_not_a_hang():
    rs = Ruleset.preset("qq")
    trump = Trump("10", "H")
    hand = parse_cards(["AS", "AS", "KS", "KS", "QS", "QS", "JS", "JS", "9S", "9S", "8S", "8S"])
    lead = parse_cards(["3S", "3S", "4S", "4S", "6S", "6S"])
    with pytest.raises(rules.InputError) as err:
        legal_set(rs, trump, hand, lead, budget=Budget(3)).summary()
    assert err.value.field == "hand"


@st.composite
def positions(draw):
    rs = draw(st.sampled_from(RULESETS))
    trump = Trump(draw(st.integers(2, 14)), draw(st.sampled_from(["S", "H", "C", "D", None])))
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    hand, lead = deal(rng, rs, trump, max_suit=14, max_other=5, void=draw(st.booleans()))
    if draw(st.booleans()) or not lead or len(hand) < len(lead):
        lead = None
    return rs, trump, hand, lead


@PROPERTY
@given(positions(), st.integers(0, 2 ** 32 - 1))
def test_samples_lie_between_must_and_may_and_are_legal(position, seed):
    rs, trump, hand, lead = position
    chosen = legal_set(rs, trump, hand, lead)
    summary = chosen.summary()
    must, may = Counter(map(int, summary.must)), Counter(map(int, summary.may))
    drawn = chosen.sample(12, seed)
    for play in drawn:
        p = Counter(map(int, play))
        assert not must - p and not p - may
        assert rules.check_play(rs, trump, hand, play, lead).legal
        assert chosen.help(play).complete
    if lead is not None:
        listed = rules.legal_plays(rs, trump, hand, lead)
        if listed.count_exact:
            assert summary.count == listed.count
    assert len({key(p) for p in drawn}) == len(drawn) == min(12, summary.count)


@PROPERTY
@given(positions(), st.integers(0, 2 ** 32 - 1))
def test_selection_help_walks_to_a_legal_play(position, seed):
    """Adding selectable cards one at a time always reaches a complete selection, and ``must`` is
    completable; with nothing selected, ``selectable`` is the distinct cards of ``may``."""
    rs, trump, hand, lead = position
    chosen = legal_set(rs, trump, hand, lead)
    summary = chosen.summary()
    start = chosen.help(())
    assert start.selectable == tuple(dict.fromkeys(summary.may))
    assert start.completable == (summary.count > 0)
    assert chosen.help(summary.must).completable == (summary.count > 0)
    rng = random.Random(seed)
    selected: list[int] = []
    help_ = start
    while help_.selectable and not (help_.complete and rng.random() < 0.3):
        selected.append(rng.choice(help_.selectable))
        help_ = chosen.help(selected)
        assert help_.completable
    if summary.count:
        assert help_.complete
        assert rules.check_play(rs, trump, hand, selected, lead).legal


@PROPERTY
@given(positions(), st.integers(0, 2 ** 32 - 1))
def test_width_programme_and_boxes_agree(position, seed):
    """Where the owed units all have length 1 the programme answers; the boxes must say the same."""
    rs, trump, hand, lead = position
    chosen = legal_set(rs, trump, hand, lead)
    if not isinstance(chosen, WidthSet):
        return
    boxes = legal_set(rs, trump, hand, lead, width_programme=False)
    assert isinstance(boxes, BoxSet)
    assert chosen.summary() == boxes.summary()
    rng = random.Random(seed)
    for play in chosen.sample(4, seed):
        part = rng.sample(list(play), rng.randint(0, len(play)))
        assert chosen.help(part) == boxes.help(part)
        assert chosen.help(play).complete and boxes.help(play).complete
    assert {key(p) for p in chosen.sample(5000, 1)} == {key(p) for p in boxes.sample(5000, 1)} \
        or chosen.count() > 5000


def test_width_programme_is_used_for_loose_obligations():
    rs = Ruleset.preset("pagat")
    trump = Trump("5", "S")
    hand = parse_cards(["AD", "AD", "KD", "KD", "QD", "QD", "10D", "10D", "9D", "8D"])
    assert isinstance(legal_set(rs, trump, hand, parse_cards(["7D", "7D", "6D", "6D"])), WidthSet)


def tractor_follow(seed):
    """A follower holding several groups of the led suit against a tractor or a throw with a
    tractor: the positions where the obligation's search keeps several boxes."""
    rng = random.Random(seed)
    several = [r for r in RULESETS if r.decks >= 2]
    rs = several[seed % len(several)]
    trump = Trump(rng.choice([2, 3]), rng.choice(["H", "C", "D", None]))
    decks = rs.decks
    width = rng.randint(2, max(2, min(decks, 3)))
    length = rng.randint(2, 3)
    spades = [c for c in range(13) if order_for(rs, trump).eff[c] == 0]   # spades that are not trumps
    lead = [c for c in spades[:length] for _ in range(width)]
    if rs.throws and rng.random() < 0.4:
        lead += [spades[length + 1]]
    hand = []
    start = rng.randint(length + 2, len(spades) - 4)
    for c in spades[start:start + rng.randint(3, 6)]:
        hand += [c] * rng.randint(1 if rng.random() < 0.3 else 2, decks)
    hand = hand[:14] + [39 + rng.randrange(13) for _ in range(rng.randint(0, 2))]
    return rs, trump, sorted(hand), sorted(lead)


@pytest.mark.parametrize("programme", [True, False], ids=["programme", "boxes"])
@pytest.mark.parametrize("seed", range(40))
def test_s7_tractor_follows_match_brute_force(seed, programme):
    rs, trump, hand, lead = tractor_follow(seed)
    if len(hand) < len(lead):
        pytest.skip("the follower holds fewer cards than the lead")
    legal = brute(rs, trump, hand, lead)
    check_against_brute(rs, trump, hand, lead, random_selections(random.Random(seed), hand, legal, k=8),
                        width_programme=programme)


def test_tractor_follows_exercise_several_boxes():
    many = 0
    for seed in range(40):
        rs, trump, hand, lead = tractor_follow(seed)
        if len(hand) >= len(lead):
            chosen = legal_set(rs, trump, hand, lead)
            many += isinstance(chosen, BoxSet) and len(chosen.boxes) > 1
    assert many >= 10


# -- house rules (section 14): the legal set against the play check on every sub-multiset ----------
def by_check_play(rs, trump, hand, lead, size=None):
    """Every play ``rules.check_play`` finds legal, among all sub-multisets of a small hand."""
    counts = Counter(hand)
    cards = sorted(counts)
    out = set()
    for takes in product(*(range(counts[c] + 1) for c in cards)):
        play = tuple(c for c, t in zip(cards, takes, strict=True) for _ in range(t))
        if play and (size is None or len(play) == size) and rules.check_play(rs, trump, hand, play, lead).legal:
            out.add(play)
    return out


def check_house_rule_set(rs, trump, hand, lead):
    legal = by_check_play(rs, trump, hand, lead, None if lead is None else len(lead))
    chosen = legal_set(rs, trump, hand, lead)
    summary = chosen.summary()
    assert summary.count == len(legal)
    assert Counter(int(c) for c in summary.must) == intersection(legal)
    assert Counter(int(c) for c in summary.may) == union(legal)
    drawn = chosen.sample(len(legal) + 1, "house")
    assert {key(p) for p in drawn} == legal
    rng = random.Random(len(legal))
    for selected in random_selections(rng, hand, legal, 10):
        s = Counter(selected)
        help_ = chosen.help(selected)
        supersets = [p for p in legal if not s - Counter(p)]
        assert help_.complete == (key(selected) in legal)
        assert help_.completable == bool(supersets)
        assert {int(c) for c in help_.selectable} == {c for c in Counter(hand) if Counter(hand)[c] > s[c] and any(
            Counter(p)[c] > s[c] for p in supersets)}
    if lead is not None:
        listing = rules.legal_plays(rs, trump, hand, lead, limit=1000)
        assert listing.count == len(legal) and {key(p) for p in listing.plays} == legal
        assert chosen.listing(1000) == listing
    return legal


@pytest.mark.parametrize("throws", [True, False])
def test_s14_2_rainbow_leads_are_legal_leads(throws):
    rs = Ruleset.preset("qq", decks=2, rainbow_min=4, throws=throws)
    trump = Trump("10", "H")
    hand = parse_cards(["7S", "7H", "7C", "7D", "7D", "9S", "9H", "9C", "9D", "KS"])
    legal = check_house_rule_set(rs, trump, hand, None)
    rainbows = [p for p in legal if len({c % 13 for c in p}) < len({order_for(rs, trump).eff[c] for c in p})]
    assert rainbows and any(len(p) == 8 for p in rainbows) == throws


def test_s14_2_following_a_rainbow_is_a_split_into_its_groups():
    rs = Ruleset.preset("qq", decks=2, rainbow_min=4)
    trump = Trump("10", "H")
    lead = parse_cards(["8S", "8H", "8C", "8D"])
    check_house_rule_set(rs, trump, parse_cards(["7S", "7H", "7C", "7D", "7D", "9S", "9C", "3D"]), lead)
    check_house_rule_set(rs, trump, parse_cards(["7S", "7H", "7C", "9S", "9C", "3D"]), lead)    # no split: any 4 cards


@pytest.mark.parametrize("bombs", ["any-suit", "follow-suit"])
def test_s14_1_bombs_the_follow_rules_do_not_allow_are_legal_follows(bombs):
    rs = Ruleset.preset("qq", decks=4, bombs=bombs)
    trump = Trump("10", "H")
    lead = parse_cards(["5S", "5S", "6S", "6S"])
    legal = check_house_rule_set(rs, trump, parse_cards(["9S", "9S", "3S", "KD", "KD", "KD", "KD", "4C"]), lead)
    assert (tuple(sorted(parse_cards(["KD"] * 4))) in legal) == (bombs == "any-suit")
