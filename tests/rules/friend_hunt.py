"""A hunt for views whose friend status is not the one every world gives (section 15.2).

``python -m tests.rules.friend_hunt N SEED`` makes ``N`` random late positions of find-friends hands in
every friend mode (:data:`MODES`: ``holder``, ``first-played``, ``first-outsider``; 4399 and pagat with
4, 5 and 6 seats, full and short decks, two and three decks), played by :func:`biased_hand` with the
stronger bias (:data:`STRONG`) so that pair, tractor, triple and several-pair leads and throws are
frequent and the calls are mostly of cards played late or buried, cut with 1 to 2 tricks left or in
the middle of a trick.  Each position is asked its own calls and up to :data:`EXTRA_CALLS` single calls
more (:func:`extra_calls`: cards of the suits led as pairs, tractors or throws, with an ordinal no play
has reached; the play does not read the calls, so the worlds are enumerated once for them all).  It
compares every seat's and the public's view statuses (:func:`rules.views.views`) with the brute-force
oracle (:mod:`tests.rules.friend_worlds`), prints each disagreement as the arguments that replay it
(:func:`position`, and the calls), and sums up how many calls it compared, how many of them were
pending in the view (where a miss can be), the misses and leaks by kind of position (:func:`kinds`),
and how many views the oracle could not enumerate within its bound (those are compared with drawn
worlds instead: :func:`compare`).  ``--without FACT ...`` switches facts of rules.unseen off (the pure
build only: ``TRACTOR_PURE=1``), to see that the hunt finds the misses that leaves.  Not part of
``make test``.

A disagreement is either a *leak* (the view shows a status some world does not give: must never happen)
or a *miss* (the view shows ``pending`` where every world gives one status).

Its power: with the follows' pair facts switched off (``--without few-pairs``), 80 positions of seed
12 gave 14 misses (in 1,487 calls compared, 521 of them pending in the view); with every fact read,
300 positions of seed 13 gave none (6,621 calls compared, 2,188 pending in the view).
"""
from __future__ import annotations

import dataclasses
import random
import sys
import time
from collections import Counter

from rules.adjudicate import HandRecord
from rules.cards import CARDS
from rules.deal import deal
from rules.friends import FriendCall, callable_cards, default_friend_count
from rules.listing import legal_plays
from rules.order import order_for
from rules.rainbows import lead_format
from rules.ruleset import Ruleset
from rules.state import hand_state
from rules.tricks import trick_winner
from rules.views import PUBLIC, views
from rules.worlds import draw_worlds
from tests.rules.friend_worlds import PENDING, TooMany, every_world
from tests.rules.random_hands import declared_deal, played_trick

# (preset, changes, short deck: no 2s and no jokers)
# (small kitties keep the unseen cards few enough for the oracle)
MODES = [
    ("4399", {"friend_join": "holder", "kitty_size": 4}, False),
    ("4399", {"friend_join": "holder", "kitty_size": 4}, True),
    ("4399", {"friend_join": "first-played", "kitty_size": 4}, True),
    ("4399", {"friend_join": "first-outsider", "players": 5, "kitty_size": 6}, True),
    ("4399", {"friend_join": "first-played", "players": 6, "kitty_size": 6}, False),
    ("pagat", {"friend_join": "first-played", "kitty_size": 4}, False),
    ("pagat", {"friend_join": "first-outsider", "kitty_size": 4}, True),
    ("pagat", {"friend_join": "first-played", "players": 5, "kitty_size": 3}, False),
    ("pagat", {"friend_join": "first-outsider", "players": 5, "kitty_size": 6}, True),
    ("pagat", {"friend_join": "first-played", "players": 6, "kitty_size": 6}, True),
    ("pagat", {"friend_join": "first-outsider", "players": 6, "kitty_size": 6}, False),
    # three decks: pairs under more pairs (a triple gives one pair), tractor obligation in 4399
    ("4399", {"friend_join": "first-played", "decks": 3, "players": 5, "kitty_size": 4}, True),
    ("4399", {"friend_join": "first-outsider", "decks": 3, "players": 6, "kitty_size": 6}, True),
    ("pagat", {"friend_join": "first-played", "decks": 3, "players": 6, "kitty_size": 6}, True),
]
DEALS = 4             # deals tried per hand: the one whose hands hold the most pairs is played
LIMIT = 3000          # the oracle's worlds per view (more: the view is counted as skipped)
DRAWS = 40            # worlds drawn for a skipped view
EXTRA_CALLS = 6       # single calls asked of a position besides its own (:func:`extra_calls`)


