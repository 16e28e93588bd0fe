"""Section 15: a seat's view depends on what that seat knows, and nothing else.

The proof is a property, not a list of stripped fields: records that differ in a world of a seat --
drawn by rules.worlds, and independently made by swapping unplayed cards between two other seats
where the record stays legal and shows the same public events -- give that seat byte-identical
views (the JSON the service answers).  Then the trial's friend cases, and the parameters of 15.3.
"""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

import rules
from app.resources.seats import view_body
from rules.adjudicate import Play
from rules.cards import CARDS
from rules.friends import FriendCall
from rules.ruleset import Ruleset
from rules.state import hand_state
from rules.views import PUBLIC, view
from rules.worlds import draw_worlds
from schemas.records import load_record
from tests.rules.random_hands import random_hand

HANDS = Path(__file__).parent.parent / "data" / "hands"
LEGAL = [p for p in sorted(HANDS.glob("*.json")) if not p.name.startswith("9")]

MODES = [
    ("qq", {}), ("shengji", {}), ("pagat", {}), ("4399", {}), ("tuolaji", {}), ("four-deck", {}),
    ("pagat", {"partnership": "find-friends", "players": 5}),
    ("4399", {"partnership": "find-friends", "friend_join": "holder"}),
    ("pagat", {"partnership": "find-friends", "friend_join": "first-outsider", "players": 6}),
    ("shengji", {"hide_played_cards": True, "hide_throw_blocker": True, "hide_defender_points": True}),
    ("qq", {"declaration_visibility": "dark"}),
]


