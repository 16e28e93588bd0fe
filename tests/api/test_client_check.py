"""The issue's check of the whole hand as a service: a client plays whole hands with only `deals`,
`hands/state` and `plays/legal` `sample`, and every answer agrees with `hands/adjudicate`, the
legal-play listing and `plays/validate` (bench/client_check.py; the full run covers every preset and
find-friends join mode)."""
from collections import Counter

import pytest

from bench.client_check import Client, Disagreement, in_process, play_hand, rulesets

CLIENT = Client(in_process())
EVERY = dict(rulesets(CLIENT.get))


def test_the_client_plays_every_preset_the_service_lists_and_every_join_mode():
    assert {"qq", "tuolaji", "four-deck", "4399 find-friends, holder",
            "4399 find-friends, first-outsider"} <= set(EVERY)


@pytest.mark.parametrize(("label", "draw"), [("qq", "state"), ("4399 find-friends, holder", "legal"),
                                             ("pagat find-friends, 6 seats, first-played", "state")])
def test_whole_hand_played_through_the_api_agrees_with_adjudicate_and_the_listing(label, draw):
    counts: Counter = Counter()
    final = play_hand(CLIENT, EVERY[label], "test-client-check", counts, draw)
    assert final["phase"] == "over" and final["settlement"] is not None
    # drawn by hands/state: one request per action, and the deal and the last state
    per_action = counts["actions"] + counts["deals"] + 1
    assert counts["requests"] <= (per_action if draw == "state" else 2 * per_action)
    assert counts["checks"] > counts["actions"]


def test_a_disagreement_is_reported_not_passed():
    broken = Client(lambda method, path, body: (200, {"rulesets": []}) if method == "GET" else (500, None))
    with pytest.raises(Disagreement):
        broken.post("/v1/hands/state", {})