def mode_rules(mode: int) -> Ruleset:
    preset, changes, short = MODES[mode]
    changes = dict(changes, partnership="find-friends")
    if short:
        changes.update(deck_min_rank=3, first_level="3", jokers="none")
    return Ruleset.preset(preset, **changes)


def _sorted(cards):
    return tuple(sorted(CARDS[c] for c in cards))


def biased_hand(rules: Ruleset, seed: int, tractors: float = 0.5, throws: float = 0.45) -> HandRecord:
    """A random legal hand (as tests.rules.random_hands) whose leads are mostly pairs and tractors, and whose
    throws are mostly of several pairs: a lead picks a unit of two or more cards where it holds one (a
    tractor first, ``tractors`` of the time), and a throw (``throws`` of the time) adds more such units
    of the suit; the calls are mostly settled in the last three tricks (:func:`_late_calls`)."""
    rng = random.Random(seed)
    n = rules.players
    def draw(attempt: int) -> tuple:
        d = max((deal(rules, f"hunt-{seed}-{attempt}-{k}") for k in range(DEALS)),
                key=lambda d: sum(k // 2 for h in d.hands for k in Counter(int(c) for c in h).values()))
        dealer = rng.randrange(n)
        return d, dealer, tuple(rng.randint(rules.first_level, rules.last_level) for _ in range(n))

    d, dealer, levels, history, trump = declared_deal(rules, rng, draw)
    pool = list(d.hands[dealer]) + list(d.kitty)
    rng.shuffle(pool)
    discard = _sorted(pool[:rules.kitty])
    hands = [Counter(int(c) for c in h) for h in d.hands]
    hands[dealer] = Counter(int(c) for c in pool[rules.kitty:])
    tricks = []
    leader = dealer
    while sum(hands[leader].values()):
        hand = _sorted(hands[leader].elements())
        options = legal_plays(rules, trump, hand)
        wide = [(s, u) for s in options.suits for u in s.units if u.size > 1]
        if wide and rng.random() < 0.85:
            tractor_leads = [x for x in wide if x[1].length > 1]
            suit, first = rng.choice(tractor_leads if tractor_leads and rng.random() < tractors else wide)
        else:
            suit = rng.choice(options.suits)
            first = rng.choice(list(suit.units))
        lead = Counter(int(c) for c in first.all_cards)
        if options.throws_allowed and rng.random() < throws:
            units = sorted(suit.units, key=lambda u: (u.size == 1, rng.random()))
            for u in units:
                more = lead + Counter(int(c) for c in u.all_cards)
                if all(hands[leader][c] >= k for c, k in more.items()) and rng.random() < (0.7 if u.size > 1 else 0.2):
                    lead = more
        trick = played_trick(rules, trump, hands, leader, _sorted(lead.elements()), rng, 200)
        tricks.append(tuple(trick))
        leader = trick_winner(rules, trump, [(p.seat, p.cards) for p in trick]).winner
    return HandRecord(rules, dealer, levels, d.hands, d.kitty, tuple(history), discard,
                      _late_calls(rules, trump, tricks, discard, rng), tuple(tricks))


def _late_calls(rules: Ruleset, trump, tricks, discard, rng: random.Random) -> tuple[FriendCall, ...]:
    """The friend calls: mostly of a copy played in the last three tricks (the play does not read the
    calls), so that a late position still has a call no play has settled, or of a card buried in the
    kitty (where a copy is, the hands alone may tell); else any callable card."""
    allowed = callable_cards(rules, trump)
    buried = [c for c in allowed if c in discard]
    before, late = Counter(), Counter()
    for k, trick in enumerate(tricks):
        for p in trick:
            (late if k >= len(tricks) - 3 else before).update(int(c) for c in p.cards)
    calls = []
    for _ in range(default_friend_count(rules)):
        choices = [c for c in allowed if late[int(c)]]
        if buried and rng.random() < 0.3:
            calls.append(FriendCall(rng.choice(buried), rng.randint(1, rules.decks)))
        elif choices and rng.random() < 0.8:
            c = rng.choice(choices)
            calls.append(FriendCall(c, rng.randint(before[int(c)] + 1, before[int(c)] + late[int(c)])))
        else:
            calls.append(FriendCall(rng.choice(allowed), rng.randint(1, rules.decks)))
    return tuple(calls)


def cut(record: HandRecord, left: int, extra: int = 0) -> HandRecord:
    """The record ``extra`` plays after the first play after which no seat holds more than ``left`` cards
    (at most to the end of the record)."""
    n = record.rules.players
    sizes = [len(h) for h in hand_state(dataclasses.replace(record, tricks=())).hands]
    plays = [p for t in record.tricks for p in t]
    at = len(plays)
    for k, p in enumerate(plays):
        sizes[p.seat] -= len(p.cards)
        if max(sizes) <= left:
            at = k + 1
            break
    at = min(len(plays), at + extra)
    whole, part = divmod(at, n)
    return dataclasses.replace(record, tricks=record.tricks[:whole] + ((record.tricks[whole][:part],) if part else ()))


def position(mode: int, seed: int, left: int, extra: int, strong: bool = False) -> HandRecord:
    """The hunt's position: :func:`biased_hand` of mode ``mode`` and ``seed``, :func:`cut` at ``left``, ``extra``;
    ``strong``: more tractor leads and throws (:data:`STRONG`)."""
    return cut(biased_hand(mode_rules(mode), seed, *(STRONG if strong else ())), left, extra)


STRONG = (0.8, 0.6)      # the hunt's bias (tractors first, throws): positions where the follows' and throws' facts count


def extra_calls(record: HandRecord, rng: random.Random, k: int = EXTRA_CALLS) -> list[tuple[FriendCall, ...]]:
    """Up to ``k`` single friend calls to ask of the position besides its own (the play does not read the
    calls, so every world of the position is a world under each): mostly of cards of the suits led as
    pairs, tractors or throws, with copies no one has played yet, each with an ordinal no public play
    has reached."""
    rules = record.rules
    state = hand_state(record)
    order = order_for(rules, state.trump)
    plays = [p for t in state.tricks for p in t.plays] + list(state.current_trick.plays if state.current_trick else ())
    played = Counter(int(c) for p in plays for c in p.cards)
    suits = set()
    for i in range(0, len(plays), rules.players):
        lead = plays[i]
        units = lead_format(order, lead.attempted if lead.attempted is not None else lead.cards).units
        if any(u.width > 1 for u in units) or len(units) > 1:
            suits.add(order.eff[lead.cards[0]])
    allowed = [c for c in callable_cards(rules, state.trump) if played[int(c)] < rules.decks]
    near = [c for c in allowed if order.eff[int(c)] in suits]
    out: list[tuple[FriendCall, ...]] = []
    for _ in range(k):
        pool = near if near and rng.random() < 0.85 else allowed
        if not pool:
            break
        c = rng.choice(pool)
        out.append((FriendCall(c, rng.randint(played[int(c)] + 1, rules.decks)),))
    return list(dict.fromkeys(out))


def kinds(record: HandRecord) -> list[str]:
    """What the position's leads and follows were: pair, tractor, several pairs (a throw of two or more
    pairs or tractors), throw, failed throw; and those that show what rules.unseen reads as caps or does
    not read at all: a follow with fewer pairs than a lead of more than one pair (or of a pair and
    singles), a follow with as many pairs but no tractor under a tractor lead, a throw's tractor that
    stood, a failed throw beaten on a pair or tractor; and whether it is cut in the middle of a trick."""
    state = hand_state(record)
    order = order_for(record.rules, state.trump)
    out = set()
    tricks = [(t.plays, t.throw) for t in state.tricks]
    if state.current_trick is not None:
        tricks.append((state.current_trick.plays, None))
    for plays, throw in tricks:
        lead = plays[0]
        fmt = lead_format(order, lead.attempted if lead.attempted is not None else lead.cards)
        wide = [u for u in fmt.units if u.width > 1]
        if len(fmt.units) > 1:
            out.add("failed throw" if lead.attempted is not None else "throw")
            if len(wide) > 1:
                out.add("several pairs")
            if throw is not None and throw.stands is True and any(u.length > 1 for u in wide):
                out.add("a throw's tractor stood")
            if throw is not None and throw.stands is True and any(u.length == 1 for u in wide):
                out.add("a throw's pair stood")
            if (throw is not None and throw.stands is False and throw.forced_unit is not None
                    and throw.forced_unit.size > 1):
                out.add("a failed throw beaten on a pair or tractor")
        if any(u.length > 1 for u in wide):
            out.add("tractor")
        elif len(fmt.units) == 1 and wide:
            out.add("pair")
        led = lead_format(order, lead.cards).units
        pairs = sum(u.length for u in led if u.width == 2)
        if not pairs or any(u.width > 2 for u in led):
            continue
        suit = order.eff[lead.cards[0]]
        for p in plays[1:]:
            counts = Counter(int(c) for c in p.cards)
            if any(order.eff[c] != suit for c in counts):
                continue
            doubled = sum(k // 2 for k in counts.values())
            if doubled < pairs and len(lead.cards) > 2:
                out.add("fewer pairs than led")
            if 0 < doubled < pairs and record.rules.decks > 2:
                out.add("pairs under more pairs, 3+ decks")
            tractor_led = any(u.width == 2 and u.length > 1 for u in led)
            if tractor_led and doubled >= pairs and not any(u.length > 1 for u in lead_format(order, p.cards).units):
                out.add("pairs without a tractor under a tractor")
    if state.current_trick is not None and state.current_trick.plays:
        out.add("mid-trick")
    if record.rules.decks > 2:
        out.add("3+ decks")
    return sorted(out)


def exact_for(record: HandRecord, viewer: int, sets: list[tuple[FriendCall, ...]], limit: int = LIMIT):
    """:func:`tests.rules.friend_worlds.exact_statuses` for each set of calls in ``sets`` at once: the worlds
    of ``viewer`` enumerated once (the calls change no world), the referee's statuses read in each under
    every set; :class:`TooMany` past ``limit``."""
    found = [[set() for _ in calls] for calls in sets]
    worlds = 0
    for world, _, _ in every_world(record, viewer, limit):
        worlds += 1
        for f, calls in zip(found, sets, strict=True):
            if all(len(x) > 1 for x in f):
                continue
            st = hand_state(dataclasses.replace(world, friends=calls))
            for x, c in zip(f, st.calls, strict=True):
                x.add((c.status, c.seat))
        if all(len(x) > 1 for f in found for x in f):
            break
    assert worlds, "the real deal is a world"
    return [[next(iter(x)) if len(x) == 1 else PENDING for x in f] for f in found], worlds


def compare(record: HandRecord, sets: list[tuple[FriendCall, ...]] | None = None,
            limit: int = LIMIT) -> tuple[list[tuple], Counter, list[tuple]]:
    """Per viewer whose worlds the oracle enumerates within ``limit`` and per set of calls (``sets``: the
    record's own by default): (viewer, calls, view's statuses, exact statuses, worlds) where they
    differ; counts of views and calls compared (and of them, those pending in the view: where a miss
    can be) and of views skipped.  A skipped viewer's view is compared with ``DRAWS`` worlds drawn by
    rules.worlds: a drawn world giving a status other than one shown is a leak (listed with the drawn
    statuses as ``exact``); a pending call is *confirmed* when the drawn worlds give it two statuses, or
    all the referee's ``pending`` (then it is exact), else counted unconfirmed (it may be a miss, or the
    draws too few; listed as (viewer, calls, call, the statuses drawn))."""
    sets = [record.friends] if sets is None else sets
    records = [dataclasses.replace(record, friends=calls) for calls in sets]
    shown = [views(r, hand_state(r)) for r in records]
    out: list[tuple] = []
    counts: Counter = Counter()
    unconfirmed: list[tuple] = []
    for i, viewer in enumerate([*range(record.rules.players), PUBLIC]):
        mine = [[(c.status, c.seat) for c in v[i].calls] for v in shown]
        try:
            exact, worlds = exact_for(record, viewer, sets, limit)
        except TooMany:
            counts["views skipped (too many worlds)"] += 1
            found: list[list[set]] = [[set() for _ in m] for m in mine]
            for w in draw_worlds(record, viewer, DRAWS, f"hunt:{viewer}").worlds:
                world = dataclasses.replace(record, hands=w.deal, kitty=w.kitty,
                                            kitty_discard=w.kitty_discard or record.kitty_discard)
                for m, f, calls in zip(mine, found, sets, strict=True):
                    drawn = [(c.status, c.seat) for c in hand_state(dataclasses.replace(world, friends=calls)).calls]
                    for x, d in zip(f, drawn, strict=True):
                        x.add(d)
                    if any(a != PENDING and a != d for a, d in zip(m, drawn, strict=True)):
                        out.append((viewer, calls, m, drawn, "drawn"))
            for m, f, calls in zip(mine, found, sets, strict=True):
                for j, (a, x) in enumerate(zip(m, f, strict=True)):
                    if a != PENDING:
                        continue
                    if not x:
                        counts["skipped views' pending calls: no world drawn within the bound"] += 1
                        continue
                    sure = len(x) > 1 or x == {PENDING}
                    counts["skipped views' pending calls confirmed by drawn worlds" if sure
                           else "skipped views' pending calls unconfirmed"] += 1
                    if not sure:
                        unconfirmed.append((viewer, calls, j, x))
            continue
        counts["views compared"] += 1
        counts["views compared with a call pending"] += any(PENDING in m for m in mine)
        for m, e, calls in zip(mine, exact, sets, strict=True):
            counts["calls compared"] += len(m)
            counts["calls compared pending in the view"] += m.count(PENDING)
            if m != e:
                out.append((viewer, calls, m, e, worlds))
    return out, counts, unconfirmed


def _without(names: list[str]) -> None:
    """Switch facts of rules.unseen off (the hunt's power check; the pure build only): ``few-pairs``
    (follows with fewer pairs or no tractor), ``bar`` (a throw's units no seat could beat), ``blocker``
    (the card the seat that beat a failed throw held), and those :data:`FACTS` names."""
    import rules
    import rules.unseen as unseen
    if names and rules.COMPILED:
        raise SystemExit("--without needs the pure build (TRACTOR_PURE=1): a compiled class keeps its methods")
    for name in names:
        method = FACTS[name]
        setattr(unseen.Facts, method, lambda self, *args, **kwargs: None)


FACTS = {"few-pairs": "_few_pairs", "bar": "_bar", "blocker": "_blocker"}


def main(argv: list[str]) -> int:
    """``N SEED [--without FACT ...]``: the hunt (module docstring)."""
    without = [a for a in argv[argv.index("--without") + 1:]] if "--without" in argv else []
    argv = argv[:argv.index("--without")] if "--without" in argv else argv
    _without(without)
    total = int(argv[0]) if argv else 100
    seed = int(argv[1]) if len(argv) > 1 else 0
    rng = random.Random(seed)
    tally: Counter = Counter()
    pending_by_kind: Counter = Counter()
    missed_by_kind: Counter = Counter()
    leaked_by_kind: Counter = Counter()
    by_mode: Counter = Counter()
    compared_by_mode: Counter = Counter()
    start = time.monotonic()
    for k in range(total):
        if k and k % 50 == 0:
            print(f"... {k} positions, {time.monotonic() - start:.0f} s, {dict(tally)}", flush=True)
        mode = k % len(MODES)
        hand_seed = seed * 100000 + k
        rules = mode_rules(mode)
        left = rng.choice([1, 1, 2, 2, 3, 4])      # cards a seat holds at most: 1 to 2 tricks of pairs
        extra = rng.randrange(rules.players)
        record = position(mode, hand_seed, left, extra, strong=True)
        state = hand_state(record)
        tally["positions"] += 1
        if state.phase not in ("playing", "over") or not state.calls:
            tally["not playing"] += 1
            continue
        what = kinds(record)
        sets = [record.friends] + [c for c in extra_calls(record, rng) if c != record.friends]
        try:
            wrong, counts, unconfirmed = compare(record, sets)
        except Exception as e:  # noqa: BLE001 -- a hunt reports and goes on
            print(f"ERROR position({mode}, {hand_seed}, {left}, {extra}, strong=True): {type(e).__name__}: {e}", flush=True)
            tally["errors"] += 1
            continue
        tally.update(counts)
        for viewer, calls, j, f in unconfirmed:
            print(f"unconfirmed position({mode}, {hand_seed}, {left}, {extra}, strong=True) viewer {viewer} "
                  f"calls {[str(c.card) + '#' + str(c.ordinal) for c in calls]} call {j}: "
                  f"pending, the drawn worlds all {sorted(f)}", flush=True)
        compared_by_mode[mode] += counts["calls compared"]
        for x in what:
            pending_by_kind[x] += counts["calls compared pending in the view"]
        for viewer, calls, mine, exact, worlds in wrong:
            leaks = sum(m != PENDING and m != e for m, e in zip(mine, exact, strict=True))
            misses = sum(m == PENDING and e != PENDING for m, e in zip(mine, exact, strict=True))
            tally["leaked calls"] += leaks
            tally["missed calls"] += misses
            by_mode[mode] += leaks + misses
            for x in what:
                leaked_by_kind[x] += leaks
                missed_by_kind[x] += misses
            print(f"{'LEAK' if leaks else 'miss'} position({mode}, {hand_seed}, {left}, {extra}, strong=True) "
                  f"viewer {viewer} calls {[str(c.card) + '#' + str(c.ordinal) for c in calls]}: "
                  f"view {mine} exact {exact} ({worlds} worlds; {MODES[mode][0]} {MODES[mode][1]} "
                  f"short {MODES[mode][2]}; {', '.join(what)})", flush=True)
    print(f"\n{total} positions, seed {seed}, {time.monotonic() - start:.0f} s"
          + (f", without {', '.join(without)}" if without else ""))
    for key, value in sorted(tally.items()):
        print(f"  {key}: {value}")
    print("  calls compared by mode: " + ", ".join(f"{m}={k}" for m, k in sorted(compared_by_mode.items())))
    print("  disagreeing calls by mode: " + ", ".join(f"{m}={k}" for m, k in sorted(by_mode.items())))
    print("  calls compared pending in the view / missed / leaked, by kind of position:")
    for x in sorted(pending_by_kind):
        print(f"    {x}: {pending_by_kind[x]} / {missed_by_kind[x]} / {leaked_by_kind[x]}")
    return 1 if tally["leaked calls"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
