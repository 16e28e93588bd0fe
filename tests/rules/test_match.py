"""Rules sections 14.9 (levels past A, games won), 14.11 (declaration policies) and 14.12 (the
`rbtying` preset)."""
from dataclasses import replace

import pytest

from rules.adjudicate import HandRecord, adjudicate
from rules.cards import NT, parse_cards
from rules.deal import deal
from rules.decks import copies_in_play, deck_copies, removed_cards
from rules.declarations import (
    check_declaration,
    declaration_options,
    first_hand_dealer,
    no_declaration_outcome,
)
from rules.order import Trump, order_for
from rules.outlook import largest_multiplier, reachable, score_table
from rules.ruleset import PRESETS, Ruleset, RulesetError
from rules.scoring import LastTrick, advance, outcome, settle
from rules.state import hand_state
from rules.violations import InputError

from .random_hands import random_hand

KITTY = parse_cards(["3S", "4S", "6S", "7S", "8S", "9S", "2D", "3D"])
DEALER_WINS_LAST = LastTrick(0, [(1, 1)], 0)


def _settle(rules, levels, points, **kw):
    return settle(rules, dealer=0, levels=levels, attackers_points=points, kitty=KITTY,
                  last_trick=DEALER_WINS_LAST, **kw)


# -- 14.9: NT as a level ---------------------------------------------------------------------------
def test_s14_9_nt_is_a_level_after_a():
    rs = Ruleset.preset("pagat", last_level="NT")
    assert rs.last_level == NT and rs.to_dict()["last_level"] == "NT"
    with pytest.raises(RulesetError) as exc:
        Ruleset.preset("pagat", first_level="NT")
    assert exc.value.parameter == "first_level"


def test_s14_9_at_nt_only_jokers_are_trumps():
    order = order_for(Ruleset.preset("pagat", last_level="NT"), Trump("NT"))
    assert [c for c in range(54) if order.is_trump(c)] == [52, 53]


def test_s14_9_at_nt_with_permanent_twos_the_twos_are_trumps_too():
    order = order_for(Ruleset.preset("tuolaji", last_level="NT"), Trump("NT"))
    trumps = {str(c) for c in order.sorted_cards(c for c in range(54) if order.is_trump(c))}
    assert trumps == {"BJ", "SJ", "2S", "2H", "2C", "2D"}


def test_s14_9_nt_has_no_trump_suit():
    with pytest.raises(ValueError):
        Trump("NT", "H")


def test_s14_9_nobody_declares_at_nt():
    rs = Ruleset.preset("rbtying")
    r = check_declaration(rs, "NT", [], 1, parse_cards(["BJ", "BJ"]))
    assert not r.valid and r.violations[0].code == "DECLARATION_LEVEL"
    assert declaration_options(rs, "NT", [], 1, parse_cards(["BJ", "BJ", "SJ", "AS"])) == ()


@pytest.mark.parametrize("policy", ["redeal", "kitty-reveal", "kitty-first-card", "kitty-first-level-or-highest"])
def test_s14_9_nt_hand_is_no_trump_whatever_no_declaration_says(policy):
    rs = Ruleset.preset("pagat", last_level="NT", no_declaration=policy)
    out = no_declaration_outcome(rs, "NT", parse_cards(["AH", "5S"]))
    assert out.trump == Trump("NT", None)


# -- 14.9: passing the last level --------------------------------------------------------------------
def test_s14_9_game_over_at_nt():
    s = _settle(Ruleset.preset("pagat", last_level="NT"), ["NT", "K", "NT", "K"], 0)
    assert s.game_over and s.winner == (0, 2)
    assert s.new_levels == (NT, 13, NT, 13) and s.new_games_won == (1, 0, 1, 0)


def test_s14_9_wrap_goes_on_from_first_level_and_counts_a_game():
    s = _settle(Ruleset.preset("rbtying"), ["NT", "K", "NT", "K"], 0, games_won=[2, 1, 2, 1])
    assert not s.game_over and s.winner is None
    assert s.new_levels == (4, 13, 4, 13)          # NT → 2 → 3 → 4: three levels, the first past NT
    assert s.new_games_won == (3, 1, 3, 1)
    assert "wins a game" in s.explanation


