"""Sections 14.7 and 15.4: worlds of records with steals of the kitty (炒底).

A seat does not see the burials it neither made nor picked up, so a world holds, beside the deal, every
such burial.  The reference is a brute force: every split of the unseen cards among the places now
(the other hands, the last burial where the seat did not see it), then every history of the burials
back to the deal -- each burial the seat did not see any set of the burier's cards, each one it saw
as it was -- weighted by its physical cards (two copies of a card are two cards), and kept when the
record replays with the same public events.  The sampler's draws must all be in it and pass a
chi-square test of uniformity against its weights.
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from itertools import combinations, product
from math import comb, factorial

from rules.adjudicate import Exchange
from rules.cards import CARDS
from rules.decks import copies_in_play
from rules.ruleset import Ruleset
from rules.state import hand_state
from rules.views import PUBLIC, view
from rules.violations import InputError
from rules.worlds import (
    WORLD_DRAWS,
    WORLD_REPLAYS,
    Burials,
    _chain_finals,
    _designations,
    _kitties,
    _pick_kitty,
    draw_worlds,
)
from tests.rules.random_hands import random_hand
from tests.rules.test_worlds import chi_square_ok, cut, public_events, splits

SMALL = Ruleset.preset("pagat", kitty_theft=True, decks=1, kitty_size=2, joker_declarations="all-decks",
                       declaration_style="count")          # 13 cards a hand, a kitty of 2: histories stay few
QQ = Ruleset.preset("qq", kitty_theft=True)
TWO_DECKS = Ruleset.preset("pagat", kitty_theft=True, decks=2)


def stolen_hand(rules: Ruleset, seed: int, steals: int):
    """A random legal hand of ``rules`` with ``steals`` steals of the kitty (each stealer buries a random
    set of its cards), played out by the referee's own samples."""
    for s in range(seed, seed + 400):
        record = random_hand(rules, s)
        if not record.declarations:
            continue
        played = steal_and_play(record, random.Random(s), steals, s)
        if played is not None:
            return played
    raise AssertionError("no hand with that many steals")


def steal_and_play(record, rng: random.Random, steals: int, label: int):
    """``record`` dealt again with ``steals`` steals of the kitty, each by a random seat that can steal, with
    a random option, burying random cards of those it holds and picked up, then played out by the
    referee's own samples (its calls made when asked); None where the seats cannot steal that often or
    the calls do not suit the trump the steals made."""
    rules = record.rules
    calls = record.friends
    record = dataclasses.replace(record, friends=(), tricks=())
    done: list[Exchange] = []
    for _ in range(steals):
        state = hand_state(record)
        if state.phase != "stealing":
            return None
        seat = rng.choice([x for x in range(rules.players) if state.declarations[x]])
        option = rng.choice(state.declarations[seat])
        pool = list(state.hands[seat]) + list(done[-1].discard if done else record.kitty_discard)
        rng.shuffle(pool)
        done.append(Exchange(seat, tuple(option.cards), tuple(sorted(pool[:rules.kitty]))))
        record = dataclasses.replace(record, exchanges=tuple(done))
    for i in range(400):
        state = hand_state(record, declarations_closed=True, sample=1, seed=f"{label}-{i}")
        if state.phase == "over":
            return record
        if state.phase == "calling" and not record.friends:
            record = dataclasses.replace(record, friends=calls)
            continue
        if state.phase != "playing":
            return None
        tricks = list(record.tricks)
        if not tricks or len(tricks[-1]) == rules.players:
            tricks.append(())
        tricks[-1] = tricks[-1] + (state.next.plays[0],)
        record = dataclasses.replace(record, tricks=tuple(tricks))
    return None


def burials(record) -> list[tuple]:
    return [record.kitty_discard] + [x.discard for x in record.exchanges]


def sub_multisets(pool: Counter, size: int):
    """Every sub-multiset of ``pool`` with ``size`` cards, with its physical choices (prod C(pool[c], t[c]))."""
    kinds = sorted(pool)
    for counts in product(*[range(pool[c] + 1) for c in kinds]):
        if sum(counts) == size:
            ways = 1
            for c, t in zip(kinds, counts, strict=True):
                ways *= comb(pool[c], t)
            yield Counter({c: t for c, t in zip(kinds, counts, strict=True) if t}), ways


