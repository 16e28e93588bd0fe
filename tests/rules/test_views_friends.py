"""Section 15.2: a view's friend status is exactly the one every world of its seat gives.

The oracle (tests/rules/friend_worlds.py) enumerates every world of small late-game positions -- short
decks, small kitties, find-friends with ``holder``, ``first-played`` and ``first-outsider`` -- replays the
record in each and reads the referee's statuses: a view must show the status they all give, and
``pending`` exactly when two of them differ, for every seat and the public.  On bigger positions, where
worlds are too many to enumerate, every world rules.worlds draws must give the status a view shows.
"""
from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter

import pytest

import rules
from rules.cards import CARDS, card
from rules.friends import FriendCall
from rules.order import order_for
from rules.rainbows import lead_format
from rules.ruleset import Ruleset
from rules.state import hand_state
from rules.unseen import CAP, Unseen, _max_flow, _placements, fits
from rules.views import PUBLIC, view, voids_of
from rules.worlds import draw_worlds
from tests.rules.friend_hunt import position as hunted
from tests.rules.friend_worlds import TooMany, every_world, exact_statuses
from tests.rules.random_hands import random_hand

SMALL = [
    ("pagat", {"players": 4, "friend_join": "first-played", "kitty_size": 4}),
    ("pagat", {"players": 4, "friend_join": "first-outsider", "kitty_size": 4}),
    ("4399", {"friend_join": "holder", "kitty_size": 4}),
    ("4399", {"friend_join": "holder"}),
    ("pagat", {"players": 5, "friend_join": "first-outsider", "decks": 1, "kitty_size": 4}),
    ("pagat", {"players": 6, "friend_join": "first-played", "kitty_size": 6}),
]
SHORT = {"deck_min_rank": 3, "first_level": "3", "jokers": "none"}


def ruleset(preset: str, changes: dict, short: bool) -> Ruleset:
    """``changes``, with a short deck (no 2s, no jokers) where ``short``: the kitty then keeps the deal
    dividing among the players."""
    if not short:
        return Ruleset.preset(preset, partnership="find-friends", **changes)
    changes = dict(changes, **SHORT)
    if changes.get("decks") == 1:
        changes["kitty_size"] = 3
    return Ruleset.preset(preset, partnership="find-friends", **changes)


def cut_at(record, left: int):
    """The record at the first play after which no seat holds more than ``left`` cards."""
    n = record.rules.players
    sizes = [len(h) for h in hand_state(dataclasses.replace(record, tricks=())).hands]
    plays = [p for t in record.tricks for p in t]
    for k, p in enumerate(plays):
        sizes[p.seat] -= len(p.cards)
        if max(sizes) <= left:
            whole, part = divmod(k + 1, n)
            return dataclasses.replace(record, tricks=record.tricks[:whole] + (
                (record.tricks[whole][:part],) if part else ()))
    return record


def statuses(record, seat):
    state = hand_state(record)
    return [(c.status, c.seat) for c in view(record, state, seat).calls]


def positions():
    out = []
    for i, (preset, changes) in enumerate(SMALL):
        for seed in range(6):
            short = seed % 2 == 0
            rules_ = ruleset(preset, changes, short)
            record = random_hand(rules_, 40 + seed, throw_rate=0.7)
            left = 1 if rules_.players > 5 else 1 + seed % 2
            out.append((f"{preset}-{changes['friend_join']}-{i}-{seed}", cut_at(record, left)))
    return out


# positions of the hunt (tests/rules/friend_hunt.py: mode, seed, cards left, plays after): its hands lead
# pairs, tractors and several pairs, and throw them; a follow with fewer pairs than the lead shows a cap
# in each (the one view the hunt found differing from the oracle has a test of its own, below)
HUNTED = [(0, 500000, 2, 2), (0, 500033, 1, 3), (1, 500034, 2, 3), (2, 500035, 1, 3), (2, 500046, 2, 2),
          (5, 500038, 2, 3), (6, 500006, 1, 1), (6, 500017, 2, 1), (7, 500051, 2, 2), (8, 500041, 1, 4),
          (10, 500032, 2, 3)]

# the pure build enumerates a sixth of them, fewer worlds each (make test runs the rule tests on both builds)
POSITIONS = positions() + [(f"hunt-{'-'.join(map(str, h))}", hunted(*h)) for h in HUNTED]
POSITIONS = POSITIONS if rules.COMPILED else POSITIONS[::6]
WORLDS = 2500 if rules.COMPILED else 800


