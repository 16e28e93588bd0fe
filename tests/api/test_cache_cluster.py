"""The answer cache on a real Redis Cluster (3 masters, 3 replicas of redis-server in cluster mode)."""
from __future__ import annotations

import os
import shutil
import signal
import tempfile
import time
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster

from app import create_app, env_config
from app.cache import ClusterStore, NearStore, parse_nodes
from deploy.cluster import NODE_TIMEOUT_MS, Topology
from tests.conftest import free_port

from .test_cache import ask, trick


def cluster_app(nodes: str, **config):
    """An app on the cluster alone (no near copy), so every hit and miss is the cluster's own."""
    return create_app({"REDIS_CLUSTER_NODES": nodes, "CACHE_TIMEOUT": 0.1, "CACHE_BREAKER_SECONDS": 0.5,
                       "NEAR_CACHE_SIZE": 0, **config})


def start_cluster(redis_bin: str) -> Topology:
    topology = Topology(dir=Path(tempfile.mkdtemp(prefix="tractor-cluster-")), redis_bin=redis_bin)
    topology.up_redis()
    return topology


def stop_cluster(topology: Topology) -> None:
    topology.down()
    shutil.rmtree(topology.dir, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster(redis_bin):
    topology = start_cluster(redis_bin)
    yield topology
    stop_cluster(topology)


@pytest.fixture
def own_cluster(redis_bin):
    """A cluster of the test's own, whose nodes the test may kill."""
    topology = start_cluster(redis_bin)
    yield topology
    stop_cluster(topology)


def direct(topology: Topology) -> RedisCluster:
    host, port = parse_nodes(topology.nodes)[0]
    return RedisCluster(host=host, port=port)


def readiness(client) -> dict:
    r = client.get("/readyz")
    assert r.status_code == 200
    return r.get_json()


def wait_for(check, seconds: float) -> float:
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < seconds, f"not within {seconds} s"
        time.sleep(0.1)
    return time.monotonic() - started


def test_parse_nodes():
    assert parse_nodes("a:7000, 10.0.0.2:7001,[::1]:7002") == [("a", 7000), ("10.0.0.2", 7001), ("::1", 7002)]
    for bad in ("a", "a:", ":7000", "a:x", "a:70000", "a:7000,"):
        with pytest.raises(ValueError, match="REDIS_CLUSTER_NODES"):
            parse_nodes(bad)


def test_one_redis_or_a_cluster_not_both():
    with pytest.raises(ValueError, match="not both"):
        create_app({"REDIS_URL": "redis://127.0.0.1:1/0", "REDIS_CLUSTER_NODES": "127.0.0.1:1"})


def test_environment_selects_the_cluster(monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("REDIS_CLUSTER_NODES", "127.0.0.1:7000,127.0.0.1:7001")
    config = env_config()
    assert config["REDIS_CLUSTER_NODES"] == "127.0.0.1:7000,127.0.0.1:7001"
    store = create_app(config).extensions["answer_cache"].store
    assert isinstance(store, NearStore) and isinstance(store.far, ClusterStore)
    assert store.far.nodes == [("127.0.0.1", 7000), ("127.0.0.1", 7001)]


def test_cluster_hit_shared_by_two_instances(cluster):
    one, two = cluster_app(cluster.nodes).test_client(), cluster_app(cluster.nodes).test_client()
    body = trick(40)
    assert ask(one, body).headers["X-Cache"] == "miss"
    shared = ask(two, body)
    assert shared.headers["X-Cache"] == "hit"
    assert shared.get_json() == ask(one, body, **{"Cache-Control": "no-cache"}).get_json()


def test_answers_spread_over_the_masters(cluster):
    """Keys land on every master (the client routes by slot), and replicas hold copies."""
    app = cluster_app(cluster.nodes, CACHE_PREFIX="spread")
    client = app.test_client()
    for n in range(30):
        ask(client, trick(n))
    masters = [r["port"] for r in cluster.redis if r["role"] == "master"]
    counts = [len(redis.Redis(port=p).keys("spread:*")) for p in masters]
    assert sum(counts) == 60 and all(counts), counts   # a raw and a canonical key per answer
    replicas = [r["port"] for r in cluster.redis if r["role"] == "replica"]
    wait_for(lambda: sum(len(redis.Redis(port=p).keys("spread:*")) for p in replicas) == 60, 5)


def test_cluster_client_uses_hiredis_and_no_retries(cluster):
    store = cluster_app(cluster.nodes).extensions["answer_cache"].store
    assert isinstance(store, ClusterStore)
    client = store.client
    client.ping(target_nodes=RedisCluster.PRIMARIES)
    assert client.retry.get_retries() == 0
    node = client.get_primaries()[0]
    connection = node.redis_connection.connection_pool.get_connection()
    try:
        assert type(connection._parser).__name__ == "_HiredisParser"
        assert connection.socket_timeout == 0.1 and connection.socket_connect_timeout == 0.1
        assert connection.retry.get_retries() == 0
    finally:
        node.redis_connection.connection_pool.release(connection)


def test_readyz_reports_the_cluster(cluster):
    client = cluster_app(cluster.nodes).test_client()
    assert readiness(client) == {"status": "ready", "cache": {
        "backend": "redis-cluster", "ok": True, "cluster": {"state": "ok", "masters": 3, "answering": 3}}}


def test_near_copy_in_front_of_the_cluster(cluster):
    app = cluster_app(cluster.nodes, NEAR_CACHE_SIZE=16, CACHE_PREFIX="near")
    client = app.test_client()
    body = trick(41)
    ask(client, body)
    direct(cluster).flushall(target_nodes=RedisCluster.PRIMARIES)
    assert ask(client, body).headers["X-Cache"] == "hit"    # the worker's own copy, no round trip
    assert ask(cluster_app(cluster.nodes, CACHE_PREFIX="near").test_client(), body).headers["X-Cache"] == "miss"
    assert readiness(client)["cache"]["backend"] == "redis-cluster"


def test_cluster_unreachable_at_start(redis_bin):
    nodes = f"127.0.0.1:{free_port()},127.0.0.1:{free_port()}"
    app = cluster_app(nodes, CACHE_BREAKER_SECONDS=30)
    client = app.test_client()
    started = time.monotonic()
    for n in range(5):
        assert ask(client, trick(50 + n)).headers["X-Cache"] == "miss"
    assert time.monotonic() - started < 2
    assert readiness(client) == {"status": "degraded", "cache": {
        "backend": "redis-cluster", "ok": False, "cluster": {"state": "unreachable", "masters": 0, "answering": 0}}}


def test_paused_master_costs_at_most_the_timeout(cluster):
    client = cluster_app(cluster.nodes, CACHE_TIMEOUT=0.05, CACHE_PREFIX="paused").test_client()
    probe = direct(cluster)
    body = trick(42)
    ask(client, body)
    # pause the master that holds the key of the body's bytes (the one looked up first)
    key = next(k for k in probe.keys("paused:*:raw:*", target_nodes=RedisCluster.PRIMARIES))
    port = probe.get_node_from_key(key).port
    pid = next(r["pid"] for r in cluster.redis if r["port"] == port)
    os.kill(pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        r = ask(client, body)
        assert r.headers["X-Cache"] == "miss"
        assert time.monotonic() - started < 1
        ready = readiness(client)
        assert ready["status"] == "degraded" and ready["cache"]["cluster"]["answering"] < 3
    finally:
        os.kill(pid, signal.SIGCONT)
    wait_for(lambda: readiness(client)["status"] == "ready", 5)


def test_master_killed_replica_takes_over(own_cluster):
    """No error and no wrong answer while a master is down; after its replica is promoted
    (within 10 s) the answers stored before are hits again."""
    app = cluster_app(own_cluster.nodes, CACHE_BREAKER_SECONDS=0.2)
    client = app.test_client()
    bodies = [trick(60 + n) for n in range(12)]
    expected = [ask(client, b).get_json() for b in bodies]
    probe = direct(own_cluster)
    victim = next(r for r in own_cluster.redis if r["port"] == probe.get_primaries()[0].port)
    time.sleep(0.5)                                    # let the replicas receive the writes
    os.kill(victim["pid"], signal.SIGKILL)
    killed = time.monotonic()
    degraded = False
    while True:
        for b, want in zip(bodies, expected, strict=True):
            assert ask(client, b).get_json() == want
        status = readiness(client)
        degraded = degraded or status["status"] == "degraded"
        if degraded and status["status"] == "ready":
            break
        assert time.monotonic() - killed < 10 + NODE_TIMEOUT_MS / 1000, status
        time.sleep(0.1)
    assert status["cache"]["cluster"] == {"state": "ok", "masters": 3, "answering": 3}
    assert victim["port"] not in [n.port for n in app.extensions["answer_cache"].store.client.get_primaries()]
    results = [ask(client, b).headers["X-Cache"] for b in bodies]
    assert results == ["hit"] * len(bodies)
