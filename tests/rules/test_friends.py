"""Find friends: rules section 12 (4399's 选择对手, pagat's Zhao Peng You)."""
import pytest

from rules.cards import card, parse_cards
from rules.friends import (
    FriendCall,
    check_friend_calls,
    default_friend_count,
    first_played_friends,
    holder_friends,
    teams_after,
)
from rules.ruleset import Ruleset
from rules.violations import InputError


def c(*names):
    return parse_cards(names)


HOLDER = Ruleset.preset("4399", partnership="find-friends", friend_join="holder")
AH = FriendCall(card("AH"), 1)


def test_seed003_dealer_holds_one_copy_the_other_holder_is_the_friend():
    hands = [c("AH", "3S"), c("3C"), c("4D"), c("AH", "5S")]
    t = holder_friends(HOLDER, 0, hands, [AH])
    assert t.dealer_team == (0, 3) and t.attackers == (1, 2) and t.friends == (3,)


def test_seed003_dealer_holds_none_the_first_holder_after_the_dealer():
    hands = [c("3S"), c("AH"), c("4D"), c("AH", "5S")]
    assert holder_friends(HOLDER, 2, hands, [AH]).dealer_team == (2, 3)
    assert holder_friends(HOLDER, 0, hands, [AH]).dealer_team == (0, 1)
    # one player holding both copies is the friend
    hands = [c("3S"), c("4S"), c("4D"), c("AH", "AH")]
    assert holder_friends(HOLDER, 0, hands, [AH]).dealer_team == (0, 3)


def test_seed003_dealer_holds_both_copies_plays_alone_one_against_three():
    hands = [c("AH", "AH"), c("3C"), c("4D"), c("5S")]
    t = holder_friends(HOLDER, 0, hands, [AH])
    assert t.dealer_team == (0,) and t.alone and t.attackers == (1, 2, 3) and t.friends == (None,)


def test_section12_holder_buried_cards_count_as_the_dealers():
    hands = [c("3S"), c("AH"), c("4D"), c("5S")]
    t = holder_friends(HOLDER, 0, hands, [AH], kitty_discard=c("AH"))
    assert t.dealer_team == (0, 1)
    t = holder_friends(HOLDER, 0, [c("3S"), c("4S"), c("4D"), c("5S")], [AH], kitty_discard=c("AH", "AH"))
    assert t.alone


def test_section12_holder_via_teams_after_needs_the_hands():
    with pytest.raises(InputError):
        teams_after(HOLDER, 0, calls=[AH])
    hands = [c("AH"), c("3C"), c("AH"), c("5S")]
    assert teams_after(HOLDER, 0, calls=[AH], hands=hands).dealer_team == (0, 2)


ZPY = Ruleset.preset("pagat", partnership="find-friends", players=6)


def test_section12_default_number_of_friends():
    assert default_friend_count(ZPY) == 2
    assert default_friend_count(Ruleset.preset("pagat", partnership="find-friends", players=5)) == 1
    assert default_friend_count(Ruleset.preset("qq")) == 1


def test_section12_first_played_ordinal_counts_earlier_copies_by_anyone():
    """"The 2nd A♥": the first copy by seat 2 does not make a friend; seat 4's copy does."""
    call = FriendCall(card("AH"), 2)
    t1 = [(0, c("3H")), (1, c("5H")), (2, c("AH")), (3, c("4H")), (4, c("6H")), (5, c("7H"))]
    t2 = [(2, c("9H")), (3, c("8H")), (4, c("AH")), (5, c("2H")), (0, c("10H")), (1, c("JH"))]
    t = first_played_friends(ZPY, 0, [call], [t1])
    assert t.dealer_team == (0,) and not t.complete and t.attackers == (1, 2, 3, 4, 5)
    t = first_played_friends(ZPY, 0, [call], [t1, t2[:2]])
    assert t.dealer_team == (0,)
    t = first_played_friends(ZPY, 0, [call], [t1, t2[:3]])
    assert t.dealer_team == (0, 4) and t.complete and t.friends == (4,)
    assert teams_after(ZPY, 0, calls=[call], tricks=[t1, t2]).dealer_team == (0, 4)


def test_section12_first_played_two_calls_and_unequal_teams():
    calls = [FriendCall(card("AH"), 1), FriendCall(card("KS"), 1)]
    t1 = [(3, c("KS")), (4, c("3S")), (5, c("4S")), (0, c("5S")), (1, c("6S")), (2, c("7S"))]
    t2 = [(3, c("AH")), (4, c("3H")), (5, c("4H")), (0, c("5H")), (1, c("6H")), (2, c("7H"))]
    t = first_played_friends(ZPY, 0, calls, [t1, t2])
    # seat 3 answered both calls: a team of two against four
    assert t.dealer_team == (0, 3) and t.attackers == (1, 2, 4, 5) and t.friends == (None, 3)
    assert t.complete


def test_section12_dealer_playing_the_called_card_plays_alone():
    call = FriendCall(card("AH"), 1)
    t1 = [(0, c("AH")), (1, c("5H")), (2, c("AH")), (3, c("4H")), (4, c("6H")), (5, c("7H"))]
    t = first_played_friends(ZPY, 0, [call], [t1])
    assert t.alone and t.complete


def test_section12_a_pair_reaching_the_ordinal():
    call = FriendCall(card("AH"), 2)
    t1 = [(5, c("AH", "AH")), (0, c("3H", "3H"))]
    assert first_played_friends(ZPY, 0, [call], [t1]).dealer_team == (0, 5)


def test_section12_friend_call_checks():
    assert check_friend_calls(ZPY, [FriendCall(card("AH"), 2)]) == ()
    v = check_friend_calls(ZPY, [FriendCall(card("AH"), 3)])
    assert [x.code for x in v] == ["FRIEND_CALL"] and v[0].detail["ordinal"] == 3
    v = check_friend_calls(Ruleset.preset("qq"), [FriendCall(card("AH"), 1)])
    assert [x.code for x in v] == ["FRIEND_CALL"]
    v = check_friend_calls(ZPY, [FriendCall(card("AH"), 1)] * 6)
    assert [x.code for x in v] == ["FRIEND_CALL"]


def test_section12_fixed_partners_are_the_dealers_parity():
    t = teams_after(Ruleset.preset("qq"), 3)
    assert t.dealer_team == (1, 3) and t.attackers == (0, 2)
