"""Stealing the kitty, 炒底 (rules section 14.7): ``kitty_theft`` and the record's ``exchanges``, read by
the one walk of the hand that ``hands/adjudicate`` and ``hands/state`` share."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules.adjudicate import Exchange, HandRecord, adjudicate
from rules.cards import CARDS, points_of
from rules.order import Trump
from rules.ruleset import Ruleset, RulesetError
from rules.state import hand_state
from tests.rules.random_hands import random_hand

THEFT = Ruleset.preset("qq", kitty_theft=True)


def stealable(rules: Ruleset) -> tuple[HandRecord, int, tuple]:
    """A random hand of ``rules``, cut after the discard, where some seat can steal: (record, seat, option)."""
    for seed in range(400):
        record = random_hand(rules, seed)
        if not record.declarations:
            continue
        cut = replace(record, friends=(), tricks=())
        state = hand_state(cut)
        if state.phase == "stealing":
            seat = state.next.seat
            return cut, seat, state.declarations[seat][0]
    raise AssertionError("no stealable hand in 400 seeds")


def steal(record: HandRecord, seat: int, option) -> HandRecord:
    """``record`` with ``seat`` stealing by ``option``: it buries the kitty it picked up as it was."""
    return replace(record, exchanges=(Exchange(seat, tuple(option.cards), tuple(record.kitty_discard)),))


def test_s14_7_after_the_exchange_the_phase_is_stealing_with_every_seats_steal_options():
    record, seat, option = stealable(THEFT)
    state = hand_state(record)
    assert state.phase == "stealing"
    assert (state.next.seat, state.next.action, state.next.cards) == (seat, "steal", THEFT.kitty)
    assert state.declarations[state.declarer] == ()
    assert all(o.kind == "overturn" for options in state.declarations for o in options)
    # without kitty_theft the same record goes on to the first lead
    plain = replace(record, rules=Ruleset.preset("qq"))
    assert hand_state(plain).phase == "playing"


def test_s14_7_a_steal_changes_the_trump_and_gives_the_stealer_the_kitty():
    record, seat, option = stealable(THEFT)
    stolen = steal(record, seat, option)
    before = hand_state(record)
    state = hand_state(stolen)
    assert state.illegal is None and state.phase in ("playing", "stealing")
    assert state.trump == option.trump and state.declarer == seat
    assert state.dealer == record.dealer and state.level == before.level
    # the stealer buried the kitty it picked up: its hand is as before; the dealer still leads
    assert state.hands[seat] == before.hands[seat]
    if state.phase == "playing":
        assert (state.next.seat, state.next.action) == (record.dealer, "lead")


def test_s14_7_the_last_burial_is_the_kitty_that_is_scored():
    record, seat, option = stealable(THEFT)
    hand = hand_state(record).hands[seat]
    pool = list(hand) + list(record.kitty_discard)
    # bury the stealer's point cards first, so the kitty's points change
    pool.sort(key=lambda c: -CARDS[c].points)
    burial = tuple(sorted(pool[:THEFT.kitty]))
    stolen = replace(record, exchanges=(Exchange(seat, tuple(option.cards), burial),))
    for i in range(200):
        state = hand_state(stolen, sample=1, seed=i)
        if state.phase == "over":
            break
        if state.phase == "stealing":
            state = hand_state(stolen, sample=1, seed=i)
        assert state.phase == "playing", state.illegal
        play = state.next.plays[0]
        tricks = list(stolen.tricks)
        if not tricks or len(tricks[-1]) == THEFT.players:
            tricks.append(())
        tricks[-1] = tricks[-1] + (play,)
        stolen = replace(stolen, tricks=tuple(tricks))
    whole = adjudicate(stolen)
    assert whole.legal, whole.illegal
    assert whole.settlement.kitty_points == points_of(burial)
    assert whole.trump == option.trump
    assert state.settlement == whole.settlement


def test_s14_7_kitty_theft_off_the_standing_declarer_and_a_weak_declaration_are_refused():
    record, seat, option = stealable(THEFT)
    off = adjudicate(replace(steal(record, seat, option), rules=Ruleset.preset("qq")), partial=True)
    assert (off.illegal.step, off.illegal.seat, [v.code for v in off.illegal.reasons]) == \
        ("exchanges/0", seat, ["KITTY_THEFT"])
    declarer = hand_state(record).declarer
    own = adjudicate(steal(record, declarer, option), partial=True)
    assert [v.code for v in own.illegal.reasons] == ["KITTY_THEFT"]
    # re-showing the standing declaration is not stronger: the declaration's own reason
    standing = record.declarations[-1][1]
    other = next(s for s in range(THEFT.players) if s != declarer)
    weak = adjudicate(replace(record, exchanges=(Exchange(other, tuple(standing), tuple(record.kitty_discard)),)),
                      partial=True)
    assert weak.illegal.step == "exchanges/0"
    assert weak.illegal.reasons[0].code in ("DECLARATION_TOO_WEAK", "DECLARATION_NOT_IN_HAND", "DECLARATION_CLOSED")


def test_s14_7_a_burial_of_the_wrong_size_is_kitty_discard():
    record, seat, option = stealable(THEFT)
    short = replace(record, exchanges=(Exchange(seat, tuple(option.cards), tuple(record.kitty_discard[:-1])),))
    got = adjudicate(short, partial=True)
    assert (got.illegal.step, [v.code for v in got.illegal.reasons]) == ("exchanges/0", ["KITTY_DISCARD"])
    assert hand_state(short).phase == "illegal"


def test_s14_7_no_declaration_means_nothing_to_overturn():
    rs = Ruleset.preset("qq", kitty_theft=True)          # qq plays no-trump when nobody declares
    for seed in range(200):
        record = random_hand(rs, seed)
        if not record.declarations:
            break
    else:
        pytest.skip("every random hand had a declaration")
    hands = hand_state(replace(record, friends=(), tricks=())).hands
    seat = (record.dealer + 1) % rs.players
    level_cards = [c for c in hands[seat] if not CARDS[c].is_joker and CARDS[c].rank == record.levels[record.dealer]]
    shown = tuple(level_cards[:1]) or (hands[seat][0],)
    got = adjudicate(replace(record, tricks=(), exchanges=(Exchange(seat, shown, tuple(record.kitty_discard)),)),
                     partial=True)
    assert [v.code for v in got.illegal.reasons] == ["KITTY_THEFT"]
    assert hand_state(replace(record, friends=(), tricks=())).trump == Trump(record.levels[record.dealer], None)


def test_s14_7_kitty_theft_is_a_boolean_parameter():
    with pytest.raises(RulesetError) as err:
        Ruleset.preset("qq", kitty_theft="yes")
    assert err.value.parameter == "kitty_theft"


def test_s14_7_declarations_closed_true_closes_stealing():
    record, seat, option = stealable(THEFT)
    state = hand_state(record, declarations_closed=True, sample=1, seed=3)
    assert state.phase == "playing"
    assert (state.next.seat, state.next.action) == (record.dealer, "lead")
    assert state.next.plays
