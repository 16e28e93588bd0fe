"""haproxy at the edge (deploy/haproxy.cfg): request ids, per-client rate limits, health checks."""
from __future__ import annotations

import http.client
import json
import os
import re
import signal
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from deploy.cluster import Topology
from tests.conftest import free_port

pytestmark = pytest.mark.topology
REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


def send(url: str, n: int, headers: dict | None = None, path: str = "/healthz") -> tuple[Counter, list]:
    """``n`` GETs on one keep-alive connection, as fast as they go: status counts and the 429s."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
    counts: Counter = Counter()
    refused = []
    for _ in range(n):
        conn.request("GET", path, headers=headers or {})
        r = conn.getresponse()
        body = r.read()
        counts[r.status] += 1
        if r.status == 429:
            refused.append(({k.lower(): v for k, v in r.getheaders()}, json.loads(body)))
    conn.close()
    return counts, refused


def one(url: str, headers: dict) -> http.client.HTTPResponse:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
    conn.request("GET", "/healthz", headers=headers)
    r = conn.getresponse()
    r.read()
    conn.close()
    return r


def test_request_ids_passed_through_or_made(topology):
    key = {"X-API-Key": "ids"}
    assert one(topology.url, {**key, "X-Request-ID": "trace-7.a:b"}).getheader("X-Request-ID") == "trace-7.a:b"
    made = [one(topology.url, {**key, **extra}).getheader("X-Request-ID")
            for extra in ({}, {}, {"X-Request-ID": "not valid!"})]
    assert all(REQUEST_ID.match(rid) for rid in made) and len(set(made)) == 3 and "not valid!" not in made


def test_every_instance_in_the_pool_and_answering(topology):
    assert set(topology.server_states().values()) == {"UP"}
    served = Counter()
    for _ in range(9):
        r = one(topology.url, {"X-API-Key": "pool"})
        assert r.status == 200
        served[r.getheader("X-Request-ID")] += 1
    assert len(served) == 9


def test_keep_alive_to_the_instances(topology):
    """Requests from many client connections share a few connections to the instances."""
    before = topology.stats()["BACKEND"]
    for n in range(30):
        assert send(topology.url, 2, {"X-API-Key": f"keep-alive-{n}"})[0] == Counter({200: 2})
    after = topology.stats()["BACKEND"]
    sessions = int(after["stot"]) - int(before["stot"])
    assert sessions >= 60
    assert int(after["connect"]) - int(before["connect"]) <= 2 * len(topology.instances)
    assert int(after["reuse"]) - int(before["reuse"]) >= sessions - 2 * len(topology.instances)


def test_unkeyed_flood_limited_keyed_client_beside_it_is_not(topology):
    started = time.monotonic()
    counts, refused = send(topology.url, 2 * topology.burst + 50)
    seconds = time.monotonic() - started
    assert topology.burst - 5 <= counts[200] <= topology.burst * (seconds + 1) + 5 and counts[429], (counts, seconds)
    headers, problem = refused[0]
    assert headers["content-type"] == "application/problem+json"
    assert int(headers["retry-after"]) >= 1 and REQUEST_ID.match(headers["x-request-id"])
    assert problem["status"] == 429 and problem["title"] == "Too Many Requests" and problem["type"]
    assert f"{topology.rate} requests per second" in problem["detail"]
    # the same address, with a key: its own budget
    assert send(topology.url, 50, {"X-API-Key": "beside-the-flood"})[0] == Counter({200: 50})


def test_keyed_flood_limits_that_key_only(topology):
    counts, _ = send(topology.url, 2 * topology.burst + 50, {"X-API-Key": "flooder"})
    assert counts[429] >= topology.burst
    assert send(topology.url, 50, {"X-API-Key": "neighbour"})[0] == Counter({200: 50})


def test_a_client_that_keeps_flooding_still_gets_its_rate(topology):
    """Refused requests are not counted: sending far too fast for 3 s still gets requests answered
    after the first burst (and never more than a burst in a second)."""
    counts: Counter = Counter()
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        counts.update(send(topology.url, 100, {"X-API-Key": "keeps-flooding"})[0])
    # counting refused requests too would hold it to one burst while it floods
    assert counts[429] > counts[200] > topology.burst + 20, counts
    assert counts[200] <= 4 * topology.burst + 10, counts


def test_refusal_in_chinese(topology):
    _, refused = send(topology.url, topology.burst + 50, {"X-API-Key": "zh-flood", "Accept-Language": "zh-CN,zh;q=0.9"})
    headers, problem = refused[0]
    assert headers["content-language"] == "zh-Hans" and "请求过多" in problem["detail"]


def test_rate_limit_configurable(topology):
    """RATE_LIMIT=5 (bursts of 10): a second haproxy over the same instances refuses the 11th request."""
    edge = Topology(dir=Path(tempfile.mkdtemp(prefix="tractor-edge-")), instances=topology.instances,
                    haproxy={"port": free_port(), "pid": 0}, rate=5, burst=10)
    edge.start_haproxy()
    try:
        counts, refused = send(edge.url, 20, {"X-API-Key": "small"})
        # haproxy's one-second rate is a sliding estimate: one request either way at a boundary
        assert 9 <= counts[200] <= 11 and counts[200] + counts[429] == 20, counts
        assert "5 requests per second" in refused[0][1]["detail"]
        time.sleep(2.1)
        assert send(edge.url, 3, {"X-API-Key": "small"})[0] == Counter({200: 3})
    finally:
        os.kill(edge.haproxy["pid"], signal.SIGTERM)
