"""The hand as it stands (rules/state.py): every cut point of a record, read by the walk adjudication reads.

The recorded hands are tests/data/hands/ (tests/make_hands.py); random ones come from
tests/rules/random_hands.py.  The property tests cut a record after every step and check the state
against adjudication of the whole record: the same first illegal step, the same tricks, the same
settlement; and against the record's own next step: the seat it names acts, and its play lies
between ``must`` and ``may``.
"""
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.adjudicate import Play, adjudicate
from rules.cards import card, points_of
from rules.declarations import declaration_options, declaration_state
from rules.friends import FriendCall
from rules.listing import legal_plays
from rules.ruleset import Ruleset
from rules.state import JOINED, PENDING, SPENT, hand_state
from rules.violations import InputError
from schemas.records import load_record
from tests.rules.random_hands import random_hand

HANDS = Path(__file__).parent.parent / "data" / "hands"
FILES = sorted(HANDS.glob("*.json"))


def load(name):
    data = json.loads((HANDS / name).read_text(encoding="utf-8"))
    return load_record({k: v for k, v in data.items() if k != "expected"})


def ms(cards):
    return Counter(int(c) for c in cards)


def cut_tricks(record, plays):
    """``record`` with only its first ``plays`` plays."""
    tricks, left = [], plays
    for trick in record.tricks:
        if left <= 0:
            break
        tricks.append(trick[:left])
        left -= len(trick)
    return replace(record, tricks=tuple(tricks))


def prefixes(record):
    """(record cut after a step, declarations_closed, the step that comes next or None) for every step."""
    base = replace(record, declarations=(), kitty_discard=(), friends=(), tricks=())
    for i in range(len(record.declarations) + 1):
        yield replace(base, declarations=record.declarations[:i]), False, ("declaration", i)
    yield replace(base, declarations=record.declarations), True, ("discard", None)
    with_discard = replace(base, declarations=record.declarations, kitty_discard=record.kitty_discard)
    if record.friends:
        yield with_discard, None, ("call", None)
    total = sum(len(t) for t in record.tricks)
    for k in range(total + 1):
        # without a kitty nothing in the record closes declaring before the first lead: the caller says so
        yield cut_tricks(replace(with_discard, friends=record.friends, tricks=record.tricks), k), \
            None if record.rules.kitty else True, ("play", k)


def plays_in_order(record):
    return [p for t in record.tricks for p in t]


def step_key(step):
    """An illegal step's place in the order of the walk."""
    parts = step.split("/")
    head = parts[0]
    if head in ("deal", "dealer"):
        return (0 if head == "deal" else 2, 0, 0)
    if head == "declarations":
        return (1, int(parts[1]) if len(parts) > 1 else 10 ** 6, 0)
    if head == "kitty_discard":
        return (3, 0, 0)
    if head == "friends":
        return (4, 0, 0)
    if head == "tricks" and len(parts) == 3:
        return (5, int(parts[1]), int(parts[2]))
    return (5, int(parts[1]) if len(parts) > 1 else 10 ** 6, 10 ** 6)


