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


# -- section 6 from a player's own knowledge: `seen` instead of `unseen` ------------------------------
THROW = {**QQ_HEARTS, "hand": ["AS", "QS", "QS", "3D"], "play": ["AS", "QS", "QS"]}


def test_s6_throw_judged_from_the_cards_seen_as_from_the_unseen_they_leave(client):
    """`seen` is `unseen` less arithmetic: the decks' cards less the hand and what was seen."""
    from rules.cards import CARDS
    seen = ["AS", "KS", "7S"]
    deck = [str(c) for c in CARDS for _ in range(2)]
    unseen = list(deck)
    for c in THROW["hand"] + seen:
        unseen.remove(c)
    by_seen = post(client, "/v1/plays/validate", {**THROW, "seen": seen}).get_json()
    by_unseen = post(client, "/v1/plays/validate", {**THROW, "unseen": unseen}).get_json()
    assert by_seen == by_unseen
    assert by_seen["throw"]["stands"] is True


def test_s6_throw_not_certain_while_a_beating_pair_may_be_out(client):
    body = post(client, "/v1/plays/validate", {**THROW, "seen": ["AS", "7S"]}).get_json()
    assert body["throw"]["stands"] is None and body["throw"]["at_risk"] == [["QS", "QS"]]


def test_s6_selection_help_says_whether_a_complete_throw_surely_stands(client):
    ask = {**QQ_HEARTS, "hand": THROW["hand"], "selected": ["AS", "QS", "QS"]}
    sure = post(client, "/v1/plays/legal", {**ask, "seen": ["AS", "KS"]}).get_json()
    unsure = post(client, "/v1/plays/legal", {**ask, "seen": ["AS"]}).get_json()
    blind = post(client, "/v1/plays/legal", ask).get_json()
    assert (sure["throw"]["stands"], unsure["throw"]["stands"], blind["throw"]["stands"]) == (True, None, None)
    partial = post(client, "/v1/plays/legal", {**ask, "selected": ["AS", "QS"], "seen": ["AS", "KS"]}).get_json()
    single = post(client, "/v1/plays/legal", {**ask, "selected": ["AS"], "seen": ["AS", "KS"]}).get_json()
    assert "throw" not in single and single["complete"] is True
    assert partial["complete"] is True and partial["throw"]["at_risk"] == [["QS"]]   # the last K♠ beats the Q♠


def test_s6_seen_refused_beside_unseen_or_beyond_the_decks(client):
    both = post(client, "/v1/plays/validate", {**THROW, "seen": ["KS"], "unseen": ["2C"]})
    assert_problem(both, 422) and pointers(both) == ["/seen"]
    over = post(client, "/v1/plays/validate", {**THROW, "seen": ["AS", "AS"]})
    assert_problem(over, 422) and pointers(over) == ["/seen/1"]


def test_s7_a_follower_may_send_seen_with_the_lead_among_it(client):
    body = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["AS", "QS", "3D"], "play": ["QS"],
                                               "lead": ["KS"], "seen": ["KS", "KS", "AS"]}).get_json()
    assert body["legal"] is True


def test_s6_tricks_winner_takes_a_failed_throw_as_hands_state_answers_it(client):
    plays = [{"seat": 0, "cards": ["QS", "QS"], "attempted": ["AS", "QS", "QS"]}, {"seat": 1, "cards": ["KS", "KS"]},
             {"seat": 2, "cards": ["3S", "4S"]}, {"seat": 3, "cards": ["5S", "6S"]}]
    body = post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": plays}).get_json()
    plain = post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": [{"seat": 0, "cards": ["QS", "QS"]}, *plays[1:]]})
    assert body == plain.get_json() and body["winner"] == 1
    later = post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": [plays[0], {**plays[1], "attempted": ["KS", "KS"]}]})
    assert_problem(later, 422) and pointers(later) == ["/plays/1/attempted"]
    outside = post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": [{**plays[0], "attempted": ["AS", "QS"]}]})
    assert_problem(outside, 422) and pointers(outside) == ["/plays/0/cards"]