def brute_stolen(record, viewer: int) -> dict[tuple, int]:
    """Every world of ``viewer`` by brute force (the module docstring), keyed by the dealt hands, the kitty
    as dealt and every burial, with its physical weight.  The plays are judged once per split (they
    depend on the hands after the exchanges and the trump, which every history of a split shares), the
    declarations and steals per history (the record without its tricks)."""
    state = hand_state(record)
    rules = record.rules
    n, k = rules.players, rules.kitty
    buriers = [record.dealer] + [x.seat for x in record.exchanges]
    m = len(record.exchanges)
    played = [Counter() for _ in range(n)]
    for t in state.tricks:
        for p in t.plays:
            played[p.seat].update(int(c) for c in p.cards)
    if state.current_trick is not None:
        for p in state.current_trick.plays:
            played[p.seat].update(int(c) for c in p.cards)
    over = state.phase == "over"
    last_known = viewer == buriers[-1] or over
    in_play = copies_in_play(rules, record.levels[record.dealer], record.levels)
    unseen = Counter({c: in_play[c] for c in range(54)})
    for h in played:
        unseen.subtract(h)
    if viewer != PUBLIC:
        unseen.subtract(int(c) for c in state.hands[viewer])
    if last_known:
        unseen.subtract(int(c) for c in burials(record)[-1])
    unseen = +unseen
    others = [s for s in range(n) if s != viewer]
    sizes = [len(state.hands[s]) for s in others] + ([] if last_known else [k])
    real = public_events(state)
    bare = dataclasses.replace(record, tricks=())
    real_bare = hand_state(bare, declarations_closed=True)
    out: dict[tuple, int] = {}
    for parts in splits(unseen, sizes):
        weight = 1
        for c, x in unseen.items():
            weight *= factorial(x)
            for h in parts:
                weight //= factorial(h[c])
        after = [Counter(int(c) for c in state.hands[s]) + played[s] if s == viewer else None for s in range(n)]
        for s, h in zip(others, parts[:len(others)], strict=True):
            after[s] = h + played[s]
        last = Counter(int(c) for c in burials(record)[-1]) if last_known else parts[-1]
        histories: list[tuple[list[Counter], Counter, list[Counter], int]] = []
        _back(record, viewer, buriers, m, [Counter(h) for h in after], Counter(last), [], 1, histories)
        plays_ok: bool | None = None
        for dealt, kitty, buried, ways in histories:
            deal = tuple(tuple(sorted(CARDS[c] for c in h.elements())) for h in dealt)
            shown = [tuple(sorted(CARDS[c] for c in b.elements())) for b in buried]
            dealt_kitty = tuple(record.kitty) if viewer == record.dealer else tuple(sorted(CARDS[c] for c in kitty.elements()))
            changed = dataclasses.replace(
                bare, hands=deal, kitty=dealt_kitty, kitty_discard=shown[0],
                exchanges=tuple(dataclasses.replace(x, discard=b) for x, b in zip(record.exchanges, shown[1:], strict=True)))
            st = hand_state(changed, declarations_closed=True)
            if st.phase == "illegal" or st.trump != real_bare.trump:
                continue
            if plays_ok is None:
                whole = hand_state(dataclasses.replace(changed, tricks=record.tricks))
                plays_ok = whole.phase != "illegal" and public_events(whole) == real
            if not plays_ok:
                break
            key = (tuple(deal[s] for s in others), tuple(sorted(dealt_kitty)), tuple(shown))
            out[key] = out.get(key, 0) + weight * ways
    return out


def _back(record, viewer: int, buriers, j: int, hands: list[Counter], kitty: Counter, buried: list[Counter],
          ways: int, histories: list) -> None:
    """Undo the burials from the ``j``-th back (``kitty`` is the ``j``-th burial), every way: each history
    as the hands and kitty as dealt, the burials and its physical choices."""
    k = record.rules.kitty
    if j < 0:
        histories.append((hands, kitty, buried, ways))
        return
    seat = buriers[j]
    pool = hands[seat] + kitty
    if seat == viewer or (j >= 1 and buriers[j - 1] == viewer):       # what it picked up, seen
        took = Counter(int(c) for c in (record.kitty if j == 0 else burials(record)[j - 1]))
        if took - pool:
            return
        options = [(took, 1 if seat == viewer else _product(comb(pool[c], took[c]) for c in took))]
    else:
        options = list(sub_multisets(pool, k))
    for took, w in options:
        before = [Counter(h) for h in hands]
        before[seat] = pool - took
        _back(record, viewer, buriers, j - 1, before, took, [kitty] + buried, ways * w, histories)


