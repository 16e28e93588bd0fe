"""Rules section 14.1-14.3: house rules of other engines as parameters (bombs, rainbows, tractor
requirements); every default keeps the presets as they were."""
import random
from collections import Counter

import pytest

import rules
from rules.cards import parse_cards
from rules.order import Trump
from rules.ruleset import Ruleset, RulesetError
from rules.scoring import kitty_multiplier
from tests.rules.brute import Reference

HEARTS = Trump("2", "H")          # spades are a plain side suit


def cs(text):
    return parse_cards(text.split())


def shapes(rs, trump, text):
    return [(u.width, u.length) for u in rules.decompose(rs, trump, cs(text)).units]


def plays(rs, trump, hand, lead):
    got = rules.legal_plays(rs, trump, cs(hand), cs(lead), limit=1000)
    assert got.count_exact and got.count == len(got.plays)
    return {tuple(sorted(p)) for p in got.plays}


def as_set(*texts):
    return {tuple(sorted(cs(t))) for t in texts}


# -- 14.3 tractor requirements -------------------------------------------------------------------
QQ_LONG = Ruleset.preset("qq", tractor_min_length=3)
QQ_WIDE = Ruleset.preset("qq", decks=3, tractor_min_width=3)


def test_s14_3_defaults_keep_every_preset():
    for name in ("tuolaji", "shengji", "qq", "4399", "four-deck", "pagat"):
        rs = Ruleset.preset(name)
        assert (rs.tractor_min_width, rs.tractor_min_length) == (2, 2)
    assert shapes(Ruleset.preset("qq"), HEARTS, "3S 3S 4S 4S") == [(2, 2)]
    assert Ruleset.preset("shengji", decks=1).tractor_min_width == 2      # one deck: still valid


def test_s14_3_min_length_3_makes_3344_two_pairs_a_throw():
    fmt = rules.decompose(QQ_LONG, HEARTS, cs("3S 3S 4S 4S"))
    assert [(u.width, u.length) for u in fmt.units] == [(2, 1), (2, 1)] and fmt.is_throw
    assert shapes(QQ_LONG, HEARTS, "3S 3S 4S 4S 5S 5S") == [(2, 3)]
    no_throws = Ruleset.preset("tuolaji", tractor_min_length=3)
    verdict = rules.check_play(no_throws, Trump("K", "H"), cs("3S 3S 4S 4S"), cs("3S 3S 4S 4S"))
    assert [v.code for v in verdict.violations] == ["THROWS_NOT_ALLOWED"]


def test_s14_3_min_width_3_makes_pair_runs_pairs_and_keeps_titanics():
    assert shapes(QQ_WIDE, HEARTS, "3S 3S 4S 4S") == [(2, 1), (2, 1)]
    assert shapes(QQ_WIDE, HEARTS, "5S 5S 5S 6S 6S 6S 3S 3S 4S 4S") == [(3, 2), (2, 1), (2, 1)]


def test_s14_3_a_short_run_is_not_owed_when_following():
    # lead 334455 (a tractor of three pairs); the follower holds 6677 99 JJ
    lead, hand = "3S 3S 4S 4S 5S 5S", "6S 6S 7S 7S 9S 9S JS JS"
    default = plays(Ruleset.preset("qq"), HEARTS, hand, lead)
    assert default == as_set("6S 6S 7S 7S 9S 9S", "6S 6S 7S 7S JS JS")   # the run 6677 is owed
    long_ = plays(QQ_LONG, HEARTS, hand, lead)
    assert long_ == as_set("6S 6S 7S 7S 9S 9S", "6S 6S 7S 7S JS JS", "6S 6S 9S 9S JS JS",
                           "7S 7S 9S 9S JS JS")                                # any three pairs
    for rs in (Ruleset.preset("qq"), QQ_LONG):
        assert Reference(rs, HEARTS).position(cs(hand), cs(lead)).legal_plays() == \
            {tuple(sorted(p)) for p in (default if rs is not QQ_LONG else long_)}


def test_s14_3_a_short_run_is_no_held_tractor_for_protection():
    lead, hand = "3S 3S", "5S 5S 6S 6S 8S 9S"
    keep = Ruleset.preset("4399", decks=4, follow_protection="tractors")
    assert len(plays(keep, Trump("A", "H"), hand, lead)) == 8                   # any two cards
    long_ = keep.replace(tractor_min_length=3)
    assert plays(long_, Trump("A", "H"), hand, lead) == as_set("5S 5S", "6S 6S")


