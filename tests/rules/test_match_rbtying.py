"""Rules sections 14.9-14.12 checked against the behaviour of rbtying/shengji, the most used open
engine, whose defaults the `rbtying` preset is.  Each case restates, in this project's terms, a fact
that engine's own tests (or its code) establish about bidding, scoring, levels, dealing or the kitty
reveal; the docstring says which behaviour.  Where that engine and our rules differ on purpose, the
test states our rule and docs/rules.md ("Differences from rbtying's defaults") lists the difference.
"""
from dataclasses import replace
from itertools import product

import pytest

from rules.adjudicate import HandRecord, adjudicate
from rules.cards import NT, card, parse_cards
from rules.deal import deal
from rules.decks import deck_copies, removed_cards
from rules.declarations import check_declaration, declaration_options, no_declaration_outcome
from rules.order import Trump
from rules.ruleset import Jokers, Ruleset, RulesetError
from rules.scoring import LastTrick, advance, outcome, settle
from rules.state import hand_state

from .random_hands import random_hand

A = 14
KITTY = parse_cards(["3S", "4S", "6S", "7S", "8S", "9S", "2D", "3D"])


def _cards(*names: str) -> tuple[int, ...]:
    return tuple(card(n) for n in names)


def _options(rs, history, hand, level="2", seat=0, levels=None):
    return {tuple(sorted(str(c) for c in o.cards)) for o in declaration_options(rs, level, history, seat, hand, levels)}


def _bids(*bids):
    return {tuple(sorted([c] * k)) for c, k in bids}


# -- 14.11 / 14.12: bidding ----------------------------------------------------------------------------
# The hand of rbtying's bid-validity cases: three 2♣, two 2♠, two of each joker, three decks.
HAND = _cards("2C", "2C", "2C", "2S", "2S", "SJ", "SJ", "BJ", "BJ")
THREE = Ruleset.preset("rbtying", decks=3, kitty_size="auto")
CLUB = [(0, _cards("2C"))]
BEATEN = CLUB + [(1, _cards("2S", "2S"))]


def test_s14_12_rbtying_every_bid_from_a_hand():
    """No bid yet: any number of one level card, and two or more of one joker (BothTwoOrMore)."""
    assert _options(THREE, [], HAND) == _bids(("2S", 1), ("2S", 2), ("2C", 1), ("2C", 2), ("2C", 3),
                                              ("BJ", 2), ("SJ", 2))


def test_s14_12_rbtying_the_winning_bidder_may_only_reinforce():
    """ReinforceWhileWinning (`own_declarations: reinforce`): the standing bidder may only add cards."""
    assert _options(THREE, CLUB, HAND) == _bids(("2C", 2), ("2C", 3))


def test_s14_11_rbtying_overturn_own():
    """OverturnOrReinforceWhileWinning (`overturn-own`): any stronger bid as well as a reinforcement."""
    rs = Ruleset.from_dict({**THREE.to_dict(), "own_declarations": "overturn-own"})
    assert _options(rs, CLUB, HAND) == _bids(("2S", 2), ("2C", 2), ("2C", 3), ("BJ", 2), ("SJ", 2))


@pytest.mark.parametrize("policy", ["reinforce", "overturn-own"])
def test_s14_11_rbtying_an_overturned_bidder_bids_again(policy):
    """Once overturned, a seat bids as anyone else: more cards, or jokers against a suit of as many."""
    rs = Ruleset.from_dict({**THREE.to_dict(), "own_declarations": policy})
    assert _options(rs, BEATEN, HAND) == _bids(("2C", 3), ("BJ", 2), ("SJ", 2))


