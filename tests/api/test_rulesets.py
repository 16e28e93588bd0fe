from rules.ruleset import PRESETS, Ruleset

from .helpers import assert_problem, post


def test_lists_every_preset_with_full_parameters(client):
    body = client.get("/v1/rulesets").get_json()
    assert [r["name"] for r in body["rulesets"]] == list(PRESETS)
    for entry in body["rulesets"]:
        assert entry["parameters"] == Ruleset.preset(entry["name"]).to_dict()
        assert entry["title"] and entry["source"] and entry["description"]


def test_one_preset(client):
    body = client.get("/v1/rulesets/shengji").get_json()
    assert body["name"] == "shengji"
    assert body["parameters"]["kitty_size"] == 8
    assert body["parameters"]["scoring"] == "shengji-001"


def test_unknown_preset_is_404_problem(client):
    body = assert_problem(client.get("/v1/rulesets/bridge"), 404)
    assert "bridge" in body["detail"]


# -- rulesets/resolve ----------------------------------------------------------------------------
def test_resolve_pagat_with_six_players_deals_a_kitty_of_six(client):
    r = post(client, "/v1/rulesets/resolve", {"rules": {"preset": "pagat", "players": 6,
                                                         "partnership": "find-friends"}})
    body = r.get_json()
    assert r.status_code == 200
    assert body["name"] == "pagat"
    assert body["parameters"]["kitty_size"] == 6
    assert body["parameters"]["players"] == 6
    assert body["hand_size"] == 17
    assert body["friend_calls"] == 2
    assert body["total_points"] == 200
    deal = post(client, "/v1/deals", {"rules": {"preset": "pagat", "players": 6, "partnership": "find-friends"},
                                      "seed": 1}).get_json()
    assert len(deal["kitty"]) == body["parameters"]["kitty_size"]
    assert {len(h) for h in deal["hands"]} == {body["hand_size"]}


def test_resolve_gives_every_parameter(client):
    body = post(client, "/v1/rulesets/resolve", {"rules": "four-deck"}).get_json()
    listed = client.get("/v1/rulesets/four-deck").get_json()["parameters"]
    assert set(body["parameters"]) == set(listed)
    assert body["parameters"]["kitty_size"] == 0 and body["hand_size"] == 54
    assert body["friend_calls"] == 0 and body["total_points"] == 400


def test_resolve_auto_kitty_is_a_number(client):
    body = post(client, "/v1/rulesets/resolve", {"rules": {"preset": "qq", "decks": 3}}).get_json()
    assert isinstance(body["parameters"]["kitty_size"], int)
    assert body["parameters"]["kitty_size"] + 4 * body["hand_size"] == 162


def test_resolve_names_the_impossible_parameter(client):
    r = post(client, "/v1/rulesets/resolve", {"rules": {"preset": "qq", "kitty_size": 7}})
    assert_problem(r, 422, "/rules/kitty_size")
    r = post(client, "/v1/rulesets/resolve", {"rules": {"preset": "qq", "players": 5}})
    assert_problem(r, 422, "/rules/partnership")


def test_resolve_allows_post_only_and_is_no_preset_name(client):
    assert set(client.options("/v1/rulesets/resolve").headers["Allow"].split(", ")) == {"OPTIONS", "POST"}
    assert client.get("/v1/rulesets/resolve").status_code == 405
    assert client.get("/v1/rulesets/qq").status_code == 200


def test_rulesets_list_every_parameter_as_declared(client):
    listing = client.get("/v1/rulesets").get_json()
    by_name = {p["name"]: p for p in listing["parameters"]}
    assert list(by_name) == list(listing["rulesets"][0]["parameters"])
    bombs = by_name["bombs"]
    assert (bombs["kind"], bombs["default"], bombs["term"]) == ("choice", "none", "炸弹")
    assert [v["value"] for v in bombs["values"]] == ["none", "any-suit", "follow-suit"]
    assert by_name["first_level"]["presets"] == {"tuolaji": "3", "four-deck": "3"}
    assert (by_name["decks"]["minimum"], by_name["decks"]["maximum"]) == (1, 8)
    assert by_name["partnership"]["see"] == "docs/rules.md#find-friends"
    for preset in listing["rulesets"]:
        for name, p in by_name.items():
            assert preset["parameters"][name] == p["presets"].get(preset["name"], p["default"]) or name in (
                "kitty_size", "follow_ladder"), (preset["name"], name)
