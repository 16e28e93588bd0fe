from .helpers import QQ_HEARTS, assert_problem, post


def test_trump_ruff_wins(client):
    r = post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": [
        {"seat": 2, "cards": ["5S", "5S"]}, {"seat": 3, "cards": ["KS", "KS"]},
        {"seat": 0, "cards": ["3H", "3H"]}, {"seat": 1, "cards": ["AS", "2S"]}]})
    body = r.get_json()
    assert r.status_code == 200
    assert (body["winner"], body["winning_index"], body["points"]) == (0, 2, 30)
    assert body["point_cards"] == ["KS", "KS", "5S", "5S"]
    assert [p["seat"] for p in body["plays"]] == [2, 3, 0, 1]
    assert [p["matches_format"] for p in body["plays"]] == [True, True, True, False]
    assert body["plays"][2]["trump"] is True
    assert body["largest_unit"]["kind"] == "pair"


def test_plays_of_different_sizes(client):
    r = post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": [{"seat": 0, "cards": ["5S", "5S"]},
                                                                  {"seat": 1, "cards": ["KS"]}]})
    assert_problem(r, 422)


def test_duplicate_seat(client):
    r = post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": [{"seat": 0, "cards": ["5S"]},
                                                                  {"seat": 0, "cards": ["KS"]}]})
    assert_problem(r, 422, "/plays/1/seat")


def test_too_many_plays(client):
    plays = [{"seat": s, "cards": ["5S"]} for s in range(5)]
    assert_problem(post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": plays}), 422, "/plays")


def test_s2_plays_out_of_playing_order_are_422_at_the_first_play_out_of_order(client):
    # 0, 2, 1, 3 with 4 players: seat 1 plays after seat 0
    plays = [{"seat": s, "cards": [c]} for s, c in ((0, "5S"), (2, "KS"), (1, "9S"), (3, "2S"))]
    body = assert_problem(post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": plays}), 422, "/plays/1/seat")
    assert "seat 1 plays after seat 0" in body["errors"][0]["detail"]
    zh = client.post("/v1/tricks/winner", json={**QQ_HEARTS, "plays": plays}, headers={"Accept-Language": "zh"})
    assert assert_problem(zh, 422, "/plays/1/seat")["errors"][0]["detail"] == \
        "座位 2 不按出牌顺序：座位 0 之后应由座位 1 出牌"


def test_s2_playing_order_wraps_around_the_table(client):
    plays = [{"seat": s, "cards": [c]} for s, c in ((2, "5S"), (3, "KS"), (0, "9S"), (1, "AS"))]
    r = post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": plays})
    assert r.status_code == 200 and r.get_json()["winner"] == 1
    skipped = [{"seat": 3, "cards": ["5S"]}, {"seat": 1, "cards": ["KS"]}]
    assert_problem(post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": skipped}), 422, "/plays/1/seat")


def test_s8_all_units_pagat_7s7s2s_does_not_overruff_5s5sas(client):
    r = post(client, "/v1/tricks/winner", {
        "rules": {"preset": "pagat", "trick_compare": "all-units"}, "trump": {"level": "6", "suit": "S"},
        "plays": [{"seat": 0, "cards": ["AC", "QC", "QC"]}, {"seat": 1, "cards": ["AS", "5S", "5S"]},
                  {"seat": 2, "cards": ["2S", "7S", "7S"]}, {"seat": 3, "cards": ["3H", "4H", "8H"]}]})
    body = r.get_json()
    assert (r.status_code, body["winner"]) == (200, 1)
    assert [p["beats_previous_best"] for p in body["plays"]] == [True, True, False, False]
    assert [p["matches_format"] for p in body["plays"]] == [True, True, True, False]


def test_s8_all_units_4399_lead_2s2sjs_keeps_the_trick_against_8ssjsj(client):
    r = post(client, "/v1/tricks/winner", {
        "rules": {"preset": "4399", "trick_compare": "all-units", "wider_substitutes": True},
        "trump": {"level": "2", "suit": "S"},
        "plays": [{"seat": 3, "cards": ["2S", "2S", "JS"]}, {"seat": 0, "cards": ["8S", "SJ", "SJ"]}]})
    assert (r.status_code, r.get_json()["winner"]) == (200, 3)