@pytest.mark.parametrize("standing, expected", [
    (("2S", 2), [("2C", 3), ("BJ", 2), ("SJ", 2)]),
    (("2H", 2), [("2S", 2), ("2C", 3), ("BJ", 2), ("SJ", 2)]),
    (("2D", 2), [("2S", 2), ("2C", 2), ("2C", 3), ("BJ", 2), ("SJ", 2)]),
    (("2D", 3), [("2C", 3)]),
    (("SJ", 2), [("2C", 3), ("BJ", 2)]),
    (("BJ", 2), [("2C", 3)]),
    (("SJ", 3), []),
    (("BJ", 3), []),
])
def test_s14_8_rbtying_joker_or_higher_suit(standing, expected):
    """JokerOrHigherSuit (`count-suit-order`): as many cards of a higher suit (♦ < ♣ < ♥ < ♠, two or
    more cards) overturn too; jokers rank above every suit, the big above the small."""
    rs = Ruleset.from_dict({**THREE.to_dict(), "declaration_style": "count-suit-order"})
    history = CLUB + [(1, _cards(*[standing[0]] * standing[1]))]
    assert _options(rs, history, HAND) == _bids(*expected)


def test_s14_11_rbtying_greater_length_needs_more_cards():
    """GreaterLength (`count-greater-length`): only more cards overturn, jokers included."""
    rs = Ruleset.from_dict({**THREE.to_dict(), "declaration_style": "count-greater-length"})
    assert _options(rs, BEATEN, HAND) == _bids(("2C", 3))


def test_s14_12_rbtying_bid_sequence_of_a_first_hand():
    """A first hand, every seat at 2: seat 0 bids 2♥, reinforces to a pair; small jokers overturn it,
    big jokers overturn those; seat 0's pair no longer bids."""
    rs = Ruleset.preset("rbtying")
    hands = {0: _cards("2H", "2H"), 1: _cards("BJ", "BJ"), 2: _cards("SJ", "SJ"), 3: _cards("2S", "2S")}
    history: list = []
    for seat, shown, ok in [(0, _cards("2H"), True), (0, _cards("2H", "2H"), True), (2, _cards("SJ", "SJ"), True),
                            (1, _cards("BJ", "BJ"), True), (0, _cards("2H", "2H"), False)]:
        r = check_declaration(rs, "2", history, seat, shown, hand=hands[seat])
        assert r.valid is ok, (seat, shown, r.violations)
        if ok:
            history.append((seat, shown))
    assert r.trump == Trump(2, None) and r.declarer == 1


@pytest.mark.parametrize("decks, small, big", [(1, 1, 1), (2, 2, 1), (3, 3, 2)])
def test_s14_11_rbtying_joker_bids_by_decks(decks, small, big):
    """LJNumDecksHJNumDecksLessOne (`small-all-big-one-less`): small jokers from every deck, big ones
    from one fewer (at least one); BothNumDecks (`all-decks`): every deck's for both."""
    for policy, need in [("small-all-big-one-less", (small, big)), ("all-decks", (decks, decks))]:
        rs = Ruleset.preset("rbtying", decks=decks, kitty_size="auto", joker_declarations=policy)
        for joker, least in zip(("SJ", "BJ"), need, strict=True):
            ok = [k for k in range(1, decks + 1) if check_declaration(rs, "5", [], 0, _cards(*[joker] * k)).valid]
            assert ok == list(range(least, decks + 1)), (policy, joker)


def _holding(hands: list[list[int]], wants: dict[int, list[str]]) -> list[list[int]]:
    """``hands`` with cards swapped between seats so that each seat in ``wants`` holds those cards."""
    keep = {card(n) for names in wants.values() for n in names}
    for seat, names in wants.items():
        for c in map(card, names):
            need = sum(1 for n in names if card(n) == c)
            while hands[seat].count(c) < need:
                other = next(s for s in range(len(hands)) if s != seat and c in hands[s]
                             and (s not in wants or hands[s].count(c) > sum(1 for n in wants[s] if card(n) == c)))
                give = next(x for x in hands[seat] if x not in keep)
                hands[seat][hands[seat].index(give)], hands[other][hands[other].index(c)] = c, give
    return hands


