"""Server and spec agree: what the spec allows is accepted, what it forbids is refused."""
import json

from .helpers import QQ_HEARTS, assert_problem


def post_raw(client, path, text: str):
    return client.post(path, data=text.encode(), content_type="application/json")


def test_an_integral_number_is_an_integer_as_json_schema_counts_it(client):
    body = json.dumps({**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D"], "lead": ["QS", "7S"]})
    r = post_raw(client, "/v1/plays/legal", body[:-1] + ', "limit": 10.0}')
    assert r.status_code == 200 and r.get_json()["count"] == 2
    r = post_raw(client, "/v1/plays/legal", body[:-1] + ', "limit": 1e1}')
    assert r.status_code == 200
    assert_problem(post_raw(client, "/v1/plays/legal", body[:-1] + ', "limit": 10.5}'), 422, "/limit")


def test_cards_and_ranks_without_spaces_in_any_case(client):
    ok = client.post("/v1/cards/analyze", json={"rules": "qq", "trump": {"level": "t", "suit": "H"},
                                                "cards": ["as", "10h", "Tc", "bj"]})
    assert ok.status_code == 200 and ok.get_json()["cards"] == ["BJ", "10H", "10C", "AS"]
    for bad in (" AS", "AS ", "AS\n", "\tAS"):
        assert_problem(client.post("/v1/cards/analyze", json={**QQ_HEARTS, "cards": [bad]}), 422, "/cards/0")
    assert_problem(client.post("/v1/cards/analyze", json={"rules": "qq", "trump": {"level": " 10", "suit": "H"},
                                                          "cards": []}), 422, "/trump/level")
    assert_problem(client.post("/v1/cards/analyze", json={"rules": {"preset": "qq", "last_level": 14},
                                                          "trump": QQ_HEARTS["trump"], "cards": []}),
                   422, "/rules/last_level")


def test_spec_stated_limits(client):
    trick = {**QQ_HEARTS, "plays": [{"seat": 0, "cards": []}]}
    assert_problem(client.post("/v1/tricks/winner", json=trick), 422, "/plays/0/cards")
    assert_problem(client.post("/v1/deals", json={"rules": "qq", "seed": 10 ** 18 + 1}), 422, "/seed")
    assert client.post("/v1/deals", json={"rules": "qq", "seed": 10 ** 18}).status_code == 200
    assert_problem(client.post("/v1/cards/analyze", json={"rules": {"preset": "qq", "decks": 200496},
                                                          "trump": QQ_HEARTS["trump"], "cards": []}),
                   422, "/rules/decks")
