"""Rules section 8: who wins a trick; points and the format's largest unit."""
import pytest

import rules
from rules.cards import parse_cards
from rules.order import Trump
from rules.ruleset import Ruleset

QQ = Ruleset.preset("qq")
PAGAT = Ruleset.preset("pagat")
LEVEL2 = Trump("2", "H")   # hearts trump; 4..A of spades are plain side-suit cards


def cs(text):
    return parse_cards(text.split())


def trick(rs, trump, *plays):
    return rules.trick_winner(rs, trump, [(seat, cs(text)) for seat, text in enumerate(plays)])


def winner(rs, trump, *plays):
    return trick(rs, trump, *plays).winner


# -- largest-unit-first (qq) ----------------------------------------------------------------
def test_s8_977_ruffs_544_and_884_overruffs():
    result = trick(QQ, LEVEL2, "5S 4S 4S", "9H 7H 7H", "8H 8H 4H", "6S 3S 3C")
    assert result.winner == 2
    assert [p.beats_previous_best for p in result.plays] == [True, True, True, False]
    assert [p.trump for p in result.plays] == [False, True, True, False]
    assert all(p.matches_format for p in result.plays[:3])


def test_s8_977_ruffs_567_and_884_does_not_overruff():
    result = trick(QQ, LEVEL2, "5S 6S 7S", "9H 7H 7H", "8H 8H 4H", "6S 3S 3C")
    assert result.winner == 1
    assert [p.beats_previous_best for p in result.plays] == [True, True, False, False]


def test_s8_pagat_singles_as3s_before_asqs_wins():
    assert winner(PAGAT, LEVEL2, "AS 3S", "AS QS") == 0
    assert winner(PAGAT, LEVEL2, "KS QS", "AS 3S", "AS QS") == 1


def test_s8_trump_play_beats_any_led_suit_play():
    assert winner(QQ, LEVEL2, "AS AS", "3H 3H") == 1
    assert winner(QQ, LEVEL2, "AS AS", "3H 3H", "KS KS") == 1


def test_s8_non_matching_play_is_a_discard_whatever_its_cards():
    result = trick(QQ, LEVEL2, "3S 3S", "SJ BJ", "AS KS")
    assert result.winner == 0
    assert [p.matches_format for p in result.plays] == [True, False, False]
    # 977 cannot ruff 544 without the pair: 976 is a discard
    assert winner(QQ, LEVEL2, "5S 4S 4S", "9H 7H 6H") == 0


def test_s8_led_suit_follow_that_matches_and_is_higher_wins():
    assert winner(QQ, LEVEL2, "5S 4S 4S", "3S 6S 6S") == 1
    assert winner(QQ, LEVEL2, "5S 4S 4S", "KS QS JS") == 0


def test_s8_best_split_counts():
    rs = Ruleset.preset("qq", decks=4)
    # format: tractor + pair.  5566 77 splits best as 6677 + 55, whose tractor beats 5566
    result = trick(rs, LEVEL2, "3S 3S 4S 4S 9S 9S", "5S 5S 6S 6S 10S 10S", "5S 5S 6S 6S 7S 7S")
    assert result.winner == 2


# -- wider units (wider_substitutes) ------------------------------------------------------------
def tuolaji(decks):
    return Ruleset.preset("tuolaji", decks=decks)


SIDE_J = Trump("J", "H")   # 3..10 of spades are side-suit cards


def test_s8_wider_5555_beats_6677():
    assert winner(tuolaji(4), SIDE_J, "6S 6S 7S 7S", "5S 5S 5S 5S") == 1
    # without wider substitutes the quad does not match a tractor: a discard
    result = trick(Ruleset.preset("qq", decks=4), SIDE_J, "6S 6S 7S 7S", "5S 5S 5S 5S")
    assert result.winner == 0 and not result.plays[1].matches_format


def test_s8_wider_333444_beats_334455():
    assert winner(tuolaji(6), SIDE_J, "3S 3S 4S 4S 5S 5S", "3S 3S 3S 4S 4S 4S") == 1