def test_s14_3_trick_comparison_reads_the_same_definition():
    # 3344 led: a tractor by default (two trump pairs do not match it); two pairs with min length 3
    default = rules.trick_winner(Ruleset.preset("qq"), HEARTS, [(0, cs("3S 3S 4S 4S")), (1, cs("5H 5H 8H 8H"))])
    assert default.winner == 0 and not default.plays[1].matches_format
    long_ = rules.trick_winner(QQ_LONG, HEARTS, [(0, cs("3S 3S 4S 4S")), (1, cs("5H 5H 8H 8H"))])
    assert long_.winner == 1 and long_.plays[1].matches_format


def test_s14_3_throws_read_the_same_definition():
    lead, others = cs("3S 3S 4S 4S AS"), [(1, cs("5S 5S")), (2, cs("KS")), (3, cs("QS"))]
    assert rules.adjudicate_throw(Ruleset.preset("qq"), HEARTS, 0, lead, others).stands
    failed = rules.adjudicate_throw(QQ_LONG, HEARTS, 0, lead, others)
    assert failed.stands is False and failed.forced_play == tuple(cs("3S 3S")) and failed.beaten_by == 1


def test_s14_3_kitty_multiplier_reads_the_lead_format():
    rs = Ruleset.preset("4399")
    last = [(0, cs("3S 3S 4S 4S")), (1, cs("5S 6S 7S 8S"))]
    assert kitty_multiplier(rs, rules.trick_winner(rs, HEARTS, last).format) == 8            # 2·2^2
    long_ = rs.replace(tractor_min_length=3)
    assert kitty_multiplier(long_, rules.trick_winner(long_, HEARTS, last).format) == 4      # 2·2^1


def test_s14_3_lead_options_list_no_short_tractor():
    options = rules.legal_plays(QQ_LONG, HEARTS, cs("3S 3S 4S 4S 6S 6S 7S 7S 8S 8S"))
    kinds = {(u.width, u.length) for s in options.suits for u in s.units}
    assert (2, 2) not in kinds and (2, 3) in kinds


@pytest.mark.parametrize("key, value", [
    ("tractor_min_width", 1), ("tractor_min_width", 9), ("tractor_min_length", 1), ("tractor_min_length", 14),
    ("tractor_min_width", "3"), ("tractor_min_length", True),
])
def test_s14_3_out_of_range_values_name_their_parameter(key, value):
    with pytest.raises(RulesetError) as err:
        Ruleset.preset("four-deck", **{key: value})
    assert err.value.parameter == key


def test_s14_3_min_width_above_decks_is_invalid():
    with pytest.raises(RulesetError) as err:
        Ruleset.preset("qq", tractor_min_width=3)
    assert err.value.parameter == "tractor_min_width"
    assert Ruleset.preset("qq", decks=3, tractor_min_width=3).tractor_min_width == 3


# -- 14.1 bombs ----------------------------------------------------------------------------------
LEVEL4 = Trump("4", "H")
ANY = Ruleset.preset("qq", decks=4, bombs="any-suit")
FOLLOW = Ruleset.preset("qq", decks=4, bombs="follow-suit")


def winner(rs, *plays):
    return rules.trick_winner(rs, LEVEL4, [(seat, cs(text)) for seat, text in enumerate(plays)])


@pytest.mark.parametrize("rs", [ANY, FOLLOW], ids=["any-suit", "follow-suit"])
def test_s14_1_examples_who_wins(rs):
    result = winner(rs, "8S 8S 9S 9S", "2C 2C 2C 2C", "3H 3H 5H 5H")
    assert result.winner == 1
    assert [(p.bomb, p.beats_previous_best) for p in result.plays] == [(False, True), (True, True), (False, False)]
    assert result.plays[2].matches_format and not result.plays[1].matches_format
    assert winner(rs, "8S 8S 9S 9S", "2C 2C 2C 2C", "3H 3H 3H 3H").winner == 2       # a trump bomb
    assert winner(rs, "8S 8S 9S 9S", "2C 2C 2C 2C", "AS AS AS AS").winner == 2       # A > 2, any suits
    assert winner(rs, "8S 8S 9S 9S", "2S 2S 2S 2S", "AC AC AC AC").winner == 2       # the departure
    assert winner(rs, "8S 8S 9S 9S", "7C 7C 7C 7C", "7D 7D 7D 7D").winner == 1       # equal: the first
    # off-suit level cards are equal trumps, but not identical across suits
    assert winner(rs, "8S 8S 9S 9S", "4S 4S 4C 4C").winner == 0
    assert winner(rs, "8S 8S 9S 9S", "4S 4S 4S 4S", "4C 4C 4C 4C", "4H 4H 4H 4H").winner == 3