def _product(values) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def key_of(world, viewer: int, n: int) -> tuple:
    return (tuple(world.deal[s] for s in range(n) if s != viewer), tuple(sorted(world.kitty)),
            (world.kitty_discard,) + world.discards)


def world_record(position, world):
    """The record with the world's deal and burials: a record the seat cannot tell from ``position``."""
    return dataclasses.replace(position, hands=world.deal, kitty=world.kitty, kitty_discard=world.kitty_discard,
                               exchanges=tuple(dataclasses.replace(x, discard=d)
                                               for x, d in zip(position.exchanges, world.discards, strict=True)))


def sample(position, viewer: int, calls: int, label: str) -> Counter:
    drawn: Counter = Counter()
    for i in range(calls):
        got = draw_worlds(position, viewer, 200, f"{label}-{i}")
        assert got.count is None and got.worlds
        drawn.update(key_of(w, viewer, position.rules.players) for w in got.worlds)
    return drawn


def marginal(weights: dict[tuple, int], part) -> dict:
    out: dict = {}
    for key, w in weights.items():
        out[part(key)] = out.get(part(key), 0) + w
    return out


def test_s14_7_worlds_of_the_dealer_after_a_steal_match_the_brute_force():
    """The dealer saw the burial the stealer took: it lies with the stealer or in the last burial, and each
    world weighs as many physical choices of the copies the stealer took as it has."""
    record = stolen_hand(QQ, 64, 1)
    dealer, stealer = record.dealer, record.exchanges[0].seat
    assert dealer != stealer
    position = cut(record, sum(len(t) for t in record.tricks) - 3)
    brute = brute_stolen(position, dealer)
    assert len(brute) > 5 and len(set(brute.values())) > 1      # unequal physical weights
    drawn = sample(position, dealer, 5, "dealer")
    assert set(drawn) == set(brute)
    assert chi_square_ok(drawn, brute, sum(drawn.values()))


def test_s14_7_worlds_of_the_last_stealer_match_the_brute_force():
    """The last stealer saw the burial it took and the one it made; the dealer's kitty as dealt is any set
    of the dealer's cards that leaves the record legal."""
    record = stolen_hand(SMALL, 0, 1)
    stealer = record.exchanges[0].seat
    position = cut(record, sum(len(t) for t in record.tricks) - 3)
    brute = brute_stolen(position, stealer)
    assert len(brute) > 50
    drawn = sample(position, stealer, 10, "stealer")
    assert set(drawn) <= set(brute) and len(drawn) > 0.9 * len(brute)
    assert chi_square_ok(drawn, brute, sum(drawn.values()))


def test_s14_7_worlds_of_a_seat_that_saw_no_burial_match_the_brute_force():
    """A seat that neither dealt nor stole, once the hand is over (the last burial is public): every burial
    before it is hidden, and every pair of them that replays is a world."""
    record = stolen_hand(SMALL, 0, 1)
    seat = next(s for s in range(4) if s not in (record.dealer, record.exchanges[0].seat))
    assert hand_state(record).phase == "over"
    brute = brute_stolen(record, seat)
    assert len(brute) > 1000
    drawn = sample(record, seat, 8, "bystander")
    assert set(drawn) <= set(brute)
    for part in (lambda key: key[2][0], lambda key: key[1]):        # the dealer's burial; the kitty as dealt
        assert chi_square_ok(Counter({part(k): 0 for k in brute}) + _by(drawn, part), marginal(brute, part),
                             sum(drawn.values()))


def _by(drawn: Counter, part) -> Counter:
    out: Counter = Counter()
    for key, x in drawn.items():
        out[part(key)] += x
    return out


