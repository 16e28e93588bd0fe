"""Declarations: rules section 10 (every declaration style)."""
import pytest

from rules.cards import card, parse_cards
from rules.declarations import (
    DECLARE,
    OVERTURN,
    REINFORCE,
    check_declaration,
    declaration_options,
    declaration_state,
    first_hand_dealer,
    no_declaration_outcome,
    standing_trump,
)
from rules.order import Trump
from rules.ruleset import Ruleset
from rules.violations import CODES, InputError


def c(*names):
    return parse_cards(names)


def codes(result):
    return [v.code for v in result.violations]


def test_section10_violation_codes_are_documented():
    rs = Ruleset.preset("shengji")
    r = check_declaration(rs, 2, [(0, c("2H"))], 1, c("2S"))
    assert codes(r) == ["DECLARATION_TOO_WEAK"]
    assert all(code in CODES for code in codes(r))


def test_section10_first_declaration_names_trump():
    rs = Ruleset.preset("shengji")
    r = check_declaration(rs, "7", [], 3, c("7D"))
    assert r.valid and r.kind == DECLARE and r.trump == Trump(7, "D") and r.declarer == 3


def test_section10_only_level_cards_or_jokers_declare():
    rs = Ruleset.preset("shengji")
    r = check_declaration(rs, 7, [], 0, c("8D"))
    assert not r.valid and codes(r) == ["DECLARATION_INVALID_CARDS"]
    r = check_declaration(rs, 7, [], 0, c("7D", "7H"))
    assert codes(r) == ["DECLARATION_INVALID_CARDS"]
    r = check_declaration(rs, 7, [], 0, c("SJ", "BJ"))
    assert codes(r) == ["DECLARATION_INVALID_CARDS"]


def test_section10_declaration_must_come_from_hand():
    rs = Ruleset.preset("shengji")
    r = check_declaration(rs, 7, [], 0, c("7D", "7D"), hand=c("7D", "AS", "3C"))
    assert not r.valid and codes(r) == ["DECLARATION_NOT_IN_HAND"]
    r = check_declaration(rs, 7, [], 0, c("7D", "7D"), hand=c("7D", "7D", "3C"))
    assert r.valid


def test_section2_more_copies_than_decks_is_malformed():
    with pytest.raises(InputError):
        check_declaration(Ruleset.preset("shengji"), 2, [], 0, c("2H", "2H", "2H"))


def test_section10_count_declarer_reinforces_but_cannot_overturn():
    rs = Ruleset.preset("4399")
    h = [(0, c("5H"))]
    r = check_declaration(rs, 5, h, 0, c("5H", "5H"))
    assert r.valid and r.kind == REINFORCE and r.trump == Trump(5, "H")
    r = check_declaration(rs, 5, h, 0, c("5S", "5S"))
    assert not r.valid and codes(r) == ["DECLARATION_OWN_OVERTURN"]
    assert r.trump == Trump(5, "H")          # the standing trump
    r = check_declaration(rs, 5, h, 0, c("SJ", "SJ"))
    assert codes(r) == ["DECLARATION_OWN_OVERTURN"]


def test_section10_count_anyone_else_overturns_with_a_stronger_declaration():
    rs = Ruleset.preset("4399")
    h = [(0, c("5H"))]
    r = check_declaration(rs, 5, h, 1, c("5S", "5S"))
    assert r.valid and r.kind == OVERTURN and r.trump == Trump(5, "S") and r.declarer == 1
    # the standing suit with more cards by someone else: the declarer changes, the trump stays
    r = check_declaration(rs, 5, h, 2, c("5H", "5H"))
    assert r.valid and r.kind == OVERTURN and r.trump == Trump(5, "H") and r.declarer == 2
    # as many cards is not stronger
    assert codes(check_declaration(rs, 5, h, 1, c("5S"))) == ["DECLARATION_TOO_WEAK"]
    # the former declarer may overturn the one who overturned them
    h2 = h + [(1, c("5S", "5S"))]
    r = check_declaration(rs, 5, h2, 0, c("SJ", "SJ"))
    assert r.valid and r.kind == OVERTURN and r.trump == Trump(5, None)


