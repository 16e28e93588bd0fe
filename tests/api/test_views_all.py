"""`views: "all"` gives each seat exactly the bytes `view: <seat>` answers (docs/views.md), on random
records of every mode (12 seats and four decks included) cut at many points of the hand; and the
encoder that writes the parts every view shares once writes the bytes of the plain answer."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from app.encoding import DEPTH, Shared, encode
from rules.ruleset import Ruleset
from schemas.records import record_body
from tests.rules.random_hands import random_hand
from tests.rules.test_kitty_theft import THEFT, steal, stealable

NO_CACHE = {"Cache-Control": "no-cache"}
MODES = [
    ("qq", {}), ("shengji", {}), ("pagat", {}), ("4399", {}), ("tuolaji", {}), ("four-deck", {}),
    ("pagat", {"partnership": "find-friends", "players": 5}),
    ("4399", {"partnership": "find-friends", "friend_join": "holder"}),
    ("pagat", {"partnership": "find-friends", "friend_join": "first-outsider", "players": 6}),
    ("four-deck", {"partnership": "find-friends", "friend_join": "first-played", "players": 12}),
    ("four-deck", {"partnership": "find-friends", "friend_join": "first-outsider", "players": 10}),
    ("shengji", {"hide_played_cards": True, "hide_throw_blocker": True, "hide_defender_points": True}),
    ("pagat", {"partnership": "find-friends", "players": 6, "hide_throw_blocker": True,
               "hide_defender_points": True}),
    ("qq", {"declaration_visibility": "dark"}),
]


def cut(record, plays: int):
    n = record.rules.players
    whole, part = divmod(plays, n)
    return dataclasses.replace(record, tricks=record.tricks[:whole] + ((record.tricks[whole][:part],) if part else ()))


def bodies() -> list[tuple[str, dict]]:
    """Request bodies: each mode's random hands cut before the discard, before the first lead, at
    random points of the play and at the end; a dark hand while declaring is open; a steal."""
    out = []
    for i, (preset, changes) in enumerate(MODES):
        rules = Ruleset.preset(preset, **changes)
        for h in range(2):
            record = random_hand(rules, 2929 + 31 * i + h)
            total = sum(len(t) for t in record.tricks)
            rng = random.Random(f"{i}:{h}")
            points = sorted({0, total, *rng.sample(range(1, total), 4)})
            name = f"{preset}-{i}-{h}"
            if h == 0:
                out.append((f"{name}-exchanging", record_body(dataclasses.replace(
                    record, kitty_discard=(), friends=(), tricks=()))))
            out += [(f"{name}@{k}", record_body(cut(record, k))) for k in points]
    dark = random_hand(Ruleset.preset("qq", declaration_visibility="dark"), 11)
    out.append(("dark-declaring", {**record_body(dataclasses.replace(dark, kitty_discard=(), friends=(), tricks=())),
                                   "declarations_closed": False}))
    record, seat, option = stealable(THEFT)
    out.append(("stealing", record_body(record)))
    out.append(("stolen", record_body(steal(record, seat, option))))
    return out


BODIES = bodies()


def raw(client, body: dict, **headers) -> bytes:
    r = client.post("/v1/hands/state", json=body, headers={**NO_CACHE, **headers})
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_data()


def plain(value) -> bytes:
    """``value`` as the service writes JSON, by the standard library alone."""
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


@pytest.mark.parametrize("name,body", BODIES, ids=[n for n, _ in BODIES])
def test_views_all_gives_each_seat_the_bytes_of_its_own_view(client, name, body):
    everything = raw(client, {**body, "views": "all"})
    parsed = json.loads(everything)
    assert plain(parsed) == everything
    players = len(body["deal"]["hands"])
    assert len(parsed["views"]) == players
    for seat in range(players):
        assert plain(parsed["views"][seat]) == raw(client, {**body, "view": seat}), (name, seat)
    assert plain(parsed["public"]) == raw(client, {**body, "view": "public"})
    referee = raw(client, body)
    assert plain(parsed["referee"]) == referee
    assert plain({k: parsed[k] for k in parsed["referee"]}) == referee


def last_of(prefix: str) -> tuple[str, dict]:
    """The body of the hand named ``prefix`` cut latest (a finished hand: its settlement explained)."""
    mine = [(n, b) for n, b in BODIES if n.startswith(prefix + "@")]
    return max(mine, key=lambda nb: int(nb[0].split("@")[1]))


CHINESE = [BODIES[3], last_of("qq-0-0"), last_of("4399-7-0"), last_of("four-deck-9-1")]


@pytest.mark.parametrize("name,body", CHINESE, ids=[n for n, _ in CHINESE])
def test_views_all_in_chinese_gives_each_seat_the_bytes_of_its_own_view(client, name, body):
    zh = {"Accept-Language": "zh-CN"}
    parsed = json.loads(raw(client, {**body, "views": "all"}, **zh))
    players = len(body["deal"]["hands"])
    for seat in [*range(players), "public"]:
        mine = parsed["public"] if seat == "public" else parsed["views"][seat]
        assert plain(mine) == raw(client, {**body, "view": seat}, **zh)
    assert plain(parsed["referee"]) == raw(client, body, **zh)


def test_an_illegal_record_s_views_are_the_referee_s_bytes(client):
    from .helpers import recorded_hand
    body = recorded_hand("90_illegal_follow_qq.json")
    parsed = json.loads(raw(client, {**body, "views": "all"}))
    referee = raw(client, body)
    assert all(plain(v) == referee for v in [*parsed["views"], parsed["public"], parsed["referee"]])


def shared_documents(rng: random.Random, depth: int = 0):
    """A random answer whose dicts and lists are often the same objects in several places."""
    pool: list = []

    def leaf():
        return rng.choice([None, True, False, 0, -7, 2.5, "AS", "十", "", "a\"b\\c\n"])

    def node(d: int):
        if pool and rng.random() < 0.3:
            return rng.choice(pool)
        if d >= 5 or rng.random() < 0.3:
            return leaf()
        if rng.random() < 0.5:
            made: object = [node(d + 1) for _ in range(rng.randrange(4))]
        else:
            made = {rng.choice(["a", "b", "c", "tricks", "views", "点"]) + str(k): node(d + 1)
                    for k in range(rng.randrange(5))}
        pool.append(made)
        return made
    return {f"k{k}": node(1) for k in range(rng.randrange(1, 6))}


def test_a_shared_answer_is_encoded_as_the_plain_one():
    rng = random.Random(29)
    for _ in range(2000):
        answer = shared_documents(rng)
        assert encode(Shared(answer)) == encode(answer) == plain(answer)
    # a part deeper than DEPTH is written where it appears, each time
    deep: dict = {"x": [1, 2]}
    for _ in range(DEPTH + 2):
        deep = {"a": deep, "b": deep}
    assert encode(Shared(deep)) == plain(deep)
