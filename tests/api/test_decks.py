"""Rules section 14.10 over HTTP: the cards `kitty_fit: remove-low-cards` takes out are refused on every
endpoint that takes cards, when every reading of the request (a later hand at the level played, or the
first hand) takes them out; a record, or declarations with `levels`, say which hand it is."""
from __future__ import annotations

import pytest

from rules.deal import deal
from rules.ruleset import Ruleset

from .helpers import assert_problem, post

# 4 players, 2 decks, a kitty of 6: 102 cards, two taken out.  At level 2 a later hand and the first
# hand (every seat at 2) both take out 3♣ 3♦; at 9 a later hand takes out 2♣ 2♦.
FOUR = {"preset": "pagat", "kitty_size": 6, "kitty_fit": "remove-low-cards"}
FOUR_OWN = {**FOUR, "first_hand_levels": "own"}
AT_2 = {"level": "2", "suit": "S"}


def _position(path: str, rules: dict, trump: dict, cards: list[str], other: str = "5") -> tuple[dict, str]:
    """A body for ``path`` holding ``cards`` (the last of them where the 422 points) and that pointer;
    ``other``: the level of the seats not on the dealer's team, where the body names levels."""
    n = len(cards)
    if path == "/v1/cards/analyze":
        return {"rules": rules, "trump": trump, "cards": cards}, f"/cards/{n - 1}"
    if path == "/v1/plays/validate":
        return {"rules": rules, "trump": trump, "hand": cards + ["4S"], "play": ["4S"]}, f"/hand/{n - 1}"
    if path == "/v1/plays/legal":
        return {"rules": rules, "trump": trump, "hand": cards[:-1] + ["4S"], "lead": cards[-1:]}, "/lead/0"
    if path == "/v1/tricks/winner":
        plays = [{"seat": s, "cards": [c]} for s, c in enumerate(cards)]
        return {"rules": rules, "trump": trump, "plays": plays}, f"/plays/{n - 1}/cards/0"
    if path == "/v1/declarations/validate":
        level = trump["level"]
        return ({"rules": rules, "level": level, "history": [], "hand": cards + [level + "S"],
                 "declaration": {"seat": 0, "cards": [level + "S"]}}, f"/hand/{n - 1}")
    if path == "/v1/declarations/options":
        return {"rules": rules, "level": trump["level"], "seat": 0, "hand": cards}, f"/hand/{n - 1}"
    assert path == "/v1/hands/settle"
    level = trump["level"]
    kitty = (cards + ["4S", "6S", "7S", "8S", "9S", "JS"])[:6]
    return ({"rules": rules, "trump": trump, "dealer": 0, "levels": [level, other, level, other], "attackers_points": 0,
             "kitty": kitty, "last_trick": [{"seat": s, "cards": [c]} for s, c in enumerate(["AS", "QH", "QH", "QD"])]},
            f"/kitty/{n - 1}")


POSITIONS = ["/v1/cards/analyze", "/v1/plays/validate", "/v1/plays/legal", "/v1/tricks/winner",
             "/v1/declarations/validate", "/v1/declarations/options", "/v1/hands/settle"]


@pytest.mark.parametrize("path", POSITIONS)
def test_s14_10_a_card_every_reading_takes_out_is_a_422(client, path):
    body, pointer = _position(path, FOUR, AT_2, ["3C", "3C"])
    problem = assert_problem(post(client, path, body), 422, pointer)
    detail = problem["errors"][0]["detail"]
    assert "3C" in detail and "kitty_fit" in detail and "only 1 is dealt" in detail
    # one 3♣ is dealt; the 3♥ and 2♣ are not taken out at level 2
    body, _ = _position(path, FOUR, AT_2, ["3C", "3H", "3H", "2C", "2C"][:4 if "winner" in path else 5])
    assert post(client, path, body).status_code == 200


@pytest.mark.parametrize("path", POSITIONS)
def test_s14_10_the_level_played_decides_the_cards(client, path):
    at_9 = {"level": "9", "suit": "S"}
    body, pointer = _position(path, FOUR, at_9, ["2D", "2D"])
    assert "2D" in assert_problem(post(client, path, body), 422, pointer)["errors"][0]["detail"]
    body, _ = _position(path, FOUR, at_9, ["3C", "3C", "3D", "3D"])
    assert post(client, path, body).status_code == 200


@pytest.mark.parametrize("path", POSITIONS)
def test_s14_10_a_card_one_reading_deals_is_not_refused(client, path):
    """Under `first_hand_levels: own` a first hand at 2 with a seat at 3 takes out the 4s, not the 3s:
    a request that does not give the seats' levels (or, for a settlement, puts a seat at 3) allows that
    reading, so two 3♣ stand."""
    body, _ = _position(path, FOUR_OWN, AT_2, ["3C", "3C"], other="3")
    assert post(client, path, body).status_code == 200


def test_s14_10_a_settlement_reads_the_seats_levels(client):
    """Seats at 2 and 5 take out the 3s in the first hand as in a later one: refused under `own` too."""
    body, pointer = _position("/v1/hands/settle", FOUR_OWN, AT_2, ["3C", "3C"])
    assert_problem(post(client, "/v1/hands/settle", body), 422, pointer)


def test_s14_10_a_card_taken_out_of_one_deck_is_not_in_the_deal(client):
    rules = {"preset": "pagat", "decks": 1, "kitty_size": 4, "kitty_fit": "remove-low-cards"}
    body = {"rules": rules, "trump": AT_2, "cards": ["4C", "3D"]}
    problem = assert_problem(post(client, "/v1/cards/analyze", body), 422, "/cards/1")
    assert problem["errors"][0]["detail"] == "3D is taken out of the deal (kitty_fit: remove-low-cards)"