@pytest.mark.parametrize("name,record", POSITIONS, ids=[n for n, _ in POSITIONS])
def test_s15_2_a_views_friend_status_is_the_one_every_world_gives(name, record):
    checked = 0
    for seat in [*range(record.rules.players), PUBLIC]:
        try:
            exact, worlds = exact_statuses(record, seat, WORLDS)
        except TooMany:
            continue
        assert statuses(record, seat) == exact, (name, seat, worlds)
        checked += 1
    assert checked, f"{name}: no seat's worlds were enumerated"


def test_s15_2_the_positions_include_statuses_deduced_before_any_copy_settles_them():
    """The oracle's positions are not all trivial: some views show a status (not pending) that no public
    play settled -- a deduction from hand sizes, voids, declarations or throws."""
    shown = 0
    for _, record in positions():
        state = hand_state(record)
        for seat in [*range(record.rules.players), PUBLIC]:
            for c, mine in zip(state.calls, view(record, state, seat).calls, strict=True):
                shown += mine.status != "pending" and c.seat is None
    assert shown


MIDDLE = [
    ("4399", {"friend_join": "holder"}),
    ("pagat", {"players": 5, "friend_join": "first-played"}),
    ("pagat", {"players": 6, "friend_join": "first-outsider"}),
    ("pagat", {"players": 4, "friend_join": "first-played", "kitty_size": 4}),
]


