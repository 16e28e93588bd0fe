"""A hunt for views that leak (section 15.4), by exhaustion: every world of a seat gives it the same bytes.

``python -m tests.rules.view_hunt N SEED [MODE...]`` makes ``N`` random small positions in every mode
(or the modes named; :data:`MODES`: every preset, find-friends with each ``friend_join`` and 5-6 seats,
short decks, the three ``hide_*`` options, bombs and rainbows, dark declarations, one and two steals of
the kitty, first hands of a match), played by :func:`tests.rules.friend_hunt.biased_hand` (pair, tractor
and several-pair leads, throws that stand and fail), cut where no seat holds more than 1 to 6 cards,
often in the middle of a trick.  For every seat and the public it enumerates **every** world of that
viewer with the brute-force oracle (:func:`tests.rules.friend_worlds.every_world`, which knows nothing
of ``rules.worlds``), builds the record of each, and compares the view's JSON (``view_body``, sorted
keys) with the real record's: any difference is a leak, printed with the arguments that replay it
(:func:`position`), the world and the differing field paths.  On a few worlds of each viewer (cheap) it
also checks what is computed "from a seat's view" (15.4): the view in ``views: all``
(:func:`rules.views.views`), ``rules.worlds.draw_worlds`` (the same worlds, count and completeness, or
the same 422) and, for the seat to act, the hints as the service answers them (:func:`hint`: ``basic``
and ``standard``, ``strong`` every :data:`STRONG_EVERY` positions; where that seat's worlds are too
many to list, on worlds ``rules.worlds`` draws for it: :func:`drawn_hints`).  The oracle keeps the real
kitty as dealt wherever it fits, so each position is also compared with records that differ in the
kitty as dealt alone, in one card, two, and all of it (:func:`other_kitties`).  The views read a state
with :data:`SAMPLE` plays drawn for the seat to act (``sample``), and the rainbow modes are played by
:func:`rainbow_hand`.  A viewer with more than :data:`LIMIT` worlds is counted as skipped.

Before play: a cut while dealing with 2 or 3 cards dealt (:func:`dealing`, in the dark modes and every
:data:`DEALING_EVERY` positions) is enumerated whole, every card of the others and every card a dark
declaration hid (:func:`check_dealing`).  Whole hands dealt while dark declarations are open, or while a
steal is still possible, cannot be enumerated; they are compared over :data:`DARK_DRAWS` worlds drawn
by ``rules.worlds`` and counted apart (:func:`check_drawn`).  Records with steals of the kitty (section
14.7; :func:`stolen_hand`) are enumerated too (the oracle undoes them, last to first:
:func:`tests.rules.friend_worlds._stolen_worlds`).  Not part of ``make test``;
:mod:`tests.rules.test_views_exhaustive` runs a fixed sample of its positions.
"""
from __future__ import annotations

import dataclasses
import json
import random
import sys
import time
from collections import Counter

from app.resources.seats import view_body
from app.resources.suggest import suggest_answer
from rules.adjudicate import STATE, HandRecord, walk
from rules.cards import CARDS
from rules.deal import deal
from rules.listing import legal_plays
from rules.order import order_for
from rules.ruleset import Bombs, FirstHandLevels, Partnership, Ruleset
from rules.state import hand_state
from rules.tricks import trick_winner
from rules.views import PUBLIC, view, views
from rules.violations import InputError
from rules.worlds import draw_worlds
from schemas.records import record_body
from schemas.suggest import SuggestionSchema, SuggestRequestSchema
from tests.rules.friend_hunt import biased_hand, cut
from tests.rules.friend_worlds import TooMany, every_declaring_world, every_world, walked_events
from tests.rules.random_hands import declared_deal, played_trick
from tests.rules.test_worlds_steals import steal_and_play

SHORT = {"deck_min_rank": 3, "first_level": "3", "jokers": "none"}
FF = {"partnership": "find-friends"}
STEAL = {"kitty_theft": True, "joker_declarations": "all-decks", "declaration_style": "count"}
HIDE = {"hide_played_cards": True, "hide_throw_blocker": True, "hide_defender_points": True}

