"""POST /v1/plays/suggest (提示, 托管; docs/bots.md)."""
import json

from bots import STRENGTHS

from .helpers import assert_problem, post, recorded_hand

record = recorded_hand


def answer(client, body, **headers):
    r = post(client, "/v1/plays/suggest", body, **headers)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


def choice(client, name: str, start: int) -> tuple[dict, dict]:
    """The first cut from ``start`` plays on where the seat to follow has more than one legal play."""
    for plays in range(start, start + 40):
        body = record(name, plays)
        state = post(client, "/v1/hands/state", body).get_json()
        if state["current_trick"] and state["next"]["count"] > 1:
            return body, state
    raise AssertionError("no choice")


def test_a_hint_is_a_legal_play_of_the_seat_to_act(client):
    body, state = choice(client, "06_shengji.json", 4 * 6 + 1)
    seat = state["next"]["seat"]
    for strength in ("basic", "standard", "strong"):
        got = answer(client, {**body, "strength": strength, "seed": 3})
        assert got["seat"] == seat and got["strength"] == strength and got["seed"] == 3
        play = got["action"]["play"]
        verdict = post(client, "/v1/plays/validate", {
            "rules": body["rules"], "trump": state["trump"], "hand": state["hands"][seat], "play": play,
            "lead": state["current_trick"]["plays"][0]["cards"]}).get_json()
        assert verdict["legal"], verdict
        assert got["alternatives"][0]["action"] == got["action"]
        level = STRENGTHS[strength]
        assert level.min_worlds <= got["worlds"] <= level.worlds and (got["worlds"] == 0) == (strength == "basic")
        if strength != "basic":
            assert all(a["value"] is not None and a["attackers_points"] is not None for a in got["alternatives"])
        # the record with the hint appended is still legal
        after = json.loads(json.dumps(body))
        after["tricks"][-1].append({"seat": seat, "cards": play})
        assert post(client, "/v1/hands/state", after).get_json()["phase"] == "playing"


def test_the_same_body_gets_the_same_answer(client):
    body = {**record("00_qq.json", 4 * 3), "seed": "x"}
    assert answer(client, body) == answer(client, body)


def test_the_reason_speaks_chinese_when_asked(client):
    body = {**record("00_qq.json", 4 * 3 + 2), "strength": "basic"}
    en = answer(client, body)
    zh = answer(client, body, **{"Accept-Language": "zh-CN"})
    assert en["action"] == zh["action"] and en["reason_code"] == zh["reason_code"]
    assert en["reason"] != zh["reason"] and any("\u4e00" <= ch <= "\u9fff" for ch in zh["reason"])


def test_before_play_every_action_is_suggested(client):
    whole = record("00_qq.json")
    declaring = {**whole, "declarations": [], "kitty_discard": [], "friends": [], "tricks": []}
    got = answer(client, {**declaring, "seat": 2, "strength": "basic"})
    assert set(got["action"]) <= {"declare", "pass"}
    assert_problem(post(client, "/v1/plays/suggest", declaring), 422, "/seat")
    exchanging = {**whole, "kitty_discard": [], "friends": [], "tricks": []}
    got = answer(client, {**exchanging, "declarations_closed": True})
    assert len(got["action"]["discard"]) == 8
    after = {**exchanging, "kitty_discard": got["action"]["discard"]}
    assert post(client, "/v1/hands/state", after).get_json()["phase"] == "playing"


def test_only_the_seat_to_act_and_a_live_hand(client):
    body = record("04_shengji.json", 4 * 6 + 1)
    seat = post(client, "/v1/hands/state", body).get_json()["next"]["seat"]
    assert_problem(post(client, "/v1/plays/suggest", {**body, "seat": (seat + 1) % 4}), 422, "/seat")
    assert_problem(post(client, "/v1/plays/suggest", {**body, "seat": 7}), 422, "/seat")
    assert_problem(post(client, "/v1/plays/suggest", {**body, "strength": "godlike"}), 422, "/strength")
    assert_problem(post(client, "/v1/plays/suggest", record("00_qq.json")), 422)


def test_s15_5_the_reason_says_the_search_changed_the_play_only_when_it_did(client):
    """A searched hint that keeps the rule-of-thumb play gives that play's own reason; a hint the search
    changed says so (and never claims a value the alternatives do not show)."""
    kept = changed = 0
    for plays in range(4 * 5, 4 * 5 + 24):
        body = record("06_shengji.json", plays)
        searched = answer(client, {**body, "strength": "standard", "seed": 1})
        if searched["worlds"] == 0:
            continue
        rule_of_thumb = answer(client, {**body, "strength": "basic", "seed": 1})
        if searched["action"] == rule_of_thumb["action"]:
            kept += 1
            assert searched["reason"] == rule_of_thumb["reason"]
        else:
            changed += 1
            assert "clearly better for your side than the rule-of-thumb play" in searched["reason"]
        assert "levels)" not in searched["reason"]
    assert kept > 0
