from .helpers import assert_problem, post

SHENGJI = {"rules": "shengji", "level": "10"}


def test_overturn_with_a_pair(client):
    body = post(client, "/v1/declarations/validate", {
        **SHENGJI, "history": [{"seat": 0, "cards": ["10S"]}], "declaration": {"seat": 1, "cards": ["10H", "10H"]},
        "hand": ["10H", "10H", "AS"]}).get_json()
    assert body == {"valid": True, "kind": "overturn", "reasons": [], "trump": {"level": "10", "suit": "H"},
                    "declarer": 1}


def test_declaration_not_in_hand(client):
    body = post(client, "/v1/declarations/validate", {
        **SHENGJI, "declaration": {"seat": 1, "cards": ["10H"]}, "hand": ["AS"]}).get_json()
    assert body["valid"] is False
    assert [r["code"] for r in body["reasons"]] == ["DECLARATION_NOT_IN_HAND"]
    assert body["trump"] is None


def test_too_weak(client):
    body = post(client, "/v1/declarations/validate", {
        **SHENGJI, "history": [{"seat": 0, "cards": ["10S", "10S"]}],
        "declaration": {"seat": 1, "cards": ["10H"]}}).get_json()
    assert body["valid"] is False and body["reasons"][0]["code"] == "DECLARATION_TOO_WEAK"
    assert body["trump"] == {"level": "10", "suit": "S"}


def test_options(client):
    body = post(client, "/v1/declarations/options", {
        **SHENGJI, "history": [{"seat": 0, "cards": ["10S"]}], "seat": 1,
        "hand": ["10H", "10H", "SJ", "SJ", "AS"]}).get_json()
    assert [(o["cards"], o["kind"], o["trump"]["suit"]) for o in body["options"]] == [
        (["10H", "10H"], "overturn", "H"), (["SJ", "SJ"], "overturn", None)]


def test_invalid_history_entry_is_422(client):
    r = post(client, "/v1/declarations/validate", {
        **SHENGJI, "history": [{"seat": 0, "cards": ["AS"]}], "declaration": {"seat": 1, "cards": ["10H"]}})
    assert_problem(r, 422, "/history/0/cards")


def test_level_outside_the_ruleset(client):
    r = post(client, "/v1/declarations/options", {"rules": "tuolaji", "level": "2", "seat": 0, "hand": ["2S"]})
    assert_problem(r, 422, "/level")


def test_copies_counted_per_seat(client):
    ok = post(client, "/v1/declarations/validate", {
        **SHENGJI, "history": [{"seat": 1, "cards": ["10H"]}], "declaration": {"seat": 1, "cards": ["10H", "10H"]},
        "hand": ["10H", "10H"]})
    assert ok.status_code == 200 and ok.get_json()["kind"] == "reinforce"
    too_many = post(client, "/v1/declarations/validate", {
        **SHENGJI, "history": [{"seat": 0, "cards": ["10H"]}], "declaration": {"seat": 1, "cards": ["10H", "10H"]}})
    assert_problem(too_many, 422, "/declaration/cards/1")


def test_options_for_every_seat_at_once_match_each_seat_asked_alone(client):
    from app.resources.declarations import EVERY_SEAT_IN
    body = post(client, "/v1/declarations/options", EVERY_SEAT_IN).get_json()
    assert [entry["seat"] for entry in body["options"]] == [0, 1, 2, 3]
    for seat, hand in enumerate(EVERY_SEAT_IN["hands"]):
        alone = {k: v for k, v in EVERY_SEAT_IN.items() if k != "hands"}
        one = post(client, "/v1/declarations/options", {**alone, "seat": seat, "hand": hand}).get_json()
        assert body["options"][seat]["options"] == one["options"]
    assert [o["kind"] for o in body["options"][1]["options"]] == ["overturn", "overturn"]


def test_options_need_a_seat_and_hand_or_every_hand(client):
    base = {"rules": "shengji", "level": "10"}
    assert_problem(post(client, "/v1/declarations/options", base), 422, "/seat")
    assert_problem(post(client, "/v1/declarations/options", {**base, "seat": 1}), 422, "/hand")
    assert_problem(post(client, "/v1/declarations/options", {**base, "hands": [["10H"]] * 3}), 422, "/hands")
    assert_problem(post(client, "/v1/declarations/options", {**base, "hands": [["10H"]] * 4, "hand": ["10H"]}),
                   422, "/hand")
    assert_problem(post(client, "/v1/declarations/options", {**base, "hands": [["10H"]] * 4, "seat": 0}),
                   422, "/hands")


def test_options_for_every_seat_count_copies_per_deck(client):
    r = post(client, "/v1/declarations/options", {"rules": "shengji", "level": "10",
                                                  "hands": [["10H"], ["10H"], ["10H"], []]})
    assert_problem(r, 422)