@pytest.mark.parametrize("preset,changes", MIDDLE, ids=[c["friend_join"] + str(i) for i, (_, c) in enumerate(MIDDLE)])
def test_s15_2_every_drawn_world_gives_the_status_a_view_shows(preset, changes):
    compared = 0
    for seed in range(3 if rules.COMPILED else 1):
        record = random_hand(ruleset(preset, changes, seed == 1), 60 + seed, throw_rate=0.6)
        total = sum(len(t) for t in record.tricks)
        for k in (record.rules.players, total // 3, total // 2, (3 * total) // 4):
            position = dataclasses.replace(record, tricks=record.tricks[:k // record.rules.players])
            state = hand_state(position)
            for seat in [*range(record.rules.players), PUBLIC]:
                shown = view(position, state, seat).calls
                if all(c.status == "pending" for c in shown):
                    continue
                for w in draw_worlds(position, seat, 12, f"{seed}:{k}:{seat}").worlds:
                    world = dataclasses.replace(position, hands=w.deal, kitty=w.kitty,
                                                kitty_discard=w.kitty_discard or position.kitty_discard)
                    referee = hand_state(world).calls
                    for mine, theirs in zip(shown, referee, strict=True):
                        if mine.status != "pending":
                            assert (mine.status, mine.seat) == (theirs.status, theirs.seat), (seed, k, seat)
                            compared += 1
    assert compared


def test_s15_2_a_call_of_a_card_a_short_deck_does_not_hold_is_spent_for_everyone():
    rules_ = ruleset("pagat", {"players": 4, "friend_join": "first-played"}, True)
    record = random_hand(rules_, 5)
    absent = card("2C")
    r = dataclasses.replace(cut_at(record, 10), friends=(FriendCall(absent, 1),))
    assert hand_state(r).calls[0].status == "spent"
    for seat in [*range(4), PUBLIC]:
        assert statuses(r, seat) == [("spent", None)], seat


def test_s15_2_a_failed_throw_shows_the_card_it_gave_back():
    """Under holder, a seat whose failed throw gave back a copy of the called card holds it: the friend is
    known to every seat for which no seat between the dealer and it can hold one."""
    rules_ = Ruleset.preset("4399", partnership="find-friends", friend_join="holder", kitty_size=4)
    record = random_hand(rules_, 1, throw_rate=0.6)
    position = dataclasses.replace(record, tricks=record.tricks[:7])
    state = hand_state(position)
    assert [str(c.call.card) for c in state.calls] == ["9S"] and state.calls[0].seat == 3
    given_back = [p for t in state.tricks for p in t.plays if p.attempted is not None and p.seat == 3
                  and CARDS[card("9S")] in p.attempted and CARDS[card("9S")] not in p.cards]
    assert given_back
    assert statuses(position, 2) == [("joined", 3)]
    assert statuses(position, 0) == [("pending", None)]          # seat 2, between the dealer and 3, may hold one


def _fill(units: list[int], room: list[int]) -> bool:
    """Brute force: each copy (by the mask of places it may go to) placed one by one."""
    if not units:
        return not any(room)
    for i in range(len(room)):
        if units[0] >> i & 1 and room[i]:
            room[i] -= 1
            ok = _fill(units[1:], room)
            room[i] += 1
            if ok:
                return True
    return False


def test_hall_and_the_maximum_flow_decide_a_fill_as_the_brute_force_does():
    """rules.unseen.fits (Hall's condition) and its maximum flow agree with trying every placement."""
    rng = random.Random(29)
    decided = {True: 0, False: 0}
    for _ in range(2500):
        places = rng.randint(1, 4)
        supplies = [(rng.randint(0, (1 << places) - 1), rng.randint(0, 3)) for _ in range(rng.randint(1, 4))]
        total = sum(k for _, k in supplies)
        room = [0] * places
        for _ in range(total):
            room[rng.randrange(places)] += 1
        truth = _fill([mask for mask, k in supplies for _ in range(k)], room)
        assert fits(supplies, room) == truth, (supplies, room)
        assert (_max_flow(supplies, room) == total) == truth, (supplies, room)
        decided[truth] += 1
    assert min(decided.values()) > 200


def test_s15_2_the_quick_status_is_the_referees_on_every_placement():
    """rules.unseen reads a placement's status directly; the referee's functions (call_statuses,
    holder_friends) on the same placement give the same status, on every placement tried; where it
    reads the status off the places alone, every placement gives that status."""
    tried = constant = 0
    for (preset, changes), seed in itertools.product(MIDDLE + SMALL[:3], range(71, 75)):
        record = random_hand(ruleset(preset, changes, seed % 2 == 0), seed, throw_rate=0.5)
        for k in (len(record.tricks) // 4, len(record.tricks) // 2, len(record.tricks) - 2):
            position = dataclasses.replace(record, tricks=record.tricks[:k])
            state = hand_state(position)
            order = order_for(position.rules, state.trump)
            voids = voids_of(position.rules, order, state)
            for seat in [*range(position.rules.players), PUBLIC]:
                unseen = Unseen(position, state, seat, order, voids, seat == position.dealer)
                for i, c in enumerate(state.calls):
                    if position.rules.friend_join.value != "holder" and c.seat is not None:
                        continue
                    quick = unseen.quick_status(i)
                    caps = [min(size, unseen.pool[int(c.call.card)]) for size in unseen.sizes]
                    same = unseen._constant(i, caps)
                    constant += same is not None
                    for placed in itertools.islice(_placements(unseen.pool[int(c.call.card)], caps), 400):
                        assert quick(placed) == unseen.status(i, placed), (preset, k, seat, i, placed)
                        assert same is None or quick(placed) == same, (preset, k, seat, i, placed)
                        tried += 1
    assert tried > 1000 and constant > 10


def test_s15_2_the_seat_that_beat_a_failed_throw_held_a_higher_card():
    """Found by the oracle: seat 3 beat seat 0's throw of 8♥ Q♥ with its last card unseen to seat 2, and
    seat 1 beat the dealer's first throw with its own: neither can hold the unseen 8♠ of the call, so
    both copies left are in the kitty and the call is spent for seat 2, as every world gives."""
    preset, changes = SMALL[5]
    record = cut_at(random_hand(ruleset(preset, changes, False), 103, throw_rate=0.7), 1)
    assert [str(c.call.card) for c in hand_state(record).calls][0] == "8S"
    exact, _ = exact_statuses(record, 2, 5000)
    assert exact[0] == ("spent", None)
    assert statuses(record, 2) == exact


def test_s15_2_a_follow_without_a_pair_settles_a_status():
    """A seat that followed a pair lead with two single cards of the suit held no pair of it: with that,
    seat 3's view of this five-seat hand shows the call of the second 6♠ spent, as every world gives it
    (before the deduction it read pending)."""
    rules_ = ruleset("pagat", {"players": 5, "friend_join": "first-played"}, False)
    record = cut_at(random_hand(rules_, 1087, throw_rate=0.3), 1)
    exact, worlds = exact_statuses(record, 3, 4000)
    assert worlds > 1 and exact == [("spent", None)]
    assert statuses(record, 3) == exact


def _kept_by(unseen: Unseen, now, buried) -> list[tuple[str, object]]:
    """The deduction's facts (rules.unseen: caps, musts, blockers' holdings, facts of which one alternative
    holds) a world breaks, one by one and all together (the world's placement of a called card not kept
    under the caps and musts; a world meeting each fact of several alternatives meets all the caps and
    musts of one choice of them, so its placement is kept under that choice too)."""
    def held(place: int, c: int) -> int:
        return buried[c] if place == unseen.kitty_place else now[unseen.seats[place]][c]
    broken = []
    for (c, place), k in unseen.most.items():
        if held(place, c) > k:
            broken.append(("most", (CARDS[c], place, k)))
    for (c, mask), k in unseen.must.items():
        if sum(held(i, c) for i in range(unseen.places) if mask >> i & 1) < k:
            broken.append(("must", (CARDS[c], mask, k)))
    for place, cards in unseen.blocks:
        if not any(held(place, c) for c in cards):
            broken.append(("block", place))

    def meets(kind: int, c: int, where: int, k: int) -> bool:
        if kind == CAP:
            return held(where, c) <= k
        return sum(held(i, c) for i in range(unseen.places) if where >> i & 1) >= k
    for fact in unseen.either:
        if not any(all(meets(*x) for x in alt) for alt in fact):
            broken.append(("either", [[(kind, CARDS[c], where, k) for kind, c, where, k in alt] for alt in fact]))
    # all together: the world's placement of each call's card is one the deduction keeps
    for call in unseen.state.calls:
        c = int(call.call.card)
        copies = unseen.pool[c]
        caps = [0 if unseen.eff[c] in unseen.refused[i] else min(unseen.sizes[i], unseen.most.get((c, i), copies))
                for i in range(unseen.places)]
        spread = [unseen.own[c] if s == unseen.viewer else now[s][c] if s in now else 0
                  for s in range(unseen.n)] + [buried[c]]
        placed = unseen._placement(c, spread, caps)
        if placed is None or not unseen._fits(c, placed, *unseen._supplies(c)):
            broken.append(("placement", (CARDS[c], spread)))
    return broken


def _fewer_pairs_follows(record, order) -> list[int]:
    """The seats that followed a lead of more than one pair, or of a pair and singles, with cards of the
    led suit alone and fewer pairs than it led (what rules.unseen reads beyond a lead of one pair)."""
    state = hand_state(record)
    tricks = [t.plays for t in state.tricks] + ([state.current_trick.plays] if state.current_trick else [])
    seats = []
    for plays in tricks:
        units = lead_format(order, plays[0].cards).units
        led = sum(u.length for u in units if u.width == 2)
        if len(plays[0].cards) <= 2 or not led or any(u.width > 2 or u.kind == "rainbow" for u in units):
            continue
        suit = order.eff[plays[0].cards[0]]
        for p in plays[1:]:
            counts = Counter(int(c) for c in p.cards)
            if all(order.eff[c] == suit for c in counts) and sum(k // 2 for k in counts.values()) < led:
                seats.append(p.seat)
    return seats


def _facts_hold_in_every_world(record, hunt, statuses_too: bool) -> int:
    """For every seat and the public whose worlds the oracle enumerates: every fact the deduction reads
    holds in each of them (and, ``statuses_too``, each view's status is the one every world gives); the
    number of worlds read."""
    state = hand_state(record)
    order = order_for(record.rules, state.trump)
    voids = voids_of(record.rules, order, state)
    read = 0
    for seat in [*range(record.rules.players), PUBLIC]:
        unseen = Unseen(record, state, seat, order, voids, seat == record.dealer)
        try:
            worlds = list(every_world(record, seat, 1500))
        except TooMany:
            continue
        for _, now, buried in worlds:
            assert not _kept_by(unseen, now, buried), (hunt, seat)
        if statuses_too:
            assert statuses(record, seat) == exact_statuses(record, seat, 1500)[0], (hunt, seat)
        read += len(worlds)
    return read


@pytest.mark.parametrize("hunt", HUNTED if rules.COMPILED else HUNTED[::3], ids=str)
def test_s15_2_every_world_holds_what_the_follows_showed(hunt):
    """Every fact the deduction reads (rules.unseen: caps from follows with fewer pairs than a lead of
    pairs and tractors, or with no tractor under a tractor lead; a throw's units; declarations; failed
    throws) holds in every world the oracle enumerates, for every seat and the public; each position
    has a follow with fewer pairs than a lead of more than one pair, or of a pair and singles."""
    record = hunted(*hunt)
    state = hand_state(record)
    assert _fewer_pairs_follows(record, order_for(record.rules, state.trump)), hunt
    assert _facts_hold_in_every_world(record, hunt, statuses_too=False)


def test_s15_2_two_throws_beaten_by_one_seat_need_one_higher_card():
    """Found by the hunt: seat 3 beat seat 1's throw on the single Q♥, then on the single 10♥, and holds
    K♥: one card above both.  The deduction took each for a card of its own and kept no placement of
    the called 10♦ for the dealer, seat 1 (pending); one card meets both, and every world of seat 1
    gives spent (the second 10♦ is in the kitty it buried)."""
    record = hunted(2, 600288, 4, 1)
    state = hand_state(record)
    assert [str(t.throw.forced_unit.cards[0]) for t in state.tricks if t.throw and t.throw.beaten_by == 3] == ["QH", "10H"]
    exact, worlds = exact_statuses(record, 1, 3000)
    assert worlds > 1 and exact == [("spent", None)]
    assert statuses(record, 1) == exact
    order = order_for(record.rules, state.trump)
    unseen = Unseen(record, state, 1, order, voids_of(record.rules, order, state), True)
    assert len(unseen.blocks) == 1
    for _, now, buried in every_world(record, 1, 3000):
        assert not _kept_by(unseen, now, buried)


# positions of the hunt's stronger bias (friend_hunt.position(..., strong=True)) where the facts of a
# follow, a throw or a blocker beyond the pair caps show: a failed throw beaten on a pair or a tractor, a
# throw's tractor that stood, a follow with pairs but no tractor under a tractor lead, pairs under more
# pairs with three decks; the last four a triple led and followed with no pair
FACTS = [(11, 4100025, 1, 3), (6, 4100020, 1, 3), (2, 4100058, 1, 3), (13, 4100097, 1, 3),
         (8, 4100050, 1, 1), (11, 4100095, 1, 0), (13, 4100111, 1, 3), (12, 4100054, 1, 4),
         (11, 5100015, 1, 0), (13, 5100101, 1, 0), (12, 5100106, 1, 0), (13, 5100158, 1, 4)]


@pytest.mark.parametrize("hunt", FACTS if rules.COMPILED else FACTS[::4], ids=str)
def test_s15_2_every_world_holds_what_the_tractors_and_throws_showed(hunt):
    """Every fact the deduction reads -- caps, musts, the blockers' holdings, and the facts of which one
    alternative holds (a run of a tractor no seat held, the pair or tractor a blocker held) -- holds in
    every world the oracle enumerates, for every seat and the public, and each view's status is the
    one every world gives."""
    assert _facts_hold_in_every_world(hunted(*hunt, strong=True), hunt, statuses_too=True)


def _called(hunt: tuple, calls: str, *, strong: bool = True):
    """The hunt's position with its friend calls replaced (``"3S#3"``: the third 3♠)."""
    return dataclasses.replace(hunted(*hunt, strong=strong), friends=tuple(
        FriendCall(card(c.split("#")[0]), int(c.split("#")[1])) for c in calls.split()))


def test_s15_2_a_follow_with_fewer_pairs_with_three_decks_settles_a_status():
    """Found by the hunt (4399 with three decks, first-played): seat 2 followed the trump tractor
    Q♠Q♠K♠K♠ with one pair (9♠9♠, ♠ trump at level 9) and two singles holding more trumps, so it held
    no other pair of trumps then, and once it played a 3♠ later, no other 3♠.  The third 3♠ is then in
    the kitty for seat 0 (one card of seat 2 unseen, the kitty's four): the call of the third 3♠ is
    spent, as every world gives (it read pending when only a follow with no pair was read with three
    decks)."""
    record = _called((11, 3100024, 1, 4), "3S#3")
    exact, worlds = exact_statuses(record, 0, 3000)
    assert worlds > 1 and exact == [("spent", None)]
    assert statuses(record, 0) == exact


def test_s15_2_the_seat_that_beat_a_pair_held_a_higher_pair():
    """Found by the hunt (three decks, pagat, first-played): seat 3 beat seat 2's throw 6♠6♠Q♠ on the
    pair; of the spade pairs above 6♠ only K♠K♠ fits what seat 3 played since (one K♠) and the copies
    left, so its last card is a K♠, not the third 8♥ (♥ trump) of the call.  With seat 1 holding the
    8♦ its failed throw gave back and seat 2 void of trumps, that 8♥ is in the kitty for seat 4: spent,
    as every world gives (it read pending before the blocker's pair was read)."""
    record = _called((13, 3100098, 1, 2), "8H#3")
    state = hand_state(record)
    assert any(t.throw and t.throw.stands is False and t.throw.beaten_by == 3 and t.throw.forced_unit.width == 2
               for t in state.tricks)
    exact, worlds = exact_statuses(record, 4, 3000)
    assert worlds > 1 and exact == [("spent", None)]
    assert statuses(record, 4) == exact