def test_s14_10_declarations_with_levels_read_the_first_hand(client):
    """With `levels` under `own` the request is a first hand: seats at 2, 3 and 4 take out the 6s."""
    body = {"rules": FOUR_OWN, "level": "2", "levels": ["2", "3", "4", "2"], "seat": 0, "hand": ["6C", "6C", "3C", "3C"]}
    problem = assert_problem(post(client, "/v1/declarations/options", body), 422, "/hand/1")
    assert "6C" in problem["errors"][0]["detail"]
    body["hand"] = ["6C", "3C", "3C", "2S"]
    assert post(client, "/v1/declarations/options", body).status_code == 200


def _record(rules: dict, deal_kw: dict, **record) -> dict:
    d = deal(Ruleset.from_dict(rules), "decks", **deal_kw)
    return {"rules": rules, "dealer": 0, "levels": ["2", "5", "2", "5"],
            "deal": {"hands": [[str(c) for c in h] for h in d.hands], "kitty": [str(c) for c in d.kitty]}, **record}


def _with_card(body: dict, card: str) -> dict:
    """``body`` with the first card of hand 1 that is not ``card`` swapped for it."""
    hands = [list(h) for h in body["deal"]["hands"]]
    hands[1][next(i for i, c in enumerate(hands[1]) if c != card)] = card
    return {**body, "deal": {**body["deal"], "hands": hands}}


RECORDS = [("/v1/hands/adjudicate", {"partial": True}), ("/v1/hands/state", {}),
           ("/v1/plays/suggest", {"seat": 1, "strength": "basic"}), ("/v1/hands/worlds", {"seat": 1})]


@pytest.mark.parametrize("path, extra", RECORDS)
def test_s14_10_a_record_is_read_as_the_hand_it_is(client, path, extra):
    later = _record(FOUR, {"level": 2}, **extra)        # dealer at 2: 3♣ 3♦ out
    assert post(client, path, later).status_code == 200
    problem = assert_problem(post(client, path, _with_card(later, "3C")), 422)
    assert problem["errors"][0]["pointer"].startswith("/deal/") and "3C" in problem["errors"][0]["detail"]
    # the first hand under own with seats at 2, 3, 4: the 6s are out, the 3s in
    first = _record(FOUR_OWN, {"levels": (2, 3, 4, 2)}, first_hand=True, **extra)
    first["levels"] = ["2", "3", "4", "2"]
    assert post(client, path, first).status_code == 200          # both 3♣, which a later hand at 2 takes out
    problem = assert_problem(post(client, path, _with_card(first, "6D")), 422)
    assert "6D" in problem["errors"][0]["detail"] and "kitty_fit" in problem["errors"][0]["detail"]


FIVE_OWN = {"preset": "pagat", "players": 5, "partnership": "find-friends", "kitty_size": 6,
            "kitty_fit": "remove-low-cards", "first_hand_levels": "own"}


def test_s14_10_deals_a_first_hand_with_seats_at_their_levels(client):
    answer = post(client, "/v1/deals", {"rules": FIVE_OWN, "seed": 1, "levels": ["2", "3", "4", "2", "3"]}).get_json()
    dealt = [c for h in answer["hands"] for c in h] + answer["kitty"]
    assert len(dealt) == 106 and [dealt.count(c) for c in ("6C", "6D", "6H", "3C", "2C")] == [1, 1, 2, 2, 2]
    shared = post(client, "/v1/deals", {"rules": FIVE_OWN, "seed": 1}).get_json()      # every seat at 2: the 3s go
    dealt = [c for h in shared["hands"] for c in h] + shared["kitty"]
    assert [dealt.count(c) for c in ("3C", "3D", "6C")] == [1, 1, 2]
    # the deal is the record's: a first hand with these levels holds exactly its cards
    record = {"rules": FIVE_OWN, "dealer": 0, "levels": ["2", "3", "4", "2", "3"], "first_hand": True,
              "deal": {"hands": answer["hands"], "kitty": answer["kitty"]}}
    state = post(client, "/v1/hands/state", {**record, "declarations_closed": True}).get_json()
    assert state["phase"] != "illegal", state


@pytest.mark.parametrize("body, pointer", [
    ({"levels": ["2", "3"]}, "/levels"),
    ({"levels": ["2"] * 5, "level": "2"}, "/levels"),
    ({"levels": ["2", "3", "4", "2", "NT"]}, "/levels/4"),
    ({"levels": ["2", "3", "4", "2", "X"]}, "/levels/4"),
])
def test_s14_10_deal_levels_must_fit(client, body, pointer):
    assert_problem(post(client, "/v1/deals", {"rules": FIVE_OWN, "seed": 1, **body}), 422, pointer)


def test_s14_10_the_refusal_answers_in_chinese(client):
    body, pointer = _position("/v1/cards/analyze", FOUR, AT_2, ["3C", "3C"])
    r = client.post("/v1/cards/analyze", json=body, headers={"Accept-Language": "zh-CN"})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["detail"] == \
        "请求中共有 2 张 3C，但只发出 1 张（kitty_fit: remove-low-cards 拿出了另一张）"
    one_deck = {"preset": "pagat", "decks": 1, "kitty_size": 4, "kitty_fit": "remove-low-cards"}
    r = client.post("/v1/cards/analyze", json={"rules": one_deck, "trump": AT_2, "cards": ["3D"]},
                    headers={"Accept-Language": "zh-CN"})
    assert r.get_json()["errors"][0]["detail"] == "3D 已被拿出，不在发出的牌中（kitty_fit: remove-low-cards）"