# (name, preset, changes); small kitties keep the unseen cards few enough for the oracle
MODES = [
    ("qq", "qq", {"kitty_size": 4}),
    ("shengji", "shengji", {"kitty_size": 4}),
    ("pagat", "pagat", {"kitty_size": 4}),
    ("pagat-1deck", "pagat", {"decks": 1, "kitty_size": 2}),
    ("4399", "4399", {"kitty_size": 4}),
    ("tuolaji", "tuolaji", {"kitty_size": 4}),
    ("four-deck", "four-deck", {}),
    ("rbtying", "rbtying", {"kitty_size": 4}),
    ("holder", "4399", {**FF, "friend_join": "holder", "kitty_size": 4}),
    ("holder-short", "4399", {**FF, "friend_join": "holder", "kitty_size": 4, **SHORT}),
    ("first-played-5", "pagat", {**FF, "friend_join": "first-played", "players": 5, "kitty_size": 3}),
    ("first-outsider-5-short", "4399", {**FF, "friend_join": "first-outsider", "players": 5, "kitty_size": 6,
                                        **SHORT}),
    ("first-played-6-short", "pagat", {**FF, "friend_join": "first-played", "players": 6, "kitty_size": 6,
                                       **SHORT}),
    ("first-outsider-6", "pagat", {**FF, "friend_join": "first-outsider", "players": 6, "kitty_size": 6}),
    ("rbtying-ff-5", "rbtying", {**FF, "players": 5, "kitty_size": 3}),
    ("short", "shengji", {"kitty_size": 4, **SHORT}),
    ("hidden", "shengji", {"kitty_size": 4, **HIDE}),
    ("hidden-pagat", "pagat", {"kitty_size": 4, **HIDE}),
    ("hidden-ff-5", "pagat", {**FF, "players": 5, "kitty_size": 3, **HIDE}),
    ("bombs", "four-deck", {"bombs": "any-suit"}),
    ("bombs-follow-rainbows", "four-deck", {"bombs": "follow-suit", "rainbow_min": 4}),
    ("rainbows", "pagat", {"rainbow_min": 4, "kitty_size": 4}),
    ("dark", "qq", {"declaration_visibility": "dark", "kitty_size": 4}),
    ("steal", "pagat", {**STEAL, "decks": 1, "kitty_size": 2}),
    ("steal-qq", "qq", {**STEAL, "kitty_size": 4}),
    ("steal-ff-5", "pagat", {**FF, **STEAL, "players": 5, "decks": 1, "kitty_size": 4}),
    ("first-hand", "pagat", {"kitty_size": 4}),
    ("first-hand-rbtying", "rbtying", {"kitty_size": 4}),
    ("first-hand-ff-5", "pagat", {**FF, "friend_join": "first-played", "players": 5, "kitty_size": 3}),
    ("first-hand-first-declarer", "qq", {"kitty_size": 4, "first_dealer": "first-declarer"}),
    ("two-steals", "pagat", {**STEAL, "decks": 1, "kitty_size": 2}),
    ("two-steals-qq", "qq", {**STEAL, "kitty_size": 4}),
    ("two-steals-ff-5", "pagat", {**FF, **STEAL, "players": 5, "decks": 1, "kitty_size": 4}),
]
STEALS = {"two-steals": 2, "two-steals-qq": 2, "two-steals-ff-5": 2}    # steals a mode's hands make (else one)
FIRST_HANDS = {"first-hand", "first-hand-rbtying", "first-hand-ff-5", "first-hand-first-declarer"}
LIMIT = 3000          # the oracle's worlds per view (more: the view is counted as skipped)
CHECKED = 2           # worlds per viewer whose views: all, draw_worlds and hint are compared too
DARK_DRAWS = 12       # worlds drawn for a position while dark declarations are open
KITTIES = 12          # records differing in the kitty as dealt alone, compared per position
SAMPLE = 40           # legal plays drawn for the seat to act (``sample``: next.plays and record_plays)
STRENGTHS = ("basic", "standard")   # the hints compared for the seat to act (``strong`` too: ``STRONG_EVERY``)
STRONG_EVERY = 4      # every how many positions the hunt compares the ``strong`` hint too
DEALING_EVERY = 4     # every how many positions (and every dark one) it enumerates a cut while dealing too


