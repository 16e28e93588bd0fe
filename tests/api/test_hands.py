import copy

import pytest

from .helpers import assert_problem, post

SETTLE = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "dealer": 0, "levels": ["10", "7", "10", "7"],
          "attackers_points": 70, "kitty": ["KD", "5C", "3S", "4S", "6D", "7C", "8C", "9D"],
          "last_trick": [{"seat": 1, "cards": ["AS", "AS"]}, {"seat": 2, "cards": ["3S", "4C"]},
                         {"seat": 3, "cards": ["6S", "7S"]}, {"seat": 0, "cards": ["8S", "9S"]}]}


def test_attackers_take_over_with_the_kitty(client):
    body = post(client, "/v1/hands/settle", SETTLE).get_json()
    assert (body["kitty_points"], body["multiplier"], body["kitty_bonus"]) == (15, 4, 60)
    assert body["attackers_total"] == 130
    assert body["outcome"] == "attackers-take-over"
    assert body["new_levels"] == ["10", "8", "10", "8"]
    assert body["level_changes"] == [0, 1, 0, 1]
    assert body["next_dealer"] == 1 and body["game_over"] is False and body["winner"] is None
    assert body["explanation"]
    assert "ledger" not in body


def test_ledger_with_ratings(client):
    body = post(client, "/v1/hands/settle", {**SETTLE, "ratings": [120, 95, 150, 88],
                                             "room_coefficient": 10}).get_json()
    assert body["ledger"] == {"rating_changes": [-6, 6, -6, 6], "coin_changes": [-30, 27, -30, 27]}


def test_wrong_kitty_size(client):
    assert_problem(post(client, "/v1/hands/settle", {**SETTLE, "kitty": ["KD"]}), 422, "/kitty")


def test_settle_trump_level_other_than_the_dealers_level_is_422(client):
    # the dealer (seat 1) plays on 7: a trump.level of 10 would read the 7♣ ruff as a discard
    body = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "dealer": 1, "levels": ["10", "7", "10", "7"],
            "attackers_points": 60, "kitty": ["KD", "KC", "10S", "5S", "6D", "7C", "8C", "9D"],
            "last_trick": [{"seat": 0, "cards": ["AS"]}, {"seat": 1, "cards": ["7C"]},
                           {"seat": 2, "cards": ["3S"]}, {"seat": 3, "cards": ["4S"]}]}
    problem = assert_problem(post(client, "/v1/hands/settle", body), 422, "/trump/level")
    assert problem["errors"][0]["detail"] == "the hand is played at the dealer's level 7, not 10"
    zh = client.post("/v1/hands/settle", json=body, headers={"Accept-Language": "zh"})
    assert assert_problem(zh, 422, "/trump/level")["errors"][0]["detail"] == "这手牌打的是庄家的级别 7，不是 10"
    # at the dealer's level the 7♣ is a trump ruff: the dealer's side wins the last trick and keeps
    answer = post(client, "/v1/hands/settle", {**body, "trump": {"level": "7", "suit": "H"}}).get_json()
    assert answer["outcome"] == "dealer-keeps" and answer["kitty_bonus"] == 0


def test_settle_last_trick_out_of_playing_order_is_422(client):
    trick = [SETTLE["last_trick"][i] for i in (0, 2, 1, 3)]
    assert_problem(post(client, "/v1/hands/settle", {**SETTLE, "last_trick": trick}), 422, "/last_trick/1/seat")


def test_levels_by_seat(client):
    assert_problem(post(client, "/v1/hands/settle", {**SETTLE, "levels": ["10", "7", "10"]}), 422)


def adjudicate_body():
    from app.resources.hands import ADJUDICATE_IN
    return copy.deepcopy(ADJUDICATE_IN)


def test_adjudicate_legal_prefix(client):
    body = post(client, "/v1/hands/adjudicate", adjudicate_body()).get_json()
    assert body["legal"] is True and body["step"] is None and body["reasons"] == []
    assert body["trump"] == {"level": "2", "suit": None}
    assert [(t["leader"], t["winner"], t["points"]) for t in body["tricks"]] == [(0, 2, 0), (2, 2, 10)]
    assert body["teams"]["dealer_team"] == [0, 2]
    assert body["settlement"] is None


def test_adjudicate_names_the_first_illegal_step(client):
    record = adjudicate_body()
    record["tricks"][1] = record["tricks"][1][1:] + record["tricks"][1][:1]
    body = post(client, "/v1/hands/adjudicate", record).get_json()
    assert body["legal"] is False
    assert body["step"] == "tricks/1/0" and body["seat"] == 3
    assert [r["code"] for r in body["reasons"]] == ["WRONG_TURN"]
    assert len(body["tricks"]) == 1


def test_adjudicate_too_many_copies(client):
    record = adjudicate_body()
    record["deal"]["kitty"][0] = "KS"
    assert_problem(post(client, "/v1/hands/adjudicate", record), 422, "/deal/kitty/0")


def test_s14_4_jack_rule_explanation_in_both_languages(client):
    body = {"rules": {"preset": "qq", "jack_rule": "back-to-two"}, "trump": {"level": "J", "suit": "H"},
            "dealer": 0, "levels": ["J", "8", "J", "8"], "attackers_points": 20,
            "kitty": ["3S", "4S", "6S", "7S", "8S", "9S", "3H", "4H"],
            "last_trick": [{"seat": 0, "cards": ["AS"]}, {"seat": 1, "cards": ["JC"]}, {"seat": 2, "cards": ["3D"]},
                           {"seat": 3, "cards": ["4D"]}]}
    en = post(client, "/v1/hands/settle", body).get_json()
    assert "the attackers won the last trick with a single J: the dealer's side goes back to 2" in en["explanation"]
    assert en["level_changes"] == [-7, 0, -7, 0]
    zh = client.post("/v1/hands/settle", json=body, headers={"Accept-Language": "zh"}).get_json()
    assert zh["explanation"] == "闲家得 20 分：闲家以单张 J 赢得最后一墩：庄家方退回 2；庄家方保住了庄，升 2 级，从 2 升到 4"


@pytest.mark.parametrize("path", ["/v1/hands/adjudicate", "/v1/hands/state", "/v1/hands/worlds", "/v1/plays/suggest"])
def test_a_deal_with_fewer_hands_than_seats_is_answered_not_a_server_error(client, path):
    """Found by the contract fuzz: a walk of a deal of one hand for four seats stops at the deal and
    reports it (the walk's per-hand state has one entry a hand dealt, not one a seat)."""
    body = {"rules": {}, "dealer": 0, "levels": ["10", "10", "10", "10"],
            "deal": {"hands": [["10H"]], "kitty": ["10H"]}, "declarations": [{"cards": ["10H"], "seat": 0}],
            "kitty_discard": ["10H"], "tricks": [[{"cards": ["10H"], "seat": 0}]]}
    r = client.post(path, json=body)
    assert r.status_code in (200, 422), r.get_data(as_text=True)
    if r.status_code == 200:
        answer = r.get_json()
        assert answer["step"] == "deal/hands" and answer["reasons"][0]["code"] == "DEAL_SIZE"
