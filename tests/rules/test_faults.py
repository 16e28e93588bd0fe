"""Every fault (issue 31): the walk that goes on past each illegal step (``every_fault``) and the legal
alternatives of :mod:`rules.faults`.  Faults are planted in declarations, the burial, friend calls,
steals of the kitty, plays and throws; each must be found at the step where it was planted, the first
exactly as the strict walk finds it, and a hand without faults answers as the strict walk does."""
from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from rules.adjudicate import Exchange, HandRecord, Play, adjudicate
from rules.cards import CARDS, card
from rules.faults import alternatives, burials, traces
from rules.friends import FriendCall
from rules.ruleset import Ruleset
from rules.selection import legal_set
from tests.make_hands import illegal_follow
from tests.rules.random_hands import random_hand
from tests.rules.test_kitty_theft import THEFT, steal, stealable

FRIENDS = Ruleset.preset("pagat", partnership="find-friends", players=6)


def steps(a) -> list[str]:
    return [f.illegal.step for f in a.faults]


def strict_step(record: HandRecord, **kwargs) -> str | None:
    illegal = adjudicate(record, **kwargs).illegal
    return None if illegal is None else illegal.step


def with_trick(record: HandRecord, t: int, j: int, play: Play) -> HandRecord:
    tricks = [list(x) for x in record.tricks]
    tricks[t][j] = play
    return replace(record, tricks=tuple(tuple(x) for x in tricks))


def bad_burial(record: HandRecord) -> HandRecord:
    """One buried card swapped for a card the dealer never held (nor found in the kitty)."""
    held = set(record.hands[record.dealer]) | set(record.kitty)
    stranger = next(c for c in CARDS if c not in held)
    return replace(record, kitty_discard=(stranger, *record.kitty_discard[1:]))


def bad_declaration(record: HandRecord) -> HandRecord:
    """A declaration appended that is no declaration at all (a 3 is never a level card at this level)."""
    level = record.levels[record.dealer]
    odd = next(c for c in CARDS if c.rank not in (level, 2) and not c.is_joker)
    return replace(record, declarations=(*record.declarations, (0, (odd,))))


def bad_throw(record: HandRecord) -> tuple[HandRecord, str] | None:
    """A failed throw recorded whole (no ``attempted``): THROW_NOT_REDUCED at its lead."""
    for t, trick in enumerate(record.tricks):
        if trick[0].attempted is not None:
            return with_trick(record, t, 0, Play(trick[0].seat, trick[0].attempted)), f"tricks/{t}/0"
    return None


def test_a_hand_without_faults_answers_as_the_strict_walk():
    for seed in range(4):
        r = random_hand(Ruleset.preset("pagat"), seed)
        strict, every = adjudicate(r), adjudicate(r, every_fault=True)
        assert every.faults == () and every.legal and strict.legal
        assert (every.tricks, every.teams, every.settlement, every.penalties) == \
            (strict.tricks, strict.teams, strict.settlement, strict.penalties)


@pytest.mark.parametrize("seed", range(8))
def test_faults_planted_at_random_are_each_found_where_planted(seed):
    rng = random.Random(seed)
    rules = Ruleset.preset(rng.choice(["pagat", "qq", "shengji"]))
    record = random_hand(rules, seed)
    planted: dict[str, HandRecord] = {}
    follow = illegal_follow(record, rng)
    follow_step = strict_step(follow)
    planted[follow_step] = follow
    combined = follow
    throw = bad_throw(record)
    if throw is not None and throw[1] < follow_step and rng.random() < 0.7:
        planted[throw[1]] = throw[0]
        combined = with_trick(combined, int(throw[1].split("/")[1]), 0, throw[0].tricks[int(throw[1].split("/")[1])][0])
    if rng.random() < 0.6:
        planted["kitty_discard"] = bad_burial(record)
        combined = replace(combined, kitty_discard=planted["kitty_discard"].kitty_discard)
    if rng.random() < 0.6:
        step = f"declarations/{len(record.declarations)}"
        planted[step] = bad_declaration(record)
        combined = replace(combined, declarations=planted[step].declarations)
    for step, alone in planted.items():
        assert strict_step(alone) == step                  # each fault alone: the strict walk finds it there
    every = adjudicate(combined, every_fault=True)
    found = steps(every)
    assert set(planted) <= set(found), (sorted(planted), found)
    strict = adjudicate(combined)
    assert every.illegal == strict.illegal == every.faults[0].illegal
    assert not every.legal


def test_s12_friend_calls_planted_are_found_and_the_hand_goes_on():
    r = random_hand(FRIENDS, 7)
    planted = replace(illegal_follow(r, random.Random(2)), friends=(FriendCall(card("AH"), 3),))
    every = adjudicate(planted, every_fault=True)
    assert steps(every)[0] == "friends/0" and every.faults[0].illegal.reasons[0].code == "FRIEND_CALL"
    assert strict_step(replace(planted, friends=r.friends)) in steps(every)
    call = every.faults[0]
    assert call.cards == (card("AH"),)
    alt = alternatives(FRIENDS, r.levels[r.dealer], call)
    assert alt.count is not None and alt.count > 0 and len(alt.examples) == 3