def mode_rules(mode: int) -> Ruleset:
    _, preset, changes = MODES[mode]
    return Ruleset.preset(preset, **changes)


def rainbow_hand(rules: Ruleset, seed: int) -> HandRecord:
    """A random legal hand (fixed partners, every seat on one level) whose leads are mostly rainbows
    where the leader holds one (section 14.2), else one random unit."""
    rng = random.Random(seed)
    n = rules.players

    def draw(attempt: int) -> tuple:
        level = rng.randint(rules.first_level, rules.last_level)
        return deal(rules, f"rainbow-{seed}-{attempt}"), rng.randrange(n), (level,) * n

    d, dealer, levels, history, trump = declared_deal(rules, rng, draw)
    pool = list(d.hands[dealer]) + list(d.kitty)
    rng.shuffle(pool)
    hands = [Counter(int(c) for c in h) for h in d.hands]
    hands[dealer] = Counter(int(c) for c in pool[rules.kitty:])
    tricks = []
    leader = dealer
    while sum(hands[leader].values()):
        options = legal_plays(rules, trump, tuple(sorted(CARDS[c] for c in hands[leader].elements())))
        if options.rainbows and rng.random() < 0.8:
            lead = rng.choice(options.rainbows).all_cards
        else:
            lead = rng.choice(list(rng.choice(options.suits).units)).all_cards
        trick = played_trick(rules, trump, hands, leader, tuple(sorted(lead)), rng, 200)
        tricks.append(tuple(trick))
        leader = trick_winner(rules, trump, [(p.seat, p.cards) for p in trick]).winner
    return HandRecord(rules, dealer, levels, d.hands, d.kitty, tuple(history), tuple(sorted(pool[:rules.kitty])),
                      (), tuple(tricks))


def stolen_hand(rules: Ruleset, seed: int, steals: int = 1) -> HandRecord:
    """A random legal hand with ``steals`` steals of the kitty (section 14.7): the first of :func:`hand`'s
    deals from ``seed`` on where seats can steal that many times, each time a random seat that can
    stealing with a random option and burying random cards of those it holds and picked up, then played
    out by the referee's own samples (:func:`tests.rules.test_worlds_steals.steal_and_play`)."""
    for s in range(seed * 1000, seed * 1000 + 200):
        record = hand(rules, s, steals=0)
        played = steal_and_play(record, random.Random(s), steals, s)
        if played is not None:
            return played
    raise RuntimeError("no hand with that many steals")  # pragma: no cover


def first_hand(rules: Ruleset, seed: int) -> HandRecord:
    """A random legal first hand of a match (``first_hand``: the dealer is the declarer, sections 12 and
    14.11): the first of :func:`hand`'s hands from ``seed`` on whose dealer is the seat the declarations
    make dealer, replayed as a first hand (every seat at ``first_level`` unless seats declare with their
    own levels)."""
    n = rules.players
    for s in range(seed * 1000, seed * 1000 + 400):
        record = hand(rules, s)
        levels = record.levels if rules.first_hand_levels is FirstHandLevels.OWN else (rules.first_level,) * n
        record = dataclasses.replace(record, first_hand=True, levels=levels)
        if hand_state(record).phase == "over":
            return record
    raise RuntimeError("no first hand")  # pragma: no cover


def hand(rules: Ruleset, seed: int, steals: int = 1) -> HandRecord:
    """:func:`tests.rules.friend_hunt.biased_hand` (:func:`rainbow_hand` with rainbows, :func:`stolen_hand`
    with ``steals`` steals under ``kitty_theft``); where partners are fixed, without calls and with each
    team on one level (the dealer's team on the dealer's)."""
    if rules.rainbow_min is not None:
        return rainbow_hand(rules, seed)
    if rules.kitty_theft and steals:
        return stolen_hand(rules, seed, steals)
    record = biased_hand(rules, seed)
    if rules.partnership is Partnership.FIXED:
        d, n = record.dealer, rules.players
        levels = tuple(record.levels[d if (s - d) % 2 == 0 else (d + 1) % n] for s in range(n))
        record = dataclasses.replace(record, friends=(), levels=levels)
    return record