def test_s14_1_a_bomb_led_is_one_unit_and_a_bomb():
    result = winner(ANY, "6S 6S 6S 6S", "2D 2D 2D 2D", "KS KS KS KS")
    assert [(u.width, u.length) for u in result.format.units] == [(4, 1)]
    assert result.winner == 2 and [p.bomb for p in result.plays] == [True, True, True]
    assert winner(ANY, "6S 6S 6S 6S", "5H 5H 7H 7H").winner == 0        # a trump tractor: no bomb


def test_s14_1_follow_suit_rule():
    lead, hand = cs("8S 8S 9S 9S"), cs("3S 2C 2C 2C 2C 3H 3H 3H 3H 7D")
    verdict = rules.check_play(FOLLOW, LEVEL4, hand, cs("2C 2C 2C 2C"), lead)
    assert [v.code for v in verdict.violations] == ["MUST_FOLLOW_SUIT"]
    assert rules.check_play(FOLLOW, LEVEL4, hand, cs("3H 3H 3H 3H"), lead).legal         # trump bomb
    assert rules.check_play(ANY, LEVEL4, hand, cs("2C 2C 2C 2C"), lead).legal
    void = cs("2C 2C 2C 2C 7D 8D")
    assert rules.check_play(FOLLOW, LEVEL4, void, cs("2C 2C 2C 2C"), lead).legal
    none = Ruleset.preset("qq", decks=4)
    assert not rules.check_play(none, LEVEL4, hand, cs("3H 3H 3H 3H"), lead).legal


@pytest.mark.parametrize("rs", [ANY, FOLLOW], ids=["any-suit", "follow-suit"])
def test_s14_1_legal_listing_adds_the_bombs_and_counts_stay_exact(rs):
    lead, hand = cs("8S 8S 9S 9S"), cs("3S 2C 2C 2C 2C 3H 3H 3H 3H 7D")
    base = rules.legal_plays(Ruleset.preset("qq", decks=4), LEVEL4, hand, lead, limit=1000)
    got = rules.legal_plays(rs, LEVEL4, hand, lead, limit=1000)
    bombs = as_set("3H 3H 3H 3H", "2C 2C 2C 2C") if rs is ANY else as_set("3H 3H 3H 3H")
    assert got.count_exact and got.count == base.count + len(bombs) == len(got.plays)
    assert {tuple(sorted(p)) for p in got.plays} == {tuple(sorted(p)) for p in base.plays} | bombs
    assert {tuple(sorted(p)) for p in got.plays} == Reference(rs, LEVEL4).position(hand, lead).legal_plays()


def test_s14_1_a_bomb_section_7_allows_is_counted_once():
    # a quad of spades led; the follower's 5555 of spades is what section 7 owes anyway
    lead, hand = cs("6S 6S 6S 6S"), cs("5S 5S 5S 5S 7S 2C 2C 2C 2C")
    got = rules.legal_plays(ANY, LEVEL4, hand, lead, limit=1000)
    assert {tuple(sorted(p)) for p in got.plays} == as_set("5S 5S 5S 5S", "2C 2C 2C 2C")
    assert got.count == 2 and got.count_exact


def test_s14_1_bombs_need_the_lead_card_count_and_four_cards():
    lead, hand = cs("8S 8S 9S 9S 10S"), cs("3S 2C 2C 2C 2C 3H 3H 3H 3H 7D")
    assert not rules.check_play(ANY, LEVEL4, hand, cs("3H 3H 3H 3H 7D"), lead).legal
    assert not rules.check_play(ANY, LEVEL4, cs("2C 2C 2C 5S"), cs("2C 2C 2C"), cs("8S 9S 10S")).legal
    assert Ruleset.preset("qq", bombs="any-suit").decks == 2         # valid; no bomb can occur


