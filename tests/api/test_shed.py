"""Turns at the engine, load shedding and X-Work (app/shed.py)."""
from __future__ import annotations

import gevent
import pytest

from app import create_app, shed

from .helpers import QQ_HEARTS, assert_problem

VALIDATE = {**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D", "9S"], "play": ["KS", "KS"], "lead": ["QS", "QS"]}


def call(turns: shed.Turns, endpoint: str, seconds: float, order: list) -> None:
    try:
        turns.enter(endpoint)
    except shed.Overloaded:
        order.append(f"{endpoint}: shed")
        return
    order.append(endpoint)
    gevent.sleep(0)             # let the others queue, as a request's I/O would
    turns.leave(endpoint, seconds)


def test_the_cheapest_waiting_call_goes_next():
    turns = shed.Turns(queue=10, wait=5)
    turns.cost.update({"heavy": 0.050, "cheap": 0.001})
    order: list = []
    calls = [gevent.spawn(call, turns, "heavy", 0.05, order) for _ in range(4)]
    gevent.sleep(0)
    calls.append(gevent.spawn(call, turns, "cheap", 0.001, order))
    gevent.joinall(calls, timeout=5)
    # the first heavy call was running; the cheap one, queued last, went before the other three
    assert order == ["heavy", "cheap", "heavy", "heavy", "heavy"]
    assert not turns.busy and not turns.waiting


def test_a_saturated_worker_sheds_at_once():
    turns = shed.Turns(queue=2, wait=5)
    order: list = []
    calls = [gevent.spawn(call, turns, "heavy", 0.05, order) for _ in range(5)]
    gevent.joinall(calls, timeout=5)
    assert order.count("heavy: shed") == 2 and order.count("heavy") == 3


def test_a_call_that_waits_too_long_is_shed():
    turns = shed.Turns(queue=10, wait=0.05)
    turns.enter("stuck")                    # a call that holds the engine and never leaves
    with pytest.raises(shed.Overloaded):
        turns.enter("next")
    assert turns.waiting == []


def test_overloaded_is_a_503_problem_with_retry_after(monkeypatch):
    client = create_app({}).test_client()

    def saturated(endpoint):
        raise shed.Overloaded

    monkeypatch.setattr(shed, "enter", saturated)
    for headers in ({}, {"Cache-Control": "no-cache"}):
        r = client.post("/v1/plays/validate", json=VALIDATE, headers=headers)
        assert_problem(r, 503)
        assert r.headers["Retry-After"] == "1"
    r = client.post("/v1/plays/validate", json=VALIDATE, headers={"Accept-Language": "zh-CN"})
    assert r.status_code == 503 and r.get_json()["title"] == "服务暂不可用"
    assert client.get("/healthz").status_code == 200        # health never waits for the engine


def test_every_answer_says_its_work(monkeypatch):
    client = create_app({}).test_client()
    assert client.get("/healthz").headers["X-Work"] == "0"
    monkeypatch.setattr(shed, "leave", lambda endpoint, seconds, real=shed.leave: real(endpoint, 0.0123))
    first = client.post("/v1/plays/validate", json=VALIDATE)
    assert first.headers["X-Cache"] == "miss" and 13 <= int(first.headers["X-Work"]) <= 20
    hit = client.post("/v1/plays/validate", json=VALIDATE)
    assert (hit.headers["X-Cache"], hit.headers["X-Work"]) == ("hit", "0")
    bypass = client.post("/v1/plays/validate", json=VALIDATE, headers={"Cache-Control": "no-cache"})
    assert bypass.headers["X-Cache"] == "bypass" and 13 <= int(bypass.headers["X-Work"]) <= 20
