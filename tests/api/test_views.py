"""POST /v1/hands/state with `view` / `views: all`, and POST /v1/hands/worlds (docs/views.md)."""
import copy
import json
from pathlib import Path

import pytest

from .helpers import assert_problem, post, recorded_hand

record = recorded_hand


def answer(client, path, body):
    r = post(client, path, body)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


def test_a_seat_view_holds_its_own_cards_and_every_count(client):
    body = record("04_shengji.json", 4 * 6 + 1)
    referee = answer(client, "/v1/hands/state", body)
    seat = referee["next"]["seat"]
    mine = answer(client, "/v1/hands/state", {**body, "view": seat})
    assert mine["viewer"] == seat and mine["hands"][seat] == referee["hands"][seat]
    assert [h is None for h in mine["hands"]] == [s != seat for s in range(4)]
    assert mine["hand_counts"] == [len(h) for h in referee["hands"]]
    assert mine["next"]["seat"] == seat and mine["next"]["may"] == referee["next"]["may"] is not None
    other = answer(client, "/v1/hands/state", {**body, "view": (seat + 1) % 4})
    assert other["next"]["may"] is None and other["next"]["must"] is None and other["next"]["count"] is None
    public = answer(client, "/v1/hands/state", {**body, "view": "public"})
    assert public["viewer"] == "public" and public["hands"] == [None] * 4 and public["kitty"] is None
    dealer = body["dealer"]
    theirs = answer(client, "/v1/hands/state", {**body, "view": dealer})
    assert sorted(theirs["kitty"]) == sorted(body["deal"]["kitty"])
    assert sorted(theirs["kitty_discard"]) == sorted(body["kitty_discard"])
    assert "viewer" not in referee


def test_views_all_is_every_view_in_one_answer(client):
    body = record("13_4399.json", 4 * 3 + 2)
    everything = answer(client, "/v1/hands/state", {**body, "views": "all"})
    assert len(everything["views"]) == 4 and everything["public"]["viewer"] == "public"
    for seat in range(4):
        assert everything["views"][seat] == answer(client, "/v1/hands/state", {**body, "view": seat})
    assert everything["referee"] == answer(client, "/v1/hands/state", body)
    assert {k: everything[k] for k in everything["referee"]} == everything["referee"]


def test_a_view_is_cached_by_its_body(client):
    body = {**record("08_pagat.json", 9), "view": 1}
    first = post(client, "/v1/hands/state", body)
    again = post(client, "/v1/hands/state", body)
    other = post(client, "/v1/hands/state", {**body, "view": 2})
    assert first.get_json() == again.get_json() != other.get_json()
    assert again.headers.get("X-Cache") == "hit" and other.headers.get("X-Cache") == "miss"


def test_an_illegal_record_is_answered_as_the_referee(client):
    body = record("90_illegal_follow_qq.json")
    referee = answer(client, "/v1/hands/state", body)
    assert answer(client, "/v1/hands/state", {**body, "view": 1}) == referee


@pytest.mark.parametrize("change,pointer", [
    ({"view": 4}, "/view"), ({"view": "referee"}, "/view"), ({"views": "some"}, "/views"),
    ({"view": 1, "views": "all"}, "/views"),
])
def test_bad_view_requests_are_422(client, change, pointer):
    assert_problem(post(client, "/v1/hands/state", {**record("08_pagat.json", 9), **change}), 422, pointer)


def test_worlds_are_deals_the_seat_cannot_tell_apart(client):
    body = record("00_qq.json", 4 * 8 + 2)
    got = answer(client, "/v1/hands/worlds", {**body, "seat": 1, "count": 5, "seed": "s"})
    assert got["complete"] and len(got["worlds"]) == 5
    assert got == answer(client, "/v1/hands/worlds", {**body, "seat": 1, "count": 5, "seed": "s"})
    mine = answer(client, "/v1/hands/state", {**body, "view": 1})
    for w in got["worlds"]:
        changed = {**copy.deepcopy(body), "deal": w["deal"], "kitty_discard": w["kitty_discard"], "view": 1}
        assert answer(client, "/v1/hands/state", changed) == mine
        assert sorted(w["hands"][1]) == sorted(mine["hands"][1])