def test_s14_9_wrap_at_a_with_a_as_last_level():
    rs = Ruleset.preset("pagat", past_last_level="wrap")
    s = _settle(rs, ["A", "9", "A", "9"], 50)      # standard: 40 ≤ p < 80: dealer +1
    assert s.new_levels == (2, 9, 2, 9) and s.new_games_won == (1, 0, 1, 0) and not s.game_over


def test_s14_9_a_team_that_did_not_start_on_nt_stops_on_it():
    s = _settle(Ruleset.preset("rbtying"), ["A", "5", "A", "5"], 30)   # steps: dealer +2
    assert s.new_levels == (NT, 5, NT, 5) and s.new_games_won == (0, 0, 0, 0)


def test_s14_9_attackers_stop_on_must_defend_a_before_nt():
    s = settle(Ruleset.preset("rbtying"), dealer=0, levels=["5", "Q", "5", "Q"], attackers_points=200,
               kitty=KITTY, last_trick=LastTrick(1, [(1, 1)], 0))
    assert s.new_levels == (5, 14, 5, 14)


def test_s14_9_must_defend_may_list_nt():
    rs = Ruleset.preset("pagat", last_level="NT", past_last_level="wrap", must_defend=["NT"])
    a = advance(rs, 13, 3, played_level=13, as_dealer=True)
    assert (a.new_level, a.moved, a.stopped_on, a.passed_last) == (NT, 2, NT, False)
    a = advance(rs, NT, 2, played_level=NT, as_dealer=True)
    assert (a.new_level, a.moved, a.passed_last, a.wrapped) == (3, 2, True, True)


def test_s14_9_games_won_must_list_every_seat():
    with pytest.raises(InputError):
        _settle(Ruleset.preset("rbtying"), ["2", "2", "2", "2"], 0, games_won=[1, 2])


def test_s14_9_games_won_default_zeros():
    s = _settle(Ruleset.preset("qq"), ["5", "5", "5", "5"], 0)
    assert s.new_games_won == (0, 0, 0, 0)


# -- 14.11: declaration policies --------------------------------------------------------------------
def test_s14_11_count_greater_length_needs_more_cards():
    rs = Ruleset.preset("pagat", declaration_style="count-greater-length")
    history = [(0, parse_cards(["5S", "5S"]))]
    assert check_declaration(rs, "5", history, 1, parse_cards(["BJ", "BJ"])).violations[0].code == "DECLARATION_TOO_WEAK"
    assert check_declaration(rs, "5", history, 1, parse_cards(["5H", "5H"])).violations[0].code == "DECLARATION_TOO_WEAK"
    rs3 = Ruleset.preset("pagat", decks=3, declaration_style="count-greater-length")
    assert check_declaration(rs3, "5", history, 1, parse_cards(["5H"] * 3)).kind == "overturn"
    # under count, the joker pair does overturn
    assert check_declaration(Ruleset.preset("pagat"), "5", history, 1, parse_cards(["BJ", "BJ"])).valid


@pytest.mark.parametrize("decks,small,big", [(1, 1, 1), (2, 2, 1), (3, 3, 2), (4, 4, 3)])
def test_s14_11_small_all_big_one_less(decks, small, big):
    rs = Ruleset.preset("pagat", decks=decks, joker_declarations="small-all-big-one-less")
    sj = [k for k in range(1, decks + 1) if check_declaration(rs, "5", [], 0, parse_cards(["SJ"] * k)).valid]
    bj = [k for k in range(1, decks + 1) if check_declaration(rs, "5", [], 0, parse_cards(["BJ"] * k)).valid]
    assert sj == list(range(small, decks + 1)) and bj == list(range(big, decks + 1))


def test_s14_11_overturn_own():
    history = [(0, parse_cards(["5S"]))]
    hearts = parse_cards(["5H", "5H"])
    assert check_declaration(Ruleset.preset("pagat"), "5", history, 0, hearts).violations[0].code == \
        "DECLARATION_OWN_OVERTURN"
    r = check_declaration(Ruleset.preset("pagat", own_declarations="overturn-own"), "5", history, 0, hearts)
    assert r.valid and r.kind == "overturn" and r.trump == Trump(5, "H")
    # reinforcing stays a reinforcement; a weaker change stays refused
    rs = Ruleset.preset("pagat", own_declarations="overturn-own")
    assert check_declaration(rs, "5", history, 0, parse_cards(["5S", "5S"])).kind == "reinforce"
    assert not check_declaration(rs, "5", history, 0, parse_cards(["5H"])).valid