def made(mode: int, seed: int) -> HandRecord:
    """The whole hand of mode ``mode`` and ``seed``: :func:`first_hand` in the first-hand modes, else
    :func:`hand` with the mode's steals."""
    name = MODES[mode][0]
    if name in FIRST_HANDS:
        return first_hand(mode_rules(mode), seed)
    return hand(mode_rules(mode), seed, STEALS.get(name, 1))


def position(mode: int, seed: int, left: int, extra: int) -> HandRecord:
    """The hunt's position: :func:`hand` of mode ``mode`` and ``seed``, cut where no seat holds more than
    ``left`` cards, ``extra`` plays later (:func:`tests.rules.friend_hunt.cut`); ``extra`` -1: at the
    next lead."""
    record = made(mode, seed)
    if extra < 0:
        extra = -sum(len(t) for t in cut(record, left).tricks) % record.rules.players
    return cut(record, left, extra)


def declaring(mode: int, seed: int) -> HandRecord:
    """The hunt's position while declaring is open: :func:`hand`'s deal and declarations alone."""
    return dataclasses.replace(made(mode, seed), kitty_discard=(), exchanges=(), friends=(), tricks=())


def dealing(mode: int, seed: int, dealt: int) -> HandRecord:
    """The hunt's position while dealing, declaring open: the first ``dealt`` cards of :func:`made`'s deal
    dealt round the table from the dealer (each hand's cards in a random order), and the one-card
    declarations the seats could make of them, in turn (each seat's first card the referee accepts)."""
    record = made(mode, seed)
    n = record.rules.players
    rng = random.Random(seed)
    order = [rng.sample(h, len(h)) for h in record.hands]
    hands: list[list] = [[] for _ in range(n)]
    for i in range(dealt):
        s = (record.dealer + i) % n
        hands[s].append(order[s][len(hands[s])])
    base = dataclasses.replace(record, hands=tuple(tuple(sorted(h)) for h in hands), kitty=(), declarations=(),
                               kitty_discard=(), exchanges=(), friends=(), tricks=())
    declarations: list = []
    for s in rng.sample(range(n), n):
        for c in sorted(set(hands[s])):
            trial = dataclasses.replace(base, declarations=(*declarations, (s, (c,))))
            if walk(trial, reading=STATE).illegal is None:
                declarations.append((s, (c,)))
                break
    return dataclasses.replace(base, declarations=tuple(declarations))


def check_dealing(record: HandRecord, limit: int = LIMIT) -> tuple[list[Leak], Counter]:
    """While dealing, declaring open: every viewer's view compared over every world of that viewer
    (:func:`tests.rules.friend_worlds.every_declaring_world`: the hands dealt so far and, dark, the
    cards each declaration hid)."""
    counts: Counter = Counter()
    leaks: list[Leak] = []
    for viewer in [*range(record.rules.players), PUBLIC]:
        mine = seen(record, viewer, closed=False)
        try:
            worlds = list(every_declaring_world(record, viewer, limit))
        except TooMany:
            counts["dealing views skipped (too many worlds)"] += 1
            continue
        counts["dealing views compared"] += 1
        counts["dealing worlds"] += len(worlds)
        counts["dealing worlds with other declared cards"] += sum(w.declarations != record.declarations for w in worlds)
        for w in worlds:
            theirs = seen(w, viewer, closed=False)
            if theirs != mine:
                leaks.append(Leak(viewer, "view (dealing)", describe_dealt(record, w, viewer),
                                  differences(json.loads(mine), json.loads(theirs))))
    return leaks, counts


def describe_dealt(real: HandRecord, world: HandRecord, viewer: int) -> str:
    out = [f"seat {s}: {' '.join(map(str, world.hands[s]))}" for s in range(real.rules.players)
           if s != viewer and sorted(real.hands[s]) != sorted(world.hands[s])]
    if world.declarations != real.declarations:
        out.append("declared: " + ", ".join(f"{s} {' '.join(map(str, c))}" for s, c in world.declarations))
    return "; ".join(out) or "the real deal"


def stealing(mode: int, seed: int) -> HandRecord:
    """The hunt's position while a steal is still possible (``kitty_theft``): :func:`hand` after its steals."""
    return dataclasses.replace(made(mode, seed), friends=(), tricks=())