def test_s14_11_rbtying_first_bidder_deals_at_its_own_level():
    """ByFirstBid (`first_dealer: first-declarer`) with each seat at its own level: the first bidder
    deals, the winning bid names the trump suit, and the hand is played at the dealer's level."""
    rs = Ruleset.preset("rbtying", first_dealer="first-declarer")
    d = deal(rs, "first-bid", levels=(2, 7, 2, 7))
    hands = _holding([list(h) for h in d.hands], {0: ["2S"], 1: ["7H", "7H"]})
    record = HandRecord(rs, 0, (2, 7, 2, 7), tuple(tuple(sorted(h)) for h in hands), d.kitty, first_hand=True,
                        declarations=((0, _cards("2S")), (1, _cards("7H", "7H"))))
    state = hand_state(record, declarations_closed=True)
    assert state.illegal is None and state.trump == Trump(2, "H")
    wrong = hand_state(replace(record, dealer=1), declarations_closed=True)
    assert wrong.illegal.reasons[0].code == "WRONG_DEALER" and wrong.illegal.reasons[0].detail["expected"] == 0
    jokers = _holding(hands, {2: ["BJ", "BJ"]})
    record = replace(record, hands=tuple(tuple(sorted(h)) for h in jokers),
                     declarations=record.declarations + ((2, _cards("BJ", "BJ")),))
    assert hand_state(record, declarations_closed=True).trump == Trump(2, None)     # jokers: no-trump at 2


def test_s14_11_rbtying_difference_a_first_hand_seat_at_nt_does_not_bid():
    """rbtying lets a seat at no-trump bid one or more jokers in the first hand; here nobody declares at
    NT (section 14.9), so that seat has no declaration."""
    rs = Ruleset.preset("rbtying")
    hand = _cards("BJ", "SJ", "2S")
    assert _options(rs, [], hand, levels=(NT, 2, 2, 2)) == set()
    assert _options(rs, [], hand, seat=1, levels=(NT, 2, 2, 2)) == _bids(("2S", 1))


# -- 14.12: points → levels ----------------------------------------------------------------------------
# rbtying's default scoring: 2 decks (step 40), 2 steps to take over, a dead zone of one step, and the
# window through zero split at 5 points.
DEFAULT_TABLE = [(-80, "dealer", 5), (-40, "dealer", 4), (-35, "dealer", 3), (0, "dealer", 3), (5, "dealer", 2),
                 (35, "dealer", 2), (40, "dealer", 1), (75, "dealer", 1), (80, "attackers", 0),
                 (115, "attackers", 0), (120, "attackers", 1), (155, "attackers", 1), (160, "attackers", 2),
                 (195, "attackers", 2), (200, "attackers", 3), (235, "attackers", 3), (240, "attackers", 4),
                 (280, "attackers", 5)]
NO_DEADZONE = [(-80, "dealer", 5), (-40, "dealer", 4), (0, "dealer", 3), (5, "dealer", 2), (40, "dealer", 1),
               (75, "dealer", 1), (80, "attackers", 1), (115, "attackers", 1), (120, "attackers", 2)]


@pytest.mark.parametrize("deadzone, table", [(1, DEFAULT_TABLE), (0, NO_DEADZONE)])
def test_s14_12_rbtying_points_to_levels(deadzone, table):
    rs = Ruleset.preset("rbtying", bonus_level="none", deadzone_steps=deadzone)
    assert [(p, outcome(rs, p).side, outcome(rs, p).levels) for p, _, _ in table] == table


@pytest.mark.parametrize("decks, points, levels", [(2, 0, 4), (3, 0, 4), (3, 50, 3)])
def test_s14_12_rbtying_bonus_level_for_a_smaller_dealer_team(decks, points, levels):
    """BonusLevelForSmallerLandlordTeam (on in the preset): a dealer who played with fewer friends
    than called goes up one more level when it keeps the deal."""
    rs = Ruleset.preset("rbtying", players=6, partnership="find-friends", decks=decks, kitty_size="auto")
    kitty = parse_cards(["3S", "4S", "6S", "7S", "8S", "9S"])
    s = settle(rs, dealer=0, levels=[2] * 6, attackers_points=points, kitty=kitty, dealer_team=[0],
               last_trick=LastTrick(0, [(1, 1)], 0))
    assert s.outcome == "dealer-keeps" and s.level_changes[0] == levels
    full = settle(rs, dealer=0, levels=[2] * 6, attackers_points=points, kitty=kitty, dealer_team=[0, 2, 4],
                  last_trick=LastTrick(0, [(1, 1)], 0))
    assert full.level_changes[0] == levels - 1


