"""Rules section 14.1-14.3: house rules of other engines as parameters (bombs, rainbows, tractor
requirements); every default keeps the presets as they were."""
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
