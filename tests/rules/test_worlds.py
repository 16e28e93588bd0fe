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
import random
from collections import Counter
from math import factorial
from pathlib import Path

import pytest

import rules
from rules.adjudicate import STATE, walk
from rules.cards import CARDS
from rules.ruleset import DeclarationVisibility, Ruleset
from rules.state import hand_state
from rules.views import PUBLIC, view
from rules.violations import InputError
from rules.worlds import COUNTS, WORLD_REPLAYS, Problem, _count_upto, _counted, _splits_upto, draw_worlds
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


def sampling_matches(position, seat, brute, rounds, count, tag):
    """The sampling path (no exact enumeration), ``rounds`` draws of ``count``: complete, never a deal outside
    the brute force, and uniform over it (chi-square)."""
    sampled: Counter = Counter()
    for i in range(rounds):
        got = draw_worlds(position, seat, count, f"{tag}-{i}", exact_limit=0)
        assert got.count is None and got.complete
        sampled.update(key_of(w, position, seat) for w in got.worlds)
    assert set(sampled) <= set(brute)
    assert chi_square_ok(sampled, brute, sum(sampled.values()))


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
    sampling_matches(position, seat, brute, 4, 200, "sampled")


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


def _invariance_cases():
    from tests.rules.test_views import MODES
    out = []
    for i, (preset, changes) in enumerate(MODES):
        record = random_hand(Ruleset.preset(preset, **changes), 900 + 31 * i)
        total = sum(len(t) for t in record.tricks)
        out += [(f"{preset}-{i}@{k}", cut(record, k)) for k in (1, total // 2, total - record.rules.players - 1)]
    return out if rules.COMPILED else out[::3]


@pytest.mark.parametrize("name,position", _invariance_cases(), ids=lambda x: x if isinstance(x, str) else "")
def test_s15_4_records_a_seat_cannot_tell_apart_get_the_same_worlds(name, position):
    """Section 15.4: anything computed from a seat's view gives the same answer for records that differ
    in a world of that seat -- here the worlds themselves, their count and completeness, for the same
    seed."""
    for seat in [*range(position.rules.players), PUBLIC]:
        mine = draw_worlds(position, seat, 4, "same")
        for w in draw_worlds(position, seat, 2, "other").worlds:
            other = dataclasses.replace(position, hands=w.deal, kitty=w.kitty,
                                        declarations=w.declarations or position.declarations,
                                        kitty_discard=w.kitty_discard or position.kitty_discard)
            again = draw_worlds(other, seat, 4, "same")
            assert (again.worlds, again.count, again.complete) == (mine.worlds, mine.count, mine.complete), seat


def test_s15_4_worlds_are_deterministic_per_seed_and_bounded():
    record = cut(load("09_pagat.json"), 30)
    a = draw_worlds(record, 1, 20, "x")
    assert a == draw_worlds(record, 1, 20, "x")
    assert a.worlds != draw_worlds(record, 1, 20, "y").worlds
    big = draw_worlds(record, 2, 1000, 1)
    assert big.replays <= WORLD_REPLAYS and (big.complete == (len(big.worlds) == 1000))


def test_s15_4_no_worlds_for_an_illegal_record():
    with pytest.raises(InputError):
        draw_worlds(load("90_illegal_follow_qq.json"), 1, 1)


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


@pytest.mark.parametrize("name,left", [("03_qq.json", 3), ("02_qq.json", 4)])
def test_s15_4_mosts_of_a_follow_without_a_pair_match_the_brute_force(name, left):
    """Follows of two single cards to a pair lead (``follow_protection: none``) bound two seats at once: the
    sampling path (the mosts folded into the count) still matches the brute force."""
    record = load(name)
    position = cut(record, sum(len(t) for t in record.tricks) - left * record.rules.players - 1)
    seat = record.dealer
    brute = brute_worlds(position, seat)
    sampling_matches(position, seat, brute, 3, 200, "mosts")


def kitties(dealer_cards: Counter, size: int, shown: Counter) -> int:
    """The physical kitties of ``size`` cards cut from ``dealer_cards`` that leave every shown copy in the
    hand (a product of per-card polynomials, coefficient of x^size)."""
    poly = [1]
    for c, d in dealer_cards.items():
        term = [math.comb(d, t) if t <= d - shown.get(c, 0) else 0 for t in range(d + 1)]
        out = [0] * (len(poly) + len(term) - 1)
        for i, a in enumerate(poly):
            for j, b in enumerate(term):
                out[i + j] += a * b
        poly = out
    return poly[size] if size < len(poly) else 0


def brute_worlds_beside_the_dealer(record, seat: int) -> dict[tuple, int]:
    """Every world of a seat that did not see the kitty, by brute force: the other hands now and the burial,
    each weighted by its physical deals times the kitties as dealt that leave the dealer its declared cards."""
    state = hand_state(record)
    n, decks, dealer, k = record.rules.players, record.rules.decks, record.dealer, len(record.kitty)
    played = [Counter() for _ in range(n)]
    for p in [p for t in state.tricks for p in t.plays] + list(state.current_trick.plays if state.current_trick else ()):
        played[p.seat].update(int(c) for c in p.cards)
    unseen = Counter({c: decks for c in range(54)})
    unseen.subtract(int(c) for c in state.hands[seat])
    for h in played:
        unseen.subtract(h)
    unseen = +unseen
    shown: Counter = Counter()
    for s, cards in record.declarations:
        if s == dealer:
            for c, m in Counter(int(x) for x in cards).items():
                shown[c] = max(shown[c], m)
    others = [s for s in range(n) if s != seat]
    real = public_events(state)
    out = {}
    for parts in splits(unseen, [len(state.hands[s]) for s in others] + [k]):
        hands, burial = parts[:-1], parts[-1]
        now = {s: h for s, h in zip(others, hands, strict=True)}
        dealer_cards = now[dealer] + played[dealer] + burial
        cuts = kitties(dealer_cards, k, shown)
        if not cuts:
            continue
        kitty, rest = Counter(), Counter(dealer_cards)     # one kitty that keeps the declared cards
        for c in sorted(dealer_cards, key=lambda c: shown.get(c, 0)):
            while sum(kitty.values()) < k and rest[c] > shown.get(c, 0):
                kitty[c] += 1
                rest[c] -= 1
        deal = list(record.hands)
        for s in others:
            deal[s] = tuple(sorted(CARDS[c] for c in ((now[s] + played[s]) if s != dealer else rest).elements()))
        changed = dataclasses.replace(record, hands=tuple(deal), kitty=tuple(CARDS[c] for c in kitty.elements()),
                                      kitty_discard=tuple(CARDS[c] for c in sorted(burial.elements())))
        st = hand_state(changed)
        if st.phase == "illegal" or public_events(st) != real:
            continue
        weight = cuts
        for c, m in unseen.items():
            weight *= factorial(m)
            for h in parts:
                weight //= factorial(h[c])
        out[tuple(tuple(sorted(h.elements())) for h in parts)] = weight
    return out


def test_s15_4_worlds_of_a_seat_that_did_not_see_the_kitty_match_the_brute_force():
    """The burial and the kitty as dealt are unseen: the cut of the dealer's cards keeps its declared cards,
    and each placement counts as many worlds as it has such cuts."""
    record = load("00_qq.json")
    position = cut(record, sum(len(t) for t in record.tricks) - record.rules.players - 1)
    seat = 0
    assert seat != record.dealer
    brute = brute_worlds_beside_the_dealer(position, seat)
    assert len(brute) > 20
    sampled: Counter = Counter()
    for i in range(12):
        got = draw_worlds(position, seat, 60, f"kitty-{i}")
        assert got.count is None and got.worlds
        for w in got.worlds:
            hands = [tuple(sorted(int(c) for c in w.hands[s])) for s in range(4) if s != seat]
            sampled[tuple(hands) + (tuple(sorted(int(c) for c in w.kitty_discard)),)] += 1
            assert all(sum(1 for x in w.deal[record.dealer] if int(x) == c) >= m
                       for s, cards in position.declarations if s == record.dealer
                       for c, m in Counter(int(x) for x in cards).items())
    assert set(sampled) <= set(brute)
    assert chi_square_ok(sampled, brute, sum(sampled.values()))


def dark_position(declarations, hands):
    """A deal in progress (seed 004's 暗叫, ``declaration_visibility: dark``): these cards dealt so far, no
    kitty yet, declaring open."""
    record = load("04_shengji.json")
    rules = dataclasses.replace(record.rules, declaration_visibility=DeclarationVisibility.DARK)
    return dataclasses.replace(record, rules=rules, hands=tuple(tuple(CARDS[c] for c in h) for h in hands),
                               kitty=(), declarations=tuple((s, tuple(CARDS[c] for c in cs)) for s, cs in declarations),
                               kitty_discard=(), tricks=())


def brute_dark_hands(record, viewer: int, seat: int) -> dict[tuple, int]:
    """Every hand ``seat`` may hold in a world of ``viewer`` (two cards, one dark declaration of as many cards),
    by brute force over every two-card hand and every card it could have declared, with its physical weight."""
    pool = Counter({c: record.rules.decks for c in range(54)})
    pool.subtract(int(c) for c in record.hands[viewer])
    (declarer, shown), = record.declarations
    out = {}
    for a in range(54):
        for b in range(a, 54):
            h = Counter([a, b])
            if any(pool[c] < k for c, k in h.items()):
                continue
            rest = pool - h
            fill = [c for c in sorted(rest.elements())]
            deal = list(record.hands)
            at = 0
            for s in range(record.rules.players):
                if s == seat:
                    deal[s] = tuple(CARDS[c] for c in (a, b))
                elif s != viewer:
                    deal[s] = tuple(CARDS[c] for c in fill[at:at + len(record.hands[s])])
                    at += len(record.hands[s])
            for c in range(54):
                changed = dataclasses.replace(record, hands=tuple(deal),
                                              declarations=((declarer, tuple([CARDS[c]] * len(shown))),))
                if hand_state(changed, declarations_closed=False).phase == "declaring":
                    out[(a, b)] = math.comb(pool[a], h[a]) * (math.comb(pool[b], h[b]) if b != a else 1)
                    break
    return out


def test_s15_2_dark_declaration_worlds_match_the_brute_force():
    """Seat 2 declared a pair (of 3♠) in the dark: in seat 0's worlds it holds some declarable pair (a level card
    of a suit, or jokers), never the 3♥ pair seat 0 breaks by holding one; uniform among them (exact path and
    sampling path)."""
    position = dark_position([(2, [1, 1])], [[13 + 1, 39 + 3], [0, 5], [1, 1], [7, 8]])
    brute = brute_dark_hands(position, 0, 2)
    assert (14, 14) not in brute and len(brute) >= 4
    exact = draw_worlds(position, 0, 600, "dark", declarations_closed=False)
    sampled = Counter()
    for i in range(3):
        got = draw_worlds(position, 0, 200, f"dark-{i}", declarations_closed=False, exact_limit=0)
        assert got.complete
        sampled.update(tuple(sorted(int(c) for c in w.hands[2])) for w in got.worlds)
    for worlds in (Counter(tuple(sorted(int(c) for c in w.hands[2])) for w in exact.worlds), sampled):
        assert set(worlds) <= set(brute)
        assert chi_square_ok(worlds, brute, sum(worlds.values()))
    for w in exact.worlds[:50]:
        changed = dataclasses.replace(position, hands=w.deal, declarations=w.declarations)
        assert hand_state(changed, declarations_closed=False).phase == "declaring"
        assert w.deal[0] == position.hands[0] and w.declarations[0][0] == 2 and len(w.declarations[0][1]) == 2


def test_s15_2_worlds_under_several_dark_declarations_replay_with_their_declarations():
    """A single then a pair overturning it, both dark to seat 0, which declared nothing: each world holds a
    history of declarations its seats hold, valid in turn, and seat 0's view of it is the real one."""
    position = dark_position([(3, [1]), (2, [52, 52])], [[13 + 1, 39 + 3], [0, 5], [52, 52], [1, 8]])
    real_view = view(position, hand_state(position, declarations_closed=False), 0)
    got = draw_worlds(position, 0, 30, "several", declarations_closed=False)
    assert got.complete and len({w.deal for w in got.worlds}) > 5
    for w in got.worlds:
        changed = dataclasses.replace(position, hands=w.deal, declarations=w.declarations)
        state = hand_state(changed, declarations_closed=False)
        assert state.phase == "declaring" and view(changed, state, 0) == real_view
        assert [(s, len(c)) for s, c in w.declarations] == [(3, 1), (2, 2)]


def within_bounds(problem, state) -> int:
    """Assert that the real hands now keep every bound of the cheap constraints (step 1 asks nothing a world
    may break); answers how many mosts and blockers' cards were checked."""
    checked = 0
    for i, place in enumerate(problem.places):
        if place.seat is None:
            continue
        held = Counter(int(c) for c in state.hands[place.seat])
        assert not any(problem.suit_of[c] in place.void for c in held), (place.name, "void")
        for c, k in problem.hi[i].items():
            assert held[c] <= k, (place.name, CARDS[c], held[c], k)
            checked += 1
        for c, k in problem.lo[i].items():
            assert held[c] >= k, (place.name, CARDS[c], held[c], k)
    content = [[int(c) for c in state.hands[p.seat]] if p.seat is not None else [] for p in problem.places]
    assert problem.blocked(content)          # the seat that beat a failed throw holds what it beat it with
    return checked + len(problem.blocks)


def test_s15_4_the_real_deal_keeps_every_cheap_constraint():
    """The real deal is a world of every seat: on random hands with many throws, at many points of the hand, its
    hands keep every void, least and most the cheap constraints read -- those of throws that stood or failed
    (no higher single, no two copies of a higher card, when led) among them -- for every seat and the public."""
    checked = blocks = 0
    for preset, seed in [("pagat", 11), ("4399", 12), ("shengji", 13), ("qq", 14), ("pagat", 15), ("4399", 16)]:
        record = random_hand(Ruleset.preset(preset), seed, throw_rate=0.9)
        total = sum(len(t) for t in record.tricks)
        for plays in range(1, total, 5):
            position = cut(record, plays)
            state = hand_state(position)
            for seat in [*range(record.rules.players), PUBLIC]:
                problem = Problem(position, state, seat, None)
                checked += within_bounds(problem, state)
                blocks += len(problem.blocks)
    assert checked > 1000 and blocks > 20


THROWN = [("pagat", 0, 3), ("pagat", 1, 3)]


@pytest.mark.parametrize("preset,seed,left", THROWN)
def test_s15_4_worlds_after_throws_match_the_brute_force(preset, seed, left):
    """Throws that stood or failed earlier in the hand bar the other seats' higher singles (at most one copy of a
    higher card under a pair) where the count is made (sections 6, 15.4): the exact count and the sampling path
    still match the brute force, and the bars are there."""
    record = random_hand(Ruleset.preset(preset), seed, throw_rate=0.9)
    position = cut(record, sum(len(t) for t in record.tricks) - left * record.rules.players - 1)
    seat = record.dealer
    state = hand_state(position)
    assert any(t.throw is not None for t in state.tricks)
    problem = Problem(position, state, seat, None)
    assert any(k == 0 for f in problem.hi for k in f.values())
    within_bounds(problem, state)
    brute = brute_worlds(position, seat)
    exact = draw_worlds(position, seat, 400, "thrown")
    assert exact.count == len(brute)
    sampling_matches(position, seat, brute, 4, 100, "thrown")


@pytest.mark.parametrize("leasts", [{}, {1: (1, 0), 4: (0, 1), 5: (1, 0)}], ids=["mosts", "mosts-and-leasts"])
def test_s15_4_caps_count_every_choice_of_physical_copies(leasts):
    """The table of mosts (a class's cards without a most or least taken as one group) counts, for each number
    of cards in the capped places, exactly the ways to send physical copies there under the mosts, the
    leasts and sizes: against every destination of every physical card; and its picks keep them."""
    import itertools
    import random

    from rules.worlds import Caps

    cards = [1, 1, 2, 3, 3, 4, 5, 5]
    mosts = {1: (1, 2), 3: (0, 1), 5: (1, 1)}           # card -> its most in the two capped places
    bounded = {c: (mosts.get(c, (cards.count(c),) * 2), leasts.get(c, (0, 0))) for c in sorted({*mosts, *leasts})}
    sizes = (3, 4)
    free = [c for c in cards if c not in bounded]
    kinds = [(tuple(free), (len(free), len(free)), (0, 0))] + [(tuple([c] * cards.count(c)), m, lo)
                                                              for c, (m, lo) in bounded.items()]
    caps = Caps((0, 1), tuple(kinds), sizes)
    brute: Counter = Counter()
    for where in itertools.product(range(3), repeat=len(cards)):          # 2: neither capped place
        x = (where.count(0), where.count(1))
        if x[0] > sizes[0] or x[1] > sizes[1]:
            continue
        if all(lo[j] <= sum(1 for c, w in zip(cards, where, strict=True) if c == card and w == j) <= m[j]
               for card, (m, lo) in bounded.items() for j in range(2)):
            brute[x] += 1
    assert dict(brute) == caps.final()
    rng = random.Random(7)
    for x in brute:
        rest, mine = caps.pick(x, rng)
        assert [len(m) for m in mine] == list(x) and sorted(rest + mine[0] + mine[1]) == sorted(cards)
        assert all(lo[j] <= mine[j].count(card) <= m[j] for card, (m, lo) in bounded.items() for j in range(2))


def drawn_alone(problem, ways, position, seat, real, rng, draws: int = 600) -> Counter:
    """``draws`` worlds drawn with one count (``ways``) alone, the replay kept, by their keys."""
    sampled: Counter = Counter()
    while sum(sampled.values()) < draws:
        content = problem.draw(rng, ways)
        made = problem.world(content, rng) if content is not None else None
        world = problem.kept(real, made) if made is not None else None
        if world is not None:
            sampled[key_of(world, position, seat)] += 1
    return sampled


def test_s15_4_the_count_with_leasts_in_its_tables_matches_the_brute_force():
    """The count that puts each card's leasts in its class's table (``COUNTS[3]``, for positions where many
    cards must be held), used alone: its draws are uniform over the brute force's worlds, at a position where
    a seat must hold a card it got back from a failed throw."""
    record = random_hand(Ruleset.preset("pagat"), 7, throw_rate=0.9)
    position = cut(record, sum(len(t) for t in record.tricks) - 3 * record.rules.players - 1)
    seat = 2
    state = hand_state(position)
    problem = Problem(position, state, seat, None)
    assert COUNTS[3][-1] and any(problem.lo)
    ways = _counted(problem, *COUNTS[3])
    assert ways is not None
    assert any(k.caps is not None and any(any(least) for _, _, least in k.caps.kinds) for k in problem.classes)
    brute = brute_worlds(position, seat)
    sampled = drawn_alone(problem, ways, position, seat, walk(position, reading=STATE), random.Random("leasts"))
    assert set(sampled) <= set(brute) and len(sampled) > 0.8 * len(brute)
    assert chi_square_ok(sampled, brute, 600)


@pytest.mark.parametrize("name,left", [("01_qq.json", 3), ("04_shengji.json", 4), ("18_four-deck.json", 3)])
def test_s15_4_each_count_the_draws_may_use_matches_the_brute_force(name, left):
    """``draw_worlds`` chooses among its counts by a pilot of draws (``_count_for_draws``): that choice is
    sound only if every one of them, used alone, draws uniformly over the worlds.  Each is used alone here
    (draws, the replay) against the brute force, at positions where the last two classes are counted
    together with mosts in them (``Ways.pooled_terms``)."""
    record = load(name)
    position = cut(record, sum(len(t) for t in record.tricks) - left * record.rules.players - 1)
    seat = record.dealer
    brute = brute_worlds(position, seat)
    state = hand_state(position)
    real = walk(position, reading=STATE)
    for j in range(len(COUNTS)):
        problem = Problem(position, state, seat, None)
        ways = _counted(problem, *COUNTS[j])
        assert ways is not None
        problem.tracked_drawn = True
        sampled = drawn_alone(problem, ways, position, seat, real, random.Random(f"count-{j}"))
        assert set(sampled) <= set(brute)
        assert chi_square_ok(sampled, brute, 600)


def test_s15_4_the_pooled_counts_bound_is_the_number_of_its_ways():
    """The pooled count checks its work bound before it makes the ways of a room (``_count_upto``)."""
    for total in range(7):
        for most in [(), (0,), (3,), (2, 2), (4, 1, 3), (6, 6, 6, 6)]:
            assert _count_upto(total, most) == len(_splits_upto(total, most))