def test_s14_7_worlds_of_the_first_of_two_stealers_match_the_brute_force():
    """The first stealer saw the burial the second took: it lies with the second stealer (or in its
    burial, seen by everyone once the hand is over)."""
    record = stolen_hand(SMALL, 0, 2)
    first, second = (x.seat for x in record.exchanges)
    assert len({record.dealer, first, second}) == 3
    position = cut(record, sum(len(t) for t in record.tricks) - 3)
    brute = brute_stolen(position, first)
    assert len(brute) > 100
    drawn = sample(position, first, 10, "first")
    assert set(drawn) <= set(brute)
    assert chi_square_ok(drawn, brute, sum(drawn.values()))
    brute = brute_stolen(position, record.dealer)          # the dealer's burial went through both steals
    drawn = sample(position, record.dealer, 5, "dealer-of-two")
    assert set(drawn) == set(brute)
    assert chi_square_ok(drawn, brute, sum(drawn.values()))


def test_s14_7_worlds_of_the_dealer_after_two_steals_match_the_brute_force():
    """Two seats stole after the dealer, and the dealer's burial is still hidden in hands: the first stealer
    took it, so its cards lie with the first stealer, or went on through the second stealer's pick-up to its
    hand or the last burial -- each history counted once (the designated copies of the module docstring)."""
    record = stolen_hand(SMALL, 323, 2)
    buriers = [record.dealer] + [x.seat for x in record.exchanges]
    assert len(set(buriers)) == 3
    position = cut(record, sum(len(t) for t in record.tricks) - 5)
    state = hand_state(position)
    played = {c for t in state.tricks for p in t.plays for c in p.cards}
    assert not played & set(record.kitty_discard)                 # no card of the dealer's burial shown yet
    brute = brute_stolen(position, record.dealer)
    assert len(brute) > 200
    drawn = sample(position, record.dealer, 10, "dealer-two")
    assert set(drawn) <= set(brute) and len(drawn) > 0.9 * len(brute)
    assert chi_square_ok(drawn, brute, sum(drawn.values()))


def test_s14_7_worlds_of_the_last_of_two_stealers_match_the_brute_force():
    """The second stealer saw the burial it took; the first stealer's and the dealer's burials are hidden,
    and each kept what it declared before picking up the kitty: the count of the burials' histories
    weighs each placement by them (rules.worlds, *Steals: the burials' histories in the count*), so no
    draw is rejected for a declaration, and the worlds are every world of the brute force, as likely."""
    record = stolen_hand(SMALL, 0, 2)
    buriers = [record.dealer] + [x.seat for x in record.exchanges]
    assert len(set(buriers)) == 3
    last = buriers[-1]
    position = cut(record, sum(len(t) for t in record.tricks) - 3)
    got = draw_worlds(position, last, 100, "last-of-two")
    assert got.complete and got.draws <= 100 + 2 * 20      # the pilot draws, and no rejection to speak of
    brute = brute_stolen(position, last)
    assert len(brute) > 1000
    drawn = sample(position, last, 20, "last-of-two")
    assert set(drawn) <= set(brute)
    for part in (lambda key: key[2][0], lambda key: key[1], lambda key: key[0][0]):   # burial 0, kitty, a hand
        assert chi_square_ok(Counter({part(k): 0 for k in brute}) + _by(drawn, part), marginal(brute, part),
                             sum(drawn.values()))


def test_s14_7_worlds_of_a_dealer_that_stole_back_match_the_brute_force():
    """Two decks: the dealer buried, another seat stole, the dealer stole back.  The dealer saw the burial
    the other seat took and the one it picked up, so the other seat's cards before burying held the dealer's
    burial; a world weighs as many physical choices of those copies as it has (unequal weights)."""
    record = stolen_hand(TWO_DECKS, 32, 2)
    buriers = [record.dealer] + [x.seat for x in record.exchanges]
    assert buriers[0] == buriers[2] != buriers[1]
    position = cut(record, sum(len(t) for t in record.tricks) - 7)
    brute = brute_stolen(position, record.dealer)
    assert len(brute) > 300 and len(set(brute.values())) > 3
    drawn = sample(position, record.dealer, 10, "stole-back")
    assert set(drawn) <= set(brute) and len(drawn) > 0.9 * len(brute)
    assert chi_square_ok(drawn, brute, sum(drawn.values()))


