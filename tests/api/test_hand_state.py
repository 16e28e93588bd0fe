"""POST /v1/hands/state: the record cut anywhere, answered as it stands, in agreement with hands/adjudicate."""
import copy
import json
from pathlib import Path

import pytest

from .helpers import assert_problem, post

HANDS = Path(__file__).resolve().parent.parent / "data" / "hands"
FILES = sorted(HANDS.glob("*.json"))


def record(name: str) -> dict:
    data = json.loads((HANDS / name).read_text(encoding="utf-8"))
    data.pop("expected")
    return data


def state(client, body, **headers):
    r = post(client, "/v1/hands/state", body, **headers)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_state_and_adjudicate_agree_on_every_recorded_hand(client, path):
    body = record(path.name)
    a = post(client, "/v1/hands/adjudicate", body).get_json()
    s = state(client, body)
    assert (s["step"], s["seat"], s["reasons"]) == (a["step"], a["seat"], a["reasons"])
    assert s["tricks"] == a["tricks"] and s["trump"] == a["trump"]
    if a["legal"]:
        assert s["phase"] == "over" and s["next"] is None and s["settlement"] == a["settlement"]
        assert {k: s["teams"][k] for k in a["teams"]} == a["teams"]
        total = a["settlement"]["attackers_points"] + a["settlement"]["penalty_points"]
        assert s["points"]["attackers"] == total and s["hands"] == [[]] * len(body["deal"]["hands"])
    else:
        assert s["phase"] == "illegal" and s["settlement"] is None


def test_phase_declaring_while_dealing(client):
    body = record("00_qq.json")
    body["deal"] = {"hands": [h[:6] for h in body["deal"]["hands"]], "kitty": []}
    body.update(declarations=[], kitty_discard=[], tricks=[])
    s = state(client, body)
    assert s["phase"] == "declaring" and s["next"] is None and s["trump"] is None and s["step"] is None
    assert [d["seat"] for d in s["declarations"]] == [0, 1, 2, 3]
    for d, hand in zip(s["declarations"], body["deal"]["hands"], strict=True):
        options = post(client, "/v1/declarations/options", {"rules": body["rules"], "level": body["levels"][body["dealer"]],
                                                            "seat": d["seat"], "hand": hand}).get_json()["options"]
        assert d["options"] == options
    assert sorted(len(h) for h in s["hands"]) == [6, 6, 6, 6]


def test_phase_exchanging_then_playing(client):
    body = record("00_qq.json")
    tricks, discard = body.pop("tricks"), body.pop("kitty_discard")
    s = state(client, body)
    assert s["phase"] == "declaring" and s["trump"] is not None and s["declarer"] == body["declarations"][-1]["seat"]
    s = state(client, {**body, "declarations_closed": True})
    assert s["phase"] == "exchanging"
    assert s["next"] == {"seat": body["dealer"], "action": "discard", "cards": 8, "calls": None, "callable": None,
                         "lead": None, "must": None, "may": None, "count": None, "count_exact": None, "plays": None,
                         "record_plays": None}
    assert len(s["hands"][body["dealer"]]) == 33
    s = state(client, {**body, "kitty_discard": discard})
    assert s["phase"] == "playing" and s["next"]["action"] == "lead" and s["next"]["seat"] == body["dealer"]
    assert len(s["hands"][body["dealer"]]) == 25 and s["current_trick"] is None
    s = state(client, {**body, "kitty_discard": discard, "tricks": tricks[:2] + [tricks[2][:3]]})
    assert s["next"]["action"] == "follow" and s["next"]["seat"] == tricks[2][3]["seat"]
    assert s["next"]["lead"] == tricks[2][0]["cards"] and s["next"]["cards"] == len(tricks[2][0]["cards"])
    assert s["current_trick"]["leader"] == tricks[2][0]["seat"] and len(s["current_trick"]["plays"]) == 3
    legal = post(client, "/v1/plays/legal", {"rules": body["rules"], "trump": s["trump"], "limit": 1000,
                                             "hand": s["hands"][s["next"]["seat"]], "lead": s["next"]["lead"]}).get_json()
    assert s["next"]["count"] == legal["count"]
    assert all(set(s["next"]["must"]) <= set(p) <= set(s["next"]["may"]) for p in legal["plays"])


@pytest.mark.parametrize("plays", [0, 13, 14, 40, 56])
def test_sample_draws_legal_plays_for_the_seat_to_act(client, plays):
    """A game loop's random move in the same request: distinct plays, each legal, the same per seed."""
    body = record("08_pagat.json")
    tricks = [p for t in body["tricks"] for p in t]
    cut = [tricks[i:min(i + 4, plays)] for i in range(0, plays, 4)]
    body = {**body, "tricks": cut, "sample": 5, "seed": 42}
    s = state(client, body)
    nxt = s["next"]
    assert len(nxt["plays"]) == min(5, nxt["count"]) and len({tuple(p) for p in nxt["plays"]}) == len(nxt["plays"])
    for play in nxt["plays"]:
        check = {"rules": body["rules"], "trump": s["trump"], "hand": s["hands"][nxt["seat"]], "play": play}
        if nxt["lead"] is not None:
            check["lead"] = nxt["lead"]
        assert post(client, "/v1/plays/validate", check).get_json()["legal"] is True
    assert state(client, body)["next"]["plays"] == nxt["plays"]
    # appended as the record holds them, each drawn play is the legal next step
    for play, recorded in zip(nxt["plays"], nxt["record_plays"], strict=True):
        assert recorded["seat"] == nxt["seat"] and recorded.get("attempted", recorded["cards"]) == play
        trick = cut[-1] + [recorded] if nxt["lead"] is not None else [recorded]
        after = cut[:-1] + [trick] if nxt["lead"] is not None else cut + [trick]
        assert state(client, {**body, "tricks": after})["phase"] == "playing"
    assert_problem(post(client, "/v1/hands/state", {**body, "seed": None}), 422, "/seed")