def test_section10_count_jokers_beat_suits_and_big_beats_small_at_equal_count():
    rs = Ruleset.preset("4399")
    h = [(0, c("5H")), (1, c("5S", "5S"))]
    assert check_declaration(rs, 5, h, 2, c("SJ", "SJ")).valid
    h = h + [(2, c("SJ", "SJ"))]
    assert check_declaration(rs, 5, h, 3, c("BJ", "BJ")).valid
    assert codes(check_declaration(rs, 5, h, 3, c("5C", "5C"))) == ["DECLARATION_TOO_WEAK"]


def test_seed001_three_deck_declaration_ladder():
    """单张2 < 两张2 < 两张王（打无主）< 三张2 < 三张王（打无主）, level 2, 3 decks."""
    rs = Ruleset.preset("shengji", decks=3)
    ladder = [c("2H"), c("2S", "2S"), c("SJ", "SJ"), c("2D", "2D", "2D"), c("SJ", "SJ", "SJ")]
    trumps = [Trump(2, "H"), Trump(2, "S"), Trump(2, None), Trump(2, "D"), Trump(2, None)]
    history = []
    for i, (cards, trump) in enumerate(zip(ladder, trumps, strict=True)):
        seat = i % 4
        r = check_declaration(rs, 2, history, seat, cards)
        assert r.valid, (i, r.violations)
        assert r.kind == (DECLARE if i == 0 else OVERTURN)
        assert r.trump == trump
        # every rung below the current one is now too weak, for the next seat
        for lower in ladder[:i + 1]:
            lower_r = check_declaration(rs, 2, history + [(seat, cards)], (seat + 1) % 4, lower)
            assert codes(lower_r) == ["DECLARATION_TOO_WEAK"]
        history.append((seat, cards))
    assert declaration_state(rs, 2, history).trump == Trump(2, None)
    assert declaration_state(rs, 2, history).declarer == 0


def test_section10_joker_declarations_none_pairs_any_multiple():
    none = Ruleset.preset("tuolaji")
    assert codes(check_declaration(none, 3, [], 0, c("BJ", "BJ"))) == ["DECLARATION_JOKERS_NOT_ALLOWED"]
    pairs = Ruleset.preset("4399", decks=3, kitty_size=6)
    assert check_declaration(pairs, 3, [], 0, c("BJ", "BJ")).valid
    assert codes(check_declaration(pairs, 3, [], 0, c("BJ", "BJ", "BJ"))) == ["DECLARATION_INVALID_CARDS"]
    assert codes(check_declaration(pairs, 3, [], 0, c("BJ"))) == ["DECLARATION_INVALID_CARDS"]
    anym = Ruleset.preset("shengji", decks=3)
    assert check_declaration(anym, 3, [], 0, c("BJ", "BJ", "BJ")).valid
    assert codes(check_declaration(anym, 3, [], 0, c("BJ"))) == ["DECLARATION_INVALID_CARDS"]


def test_seed002_qq_fan_wuzhu_stands_and_closes():
    """反无主: a joker pair after the first single turns the hand to no-trump for good."""
    rs = Ruleset.preset("qq")
    h = [(0, c("10H"))]
    r = check_declaration(rs, 10, h, 1, c("SJ", "SJ"))
    assert r.valid and r.kind == OVERTURN and r.trump == Trump(10, None) and r.state.closed
    h.append((1, c("SJ", "SJ")))
    for seat, cards in [(2, c("BJ", "BJ")), (0, c("10H", "10H")), (3, c("10S", "10S"))]:
        assert codes(check_declaration(rs, 10, h, seat, cards)) == ["DECLARATION_CLOSED"]


def test_seed002_qq_zibao_declarer_pair_of_same_suit():
    """自保: the first declarer's pair of the same suit stands; nothing changes after it."""
    rs = Ruleset.preset("qq")
    h = [(0, c("10H"))]
    r = check_declaration(rs, 10, h, 0, c("10H", "10H"))
    assert r.valid and r.kind == REINFORCE and r.trump == Trump(10, "H") and r.state.closed
    h.append((0, c("10H", "10H")))
    assert codes(check_declaration(rs, 10, h, 1, c("BJ", "BJ"))) == ["DECLARATION_CLOSED"]
    # the declarer's pair of another suit is not 自保
    assert codes(check_declaration(rs, 10, [(0, c("10H"))], 0, c("10S", "10S"))) == ["DECLARATION_OWN_OVERTURN"]