def test_s14_7_a_chain_s_designated_copies_count_every_history_with_its_physical_choices():
    """The identity the draw rests on, checked exhaustively on random small chains with repeated cards: the
    physical histories of a chain (each step's picked-up kitty any ``k`` of the stealer's cards and the
    burial it took), each counted prod_c C(P[c], B[c]) times (the first stealer's cards holding the seen
    burial ``B``), add up to the (designation, history) pairs that :func:`_chain_finals` counts."""
    rng = random.Random(29)
    for _ in range(40):
        k = rng.choice([1, 2, 3])
        steps = rng.choice([1, 2, 3])
        hands = [[rng.randrange(5) for _ in range(rng.randrange(1, 4))] for _ in range(steps)]
        end = [rng.randrange(5) for _ in range(k)]
        seen = Counter(rng.randrange(5) for _ in range(k))
        total = _histories(hands, end, seen, k)
        types = sorted(seen)
        where = [Counter(h) for h in hands] + [Counter(end)]
        stages = _designations([[w[c] for w in where] for c in types], [seen[c] for c in types], len(where))
        got = sum(f for _, f in _chain_finals(stages, [len(h) + k for h in hands], k))
        assert got == total, (hands, end, seen, k)


def test_s14_7_a_steps_kitty_leaves_its_declarations_and_each_such_kitty_is_as_likely():
    """The step the draw undoes for a burier that must keep what it declared (rules.worlds, *Steals*): among
    every set of ``k`` of its physical cards, exhaustively, :func:`_kitties` counts those that leave the
    declared copies in hand, none has more than the step's most over every number of copies it may hold,
    and :func:`_pick_kitty` draws those sets uniformly (chi-square over the physical sets)."""
    rng = random.Random(147)
    for case in range(60):
        k = rng.choice([1, 2, 3, 4])
        cards = sorted(rng.sample([c for c in range(6) for _ in range(2)], rng.randrange(k + 1, 11)))   # two decks
        counts = Counter(cards)
        needs = sorted((c, rng.randint(1, 2)) for c in rng.sample(sorted(set(range(6))), rng.choice([1, 2])))
        have = tuple(counts[c] for c, _ in needs)
        need = tuple(x for _, x in needs)
        leaving = [took for took in combinations(range(len(cards)), k)
                   if all(have[j] - sum(1 for i in took if cards[i] == c) >= x for j, (c, x) in enumerate(needs))]
        assert _kitties(len(cards), k, have, need) == len(leaving), (cards, k, needs)
        most = max(_kitties(len(cards), k, h, need) for h in product(*[range(3) for _ in needs]) if sum(h) <= len(cards))
        assert len(leaving) <= most
        if case % 6 == 0 and leaving:
            weights = Counter(tuple(sorted(cards[i] for i in took)) for took in leaving)
            drawn = Counter(tuple(sorted(_pick_kitty(list(cards), k, needs, rng))) for _ in range(3000))
            assert set(drawn) <= set(weights) and chi_square_ok(drawn, weights, 3000), (cards, k, needs)


def _histories(hands: list[list[int]], kitty: list[int], seen: Counter, k: int) -> int:
    """Every physical history of a chain undone from its last step: the sum of prod_c C(P[c], seen[c])."""
    pool = hands[-1] + kitty
    if len(hands) == 1:
        return _product(comb(Counter(pool)[c], x) for c, x in seen.items())
    return sum(_histories(hands[:-1], [pool[i] for i in took], seen, k) for took in combinations(range(len(pool)), k))


