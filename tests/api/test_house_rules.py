"""Section 14's house-rule parameters over HTTP: listed, validated with a 422 naming them, and part of
both cache keys (the canonical one and the door's key of the body bytes)."""
from __future__ import annotations

import pytest

from app.cache import make_key
from schemas.plays import LegalPlaysSchema

from .helpers import QQ_HEARTS, assert_problem, post

NEW = {"tractor_min_width": 2, "tractor_min_length": 2, "bombs": "none", "rainbow_min": None}


def test_rulesets_list_the_house_rule_parameters_at_their_defaults(client):
    for entry in client.get("/v1/rulesets").get_json()["rulesets"]:
        for key, value in NEW.items():
            assert entry["parameters"][key] == value


@pytest.mark.parametrize("override, pointer", [
    ({"tractor_min_width": 3}, "/rules/tractor_min_width"),          # 2 decks hold 2 copies
    ({"tractor_min_width": 9, "decks": 8}, "/rules/tractor_min_width"),
    ({"tractor_min_length": 14}, "/rules/tractor_min_length"),
    ({"tractor_min_length": "3"}, "/rules/tractor_min_length"),
    ({"bombs": "all"}, "/rules/bombs"),
    ({"bombs": True}, "/rules/bombs"),
    ({"rainbow_min": 9}, "/rules/rainbow_min"),             # above 4·decks
    ({"rainbow_min": 3}, "/rules/rainbow_min"),
    ({"rainbow_min": "5"}, "/rules/rainbow_min"),
])
def test_impossible_values_are_a_422_naming_the_parameter(client, override, pointer):
    body = {"rules": {"preset": "qq", **override}, "trump": QQ_HEARTS["trump"], "hand": ["AS"], "play": ["AS"]}
    assert_problem(post(client, "/v1/plays/validate", body), 422, pointer)
    zh = client.post("/v1/plays/validate", json=body, headers={"Accept-Language": "zh-CN"}).get_json()
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in e["detail"]) for e in zh["errors"])


@pytest.mark.parametrize("override", [{"tractor_min_width": 3, "decks": 3}, {"tractor_min_length": 3},
                                      {"bombs": "any-suit"}, {"bombs": "follow-suit"}, {"rainbow_min": 4}])
def test_house_rule_parameters_are_in_both_cache_keys(client, override):
    hand = {"trump": QQ_HEARTS["trump"], "hand": ["3S", "3S", "4S", "4S", "6S", "6S", "7S"], "lead": ["9S", "9S"]}
    plain = {"rules": {"preset": "qq", "decks": override.get("decks", 2)}, **hand}
    other = {"rules": {"preset": "qq", **override}, **hand}
    assert make_key("t", "1", "e", LegalPlaysSchema().load(plain)) != \
        make_key("t", "1", "e", LegalPlaysSchema().load(other))
    assert post(client, "/v1/plays/legal", plain).headers["X-Cache"] in ("miss", "hit")
    assert post(client, "/v1/plays/legal", other).headers["X-Cache"] == "miss"      # another raw key too
    assert post(client, "/v1/plays/legal", other).headers["X-Cache"] == "hit"