def check_against_the_whole(record, *, every=1):
    """Every prefix's state agrees with adjudication of ``record``; returns how many were checked."""
    whole = adjudicate(record)
    plays = plays_in_order(record)
    dealt_state = None
    checked = 0
    bad = None          # the index of the whole record's first illegal play, if it is one
    if whole.illegal is not None and whole.illegal.play is not None:
        bad = sum(len(t) for t in record.tricks[:whole.illegal.trick]) + whole.illegal.play
    for i, (cut, closed, (kind, k)) in enumerate(prefixes(record)):
        if i % every and kind == "play" and k not in (0, len(plays)):
            continue
        s = hand_state(cut, declarations_closed=closed)
        checked += 1
        a = adjudicate(cut, partial=True) if kind == "play" else None
        if s.illegal is not None:
            # the state's step is the whole record's first illegal step, with the same reasons
            assert not whole.legal, (kind, k, s.illegal)
            assert s.illegal.step == whole.illegal.step and s.illegal.seat == whole.illegal.seat
            assert s.illegal.reasons == whole.illegal.reasons
            assert s.phase == ("redeal" if s.illegal.reasons[0].code == "NO_DECLARATION" else "illegal")
            return checked
        if not whole.legal and kind == "play" and whole.illegal.step.startswith("tricks/"):
            assert step_key(whole.illegal.step) >= step_key(f"tricks/{len(s.tricks)}/{len(s.current_trick.plays) if s.current_trick else 0}")
        # the tricks so far are the whole record's first tricks
        assert [(t.leader, t.winner, t.points) for t in s.tricks] == \
            [(t.leader, t.winner, t.points) for t in whole.tricks[:len(s.tricks)]]
        if a is not None:
            assert a.legal and a.tricks == s.tricks
        # cards are conserved: hands now + tricks + the trick in progress (+ the buried kitty) = the deal
        on_table = sum((ms(p.cards) for t in s.tricks for p in t.plays), Counter())
        if s.current_trick:
            on_table += sum((ms(p.cards) for p in s.current_trick.plays), Counter())
        buried = ms(cut.kitty_discard) if s.phase in ("playing", "over", "calling") else Counter()
        if s.phase != "declaring":
            kitty = Counter() if s.phase in ("playing", "over", "calling", "exchanging") else ms(cut.kitty)
            assert sum((ms(h) for h in s.hands), Counter()) + on_table + buried + kitty == \
                sum((ms(h) for h in record.hands), ms(record.kitty))
        # the record's next step is the one the state asks for
        if kind == "declaration":
            assert s.phase == "declaring" and s.next is None and s.trump == declaration_state(
                record.rules, s.level, cut.declarations).trump
            if k < len(record.declarations):
                seat, cards = record.declarations[k]
                assert tuple(sorted(cards)) in {tuple(sorted(o.cards)) for o in s.declarations[seat]}
            dealt_state = s
        elif kind == "discard":
            if record.rules.kitty:
                assert s.phase == "exchanging" and s.next.action == "discard" and s.next.seat == record.dealer
                assert s.next.cards == record.rules.kitty == len(record.kitty_discard)
                assert ms(s.hands[record.dealer]) == ms(record.hands[record.dealer]) + ms(record.kitty)
        elif kind == "call":
            assert s.phase == "calling" and s.next.action == "call" and s.next.calls == len(record.friends)
        elif kind == "play" and k < len(plays) and k != bad:
            p = plays[k]
            assert s.phase == "playing" and s.next.seat == p.seat
            tried = p.attempted if p.attempted is not None and s.next.action == "lead" else p.cards
            assert s.next.action == ("lead" if s.current_trick is None else "follow")
            assert ms(s.next.must) <= ms(tried) <= ms(s.next.may), (k, s.next)
            assert s.next.count >= 1
        elif kind == "play" and k == len(plays) and whole.legal:
            assert s.phase == "over" and s.next is None and s.settlement == whole.settlement
            assert s.teams == whole.teams
            assert s.points.attackers == whole.settlement.attackers_points + whole.settlement.penalty_points
            assert s.points.attackers + s.points.defenders + points_of(record.kitty_discard) \
                    == 100 * record.rules.decks
            assert all(c.status != PENDING for c in s.calls)
    assert dealt_state is not None
    return checked


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_prefix_of_a_recorded_hand_agrees_with_adjudication(path):
    record = load(path.name)
    assert check_against_the_whole(record) > len(record.tricks)


RULESETS = [
    ("qq", {}), ("shengji", {"decks": 3}), ("pagat", {}), ("tuolaji", {}), ("four-deck", {}),
    ("4399", {"partnership": "find-friends", "friend_join": "holder"}),
    ("pagat", {"partnership": "find-friends", "players": 6}), ("pagat", {"partnership": "find-friends", "players": 5}),
    # house rules of the hand (sections 14.4-14.6, 14.8)
    ("qq", {"jack_rule": "back-to-two", "scoring": "steps", "zero_window": "whole"}),
    ("pagat", {"partnership": "find-friends", "players": 6, "friend_join": "first-outsider",
               "friend_cards": "no-trumps-no-points", "bonus_level": "smaller-dealer-team", "scoring": "steps"}),
    ("shengji", {"decks": 3, "declaration_style": "count-suit-order", "joker_declarations": "all-decks"}),
    ("pagat", {"no_declaration": "kitty-first-card", "jack_rule": "back-to-two"}),
]