def test_worlds_count_small_positions_exactly(client):
    body = record("04_shengji.json", 4 * 21 - 1)
    got = answer(client, "/v1/hands/worlds", {**body, "seat": body["dealer"], "count": 3})
    assert got["count_exact"] and int(got["count_worlds"]) >= 1


def test_worlds_while_another_seat_s_dark_declaration_is_hidden(client):
    """Seed 004's 暗叫 while declaring is open: no 422; each world's declarations, with its deal, give seat 0
    the view it has."""
    body = record("04_shengji.json")
    body = {**body, "rules": {**body["rules"], "declaration_visibility": "dark"}, "declarations_closed": False,
            "deal": {"hands": [["3H", "5D"], ["2S", "7S"], ["3S", "3S"], ["9S", "10S"]], "kitty": []},
            "declarations": [{"seat": 2, "cards": ["3S", "3S"]}], "kitty_discard": [], "friends": [], "tricks": []}
    mine = answer(client, "/v1/hands/state", {**body, "view": 0})
    assert mine["declared"][0]["cards"] is None
    got = answer(client, "/v1/hands/worlds", {**body, "seat": 0, "count": 8, "seed": "dark"})
    assert got["complete"] and len(got["worlds"]) == 8
    for w in got["worlds"]:
        assert w["declarations"][0]["seat"] == 2 and len(w["declarations"][0]["cards"]) == 2
        assert w["declarations"][0]["cards"] != ["3H", "3H"]          # seat 0 holds one of the two 3♥
        changed = {**copy.deepcopy(body), "deal": w["deal"], "declarations": w["declarations"], "view": 0}
        assert answer(client, "/v1/hands/state", changed) == mine


@pytest.mark.parametrize("name,change,pointer", [
    ("90_illegal_follow_qq.json", {"seat": 1}, None), ("00_qq.json", {"seat": 9}, "/seat"),
    ("00_qq.json", {"seat": 1, "count": 0}, "/count"), ("00_qq.json", {"seat": 1, "count": 1001}, "/count"),
    ("00_qq.json", {}, "/seat"),
])
def test_bad_worlds_requests_are_422(client, name, change, pointer):
    assert_problem(post(client, "/v1/hands/worlds", {**record(name), **change}), 422, pointer)


