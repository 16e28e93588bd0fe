from .helpers import QQ_HEARTS, assert_problem, post


def test_analyze_sorts_groups_and_counts_points(client):
    r = post(client, "/v1/cards/analyze", {**QQ_HEARTS, "cards": ["3s", "BJ", "10C", "KH", "5D", "th"]})
    assert r.status_code == 200
    body = r.get_json()
    assert body["cards"] == ["BJ", "10H", "10C", "KH", "3S", "5D"]
    assert body["groups"] == [{"suit": "trump", "cards": ["BJ", "10H", "10C", "KH"]},
                              {"suit": "S", "cards": ["3S"]}, {"suit": "D", "cards": ["5D"]}]
    assert body["points"] == 35
    assert body["format"] is None


def test_analyze_one_suit_gives_the_format(client):
    body = post(client, "/v1/cards/analyze", {**QQ_HEARTS, "cards": ["QS", "QS", "KS", "KS", "3S"]}).get_json()
    units = body["format"]["units"]
    assert body["format"]["suit"] == "S" and body["format"]["is_throw"] is True
    assert units[0] == {"kind": "tractor", "width": 2, "length": 2, "cards": ["KS", "KS", "QS", "QS"]}
    assert units[1]["kind"] == "single"


def test_bad_card_points_at_it(client):
    body = assert_problem(post(client, "/v1/cards/analyze", {**QQ_HEARTS, "cards": ["AS", "S10"]}), 422, "/cards/1")
    assert "suit-first" in body["errors"][0]["detail"]


def test_too_many_copies(client):
    r = post(client, "/v1/cards/analyze", {**QQ_HEARTS, "cards": ["AS", "AS", "AS"]})
    assert_problem(r, 422, "/cards/2")