@settings(max_examples=36, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 10 ** 6))
def test_property_prefixes_of_random_hands_agree_with_adjudication(spec, seed):
    record = random_hand(Ruleset.preset(spec[0], **spec[1]), seed)
    check_against_the_whole(record, every=3)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 10 ** 6), st.data())
def test_property_a_broken_play_is_the_same_illegal_step_in_both_readings(spec, seed, data):
    """Replace one play by cards of the same size from the same hand: hands/state and adjudication
    stop at the same step with the same reasons (or both find nothing wrong)."""
    record = random_hand(Ruleset.preset(spec[0], **spec[1]), seed)
    t = data.draw(st.integers(0, len(record.tricks) - 1))
    j = data.draw(st.integers(0, len(record.tricks[t]) - 1))
    before = hand_state(cut_tricks(record, sum(len(x) for x in record.tricks[:t]) + j))
    p = record.tricks[t][j]
    hand = list(before.hands[p.seat])
    cards = tuple(sorted(data.draw(st.permutations(hand))[:len(p.cards)]))
    trick = record.tricks[t][:j] + (Play(p.seat, cards),) + record.tricks[t][j + 1:]
    broken = replace(record, tricks=record.tricks[:t] + (trick,) + record.tricks[t + 1:])
    whole, now = adjudicate(broken), hand_state(broken)
    assert (whole.illegal is None) == (now.illegal is None)
    if whole.illegal is not None:
        assert (now.illegal.step, now.illegal.seat, now.illegal.reasons) == \
            (whole.illegal.step, whole.illegal.seat, whole.illegal.reasons)
        assert now.phase == "illegal" and now.tricks == whole.tricks
    else:
        assert now.phase == "over" and now.settlement == whole.settlement


# -- each phase, each cut point ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def qq():
    return load("00_qq.json")


def test_declaring_while_dealing_hands_hold_the_cards_dealt_so_far(qq):
    hands = tuple(h[:5] for h in qq.hands)
    s = hand_state(replace(qq, hands=hands, kitty=(), declarations=(), kitty_discard=(), friends=(), tricks=()))
    assert s.phase == "declaring" and s.next is None and s.trump is None and s.illegal is None
    assert [ms(h) for h in s.hands] == [ms(h) for h in hands]
    for seat in range(4):
        assert s.declarations[seat] == declaration_options(qq.rules, s.level, [], seat, hands[seat])
    assert s.current_trick is None and s.tricks == () and s.settlement is None


def test_declaring_a_short_deal_cannot_go_on_once_closed(qq):
    hands = (qq.hands[0][:5],) + qq.hands[1:]
    short = replace(qq, hands=hands, declarations=(), kitty_discard=(), friends=(), tricks=())
    s = hand_state(short, declarations_closed=True)
    assert s.phase == "illegal" and s.illegal.step == "deal/hands/0"
    assert [v.code for v in s.illegal.reasons] == ["DEAL_SIZE"]
    assert adjudicate(replace(qq, hands=hands)).illegal == s.illegal


def test_declaring_the_standing_declaration_is_the_trump(qq):
    s = hand_state(replace(qq, kitty_discard=(), friends=(), tricks=()))
    assert s.phase == "declaring" and s.trump == adjudicate(qq).trump
    assert s.declarer == qq.declarations[-1][0]


def test_exchanging_before_the_discard_is_a_phase_not_an_error(qq):
    """Today's 'must put down exactly 8 cards, not 0' is the phase exchanging."""
    cut = replace(qq, kitty_discard=(), friends=(), tricks=())
    assert adjudicate(cut, partial=True).illegal.reasons[0].code == "KITTY_DISCARD"
    s = hand_state(cut, declarations_closed=True)
    assert s.phase == "exchanging" and s.illegal is None
    assert (s.next.seat, s.next.action, s.next.cards) == (qq.dealer, "discard", qq.rules.kitty)
    assert len(s.hands[qq.dealer]) == qq.rules.hand_size + qq.rules.kitty


