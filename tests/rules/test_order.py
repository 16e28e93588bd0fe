"""Rules section 4 (card order and trumps) and section 5 (units and tractor adjacency)."""
import pytest

import rules
from rules.cards import CARDS, card, parse_cards
from rules.order import TRUMP, Trump, order_for
from rules.ruleset import Ruleset

QQ = Ruleset.preset("qq")                                  # trump-order adjacency, no permanent 2s
QQ_TWOS = Ruleset.preset("qq", permanent_twos=True)        # trump-order with permanent 2s
TUOLAJI = Ruleset.preset("tuolaji")                        # natural adjacency, permanent 2s


def cs(text):
    return parse_cards(text.split())


def shapes(rs, trump, text):
    """The (width, length) of each unit of the canonical decomposition."""
    return [(u.width, u.length) for u in rules.decompose(rs, trump, cs(text)).units]


def is_tractor(rs, trump, text):
    fmt = rules.decompose(rs, trump, cs(text))
    return len(fmt.units) == 1 and fmt.units[0].length >= 2 and fmt.units[0].kind == "tractor"


def ranking(order, texts):
    """Strength of each card (in its effective suit)."""
    return [order.strength[card(t)] for t in texts]


# -- section 4: effective suit and strength ------------------------------------------------------
def test_s4_trumps_are_jokers_level_cards_and_trump_suit():
    order = order_for(QQ, Trump("5", "H"))
    for c in CARDS:
        expected = c.is_joker or c.rank == 5 or c.suit == "H"
        assert order.is_trump(c) == expected, c
        assert order.suit_label(c) == ("trump" if expected else c.suit)


def test_s4_trump_order_high_to_low_level_5_hearts():
    order = order_for(QQ, Trump("5", "H"))
    high_to_low = ["BJ", "SJ", "5H", "5S", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "4H",
                   "3H", "2H"]
    powers = [order.power[card(t)] for t in high_to_low]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)


def test_s4_off_suit_level_cards_are_equal():
    order = order_for(QQ, Trump("5", "H"))
    assert len(set(ranking(order, ["5S", "5C", "5D"]))) == 1
    assert order.strength[card("5H")] > order.strength[card("5S")] > order.strength[card("AH")]


def test_s4_permanent_twos_rank_below_level_cards():
    order = order_for(QQ_TWOS, Trump("5", "H"))
    high_to_low = ["BJ", "SJ", "5H", "5C", "2H", "2S", "AH", "KH", "3H"]
    powers = [order.power[card(t)] for t in high_to_low]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    assert len(set(ranking(order, ["2S", "2C", "2D"]))) == 1
    assert all(order.is_trump(card(t)) for t in ["2S", "2C", "2D", "2H"])
    # without permanent 2s the 2 of a side suit is that suit's lowest card
    plain = order_for(QQ, Trump("5", "H"))
    assert not plain.is_trump(card("2S"))
    assert plain.strength[card("2S")] < plain.strength[card("3S")]


def test_s4_permanent_twos_at_level_2_are_just_level_cards():
    order = order_for(QQ_TWOS, Trump("2", "S"))
    assert order.power[card("2S")] > order.power[card("2H")] > order.power[card("AS")]
    assert len(set(ranking(order, ["2H", "2C", "2D"]))) == 1


def test_s4_no_trump_holds_jokers_and_level_cards_all_equal():
    order = order_for(QQ_TWOS, Trump("9", None))
    trumps = {str(c) for c in CARDS if order.is_trump(c)}
    assert trumps == {"SJ", "BJ", "9S", "9H", "9C", "9D", "2S", "2H", "2C", "2D"}
    assert len(set(ranking(order, ["9S", "9H", "9C", "9D"]))) == 1
    assert len(set(ranking(order, ["2S", "2H", "2C", "2D"]))) == 1
    assert order.power[card("BJ")] > order.power[card("SJ")] > order.power[card("9S")] > order.power[card("2D")]


def test_s4_side_suits_rank_ace_high_without_level_and_permanent_twos():
    order = order_for(TUOLAJI, Trump("7", "D"))
    spades = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "6S", "5S", "4S", "3S"]
    assert all(order.eff[card(t)] == 0 for t in spades)
    strengths = ranking(order, spades)
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(strengths)
    assert order.is_trump(card("7S")) and order.is_trump(card("2S"))
    assert not order.is_trump(card("AS"))
    assert order.power[card("3D")] > order.power[card("AS")]  # any trump above any side card


def test_s4_equal_cards_equal_and_copies_identical():
    order = order_for(QQ, Trump("10", "S"))
    a, b = cs("AH AH")
    assert a == b and order.power[a] == order.power[b]


# -- section 5: trump-order adjacency -----------------------------------------------------------
def test_s5_level_5_3344_and_4466_are_tractors_5566_is_not():
    trump = Trump("5", "S")
    assert is_tractor(QQ, trump, "3S 3S 4S 4S")
    assert is_tractor(QQ, trump, "4S 4S 6S 6S")
    assert shapes(QQ, trump, "5S 5S 6S 6S") == [(2, 1), (2, 1)]
    # the level rank is skipped in a side suit too
    assert is_tractor(QQ, Trump("5", "H"), "4S 4S 6S 6S")


def test_s5_off_suit_level_pairs_of_two_suits_are_not_a_tractor():
    assert shapes(QQ, Trump("5", "H"), "5S 5S 5C 5C") == [(2, 1), (2, 1)]
    assert shapes(QQ, Trump("5", None), "5S 5S 5C 5C") == [(2, 1), (2, 1)]


