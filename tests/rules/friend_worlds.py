"""A brute-force oracle for section 15.2's friend statuses: every world of a seat, enumerated.

A world (section 15.4) is a deal of the cards a seat has not seen -- the other hands now and the buried
kitty where the seat has not seen it -- under which the whole record replays legally with the same
public events.  The oracle splits the unseen cards among those places in every distinct way, rebuilds
the record (a hand as dealt is its cards now and the cards it played; the dealer's as dealt is its cards
now, its plays and its burial less a kitty as dealt that leaves it its declarations), replays it with
the referee's walk, and reads the referee's statuses in every world kept.  The only pruning is a
necessary condition of any replay: a seat that followed a lead of one effective suit with fewer cards
of it than the lead holds none of it now (computed here, not by the code under test).

A record with steals of the kitty (section 14.7) is enumerated the same way, then undone back to the
deal: every burial the viewer did not see, last to first (:func:`_stolen_worlds`).

A view's call is exact when it is the status every world gives, and ``pending`` with no seat when two
worlds disagree.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import product

from rules.adjudicate import STATE, walk
from rules.cards import CARDS
from rules.decks import copies_in_play
from rules.order import order_for
from rules.state import hand_state
from rules.views import PUBLIC

PENDING = ("pending", None)


class TooMany(Exception):
    """The enumeration would pass its bound: the position is not used."""


def public_events(state):
    return (state.phase, None if state.trump is None else state.trump.to_dict(),
            [None if t.throw is None else (t.throw.stands, t.throw.beaten_by) for t in state.tricks],
            [len(h) for h in state.hands])


def _voids(record, state):
    order = order_for(record.rules, state.trump)
    out = [set() for _ in range(record.rules.players)]
    tricks = [t.plays for t in state.tricks] + ([state.current_trick.plays] if state.current_trick else [])
    for plays in tricks:
        suits = {order.eff[c] for c in plays[0].cards}
        if len(suits) != 1:
            continue
        suit = suits.pop()
        for p in plays[1:]:
            bomb = len(p.cards) >= 4 and len(set(p.cards)) == 1                # a bomb shows nothing
            if sum(1 for c in p.cards if order.eff[c] == suit) < len(plays[0].cards) and not bomb:
                out[p.seat].add(suit)
    return out, order


def _splits(cards: Counter, places, limit: int):
    """Every distinct split of ``cards`` into ``places`` ((size, suits refused, suit of each card)),
    at most ``limit`` of them (else :class:`TooMany`)."""
    kinds = sorted(cards)
    count = [0]
    steps = [0]

    def go(i, room, acc):
        steps[0] += 1
        if steps[0] > 40 * limit:                 # dead ends count too: the enumeration stays bounded
            raise TooMany
        if i == len(kinds):
            if not any(room):
                count[0] += 1
                if count[0] > limit:
                    raise TooMany
                yield [Counter(h) for h in acc]
            return
        c, k = kinds[i], cards[kinds[i]]
        open_ = [j for j, (_, refused, suit_of) in enumerate(places) if suit_of[c] not in refused]

        def spread(j, left):
            if j == len(open_):
                if left == 0:
                    yield []
                return
            for x in range(min(left, room[open_[j]]) + 1):
                for rest in spread(j + 1, left - x):
                    yield [x] + rest
        for split in spread(0, k):
            for j, x in zip(open_, split, strict=True):
                room[j] -= x
                acc[j][c] = x
            yield from go(i + 1, room, acc)
            for j, x in zip(open_, split, strict=True):
                room[j] += x
                acc[j][c] = 0
    yield from go(0, [size for size, _, _ in places], [Counter() for _ in places])


def _dealt_kitty(pool: Counter, declared: Counter, size: int, real: tuple):
    """A kitty as dealt out of the dealer's ``pool`` that leaves it the cards it declared with: the real one
    where it fits, else the pool's cards past those declarations, in card order."""
    if not Counter(int(c) for c in real) - pool and not declared - (pool - Counter(int(c) for c in real)):
        return tuple(real)
    spare = pool - declared
    out = sorted(spare.elements())[:size]
    if len(out) < size:
        return None
    return tuple(CARDS[c] for c in out)


