"""Section 15.2: what the views of one state share changes no friend status a view shows.

``rules.views.views`` reads once per state what is the same for every viewer -- the facts the public
plays showed (:class:`rules.unseen.Facts`: what the follows, the throws and their blockers showed each
seat held or lacked), mapped to each viewer's places -- and reads no placement for a call the referee
has ``pending`` under ``first-played`` and ``first-outsider`` (the deal itself is a world of every
viewer, and there one ``pending`` placement makes the view's status ``pending``).  These tests hold:

- every view's statuses equal to the ones the revision before these changes showed, on hunt positions
  of every friend mode (two and three decks, short decks, many facts) and on random hands of 5 to 12
  seats (``friend_views.json``, written by that revision: ``python -m tests.rules.test_views_facts``);
- every view's statuses equal to the viewer's own deduction read alone, call by call (no shortcut,
  nothing shared), on the same records;
- the deal's own placement of a called card's copies kept by every viewer, for every call (what the
  shortcut and the placement read first rest on).
"""
from __future__ import annotations

import dataclasses
import json
import random
import sys
from pathlib import Path

import pytest

import rules
from rules.order import order_for
from rules.ruleset import Ruleset
from rules.state import JOINED, PENDING, SPENT, hand_state
from rules.unseen import Unseen, status_of
from rules.views import PUBLIC, views, voids_of
from tests.rules.friend_hunt import MODES as HUNT_MODES
from tests.rules.friend_hunt import extra_calls, position
from tests.rules.random_hands import random_hand

EXPECTED = Path(__file__).with_name("friend_views.json")
RANDOM_MODES = [
    ("4399", {"friend_join": "holder"}),
    ("pagat", {"friend_join": "first-played", "players": 5}),
    ("pagat", {"friend_join": "first-outsider", "players": 6}),
    ("pagat", {"friend_join": "first-played", "players": 6, "kitty_size": 6, "hide_throw_blocker": True}),
    ("four-deck", {"friend_join": "first-played", "players": 12}),
    ("four-deck", {"friend_join": "first-outsider", "players": 10}),
    ("four-deck", {"friend_join": "first-played", "players": 8}),
]
HUNT_SEEDS = 4            # hunt positions per friend mode of tests.rules.friend_hunt
RANDOM_HANDS = 2          # random hands per mode of RANDOM_MODES, each cut after every few plays