def test_s14_11_first_declarer_deals_the_first_hand():
    rs = Ruleset.preset("pagat", first_dealer="first-declarer")
    history = [(2, parse_cards(["2S"])), (1, parse_cards(["2H", "2H"]))]
    assert first_hand_dealer(rs, "2", history) == 2
    assert first_hand_dealer(Ruleset.preset("pagat"), "2", history) == 1


def test_s14_11_first_hand_levels_own():
    rs = Ruleset.preset("rbtying")
    levels = [2, 7, 2, 7]
    history = [(0, parse_cards(["2S"]))]
    r = check_declaration(rs, "2", history, 1, parse_cards(["7H", "7H"]), levels=levels)
    assert r.valid and r.trump == Trump(7, "H")
    # without levels (or under shared), the 7s are no declaration
    assert not check_declaration(rs, "2", history, 1, parse_cards(["7H", "7H"])).valid
    shared = Ruleset.preset("pagat")
    assert not check_declaration(shared, "2", history, 1, parse_cards(["7H", "7H"]), levels=levels).valid


def test_s14_11_kitty_first_level_or_highest():
    rs = Ruleset.preset("pagat", no_declaration="kitty-first-level-or-highest")
    turned = [c for c in parse_cards(["AS"])] + [c for c in parse_cards(["9D"])] + [c for c in parse_cards(["BJ"])]
    assert no_declaration_outcome(rs, "9", turned).trump == Trump(9, "D")          # 9♦ turned before the BJ
    assert no_declaration_outcome(rs, "9", parse_cards(["BJ"]) + parse_cards(["9D"])).trump == Trump(9, None)
    # no joker, no level card: hearts rank above spades, whatever the rank
    assert no_declaration_outcome(rs, "9", parse_cards(["AS"]) + parse_cards(["3H"]) + parse_cards(["KD"])).trump \
        == Trump(9, "H")
    assert no_declaration_outcome(rs, "9", parse_cards(["4C"]) + parse_cards(["KD"])).trump == Trump(9, "D")
    assert no_declaration_outcome(rs, "9", parse_cards(["AS"]), first_hand=True).action == "redeal"


# -- 14.12: the rbtying preset -----------------------------------------------------------------------
def test_s14_12_rbtying_preset():
    assert "rbtying" in PRESETS
    p = Ruleset.preset("rbtying").to_dict()
    expected = {
        "players": 4, "partnership": "fixed", "decks": 2, "first_level": "2", "last_level": "NT",
        "past_last_level": "wrap", "scoring": "steps", "score_step": "auto", "turnover_steps": 2,
        "deadzone_steps": 1, "zero_window": "split", "bonus_level": "smaller-dealer-team",
        "trick_compare": "all-units", "kitty_multiplier": "double-largest-unit",
        "joker_declarations": "any-multiple", "declaration_style": "count", "first_hand_levels": "own",
        "friend_cards": "no-trumps", "no_declaration": "kitty-first-card", "throw_penalty": 0,
        "follow_protection": "none", "must_defend": ["A"], "kitty_size": 8, "tractor_obligation": False,
        "own_declarations": "reinforce", "first_dealer": "winning-declarer",
    }
    assert {k: p[k] for k in expected} == expected
    pagat = Ruleset.preset("pagat").to_dict()
    differ = {k for k in p if p[k] != pagat[k]}
    assert differ <= set(expected)


# -- what the score still allows (rules.outlook) -------------------------------------------------------


def test_s11_score_table_standard_two_decks():
    rows = score_table(Ruleset.preset("pagat"))
    head = [(r.low, r.high, r.outcome, r.levels) for r in rows[:5]]
    assert head == [(None, 0, "dealer-keeps", 3), (5, 35, "dealer-keeps", 2), (40, 75, "dealer-keeps", 1),
                    (80, 115, "attackers-take-over", 0), (120, 155, "attackers-take-over", 1)]
    assert rows[-1].high is None


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_s11_score_table_agrees_with_the_settlement_table_at_every_total(preset):
    rs = Ruleset.preset(preset)
    rows = score_table(rs)
    lo = rows[0].high - 400
    hi = (rows[-1].low or 0) + 400
    for p in range(lo - lo % 5, hi, 5):
        row = next(r for r in rows if (r.low is None or r.low <= p) and (r.high is None or p <= r.high))
        res = outcome(rs, p)
        if (row.low is None and p < rows[0].high) or (row.high is None and p > row.low):
            continue        # beyond the listed span: the bounds rows hold every lower / higher total
        assert (row.outcome == "dealer-keeps") == (res.side == "dealer") and row.levels == res.levels, (preset, p)