def test_seed002_qq_fanzhu_another_players_pair_any_suit():
    """反主: another player's pair, in any suit (the current one included: only the declarer changes)."""
    rs = Ruleset.preset("qq")
    h = [(0, c("10H"))]
    r = check_declaration(rs, 10, h, 2, c("10S", "10S"))
    assert r.valid and r.kind == OVERTURN and r.trump == Trump(10, "S") and r.declarer == 2
    r = check_declaration(rs, 10, h, 1, c("10H", "10H"))
    assert r.valid and r.kind == OVERTURN and r.trump == Trump(10, "H") and r.declarer == 1
    h.append((1, c("10H", "10H")))
    assert codes(check_declaration(rs, 10, h, 2, c("SJ", "SJ"))) == ["DECLARATION_CLOSED"]


def test_seed002_qq_first_of_the_three_stands_single_cannot_overturn():
    rs = Ruleset.preset("qq")
    h = [(0, c("10H"))]
    assert codes(check_declaration(rs, 10, h, 1, c("10S"))) == ["DECLARATION_TOO_WEAK"]
    # a pair as the very first declaration stands at once
    r = check_declaration(rs, 10, [], 3, c("10D", "10D"))
    assert r.valid and r.kind == DECLARE and r.state.closed
    assert codes(check_declaration(rs, 10, [(3, c("10D", "10D"))], 0, c("BJ", "BJ"))) == ["DECLARATION_CLOSED"]
    r = check_declaration(rs, 10, [], 3, c("BJ", "BJ"))
    assert r.valid and r.trump == Trump(10, None) and r.state.closed


def test_seed004_count_min2_overturn():
    rs = Ruleset.preset("four-deck")
    h = [(0, c("3D"))]
    assert check_declaration(rs, 3, [], 0, c("3D")).valid
    assert codes(check_declaration(rs, 3, h, 1, c("3S"))) == ["DECLARATION_TOO_FEW_CARDS"]
    r = check_declaration(rs, 3, h, 1, c("3S", "3S"))
    assert r.valid and r.kind == OVERTURN and r.trump == Trump(3, "S")
    h.append((1, c("3S", "3S")))
    assert codes(check_declaration(rs, 3, h, 2, c("3H", "3H"))) == ["DECLARATION_TOO_WEAK"]
    r = check_declaration(rs, 3, h, 1, c("3S", "3S", "3S"))
    assert r.valid and r.kind == REINFORCE
    assert codes(check_declaration(rs, 3, h, 1, c("3H", "3H", "3H"))) == ["DECLARATION_OWN_OVERTURN"]
    r = check_declaration(rs, 3, h, 0, c("3C", "3C", "3C", "3C"))
    assert r.valid and r.kind == OVERTURN and r.trump == Trump(3, "C")


def test_seed000_declare_with_twos_fixes_the_family():
    """Level 3, a 2♥ declares hearts; then only 2s may overturn or reinforce."""
    rs = Ruleset.preset("tuolaji")
    r = check_declaration(rs, 3, [], 0, c("2H"))
    assert r.valid and r.trump == Trump(3, "H")
    h = [(0, c("2H"))]
    assert codes(check_declaration(rs, 3, h, 1, c("3S", "3S"))) == ["DECLARATION_WRONG_FAMILY"]
    r = check_declaration(rs, 3, h, 1, c("2S", "2S"))
    assert r.valid and r.trump == Trump(3, "S")
    assert check_declaration(rs, 3, h, 0, c("2H", "2H")).kind == REINFORCE
    # and the other way round
    h = [(0, c("3C"))]
    assert codes(check_declaration(rs, 3, h, 1, c("2S", "2S"))) == ["DECLARATION_WRONG_FAMILY"]
    assert check_declaration(rs, 3, h, 1, c("3S", "3S")).valid
    # without declare_with_twos a 2 does not declare
    plain = Ruleset.preset("tuolaji", declare_with_twos=False)
    assert codes(check_declaration(plain, 3, [], 0, c("2H"))) == ["DECLARATION_INVALID_CARDS"]


