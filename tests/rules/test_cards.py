"""Rules section 2 (notation) and the point values of section 4."""
import pytest

from rules.cards import (
    CARDS,
    Card,
    CardError,
    card,
    format_cards,
    parse_cards,
    points_of,
    rank_name,
    rank_value,
    suited,
)


@pytest.mark.parametrize("text, canonical", [
    ("10H", "10H"), ("th", "10H"), ("T H", None), ("as", "AS"), ("2c", "2C"), ("qd", "QD"),
    ("sj", "SJ"), ("bj", "BJ"), ("Bj", "BJ"), ("jS", "JS"), (" kd ", "KD"),
])
def test_s2_notation_case_insensitive_and_t_for_ten(text, canonical):
    if canonical is None:
        with pytest.raises(CardError):
            card(text)
    else:
        assert str(card(text)) == canonical


def test_s2_every_card_round_trips_through_its_canonical_name():
    names = format_cards(CARDS)
    assert len(set(names)) == 54
    for c, name in zip(CARDS, names, strict=True):
        assert card(name) == c
        assert card(name.lower()) == c
        assert str(c) == name


def test_s2_canonical_names_are_rank_then_suit():
    assert format_cards(parse_cards(["td", "Ac", "2s", "bj", "sj"])) == ["2S", "AC", "10D", "SJ", "BJ"]
    assert {str(c) for c in CARDS if c.suit is None} == {"SJ", "BJ"}
    for c in CARDS:
        if c.suit is not None:
            assert str(c) == rank_name(c.rank) + c.suit


@pytest.mark.parametrize("text", ["S10", "s10", "HA", "D2", "CQ", "ST"])
def test_s2_suit_first_rejected_with_clear_error(text):
    with pytest.raises(CardError) as info:
        card(text)
    message = str(info.value).lower()
    assert "suit-first" in message or "rank first" in message or "rank then suit" in message


def test_s2_sj_is_the_small_joker_not_the_jack_of_spades():
    sj = card("SJ")
    assert sj.is_joker and sj.suit is None and sj.rank == 15
    assert card("JS").suit == "S" and card("JS").rank == 11
    assert card("BJ").rank == 16 and card("BJ").is_joker


@pytest.mark.parametrize("text", ["", "1H", "11S", "ZZ", "10X", "JJ", "10", "H", "AAS"])
def test_s2_garbage_rejected(text):
    with pytest.raises(CardError):
        card(text)


def test_s2_non_string_rejected():
    with pytest.raises(CardError):
        card(10)  # type: ignore[arg-type]


def test_s2_hand_is_a_multiset_sorted_canonically():
    hand = parse_cards(["5h", "2s", "5H", "bj", "5h"])
    assert format_cards(hand) == ["2S", "5H", "5H", "5H", "BJ"]
    assert parse_cards(list(reversed(format_cards(hand)))) == hand


def test_s2_pretty_uses_suit_symbols():
    assert card("7S").pretty() == "7♠"
    assert card("10h").pretty() == "10♥"
    assert card("sj").pretty() == "SJ"


@pytest.mark.parametrize("text, value", [("2", 2), ("10", 10), ("t", 10), ("J", 11), ("q", 12),
                                         ("K", 13), ("a", 14)])
def test_s2_ranks(text, value):
    assert rank_value(text) == value
    assert rank_name(value) == ("10" if value == 10 else text.upper().replace("T", "10"))


@pytest.mark.parametrize("text", ["1", "15", "X", "SJ"])
def test_s2_bad_rank(text):
    with pytest.raises(CardError):
        rank_value(text)


def test_s4_point_cards_five_ten_king():
    for c in CARDS:
        expected = {5: 5, 10: 10, 13: 10}.get(c.rank, 0) if c.suit else 0
        assert c.points == expected
    assert points_of(CARDS) == 100
    assert points_of(parse_cards(["5S", "10H", "KD", "KD", "AS", "BJ"])) == 35


def test_s2_card_encoding():
    assert suited(10, "H") == card("10H")
    assert isinstance(card("AS"), Card)
    assert int(card("SJ")) == 52 and int(card("BJ")) == 53