# -- 14.9: levels past A (rbtying's MaxRank), games won ---------------------------------------------------
def _dealer_keeps(rs, levels, points, games_won=None):
    return settle(rs, dealer=0, levels=levels, attackers_points=points, kitty=KITTY,
                  last_trick=LastTrick(0, [(1, 1)], 0), games_won=games_won)


def _sequence(rs, points, start=2, hands=20):
    """The dealer team's levels hand after hand, keeping the deal with ``points`` each time (the
    attackers stay at 2), and each hand's games won for seat 0."""
    levels, won, out = [start, 2, start, 2], [0, 0, 0, 0], []
    for _ in range(hands):
        s = _dealer_keeps(rs, levels, points, won)
        levels, won = list(s.new_levels), list(s.new_games_won)
        assert s.new_levels[1] == 2
        out.append((levels[0], won[0]))
    return out


def test_s14_9_rbtying_one_level_at_a_time_through_nt_and_round():
    """Unrestricted with MaxRank NT: 3, 4, ..., A, NT, then 2 again with one more game won."""
    seq = _sequence(Ruleset.preset("rbtying"), 60, hands=14)
    assert [lv for lv, _ in seq] == list(range(3, 15)) + [NT, 2]
    assert [g for _, g in seq] == [0] * 13 + [1]


def test_s14_9_rbtying_max_rank_a():
    """MaxRank A (`last_level: A` with `wrap`): after A comes 2 and a game won."""
    seq = _sequence(Ruleset.preset("rbtying", last_level="A"), 60, hands=13)
    assert [lv for lv, _ in seq] == list(range(3, 15)) + [2] and seq[-1][1] == 1


def test_s14_9_rbtying_two_levels_at_a_time():
    """Up two a hand: 4, 6, 8, 10, Q, A, then NT (A may be passed as dealer, NT only by starting the
    move on it), then 3 (NT, 2, 3: one game)."""
    seq = _sequence(Ruleset.preset("rbtying"), 20, hands=8)
    assert [lv for lv, _ in seq] == [4, 6, 8, 10, 12, A, NT, 3] and seq[-1][1] == 1


def test_s14_9_rbtying_defend_points_two_levels_at_a_time():
    """DefendPoints (`must_defend: [5, 10, K, A]`): 4, 5, 7, 9, 10, Q, K, A, NT, 3."""
    rs = Ruleset.preset("rbtying", must_defend=["5", "10", "K", "A"])
    seq = _sequence(rs, 20, hands=10)
    assert [lv for lv, _ in seq] == [4, 5, 7, 9, 10, 12, 13, A, NT, 3]


def test_s14_9_rbtying_difference_fully_unrestricted():
    """rbtying's FullyUnrestricted lets a team go from A past NT in one move (A, NT, 2); here
    `last_level` always stops a team that did not start its move on it, so it stops on NT."""
    seq = _sequence(Ruleset.preset("rbtying", must_defend=[]), 20, hands=7)
    assert [lv for lv, _ in seq] == [4, 6, 8, 10, 12, A, NT]


@pytest.mark.parametrize("must_defend, expected", [(["A"], [4, 6, 8, 10, 12, A, A]),
                                                   (["5", "10", "K", "A"], [4, 5, 5])])
def test_s14_9_rbtying_attackers_stop_on_what_must_be_defended(must_defend, expected):
    """Attackers going up two a hand stop on A (Unrestricted) or on 5 (DefendPoints) for good."""
    rs = Ruleset.preset("rbtying", must_defend=must_defend)
    levels, seen = [2, 2, 2, 2], []
    for _ in expected:
        s = settle(rs, dealer=0, levels=levels, attackers_points=160, kitty=KITTY, last_trick=LastTrick(1, [(1, 1)], 0))
        levels = [2, s.new_levels[1], 2, s.new_levels[3]]
        seen.append(s.new_levels[1])
    assert seen == expected