def records() -> list[tuple[str, object]]:
    """(name, record): hunt positions (each with its own calls and the hunt's extra single calls), then
    random hands cut after every ``players // 2 + 1`` plays."""
    out = []
    for mode in range(len(HUNT_MODES)):
        rng = random.Random(2900 + mode)
        for seed in range(HUNT_SEEDS):
            record = position(mode, 2900 + 100 * mode + seed, rng.choice([1, 2, 3, 4]), rng.randrange(4), strong=True)
            sets = [record.friends] + [c for c in extra_calls(record, rng) if c != record.friends]
            out += [(f"hunt-{mode}-{seed}-{k}", dataclasses.replace(record, friends=calls))
                    for k, calls in enumerate(sets)]
    for i, (preset, changes) in enumerate(RANDOM_MODES):
        ruleset = Ruleset.preset(preset, partnership="find-friends", **changes)
        for h in range(RANDOM_HANDS):
            record = random_hand(ruleset, 29_000 + 10 * i + h, throw_rate=0.5)
            plays = [p for t in record.tricks for p in t]
            n = ruleset.players
            for k in range(n, len(plays) + 1, n // 2 + 1):
                whole, part = divmod(k, n)
                cut = dataclasses.replace(record, tricks=record.tricks[:whole] + (
                    (record.tricks[whole][:part],) if part else ()))
                out.append((f"{preset}-{i}-{h}@{k}", cut))
    return out


def code(status: str, seat: int | None) -> str:
    return {PENDING: "p", SPENT: "s", JOINED: "j"}[status] + ("" if seat is None else str(seat))


def shown(record) -> str | None:
    """Every view's call statuses, seat by seat and then the public's (None: no views to compare)."""
    state = hand_state(record)
    if state.phase == "illegal" or not state.calls:
        return None
    return " ".join(",".join(code(c.status, c.seat) for c in v.calls) for v in views(record, state))


def alone(record) -> str | None:
    """:func:`shown` as each viewer's own deduction gives it, read alone: every call the referee's answer
    does not make public read in full (no call settled by another view, no placement read first)."""
    state = hand_state(record)
    if state.phase == "illegal" or not state.calls:
        return None
    ruleset = record.rules
    holder = ruleset.friend_join.value == "holder"
    order = order_for(ruleset, state.trump)
    voids = voids_of(ruleset, order, state)
    burier = record.exchanges[-1].seat if record.exchanges else record.dealer
    out = []
    for viewer in [*range(ruleset.players), PUBLIC]:
        known = Unseen(record, state, viewer, order, voids, state.phase == "over" or viewer == burier)
        calls = [c if not holder and c.seat is not None else status_of(known.outcomes(i), c.call)
                 for i, c in enumerate(state.calls)]
        out.append(",".join(code(c.status, c.seat) for c in calls))
    return " ".join(out)


@pytest.fixture(scope="module")
def expected() -> dict:
    return json.loads(EXPECTED.read_text())


# the pure build reads every third record (make test runs the rule tests on both builds)
CHOSEN = records() if rules.COMPILED else records()[::3]


def test_the_records_cover_every_friend_mode_and_status(expected):
    assert {name for name, _ in records()} == set(expected)
    codes = " ".join(v for v in expected.values() if v is not None)
    assert all(x in codes for x in ("p", "s", "j")) and len(expected) > 300
    # views that differ: some seat knows a status the public does not
    assert sum(1 for v in expected.values() if v is not None and len(set(v.split())) > 1) > 50


@pytest.mark.parametrize("name,record", CHOSEN, ids=[name for name, _ in CHOSEN])
def test_s15_2_views_show_the_statuses_they_showed_before_sharing_their_facts(name, record, expected):
    assert shown(record) == expected[name]


@pytest.mark.parametrize("name,record", CHOSEN[::2], ids=[name for name, _ in CHOSEN[::2]])
def test_s15_2_views_show_each_viewers_own_deduction_read_alone(name, record):
    assert shown(record) == alone(record)


@pytest.mark.parametrize("name,record", CHOSEN[1::2], ids=[name for name, _ in CHOSEN[1::2]])
def test_s15_4_every_viewer_keeps_the_deals_own_placement_of_every_call(name, record):
    state = hand_state(record)
    if state.phase == "illegal" or not state.calls:
        return
    order = order_for(record.rules, state.trump)
    voids = voids_of(record.rules, order, state)
    burier = record.exchanges[-1].seat if record.exchanges else record.dealer
    for viewer in [*range(record.rules.players), PUBLIC]:
        known = Unseen(record, state, viewer, order, voids, state.phase == "over" or viewer == burier)
        for i, status in enumerate(state.calls):
            card = int(status.call.card)
            caps = [0 if known.eff[card] in known.refused[j] else
                    min(known.sizes[j], known.most.get((card, j), known.pool[card])) for j in range(known.places)]
            placed = known._placement(card, known.common.real[i], caps)
            assert placed is not None, (name, viewer, i)
            assert known._fits(card, placed, *known._supplies(card)), (name, viewer, i)
            if not (status.seat is not None and record.rules.friend_join.value != "holder"):
                assert known.quick_status(i)(placed) == (status.status, status.seat), (name, viewer, i)


def main() -> int:
    """Write ``friend_views.json``: each record's statuses as this revision's views show them."""
    got = {name: shown(record) for name, record in records()}
    EXPECTED.write_text(json.dumps(got, indent=0, sort_keys=True) + "\n")
    print(f"{len(got)} records, {sum(v is not None for v in got.values())} with views", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