def test_sampled_failed_throws_are_recorded_reduced(client):
    """pagat allows throws: among sampled leads some fail against the other hands; each is given as
    its forced play with the throw as `attempted`, and that record goes on legally."""
    body = record("08_pagat.json")
    tricks = body["tricks"]
    failed = 0
    for t in range(0, 20, 2):
        s = state(client, {**body, "tricks": tricks[:t], "sample": 30, "seed": t})
        for recorded in s["next"]["record_plays"]:
            if "attempted" in recorded:
                failed += 1
                assert len(recorded["cards"]) < len(recorded["attempted"])
                assert state(client, {**body, "tricks": tricks[:t] + [[recorded]]})["phase"] == "playing"
    assert failed > 0


def test_phase_calling_and_call_statuses(client):
    body = record("10_pagat.json")
    s = state(client, {**body, "friends": [], "tricks": []})
    assert s["phase"] == "calling" and s["next"]["action"] == "call" and s["next"]["calls"] == 2
    assert len(s["next"]["callable"]) == 54 and s["points"]["attackers"] is None
    s = state(client, {**body, "tricks": []})
    assert [c["status"] for c in s["teams"]["calls"]] == ["pending", "pending"]
    assert s["teams"]["calls"][0] == {"card": "2D", "ordinal": 1, "status": "pending", "seat": None}
    s = state(client, body)
    assert {c["status"] for c in s["teams"]["calls"]} <= {"joined", "spent"}
    for c, friend in zip(s["teams"]["calls"], s["teams"]["friends"], strict=True):
        assert (c["status"] == "joined") == (friend is not None) and (friend is None or c["seat"] == friend)


def test_phase_redeal(client):
    body = {**record("04_shengji.json"), "declarations": [], "kitty_discard": [], "tricks": [],
            "declarations_closed": True}
    s = state(client, body)
    assert s["phase"] == "redeal" and s["step"] == "declarations" and s["next"] is None
    assert [r["code"] for r in s["reasons"]] == ["NO_DECLARATION"]
    a = post(client, "/v1/hands/adjudicate", {k: v for k, v in body.items() if k != "declarations_closed"}).get_json()
    assert (a["step"], a["reasons"]) == (s["step"], s["reasons"])


def test_illegal_step_in_chinese(client):
    s = state(client, record("92_wrong_turn_shengji.json"), **{"Accept-Language": "zh-CN"})
    assert s["phase"] == "illegal" and s["reasons"][0]["code"] == "WRONG_TURN"
    assert any("\u4e00" <= ch <= "\u9fff" for ch in s["reasons"][0]["message"])


def test_state_is_cached(client):
    body = record("01_qq.json")
    body["tricks"] = body["tricks"][:5] + [body["tricks"][5][:1]]      # a record no other test sends
    first = post(client, "/v1/hands/state", body)
    again = post(client, "/v1/hands/state", body)
    assert (first.headers["X-Cache"], again.headers["X-Cache"]) == ("miss", "hit")
    assert first.data == again.data
    assert post(client, "/v1/hands/state", body, **{"Cache-Control": "no-cache"}).headers["X-Cache"] == "bypass"


def test_malformed_records_are_problems(client):
    body = record("00_qq.json")
    assert_problem(post(client, "/v1/hands/state", {**body, "declarations_closed": False}), 422, "/declarations_closed")
    zh = post(client, "/v1/hands/state", {**body, "declarations_closed": False}, **{"Accept-Language": "zh-CN"})
    assert "亮主" in assert_problem(zh, 422, "/declarations_closed")["detail"]
    assert_problem(post(client, "/v1/hands/state", {**body, "declarations_closed": "yes"}), 422, "/declarations_closed")
    bad = copy.deepcopy(body)
    bad["deal"]["hands"][0][3] = "ZZ"
    assert_problem(post(client, "/v1/hands/state", bad), 422, "/deal/hands/0/3")
    bad = copy.deepcopy(body)
    bad["deal"]["kitty"][0] = bad["deal"]["hands"][0][0]
    bad["deal"]["kitty"][1] = bad["deal"]["hands"][0][0]
    assert_problem(post(client, "/v1/hands/state", bad), 422)
    assert_problem(post(client, "/v1/hands/state", {**body, "dealer": 7}), 422, "/dealer")
    assert_problem(post(client, "/v1/hands/state", {**body, "partial": "yes"}), 422, "/partial")
    assert_problem(post(client, "/v1/hands/state", {**body, "sample": 101, "seed": 1}), 422, "/sample")
    assert state(client, {**body, "partial": True}) == state(client, body)      # an adjudicate record as it is
    r = client.post("/v1/hands/state", data="{", content_type="application/json")
    assert_problem(r, 400)