def test_s14_9_rbtying_nt_is_passed_only_when_played():
    """A dealer at 2 whose partner is at NT: the dealer goes up two, the partner stays on NT; with the
    dealer at NT too, both pass it (NT, 2, 3) and win a game."""
    rs = Ruleset.preset("rbtying", partnership="find-friends")     # fixed partners share their level
    s = settle(rs, dealer=0, levels=[2, 2, NT, 2], attackers_points=20, kitty=KITTY, dealer_team=[0, 2],
               last_trick=LastTrick(0, [(1, 1)], 0))
    assert s.new_levels == (4, 2, NT, 2) and s.new_games_won == (0, 0, 0, 0)
    s = _dealer_keeps(Ruleset.preset("rbtying"), [NT, 2, NT, 2], 20)
    assert s.new_levels == (3, 2, 3, 2) and s.new_games_won == (1, 0, 1, 0)


def test_s14_9_rbtying_difference_a_partner_on_a_rank_the_dealer_did_not_play():
    """rbtying lets a dealer-side seat pass A (or, under DefendPoints, 5, 10, K) with its first level
    of the move whatever level the hand was played at; here such a rank is passed only by the seats
    whose hand was played at it (section 11: "winning them as dealer")."""
    rs = Ruleset.preset("rbtying", must_defend=["5", "10", "K", "A"])
    a = advance(rs, 5, 2, played_level=A, as_dealer=True)
    assert (a.new_level, a.stopped_on) == (5, 5)                   # rbtying: 7
    a = advance(rs, 5, 2, played_level=5, as_dealer=True)
    assert a.new_level == 7
    a = advance(rs, 4, 2, played_level=5, as_dealer=True)     # a friend below the dealer, onto 5 and past it
    assert (a.new_level, a.stopped_on) == (6, None)            # rbtying: 5 (not the move's first level)


def test_s14_9_rbtying_difference_games_won_count_from_zero():
    """rbtying's per-seat game counter starts at 1 for a new player; `games_won` starts at 0 and counts
    the games won."""
    s = _dealer_keeps(Ruleset.preset("rbtying"), [NT, 2, NT, 2], 60)
    assert s.new_games_won == (1, 0, 1, 0)


# -- 14.4 under the preset's levels: the jack rule -------------------------------------------------------
JACK_LAST = LastTrick(1, [(1, 1)], 0, winning_cards=_cards("JS"))


@pytest.mark.parametrize("points, expected", [
    (80, (2, 2, 2, 2)),      # nobody moves; the dealer team at J goes back to 2
    (20, (4, 2, 4, 2)),      # the dealer team keeps the deal: back to 2, then up two
    (160, (2, 4, 2, 4)),     # the attackers go up two, the dealer team back to 2
])
def test_s14_4_rbtying_single_jack_sends_the_dealer_team_back_to_two(points, expected):
    """SingleJack (`jack_rule: back-to-two`) with the hand at J, an attacker winning the last trick
    with one jack."""
    rs = Ruleset.preset("rbtying", jack_rule="back-to-two", must_defend=["5", "10", "K", "A"])
    s = settle(rs, dealer=0, levels=[11, 2, 11, 2], attackers_points=points, kitty=KITTY, last_trick=JACK_LAST)
    assert s.new_levels == expected


# -- 14.10: dealing -----------------------------------------------------------------------------------
@pytest.mark.parametrize("min_rank, jokers, cards, points", [(2, "both", 54, 100), (2, "none", 52, 100),
                                                             (5, "both", 42, 100), (11, "both", 18, 40)])
def test_s14_10_rbtying_deck_sizes_and_points(min_rank, jokers, cards, points):
    """A deck from 2 with or without jokers, from 5, from J: its cards and points.  (A ruleset needs
    its first level in the decks, and `deck_min_rank` stops at 10: the arithmetic is checked on the
    parameters alone, and the full decks as a ruleset.)"""
    rs = Ruleset(deck_min_rank=min_rank, jokers=Jokers(jokers))
    assert rs.deck_cards == cards and rs.deck_points == points
    if min_rank == 2:
        full = Ruleset.preset("rbtying", jokers=jokers, kitty_size="auto")
        assert full.total_cards == 2 * cards and sum(deck_copies(full)) == 2 * cards