def walked_events(w):
    return (str(w.stop), None if w.trump is None else w.trump.to_dict(),
            [None if t.throw is None else (t.throw.stands, t.throw.beaten_by) for t in w.tricks],
            [len(h) for h in w.hands])


def world_statuses(record, viewer: int, limit: int = 4000, until_mixed: bool = False):
    """Per friend call, the set of the referee's ``(status, seat)`` over every world of ``viewer``
    (a seat or PUBLIC), and the number of worlds read.  ``until_mixed``: stop once every call has taken
    two statuses (its exact view is then pending, whatever the other worlds give)."""
    found = [set() for _ in record.friends]
    worlds = 0
    for world, _, _ in every_world(record, viewer, limit):
        st = hand_state(world)
        worlds += 1
        for i, c in enumerate(st.calls):
            found[i].add((c.status, c.seat))
        if until_mixed and all(len(f) > 1 for f in found):
            break
    return found, worlds


def _sub_multisets(pool: Counter, size: int):
    kinds = sorted(pool)

    def go(i, left, acc):
        if left == 0:
            yield Counter(acc)
            return
        if i == len(kinds):
            return
        c = kinds[i]
        for t in range(min(pool[c], left), -1, -1):
            acc[c] = t
            yield from go(i + 1, left - t, acc)
        acc[c] = 0
    yield from (+b for b in go(0, size, Counter()))


def _unseen_places(record, state, viewer: int, last_burial):
    """What a viewer has not seen and where it may be: the copies each seat played, the unseen cards, the
    other seats, the places (each other hand now, and the last burial where ``last_burial`` is None: not
    seen) and the most copies of each card the dealer declared."""
    rules = record.rules
    n = rules.players
    played = [Counter() for _ in range(n)]
    plays = [p for t in state.tricks for p in t.plays] + list(state.current_trick.plays if state.current_trick else ())
    for p in plays:
        played[p.seat].update(int(c) for c in p.cards)
    in_play = copies_in_play(rules, None if record.first_hand else record.levels[record.dealer], record.levels)
    unseen = Counter({c: k for c, k in enumerate(in_play) if k})
    for h in played:
        unseen.subtract(h)
    if viewer != PUBLIC:
        unseen.subtract(int(c) for c in state.hands[viewer])
    if last_burial is not None:
        unseen.subtract(int(c) for c in last_burial)
    assert all(k >= 0 for k in unseen.values())
    unseen = +unseen
    voids, order = _voids(record, state)
    others = [s for s in range(n) if s != viewer]
    places = [(len(state.hands[s]), voids[s], order.eff) for s in others]
    if rules.kitty and last_burial is None:
        places.append((rules.kitty, set(), order.eff))
    declared = Counter()
    for s, cards in record.declarations:
        if s == record.dealer:
            for c, k in Counter(int(x) for x in cards).items():
                declared[c] = max(declared[c], k)
    return played, unseen, others, places, declared