def load(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("expected")
    return load_record(data)


def cut(record, plays: int):
    """The record after its first ``plays`` plays (the last trick possibly incomplete)."""
    n = record.rules.players
    whole, part = divmod(plays, n)
    tricks = record.tricks[:whole] + ((record.tricks[whole][:part],) if part and whole < len(record.tricks) else ())
    return dataclasses.replace(record, tricks=tricks)


def seen_by(record, seat: int) -> str:
    state = hand_state(record)
    assert state.phase != "illegal", state.illegal
    return json.dumps(view_body(record.rules, view(record, state, seat)), sort_keys=True)


def public_events(state):
    return (state.phase, None if state.trump is None else state.trump.to_dict(),
            [None if t.throw is None else (t.throw.stands, t.throw.beaten_by) for t in state.tricks])


def records():
    """Recorded whole hands and random hands of every mode, each cut at a few points."""
    out = []
    for path in LEGAL:
        r = load(path)
        total = sum(len(t) for t in r.tricks)
        for k in (0, total // 3, (2 * total) // 3 + 1):
            out.append((path.stem, k, cut(r, k)))
    for i, (preset, changes) in enumerate(MODES):
        r = random_hand(Ruleset.preset(preset, **changes), 500 + i)
        total = sum(len(t) for t in r.tricks)
        for k in (total // 4 + 1, total // 2, total - r.rules.players - 1):
            out.append((f"{preset}-{i}", k, cut(r, k)))
    return out


# the pure build runs every third record (make test runs the rule tests on both builds)
RECORDS = records() if rules.COMPILED else records()[::3]


@pytest.mark.parametrize("name,plays,record", RECORDS, ids=[f"{n}@{k}" for n, k, _ in RECORDS])
def test_s15_4_a_view_is_the_same_in_every_world_of_its_seat(name, plays, record):
    n = record.rules.players
    for seat in [*range(n), PUBLIC]:
        mine = seen_by(record, seat)
        found = draw_worlds(record, seat, 3, f"{name}:{plays}:{seat}")
        for w in found.worlds:
            other = dataclasses.replace(record, hands=w.deal, kitty=w.kitty, declarations=w.declarations,
                                        kitty_discard=w.kitty_discard or record.kitty_discard)
            assert seen_by(other, seat) == mine, (name, plays, seat)


@pytest.mark.parametrize("name,plays,record", RECORDS, ids=[f"{n}@{k}" for n, k, _ in RECORDS])
def test_s15_4_swapping_unplayed_cards_between_two_other_seats_changes_no_view(name, plays, record):
    """Independently of the sampler: two other seats swap an unplayed card; where the record stays legal
    with the same public events, the seat's view is the same bytes."""
    rng = random.Random(f"{name}:{plays}")
    real = hand_state(record)
    n = record.rules.players
    tried = 0
    for _ in range(60):
        a, b = rng.sample(range(n), 2)
        if not real.hands[a] or not real.hands[b]:
            continue
        x, y = rng.choice(real.hands[a]), rng.choice(real.hands[b])
        if x == y:
            continue
        hands = [list(h) for h in record.hands]
        if x not in hands[a] or y not in hands[b]:
            continue                                  # the dealer's card from the kitty: not in its dealt hand
        hands[a].remove(x)
        hands[a].append(y)
        hands[b].remove(y)
        hands[b].append(x)
        other = dataclasses.replace(record, hands=tuple(tuple(sorted(h)) for h in hands))
        state = hand_state(other)
        if state.phase == "illegal" or public_events(state) != public_events(real):
            continue
        tried += 1
        for seat in [s for s in range(n) if s not in (a, b)] + [PUBLIC]:
            assert seen_by(other, seat) == seen_by(record, seat), (name, plays, seat, a, b, str(x), str(y))
        if tried >= 4:
            break


def test_s15_1_a_view_holds_only_the_viewers_cards():
    record = cut(load(LEGAL[0]), 9)
    state = hand_state(record)
    for seat in range(4):
        v = view(record, state, seat)
        assert v.hands[seat] == state.hands[seat]
        assert all(h is None for s, h in enumerate(v.hands) if s != seat)
        assert v.hand_counts == tuple(len(h) for h in state.hands)
        if state.next is not None and state.next.seat != seat:
            assert v.next.must is None and v.next.may is None and v.next.count is None
    assert view(record, state, state.next.seat).next.may == state.next.may


def friends_record(join: str, players: int = 5):
    rules = Ruleset.preset("pagat" if join != "holder" else "4399", partnership="find-friends",
                           friend_join=join, **({"players": players} if join != "holder" else {}))
    return random_hand(rules, 77)


def statuses(record, seat):
    state = hand_state(record)
    return [(c.status, c.seat) for c in view(record, state, seat).calls]


def test_s15_2_holder_friend_is_hidden_until_its_card_is_played():
    record = friends_record("holder")
    call = record.friends[0]
    first = next(i for i, t in enumerate(record.tricks) if any(call.card in p.cards for p in t))
    before = cut(record, first * 4)
    state = hand_state(before)
    friend = state.teams.friends[0]
    assert state.calls[0].status in ("joined", "spent")          # the referee knows at once
    assert statuses(before, PUBLIC) == [("pending", None)]
    holders = {s for s in range(4) if call.card in state.hands[s]}
    for seat in set(range(4)) - holders - {record.dealer}:
        assert statuses(before, seat) == [("pending", None)], seat
    whole = hand_state(record)
    assert statuses(record, PUBLIC) == [(whole.calls[0].status, whole.calls[0].seat)]
    assert friend == whole.teams.friends[0]


def with_call(record, card: int, ordinal: int = 1):
    return dataclasses.replace(record, friends=(FriendCall(CARDS[card], ordinal),))


def test_s15_2_spent_by_the_kitty_is_pending_to_the_other_seats():
    record = friends_record("first-played")
    buried = record.kitty_discard[0]
    copies_played = 0
    r = with_call(cut(record, 0), int(buried), record.rules.decks)
    state = hand_state(r)
    assert (state.calls[0].status, state.calls[0].seat) == ("spent", None)          # the referee's reading
    assert statuses(r, record.dealer) == [("spent", None)]                           # the dealer buried it
    for seat in [s for s in range(record.rules.players) if s != record.dealer] + [PUBLIC]:
        held = sum(1 for c in state.hands[seat] if c == buried) if seat != PUBLIC else 0
        if held + copies_played < record.rules.decks - 1 or seat == PUBLIC:
            assert statuses(r, seat) == [("pending", None)], seat


def test_s15_2_dealer_holding_every_copy_is_pending_to_the_other_seats():
    record = friends_record("first-played")
    start = cut(record, 0)
    state = hand_state(start)
    dealer = record.dealer
    held = {c: sum(1 for x in state.hands[dealer] if x == c) for c in set(state.hands[dealer])}
    card = next((c for c, k in sorted(held.items()) if k == record.rules.decks), None)
    if card is None:
        pytest.skip("the dealer holds no card twice in this hand")
    r = with_call(start, int(card))
    state = hand_state(r)
    assert (state.calls[0].status, state.calls[0].seat) == ("spent", None)
    assert statuses(r, dealer) == [("spent", None)]
    for seat in [s for s in range(record.rules.players) if s != dealer] + [PUBLIC]:
        assert statuses(r, seat) == [("pending", None)], seat


def test_s15_2_spent_through_a_joined_friend_is_pending_to_the_other_seats():
    """Call 1 joins seat F; every copy left of call 2's card is F's: the referee says spent, the seats
    that cannot see F's hand say pending."""
    record = friends_record("first-played")
    n = record.rules.players
    for k in range(n, sum(len(t) for t in record.tricks), n):
        r = cut(record, k)
        plays = [p for t in r.tricks for p in t]
        first = next((p for p in plays if p.seat != record.dealer), None)
        if first is None:
            continue
        joiner, card1 = first.seat, first.cards[0]
        state = hand_state(r)
        played = {c: sum(1 for p in plays for x in p.cards if x == c) for c in range(54)}
        mine = {c: sum(1 for x in state.hands[joiner] if x == c) for c in range(54)}
        pick = next((c for c in range(54) if mine[c] and mine[c] + played[c] == record.rules.decks
                     and c != card1 and not any(x == c for x in state.hands[record.dealer])), None)
        if pick is None or played[card1] != 1 or sum(1 for p in plays for x in p.cards if x == card1 and p is first) != 1:
            continue
        called = dataclasses.replace(r, friends=(FriendCall(CARDS[card1], 1), FriendCall(CARDS[pick], record.rules.decks)))
        state = hand_state(called)
        if state.calls[0].status != "joined" or state.calls[0].seat != joiner:
            continue
        assert (state.calls[1].status, state.calls[1].seat) == ("spent", None)
        assert statuses(called, joiner)[1] == ("spent", None)
        for seat in [s for s in range(n) if s != joiner] + [PUBLIC]:
            assert statuses(called, seat)[1] == ("pending", None), seat
        return
    pytest.skip("no position of this hand fits")


def test_s15_3_hidden_played_cards_blocker_and_defender_points():
    rules = Ruleset.preset("pagat", hide_played_cards=True, hide_throw_blocker=True, hide_defender_points=True)
    record = random_hand(rules, 3, throw_rate=0.6)
    r = cut(record, 4 * 10)
    state = hand_state(r)
    v = view(r, state, PUBLIC)
    assert v.tricks_shown == tuple(i == len(state.tricks) - 1 for i in range(len(state.tricks)))
    assert all(b is None for b in v.beaten_by)
    assert v.points.defenders is None and all(v.points.by_seat[s] is None for s in state.teams.dealer_team)
    assert v.points.attackers == state.points.attackers
    body = view_body(rules, v)
    assert all(t["plays"] == [] and t["format"] is None for t in body["tricks"][:-1])
    shown = view(r, state, PUBLIC)
    assert shown == v
    plain = dataclasses.replace(r, rules=rules.replace(hide_played_cards=False, hide_throw_blocker=False,
                                                       hide_defender_points=False))
    pv = view(plain, hand_state(plain), PUBLIC)
    failed = [t.throw.beaten_by for t in state.tricks if t.throw is not None and t.throw.stands is False]
    assert [b for b in pv.beaten_by if b is not None] == failed


def test_s15_2_dark_declarations_hide_their_cards_while_declaring_is_open():
    rules = Ruleset.preset("qq", declaration_visibility="dark")
    record = random_hand(rules, 11)
    if not record.declarations:
        pytest.skip("nobody declared")
    open_ = dataclasses.replace(record, kitty_discard=(), friends=(), tricks=())
    state = hand_state(open_, declarations_closed=False)
    assert state.phase == "declaring"
    declarer = state.declarer
    for seat in range(4):
        v = view(open_, state, seat, declarations_closed=False)
        assert all((d.cards is None) == (d.seat != seat) for d in v.declared)
        assert (v.trump is None) == (seat != declarer)
        assert all(opts is None for s, opts in enumerate(v.declarations) if s != seat)
    closed = hand_state(record)
    assert all(d.cards is not None for d in view(record, closed, 1).declared)


def test_s15_2_dark_options_are_valid_under_every_hidden_history():
    rules = Ruleset.preset("tuolaji", declaration_visibility="dark")
    for seed in range(30):
        record = random_hand(rules, seed)
        if len(record.declarations) < 1:
            continue
        open_ = dataclasses.replace(record, kitty_discard=(), friends=(), tricks=())
        state = hand_state(open_, declarations_closed=False)
        for seat in range(4):
            mine = view(open_, state, seat, declarations_closed=False).declarations[seat]
            referee = {(o.cards, o.kind) for o in state.declarations[seat]}
            assert mine is not None and {(o.cards, o.kind) for o in mine} <= referee


def test_s15_4_a_record_with_an_illegal_step_has_no_view():
    record = load(HANDS / "90_illegal_follow_qq.json")
    state = hand_state(record)
    with pytest.raises(ValueError):
        view(record, state, 0)


def test_views_of_a_play_in_progress_show_the_trick():
    record = cut(load(LEGAL[1]), 4 * 3 + 2)
    state = hand_state(record)
    for seat in [0, 1, 2, 3, PUBLIC]:
        v = view(record, state, seat)
        assert v.current_trick == state.current_trick
        assert [Play(p.seat, p.cards, p.attempted) for p in v.current_trick.plays] == list(state.current_trick.plays)


def test_s15_2_what_the_score_still_allows_is_shown_only_where_the_kitty_is_known():
    """The outlook counts the buried kitty's points: the dealer (who buried it) sees it, the others and
    the public do not, until the hand is over."""
    record = load(LEGAL[0])
    mid = cut(record, 4 * 6)
    state = hand_state(mid)
    assert state.outlook is not None
    assert view(mid, state, record.dealer).outlook == state.outlook
    for seat in [s for s in range(4) if s != record.dealer] + [PUBLIC]:
        assert view(mid, state, seat).outlook is None
    over = hand_state(record)
    assert all(view(record, over, s).outlook == over.outlook for s in [0, 1, 2, 3, PUBLIC])