def _rbtying_kitty_fits(players: int, decks: int, kitty: int) -> bool:
    """rbtying's check of a kitty size: smaller than the decks, and the deal divides with at most one
    card of each suit of each deck taken out."""
    total = 54 * decks
    return kitty < total and (total - kitty) % players <= 4 * decks


def test_s14_10_rbtying_unusual_kitty_sizes():
    """For 4..9 players, 1..players−1 decks and kitties of 1..29: the same sizes are allowed, and where
    allowed the deal divides and the cards dealt, taken out and set aside are every card of the decks."""
    for players, kitty in product(range(4, 10), range(1, 30)):
        for decks in range(1, min(players, 9)):
            fits = _rbtying_kitty_fits(players, decks, kitty)
            try:
                rs = Ruleset.preset("rbtying", players=players, partnership="find-friends", decks=decks,
                                    kitty_size=kitty, kitty_fit="remove-low-cards")
            except RulesetError as exc:
                assert not fits and exc.parameter in ("kitty_fit", "kitty_size"), (players, decks, kitty, exc)
                continue
            assert fits, (players, decks, kitty)
            taken = removed_cards(rs, None, (2,) * players)
            assert len(taken) == rs.removed and (rs.total_cards - rs.removed - rs.kitty) % players == 0
            assert rs.hand_size * players + rs.kitty + len(taken) == 54 * decks


@pytest.mark.parametrize("players, decks", [(p, d) for p in range(4, 10) for d in range(1, 9)])
def test_s14_10_rbtying_automatic_kitty(players, decks):
    """rbtying's kitty without a size: the cards left over, or one per player when none are, plus one
    per player more while fewer than 5."""
    left = (54 * decks) % players
    expected = left or players
    if expected < 5:
        expected += players
    rs = Ruleset.preset("rbtying", players=players, partnership="find-friends", decks=decks, kitty_size="auto")
    assert rs.kitty == expected


@pytest.mark.parametrize("level, levels, expected", [
    (9, (), ["2C", "2D"]),                    # a dealer not at the lowest rank: the lowest rank
    (2, (), ["3C", "3D"]),                    # a dealer at the lowest rank: the next one up
    (NT, (), ["2C", "2D"]),                   # a dealer at NT: the lowest rank
    (None, (2, 3, 4, 2, 3), ["6C", "6D"]),    # first hand: not a seat's level, not 5, 10 or K
    (None, (NT, 2, 3, 4, 6), ["7C", "7D"]),   # a seat at NT keeps no rank in
    (None, (2, 3, 4, 6, 7), ["8C", "8D"]),
])
def test_s14_10_rbtying_which_cards_are_taken_out(level, levels, expected):
    rs = Ruleset.preset("rbtying", players=5, partnership="find-friends", kitty_size=6, kitty_fit="remove-low-cards")
    assert [str(c) for c in removed_cards(rs, level, levels)] == expected


def test_s14_10_rbtying_suits_taken_round_and_round():
    """Clubs, diamonds, hearts, spades, then clubs again."""
    rs = Ruleset.preset("rbtying", players=7, partnership="find-friends", kitty_size=5, kitty_fit="remove-low-cards")
    assert [str(c) for c in removed_cards(rs, 9)] == ["2C", "2D", "2H", "2S", "2C"]


# -- 14.8 / 14.11: the kitty reveal -----------------------------------------------------------------------
@pytest.mark.parametrize("kitty, trump", [
    (["4C", "9D", "BJ"], Trump(9, "D")),          # the level card comes first
    (["4C", "SJ", "9D"], Trump(9, None)),         # a joker first: no-trump
    (["AS", "3H", "KD"], Trump(9, "H")),          # neither: the highest card, hearts over spades
    (["4C", "KD"], Trump(9, "D")),
])
def test_s14_11_rbtying_first_card_of_level_or_highest(kitty, trump):
    rs = Ruleset.preset("rbtying", no_declaration="kitty-first-level-or-highest")
    assert no_declaration_outcome(rs, "9", _cards(*kitty)).trump == trump


