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


def test_order_deals_round_the_table_from_first_seat_then_the_kitty(client):
    body = post(client, "/v1/deals", {"rules": "pagat", "seed": "t", "first_seat": 3}).get_json()
    order = body["order"]
    assert len(order) == 108
    dealt, kitty = order[:100], order[100:]
    assert [o["seat"] for o in dealt] == [(3 + i) % 4 for i in range(100)]
    assert [o["card"] for o in kitty] == body["kitty"] and {o["seat"] for o in kitty} == {None}
    for seat, hand in enumerate(body["hands"]):
        assert Counter(o["card"] for o in dealt if o["seat"] == seat) == Counter(hand)


def test_first_seat_zero_is_the_default_and_moves_the_cards_round(client):
    zero = post(client, "/v1/deals", {"rules": "qq", "seed": 9}).get_json()
    assert zero == post(client, "/v1/deals", {"rules": "qq", "seed": 9, "first_seat": 0}).get_json()
    one = post(client, "/v1/deals", {"rules": "qq", "seed": 9, "first_seat": 1}).get_json()
    assert one["hands"] == zero["hands"][-1:] + zero["hands"][:-1]
    assert one["kitty"] == zero["kitty"]
    assert [o["card"] for o in one["order"]] == [o["card"] for o in zero["order"]]


def test_first_seat_must_exist(client):
    assert_problem(post(client, "/v1/deals", {"rules": "qq", "seed": 1, "first_seat": 4}), 422, "/first_seat")


def test_deal_secret_keys_every_deal():
    """With DEAL_SECRET, a seed deals alike on that deployment only: another secret, or none, deals
    another hand from it; the answer still names the client's seed."""
    from app import create_app

    plain, one, again, other = (create_app({} if secret is None else {"DEAL_SECRET": secret}).test_client()
                                for secret in (None, "s3cret-one", "s3cret-one", "s3cret-two"))
    body = {"rules": "qq", "seed": "table-7/hand-12"}
    deals = [post(c, "/v1/deals", body).get_json() for c in (plain, one, again, other)]
    assert deals[1] == deals[2]
    assert deals[0]["hands"] != deals[1]["hands"] and deals[1]["hands"] != deals[3]["hands"]
    assert {d["seed"] for d in deals} == {"table-7/hand-12"}
    fresh = post(one, "/v1/deals", {"rules": "qq"}).get_json()
    assert post(one, "/v1/deals", {"rules": "qq", "seed": fresh["seed"]}).get_json() == fresh
    assert post(plain, "/v1/deals", {"rules": "qq", "seed": fresh["seed"]}).get_json()["hands"] != fresh["hands"]
    assert post(one, "/v1/deals", {"rules": "qq", "seed": 42}).get_json() == \
        post(one, "/v1/deals", {"rules": "qq", "seed": "42"}).get_json()