def test_s8_wider_44445555_beats_55667788():
    assert winner(tuolaji(6), SIDE_J, "5S 5S 6S 6S 7S 7S 8S 8S", "4S 4S 4S 4S 5S 5S 5S 5S") == 1


def test_s8_wider_444444_beats_777888():
    assert winner(tuolaji(6), SIDE_J, "7S 7S 7S 8S 8S 8S", "4S 4S 4S 4S 4S 4S") == 1


def test_s8_four_deck_quad_beats_sjsjbjbj():
    four = Ruleset.preset("four-deck")
    assert winner(four, Trump("5", "H"), "SJ SJ BJ BJ", "6H 6H 6H 6H") == 1


def test_s8_narrower_same_count_does_not_beat_wider():
    assert winner(tuolaji(4), SIDE_J, "5S 5S 5S 5S", "9S 9S 10S 10S") == 0


# -- face-value tractors (tuolaji) ---------------------------------------------------------------
FACE = Ruleset.preset("tuolaji", decks=4)       # natural adjacency, face-value, permanent 2s
TRUMP_ORDER = Ruleset.preset("tuolaji", decks=4, tractor_ranking="trump-order")
DIAMONDS = Trump("3", "D")                        # 2D 3D are trumps; AD may start a run (A 2 3)


def test_s8_face_value_7766_beats_3322():
    assert winner(FACE, DIAMONDS, "3D 3D 2D 2D", "7D 7D 6D 6D") == 1
    assert winner(TRUMP_ORDER, DIAMONDS, "3D 3D 2D 2D", "7D 7D 6D 6D") == 0


def test_s8_face_value_aakk_beats_22aa():
    assert winner(FACE, DIAMONDS, "2D 2D AD AD", "AD AD KD KD") == 1
    assert winner(FACE, DIAMONDS, "AD AD KD KD", "2D 2D AD AD") == 0
    assert winner(TRUMP_ORDER, DIAMONDS, "AD AD KD KD", "2D 2D AD AD") == 1


def test_s8_face_value_334455_beats_3322aa():
    assert winner(FACE, DIAMONDS, "3D 3D 2D 2D AD AD", "3D 3D 4D 4D 5D 5D") == 1
    assert winner(FACE, DIAMONDS, "3D 3D 4D 4D 5D 5D", "3D 3D 2D 2D AD AD") == 0


def test_s8_face_value_sjsjbjbj_highest():
    assert winner(FACE, DIAMONDS, "AD AD KD KD", "SJ SJ BJ BJ") == 1
    assert winner(FACE, DIAMONDS, "SJ SJ BJ BJ", "AD AD KD KD", "7D 7D 6D 6D") == 0


# -- other trick_compare policies -----------------------------------------------------------------
def test_s8_highest_card_decides():
    rs = Ruleset.preset("qq", trick_compare="highest-card")
    assert winner(rs, LEVEL2, "5S 4S 4S", "9H 7H 7H", "8H 8H 4H") == 1
    assert winner(rs, LEVEL2, "5S 4S 4S", "9H 7H 7H", "10H 8H 8H") == 2


def test_s8_all_units_must_each_beat_their_counterpart():
    rs = Ruleset.preset("qq", trick_compare="all-units", decks=3)
    # pair + single led: the pair and the single must each beat their counterparts
    assert winner(rs, LEVEL2, "5S 4S 4S", "9H 7H 7H", "8H 8H 4H") == 1
    assert winner(rs, LEVEL2, "5S 4S 4S", "9H 7H 7H", "8H 8H 10H") == 2
    # tractor + pair led: both units must beat their counterparts
    assert winner(rs, LEVEL2, "3S 3S 4S 4S 9S 9S", "5H 5H 6H 6H JH JH", "7H 7H 8H 8H 10H 10H") == 1
    assert winner(rs, LEVEL2, "3S 3S 4S 4S 9S 9S", "5H 5H 6H 6H JH JH", "7H 7H 8H 8H QH QH") == 2


def test_s8_all_units_of_singles_compares_every_single():
    rs = Ruleset.preset("qq", trick_compare="all-units")
    assert winner(rs, LEVEL2, "5S 6S 7S", "9H 8H 4H", "10H 9H 5H") == 2
    assert winner(rs, LEVEL2, "5S 6S 7S", "9H 8H 4H", "10H 9H 3H") == 1