def test_section10_options_lists_every_possible_declaration():
    rs = Ruleset.preset("4399")
    hand = c("5H", "5H", "5S", "SJ", "SJ", "BJ", "AC")
    opts = declaration_options(rs, 5, [], 1, hand)
    assert [([str(x) for x in o.cards], o.kind, o.trump) for o in opts] == [
        (["5S"], DECLARE, Trump(5, "S")),
        (["5H"], DECLARE, Trump(5, "H")),
        (["5H", "5H"], DECLARE, Trump(5, "H")),
        (["SJ", "SJ"], DECLARE, Trump(5, None)),
    ]
    opts = declaration_options(rs, 5, [(0, c("5C", "5C"))], 1, hand)
    assert [[str(x) for x in o.cards] for o in opts] == [["SJ", "SJ"]]
    assert all(o.kind == OVERTURN for o in opts)
    # the declarer's own options are reinforcements only
    opts = declaration_options(rs, 5, [(1, c("5H"))], 1, hand)
    assert [([str(x) for x in o.cards], o.kind) for o in opts] == [(["5H", "5H"], REINFORCE)]


def test_section10_options_agree_with_check_declaration():
    rs = Ruleset.preset("tuolaji")
    hand = c("2H", "2H", "3S", "3D", "3D", "SJ", "BJ")
    for history in ([], [(0, c("2C"))], [(2, c("3C"))], [(1, c("3D"))]):
        opts = declaration_options(rs, 3, history, 1, hand)
        for o in opts:
            assert check_declaration(rs, 3, history, 1, o.cards, hand).valid
        listed = {o.cards for o in opts}
        for cards in [c("2H"), c("2H", "2H"), c("3S"), c("3D"), c("3D", "3D")]:
            assert check_declaration(rs, 3, history, 1, cards, hand).valid == (cards in listed)


def test_section10_invalid_history_is_malformed_input():
    rs = Ruleset.preset("shengji")
    with pytest.raises(InputError) as exc:
        check_declaration(rs, 2, [(0, c("2H", "2H")), (1, c("2S"))], 2, c("SJ", "SJ"))
    assert exc.value.field == "history/1"


def test_section10_nobody_declared_redeal_no_trump_kitty_reveal():
    assert no_declaration_outcome(Ruleset.preset("tuolaji"), 3).action == "redeal"
    out = no_declaration_outcome(Ruleset.preset("qq"), 10)
    assert out.action == "no-trump" and out.trump == Trump(10, None)
    pagat = Ruleset.preset("pagat")
    # the first level card turned sets the suit (the kitty is given in turned order)
    kitty = [card(x) for x in ["AS", "BJ", "9H", "9C", "3D", "4D", "5D", "6D"]]
    out = no_declaration_outcome(pagat, 9, kitty)
    assert out.action == "kitty-reveal" and out.trump == Trump(9, "H") and str(out.revealed) == "9H"
    # else the highest card (jokers have no suit; the first turned among equals)
    kitty = [card(x) for x in ["BJ", "KD", "3S", "KS", "4C", "5C", "6C", "7C"]]
    out = no_declaration_outcome(pagat, 9, kitty)
    assert out.trump == Trump(9, "D") and str(out.revealed) == "KD"
    out = no_declaration_outcome(pagat, 9, [card("BJ"), card("SJ")])
    assert out.trump == Trump(9, None) and out.revealed is None
    # pagat: kitty-reveal applies after the first hand only
    assert no_declaration_outcome(pagat, 2, kitty, first_hand=True).action == "redeal"


def test_section10_first_hand_winning_declarer_deals():
    rs = Ruleset.preset("shengji")
    assert first_hand_dealer(rs, 2, [(0, c("2H")), (3, c("2S", "2S"))]) == 3
    assert first_hand_dealer(rs, 2, []) is None
    assert first_hand_dealer(Ruleset.preset("qq"), 2, []) == 0
    assert first_hand_dealer(Ruleset.preset("qq"), 2, [], default_seat=2) == 2
    assert standing_trump(Ruleset.preset("qq"), 2, []) == Trump(2, None)
    assert standing_trump(rs, 2, []) is None


def test_s10_a_first_kitty_reveal_hand_without_declaration_is_redealt_because_it_is_the_first():
    from rules.declarations import no_declaration_violation
    pagat = Ruleset.preset("pagat")
    first = no_declaration_violation(pagat, first_hand=True)
    assert first.code == "NO_DECLARATION" and "first hand" in first.message
    assert no_declaration_outcome(pagat, 2, (), first_hand=True).action == "redeal"
    later = no_declaration_violation(Ruleset.preset("shengji"), first_hand=True)
    assert "first hand" not in later.message and "this ruleset redeals" in later.message