def test_s14_7_steals_planted_are_found_and_the_steal_stands():
    record, seat, option = stealable(THEFT)
    stolen = steal(record, seat, option)
    declarer = next(s for s, _ in reversed(record.declarations))
    by_declarer = replace(stolen, exchanges=(Exchange(declarer, stolen.exchanges[0].declaration,
                                                      stolen.exchanges[0].discard),))
    got = adjudicate(by_declarer, partial=True, every_fault=True)
    assert steps(got) == ["exchanges/0"] and got.faults[0].illegal.reasons[0].code == "KITTY_THEFT"
    assert alternatives(THEFT, record.levels[record.dealer], got.faults[0]).count == 0
    held = set(record.hands[seat]) | set(record.kitty) | set(record.kitty_discard)
    stranger = next(c for c in CARDS if c not in held)
    burial = replace(stolen, exchanges=(Exchange(seat, tuple(option.cards), (stranger, *record.kitty_discard[1:])),))
    got = adjudicate(burial, partial=True, every_fault=True)
    assert steps(got) == ["exchanges/0"] and got.faults[0].illegal.reasons[0].code == "KITTY_DISCARD"
    assert got.trump == option.trump                       # the steal stands as recorded: its trump rules
    assert strict_step(burial, partial=True) == "exchanges/0"


def test_alternatives_of_a_follow_are_the_legal_plays_then():
    record = random_hand(Ruleset.preset("pagat"), 3)
    bad = illegal_follow(record, random.Random(5))
    fault = adjudicate(bad, every_fault=True).faults[0]
    alt = alternatives(record.rules, record.levels[record.dealer], fault)
    plays = legal_set(record.rules, fault.trump, fault.hand, fault.lead)
    assert alt.count == plays.count() and alt.examples == plays.plays_at(range(min(3, alt.count)))
    assert fault.cards not in alt.examples


def test_a_declaration_of_cards_not_held_stands_as_recorded():
    for seed in range(40):
        r = random_hand(Ruleset.preset("pagat"), seed)
        if len(r.declarations) == 1:
            break
    seat, cards = r.declarations[0]
    other = (seat + 1) % r.rules.players
    moved = replace(r, declarations=((other, cards),))      # shown by a seat that did not hold them
    got = adjudicate(moved, every_fault=True)
    if any(c not in r.hands[other] for c in cards):
        assert got.faults[0].illegal.reasons[0].code == "DECLARATION_NOT_IN_HAND"
        assert got.trump == adjudicate(r).trump


def test_burial_counts_match_a_brute_force_enumeration():
    rng = random.Random(1)
    for _ in range(30):
        hand = tuple(sorted(rng.choice(CARDS[:20]) for _ in range(rng.randint(4, 11))))
        size = rng.randint(0, 6)
        distinct = {tuple(sorted(c)) for c in itertools.combinations(hand, size)} if size <= len(hand) else set()
        got = burials(hand, (), size)
        assert got.count == len(distinct)
        if distinct:
            assert got.examples[0] in distinct


@pytest.mark.parametrize("seed", range(6))
def test_a_replaced_follow_leaves_traces_that_point_back_to_it(seed):
    """A follow replaced by cards the seat plays again later: the later play lacks them and the cards
    it replaced are left at the end; both are traces (of the planted fault, or of the trick where the
    cards were played), never faults of their own."""
    rng = random.Random(seed)
    record = random_hand(Ruleset.preset(rng.choice(["pagat", "qq"])), seed)
    planted = illegal_follow(record, rng)
    every = adjudicate(planted, every_fault=True)
    first = every.faults[0]
    assert first.illegal.step == strict_step(planted)
    found = traces(every.faults, every.tricks)
    assert found[0] is None
    for fault, trace in zip(every.faults[1:], found[1:], strict=True):
        codes = {v.code for v in fault.illegal.reasons}
        if codes & {"NOT_IN_HAND", "WRONG_TRICK_COUNT"}:
            assert trace is not None, fault
            if trace.fault is not None:
                assert every.faults[trace.fault].illegal.seat == fault.illegal.seat or "WRONG_TRICK_COUNT" in codes
            else:
                assert trace.trick is not None and trace.trick < fault.illegal.trick


def test_s12_each_bad_friend_call_is_a_fault_of_its_own():
    r = random_hand(FRIENDS, 7)
    calls = (FriendCall(card("AH"), 3), FriendCall(card("KS"), 1), FriendCall(card("QD"), 5))
    every = adjudicate(replace(r, friends=calls), every_fault=True)
    assert steps(every)[:2] == ["friends/0", "friends/2"]
    assert [f.cards for f in every.faults[:2]] == [(card("AH"),), (card("QD"),)]
    assert adjudicate(replace(r, friends=calls)).illegal.step == "friends/0"