def test_exchanging_a_wrong_discard_is_the_illegal_step_with_the_kitty_in_hand(qq):
    cut = replace(qq, kitty_discard=qq.kitty_discard[1:], friends=(), tricks=())
    s = hand_state(cut)
    assert s.phase == "illegal" and s.illegal == adjudicate(cut).illegal
    assert s.illegal.step == "kitty_discard" and s.next.action == "discard"
    assert len(s.hands[qq.dealer]) == qq.rules.hand_size + qq.rules.kitty


def test_playing_the_dealer_leads_the_first_trick(qq):
    s = hand_state(replace(qq, tricks=()))
    assert s.phase == "playing" and s.next.seat == qq.dealer and s.next.action == "lead"
    assert ms(s.hands[qq.dealer]) == ms(adjudicate(qq, partial=True).dealer_hand)
    assert s.points.by_seat == (0, 0, 0, 0) and (s.points.attackers, s.points.defenders) == (0, 0)


def test_playing_mid_trick_the_winner_so_far_and_the_follow(qq):
    cut = cut_tricks(qq, 4 * 3 + 2)
    s = hand_state(cut)
    trick = qq.tricks[3]
    assert s.current_trick.leader == trick[0].seat and s.current_trick.plays == trick[:2]
    assert s.current_trick.points == points_of(trick[0].cards + trick[1].cards)
    seat = trick[2].seat
    assert (s.next.seat, s.next.action, s.next.lead) == (seat, "follow", trick[0].cards)
    lp = legal_plays(qq.rules, s.trump, s.hands[seat], lead=trick[0].cards, limit=1000)
    assert s.next.count == lp.count and s.next.count_exact and not lp.truncated
    every = [ms(p) for p in lp.plays]
    inter, union = every[0], Counter()
    for c in every:
        inter &= c
        union |= c
    assert ms(s.next.must) == inter and ms(s.next.may) == union


def test_over_the_settlement_is_adjudications(qq):
    s, a = hand_state(qq), adjudicate(qq)
    assert s.phase == "over" and s.next is None and s.settlement == a.settlement and s.tricks == a.tricks
    assert sum(s.points.by_seat) + points_of(qq.kitty_discard) == 200


def test_illegal_step_as_adjudicate_and_the_state_before_it():
    record = load("90_illegal_follow_qq.json")
    a, s = adjudicate(record), hand_state(record)
    assert s.phase == "illegal" and s.illegal == a.illegal and s.tricks == a.tricks
    t, j = a.illegal.trick, a.illegal.play
    before = hand_state(cut_tricks(record, sum(len(x) for x in record.tricks[:t]) + j))
    assert s.hands == before.hands and s.next == before.next and s.current_trick == before.current_trick


def test_section10_nobody_declared_and_the_ruleset_redeals():
    r = load("04_shengji.json")
    cut = replace(r, declarations=(), kitty_discard=(), friends=(), tricks=())
    assert hand_state(cut).phase == "declaring"
    s = hand_state(cut, declarations_closed=True)
    assert s.phase == "redeal" and s.next is None and s.trump is None
    assert s.illegal == adjudicate(replace(r, declarations=())).illegal
    assert s.illegal.step == "declarations" and s.illegal.reasons[0].code == "NO_DECLARATION"


def test_section10_nobody_declared_kitty_reveal_decides_the_trump_when_declaring_closes():
    r = load("08_pagat.json")
    s = hand_state(replace(r, declarations=(), kitty_discard=(), friends=(), tricks=()), declarations_closed=True)
    assert s.phase == "exchanging" and s.trump is not None and s.declarer is None


def test_section10_first_hand_under_kitty_reveal_redeals_and_says_why():
    r = load("08_pagat.json")
    cut = replace(r, declarations=(), kitty_discard=(), friends=(), tricks=(), first_hand=True)
    s = hand_state(cut, declarations_closed=True)
    assert s.phase == "redeal" and s.illegal == adjudicate(replace(r, declarations=(), first_hand=True)).illegal
    assert s.illegal.reasons[0].code == "NO_DECLARATION" and "first hand" in s.illegal.reasons[0].message


