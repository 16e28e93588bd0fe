"""Section 15.4: worlds replay the record, and are drawn uniformly among all of them.

On small late-game positions a brute force (every split of the unseen cards among the other hands,
kept when the record stays legal with the same public events) is the reference: the sampler's exact
count equals it, every world it draws is in it, and its draws -- by the exact path and by the
sampling path alike -- pass a chi-square test of uniformity over physical deals.
"""
from __future__ import annotations

import dataclasses
import json
import math
from collections import Counter
from math import factorial
from pathlib import Path

import pytest

from rules.cards import CARDS
from rules.ruleset import Ruleset
from rules.state import hand_state
from rules.violations import InputError
from rules.worlds import WORLD_REPLAYS, draw_worlds
from schemas.records import load_record
from tests.rules.random_hands import random_hand

HANDS = Path(__file__).parent.parent / "data" / "hands"


def load(name: str):
    data = json.loads((HANDS / name).read_text(encoding="utf-8"))
    data.pop("expected")
    return load_record(data)


def cut(record, plays: int):
    n = record.rules.players
    whole, part = divmod(plays, n)
    tricks = record.tricks[:whole] + ((record.tricks[whole][:part],) if part else ())
    return dataclasses.replace(record, tricks=tricks)


def public_events(state):
    return (state.phase, None if state.trump is None else state.trump.to_dict(),
            [None if t.throw is None else (t.throw.stands, t.throw.beaten_by) for t in state.tricks])


def splits(cards: Counter, sizes: list[int]):
    """Every distinct way to deal the multiset ``cards`` into hands of ``sizes``."""
    kinds = sorted(cards)

    def go(i, room, acc):
        if i == len(kinds):
            if not any(room):
                yield [Counter(h) for h in acc]
            return
        c, k = kinds[i], cards[kinds[i]]

        def spread(j, left):
            if j == len(room) - 1:
                if left <= room[j]:
                    yield [left]
                return
            for x in range(min(left, room[j]) + 1):
                for rest in spread(j + 1, left - x):
                    yield [x] + rest
        for split in spread(0, k):
            for j, x in enumerate(split):
                room[j] -= x
                acc[j][c] = x
            yield from go(i + 1, room, acc)
            for j, x in enumerate(split):
                room[j] += x
                acc[j][c] = 0
    yield from go(0, list(sizes), [Counter() for _ in sizes])


def brute_worlds(record, seat: int) -> dict[tuple, int]:
    """Every world of ``seat`` (the dealer: it saw the kitty) by brute force, with its number of physical deals."""
    state = hand_state(record)
    n, decks = record.rules.players, record.rules.decks
    played = [Counter() for _ in range(n)]
    plays = [p for t in state.tricks for p in t.plays] + list(state.current_trick.plays if state.current_trick else ())
    for p in plays:
        played[p.seat].update(int(c) for c in p.cards)
    unseen = Counter({c: decks for c in range(54)})
    unseen.subtract(int(c) for c in state.hands[seat])
    unseen.subtract(int(c) for c in record.kitty_discard)
    for h in played:
        unseen.subtract(h)
    unseen = +unseen
    others = [s for s in range(n) if s != seat]
    real = public_events(state)
    out = {}
    for hands in splits(unseen, [len(state.hands[s]) for s in others]):
        deal = list(record.hands)
        for s, h in zip(others, hands, strict=True):
            deal[s] = tuple(sorted(CARDS[c] for c in (h + played[s]).elements()))
        changed = dataclasses.replace(record, hands=tuple(deal))
        st = hand_state(changed)
        if st.phase == "illegal" or public_events(st) != real:
            continue
        key = tuple(tuple(sorted(int(c) for c in h.elements())) for h in hands)
        weight = 1
        for c, k in unseen.items():
            weight *= factorial(k)
            for h in hands:
                weight //= factorial(h[c])
        out[key] = weight
    return out


def key_of(world, record, seat):
    return tuple(tuple(sorted(int(c) for c in world.hands[s])) for s in range(record.rules.players) if s != seat)


def chi_square_ok(observed: Counter, weights: dict[tuple, int], draws: int) -> bool:
    """Pearson's test at p = 0.001 (Wilson-Hilferty's critical value)."""
    total = sum(weights.values())
    stat = sum((observed.get(k, 0) - draws * w / total) ** 2 / (draws * w / total) for k, w in weights.items())
    df = len(weights) - 1
    if df == 0:
        return True
    z = 3.09
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    return stat < critical