def seen(record: HandRecord, viewer: int, closed: bool | None = None, every: bool = False) -> str:
    """The view's JSON as the service answers it, with :data:`SAMPLE` plays drawn: :func:`rules.views.view`,
    or (``every``) the viewer's entry of :func:`rules.views.views` (``views: all``)."""
    state = hand_state(record, declarations_closed=closed, sample=SAMPLE, seed="hunt")
    assert state.phase != "illegal", state.illegal
    if every:
        shown = views(record, state, declarations_closed=closed)
        v = shown[viewer if viewer != PUBLIC else -1]
    else:
        v = view(record, state, viewer, declarations_closed=closed)
    return json.dumps(view_body(record.rules, v), sort_keys=True)


def differences(a, b, path: str = "") -> list[str]:
    """The paths at which two JSON values differ, with both values (at most 8)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            out += differences(a.get(k), b.get(k), f"{path}.{k}")
        return out[:8]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += differences(x, y, f"{path}[{i}]")
        return out[:8]
    return [] if a == b else [f"{path or '.'}: {json.dumps(a)} / {json.dumps(b)}"]


def drawn(record: HandRecord, viewer: int, seed: str, closed: bool | None = None) -> tuple:
    """Four worlds drawn by ``rules.worlds``, their count and completeness; where it answers 422 (two
    burials taken by others), the message: the same for every world of the viewer either way."""
    try:
        found = draw_worlds(record, viewer, 4, seed, declarations_closed=closed)
    except InputError as e:
        return (), str(e), None
    return found.worlds, found.count, found.complete


def world_record(record: HandRecord, w) -> HandRecord:
    """The record under a world drawn by ``rules.worlds``."""
    return dataclasses.replace(
        record, hands=w.deal, kitty=w.kitty, declarations=w.declarations or record.declarations,
        kitty_discard=w.kitty_discard or record.kitty_discard,
        exchanges=tuple(dataclasses.replace(x, discard=d) for x, d in zip(record.exchanges, w.discards, strict=True)))


def hint(record: HandRecord, seat: int, seed: str, strength: str = "basic") -> str:
    """The hint's answer body as the service sends it (``plays/suggest``: :mod:`app.resources.suggest`),
    keys sorted; where the service answers 422, the error's message and field."""
    data = SuggestRequestSchema().load({**record_body(record), "seat": seat, "strength": strength, "seed": seed,
                                        "declarations_closed": True})
    try:
        return json.dumps(SuggestionSchema().dump(suggest_answer(data)), sort_keys=True)
    except InputError as e:
        return json.dumps({"422": str(e), "field": e.field}, sort_keys=True)


def describe(real: HandRecord, world: HandRecord, viewer: int) -> str:
    """How ``world`` differs from ``real``: the hands now and the kitty buried where they differ."""
    a, b = hand_state(real), hand_state(world)
    out = [f"seat {s}: {' '.join(map(str, b.hands[s]))}" for s in range(real.rules.players)
           if s != viewer and sorted(a.hands[s]) != sorted(b.hands[s])]
    if sorted(real.kitty_discard) != sorted(world.kitty_discard):
        out.append(f"buried: {' '.join(map(str, world.kitty_discard))}")
    if sorted(real.kitty) != sorted(world.kitty):
        out.append(f"kitty as dealt: {' '.join(map(str, world.kitty))}")
    return "; ".join(out) or "the real deal"


@dataclasses.dataclass
class Leak:
    viewer: int
    what: str                 # "view", "views: all", "worlds", "hint"
    world: str
    paths: list[str]