def test_s14_7_the_burials_histories_count_and_draw_every_physical_history_that_keeps_the_needs():
    """The count every burier's needs rest on (rules.worlds, *Steals: every burier's needs in the count*),
    exhaustively on random small records with repeated cards and buriers that bury twice: undoing the
    burials from the last, each picked-up kitty any ``k`` of the burier's physical cards (or, at the seat's
    own step, the kitty it saw), the histories leaving each burier what it must keep number what
    :class:`Burials` counts from the kept cards' copies alone; and its steps, drawn in proportion to the
    histories each leaves, give every such history equally often (chi-square)."""
    rng = random.Random(1407)
    for case in range(50):
        k = rng.choice([1, 2, 3])
        seats = rng.choice([2, 3])
        buriers = [rng.randrange(seats) for _ in range(rng.choice([2, 3, 4]))]
        hands = [[rng.randrange(5) for _ in range(rng.randrange(1, 4))] for _ in range(seats)]
        last = [rng.randrange(5) for _ in range(k)]
        known = rng.random() < 0.3 and buriers[-1] == 0      # the seat is 0 and its pick-up (the top step) seen
        taken = rng.randrange(1, len(buriers)) if rng.random() < 0.4 else None    # a step whose pick-up the seat saw
        seen = {0: rng.sample(hands[0] + last, k) if known else None,
                taken: [rng.randrange(5) for _ in range(k)] if taken is not None else None}
        types = tuple(sorted(set(rng.sample(range(5), rng.choice([1, 2]))) | set(seen.get(taken) or ())))
        needs = [tuple(rng.choice([0, 0, 1, 2]) for _ in types) for _ in buriers]
        steps = tuple((b, (0,) * len(types) if known and i == 0 else needs[i],
                       tuple(Counter(seen[i])[c] for c in types) if seen.get(i) is not None else None,
                       i == taken and i != 0) for i, b in enumerate(reversed(buriers)))
        burials = Burials(types, steps, tuple(len(h) for h in hands), k)
        histories: Counter = Counter()
        _undo(types, steps, [list(h) for h in hands], last, k, seen, [], 1, histories)
        held = tuple(tuple(Counter(h)[c] for c in types) for h in hands)
        start = tuple(Counter(last)[c] for c in types)
        assert burials.histories(0, start, held) == sum(histories.values()), (buriers, hands, last, needs, k)
        if case % 5 == 0 and histories:
            drawn: Counter = Counter()
            for _ in range(2000):
                kitty, state, path = start, held, []
                for i in range(len(steps)):
                    kitty, state = burials.pick(i, kitty, state, rng)
                    path.append(kitty)
                drawn[tuple(path)] += 1
            by_types: Counter = Counter()
            for path, w in histories.items():
                by_types[tuple(tuple(Counter(t)[c] for c in types) for t in path)] += w
            assert set(drawn) <= set(by_types) and chi_square_ok(drawn, dict(by_types), 2000)


def _undo(types, steps, hands: list[list[int]], kitty: list[int], k: int, seen: dict, path: list, ways: int,
          out: Counter) -> None:
    """Every physical history of ``steps`` (as :class:`Burials` takes them) from the last burial ``kitty``:
    each picked-up kitty as the sorted cards it took, counted once per physical choice of them (a kitty the
    seat saw: once, or, taken by another seat, once per choice of which copies of the burier's cards)."""
    if len(path) == len(steps):
        out[tuple(path)] += ways
        return
    seat, need, known, chosen = steps[len(path)]
    pool = hands[seat] + kitty
    choices = [tuple(sorted(seen[len(path)]))] if known is not None else [
        tuple(sorted(pool[i] for i in took)) for took in combinations(range(len(pool)), k)]
    for took in choices:
        left = Counter(pool)
        left.subtract(took)
        if min(left.values(), default=0) < 0 or any(left[c] < x for c, x in zip(types, need, strict=True)):
            continue
        w = _product(comb(Counter(pool)[c], x) for c, x in Counter(took).items()) if chosen else 1
        after = [list(h) for h in hands]
        after[seat] = list(left.elements())
        _undo(types, steps, after, list(took), k, seen, path + [took], ways * w, out)


