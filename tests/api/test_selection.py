"""`plays/legal` with `selected` (selection help, must and may) and `sample` (uniform draws by seed)."""
from collections import Counter

from .helpers import QQ_HEARTS, assert_problem, post

HAND = ["AS", "KS", "KS", "QS", "QS", "3D"]
PAIRS = ["7S", "7S", "6S", "6S"]


def test_selected_follow_gives_selection_help_must_and_may(client):
    body = post(client, "/v1/plays/legal", {**QQ_HEARTS, "hand": HAND, "lead": PAIRS, "selected": ["KS"]}).get_json()
    assert body["count"] == 1 and body["count_exact"] is True
    assert body["plays"] == [["KS", "KS", "QS", "QS"]]
    assert body["selectable"] == ["KS", "QS"]
    assert (body["complete"], body["completable"]) == (False, True)
    assert body["must"] == body["may"] == ["KS", "KS", "QS", "QS"]


def test_selected_that_no_legal_play_contains(client):
    body = post(client, "/v1/plays/legal", {**QQ_HEARTS, "hand": HAND, "lead": PAIRS,
                                            "selected": ["AS"]}).get_json()
    assert (body["complete"], body["completable"], body["selectable"]) == (False, False, [])


def test_selected_lead_counts_every_legal_lead(client):
    body = post(client, "/v1/plays/legal", {**QQ_HEARTS, "hand": HAND, "selected": ["KS", "QS"]}).get_json()
    assert body["throws_allowed"] is True and body["units"]
    # spades: 2 * 3 * 3 - 1 non-empty sets; the diamond: 1
    assert body["count"] == 18
    assert body["selectable"] == ["AS", "KS", "QS"]
    assert (body["complete"], body["completable"]) == (True, True)
    assert body["must"] == []
    assert body["may"] == ["AS", "KS", "KS", "QS", "QS", "3D"]


def test_selected_lead_without_throws_is_one_unit(client):
    body = post(client, "/v1/plays/legal", {"rules": {"preset": "qq", "throws": False}, "trump": QQ_HEARTS["trump"],
                                            "hand": HAND, "selected": ["KS", "QS"]}).get_json()
    assert (body["complete"], body["completable"]) == (False, True)
    assert body["selectable"] == ["KS", "QS"]


def test_sample_draws_distinct_legal_plays_the_same_for_the_same_seed(client):
    request = {**QQ_HEARTS, "hand": ["BJ", "SJ", "AH", "KH", "QH", "JH", "9H", "8H", "AS"], "lead": ["3H", "4H"],
               "sample": 6, "seed": "table-1"}
    first = post(client, "/v1/plays/legal", request).get_json()
    again = post(client, "/v1/plays/legal", request, **{"Cache-Control": "no-cache"}).get_json()
    other = post(client, "/v1/plays/legal", {**request, "seed": 2}).get_json()
    assert first == again
    assert first["plays"] != other["plays"]
    assert first["count"] == 28 and first["truncated"] is True
    assert len({tuple(p) for p in first["plays"]}) == 6
    for play in first["plays"]:
        verdict = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": request["hand"], "lead": request["lead"],
                                                      "play": play}).get_json()
        assert verdict["legal"], play
    assert any("BJ" not in p for p in first["plays"])


def test_sample_of_leads_includes_throws(client):
    body = post(client, "/v1/plays/legal", {**QQ_HEARTS, "hand": HAND, "sample": 18, "seed": 5}).get_json()
    assert body["count"] == 18 and body["truncated"] is False
    assert len(body["plays"]) == 18
    assert Counter(len(p) for p in body["plays"])[3] >= 1


def test_sample_needs_a_seed(client):
    assert_problem(post(client, "/v1/plays/legal", {**QQ_HEARTS, "hand": HAND, "sample": 2}), 422, "/seed")


def test_selected_must_be_in_the_hand(client):
    r = post(client, "/v1/plays/legal", {**QQ_HEARTS, "hand": HAND, "lead": PAIRS, "selected": ["KS", "AS", "AS"]})
    assert_problem(r, 422, "/selected/2")


def test_selection_answers_are_cached(client):
    request = {**QQ_HEARTS, "hand": HAND, "lead": PAIRS, "selected": ["QS"]}
    first, second = post(client, "/v1/plays/legal", request), post(client, "/v1/plays/legal", request)
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")
    assert first.get_json() == second.get_json()


def test_a_position_past_the_work_bound_is_refused_once_computed_once(client):
    # 8 decks: a 30-card trump lead against eight copies of nine hearts; the count is a lower bound,
    # so the selection answer is a 422, and the engine is asked once (not again to word the error)
    from prometheus_client import REGISTRY
    hearts = [f"{r}H" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A") for _ in range(8)]
    body = {"rules": {"preset": "qq", "decks": 8}, "trump": {"level": "5", "suit": "H"},
            "hand": hearts + ["4D", "6D", "7D"], "lead": ["5S"] * 4 + ["5C"] * 4 + ["5D"] * 4 + ["5H"] * 6
            + ["SJ"] * 6 + ["BJ"] * 6, "selected": []}
    calls = {"endpoint": "plays/legal"}
    before = REGISTRY.get_sample_value("tractor_engine_seconds_count", calls) or 0
    r = post(client, "/v1/plays/legal", body, **{"Cache-Control": "no-cache"})
    assert_problem(r, 422, "/hand")
    assert REGISTRY.get_sample_value("tractor_engine_seconds_count", calls) - before == 1
    plain = post(client, "/v1/plays/legal", {k: v for k, v in body.items() if k != "selected"}).get_json()
    assert plain["count_exact"] is False and plain["plays"]