def test_s14_1_throws_ignore_bombs_and_a_failed_throw_reduced_to_a_quad_is_a_bomb():
    lead = cs("6S 6S 6S 6S AS")
    others = [(1, cs("2C 2C 2C 2C")), (2, cs("7S 7S 7S 7S")), (3, cs("3D"))]
    thrown = rules.adjudicate_throw(ANY, LEVEL4, 0, lead, others)
    assert thrown.stands is False and thrown.forced_play == tuple(cs("6S 6S 6S 6S")) and thrown.beaten_by == 2
    assert rules.adjudicate_throw(ANY, LEVEL4, 0, lead, [(1, cs("2C 2C 2C 2C"))]).stands
    assert winner(ANY, "6S 6S 6S 6S", "7S 7S 7S 7S", "2C 2C 2C 2C").winner == 1


# -- 14.2 rainbows -------------------------------------------------------------------------------
RAINBOW = Ruleset.preset("qq", decks=3, rainbow_min=5)
SPADES = Trump("2", "S")


def test_s14_2_a_rainbow_lead_is_one_rank_across_four_effective_suits():
    fmt = rules.decompose(RAINBOW, SPADES, cs("7S 7S 7H 7C 7D"))
    assert fmt.suit == "rainbow" and not fmt.is_throw
    assert [(u.kind, u.width, u.length) for u in fmt.units] == [("rainbow", 5, 1)]
    verdict = rules.check_play(RAINBOW, SPADES, cs("7S 7S 7H 7C 7D 3C"), cs("7S 7S 7H 7C 7D"))
    assert verdict.legal and verdict.format.suit == "rainbow"
    for cards in ("7S 7H 7C 7D", "7S 7S 7H 7H 7C"):            # too few cards; three suits
        assert not rules.check_play(RAINBOW, SPADES, cs(cards + " 3C"), cs(cards)).legal
    # the level rank is all trump (one effective suit): never a rainbow, in no-trump either
    assert rules.decompose(RAINBOW, Trump("7", None), cs("7S 7S 7H 7C 7D")).suit == "trump"
    assert rules.decompose(RAINBOW, Trump("7", "S"), cs("7S 7S 7H 7C 7D")).suit == "trump"
    off = Ruleset.preset("qq", decks=3)
    assert [v.code for v in rules.check_play(off, SPADES, cs("7S 7S 7H 7C 7D"), cs("7S 7S 7H 7C 7D")).violations] \
        == ["LEAD_NOT_ONE_SUIT"]


def test_s14_2_rainbow_min_bounds():
    for value in (3, 33, True, "5"):
        with pytest.raises(RulesetError) as err:
            Ruleset.preset("qq", rainbow_min=value)
        assert err.value.parameter == "rainbow_min"
    with pytest.raises(RulesetError):
        Ruleset.preset("qq", decks=2, rainbow_min=9)            # above 4·decks
    assert Ruleset.preset("qq", decks=2, rainbow_min=8).rainbow_min == 8
    assert Ruleset.preset("qq").rainbow_min is None


def test_s14_2_following_must_split_into_groups_when_the_hand_can():
    lead, hand = "7S 7S 7H 7C 7D", "KS KH KC KD KD 8S 8H 8C 3D BJ"
    assert plays(RAINBOW, SPADES, hand, lead) == as_set("KS KH KC KD KD")
    verdict = rules.check_play(RAINBOW, SPADES, cs(hand), cs("8S 8H 8C 3D BJ"), cs(lead))
    assert [v.code for v in verdict.violations] == ["MUST_PLAY_GROUPS"]
    assert verdict.violations[0].detail["example"] == ["KS", "KH", "KC", "KD", "KD"]
    # no split (four Ks, three 8s): any five of the seven cards, no suit obligation
    assert len(plays(RAINBOW, SPADES, "KS KH KC KD 8S 8H 3D", lead)) == 21
    # bombs do not apply in a rainbow trick
    both = RAINBOW.replace(decks=4, bombs="any-suit")
    assert len(plays(both, SPADES, "4D 4D 4D 4D 4D 8S 8H 3D", lead)) == 1


def test_s14_2_a_follower_may_split_groups_from_one_rank_and_several_ranks():
    # a rainbow throw of 5 + 5 (where throws are allowed); ten Qs split into two groups of one rank
    lead = "7S 7S 7H 7C 7D 9S 9H 9C 9D 9D"
    rs = RAINBOW.replace(decks=4)
    hand = "QS QS QS QH QH QC QC QD QD QD 5S 5H 5C 5D 5D 3C"
    got = plays(rs, SPADES, hand, lead)
    assert {tuple(sorted(cs("QS QS QS QH QH QC QC QD QD QD")))} < got
    assert all(len(p) == 10 for p in got)
    assert got == Reference(rs, SPADES).position(cs(hand), cs(lead)).legal_plays()