def test_worlds_of_a_record_with_steals_carry_each_steal_s_burial(client):
    """Section 14.7: the dealer saw the burial the stealer took, not the stealer's own; each world's
    `exchanges` (with its `deal` and `kitty_discard`) gives the dealer the view it has."""
    from schemas.records import record_body
    from tests.rules.test_worlds import cut
    from tests.rules.test_worlds_steals import QQ, stolen_hand

    stolen = stolen_hand(QQ, 64, 1)
    body = record_body(cut(stolen, sum(len(t) for t in stolen.tricks) // 2))
    dealer = body["dealer"]
    mine = answer(client, "/v1/hands/state", {**body, "view": dealer})
    got = answer(client, "/v1/hands/worlds", {**body, "seat": dealer, "count": 6, "seed": "steal"})
    assert got["complete"] and len(got["worlds"]) == 6
    assert len({tuple(w["exchanges"][0]["discard"]) for w in got["worlds"]}) > 1
    for w in got["worlds"]:
        assert [(x["seat"], x["declaration"]) for x in w["exchanges"]] == \
            [(x["seat"], x["declaration"]) for x in body["exchanges"]]
        assert sorted(w["kitty_discard"]) == sorted(body["kitty_discard"])    # the dealer's own burial
        changed = {**copy.deepcopy(body), "deal": w["deal"], "kitty_discard": w["kitty_discard"],
                   "exchanges": w["exchanges"], "view": dealer}
        assert answer(client, "/v1/hands/state", changed) == mine


def test_worlds_of_the_dealer_after_two_steals_replay_its_view(client):
    """Section 14.7: two seats stole after the dealer; the dealer's burial went through both steals (once
    a 422).  Each world's deal and burials give the dealer the view it has."""
    from schemas.records import record_body
    from tests.rules.test_worlds import cut
    from tests.rules.test_worlds_steals import SMALL, stolen_hand

    stolen = stolen_hand(SMALL, 323, 2)
    body = record_body(cut(stolen, sum(len(t) for t in stolen.tricks) // 2))
    dealer = body["dealer"]
    assert len({dealer, *(x["seat"] for x in body["exchanges"])}) == 3
    mine = answer(client, "/v1/hands/state", {**body, "view": dealer})
    got = answer(client, "/v1/hands/worlds", {**body, "seat": dealer, "count": 5, "seed": "two"})
    assert got["complete"] and len(got["worlds"]) == 5
    assert len({tuple(w["exchanges"][0]["discard"]) for w in got["worlds"]}) > 1
    for w in got["worlds"]:
        assert sorted(w["kitty_discard"]) == sorted(body["kitty_discard"])
        changed = {**copy.deepcopy(body), "deal": w["deal"], "kitty_discard": w["kitty_discard"],
                   "exchanges": w["exchanges"], "view": dealer}
        assert answer(client, "/v1/hands/state", changed) == mine


def test_worlds_where_another_seat_took_two_burials_the_seat_saw(client):
    """The dealer buried, seat 2 stole, the dealer stole back, seat 2 stole again: both of the dealer's
    burials went to seat 2.  Once the hand is over the dealer's worlds are drawn (the burials' histories
    counted with the placements); at the start of play, with every card unseen, that count passes its
    bound and the answer is 422 with the reason; seat 2 itself is drawn."""
    from schemas.records import record_body
    from tests.rules.test_worlds import cut
    from tests.rules.test_worlds_steals import TWO_DECKS, stolen_hand

    stolen = stolen_hand(TWO_DECKS, 850, 3)
    assert [stolen.dealer] + [x.seat for x in stolen.exchanges] == [0, 2, 0, 2]
    body = record_body(stolen)
    got = answer(client, "/v1/hands/worlds", {**body, "seat": 0, "count": 3})
    assert len(got["worlds"]) == 3 and all(len(w["exchanges"]) == 3 for w in got["worlds"])
    start = record_body(cut(stolen, 0))
    problem = assert_problem(post(client, "/v1/hands/worlds", {**start, "seat": 0}), 422, "/exchanges")
    assert "took two burials this seat saw" in json.dumps(problem)
    assert answer(client, "/v1/hands/worlds", {**start, "seat": 2})["worlds"]


def test_the_worlds_example_with_a_steal_in_docs_views(client):
    """docs/views.md's body: the dealer's kitty and burial are the record's in every world, seat 2's burial
    is the world's, and seat 2 holds the cards it took from the dealer's burial."""
    text = (Path(__file__).parents[2] / "docs" / "views.md").read_text(encoding="utf-8")
    start = text.index('{"rules": {"preset": "pagat", "kitty_theft": true')
    body = json.loads(text[start:text.index("```", start)])
    got = answer(client, "/v1/hands/worlds", body)
    assert got["complete"] and len(got["worlds"]) == 2
    for w in got["worlds"]:
        assert sorted(w["kitty_discard"]) == ["2C", "JC"] and w["deal"]["kitty"] == ["7D", "KC"]
        assert w["exchanges"][0]["discard"] == w["kitty"] and w["exchanges"][0]["declaration"] == ["BJ"]
        assert {"2C", "JC"} <= set(w["hands"][2]) | set(w["kitty"])