def test_declarations_closed_false_with_later_steps_is_malformed(qq):
    with pytest.raises(InputError) as e:
        hand_state(qq, declarations_closed=False)
    assert e.value.field == "declarations_closed"


# -- find friends ------------------------------------------------------------------------------------------
def test_section12_calling_is_a_phase_before_the_first_lead():
    r = load("10_pagat.json")
    s = hand_state(replace(r, friends=(), tricks=()))
    assert s.phase == "calling" and (s.next.seat, s.next.action, s.next.calls) == (r.dealer, "call", 2)
    assert len(s.next.callable) == 54 and s.points.attackers is None
    bad = replace(r, friends=(FriendCall(card("AH"), 3),), tricks=())
    s = hand_state(bad)
    assert s.phase == "illegal" and s.illegal.step == "friends/0" and s.illegal == adjudicate(bad).illegal


def test_section12_first_played_call_statuses():
    """Six seats, calls 'the 1st 2♦' and 'the 2nd 7♣'; every status is checked against the plays."""
    r = load("10_pagat.json")
    plays = plays_in_order(r)
    final = hand_state(r).calls
    for k in range(len(plays) + 1):
        s = hand_state(cut_tricks(r, k))
        for i, c in enumerate(s.calls):
            played = [p for p in plays[:k] for x in p.cards if x == c.call.card]
            if len(played) >= c.call.ordinal:
                by = played[c.call.ordinal - 1].seat
                assert c.seat == by and c.status == (JOINED if s.teams.friends[i] == by else SPENT)
            elif c.status == SPENT:
                # nobody can join by it any more: every copy left sits with the dealer's side or is buried
                left = {seat: sum(1 for x in h if x == c.call.card) for seat, h in enumerate(s.hands)}
                assert len(played) + sum(left.values()) < c.call.ordinal or \
                    all(n == 0 for seat, n in left.items() if seat not in s.teams.dealer_team)
                assert final[i].status == SPENT
            else:
                assert c.status == PENDING and c.seat is None
            if c.status != PENDING:
                assert (final[i].status, final[i].seat if c.seat is not None else None) == (c.status, c.seat)
        assert (s.points.attackers is None) == any(c.status == PENDING for c in s.calls)


def test_section12_a_call_whose_copies_are_buried_is_spent_at_once():
    r = load("10_pagat.json")
    buried = next(c for c in r.kitty_discard)
    ordinal = r.rules.decks - sum(1 for c in r.kitty_discard if c == buried) + 1
    s = hand_state(replace(r, friends=(FriendCall(buried, ordinal),), tricks=()))
    assert s.phase == "playing" and [(c.status, c.seat) for c in s.calls] == [(SPENT, None)]
    assert s.points.attackers == 0


def test_section12_holder_calls_are_decided_at_naming():
    r = load("13_4399.json")
    s = hand_state(replace(r, tricks=()))
    a = adjudicate(r)
    assert [c.seat for c in s.calls] == list(a.teams.friends)
    assert [c.status for c in s.calls] == [JOINED if f is not None else SPENT for f in a.teams.friends]
    assert s.teams.dealer_team == a.teams.dealer_team and s.points.attackers == 0


# -- the seat to play ----------------------------------------------------------------------------------------
def test_next_play_summary_and_sample_are_the_selection_modules(qq):
    from rules.selection import legal_set
    cut = cut_tricks(qq, 4 * 5 + 1)
    s = hand_state(cut, sample=3, seed="loop")
    lead = qq.tricks[5][0].cards
    plays = legal_set(qq.rules, s.trump, s.hands[s.next.seat], lead)
    summary = plays.summary()
    assert (s.next.must, s.next.may, s.next.count, s.next.count_exact) == \
        (summary.must, summary.may, summary.count, True)
    drawn = tuple(p.cards for p in s.next.plays)
    assert drawn == plays.sample(3, "loop") and len(set(drawn)) == min(3, summary.count)
    assert all(p.seat == s.next.seat and p.attempted is None for p in s.next.plays)
    assert hand_state(cut, sample=3, seed="loop").next.plays == s.next.plays
    assert hand_state(cut).next.plays is None
