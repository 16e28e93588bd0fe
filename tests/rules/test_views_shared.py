"""Section 15: every view at once (rules.views.views, served as `views: "all"`) is each view alone.

``views`` computes what the views of one state have in common once: the public's friend deduction
settles a call for every seat where it keeps one status, and the placements it kept are read first by
each seat; within one viewer, ``rules.unseen`` reads the places each card may go to once, stops at the
first kept placement where every placement gives one status, and counts the placements where that
needs them all.  None of it may change a view: these tests hold ``views`` equal to ``view`` of each seat
and the public on random records of every mode, 12 seats with four decks included, and each shortcut
equal to the reading it shortens.
"""
from __future__ import annotations

import dataclasses
import functools
import itertools
import random

import pytest

import rules
from rules.order import order_for
from rules.ruleset import Ruleset
from rules.state import hand_state
from rules.unseen import PLACEMENTS, Unseen, _placements, count_placements, status_of
from rules.views import PUBLIC, view, views, voids_of
from tests.rules.random_hands import random_hand

MODES = [
    ("qq", {}), ("shengji", {}), ("pagat", {}), ("4399", {}), ("tuolaji", {}), ("four-deck", {}),
    ("pagat", {"partnership": "find-friends", "players": 5}),
    ("4399", {"partnership": "find-friends", "friend_join": "holder"}),
    ("pagat", {"partnership": "find-friends", "friend_join": "first-outsider", "players": 6}),
    ("pagat", {"partnership": "find-friends", "friend_join": "first-played", "players": 6, "kitty_size": 6,
               "hide_throw_blocker": True}),
    ("four-deck", {"partnership": "find-friends", "friend_join": "first-played", "players": 12}),
    ("four-deck", {"partnership": "find-friends", "friend_join": "first-outsider", "players": 10}),
    ("four-deck", {"partnership": "find-friends", "friend_join": "first-played", "players": 8}),
    ("shengji", {"hide_played_cards": True, "hide_throw_blocker": True, "hide_defender_points": True}),
    ("qq", {"declaration_visibility": "dark"}),
    ("qq", {"kitty_theft": True}),
]
HANDS = 3 if rules.COMPILED else 1


def cut(record, plays: int):
    n = record.rules.players
    whole, part = divmod(plays, n)
    return dataclasses.replace(record, tricks=record.tricks[:whole] + ((record.tricks[whole][:part],) if part else ()))


def positions(modes=MODES, hands: int = HANDS, every: int = 1):
    """(name, record) of each mode's random hands: before the discard, then after every ``every``
    plays (a throw often), to the end."""
    out = []
    for i, (preset, changes) in enumerate(modes):
        for h in range(hands):
            record = random_hand(Ruleset.preset(preset, **changes), 15_000 + 97 * i + h, throw_rate=0.5)
            name = f"{preset}-{i}-{h}"
            out.append((f"{name}-exchanging", dataclasses.replace(record, kitty_discard=(), friends=(), tricks=())))
            total = sum(len(t) for t in record.tricks)
            step = every * record.rules.players // 2 + 1
            out += [(f"{name}@{k}", cut(record, k)) for k in range(0, total + 1, step)]
    return out


@pytest.mark.parametrize("i,mode", list(enumerate(MODES)), ids=[f"{p}-{i}" for i, (p, _) in enumerate(MODES)])
def test_s15_every_view_at_once_is_each_view_alone(i, mode):
    read = 0
    for name, record in positions([mode]):
        early = not (record.kitty_discard or record.exchanges or record.friends or record.tricks)
        for closed in (None, False) if early else (None,):
            state = hand_state(record, declarations_closed=closed)
            if state.phase == "illegal":
                continue
            seats = [*range(record.rules.players), PUBLIC]
            every = views(record, state, declarations_closed=closed)
            assert every == tuple(view(record, state, s, declarations_closed=closed) for s in seats), name
            read += 1
    assert read >= 10


def test_s15_views_of_an_illegal_record_are_refused():
    record = random_hand(Ruleset.preset("qq"), 5)
    bad = dataclasses.replace(record, tricks=(record.tricks[0][1:] + record.tricks[0][:1],) + record.tricks[1:])
    state = hand_state(bad)
    assert state.phase == "illegal"
    with pytest.raises(ValueError):
        views(bad, state)


