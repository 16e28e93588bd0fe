"""Whole-hand adjudication (rules/adjudicate.py): every step of a recorded hand, in order.

The recorded hands in tests/data/hands/ were made by tests/make_hands.py.  06_shengji.json was
checked by hand trick by trick (level 5, hearts trump: 5♣ is trump in trick 0; 3♥ 5♥ J♥ fails to
3♥ against A♥/Q♥/SJ; 2♦ K♦ fails to 2♦ since the A♦ lies in the kitty; 40 points with 1 deck is
A+0 under shengji-001), as was 08_pagat's source game (seed 1; kitty 10 × 6 for a pair + single,
penalties −10 + 10 + 10).
"""
import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.adjudicate import HandRecord, Play, adjudicate
from rules.cards import CARDS, card, parse_cards, points_of
from rules.friends import FriendCall
from rules.order import Trump
from rules.ruleset import Ruleset
from schemas.records import load_record, record_body
from tests.rules.random_hands import random_hand

HANDS = Path(__file__).parent.parent / "data" / "hands"
FILES = sorted(HANDS.glob("*.json"))


def load(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    return load_record({k: v for k, v in data.items() if k != "expected"}), data["expected"]


def replace(record, **changes):
    return dataclasses.replace(record, **changes)


# -- recorded hands ------------------------------------------------------------------------------------------
def test_recorded_hands_exist_and_cover_the_cases():
    assert len(FILES) >= 20
    legal = [load(p) for p in FILES]
    outcomes = Counter(e["settlement"]["outcome"] for _, e in legal if e["legal"])
    assert outcomes["dealer-keeps"] >= 3 and outcomes["attackers-take-over"] >= 3
    assert sum(1 for _, e in legal if e["legal"]) >= 20
    assert any(e["legal"] and e["settlement"]["kitty_bonus"] > 0 for _, e in legal)
    assert any(e["legal"] and e["penalties"] for _, e in legal)
    assert any(e["legal"] and any(p.attempted for t in r.tricks for p in t) for r, e in legal)
    assert any(r.rules.partnership.value == "find-friends" for r, e in legal if e["legal"])
    assert sum(1 for _, e in legal if not e["legal"]) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_recorded_hand_adjudicates_as_recorded(path):
    record, exp = load(path)
    a = adjudicate(record)
    assert a.legal == exp["legal"]
    if not exp["legal"]:
        assert a.illegal.step == exp["step"] and a.illegal.seat == exp["seat"]
        assert [v.code for v in a.illegal.reasons] == exp["codes"]
        assert len(a.tricks) == exp["tricks_before"]
        return
    assert a.trump.to_dict() == exp["trump"]
    assert [t.winner for t in a.tricks] == exp["winners"]
    assert [t.points for t in a.tricks] == exp["points"]
    assert list(a.teams.dealer_team) == exp["dealer_team"]
    assert a.attackers_points == exp["attackers_points"]
    st_ = a.settlement
    got = {k: getattr(st_, k) for k in exp["settlement"]}
    got["level_changes"] = list(got["level_changes"])
    got["new_levels"] = [Trump(x).to_dict()["level"] for x in st_.new_levels]
    got["winner"] = list(st_.winner) if st_.winner else None
    assert got == exp["settlement"]


@pytest.mark.parametrize("path", [p for p in FILES if json.loads(p.read_text())["expected"]["legal"]],
                         ids=lambda p: p.stem)
def test_section9_recorded_points_in_tricks_and_kitty_total_100_per_deck(path):
    record, exp = load(path)
    assert sum(exp["points"]) + points_of(record.kitty_discard) == 100 * record.rules.decks
    # the winner of a trick leads the next; the dealer leads the first
    leaders = [t[0].seat for t in record.tricks]
    assert leaders == [record.dealer] + exp["winners"][:-1]


def test_seed_hand_06_shengji_hand_checked():
    record, exp = load(HANDS / "06_shengji.json")
    a = adjudicate(record)
    assert a.trump == Trump(5, "H")
    assert [t.winner for t in a.tricks] == [3, 2, 2, 1, 0, 3, 3, 1, 2, 3, 2, 2]
    assert [str(x) for x in a.tricks[3].throw.forced_play] == ["3H"]
    assert a.tricks[7].throw.forced_play == (card("2D"),)
    assert a.attackers_points == 40 and a.settlement.outcome == "attackers-take-over"
    assert a.settlement.level_changes == (0, 0, 0, 0) and a.settlement.next_dealer == 1


@pytest.mark.parametrize("path", [p for p in FILES if not json.loads(p.read_text())["expected"]["legal"]],
                         ids=lambda p: p.stem)
def test_recorded_illegal_step_is_the_first_one(path):
    record, exp = load(path)
    t, j = (int(x) for x in exp["step"].split("/")[1:3])
    # everything before the step is legal ...
    prefix = record.tricks[:t] + ((record.tricks[t][:j],) if j else ())
    assert adjudicate(replace(record, tricks=prefix), partial=True).legal
    # ... and the step itself is not
    upto = record.tricks[:t] + (record.tricks[t][:j + 1],)
    a = adjudicate(replace(record, tricks=upto), partial=True)
    assert not a.legal and a.illegal.step == exp["step"]


# -- each step, from a legal hand -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pagat_hand():
    return random_hand(Ruleset.preset("pagat"), 1)


def test_adjudicate_deal_sizes(pagat_hand):
    r = pagat_hand
    hands = list(r.hands)
    hands[2] = hands[2] + (hands[3][0],)
    hands[3] = hands[3][1:]
    a = adjudicate(replace(r, hands=tuple(hands)))
    assert a.illegal.step == "deal/hands/2" and [v.code for v in a.illegal.reasons] == ["DEAL_SIZE"]
    a = adjudicate(replace(r, kitty=r.kitty[1:]))
    assert a.illegal.step == "deal/kitty" and a.illegal.reasons[0].code == "DEAL_SIZE"


def test_adjudicate_card_conservation(pagat_hand):
    r = pagat_hand
    hands = list(r.hands)
    other = next(c for c in parse_cards(["BJ", "SJ", "AS"]) if c != hands[0][0])
    hands[0] = tuple(sorted(hands[0][1:] + (other,)))
    a = adjudicate(replace(r, hands=tuple(hands)))
    assert a.illegal.step == "deal" and a.illegal.reasons[0].code == "DEAL_CARDS"


def test_adjudicate_declarations_from_the_dealt_hand(pagat_hand):
    r = pagat_hand
    level = r.levels[r.dealer]
    missing = next(s for s in range(4) if not any(c.rank == level and c.suit == "C" for c in r.hands[s]))
    from rules.cards import suited
    bad = r.declarations + ((missing, (suited(level, "C"),) * 2),)
    a = adjudicate(replace(r, declarations=bad))
    assert a.illegal.step == f"declarations/{len(r.declarations)}" and a.illegal.seat == missing
    assert "DECLARATION_NOT_IN_HAND" in [v.code for v in a.illegal.reasons]


def test_section10_no_declaration_redeal_is_not_played():
    r = random_hand(Ruleset.preset("shengji"), 4)
    a = adjudicate(replace(r, declarations=()))
    assert a.illegal.step == "declarations" and a.illegal.reasons[0].code == "NO_DECLARATION"


def test_section10_first_hand_dealer_is_the_declarer(pagat_hand):
    r = pagat_hand
    declarer = r.declarations[-1][0]
    wrong = (declarer + 2) % 4          # same team, same level
    a = adjudicate(replace(r, first_hand=True, dealer=wrong))
    assert a.illegal.step == "dealer" and a.illegal.reasons[0].code == "WRONG_DEALER"


def test_adjudicate_kitty_exchange(pagat_hand):
    r = pagat_hand
    a = adjudicate(replace(r, kitty_discard=r.kitty_discard[1:]))
    assert a.illegal.step == "kitty_discard" and a.illegal.seat == r.dealer
    assert a.illegal.reasons[0].code == "KITTY_DISCARD"


def test_section12_friend_calls_are_checked():
    r = random_hand(Ruleset.preset("pagat", partnership="find-friends", players=6), 7)
    a = adjudicate(replace(r, friends=(FriendCall(card("AH"), 3),)))
    assert a.illegal.step == "friends/0" and a.illegal.reasons[0].code == "FRIEND_CALL"
    # too many calls is the list's fault, not one call's
    many = adjudicate(replace(r, friends=tuple(FriendCall(card("AH"), 1) for _ in range(6))))
    assert many.illegal.step == "friends" and many.illegal.reasons[0].code == "FRIEND_CALL"


def test_s14_6_friend_cards_is_checked_at_the_call_that_breaks_it():
    rs = Ruleset.preset("pagat", partnership="find-friends", players=6, friend_cards="no-trumps")
    r = random_hand(rs, 7)
    trump = adjudicate(r).trump
    trump_card = next(c for c in range(52) if c // 13 == "SHCD".index(trump.suit)) if trump.suit else 52
    calls = (FriendCall(card("AS") if trump.suit != "S" else card("AH"), 1), FriendCall(CARDS[trump_card], 1))
    a = adjudicate(replace(r, friends=calls))
    assert a.illegal.step == "friends/1" and a.illegal.reasons[0].code == "FRIEND_CALL"
    assert "it is a trump" in a.illegal.reasons[0].message


def test_adjudicate_every_card_must_be_played(pagat_hand):
    a = adjudicate(replace(pagat_hand, tricks=pagat_hand.tricks[:-1]))
    assert a.illegal.step == "tricks" and a.illegal.reasons[0].code == "WRONG_TRICK_COUNT"


def test_adjudicate_a_trick_with_a_missing_play_is_wrong_turn(pagat_hand):
    tricks = list(pagat_hand.tricks)
    tricks[4] = tricks[4][:3]
    a = adjudicate(replace(pagat_hand, tricks=tuple(tricks)))
    assert a.illegal.step == "tricks/4" and a.illegal.reasons[0].code == "WRONG_TURN"


def test_section6_failed_throw_recorded_whole_or_wrongly_reduced(pagat_hand):
    r = pagat_hand
    t = next(i for i, tr in enumerate(r.tricks) if tr[0].attempted is not None)
    lead = r.tricks[t][0]
    # reduced to the wrong unit
    wrong = next(c for c in lead.attempted if c not in lead.cards)
    tricks = list(r.tricks)
    tricks[t] = (Play(lead.seat, (wrong,), lead.attempted),) + tricks[t][1:]
    a = adjudicate(replace(r, tricks=tuple(tricks)))
    assert a.illegal.step == f"tricks/{t}/0" and a.illegal.reasons[0].code == "THROW_NOT_REDUCED"
    # a single-unit lead is no failed throw
    t2 = next(i for i, tr in enumerate(r.tricks) if tr[0].attempted is None)
    lead2 = r.tricks[t2][0]
    tricks = list(r.tricks)
    tricks[t2] = (Play(lead2.seat, lead2.cards, lead2.cards),) + tricks[t2][1:]
    a = adjudicate(replace(r, tricks=tuple(tricks)))
    assert a.illegal.step == f"tricks/{t2}/0" and a.illegal.reasons[0].code == "THROW_STANDS"


def test_section6_failed_throws_charge_the_penalty(pagat_hand):
    a = adjudicate(pagat_hand)
    attempts = [tr[0].seat for tr in pagat_hand.tricks if tr[0].attempted is not None]
    assert [s for s, _ in a.penalties] == attempts and all(p == 10 for _, p in a.penalties)


def test_adjudicate_partial_prefix(pagat_hand):
    a = adjudicate(replace(pagat_hand, tricks=pagat_hand.tricks[:5] + (pagat_hand.tricks[5][:2],)),
                   partial=True)
    assert a.legal and len(a.tricks) == 5 and a.settlement is None


def test_adjudicate_round_trips_through_the_api_form(pagat_hand):
    again = load_record(json.loads(json.dumps(record_body(pagat_hand))))
    assert again == replace(pagat_hand, hands=tuple(tuple(sorted(h)) for h in pagat_hand.hands))
    assert adjudicate(again) == adjudicate(pagat_hand)


def test_section11_ledger_through_adjudication():
    r = random_hand(Ruleset.preset("qq"), 3)
    a = adjudicate(r, ratings=[100, 100, 100, 100], room_coefficient=10)
    assert a.settlement.ledger is not None
    assert sum(1 for x in a.settlement.ledger.rating_changes if x > 0) == 2


# -- properties ------------------------------------------------------------------------------------------------
RULESETS = [
    ("qq", {}), ("shengji", {}), ("shengji", {"decks": 1}), ("shengji", {"decks": 3}), ("pagat", {}),
    ("4399", {"partnership": "find-friends", "friend_join": "holder"}), ("tuolaji", {}), ("four-deck", {}),
    ("pagat", {"partnership": "find-friends", "players": 6}), ("qq", {"permanent_twos": True}),
]
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(st.sampled_from(RULESETS), st.integers(0, 10 ** 6))
def test_property_a_random_legal_game_adjudicates_as_legal(spec, seed):
    rs = Ruleset.preset(spec[0], **spec[1])
    r = random_hand(rs, seed)
    a = adjudicate(r)
    assert a.legal, a.illegal
    assert len(a.tricks) == len(r.tricks)


@PROPS
@given(st.sampled_from(RULESETS), st.integers(0, 10 ** 6))
def test_property_points_in_tricks_and_kitty_total_100_per_deck(spec, seed):
    rs = Ruleset.preset(spec[0], **spec[1])
    r = random_hand(rs, seed)
    a = adjudicate(r)
    assert sum(t.points for t in a.tricks) + points_of(r.kitty_discard) == 100 * rs.decks


def _two_seats(data, players):
    a = data.draw(st.integers(0, players - 1))
    b = data.draw(st.integers(0, players - 2))
    return a, b + (b >= a)


@PROPS
@given(st.sampled_from(RULESETS), st.integers(0, 10 ** 6), st.data())
def test_property_moving_one_card_between_hands_breaks_the_deal(spec, seed, data):
    rs = Ruleset.preset(spec[0], **spec[1])
    r = random_hand(rs, seed)
    src, dst = _two_seats(data, rs.players)
    k = data.draw(st.integers(0, len(r.hands[src]) - 1))
    hands = list(r.hands)
    moved = hands[src][k]
    hands[src] = hands[src][:k] + hands[src][k + 1:]
    hands[dst] = tuple(sorted(hands[dst] + (moved,)))
    a = adjudicate(replace(r, hands=tuple(hands)))
    assert not a.legal and a.illegal.step == f"deal/hands/{min(src, dst)}"
    assert [v.code for v in a.illegal.reasons] == ["DEAL_SIZE"]


def _first_break(r, seat, c, have):
    """The first step at which ``seat``, holding ``have`` copies of ``c`` in its dealt hand, uses more
    copies than it holds (declaration, exchange or play), as a sort key."""
    for i, (s, cards) in enumerate(r.declarations):
        if s == seat and Counter(cards)[c] > have:
            return (1, i, 0)
    if seat == r.dealer:
        have += Counter(r.kitty)[c]
        if Counter(r.kitty_discard)[c] > have:
            return (2, 0, 0)
        have -= Counter(r.kitty_discard)[c]
    for t, trick in enumerate(r.tricks):
        for j, p in enumerate(trick):
            if p.seat == seat:
                if Counter(p.attempted or p.cards)[c] > have:
                    return (3, t, j)
                have -= Counter(p.cards)[c]
    return (9, 0, 0)


def _key(step):
    parts = step.split("/")
    if parts[0] == "declarations":
        return (1, int(parts[1]) if len(parts) > 1 else 99, 0)
    if parts[0] == "kitty_discard":
        return (2, 0, 0)
    if parts[0] == "friends":
        return (2, 1, 0)
    if parts[0] == "tricks" and len(parts) == 3:
        return (3, int(parts[1]), int(parts[2]))
    if parts[0] == "tricks":
        return (3, int(parts[1]) if len(parts) > 1 else 999, 0)
    return (0, 0, 0)


@PROPS
@given(st.sampled_from(RULESETS), st.integers(0, 10 ** 6), st.data())
def test_property_swapping_one_card_is_reported_at_the_first_step_it_breaks(spec, seed, data):
    """Swap a card between two hands (sizes kept): adjudication reports an illegal step no later than
    the step where a former holder needs the copy it gave away, every earlier step checks as legal,
    and the reported step itself is illegal."""
    rs = Ruleset.preset(spec[0], **spec[1])
    r = random_hand(rs, seed)
    a_seat, b_seat = _two_seats(data, rs.players)
    x = data.draw(st.sampled_from(r.hands[a_seat]))
    y = data.draw(st.sampled_from(r.hands[b_seat]))
    if x == y:
        return
    hands = [list(h) for h in r.hands]
    hands[a_seat].remove(x)
    hands[a_seat].append(y)
    hands[b_seat].remove(y)
    hands[b_seat].append(x)
    bad = replace(r, hands=tuple(tuple(sorted(h)) for h in hands))
    res = adjudicate(bad)
    assert not res.legal
    bound = min(_first_break(r, a_seat, x, Counter(r.hands[a_seat])[x] - 1),
                _first_break(r, b_seat, y, Counter(r.hands[b_seat])[y] - 1))
    assert bound < (9, 0, 0)
    assert _key(res.illegal.step) <= bound
    if res.illegal.step.startswith("tricks/") and res.illegal.play is not None:
        t, j = res.illegal.trick, res.illegal.play
        prefix = bad.tricks[:t] + ((bad.tricks[t][:j],) if j else ())
        assert adjudicate(replace(bad, tricks=prefix), partial=True).legal
        upto = bad.tricks[:t] + (bad.tricks[t][:j + 1],)
        assert not adjudicate(replace(bad, tricks=upto), partial=True).legal


# -- section 14.1: bombs in a recorded hand --------------------------------------------------------------------
def _bomb_hand(bombs: str, second: str):
    """4 decks (four-deck, level 3, hearts declared): seat 0 leads 8♠8♠9♠9♠, seat 1 (void in spades)
    plays 7♣7♣7♣7♣, seat 2 (holding spades) plays ``second``, seat 3 follows legally, no bomb."""
    from rules import legal_plays
    from rules.cards import CARDS
    rs = Ruleset.preset("four-deck", bombs=bombs)
    pool = Counter({c: 4 for c in range(54)})
    hands: list[list[int]] = [[], [], [], []]
    for seat, text in ((0, "8S 9S 3H"), (1, "7C"), (2, "KC QS KS")):
        for c in parse_cards(text.split()):
            pool[int(c)] -= 4
            hands[seat] += [int(c)] * 4
    for seat in range(4):
        for c in sorted(pool):
            while pool[c] and len(hands[seat]) < 54 and not (seat == 1 and CARDS[c].suit == "S"):
                pool[c] -= 1
                hands[seat].append(c)
    assert not +pool
    dealt = tuple(tuple(CARDS[c] for c in h) for h in hands)
    trump = Trump("3", "H")
    lead = parse_cards(["8S", "8S", "9S", "9S"])
    third = next(p for p in legal_plays(rs, trump, dealt[3], lead, limit=50).plays if len(set(p)) > 1)
    trick = (Play(0, lead), Play(1, parse_cards(["7C", "7C", "7C", "7C"])), Play(2, parse_cards(second.split())),
             Play(3, tuple(third)))
    return HandRecord(rules=rs, dealer=0, levels=(3, 3, 3, 3), hands=dealt, kitty=(),
                      declarations=((0, parse_cards(["3H"])),), tricks=(trick,))


def test_s14_1_a_bomb_wins_a_recorded_trick():
    record = _bomb_hand("follow-suit", "KS KS QS QS")
    a = adjudicate(record, partial=True)
    assert a.legal and a.tricks[0].winner == 1
    plain = adjudicate(replace(record, rules=Ruleset.preset("four-deck")), partial=True)
    assert plain.legal and plain.tricks[0].winner != 1


def test_s14_1_a_side_suit_bomb_while_holding_the_led_suit_is_illegal_under_follow_suit():
    record = _bomb_hand("follow-suit", "KC KC KC KC")
    a = adjudicate(record, partial=True)
    assert not a.legal and a.illegal.step == "tricks/0/2" and a.illegal.reasons[0].code == "MUST_FOLLOW_SUIT"
    assert adjudicate(replace(record, rules=Ruleset.preset("four-deck", bombs="any-suit")), partial=True).legal