def check(record: HandRecord, checked: int = CHECKED, limit: int = LIMIT, seed: str = "hunt",
          strengths: tuple[str, ...] = STRENGTHS) -> tuple[list[Leak], Counter]:
    """Every viewer's view compared over every world of that viewer (the module docstring); the leaks
    found and the counts (views compared, worlds, skipped, and the extra checks made).  The hint of each
    of ``strengths`` is compared for the seat to act on the worlds checked."""
    state = hand_state(record)
    counts: Counter = Counter()
    leaks: list[Leak] = []
    acting = state.next.seat if state.phase == "playing" and state.next is not None else None
    for viewer in [*range(record.rules.players), PUBLIC]:
        mine = seen(record, viewer)
        try:
            worlds = [w for w, _, _ in every_world(record, viewer, limit)]
        except TooMany:
            counts["views skipped (too many worlds)"] += 1
            if viewer == acting and checked:
                leaks += drawn_hints(record, viewer, mine, checked, seed, strengths, counts)
            continue
        counts["views compared"] += 1
        counts["worlds"] += len(worlds)
        for w in worlds:
            other = seen(w, viewer)
            if other != mine:
                leaks.append(Leak(viewer, "view", describe(record, w, viewer),
                                  differences(json.loads(mine), json.loads(other))))
        # the costlier checks on a few worlds: the last ones differ most from the real deal's order
        sample = worlds[-checked:] if checked else []
        if not sample:
            continue
        every = seen(record, viewer, every=True)
        if every != mine:
            leaks.append(Leak(viewer, "views: all", "the real deal",
                              differences(json.loads(mine), json.loads(every))))
        real_draw = drawn(record, viewer, f"{seed}:{viewer}")
        real_hints = {x: hint(record, viewer, f"{seed}:{viewer}", x) for x in strengths} if viewer == acting else {}
        for w in sample:
            counts["worlds checked for views: all, draws, hint"] += 1
            if seen(w, viewer, every=True) != mine:
                leaks.append(Leak(viewer, "views: all", describe(record, w, viewer),
                                  differences(json.loads(mine), json.loads(seen(w, viewer, every=True)))))
            other_draw = drawn(w, viewer, f"{seed}:{viewer}")
            if other_draw != real_draw:
                leaks.append(Leak(viewer, "worlds", describe(record, w, viewer), [
                    f"count {real_draw[1]} / {other_draw[1]}, complete {real_draw[2]} / {other_draw[2]}, "
                    f"same worlds {real_draw[0] == other_draw[0]}"]))
            leaks += same_hints(record, w, viewer, real_hints, seed, counts)
    k = record.rules.kitty
    kitties = [other for swapped in sorted({min(k, 1), min(k, 2), k} - {0})
               for other in other_kitties(record, swapped=swapped, seed=seed)]
    for other in kitties:
        counts["kitties as dealt compared"] += 1
        counts["kitties as dealt compared, 2 cards or more differing"] += len(
            Counter(int(c) for c in other.kitty) - Counter(int(c) for c in record.kitty)) > 1
        for viewer in [*range(record.rules.players), PUBLIC]:
            if viewer == record.dealer:
                continue
            mine, theirs = seen(record, viewer), seen(other, viewer)
            if theirs != mine:
                leaks.append(Leak(viewer, "view", describe(record, other, viewer),
                                  differences(json.loads(mine), json.loads(theirs))))
    return leaks, counts


def drawn_hints(record: HandRecord, seat: int, mine: str, draws: int, seed: str, strengths: tuple[str, ...],
                counts: Counter) -> list[Leak]:
    """For the seat to act whose worlds are too many to list: its view and hints compared on ``draws``
    worlds drawn by ``rules.worlds`` (none where it answers 422)."""
    try:
        found = draw_worlds(record, seat, draws, f"{seed}:hints")
    except InputError:
        return []
    leaks = []
    real = {x: hint(record, seat, f"{seed}:{seat}", x) for x in strengths}
    for w in found.worlds:
        other = world_record(record, w)
        counts["drawn worlds checked for the hints"] += 1
        if seen(other, seat) != mine:
            leaks.append(Leak(seat, "view", "a drawn world", differences(json.loads(mine), json.loads(seen(other, seat)))))
        leaks += same_hints(record, other, seat, real, seed, counts)
    return leaks


def same_hints(record: HandRecord, other: HandRecord, seat: int, real: dict[str, str], seed: str,
               counts: Counter) -> list[Leak]:
    """The hints of ``seat`` in the world ``other`` against the real record's (``real``, by strength), counted."""
    leaks = []
    for x, real_hint in real.items():
        counts[f"{x} hints compared"] += 1
        counts[f"{x} hints searched"] += json.loads(real_hint).get("worlds", 0) > 0
        other_hint = hint(other, seat, f"{seed}:{seat}", x)
        if other_hint != real_hint:
            leaks.append(Leak(seat, f"{x} hint", describe(record, other, seat),
                              differences(json.loads(real_hint), json.loads(other_hint))))
    return leaks