# -- equal cards ----------------------------------------------------------------------------------
def test_s8_equal_off_suit_level_cards_first_played_wins():
    assert winner(QQ, LEVEL2, "2S", "2C") == 0
    assert winner(QQ, LEVEL2, "9S", "2S", "2C", "2D") == 1
    assert winner(QQ, LEVEL2, "9S", "2S", "2C", "2H") == 3


def test_s8_equal_permanent_twos_first_played_wins():
    rs = Ruleset.preset("qq", permanent_twos=True)
    trump = Trump("5", "H")
    assert winner(rs, trump, "KS", "2S", "2C", "2D") == 1
    assert winner(rs, trump, "KS", "2S", "2C", "2H") == 3


def test_s8_identical_copies_first_played_wins():
    assert winner(QQ, LEVEL2, "AS", "AS") == 0
    assert winner(QQ, LEVEL2, "KS", "AS", "AS") == 1


# -- points, point cards, largest unit ------------------------------------------------------------
def test_s9_points_and_point_cards_of_the_trick():
    result = trick(QQ, LEVEL2, "5S KS", "10S 4S", "3S 3C", "KH 5D")
    assert result.points == 40
    assert sorted(result.point_cards) == sorted(cs("5S KS 10S KH 5D"))
    assert trick(QQ, LEVEL2, "3S", "4S", "6S", "7S").points == 0


def test_s8_format_and_largest_unit():
    result = trick(QQ, LEVEL2, "5S 4S 4S", "9H 7H 7H")
    assert (result.largest_unit.width, result.largest_unit.length) == (2, 1)
    assert [str(c) for c in result.largest_unit.cards] == ["4S"]
    assert result.format.is_throw and result.format.size == 3
    result = trick(QQ, LEVEL2, "AS JS JS QS QS", "3S 4S 5S 6S 7S")
    assert (result.largest_unit.width, result.largest_unit.length) == (2, 2)
    assert result.winning_index == 0


def test_s8_winning_index_follows_play_order_not_seat_number():
    result = rules.trick_winner(QQ, LEVEL2, [(2, cs("5S")), (3, cs("9S")), (0, cs("3H")), (1, cs("AS"))])
    assert result.winner == 0 and result.winning_index == 2


@pytest.mark.parametrize("plays", [
    [],
    [(0, "5S 5S"), (1, "6S")],
    [(0, "5S"), (0, "6S")],
    [(0, "5S 5C"), (1, "6S 7S")],
])
def test_s8_malformed_tricks_are_input_errors(plays):
    with pytest.raises(rules.InputError):
        rules.trick_winner(QQ, LEVEL2, [(seat, cs(text)) for seat, text in plays])


def test_s8_largest_unit_first_compares_the_largest_unit_before_the_next():
    # tractor + pair: 5566 beats 3344 even though 88 is lower than 99
    assert winner(QQ, LEVEL2, "3S 3S 4S 4S 9S 9S", "5S 5S 6S 6S 8S 8S") == 1


def test_s8_largest_unit_first_ignores_singles_when_format_has_a_pair():
    rs = Ruleset.preset("qq", decks=4)
    assert winner(rs, LEVEL2, "9S 4S 4S", "AS 4S 4S") == 0   # equal pairs: the single A does not count


def test_s8_singles_only_highest_card_decides_within_led_suit():
    assert winner(QQ, LEVEL2, "5S 6S 7S", "3S 4S 8S") == 1
    assert winner(QQ, LEVEL2, "5S 6S 9S", "3S 7S 8S") == 0


def test_s8_a_pair_tractor_needs_a_tractor_to_beat_it():
    assert winner(QQ, LEVEL2, "3S 3S 4S 4S", "6H 6H 9H 9H") == 0
    assert winner(QQ, LEVEL2, "3S 3S 4S 4S", "6H 6H 7H 7H") == 1


def test_s8_face_value_aakkqq_beats_3322aa():
    assert winner(FACE, DIAMONDS, "3D 3D 2D 2D AD AD", "AD AD KD KD QD QD") == 1