def every_world(record, viewer: int, limit: int = 4000):
    """Every world of ``viewer``: the record under it, the other seats' hands now (seat -> Counter of card
    indices) and the kitty now (a Counter); :class:`TooMany` past ``limit`` splits (with a steal of the
    kitty: :func:`_stolen_worlds`)."""
    state = hand_state(record)
    assert state.phase in ("playing", "over"), state.phase
    if record.exchanges:
        yield from _stolen_worlds(record, state, viewer, limit)
        return
    dealer = record.dealer
    kitty_known = state.phase == "over" or viewer == dealer
    played, unseen, others, places, declared = _unseen_places(record, state, viewer,
                                                              record.kitty_discard if kitty_known else None)
    real = walked_events(walk(record, reading=STATE))
    assert real[0] == state.phase and real[2] == public_events(state)[2]
    for _ in _splits(unseen, places, limit):      # past the bound: TooMany before any replay
        pass
    for split in _splits(unseen, places, limit):
        now = {s: h for s, h in zip(others, split[:len(others)], strict=True)}
        buried = split[-1] if len(split) > len(others) else Counter(int(c) for c in record.kitty_discard)
        deal = list(record.hands)
        kitty = record.kitty
        for s, h in now.items():
            if s != dealer:
                deal[s] = tuple(sorted(CARDS[c] for c in (h + played[s]).elements()))
        if dealer != viewer:
            pool = now[dealer] + played[dealer] + buried
            kitty = _dealt_kitty(pool, declared, len(record.kitty), record.kitty)
            if kitty is None:
                continue
            deal[dealer] = tuple(sorted(CARDS[c] for c in (pool - Counter(int(c) for c in kitty)).elements()))
        world = dataclasses.replace(record, hands=tuple(deal), kitty=tuple(kitty),
                                    kitty_discard=tuple(sorted(CARDS[c] for c in buried.elements())))
        w = walk(world, reading=STATE)
        if w.illegal is not None or walked_events(w) != real:
            continue
        yield world, now, buried


def _stolen_worlds(record, state, viewer: int, limit: int):
    """:func:`every_world` of a record with steals (section 14.7): the buriers are the dealer then each
    stealer in turn, ``t_0 .. t_m``; ``t_j`` buried ``B_j`` (``B_m`` is the kitty now) and, for ``j >= 1``,
    had picked up ``B_(j-1)``.  The places now are split as without a steal (``B_m`` is a place unless
    ``viewer`` is ``t_m`` or the hand is over); then the history is undone from the last burial back:
    before burying ``B_j``, ``t_j`` held its cards after plus ``B_j``, of which ``B_(j-1)`` is the real one
    where ``viewer`` saw it (it is ``t_(j-1)`` or ``t_j``), else any set of ``kitty`` of those cards; the
    dealer's cards as dealt and the kitty as dealt are its cards before its own burial and ``B_0``, split
    as :func:`_dealt_kitty` does.  :class:`TooMany` past ``limit`` (split, history) pairs."""
    rules = record.rules
    n, k = rules.players, rules.kitty
    buriers = (record.dealer, *(x.seat for x in record.exchanges))
    real = [Counter(int(c) for c in b) for b in (record.kitty_discard, *(x.discard for x in record.exchanges))]
    m = len(record.exchanges)
    dealer = record.dealer
    last_known = state.phase == "over" or viewer == buriers[m]
    played, unseen, others, places, declared = _unseen_places(record, state, viewer, record.exchanges[-1].discard
                                                              if last_known else None)

    def histories(split):
        """Each history of ``split``: every seat's cards before the dealer's burial, and ``B_0 .. B_m``."""
        now = dict(zip(others, split[:len(others)], strict=True))
        cards = {s: (now[s] if s in now else Counter(int(c) for c in state.hands[s])) + played[s] for s in range(n)}

        def back(j, cards, buried):
            if j == 0:
                yield cards, buried
                return
            seat = buriers[j]
            held = cards[seat] + buried[0]           # t_j's cards before it buried B_j
            if viewer in (buriers[j - 1], seat):
                options = [real[j - 1]] if not real[j - 1] - held else []
            else:
                options = _sub_multisets(held, k)
            for took in options:
                yield from back(j - 1, {**cards, seat: held - took}, [took, *buried])
        yield from back(m, cards, [split[-1] if not last_known else real[m]])

    events = walked_events(walk(record, reading=STATE))
    total = 0
    for split in _splits(unseen, places, limit):   # past the bound: TooMany before any replay
        for _ in histories(split):
            total += 1
            if total > limit:
                raise TooMany
    for split in _splits(unseen, places, limit):
        now = dict(zip(others, split[:len(others)], strict=True))
        for cards, buried in histories(split):
            deal = list(record.hands)
            for s in others:
                if s != dealer:
                    deal[s] = tuple(sorted(CARDS[c] for c in cards[s].elements()))
            pool = cards[dealer] + buried[0]
            if viewer == dealer:
                kitty = record.kitty
                if Counter(int(c) for c in kitty) - pool:
                    continue
            else:
                kitty = _dealt_kitty(pool, declared, k, record.kitty)
                if kitty is None:
                    continue
                deal[dealer] = tuple(sorted(CARDS[c] for c in (pool - Counter(int(c) for c in kitty)).elements()))
            shown = [tuple(sorted(CARDS[c] for c in b.elements())) for b in buried]
            world = dataclasses.replace(
                record, hands=tuple(deal), kitty=tuple(kitty), kitty_discard=shown[0],
                exchanges=tuple(dataclasses.replace(x, discard=b) for x, b in zip(record.exchanges, shown[1:],
                                                                                  strict=True)))
            w = walk(world, reading=STATE)
            if w.illegal is not None or walked_events(w) != events:
                continue
            yield world, now, buried[-1]