def other_kitties(record: HandRecord, limit: int = KITTIES, swapped: int = 1, seed: str = "") -> list[HandRecord]:
    """The records that differ from ``record`` in the kitty as dealt alone (``swapped`` cards of it
    exchanged with as many of the dealer's hand as dealt: one card in card order, more drawn at random
    from ``seed``, at most ``40 * limit`` draws) and replay with the same public events, at most
    ``limit``: the oracle keeps the real kitty as dealt wherever it fits, so this is how its worlds vary
    it."""
    dealer = record.dealer
    real = walked_events(walk(record, reading=STATE))
    if swapped == 1:
        swaps = [((record.kitty.index(x),), (record.hands[dealer].index(y),)) for x in sorted(set(record.kitty))
                 for y in sorted(set(record.hands[dealer]) - {x})]
    else:
        rng = random.Random(f"{seed}:{swapped}")
        swaps = [(tuple(rng.sample(range(len(record.kitty)), swapped)),
                  tuple(rng.sample(range(len(record.hands[dealer])), swapped))) for _ in range(40 * limit)]
    out: list[HandRecord] = []
    kept = {tuple(sorted(record.kitty))}
    for xs, ys in swaps:
        kitty = list(record.kitty)
        hand = list(record.hands[dealer])
        for i, j in zip(xs, ys, strict=True):
            kitty[i], hand[j] = hand[j], kitty[i]
        if tuple(sorted(kitty)) in kept:
            continue
        kept.add(tuple(sorted(kitty)))
        hands = tuple(tuple(sorted(hand)) if s == dealer else h for s, h in enumerate(record.hands))
        other = dataclasses.replace(record, hands=hands, kitty=tuple(kitty))
        w = walk(other, reading=STATE)
        if w.illegal is None and walked_events(w) == real:
            out.append(other)
            if len(out) == limit:
                break
    return out


def check_drawn(record: HandRecord, draws: int = DARK_DRAWS, seed: str = "hunt",
                closed: bool | None = False) -> tuple[list[Leak], Counter]:
    """Before play (dark declarations open, a steal still possible): every viewer's view compared over
    ``draws`` worlds drawn by ``rules.worlds`` (whole hands are unseen: no enumeration)."""
    counts: Counter = Counter()
    leaks: list[Leak] = []
    phase = json.loads(seen(record, PUBLIC, closed=closed))["phase"]     # a view's: stealing while one may steal
    if phase not in ("declaring", "stealing"):
        return leaks, counts
    for viewer in [*range(record.rules.players), PUBLIC]:
        mine = seen(record, viewer, closed=closed)
        try:
            found = draw_worlds(record, viewer, draws, f"{seed}:{viewer}", declarations_closed=closed)
        except InputError:                      # two burials taken by others: not drawn
            counts[f"{phase} views not drawn (422)"] += 1
            continue
        counts[f"{phase} views compared with drawn worlds"] += 1
        for w in found.worlds:
            other = world_record(record, w)
            counts[f"{phase} worlds drawn"] += 1
            theirs = seen(other, viewer, closed=closed)
            if theirs != mine:
                leaks.append(Leak(viewer, f"view ({phase})", "a drawn world",
                                  differences(json.loads(mine), json.loads(theirs))))
    return leaks, counts


def kinds(record: HandRecord) -> list[str]:
    """What the position shows: a throw that stood or failed, a bomb, a rainbow lead, a trick in progress,
    friend calls, the hand over."""
    state = hand_state(record)
    out = set()
    order = order_for(record.rules, state.trump)
    tricks = [t.plays for t in state.tricks] + ([state.current_trick.plays] if state.current_trick else [])
    for t in state.tricks:
        if t.throw is not None:
            out.add("throw stood" if t.throw.stands else "throw failed")
    for plays in tricks:
        lead = plays[0].attempted or plays[0].cards
        if len({order.eff[c] for c in lead}) >= 4 and len({c.rank for c in lead}) == 1:
            out.add("rainbow")
        for p in plays:
            if record.rules.bombs is not Bombs.NONE and len(p.cards) >= 4 and len(set(p.cards)) == 1:
                out.add("bomb")
    if state.current_trick is not None and state.current_trick.plays:
        out.add("mid-trick")
    if state.calls:
        out.add("calls")
    if state.phase == "over":
        out.add("over")
    return sorted(out)