def test_s11_largest_multiplier():
    assert largest_multiplier(Ruleset.preset("pagat"), 25) == 50         # double-cards: 25 cards led
    assert largest_multiplier(Ruleset.preset("shengji"), 4) == 8         # 2·w^L: a pair tractor
    assert largest_multiplier(Ruleset.preset("qq", decks=1), 11) == 2    # one deck: no pair


def test_outlook_decided_when_one_row_is_left():
    rs = Ruleset.preset("pagat")
    # 2 decks; the last trick: 4 single cards in play worth 0, an empty kitty of points
    hands = [parse_cards(["3S"]), parse_cards(["4S"]), parse_cards(["6S"]), parse_cards(["7S"])]
    kitty = parse_cards(["3C", "4C", "6C", "7C", "8C", "9C", "2D", "3D"])
    o = reachable(rs, 90, hands, (), kitty)
    assert o.decided and o.points_left == 0 and [(r.outcome, r.levels) for r in o.rows] == [("attackers-take-over", 0)]
    # a 10 still out can move the attackers from 75 to 85: two rows
    o = reachable(rs, 75, [parse_cards(["10S"])] + hands[1:], (), kitty)
    assert not o.decided and o.points_left == 10 and [r.levels for r in o.rows] == [1, 0]


def test_outlook_kitty_at_its_largest_multiplier():
    rs = Ruleset.preset("pagat")
    hands = [parse_cards(["3S", "3S"]), parse_cards(["4S", "5H"]), parse_cards(["6S", "8S"]), parse_cards(["7S", "9S"])]
    kitty = parse_cards(["KC", "4C", "6C", "7C", "8C", "9C", "2D", "3D"])
    o = reachable(rs, 0, hands, (), kitty)
    assert o.points_left == 5 + 10 * 4            # the 5♥, and the kitty's K ×4 (two cards led, doubled)


# -- 14.10: short decks and fitting the kitty ----------------------------------------------------------


def test_s14_10_short_decks_count_their_cards():
    rs = Ruleset.preset("pagat", first_level="3", deck_min_rank="3", jokers="big-only")
    copies = deck_copies(rs)
    assert sum(copies) == rs.total_cards == 2 * (4 * 12 + 1)
    assert copies[parse_cards(["2S"])[0]] == 0 and copies[52] == 0 and copies[53] == 2
    assert rs.kitty_size == "auto" and rs.kitty == (98 % 4 or 4) + 4 and (rs.total_cards - rs.kitty) % 4 == 0


def test_s14_10_a_level_below_the_decks_is_invalid():
    with pytest.raises(RulesetError) as exc:
        Ruleset.preset("pagat", deck_min_rank="3")
    assert exc.value.parameter == "deck_min_rank"


def test_s14_10_refuse_is_today_rule():
    with pytest.raises(RulesetError) as exc:
        Ruleset.preset("pagat", kitty_size=7)
    assert exc.value.parameter == "kitty_size"


def test_s14_10_remove_low_cards_first_hand_and_later():
    rs = Ruleset.preset("pagat", players=5, partnership="find-friends", kitty_size=6, kitty_fit="remove-low-cards")
    assert rs.removed == 2 and rs.hand_size == 20
    assert [str(c) for c in removed_cards(rs, None, (2,) * 5)] == ["3C", "3D"]          # not 2 (levels), 3 is free
    assert [str(c) for c in removed_cards(rs, None, (2, 3, 4, 2, 3))] == ["6C", "6D"]   # 2, 3, 4 levels, 5 points
    assert [str(c) for c in removed_cards(rs, 9)] == ["2C", "2D"]                       # the lowest rank
    assert [str(c) for c in removed_cards(rs, 2)] == ["3C", "3D"]                       # the next one up
    rs7 = Ruleset.preset("pagat", players=7, partnership="find-friends", kitty_size=5, kitty_fit="remove-low-cards")
    assert [str(c) for c in removed_cards(rs7, 9)] == ["2C", "2D", "2H", "2S", "2C"]    # round and round