def test_s14_2_who_wins_greedy_ranks_high_to_low():
    lead = "7S 7S 7H 7C 7D"
    result = rules.trick_winner(RAINBOW, SPADES, [(0, cs(lead)), (1, cs("9S 9H 9C 9D 9D")),
                                                  (2, cs("8S 8H 8C 8D 8D")), (3, cs("AS KS QS JS 3S"))])
    assert result.winner == 1 and result.format.suit == "rainbow"
    assert [(p.matches_format, p.beats_previous_best) for p in result.plays] == \
        [(True, True), (True, True), (True, False), (False, False)]
    # trump status is ignored: spade 9s (trump) rank as 9s, equal ranks keep the earlier play
    again = rules.trick_winner(RAINBOW, SPADES, [(0, cs(lead)), (1, cs("9S 9S 9S 9H 9C")),
                                                 (2, cs("9H 9C 9D 9D 9D"))])
    assert again.winner == 1 and not again.plays[2].beats_previous_best


def test_s14_2_rainbow_throws_fail_to_the_lowest_beaten_group():
    rs = RAINBOW.replace(decks=4)
    lead = cs("7S 7S 7H 7C 7D 9S 9H 9C 9D 9D")
    others = [(1, cs("8S 8H 8C 8D 8D 3C")), (2, cs("KS KH KC KD 2C")), (3, cs("QS QS QH QC QD"))]
    failed = rules.adjudicate_throw(rs, SPADES, 0, lead, others)
    assert failed.stands is False and failed.forced_play == tuple(cs("7S 7S 7H 7C 7D")) and failed.beaten_by == 1
    stands = rules.adjudicate_throw(rs, SPADES, 0, lead, [(1, cs("8S 8H 8C 8D 3C")), (2, cs("AS AH AC AD"))])
    assert stands.stands
    no_throws = Ruleset.preset("tuolaji", decks=4, rainbow_min=5)
    verdict = rules.check_play(no_throws, Trump("3", "H"), lead, lead)
    assert [v.code for v in verdict.violations] == ["THROWS_NOT_ALLOWED"]


# -- 14.2 rainbow leads in the listing, the count, the sample and the selection help ---------------
def rainbow_lead_hand(rng, rs, trump):
    """A hand with one to three ranks held in all four suits (a copy or more each) and a few other
    cards, at most 12 cards, within the copy limit."""
    counts = Counter()
    level = trump.level
    ranks = rng.sample([r for r in range(2, 15) if r != level], rng.randint(1, 3))
    for r in ranks:
        for s in range(4):
            counts[s * 13 + r - 2] += rng.randint(1, min(rs.decks, 2))
    while sum(counts.values()) < rng.randint(8, 12):
        c = rng.randrange(54)
        if counts[c] < rs.decks:
            counts[c] += 1
    return list(counts.elements())[:12]


def rainbow_ruleset(rng):
    decks = rng.randint(1, 4)
    preset = rng.choice(["qq", "tuolaji", "pagat"] + (["shengji"] if decks <= 3 else []))
    throws = rng.random() < 0.6
    return Ruleset.preset(preset, decks=decks, rainbow_min=rng.randint(4, min(4 * decks, 6)), throws=throws)


@pytest.mark.parametrize("seed", range(40))
def test_s14_2_rainbow_leads_match_brute_force(seed):
    from tests.rules.brute import legal_leads
    from tests.rules.test_selection import check_against_brute, random_selections

    rng = random.Random(1400 + seed)
    rs = rainbow_ruleset(rng)
    trump = Trump(rng.randint(2, 14), rng.choice(["S", "H", "C", "D", None]))
    hand = rainbow_lead_hand(rng, rs, trump)
    legal = legal_leads(rs, trump, hand)
    rainbows = {p for p in legal if rules.decompose(rs, trump, p).suit == "rainbow"}
    selections = random_selections(rng, hand, sorted(rainbows), k=4) + random_selections(rng, hand, legal, k=4)
    check_against_brute(rs, trump, hand, None, selections)
    options = rules.legal_plays(rs, trump, hand)
    listed = {u.cards[0] % 13 + 2 for u in options.rainbows}
    assert listed == {c % 13 + 2 for p in rainbows for c in p}
    for group in options.rainbows:                        # the whole group is itself a lead
        assert tuple(sorted(group.cards)) in legal


