from rules.ruleset import PRESETS, Ruleset

from .helpers import assert_problem


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