def test_s5_jokers_sjsjbjbj_is_a_tractor():
    assert is_tractor(QQ, Trump("5", "H"), "SJ SJ BJ BJ")
    assert is_tractor(TUOLAJI, Trump("5", "H"), "SJ SJ BJ BJ")
    assert is_tractor(QQ, Trump("5", None), "SJ SJ BJ BJ")


@pytest.mark.parametrize("text", ["AH AH 5S 5S", "5C 5C 5H 5H", "5H 5H SJ SJ", "KH KH AH AH",
                                  "AH AH 5D 5D 5H 5H SJ SJ BJ BJ"])
def test_s5_trump_order_steps_trump_ace_off_level_trump_level_jokers(text):
    assert is_tractor(QQ, Trump("5", "H"), text)


def test_s5_trump_order_level_ace_steps_from_trump_king():
    assert is_tractor(QQ, Trump("A", "H"), "KH KH AS AS")
    assert is_tractor(QQ, Trump("A", "H"), "QH QH KH KH")


@pytest.mark.parametrize("text", ["AH AH 2S 2S", "2S 2S 2H 2H", "2H 2H 5S 5S", "AH AH 2C 2C 2H 2H 5D 5D"])
def test_s5_trump_order_permanent_twos_tier_between_trump_ace_and_off_level(text):
    assert is_tractor(QQ_TWOS, Trump("5", "H"), text)


def test_s5_trump_order_permanent_twos_of_two_suits_are_equal_not_adjacent():
    assert shapes(QQ_TWOS, Trump("5", "H"), "2S 2S 2C 2C") == [(2, 1), (2, 1)]


# -- section 5: natural adjacency -----------------------------------------------------------------
def test_s5_natural_level_3_diamonds_2d2d3d3d_is_a_tractor():
    assert is_tractor(TUOLAJI, Trump("3", "D"), "2D 2D 3D 3D")


def test_s5_natural_level_3_diamonds_2s2s3s3s_is_a_tractor():
    assert is_tractor(TUOLAJI, Trump("3", "D"), "2S 2S 3S 3S")


def test_s5_natural_level_3_diamonds_adad2d2d3d3d_is_a_tractor():
    fmt = rules.decompose(TUOLAJI, Trump("3", "D"), cs("AD AD 2D 2D 3D 3D"))
    assert [(u.width, u.length) for u in fmt.units] == [(2, 3)]
    assert [str(c) for c in fmt.units[0].cards] == ["AD", "2D", "3D"]


def test_s5_natural_level_3_diamonds_3h3h4h4h_is_not_a_tractor():
    order = order_for(TUOLAJI, Trump("3", "D"))
    assert order.is_trump(card("3H")) and not order.is_trump(card("4H"))
    with pytest.raises(rules.InputError):
        rules.decompose(TUOLAJI, Trump("3", "D"), cs("3H 3H 4H 4H"))


def test_s5_natural_level_7_2s2s7s7s_is_not_a_tractor():
    assert shapes(TUOLAJI, Trump("7", "D"), "2S 2S 7S 7S") == [(2, 1), (2, 1)]


def test_s5_natural_level_5_hearts_4h4h5h5h_tractor_4h4h6h6h_not():
    trump = Trump("5", "H")
    assert is_tractor(TUOLAJI, trump, "4H 4H 5H 5H")
    assert shapes(TUOLAJI, trump, "4H 4H 6H 6H") == [(2, 1), (2, 1)]
    assert is_tractor(TUOLAJI, trump, "4H 4H 5H 5H 6H 6H")


def test_s5_natural_ace_ends_a_run_never_its_middle():
    trump = Trump("3", "D")
    assert is_tractor(TUOLAJI, trump, "QD QD KD KD AD AD")
    assert all(length < 3 for _, length in shapes(TUOLAJI, trump, "KD KD AD AD 2D 2D"))


def test_s5_natural_jokers_not_adjacent_to_trump_ace():
    assert shapes(TUOLAJI, Trump("3", "D"), "AD AD SJ SJ") == [(2, 1), (2, 1)]
    assert shapes(QQ, Trump("3", "D"), "AD AD SJ SJ") == [(2, 1), (2, 1)]  # level card between


def test_s5_natural_side_suit_skips_level_like_trump_order():
    trump = Trump("5", "H")
    assert is_tractor(TUOLAJI, trump, "4S 4S 6S 6S")
    assert is_tractor(TUOLAJI, trump, "3S 3S 4S 4S")


def test_s5_six_kind_is_not_a_tractor():
    rs = Ruleset.preset("tuolaji", decks=6)
    fmt = rules.decompose(rs, Trump("9", "H"), cs("4S " * 6))
    assert [(u.width, u.length, u.kind) for u in fmt.units] == [(6, 1, "n-kind")]


def test_s5_units_have_one_effective_suit():
    with pytest.raises(rules.InputError):
        rules.decompose(QQ, Trump("5", "H"), cs("4S 4S 4C 4C"))


def test_s4_effective_suit_index():
    order = order_for(QQ, Trump("5", "H"))
    assert order.eff[card("4S")] == 0 and order.eff[card("4C")] == 2 and order.eff[card("4H")] == TRUMP


@pytest.mark.parametrize("size", [0, 1, 5, 23, 24, 25, 60, 200])
def test_s4_sorted_cards_is_sort_key_order(size):
    import random
    rng = random.Random(size)
    for rs, trump in ((QQ, Trump("5", "H")), (TUOLAJI, Trump("2", None))):
        order = order_for(rs, trump)
        cards = [rng.randrange(54) for _ in range(size)]
        got = order.sorted_cards(iter(cards))
        assert got == sorted(cards, key=order.sort_key)
        assert all(type(c) is type(CARDS[0]) for c in got)
