"""Rules section 6: leads, throws, and failed throws (the QQ example)."""
import pytest

import rules
from rules.cards import parse_cards
from rules.order import Trump
from rules.ruleset import Ruleset

QQ = Ruleset.preset("qq")
PAGAT = Ruleset.preset("pagat")
LEVEL10 = Trump("10", "H")          # the QQ example: level 10, the throw in spades (a side suit)
THROW = "9S 8S 8S 4S 4S"
FILLER = "3C 4C 6D 7D"


def cs(text):
    return parse_cards(text.split())


def leader_hand(extra=""):
    return cs(THROW + " " + extra) if extra else cs(THROW)


def codes(verdict):
    return [v.code for v in verdict.violations]


def adjudicate(rs, others=None, unseen=None, seat=0):
    verdict = rules.check_play(rs, LEVEL10, leader_hand("AH"), cs(THROW), seat=seat, others=others,
                               unseen=unseen)
    assert verdict.legal and verdict.format.is_throw
    return verdict.throw


def test_s6_qq_example_someone_holds_j_forced_single_9():
    others = [(1, cs("JS " + FILLER)), (2, cs("5C 5C 2D")), (3, cs("3S 2S KD"))]
    result = adjudicate(QQ, others)
    assert result.stands is False
    assert sorted(result.forced_play) == sorted(cs("9S"))
    assert (result.forced_unit.width, result.forced_unit.length) == (1, 1)
    assert result.beaten_by == 1


@pytest.mark.parametrize("holding", ["QS QS", "5S 5S"])
def test_s6_qq_example_someone_holds_qq_or_55_forced_44(holding):
    others = [(1, cs(FILLER)), (2, cs(holding + " 2D")), (3, cs("3S 2S KD"))]
    result = adjudicate(QQ, others)
    assert result.stands is False
    assert sorted(result.forced_play) == sorted(cs("4S 4S"))
    assert result.beaten_by == 2


def test_s6_qq_example_nobody_can_beat_throw_stands():
    others = [(1, cs("3S 2S " + FILLER)), (2, cs("6S 7S JC")), (3, cs("AC AC 5C"))]
    result = adjudicate(QQ, others)
    assert result.stands is True
    assert result.forced_play is None and result.penalty == 0


def test_s6_partner_counts_too():
    # seat 2 is the leader's partner with 4 players: a partner's J still beats the 9
    result = adjudicate(QQ, [(2, cs("JS")), (1, cs(FILLER)), (3, cs("3C"))])
    assert result.stands is False and result.beaten_by == 2


def test_s6_trumps_do_not_beat_a_side_suit_throw_unit():
    # beating is within the effective suit of the unit: trump pairs do not count
    result = adjudicate(QQ, [(1, cs("AH AH 10S 10S BJ")), (2, cs(FILLER)), (3, cs("3C"))])
    assert result.stands is True


def test_s6_a_triple_contains_a_pair():
    rs = Ruleset.preset("qq", decks=3)
    verdict = rules.check_play(rs, LEVEL10, cs(THROW), cs(THROW), seat=0,
                               others=[(1, cs("6S 6S 6S")), (2, cs("3C")), (3, cs("3D"))])
    assert verdict.throw.stands is False
    assert sorted(verdict.throw.forced_play) == sorted(cs("4S 4S"))


def test_s6_lowest_beatable_unit_by_top_card():
    # JJ beats the 9 (a J), the 88 and the 44: the lowest beatable unit is 44
    result = adjudicate(QQ, [(1, cs("JS JS")), (2, cs(FILLER)), (3, cs("3C"))])
    assert sorted(result.forced_play) == sorted(cs("4S 4S"))
    # 99 beats the 88 and the 44 (not the single 9): still 44
    result = adjudicate(QQ, [(1, cs("9S 9S")), (2, cs(FILLER)), (3, cs("3C"))])
    assert sorted(result.forced_play) == sorted(cs("4S 4S"))
    # 77 beats only the 44; a 5 and 6 beat nothing (no single above 9, no pair)
    result = adjudicate(QQ, [(1, cs("5S 6S")), (2, cs("7S 7S")), (3, cs("3C"))])
    assert sorted(result.forced_play) == sorted(cs("4S 4S")) and result.beaten_by == 2