POSITIONS = [("00_qq.json", 3), ("04_shengji.json", 3), ("08_pagat.json", 3), ("14_tuolaji.json", 3),
             ("12_4399.json", 2), ("20_shengji.json", 3)]


@pytest.mark.parametrize("name,left", POSITIONS)
def test_s15_4_late_game_worlds_match_the_brute_force(name, left):
    record = load(name)
    position = cut(record, sum(len(t) for t in record.tricks) - left * record.rules.players - 1)
    seat = record.dealer
    brute = brute_worlds(position, seat)
    assert brute, "the real deal is a world"
    exact = draw_worlds(position, seat, 400, "brute")
    assert exact.count == len(brute)
    drawn = Counter(key_of(w, position, seat) for w in exact.worlds)
    assert set(drawn) <= set(brute)
    assert chi_square_ok(drawn, brute, 400)
    sampled: Counter = Counter()
    for i in range(4):
        got = draw_worlds(position, seat, 200, f"sampled-{i}", exact_limit=0)
        assert got.count is None
        sampled.update(key_of(w, position, seat) for w in got.worlds)
    assert set(sampled) <= set(brute)
    assert chi_square_ok(sampled, brute, sum(sampled.values()))


def test_s15_4_every_world_replays_the_record():
    for preset, changes, seed in [("pagat", {}, 4), ("4399", {"partnership": "find-friends", "friend_join": "holder"}, 5),
                                  ("shengji", {"decks": 3}, 6), ("tuolaji", {}, 7)]:
        record = random_hand(Ruleset.preset(preset, **changes), seed)
        position = cut(record, sum(len(t) for t in record.tricks) // 2 + 1)
        real = public_events(hand_state(position))
        for seat in range(record.rules.players):
            for w in draw_worlds(position, seat, 5, seed).worlds:
                changed = dataclasses.replace(position, hands=w.deal, kitty=w.kitty,
                                              kitty_discard=w.kitty_discard or position.kitty_discard)
                state = hand_state(changed)
                assert state.phase != "illegal" and public_events(state) == real
                assert state.hands[seat] == hand_state(position).hands[seat]
                assert [tuple(sorted(h)) for h in state.hands] == [tuple(sorted(h)) for h in w.hands]


def test_s15_4_worlds_are_deterministic_per_seed_and_bounded():
    record = cut(load("09_pagat.json"), 30)
    a = draw_worlds(record, 1, 20, "x")
    assert a == draw_worlds(record, 1, 20, "x")
    assert a.worlds != draw_worlds(record, 1, 20, "y").worlds
    big = draw_worlds(record, 2, 1000, 1)
    assert big.replays <= WORLD_REPLAYS and (big.complete == (len(big.worlds) == 1000))


def test_s15_4_no_worlds_for_an_illegal_record_or_steals():
    with pytest.raises(InputError):
        draw_worlds(load("90_illegal_follow_qq.json"), 1, 1)
    rules = Ruleset.preset("shengji", kitty_theft=True)
    record = random_hand(rules, 2)
    if record.exchanges:
        with pytest.raises(InputError):
            draw_worlds(record, 1, 1)


def test_s15_4_worlds_while_dealing_keep_the_cards_not_yet_dealt_out():
    record = load("04_shengji.json")
    partial = dataclasses.replace(record, hands=tuple(h[:10] for h in record.hands), kitty=(), declarations=(),
                                  kitty_discard=(), tricks=())
    found = draw_worlds(partial, 2, 10, 3, declarations_closed=False)
    assert found.complete
    for w in found.worlds:
        assert [len(h) for h in w.deal] == [10] * 4 and w.deal[2] == tuple(sorted(partial.hands[2]))


def test_s15_4_worlds_deal_only_the_cards_in_play():
    rules = Ruleset.preset("shengji", jokers="none", first_level="3", deck_min_rank="3")
    record = random_hand(rules, 9)
    position = cut(record, sum(len(t) for t in record.tricks) // 2)
    found = draw_worlds(position, 1, 10, "short")
    assert found.worlds
    for w in found.worlds:
        dealt = [c for h in w.deal for c in h] + list(w.kitty)
        assert not any(int(c) >= 52 or CARDS[c].rank < 3 for c in dealt)
        assert len(dealt) == sum(len(h) for h in position.hands) + len(position.kitty)