def test_count_placements_is_how_many_there_are():
    rng = random.Random(29)
    for _ in range(400):
        caps = [rng.randrange(5) for _ in range(rng.randrange(6))]
        copies = rng.randrange(9)
        assert count_placements(copies, caps) == sum(1 for _ in _placements(copies, caps)), (copies, caps)


FRIENDS = [m for m in MODES if m[1].get("partnership") == "find-friends"]


def tables(every: int = 3):
    """Per find-friends position, every viewer's :class:`Unseen` and the calls its view reads."""
    for name, record in positions(FRIENDS, hands=1, every=every):
        state = hand_state(record)
        if state.phase == "illegal" or not state.calls:
            continue
        order = order_for(record.rules, state.trump)
        holder = record.rules.friend_join.value == "holder"
        calls = [i for i, c in enumerate(state.calls) if holder or c.seat is None]
        yield name, record, state, functools.partial(viewer, record, state, order), calls


def viewer(record, state, order, seat: int) -> Unseen:
    buried = record.exchanges[-1].seat if record.exchanges else record.dealer
    return Unseen(record, state, seat, order, voids_of(record.rules, order, state), state.phase == "over" or seat == buried)


def caps_of(unseen: Unseen, card: int) -> list[int]:
    return [0 if unseen.eff[card] in unseen.refused[j] else
            min(unseen.sizes[j], unseen.most.get((card, j), unseen.pool[card])) for j in range(unseen.places)]


def test_s15_2_placements_read_first_change_no_status():
    """A view's status is the same whatever placements are read first -- the public's and other seats'
    kept ones, random ones that are no placement of this viewer -- and each kept placement read first
    is one of this viewer's placements and gives a status it keeps."""
    rng = random.Random(15)
    compared = read_first = 0
    for name, record, state, unseen, calls in tables():
        n = record.rules.players
        viewers = [*range(n), PUBLIC]
        alone = {s: unseen(s) for s in viewers}
        plain = {(s, i): alone[s].outcomes(i) for s in viewers for i in calls}
        for s, i in plain:
            others = [w for t in viewers if t != s for w in alone[t].kept[i]]
            noise = [tuple(rng.randrange(3) for _ in range(n + 1)) for _ in range(3)]
            again = unseen(s)
            first = noise + others[::-1]
            got, want = again.outcomes(i, first=first), plain[(s, i)]
            call = state.calls[i].call
            assert status_of(got, call) == status_of(want, call), (name, s, i)
            if want is not None and len(want) < 2:
                assert got == want, (name, s, i)
            elif want is not None:
                assert got is not None and len(got) == 2, (name, s, i)
            card = int(call.card)
            caps = caps_of(again, card)
            quick = again.quick_status(i)
            for world in again.kept[i]:
                placed = again._placement(card, world, caps)
                assert placed is not None and all(k >= 0 for k in placed) and sum(placed) == again.pool[card]
                assert all(k <= cap for k, cap in zip(placed, caps, strict=True)) and again.spread(card, placed) == world
                assert quick(placed) in got
            compared += 1
            read_first += any(w in first for w in again.kept[i])
    assert compared > 100 and read_first > 20


def test_s15_2_a_status_every_placement_gives_is_every_placement_s():
    """Where the places alone give the status (``_constant``), every placement gives it, 12 seats and
    four decks included; and there the first kept placement decides as reading them all would."""
    constant = 0
    for name, record, state, unseen, calls in tables(every=2):
        for seat in [*range(record.rules.players), PUBLIC]:
            known = unseen(seat)
            for i in calls:
                card = int(state.calls[i].call.card)
                caps = caps_of(known, card)
                same = known._constant(i, caps)
                if same is None:
                    continue
                constant += 1
                quick = known.quick_status(i)
                for placed in itertools.islice(_placements(known.pool[card], caps), 3000):
                    assert quick(placed) == same, (name, seat, i, placed)
                found = known.outcomes(i)
                total = count_placements(known.pool[card], caps)
                if total > PLACEMENTS:
                    assert found is None
                elif total <= 3000:
                    supplies = known._supplies(card)
                    kept = any(known._fits(card, p, *supplies) for p in _placements(known.pool[card], caps))
                    assert found == ({same} if kept else set()), (name, seat, i)
    assert constant > 50