def test_s14_7_every_world_replays_the_record_and_gives_the_same_view():
    """Every world drawn replays the record with the same public events and gives the seat the same view,
    in records with one to three steals; a seat whose two burials another seat took (the dealer stealing
    back twice) has its worlds drawn too, through the count of the burials' histories, where that count
    is within its bound (else refused, ``exchanges``)."""
    twice = refused = 0
    for rules, steals, seed in [(QQ, 1, 16), (SMALL, 2, 0), (QQ, 1, 0), (QQ, 1, 64), (SMALL, 2, 323),
                                (TWO_DECKS, 2, 32), (TWO_DECKS, 2, 16), (TWO_DECKS, 3, 450), (TWO_DECKS, 3, 850)]:
        record = stolen_hand(rules, seed, steals)
        total = sum(len(t) for t in record.tricks)
        buriers = [record.dealer] + [x.seat for x in record.exchanges]
        for plays in (0, total // 2 + 1, total):
            position = cut(record, plays)
            state = hand_state(position)
            real = public_events(state)
            for seat in [PUBLIC] + list(range(rules.players)):
                seen = view(position, state, seat)
                taken = [j for j in range(1, steals + 1) if buriers[j - 1] == seat != buriers[j]]
                try:
                    got = draw_worlds(position, seat, 4, f"replay-{seed}")
                except InputError as err:       # past the count of the histories: the chain's bounds
                    assert len(taken) > 1 and err.field == "exchanges"
                    refused += 1
                    continue
                twice += len(taken) > 1
                assert got.draws <= WORLD_DRAWS and got.replays <= WORLD_REPLAYS
                assert got.worlds or seat == PUBLIC     # a spectator's mid-hand count can pass its bounds
                for w in got.worlds:
                    assert len(w.discards) == steals
                    changed = world_record(position, w)
                    other = hand_state(changed)
                    assert other.phase != "illegal" and (public_events(other) == real or not plays)
                    assert [tuple(sorted(h)) for h in other.hands] == [tuple(sorted(h)) for h in w.hands]
                    assert view(changed, other, seat) == seen
    assert twice >= 1 and twice + refused == 3


def test_s15_2_a_view_while_a_steal_is_open_does_not_show_whether_any_seat_could_steal():
    """Right after a steal, whether another seat could steal again depends on hidden hands: the referee's
    phase is ``stealing`` in some worlds and ``playing`` in others, and every view is the same in both
    (found by the worlds: the public's steal options and the last burier's ``outlook`` differed)."""
    record = cut(stolen_hand(Ruleset.preset("shengji", kitty_theft=True), 7, 1), 0)
    state = hand_state(record)
    assert state.phase == "stealing"
    phases = set()
    for seat in [PUBLIC, *range(4)]:
        seen = view(record, state, seat)
        assert seen.phase == "stealing" and seen.outlook is None
        for w in draw_worlds(record, seat, 6, "open").worlds:
            changed = world_record(record, w)
            other = hand_state(changed)
            phases.add(other.phase)
            assert view(changed, other, seat) == seen
    assert phases == {"stealing", "playing"}


FRIENDS = Ruleset.preset("pagat", kitty_theft=True, decks=1, kitty_size=2, joker_declarations="all-decks",
                         declaration_style="count", partnership="find-friends", friend_join="first-played")


def brute_record(position, viewer: int, key: tuple):
    """The record of a brute-force world (its key: the other seats' dealt hands, the kitty as dealt, the burials)."""
    others = [s for s in range(position.rules.players) if s != viewer]
    hands = list(position.hands)
    for s, h in zip(others, key[0], strict=True):
        hands[s] = h
    kitty = position.kitty if viewer == position.dealer else key[1]
    return dataclasses.replace(position, hands=tuple(hands), kitty=kitty, kitty_discard=key[2][0],
                               exchanges=tuple(dataclasses.replace(x, discard=b)
                                               for x, b in zip(position.exchanges, key[2][1:], strict=True)))


def test_s15_2_friend_statuses_after_steals_are_the_ones_every_world_gives():
    """Find-friends with steals: the dealer's and the stealers' views show each call's status as every world
    of the brute force gives it (pending where two differ); the worlds' records replay with that view."""
    checked = shown = 0
    for seed in range(4, 8):
        record = stolen_hand(FRIENDS, seed * 5, 1)
        buriers = [record.dealer] + [x.seat for x in record.exchanges]
        position = cut(record, sum(len(t) for t in record.tricks) - 3)
        state = hand_state(position)
        for seat in sorted(set(buriers)):
            found: list[set] = [set() for _ in state.calls]
            brute = brute_stolen(position, seat)
            for key in brute:
                for i, c in enumerate(hand_state(brute_record(position, seat, key)).calls):
                    found[i].add((c.status, c.seat))
            exact = [next(iter(f)) if len(f) == 1 else ("pending", None) for f in found]
            assert [(c.status, c.seat) for c in view(position, state, seat).calls] == exact, (seed, seat)
            checked += 1
            shown += sum(1 for s, c in zip(exact, state.calls, strict=True) if s[0] != "pending" and c.seat is None)
    assert checked >= 6 and shown        # some status settled with no seat named: a deduction, not a play