@pytest.mark.parametrize("policy", ["kitty-first-card", "kitty-first-level-or-highest"])
def test_s14_12_rbtying_no_reveal_in_the_first_hand_or_at_nt(policy):
    """Nobody reveals without a dealer (the first hand is dealt again), and a dealer at NT has no
    reveal (the hand is no-trump)."""
    rs = Ruleset.preset("rbtying", no_declaration=policy)
    assert no_declaration_outcome(rs, "9", _cards("AS"), first_hand=True).action == "redeal"
    assert no_declaration_outcome(rs, "NT", _cards("AS")).trump == Trump(NT, None)


def test_s14_12_rbtying_first_card_decides():
    """FirstCard (the preset's default): the first card turned names the suit, a joker no-trump."""
    rs = Ruleset.preset("rbtying")
    assert no_declaration_outcome(rs, "9", _cards("4C", "9D")).trump == Trump(9, "C")
    assert no_declaration_outcome(rs, "9", _cards("BJ", "9D")).trump == Trump(9, None)


# -- 14.12: a whole match ----------------------------------------------------------------------------------
def _rbtying_windows(points: int, step: int, turnover: int = 2, deadzone: int = 1) -> tuple[bool, int]:
    """rbtying's points → (dealer won, levels), read from its scoring windows: below ``turnover``
    steps the dealer wins one level per step down to 5 points, and the window from 5 − step to 5 one
    more, then one more per step; from ``turnover`` steps the attackers take over, gaining nothing in
    the first ``deadzone`` steps and one level per step after."""
    if points < turnover * step:
        if points >= 5:
            return True, turnover - points // step
        return True, turnover + 1 + (5 - 1 - points) // step
    return False, max(0, (points - turnover * step) // step - deadzone + 1)


def _rbtying_move(level: int, bump: int, defending: bool, dealer_level: int) -> tuple[int, bool]:
    """One seat moving ``bump`` levels as rbtying's Unrestricted policy with MaxRank NT moves it: A and
    NT are passed only by the dealer's side and only as the first level of the move, NT only when the
    dealer is at NT too; after NT comes 2 and a game won."""
    won = False
    for i in range(bump):
        guarded = level in (A, NT)
        if guarded and (not defending or i > 0 or (level == NT and dealer_level != NT)):
            break
        if level == NT:
            level, won = 2, True
        else:
            level += 1
    return level, won


MATCHES = [(2, 2), (12, 9), (A, 13), (NT, 10), (13, 13), (A, A), (NT, NT), (10, 12)]


def test_s14_12_a_rbtying_match_settles_as_rbtying_settles_it():
    """Matches of random legal hands through the walk, each hand dealt to the seat the last one named,
    settled by the referee and by an independent reading of rbtying's scoring and advancement; between
    them they pass NT and wrap, and stop attackers on A."""
    rs = Ruleset.preset("rbtying")
    wraps = stops_on_a = 0
    for m, start in enumerate(MATCHES):
        levels = [start[0], start[1], start[0], start[1]]
        won, dealer = [0, 0, 0, 0], 0
        for hand in range(10):
            record = random_hand(rs, 9100 + 100 * m + hand, throw_rate=0.2, table=(dealer, tuple(levels)))
            result = adjudicate(replace(record, games_won=tuple(won)))
            assert result.legal, result.illegal
            s = result.settlement
            team = {dealer, (dealer + 2) % 4}
            dealer_won, bump = _rbtying_windows(s.attackers_total, 40)
            where = (m, hand, levels, dealer, s.attackers_total, s.explanation)
            assert (s.outcome == "dealer-keeps") == dealer_won, where
            expected_levels, expected_won = [], list(won)
            for seat in range(4):
                moves = (seat in team) == dealer_won
                level, passed = _rbtying_move(levels[seat], bump if moves else 0, seat in team, levels[dealer])
                expected_levels.append(level)
                expected_won[seat] += passed
                stops_on_a += moves and not dealer_won and level == A and levels[seat] + bump > A
            assert list(s.new_levels) == expected_levels, where
            assert list(s.new_games_won) == expected_won and not s.game_over, where
            nxt = next(x for x in ((dealer + i) % 4 for i in range(1, 5)) if (x in team) == dealer_won)
            assert s.next_dealer == nxt, where
            wraps += expected_won != won
            levels, won, dealer = expected_levels, expected_won, nxt
    assert wraps and stops_on_a