def test_s14_10_removed_cards_are_never_dealt():
    rs = Ruleset.preset("pagat", players=5, partnership="find-friends", kitty_size=6, kitty_fit="remove-low-cards")
    d = deal(rs, "seed")
    dealt = [c for h in d.hands for c in h] + list(d.kitty)
    assert len(dealt) == 106 and all(len(h) == 20 for h in d.hands)
    expected = copies_in_play(rs, None, (2,) * 5)
    assert all(dealt.count(c) == expected[c] for c in range(54))
    # full decks deal as before: the same seed, the same cards
    assert deal(Ruleset.preset("pagat"), "seed").hands == deal(Ruleset.preset("pagat"), "seed").hands


def test_s14_10_no_jokers_deal():
    rs = Ruleset.preset("tuolaji", jokers="none")
    d = deal(rs, 3)
    assert not any(c.is_joker for h in d.hands for c in h) and len(d.kitty) == rs.kitty


# -- the walk: whole hands under the new rules ----------------------------------------------------------
def test_s14_10_recorded_deal_holds_exactly_the_cards_left():
    rs = Ruleset.preset("pagat", players=5, partnership="find-friends", kitty_size=6, kitty_fit="remove-low-cards")
    d = deal(rs, "walk", level=9)                        # the dealer at 9: the 2s go
    record = HandRecord(rs, 0, (9, 4, 4, 4, 4), d.hands, d.kitty)
    assert hand_state(record).phase == "declaring"
    state = hand_state(record, declarations_closed=True)
    assert state.phase in ("exchanging", "redeal"), state.illegal
    wrong = HandRecord(rs, 0, (2, 4, 4, 4, 4), d.hands, d.kitty)     # at 2 the 3s go, not the 2s
    assert hand_state(wrong, declarations_closed=True).illegal.reasons[0].code == "DEAL_CARDS"


@pytest.mark.parametrize("seed", range(6))
def test_s14_12_random_rbtying_hands_adjudicate_and_settle(seed):
    rs = Ruleset.preset("rbtying")
    record = random_hand(rs, 3200 + seed, throw_rate=0.2)
    if record.levels[record.dealer] == NT:
        assert record.declarations == ()                 # nobody could declare
    result = adjudicate(replace(record, games_won=(1, 0, 1, 0)))
    assert result.legal, result.illegal
    s = result.settlement
    assert len(s.new_games_won) == 4 and not s.game_over
    assert all(new >= old for new, old in zip(s.new_games_won, (1, 0, 1, 0), strict=True))


def test_s14_9_a_nt_hand_record_refuses_a_declaration():
    rs = Ruleset.preset("rbtying")
    d = deal(rs, "nt")
    jokers = [s for s in range(4) if any(c.is_joker for c in d.hands[s])]
    seat = jokers[0]
    joker = next(c for c in d.hands[seat] if c.is_joker)
    record = HandRecord(rs, 0, (NT, 5, NT, 5), d.hands, d.kitty, declarations=((seat, (joker,)),))
    state = hand_state(record)
    assert state.phase == "illegal" and state.illegal.reasons[0].code == "DECLARATION_LEVEL"
    assert hand_state(replace(record, declarations=()), declarations_closed=True).trump == Trump(NT, None)


def test_s14_11_first_declarer_must_deal_the_first_hand():
    rs = Ruleset.preset("pagat", first_dealer="first-declarer", no_declaration="redeal")
    d = deal(rs, "first")
    twos = {s: [c for c in d.hands[s] if not c.is_joker and c.rank == 2] for s in range(4)}
    first = next(s for s in range(4) if twos[s])
    record = HandRecord(rs, (first + 1) % 4, (2, 2, 2, 2), d.hands, d.kitty, first_hand=True,
                        declarations=((first, (twos[first][0],)),))
    state = hand_state(record, declarations_closed=True)
    assert state.illegal.reasons[0].code == "WRONG_DEALER" and state.illegal.reasons[0].detail["expected"] == first
    assert hand_state(replace(record, dealer=first), declarations_closed=True).illegal is None


def test_s14_10_deals_take_out_by_the_dealer_level():
    rs = Ruleset.preset("pagat", players=5, partnership="find-friends", kitty_size=6, kitty_fit="remove-low-cards")
    later = deal(rs, "lvl", level=2)
    dealt = [c for h in later.hands for c in h] + list(later.kitty)
    assert [str(c) for c in dealt].count("2C") == 2 and [str(c) for c in dealt].count("3C") == 1