def test_s6_lowest_beatable_tie_fewer_cards_first():
    # trump throw at level 10: the pair 10S10S and the single 10C have equal top cards
    # (off-suit level cards); the trump-suit level pair beats both; the single has fewer cards
    hand = cs("10S 10S 10C 3D")
    verdict = rules.check_play(QQ, LEVEL10, hand, cs("10S 10S 10C"), seat=0,
                               others=[(1, cs("10H 10H")), (2, cs("3C")), (3, cs("4D"))])
    assert verdict.legal and verdict.format.is_throw
    assert verdict.throw.stands is False
    assert sorted(verdict.throw.forced_play) == sorted(cs("10C"))


def test_s6_failed_throw_penalty_pagat_10():
    result = adjudicate(PAGAT, [(1, cs("JS")), (2, cs(FILLER)), (3, cs("3C"))])
    assert result.stands is False and result.penalty == 10
    standing = adjudicate(PAGAT, [(1, cs("3S")), (2, cs(FILLER)), (3, cs("3C"))])
    assert standing.stands is True and standing.penalty == 0


def test_s6_no_penalty_in_qq():
    result = adjudicate(QQ, [(1, cs("JS")), (2, cs(FILLER)), (3, cs("3C"))])
    assert result.penalty == 0


def test_s6_unverified_without_others_or_unseen():
    result = adjudicate(QQ)
    assert result.stands is None
    assert result.forced_play is None


def test_s6_unseen_cards_that_cannot_beat_let_the_throw_stand():
    result = adjudicate(QQ, unseen=cs("3S 2S 5C 5C AH AH"))
    assert result.stands is True


def test_s6_unseen_cards_that_could_beat_do_not_make_it_stand():
    result = adjudicate(QQ, unseen=cs("JS 3C"))
    assert result.stands is not True


def test_s6_adjudicate_throw_function():
    result = rules.adjudicate_throw(QQ, LEVEL10, 0, cs(THROW), others=[(1, cs("QS QS")), (2, cs("3C"))])
    assert result.stands is False and sorted(result.forced_play) == sorted(cs("4S 4S"))
    assert rules.adjudicate_throw(QQ, LEVEL10, 0, cs(THROW)).stands is None


def test_s6_throws_not_allowed_under_tuolaji():
    rs = Ruleset.preset("tuolaji")
    trump = Trump("3", "H")
    verdict = rules.check_play(rs, trump, cs("9S 8S 8S 4S 4S AC"), cs("9S 8S 8S"))
    assert not verdict.legal and codes(verdict) == ["THROWS_NOT_ALLOWED"]
    assert rules.check_play(rs, trump, cs("9S 8S 8S 4S 4S AC"), cs("8S 8S")).legal
    assert rules.check_play(rs, trump, cs("9S 8S 8S 7S 7S AC"), cs("8S 8S 7S 7S")).legal  # one tractor
    assert codes(rules.check_play(Ruleset.preset("four-deck"), trump, cs("9S 4S"), cs("9S 4S"))) == \
        ["THROWS_NOT_ALLOWED"]


def test_s6_one_unit_always_a_legal_lead():
    for name in ("tuolaji", "shengji", "qq", "4399", "four-deck", "pagat"):
        rs = Ruleset.preset(name)
        verdict = rules.check_play(rs, LEVEL10, cs("9S 8S 8S AC"), cs("8S 8S"))
        assert verdict.legal and not verdict.format.is_throw and verdict.throw is None


def test_s6_lead_must_be_one_effective_suit_and_from_hand():
    verdict = rules.check_play(QQ, LEVEL10, cs("9S 8C"), cs("9S 8C"))
    assert not verdict.legal and "LEAD_NOT_ONE_SUIT" in codes(verdict)
    verdict = rules.check_play(QQ, LEVEL10, cs("9S"), cs("9S 9S"))
    assert not verdict.legal and "NOT_IN_HAND" in codes(verdict)
    verdict = rules.check_play(QQ, LEVEL10, cs("9S"), [])
    assert not verdict.legal and codes(verdict) == ["EMPTY_PLAY"]
    # trumps of several printed suits are one effective suit
    verdict = rules.check_play(QQ, LEVEL10, cs("10S 10S 10H 10H"), cs("10S 10S 10H 10H"))
    assert verdict.legal and not verdict.format.is_throw
