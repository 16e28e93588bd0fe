"""House rules of the hand (rules sections 14.4-14.6 and 14.8): the jack rule, step scoring, friend
calls and joining, declaration details.

The step-scoring reference below is written from the text (its 2-deck table, and its formula read
as a count of whole steps), not from the engine."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import Ruleset, Trump, parse_cards
from rules.declarations import check_declaration, declaration_options, no_declaration_outcome
from rules.friends import FriendCall, callable_cards, check_friend_calls, first_played_friends
from rules.scoring import LastTrick, settle, steps_outcome


def cs(text: str):
    return parse_cards(text.split())


def in_order(text: str):
    return [rules.cards.card(t) for t in text.split()]


# -- 14.5 step scoring --------------------------------------------------------------------------------
STEPS = Ruleset.preset("qq", scoring="steps")
# the text's 2-deck table with the defaults (s = 40): (lowest p, highest p, side, levels)
TEXT_TABLE = [(-115, -80, "dealer", 5), (-75, -40, "dealer", 4), (-35, 0, "dealer", 3), (5, 35, "dealer", 2),
              (40, 75, "dealer", 1), (80, 115, "attackers", 0), (120, 155, "attackers", 1),
              (160, 195, "attackers", 2), (200, 235, "attackers", 3), (240, 275, "attackers", 4),
              (280, 315, "attackers", 5)]


def test_s14_5_steps_two_decks_defaults_is_the_table_of_the_text():
    for low, high, side, levels in TEXT_TABLE:
        for p in range(low, high + 5, 5):
            got = steps_outcome(STEPS, p)
            assert (got.side, got.levels, got.step) == (side, levels, 40), p


def test_s14_5_steps_deadzone_zero_makes_80_to_115_attackers_plus_one():
    rs = Ruleset.preset("qq", scoring="steps", deadzone_steps=0)
    assert {steps_outcome(rs, p).levels for p in range(80, 120, 5)} == {1}
    assert steps_outcome(rs, 120).levels == 2
    assert steps_outcome(rs, 75).side == "dealer"


def reference(s: int, n: int, d: int, whole: bool, p: int) -> tuple[str, int]:
    """Section 14.5 counted step by step: whole steps of the attackers' points above the turnover
    and the dead zone; below the turnover, a level per step short of it (``split``: 0 and below
    start one level higher, and every further full step below 0 adds one)."""
    if p >= n * s:
        levels, bound = 0, (n + d) * s
        while bound <= p:
            levels, bound = levels + 1, bound + s
        return "attackers", levels
    if not whole and p < 5:
        levels, x = n + 1, 4 - p
        while x >= s:
            levels, x = levels + 1, x - s
        return "dealer", levels
    levels, x = n, p
    while x >= s:
        levels, x = levels - 1, x - s
    while x < 0:
        levels, x = levels + 1, x + s
    return "dealer", levels


@settings(max_examples=400, deadline=None, derandomize=True)
@given(decks=st.integers(1, 8), step=st.integers(2, 40), n=st.integers(1, 6), d=st.integers(0, 4),
       whole=st.booleans(), p=st.integers(-200, 400))
def test_s14_5_steps_formula_agrees_with_a_step_by_step_count(decks, step, n, d, whole, p):
    s = 5 * step
    if s > 100 * decks:
        s = 100 * decks
    rs = Ruleset.preset("pagat", decks=decks, scoring="steps", score_step=s, turnover_steps=n,
                        deadzone_steps=d, zero_window="whole" if whole else "split")
    got = steps_outcome(rs, 5 * p)
    assert (got.side, got.levels) == reference(s, n, d, whole, 5 * p)


def test_s14_5_score_step_is_validated():
    for bad in (5, 12, 205, True, "big"):
        with pytest.raises(rules.RulesetError) as err:
            Ruleset.preset("qq", scoring="steps", score_step=bad)
        assert err.value.parameter == "score_step"
    for name, bad in (("turnover_steps", 0), ("deadzone_steps", -1), ("turnover_steps", 101)):
        with pytest.raises(rules.RulesetError) as err:
            Ruleset.preset("qq", **{name: bad})
        assert err.value.parameter == name


def test_s14_5_settle_under_steps_moves_the_levels_and_says_so():
    got = settle(STEPS, dealer=0, levels=["5", "5", "5", "5"], attackers_points=125, kitty=[],
                 last_trick=LastTrick(0, [(1, 1)]))
    assert (got.outcome, got.level_changes, got.next_dealer) == ("attackers-take-over", (0, 1, 0, 1), 1)
    assert "go up 1 level" in got.explanation


FRIENDS = Ruleset.preset("pagat", partnership="find-friends", players=6, bonus_level="smaller-dealer-team")


def test_s14_5_bonus_level_smaller_dealer_team_goes_up_one_more():
    # 6 players, 2 calls: a dealer team of 2 seats is smaller than 1 + 2
    small = settle(FRIENDS, dealer=0, levels=["4"] * 6, dealer_team=[0, 3], attackers_points=45, kitty=[0] * 6,
                   last_trick=LastTrick(0, [(1, 1)]), friend_calls=2)
    assert small.level_changes == (2, 0, 0, 2, 0, 0)
    assert "one more level" in small.explanation
    full = settle(FRIENDS, dealer=0, levels=["4"] * 6, dealer_team=[0, 3, 4], attackers_points=45,
                  kitty=[0] * 6, last_trick=LastTrick(0, [(1, 1)]), friend_calls=2)
    assert full.level_changes == (1, 0, 0, 1, 1, 0)
    # the default number of calls is ⌊players/2⌋ − 1 = 2; attackers taking the deal get no bonus
    assert settle(FRIENDS, dealer=0, levels=["4"] * 6, dealer_team=[0, 3], attackers_points=45, kitty=[0] * 6,
                  last_trick=LastTrick(0, [(1, 1)])).level_changes == (2, 0, 0, 2, 0, 0)
    lost = settle(FRIENDS, dealer=0, levels=["4"] * 6, dealer_team=[0, 3], attackers_points=150, kitty=[0] * 6,
                  last_trick=LastTrick(0, [(1, 1)]), friend_calls=2)
    assert lost.level_changes == (0, 1, 1, 0, 1, 1)


def test_s14_5_bonus_level_needs_find_friends():
    fixed = Ruleset.preset("qq", bonus_level="smaller-dealer-team")
    got = settle(fixed, dealer=0, levels=["4"] * 4, attackers_points=45, kitty=cs("3S 4S 6S 7S 8S 9S 3H 4H"),
                 last_trick=LastTrick(0, [(1, 1)]), friend_calls=3)
    assert got.level_changes == (1, 0, 1, 0)


# -- 14.4 the jack rule --------------------------------------------------------------------------------
JACK = Ruleset.preset("qq", jack_rule="back-to-two")
KITTY = cs("3S 4S 6S 7S 8S 9S 3H 4H")


def last_trick(rs, trump, *plays):
    return rules.trick_winner(rs, trump, [(seat, cs(p)) for seat, p in plays])


def test_s14_4_single_j_by_an_attacker_sends_the_dealer_team_back_to_two_then_up():
    trump = Trump("J", "H")
    trick = last_trick(JACK, trump, (0, "AS"), (1, "JC"), (2, "3S"), (3, "4S"))
    assert trick.winner == 1
    got = settle(JACK, dealer=0, levels=["J", "8", "J", "8"], attackers_points=20, kitty=KITTY, last_trick=trick)
    # the dealer team keeps the deal and goes up 2 (20 points): from 2, it ends on 4
    assert got.outcome == "dealer-keeps"
    assert [rules.cards.rank_name(v) for v in got.new_levels] == ["4", "8", "4", "8"]
    assert got.level_changes == (-7, 0, -7, 0)
    assert got.explanation.startswith("Attackers scored 20: the attackers won the last trick with a single J: "
                                      "the dealer's side goes back to 2; the dealer team keeps the deal and "
                                      "goes up 2 levels, from 2 to 4")


def test_s14_4_attackers_taking_the_deal_move_as_usual_and_the_dealer_side_still_goes_back():
    trump = Trump("J", "H")
    trick = last_trick(JACK, trump, (0, "AS"), (1, "JC"), (2, "3S"), (3, "4S"))
    got = settle(JACK, dealer=0, levels=["J", "8", "J", "8"], attackers_points=120, kitty=KITTY, last_trick=trick)
    assert got.outcome == "attackers-take-over"
    assert [rules.cards.rank_name(v) for v in got.new_levels] == ["2", "9", "2", "9"]
    assert got.level_changes == (-9, 1, -9, 1)


def test_s14_4_the_jack_rule_needs_level_j_a_single_j_and_an_attacker():
    # a dealer-side J, a pair of Js, another level, or the rule off: nothing special
    j = Trump("J", "H")
    cases = [
        (JACK, j, [(0, "JC"), (1, "AS"), (2, "3S"), (3, "4S")], ["J", "8", "J", "8"]),
        (JACK, j, [(0, "AS AS"), (1, "JC JC"), (2, "3S 5S"), (3, "4S 6S")], ["J", "8", "J", "8"]),
        (JACK, Trump("9", "H"), [(0, "AS"), (1, "JH"), (2, "3S"), (3, "4S")], ["9", "8", "9", "8"]),
        (Ruleset.preset("qq"), j, [(0, "AS"), (1, "JC"), (2, "3S"), (3, "4S")], ["J", "8", "J", "8"]),
    ]
    for rs, trump, plays, levels in cases:
        trick = last_trick(rs, trump, *plays)
        got = settle(rs, dealer=0, levels=levels, attackers_points=20, kitty=KITTY, last_trick=trick)
        assert got.level_changes == (2, 0, 2, 0), plays
        assert "single J" not in got.explanation


# -- 14.6 friend calls and joining ----------------------------------------------------------------------
def friends_rules(**overrides):
    return Ruleset.preset("pagat", partnership="find-friends", players=6, **overrides)


def test_s14_6_friend_cards_no_trumps():
    rs = friends_rules(friend_cards="no-trumps")
    trump = Trump("5", "H")
    for card in ("SJ", "BJ", "5S", "5H", "AH", "2H"):
        why = check_friend_calls(rs, [FriendCall(cs(card)[0], 1)], trump)
        assert [v.code for v in why] == ["FRIEND_CALL"], card
    assert check_friend_calls(rs, [FriendCall(cs("AS")[0], 1), FriendCall(cs("KD")[0], 2)], trump) == ()
    # permanent 2s are trumps too
    twos = friends_rules(friend_cards="no-trumps", permanent_twos=True)
    assert check_friend_calls(twos, [FriendCall(cs("2S")[0], 1)], trump)
    assert not check_friend_calls(rs, [FriendCall(cs("2S")[0], 1)], trump)


def test_s14_6_friend_cards_no_top_and_no_points():
    trump = Trump("5", "H")
    no_top = friends_rules(friend_cards="no-trumps-no-top")
    assert check_friend_calls(no_top, [FriendCall(cs("AS")[0], 1)], trump)
    assert not check_friend_calls(no_top, [FriendCall(cs("KS")[0], 1)], trump)
    at_a = Trump("A", "H")
    assert check_friend_calls(no_top, [FriendCall(cs("KS")[0], 1)], at_a)
    no_points = friends_rules(friend_cards="no-trumps-no-points")
    for card in ("5S", "10S", "KS"):
        assert check_friend_calls(no_points, [FriendCall(cs(card)[0], 1)], Trump("7", "H")), card
    assert not check_friend_calls(no_points, [FriendCall(cs("AS")[0], 1)], Trump("7", "H"))
    assert not check_friend_calls(no_points, [FriendCall(cs("KS")[0], 1)], at_a)
    assert len(callable_cards(no_points, Trump("7", "H"))) == 3 * (13 - 1 - 3)
    assert len(callable_cards(friends_rules(), Trump("7", "H"))) == 54


def test_s14_6_first_outsider_a_copy_played_by_the_dealer_side_leaves_the_call_open():
    ah = cs("AH")[0]
    tricks = [[(0, cs("AH")), (1, cs("3S")), (2, cs("AH")), (3, cs("4S")), (4, cs("5S")), (5, cs("6S"))]]
    played = first_played_friends(friends_rules(), 0, [FriendCall(ah, 1)], tricks)
    assert played.friends == (None,) and played.decided == (True,)
    outsider = first_played_friends(friends_rules(friend_join="first-outsider"), 0, [FriendCall(ah, 1)], tricks)
    assert outsider.friends == (2,) and outsider.dealer_team == (0, 2)
    # only dealer-side copies so far: still open
    early = first_played_friends(friends_rules(friend_join="first-outsider"), 0, [FriendCall(ah, 1)],
                                 [tricks[0][:2]])
    assert early.friends == (None,) and early.decided == (False,)


# -- 14.8 declaration details -----------------------------------------------------------------------------
def test_s14_8_kitty_first_card_decides_the_trump():
    rs = Ruleset.preset("pagat", no_declaration="kitty-first-card")
    got = no_declaration_outcome(rs, "7", in_order("3D 7S AH 2C 4C 5C 6C 8C"))
    assert (got.action, got.trump, str(got.revealed)) == ("kitty-first-card", Trump("7", "D"), "3D")
    assert no_declaration_outcome(rs, "7", in_order("BJ 7S AH 2C 4C 5C 6C 8C")).trump == Trump("7", None)
    assert no_declaration_outcome(rs, "7", cs("3D 7S"), first_hand=True).action == "redeal"


def test_s14_8_count_suit_order_equal_count_of_a_higher_suit_overturns():
    rs = Ruleset.preset("qq", declaration_style="count-suit-order")
    history = [(0, cs("7D 7D"))]
    assert check_declaration(rs, "7", history, 1, cs("7S 7S")).kind == "overturn"
    assert check_declaration(rs, "7", history, 1, cs("7C 7C")).valid
    weaker = check_declaration(rs, "7", [(0, cs("7H 7H"))], 1, cs("7C 7C"))
    assert [v.code for v in weaker.violations] == ["DECLARATION_TOO_WEAK"]
    # one card of a higher suit is too weak, as any other overturn that is not stronger
    single = check_declaration(rs, "7", [(0, cs("7D"))], 1, cs("7S"))
    assert [v.code for v in single.violations] == ["DECLARATION_TOO_WEAK"]
    # jokers stay above every suit
    assert check_declaration(rs, "7", [(0, cs("7S 7S"))], 1, cs("SJ SJ")).valid
    assert not check_declaration(rs, "7", [(0, cs("SJ SJ"))], 1, cs("7S 7S")).valid
    # under count a higher suit never overturns with as many cards
    assert not check_declaration(Ruleset.preset("qq", declaration_style="count"), "7", history, 1,
                                 cs("7S 7S")).valid


def test_s14_8_count_suit_order_options_strongest_first():
    rs = Ruleset.preset("qq", declaration_style="count-suit-order")
    options = declaration_options(rs, "7", [(0, cs("7D 7D"))], 1, cs("7S 7S 7H 7H 7C 7C 7D 7D SJ SJ"))
    assert [" ".join(map(str, o.cards)) for o in options] == ["SJ SJ", "7S 7S", "7H 7H", "7C 7C"]


def test_s14_8_joker_declarations_all_decks():
    three = Ruleset.preset("shengji", decks=3, joker_declarations="all-decks")
    assert check_declaration(three, "7", [], 0, cs("BJ BJ BJ")).valid
    assert [v.code for v in check_declaration(three, "7", [], 0, cs("BJ BJ")).violations] == \
        ["DECLARATION_INVALID_CARDS"]
    one = Ruleset.preset("shengji", decks=1, joker_declarations="all-decks")
    assert check_declaration(one, "7", [], 0, cs("SJ")).trump == Trump("7", None)


# -- 14.8, against a reference written from the text ----------------------------------------------------
SUIT_RANK = {"D": 0, "C": 1, "H": 2, "S": 3}


def reference_declaration(style: str, jokers: str, decks: int, level: int, standing, seat: int, cards):
    """(valid, kind) of ``cards`` shown by ``seat`` after ``standing`` ((seat, cards) or None), from
    sections 10 and 14.8 (``count`` and ``count-suit-order``, no 2s)."""
    k, c = len(cards), rules.cards.CARDS[cards[0]]
    if len(set(cards)) != 1:
        return False, None
    if c.is_joker:
        ok = {"pairs": k == 2, "any-multiple": k >= 2, "all-decks": k == decks, "none": False}[jokers]
        if not ok:
            return False, None
        tier, suit = (2 if str(c) == "BJ" else 1), None
    elif c.rank == level:
        tier, suit = 0, c.suit
    else:
        return False, None
    if standing is None:
        return True, "declare"
    s_seat, s_cards = standing
    s = rules.cards.CARDS[s_cards[0]]
    s_k, s_tier, s_suit = len(s_cards), (0 if not s.is_joker else 2 if str(s) == "BJ" else 1), (None if s.is_joker else s.suit)
    if seat == s_seat:
        same = suit == s_suit and (tier > 0) == (s_tier > 0)
        return (True, "reinforce") if same and k > s_k else (False, None)

    def strength(k_, tier_, suit_):
        order = SUIT_RANK[suit_] if style == "count-suit-order" and suit_ is not None and k_ >= 2 else 0
        return (k_, tier_, order)
    return (True, "overturn") if strength(k, tier, suit) > strength(s_k, s_tier, s_suit) else (False, None)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(style=st.sampled_from(["count", "count-suit-order"]), jokers=st.sampled_from(["pairs", "any-multiple", "all-decks"]),
       decks=st.integers(1, 4), level=st.integers(2, 14), data=st.data())
def test_s14_8_declarations_agree_with_a_reference_from_the_text(style, jokers, decks, level, data):
    rs = Ruleset.preset("shengji" if decks <= 3 else "qq", decks=decks, declaration_style=style,
                        joker_declarations=jokers)
    pool = [rules.cards.suited(level, s) for s in "SHCD"] + [rules.cards.CARDS[52], rules.cards.CARDS[53]]
    history: list = []
    for _ in range(data.draw(st.integers(0, 3))):
        c = data.draw(st.sampled_from(pool))
        shown = (c,) * data.draw(st.integers(1, decks))
        seat = data.draw(st.integers(0, 3))
        if reference_declaration(style, jokers, decks, level, history[-1] if history else None, seat, shown)[0]:
            history.append((seat, shown))
    c = data.draw(st.sampled_from(pool + [rules.cards.suited(3 if level != 3 else 4, "S")]))
    shown = (c,) * data.draw(st.integers(1, decks))
    seat = data.draw(st.integers(0, 3))
    got = check_declaration(rs, level, history, seat, shown)
    want = reference_declaration(style, jokers, decks, level, history[-1] if history else None, seat, shown)
    assert (got.valid, got.kind if got.valid else None) == want, (history, seat, shown)


# -- 14.4 and 14.5's bonus, against a reference written from the text ---------------------------------------
def reference_levels(first: int, levels: list[int], dealer: int, team: set[int], keeps: bool, gain: int,
                     jack: bool, bonus: bool) -> list[int]:
    """New levels by seat from the text: with the jack rule every dealer-side seat first goes back to
    ``first``; the winning side then goes up ``gain`` (+1 for a dealer team that earned the bonus),
    capped at A (no level is guarded in these rulesets)."""
    start = [first if jack and s in team else lv for s, lv in enumerate(levels)]
    movers = team if keeps else set(range(len(levels))) - team
    up = gain + (1 if bonus and keeps else 0)
    return [min(14, lv + up) if s in movers else lv for s, lv in enumerate(start)]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(points=st.integers(0, 40), dealer=st.integers(0, 3), levels=st.tuples(st.integers(2, 12), st.integers(2, 12)),
       winner=st.integers(0, 3), card=st.sampled_from(["JC", "JH", "AS", "5D"]), jack_rule=st.booleans())
def test_s14_4_jack_rule_agrees_with_a_reference_from_the_text(points, dealer, levels, winner, card, jack_rule):
    rs = Ruleset.preset("qq", must_defend=[], jack_rule="back-to-two" if jack_rule else "none")
    lv = [levels[s % 2] for s in range(4)]
    lv[dealer] = lv[(dealer + 2) % 4]
    team = {dealer, (dealer + 2) % 4}
    got = settle(rs, dealer=dealer, levels=[rules.cards.rank_name(v) for v in lv], attackers_points=5 * points,
                 kitty=[], last_trick=LastTrick(winner, [(1, 1)], 0, tuple(cs(card))))
    keeps = got.outcome == "dealer-keeps"
    jack = jack_rule and lv[dealer] == 11 and winner not in team and card.startswith("J")
    want = reference_levels(2, lv, dealer, team, keeps, got.table_levels, jack, False)
    assert list(got.new_levels) == want
    assert list(got.level_changes) == [w - v if (jack and s in team) else max(0, w - v)
                                       for s, (w, v) in enumerate(zip(want, lv, strict=True))]
    assert ("single J" in got.explanation) == jack


@settings(max_examples=200, deadline=None, derandomize=True)
@given(players=st.integers(5, 8), team_size=st.integers(1, 4), calls=st.integers(0, 3), points=st.integers(0, 30),
       on=st.booleans())
def test_s14_5_bonus_level_agrees_with_a_reference_from_the_text(players, team_size, calls, points, on):
    rs = Ruleset.preset("pagat", partnership="find-friends", players=players, must_defend=[],
                        bonus_level="smaller-dealer-team" if on else "none")
    team = set(range(min(team_size, players - 1)))
    got = settle(rs, dealer=0, levels=["4"] * players, dealer_team=sorted(team), attackers_points=5 * points,
                 kitty=[0] * rs.kitty, last_trick=LastTrick(0, [(1, 1)]), friend_calls=calls)
    keeps = got.outcome == "dealer-keeps"
    plain = settle(Ruleset.preset("pagat", partnership="find-friends", players=players, must_defend=[]), dealer=0,
                   levels=["4"] * players, dealer_team=sorted(team), attackers_points=5 * points, kitty=[0] * rs.kitty,
                   last_trick=LastTrick(0, [(1, 1)]), friend_calls=calls)
    bonus = on and keeps and len(team) < 1 + calls
    assert list(got.new_levels) == reference_levels(2, [4] * players, 0, team, keeps, plain.table_levels, False, bonus)
