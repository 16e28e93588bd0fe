"""RULES 14.9-14.12 over HTTP: the new parameters listed and validated with a 422 naming them, games
won through settle, score_table and removed_cards in rulesets/resolve, NT levels in requests."""
from __future__ import annotations

import pytest

from .helpers import assert_problem, post

NT_SETTLE = {"rules": "rbtying", "trump": {"level": "NT", "suit": None}, "dealer": 0,
             "levels": ["NT", "K", "NT", "K"], "attackers_points": 0,
             "kitty": ["3S", "4S", "6S", "7S", "8S", "9S", "2D", "3D"],
             "last_trick": [{"seat": 0, "cards": ["AS"]}, {"seat": 1, "cards": ["3C"]},
                            {"seat": 2, "cards": ["4C"]}, {"seat": 3, "cards": ["6C"]}]}


def test_rulesets_list_rbtying_and_the_new_parameters(client):
    listing = client.get("/v1/rulesets").get_json()
    names = {p["name"] for p in listing["parameters"]}
    assert {"past_last_level", "deck_min_rank", "jokers", "kitty_fit", "own_declarations", "first_dealer",
            "first_hand_levels"} <= names
    rb = client.get("/v1/rulesets/rbtying").get_json()["parameters"]
    assert rb["last_level"] == "NT" and rb["past_last_level"] == "wrap" and rb["first_hand_levels"] == "own"
    for entry in listing["rulesets"]:
        if entry["name"] != "rbtying":
            p = entry["parameters"]
            assert (p["past_last_level"], p["deck_min_rank"], p["jokers"], p["kitty_fit"]) == \
                ("game-over", "2", "both", "refuse")


@pytest.mark.parametrize("override, pointer", [
    ({"first_level": "NT"}, "/rules/first_level"),
    ({"deck_min_rank": "3"}, "/rules/deck_min_rank"),              # level 2 below the decks
    ({"deck_min_rank": "J", "first_level": "3"}, "/rules/deck_min_rank"),
    ({"jokers": "one"}, "/rules/jokers"),
    ({"kitty_fit": "remove", "kitty_size": 7}, "/rules/kitty_fit"),
    ({"kitty_size": 7}, "/rules/kitty_size"),
    ({"past_last_level": "loop"}, "/rules/past_last_level"),
    ({"own_declarations": "any"}, "/rules/own_declarations"),
])
def test_impossible_values_are_a_422_naming_the_parameter(client, override, pointer):
    body = {"rules": {"preset": "pagat", **override}}
    assert_problem(post(client, "/v1/rulesets/resolve", body), 422, pointer)


def test_settle_wraps_and_counts_games(client):
    answer = post(client, "/v1/hands/settle", {**NT_SETTLE, "games_won": [2, 1, 2, 1]}).get_json()
    assert answer["new_levels"] == ["4", "K", "4", "K"] and answer["new_games_won"] == [3, 1, 3, 1]
    assert answer["game_over"] is False and answer["winner"] is None
    assert post(client, "/v1/hands/settle", NT_SETTLE).get_json()["new_games_won"] == [1, 0, 1, 0]


def test_settle_games_won_lists_every_seat(client):
    assert_problem(post(client, "/v1/hands/settle", {**NT_SETTLE, "games_won": [1, 1]}), 422, "/games_won")
    assert_problem(post(client, "/v1/hands/settle", {**NT_SETTLE, "games_won": [1, -1, 0, 0]}), 422)


def test_nt_has_no_trump_suit(client):
    body = {**NT_SETTLE, "trump": {"level": "NT", "suit": "H"}}
    assert_problem(post(client, "/v1/hands/settle", body), 422)


def test_nt_level_needs_a_ruleset_that_reaches_it(client):
    body = {**NT_SETTLE, "rules": "pagat"}
    assert_problem(post(client, "/v1/hands/settle", body), 422)


def test_resolve_answers_score_table_and_removed_cards(client):
    answer = post(client, "/v1/rulesets/resolve", {"rules": "rbtying"}).get_json()
    assert answer["removed_cards"] == []
    rows = answer["score_table"]
    assert rows[0] == {"from": None, "to": 0, "outcome": "dealer-keeps", "levels": 3}
    assert rows[1] == {"from": 5, "to": 35, "outcome": "dealer-keeps", "levels": 2}
    assert {"from": 80, "to": 115, "outcome": "attackers-take-over", "levels": 0} in rows
    assert rows[-1]["to"] is None
    short = {"rules": {"preset": "pagat", "players": 5, "partnership": "find-friends", "kitty_size": 6,
                       "kitty_fit": "remove-low-cards"}}
    answer = post(client, "/v1/rulesets/resolve", short).get_json()
    assert answer["removed_cards"] == ["3C", "3D"] and answer["hand_size"] == 20


def test_deals_never_deal_removed_cards(client):
    rules = {"preset": "pagat", "players": 5, "partnership": "find-friends", "kitty_size": 6,
             "kitty_fit": "remove-low-cards"}
    answer = post(client, "/v1/deals", {"rules": rules, "seed": 1, "level": "2"}).get_json()
    dealt = [c for h in answer["hands"] for c in h] + answer["kitty"]
    assert len(dealt) == 106 and dealt.count("3C") == 1 and dealt.count("3D") == 1 and dealt.count("2C") == 2


def test_state_answers_outcome_once_over(client):
    from app.resources.hands import ADJUDICATE_IN
    body = {k: v for k, v in ADJUDICATE_IN.items() if k != "partial"}
    answer = post(client, "/v1/hands/state", body).get_json()
    assert answer["outcome"]["decided"] is False and answer["outcome"]["points_left"] == 100
    declaring = post(client, "/v1/hands/state", {**body, "kitty_discard": [], "tricks": []}).get_json()
    assert declaring["outcome"] is None