def main(argv: list[str]) -> int:
    total = int(argv[0]) if argv else 100
    seed = int(argv[1]) if len(argv) > 1 else 0
    modes = [next(i for i, m in enumerate(MODES) if m[0] == name) for name in argv[2:]] or list(range(len(MODES)))
    rng = random.Random(seed)
    tally: Counter = Counter()
    by_mode: dict[str, Counter] = {name: Counter() for name, _, _ in MODES}
    kinds_seen: Counter = Counter()
    start = time.monotonic()
    for k in range(total):
        if k and k % 25 == 0:
            print(f"... {k} positions, {time.monotonic() - start:.0f} s, {dict(tally)}", flush=True)
        mode = modes[k % len(modes)]
        name = MODES[mode][0]
        hand_seed = seed * 100000 + k
        rules = mode_rules(mode)
        left = rng.choice([1, 1, 1, 2, 2, 2, 3, 4, 6])
        extra = rng.choice([-1, -1, *range(rules.players)])
        call = f"position({mode}, {hand_seed}, {left}, {extra})"
        try:
            record = position(mode, hand_seed, left, extra)
            state = hand_state(record)
            if state.phase not in ("playing", "over"):
                tally["not playing"] += 1
                continue
            strengths = STRENGTHS + ("strong",) if k % STRONG_EVERY == 0 else STRENGTHS
            leaks, counts = check(record, seed=str(hand_seed), strengths=strengths)
            if rules.declaration_visibility.value == "dark":
                more, c2 = check_drawn(declaring(mode, hand_seed), seed=str(hand_seed))
                leaks += more
                counts.update(c2)
                call += f" / declaring({mode}, {hand_seed})"
            if rules.kitty_theft:
                more, c2 = check_drawn(stealing(mode, hand_seed), seed=str(hand_seed), closed=None)
                leaks += more
                counts.update(c2)
                call += f" / stealing({mode}, {hand_seed})"
            if rules.declaration_visibility.value == "dark" or k % DEALING_EVERY == 1:
                dealt = 2 + (hand_seed % 3 == 0)
                more, c2 = check_dealing(dealing(mode, hand_seed, dealt))
                leaks += more
                counts.update(c2)
                call += f" / dealing({mode}, {hand_seed}, {dealt})"
        except Exception as e:  # noqa: BLE001 -- a hunt reports and goes on
            print(f"ERROR {name} {call}: {type(e).__name__}: {e}", flush=True)
            tally["errors"] += 1
            continue
        counts["positions"] += 1
        counts["leaks"] += len(leaks)
        tally.update(counts)
        by_mode[name].update(counts)
        for x in kinds(record):
            kinds_seen[x] += 1
        for leak in leaks:
            print(f"LEAK {name} {call} viewer {leak.viewer} ({leak.what}); world: {leak.world}", flush=True)
            for p in leak.paths:
                print(f"    {p}", flush=True)
    print(f"\n{total} positions, seed {seed}, {time.monotonic() - start:.0f} s")
    for key, value in sorted(tally.items()):
        print(f"  {key}: {value}")
    print("  by mode (positions, views compared, worlds, skipped, leaks):")
    for name, c in by_mode.items():
        if not c["positions"]:
            continue
        print(f"    {name}: {c['positions']}, {c['views compared']}, {c['worlds']}, "
              f"{c['views skipped (too many worlds)']}, {c['leaks']}"
              + "".join(f"; {p}: {c[p + ' views compared with drawn worlds']} views, {c[p + ' worlds drawn']} "
                        "worlds drawn" for p in ("declaring", "stealing") if c[p + " worlds drawn"])
              + (f"; dealing: {c['dealing views compared']} views, {c['dealing worlds']} worlds, "
                 f"{c['dealing views skipped (too many worlds)']} skipped" if c["dealing worlds"] else ""))
    print("  positions by kind: " + ", ".join(f"{x}={k}" for x, k in sorted(kinds_seen.items())))
    return 1 if tally["leaks"] or tally["errors"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
