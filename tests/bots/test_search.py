"""The search of ``standard`` and ``strong`` (rules section 15.5): the candidates it weighs, how it reads
a candidate's gain world by world, how many worlds it affords, and the playout policy's fast path."""
import math
from dataclasses import replace

import pytest

from bots import STRENGTHS, basic, suggest
from bots.game import play_hand, suggesting_bot
from bots.suggest import _gain, candidates, kind, side_value, worlds_for
from bots.table import Action, Table, unseen_counts
from rules import Ruleset, Trump, hand_state, parse_cards
from rules.order import order_for
from rules.scoring import Settlement

QQ = Ruleset.preset("qq")
TRUMP = Trump("2", "H")
ORDER = order_for(QQ, TRUMP)


def cards(text):
    return parse_cards(text.split())


def table(hand, trick, partners, seat=3):
    hand = cards(hand)
    led = [(s, cards(c)) for s, c in trick]
    return Table(QQ, TRUMP, ORDER, seat, hand, led, frozenset(partners),
                 unseen_counts(QQ, hand, *[c for _, c in led]), seat % 2 == 0)


def test_s15_5_candidates_are_the_best_play_of_each_kind():
    # void in spades, after an opponent's K♠: ruffing (3♥), ruffing with points (5♥) and losing cheaply
    # (9♣ or 9♦, the same kind: only one is weighed) are different kinds
    t = table("3H 5H 9C 9D", [(0, "KS"), (1, "6S"), (2, "QS")], {1})
    ranked = basic.play(t)
    chosen = candidates(ORDER, True, ranked, 6)
    assert chosen[0] == ranked[0]
    kinds = [kind(ORDER, True, r) for r in chosen]
    assert len(set(kinds)) == len(kinds)
    plays = {" ".join(map(str, r.action.cards)) for r in chosen}
    assert {"3H", "5H"} <= plays and len(plays & {"9C", "9D"}) == 1 and len(plays) == 3
    assert candidates(ORDER, True, ranked, 2) == chosen[:2]


def test_s15_5_lead_candidates_are_one_per_suit_and_sort():
    t = table("3S 4S AS AS 7D 9D JC", [], {1})
    chosen = candidates(ORDER, False, basic.play(t), 10)
    suits = [(ORDER.eff[r.action.cards[0]], len(r.action.cards) > 1, r.reason) for r in chosen]
    assert len(set(suits)) == len(chosen)
    assert {ORDER.eff[r.action.cards[0]] for r in chosen} == {0, 2, 3}


def test_s15_5_the_gain_over_basic_needs_a_standard_error():
    first = [0.0, 0.0, 0.0, 0.0]
    assert _gain([1.0, 1.0, 1.0, 1.0], first, 1.0) == 1.0                 # no spread: any gain counts
    assert _gain([0.0, 0.0, 0.0, 0.0], first, 1.0) == 0.0
    assert _gain([-1.0, 2.0, 0.0, 0.0], first, 1.0) == 0.0                # mean 0.25, one standard error 0.63
    noisy = [3.0, -2.0, 2.0, -1.0]                                         # mean 0.5, one standard error 1.19
    assert _gain(noisy, first, 1.0) == 0.0 and _gain(noisy, first, 0.0) == 0.5
    se = math.sqrt(sum((d - 0.5) ** 2 for d in noisy) / 3) / 2
    assert _gain(noisy, first, 0.4) == (0.5 if 0.4 * se < 0.5 else 0.0)


def test_s15_5_worlds_follow_the_cards_left_within_bounds():
    level = STRENGTHS["standard"]
    assert worlds_for(level, 2, 100) == max(level.min_worlds, level.plays // 200)
    assert worlds_for(level, 2, 4) == level.worlds
    assert worlds_for(level, 2, 10_000) == level.min_worlds
    strong = STRENGTHS["strong"]
    assert all(worlds_for(strong, 3, n) >= worlds_for(level, 2, n) for n in range(1, 120))


def settlement(changes, dealer_team, attackers_total):
    return Settlement(0, 1, 0, attackers_total, 0, attackers_total, "dealer-keeps", 0, changes,
                      (2,) * len(changes), 0, False, None, dealer_team, "")


def test_s11_side_value_is_levels_against_the_other_side_and_points_in_steps():
    # the dealer's side keeps with 20 points and goes up 2 levels: worth +2 to seat 0, -2 to seat 1
    s = settlement((2, 0, 2, 0), (0, 2), 20)
    assert side_value(s, 0, 2) == (2.0, 1.5)        # 80 - 20 points is 1.5 steps of 40 for the defenders
    assert side_value(s, 1, 2) == (-2.0, -1.5)
    # find-friends: a side of one against four
    s = settlement((3, 0, 0, 0, 0), (0,), 30)
    assert side_value(s, 0, 2)[0] == 3.0 and side_value(s, 3, 2)[0] == -3.0


def test_s15_5_a_playout_move_is_basics_first_choice():
    """The playout's fast path (scores without a ranking) plays what basic's ranking puts first."""
    rules = Ruleset.preset("shengji")
    record = play_hand(rules, "fast", [suggesting_bot("basic")] * 4).record
    checked = 0
    for t, trick in enumerate(record.tricks):
        for k in range(len(trick)):
            cut = replace(record, tricks=record.tricks[:t] + ((record.tricks[t][:k],) if k else ()))
            s = suggest(cut, None, "basic", declarations_closed=True)
            assert sorted(trick[k].cards) == sorted(s.action.cards)
            checked += 1
    assert checked == sum(len(t) for t in record.tricks) > 40
    for hand, trick in (("3H 5H 9C 9D", [(0, "KS"), (1, "6S"), (2, "QS")]), ("3S 4S AS AS 7D 9D JC", [])):
        t = table(hand, trick, {1})
        assert sorted(basic.choose(t)) == sorted(basic.play(t)[0].action.cards)


@pytest.mark.parametrize("strength", ["standard", "strong"])
def test_s15_5_a_search_answers_one_of_its_candidates(strength):
    rules = Ruleset.preset("tuolaji")
    record = play_hand(rules, "cands", [suggesting_bot("basic")] * 4).record
    cut = replace(record, tricks=(*record.tricks[:6], record.tricks[6][:2]))
    state = hand_state(cut, declarations_closed=True)
    s = suggest(cut, None, strength, "c", declarations_closed=True)
    ranked = suggest(cut, None, "basic", declarations_closed=True)
    assert s.worlds > 0 and s.action.kind == "play"
    assert s.playouts == s.worlds * len(s.alternatives)
    assert len(s.alternatives) <= STRENGTHS[strength].candidates
    assert ranked.action in {a.action for a in s.alternatives}
    assert s.action in {a.action for a in s.alternatives} and isinstance(s.action, Action)
    assert state.next.seat == s.seat