def every_declaring_world(record, viewer: int, limit: int = 4000):
    """Every world of ``viewer`` while declaring is open (section 15.4), a record that may be cut while
    dealing: the other hands dealt so far and the kitty where it is dealt, from every card the viewer
    has not seen (the cards not dealt yet are in no record), and under dark declarations every card
    each declaration the viewer did not make could have shown (as many copies of one card, held by its
    declarer: the referee judges the rest).  Kept where the referee's walk stays legal and stops where
    the real record's does.  :class:`TooMany` past ``limit`` splits."""
    rules = record.rules
    n = rules.players
    dark = rules.declaration_visibility.value == "dark"
    in_play = copies_in_play(rules, None if record.first_hand else record.levels[record.dealer], record.levels)
    unseen = Counter({c: k for c, k in enumerate(in_play) if k})
    if viewer != PUBLIC:
        unseen.subtract(int(c) for c in record.hands[viewer])
    unseen = +unseen
    others = [s for s in range(n) if s != viewer]
    anywhere = [0] * 54
    places = [(len(record.hands[s]), set(), anywhere) for s in others] + [(len(record.kitty), set(), anywhere)]
    places.append((sum(unseen.values()) - sum(size for size, _, _ in places), set(), anywhere))    # not dealt yet
    real = walk(record, reading=STATE)
    assert real.illegal is None
    for _ in _splits(unseen, places, limit):      # past the bound: TooMany before any replay
        pass
    for split in _splits(unseen, places, limit):
        hands = list(record.hands)
        for s, h in zip(others, split, strict=False):
            hands[s] = tuple(sorted(CARDS[c] for c in h.elements()))
        kitty = tuple(sorted(CARDS[c] for c in split[len(others)].elements()))
        options = [[cards] if not dark or s == viewer else
                   [tuple([CARDS[c]] * len(cards)) for c in sorted(Counter(int(x) for x in hands[s]))
                    if Counter(int(x) for x in hands[s])[c] >= len(cards)]
                   for s, cards in record.declarations]
        for shown in product(*options):
            world = dataclasses.replace(record, hands=tuple(hands), kitty=kitty,
                                        declarations=tuple((s, c) for (s, _), c in zip(record.declarations, shown,
                                                                                         strict=True)))
            w = walk(world, reading=STATE)
            if w.illegal is None and w.stop == real.stop:
                yield world


def exact_statuses(record, viewer: int, limit: int = 4000):
    """What an exact view shows for each call: the status every world gives, else pending."""
    found, worlds = world_statuses(record, viewer, limit, until_mixed=True)
    assert worlds, "the real deal is a world"
    return [next(iter(f)) if len(f) == 1 else PENDING for f in found], worlds