def test_s14_2_lead_options_list_each_rainbow_group_high_first():
    rs = Ruleset.preset("qq", decks=3, rainbow_min=5)
    hand = cs("7S 7S 7H 7C 7D KS KH KC KD KD 9S 9H 9C 2S 2H 2C 2D BJ")
    options = rules.legal_plays(rs, SPADES, hand)
    assert [[str(c) for c in u.cards] for u in options.rainbows] == \
        [["KS", "KH", "KC", "KD", "KD"], ["7S", "7S", "7H", "7C", "7D"]]       # not the 9s (3 suits), not the 2s (level)
    assert [u.kind for u in options.rainbows] == ["rainbow", "rainbow"]
    assert rules.legal_plays(Ruleset.preset("qq", decks=3), SPADES, hand).rainbows == ()
    # four of each suit but only four cards: below rainbow_min 5
    assert rules.legal_plays(rs, SPADES, cs("7S 7H 7C 7D 3C")).rainbows == ()


def test_s14_2_lead_count_adds_every_rainbow_and_the_sample_reaches_them():
    from rules.selection import legal_set

    rs = Ruleset.preset("qq", decks=3, rainbow_min=5)
    hand = cs("7S 7S 7H 7C 7D KD 3D BJ")
    off = legal_set(Ruleset.preset("qq", decks=3), SPADES, hand)
    on = legal_set(rs, SPADES, hand)
    assert on.count() == off.count() + 1                   # 7S 7S 7H 7C 7D, the only group of 5 or more
    hits = sum(rules.decompose(rs, SPADES, on.sample(1, i)[0]).suit == "rainbow" for i in range(1500))
    expected = 1500 / on.count()
    assert 0.5 * expected < hits < 1.6 * expected
    help_ = on.help(cs("7H 7C"))
    assert help_.completable and {str(c) for c in help_.selectable} == {"7S", "7D"}
    assert on.help(cs("7S 7S 7H 7C 7D")).complete


@pytest.mark.parametrize("name", ["01_qq.json", "16_tuolaji.json"])     # throws; no throws
def test_s14_2_a_leaders_next_action_counts_the_rainbows(name):
    import json
    from dataclasses import replace
    from pathlib import Path

    from rules.state import hand_state
    from schemas.records import load_record

    path = Path(__file__).parent.parent / "data" / "hands" / name
    data = json.loads(path.read_text(encoding="utf-8"))
    record = replace(load_record({k: v for k, v in data.items() if k != "expected"}), tricks=())
    plain = hand_state(record)
    state = hand_state(replace(record, rules=record.rules.replace(rainbow_min=4)))
    assert state.next.action == "lead" and plain.next.action == "lead"
    hand = Counter(state.hands[state.next.seat])
    # each rank (not the level) held in four suits leads any copies of each of its four cards
    per_rank = []
    for r in range(13):
        copies = [hand[s * 13 + r] for s in range(4)]
        if all(copies) and r + 2 != state.trump.level:
            per_rank.append(copies[0] * copies[1] * copies[2] * copies[3])
    assert len(per_rank) >= 2
    if record.rules.throws:                     # any non-empty choice of ranks, a group each
        extra = -1
        product_ = 1
        for k in per_rank:
            product_ *= k + 1
        extra += product_
    else:
        extra = sum(per_rank)
    assert state.next.count == plain.next.count + extra


@pytest.mark.parametrize("least", [4, 5, 6, 7, 8])
def test_s14_2_every_rainbow_lead_is_sampled_once(least):
    # two ranks of two copies in each suit, throws: groups of 4..8 cards of each rank, alone or both
    from rules.selection import legal_set
    from tests.rules.brute import legal_leads

    rs = Ruleset.preset("qq", rainbow_min=least)
    hand = cs("7S 7S 7H 7H 7C 7C 7D 7D 9S 9S 9H 9H 9C 9C 9D 9D")
    legal = legal_leads(rs, SPADES, hand)
    chosen = legal_set(rs, SPADES, hand)
    assert chosen.count() == len(legal)
    drawn = chosen.sample(len(legal), least)
    assert {tuple(sorted(p)) for p in drawn} == legal and len(drawn) == len(legal)
    per_rank = sum(1 for p in legal if rules.decompose(rs, SPADES, p).suit == "rainbow" and len({c % 13 for c in p}) == 1)
    assert per_rank == 2 * sum(1 for k in range(16) if 4 + bin(k).count("1") >= least)
