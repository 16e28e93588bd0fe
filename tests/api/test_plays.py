from .helpers import QQ_HEARTS, assert_problem, pointers, post


def test_follow_must_play_the_pair(client):
    r = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D"], "play": ["AS", "KS"],
                                            "lead": ["QS", "QS"]})
    body = r.get_json()
    assert r.status_code == 200
    assert body["legal"] is False
    assert [x["code"] for x in body["reasons"]] == ["MUST_PLAY_UNIT"]


def test_legal_follow(client):
    body = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D"], "play": ["KS", "KS"],
                                               "lead": ["QS", "QS"]}).get_json()
    assert body["legal"] is True and body["reasons"] == []
    assert body["format"]["units"][0]["kind"] == "pair"


def test_throw_fails_against_other_hands(client):
    body = post(client, "/v1/plays/validate", {
        **QQ_HEARTS, "seat": 0, "hand": ["KS", "QS", "QS", "3D"], "play": ["KS", "QS", "QS"],
        "others": [{"seat": 1, "cards": ["AS"]}, {"seat": 2, "cards": ["4D"]}, {"seat": 3, "cards": ["5D"]}]}).get_json()
    assert body["legal"] is True
    assert body["throw"]["stands"] is False
    assert body["throw"]["forced_play"] == ["KS"]
    assert body["throw"]["beaten_by"] == 1


def test_unverified_throw(client):
    body = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["KS", "QS", "QS"],
                                               "play": ["KS", "QS", "QS"]}).get_json()
    assert body["throw"]["stands"] is None


def test_legal_plays_following(client):
    body = post(client, "/v1/plays/legal", {**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D"],
                                            "lead": ["QS", "7S"]}).get_json()
    assert body == {"count": 2, "count_exact": True, "truncated": False,
                    "plays": [["AS", "KS"], ["KS", "KS"]]}


def test_legal_plays_limit_truncates(client):
    body = post(client, "/v1/plays/legal", {**QQ_HEARTS, "hand": ["2C", "3C", "4C", "6C", "7C"],
                                            "lead": ["8D"], "limit": 2}).get_json()
    assert body["count"] == 5 and len(body["plays"]) == 2 and body["truncated"] is True


def test_legal_plays_leading(client):
    body = post(client, "/v1/plays/legal", {**QQ_HEARTS, "hand": ["KS", "KS", "3D"]}).get_json()
    assert body["throws_allowed"] is True
    assert [g["suit"] for g in body["units"]] == ["S", "D"]


def test_limit_above_maximum(client):
    r = post(client, "/v1/plays/legal", {**QQ_HEARTS, "hand": ["KS"], "lead": ["QS"], "limit": 1001})
    assert_problem(r, 422, "/limit")


def test_hand_larger_than_a_hand_can_be(client):
    hand = ["AS", "KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AH", "KH", "QH", "JH",
            "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H", "AC", "KC"]
    r = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": hand, "play": ["AS"]})
    body = assert_problem(r, 422, "/hand")
    assert "at most 25" in body["errors"][0]["detail"]


def test_copies_counted_across_the_request(client):
    r = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["AS", "AS"], "play": ["AS"],
                                            "others": [{"seat": 1, "cards": ["AS"]}]})
    assert_problem(r, 422, "/others/0/cards/0")


def test_duplicate_and_out_of_range_seats(client):
    dup = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["AS"], "play": ["AS"], "others": [
        {"seat": 1, "cards": ["2D"]}, {"seat": 1, "cards": ["3D"]}]})
    assert_problem(dup, 422, "/others/1/seat")
    far = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["AS"], "play": ["AS"], "seat": 4})
    assert_problem(far, 422, "/seat")


def test_lead_not_of_one_suit(client):
    r = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["AS", "KD"], "play": ["AS", "KD"],
                                            "lead": ["QS", "3D"]})
    assert_problem(r, 422, "/lead")


def test_ruleset_error_points_into_rules(client):
    r = post(client, "/v1/plays/validate", {"rules": {"preset": "qq", "decks": 9}, "trump": QQ_HEARTS["trump"],
                                            "hand": ["AS"], "play": ["AS"]})
    assert_problem(r, 422, "/rules/decks")
    r = post(client, "/v1/plays/validate", {"rules": "nope", "trump": QQ_HEARTS["trump"], "hand": ["AS"],
                                            "play": ["AS"]})
    assert_problem(r, 422, "/rules")


def test_unknown_field_and_missing_field(client):
    r = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["AS"], "pley": ["AS"]})
    assert {"/pley", "/play"} <= set(pointers(r))


def test_s6_throw_against_unseen_cards(client):
    """Rules section 6: with only `unseen` cards a throw they cannot beat stands; one they could
    beat is unverified, with the units at risk lowest first."""
    throw = {**QQ_HEARTS, "seat": 0, "hand": ["KS", "QS", "QS", "3D"], "play": ["KS", "QS", "QS"]}
    safe = post(client, "/v1/plays/validate", {**throw, "unseen": ["JS", "4D", "5D"]}).get_json()
    assert safe["throw"]["stands"] is True and safe["throw"]["at_risk"] == []
    risky = post(client, "/v1/plays/validate", {**throw, "unseen": ["AS", "4D", "5D"]}).get_json()
    assert risky["legal"] is True
    assert risky["throw"]["stands"] is None and risky["throw"]["forced_play"] is None
    assert risky["throw"]["at_risk"] == [["KS"]]


PROTECTED = {"trump": {"level": "A", "suit": "H"}, "hand": ["5S", "5S", "5S", "10S", "10S"],
             "lead": ["3S", "3S"], "play": ["5S", "5S"]}


def test_follow_protection_is_a_ruleset_parameter_and_part_of_the_cache_key(client):
    plain = post(client, "/v1/plays/validate", {**PROTECTED, "rules": {"preset": "4399", "decks": 4}})
    kept = post(client, "/v1/plays/validate",
                {**PROTECTED, "rules": {"preset": "4399", "decks": 4, "follow_protection": "longer-tuples"}})
    assert plain.get_json()["legal"] is True
    body = kept.get_json()
    assert body["legal"] is False and [x["code"] for x in body["reasons"]] == ["MUST_PLAY_UNIT"]
    assert "protected" in body["reasons"][0]["message"]
    assert kept.headers["X-Cache"] == "miss"


def test_follow_protection_listing(client):
    body = post(client, "/v1/plays/legal", {
        "rules": {"preset": "4399", "decks": 4, "follow_protection": "longer-tuples"},
        "trump": {"level": "A", "suit": "H"}, "hand": ["5S", "5S", "5S", "10S", "10S"],
        "lead": ["3S", "3S"]}).get_json()
    assert body == {"count": 1, "count_exact": True, "truncated": False, "plays": [["10S", "10S"]]}


def test_unknown_follow_protection_is_422_with_a_pointer(client):
    r = post(client, "/v1/plays/validate", {**PROTECTED, "rules": {"preset": "4399", "follow_protection": "pairs"}})
    assert_problem(r, 422)
    assert "/rules/follow_protection" in pointers(r)


def test_follow_protection_reason_in_chinese(client):
    r = client.post("/v1/plays/validate", json={
        **PROTECTED, "rules": {"preset": "4399", "decks": 4, "follow_protection": "longer-tuples"}},
        headers={"Accept-Language": "zh-CN"})
    reason = r.get_json()["reasons"][0]
    assert reason["code"] == "MUST_PLAY_UNIT"
    assert "受保护" in reason["message"] and "5♠5♠5♠" in reason["message"]
