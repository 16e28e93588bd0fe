from collections import Counter

from rules.cards import CARDS, card

from .helpers import assert_problem, post


def test_same_seed_same_deal(client):
    a = post(client, "/v1/deals", {"rules": "qq", "seed": "table-1"}).get_json()
    b = post(client, "/v1/deals", {"rules": "qq", "seed": "table-1"}).get_json()
    c = post(client, "/v1/deals", {"rules": "qq", "seed": "table-2"}).get_json()
    assert a == b and a != c
    assert a["seed"] == "table-1"


def test_deal_uses_every_card(client):
    body = post(client, "/v1/deals", {"rules": "qq", "seed": 42}).get_json()
    assert [len(h) for h in body["hands"]] == [25] * 4 and len(body["kitty"]) == 8
    dealt = Counter(card(c) for hand in body["hands"] for c in hand) + Counter(card(c) for c in body["kitty"])
    assert dealt == Counter({c: 2 for c in CARDS})


def test_without_seed_reports_one(client):
    body = post(client, "/v1/deals", {"rules": "pagat"}).get_json()
    again = post(client, "/v1/deals", {"rules": "pagat", "seed": body["seed"]}).get_json()
    assert again == body


def test_bad_seed(client):
    assert_problem(post(client, "/v1/deals", {"rules": "qq", "seed": [1]}), 422, "/seed")
