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
