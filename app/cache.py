"""The answer cache for legality endpoints: Redis or a Redis Cluster when configured, else an in-process LRU.

Values are the answer's JSON bytes, served as they are.  Keys:
``<prefix>:<engine>:<endpoint>:<kind>:<language>:<sha256>`` where ``<engine>`` is the engine
version and fingerprint (:mod:`app.fingerprint`), ``<language>`` the normalised answer language,
and ``<kind>`` either ``raw`` (the digest of the request body's bytes: what the door at
:mod:`app.door` looks up before anything is parsed) or ``can`` (the digest of the canonical input,
after loading).  The canonical input sorts every multiset of cards, keeps the order of everything
else (play order), and spells out every ruleset parameter, so equal requests share a key and
different ones never do.  A cache failure never fails a request: the answer is computed and
served, and the failure is counted.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from rules.cards import Card
from rules.order import Trump
from rules.ruleset import Ruleset

from . import metrics

log = logging.getLogger(__name__)
HIT, MISS, BYPASS = "hit", "miss", "bypass"


def canonical(value: Any) -> Any:
    """A JSON-able form of a loaded request in which equal requests are equal."""
    if isinstance(value, Ruleset):
        return value.to_dict()
    if isinstance(value, Trump):
        return value.to_dict()
    if isinstance(value, dict):
        return {k: canonical(v) for k, v in sorted(value.items())}
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, Card) for v in value):
            return [str(c) for c in sorted(value)]
        return [canonical(v) for v in value]
    return value


def canonical_digest(data: Any) -> str:
    blob = json.dumps(canonical(data), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def make_key(prefix: str, version: str, endpoint: str, data: Any, language: str = "en") -> str:
    """The canonical key of a loaded request."""
    return f"{prefix}:{version}:{endpoint}:can:{language}:{canonical_digest(data)}"


def raw_key(prefix: str, version: str, endpoint: str, body: bytes, language: str = "en") -> str:
    """The key of a request body's exact bytes."""
    return f"{prefix}:{version}:{endpoint}:raw:{language}:{hashlib.sha256(body).hexdigest()}"


class MemoryStore:
    """A bounded, thread-safe LRU of answer bytes: at most ``size`` entries and ``max_bytes`` bytes
    (keys and values, and ``ENTRY_OVERHEAD`` an entry)."""

    kind = "memory"
    ENTRY_OVERHEAD = 100

    def __init__(self, size: int, max_bytes: int = 64 * 1024 * 1024):
        self.size = size
        self.max_bytes = max_bytes
        self.bytes = 0
        self._data: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def _cost(self, key: str, value: bytes) -> int:
        return len(key) + len(value) + self.ENTRY_OVERHEAD

    def get(self, key: str) -> bytes | None:
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def set_many(self, items: Iterable[tuple[str, bytes]]) -> None:
        with self._lock:
            for key, value in items:
                cost = self._cost(key, value)
                if cost > self.max_bytes:
                    continue
                old = self._data.pop(key, None)
                if old is not None:
                    self.bytes -= self._cost(key, old)
                self._data[key] = value
                self.bytes += cost
            while self._data and (len(self._data) > self.size or self.bytes > self.max_bytes):
                key, value = self._data.popitem(last=False)
                self.bytes -= self._cost(key, value)

    def ping(self) -> bool:
        return True


def _short(timeout: float) -> dict:
    """Connection settings shared by both Redis clients: short timeouts, no retries, no idle checks."""
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return {"socket_timeout": timeout, "socket_connect_timeout": timeout, "retry": Retry(NoBackoff(), 0),
            "health_check_interval": 0}


class RedisStore:
    """Redis with short timeouts, no retries, and a breaker that skips Redis after a failure."""

    kind = "redis"

    def __init__(self, url: str, *, timeout: float, ttl: int, breaker_seconds: float):
        import redis

        self.ttl = ttl
        self.breaker_seconds = breaker_seconds
        self._open_until = 0.0
        self.client = redis.Redis.from_url(url, retry_on_error=[], **_short(timeout))
        self.errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)

    def _guard(self, op: Callable[[], Any]) -> Any:
        if time.monotonic() < self._open_until:
            raise ConnectionError("redis skipped: circuit open")
        return self._trip(op)

    def _trip(self, op: Callable[[], Any]) -> Any:
        """``op()``; a failure opens the breaker for ``breaker_seconds``."""
        try:
            return op()
        except self.errors as exc:
            self._open_until = time.monotonic() + self.breaker_seconds
            raise ConnectionError(f"redis failed: {exc}") from exc

    def get(self, key: str) -> bytes | None:
        return self._guard(lambda: self.client.get(key))

    def set_many(self, items: Iterable[tuple[str, bytes]]) -> None:
        def op():
            pipe = self.client.pipeline(transaction=False)
            for key, value in items:
                pipe.set(key, value, ex=self.ttl)
            pipe.execute()
        self._guard(op)

    def ping(self) -> bool:
        try:
            return bool(self._guard(self.client.ping))
        except ConnectionError:
            return False

    def status(self) -> dict:
        return {"backend": self.kind, "ok": self.ping()}


def parse_nodes(text: str) -> list[tuple[str, int]]:
    """``host:port,host:port,...`` (``REDIS_CLUSTER_NODES``) as (host, port) pairs."""
    nodes = []
    for item in text.split(","):
        host, sep, port = item.strip().rpartition(":")
        if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"REDIS_CLUSTER_NODES: {item.strip()!r} is not host:port")
        nodes.append((host.strip("[]"), int(port)))
    return nodes


class ClusterStore(RedisStore):
    """A Redis Cluster (redis-py ``RedisCluster``) with the same timeouts, no retries and the breaker.

    The client is made on first use, in the process that uses it (so not in the gunicorn master
    that preloads the app), and made again after a failure to reach any startup node.  A node that
    fails makes the client refresh its slot map from the others (redis-py does this before raising),
    so the request after the breaker closes goes to the replica that took over.  Slots of a node that
    does not answer are skipped like a single Redis that does not answer: the answer is computed.
    """

    kind = "redis-cluster"

    def __init__(self, nodes: list[tuple[str, int]], *, timeout: float, ttl: int, breaker_seconds: float):
        import redis
        from redis.exceptions import RedisClusterException

        self.nodes = nodes
        self.timeout = timeout
        self.ttl = ttl
        self.breaker_seconds = breaker_seconds
        self._open_until = 0.0
        self._client: Any = None
        self.errors = (redis.RedisError, RedisClusterException, OSError)

    @property
    def client(self) -> Any:
        # No lock: one taken in the preloading master is not gevent's, and making the client waits
        # on the network; two greenlets that both make one only waste one.
        if self._client is None:
            from redis.cluster import ClusterNode, RedisCluster
            self._client = RedisCluster(startup_nodes=[ClusterNode(host, port) for host, port in self.nodes],
                                        require_full_coverage=False, **_short(self.timeout))
        return self._client

    def cluster(self) -> dict:
        """The cluster as this client sees it: ``state`` (``cluster_state`` of CLUSTER INFO, or
        ``unreachable``), the ``masters`` in its slot map and how many of them answer a PING.

        Probed whether or not the breaker is open (readiness wants the truth, and a probe costs at
        most the timeout per master); a master that does not answer opens the breaker, and every
        master answering closes it."""
        seen: dict = {"state": "unreachable", "masters": 0, "answering": 0}

        def probe() -> None:
            client = self.client
            masters = client.get_primaries()
            seen["masters"] = len(masters)
            answering = []
            failure: BaseException | None = None
            for node in masters:
                try:
                    client.ping(target_nodes=node)
                    answering.append(node)
                except self.errors as exc:
                    failure = exc
            seen["answering"] = len(answering)
            if answering:
                seen["state"] = str(client.cluster_info(target_nodes=answering[0]).get("cluster_state", "unknown"))
            if failure is not None:
                raise failure

        with contextlib.suppress(ConnectionError):
            self._trip(probe)
            if seen["state"] == "ok":
                self._open_until = 0.0    # every master answers: no need to wait for the breaker
        return seen

    def ping(self) -> bool:
        return bool(self.status()["ok"])

    def status(self) -> dict:
        seen = self.cluster()
        ok = seen["state"] == "ok" and 0 < seen["masters"] == seen["answering"]
        return {"backend": self.kind, "ok": ok, "cluster": seen}


class NearStore:
    """Redis behind a small in-process LRU: a repeated question in the same worker is answered
    without a round trip.  Safe because an answer never changes under its key (the key carries the
    engine and request fingerprints, the language and the body's digest), so nothing can go stale;
    Redis shares answers between workers and instances."""

    def __init__(self, near: MemoryStore, far: RedisStore):
        self.near = near
        self.far = far

    def get(self, key: str) -> bytes | None:
        value = self.near.get(key)
        if value is None:
            value = self.far.get(key)
            if value is not None:
                self.near.set_many(((key, value),))
        return value

    def set_many(self, items: Iterable[tuple[str, bytes]]) -> None:
        items = tuple(items)
        self.near.set_many(items)
        self.far.set_many(items)

    @property
    def kind(self) -> str:
        return self.far.kind

    def ping(self) -> bool:
        return self.far.ping()

    def status(self) -> dict:
        return self.far.status()


# A raw key's value when the answer is larger than RAW_INLINE bytes: this prefix and the canonical
# key, so variants of one body (the same question spelled with other spaces or key order) each cost
# a key and a reference, never a copy of the answer.  Answers are JSON and never start with it.
REF = b"@"
RAW_INLINE = 1024


class AnswerCache:
    """Answer bytes by key, with the breaker's failures counted and never raised.

    Memory is bounded in bytes: an answer larger than ``max_answer`` is served but never stored,
    the in-process stores are bounded by total size, Redis by its ``maxmemory`` (every Redis the
    project starts evicts the least recently used keys), and a raw key refers to a large answer
    stored once under its canonical key (``REF``).
    """

    def __init__(self, store, *, version: str, prefix: str = "tractor", max_answer: int = 64 * 1024):
        self.store = store
        self.version = version
        self.prefix = prefix
        self.max_answer = max_answer
        self.last_error: str | None = None

    def count(self, endpoint: str, result: str) -> None:
        """``tractor_cache_total{endpoint, result}`` += 1."""
        metrics.count(metrics.child(metrics.CACHE, endpoint, result))

    def canonical_key(self, endpoint: str, data: Any, language: str) -> str:
        return make_key(self.prefix, self.version, endpoint, data, language)

    def raw_key(self, endpoint: str, body: bytes, language: str) -> str:
        return raw_key(self.prefix, self.version, endpoint, body, language)

    def get(self, endpoint: str, key: str) -> bytes | None:
        """The answer under ``key``, following a raw key's reference to its canonical key."""
        value = self._call(endpoint, lambda: self.store.get(key))
        if value is not None and value.startswith(REF):
            canonical = value[len(REF):].decode()
            value = self._call(endpoint, lambda: self.store.get(canonical))
        return value

    def put(self, endpoint: str, key: str | None, value: bytes, raw: str | None = None) -> None:
        """``value`` under ``key`` and the raw key (a reference to ``key`` when the answer is large);
        nothing when the answer is larger than ``max_answer``."""
        if len(value) > self.max_answer:
            return
        items = [] if key is None else [(key, value)]
        if raw is not None:
            items.append((raw, value if len(value) <= RAW_INLINE or key is None else REF + key.encode()))
        if items:
            self._call(endpoint, lambda: self.store.set_many(items))

    def answer(self, endpoint: str, data: Any, compute: Callable[[], bytes], *, bypass: bool,
               language: str = "en", raw: str | None = None) -> tuple[bytes, str]:
        """The stored answer bytes for ``data`` or freshly computed ones, and hit/miss/bypass.

        ``raw``: the door's key for the request's exact bytes; the answer is stored under it too
        (a canonical hit as well), so the next identical request is answered at the door.  A
        ``compute`` that raises is neither stored nor counted.
        """
        if bypass:
            body = compute()
            self.count(endpoint, BYPASS)
            return body, BYPASS
        key = self.canonical_key(endpoint, data, language)
        cached = self.get(endpoint, key)
        if cached is not None:
            self.count(endpoint, HIT)
            if raw is not None:
                if len(cached) <= RAW_INLINE:
                    self.put(endpoint, None, cached, raw)
                else:
                    self._call(endpoint, lambda: self.store.set_many(((raw, REF + key.encode()),)))
            return cached, HIT
        body = compute()
        self.count(endpoint, MISS)
        self.put(endpoint, key, body, raw)
        return body, MISS

    def _call(self, endpoint: str, op: Callable[[], Any]) -> Any:
        try:
            result = op()
        except ConnectionError as exc:
            self.count(endpoint, "error")
            if self.last_error is None:
                log.warning("cache unavailable, answering without it: %s", exc)
            self.last_error = str(exc)
            return None
        self.last_error = None
        return result

    def status(self) -> dict:
        """``backend``, ``ok``, and for a Redis Cluster what :meth:`ClusterStore.cluster` sees."""
        if hasattr(self.store, "status"):
            return self.store.status()
        return {"backend": self.store.kind, "ok": self.store.ping()}


def from_config(config: dict, version: str) -> AnswerCache:
    """``REDIS_CLUSTER_NODES`` (startup nodes): a Redis Cluster; ``REDIS_URL``: one Redis; neither:
    the in-process LRU.  Both at once is a configuration error."""
    url, nodes = config.get("REDIS_URL"), config.get("REDIS_CLUSTER_NODES")
    if url and nodes:
        raise ValueError("set REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster), not both")
    settings = {"timeout": config["CACHE_TIMEOUT"], "ttl": config["CACHE_TTL"],
                "breaker_seconds": config["CACHE_BREAKER_SECONDS"]}
    if url or nodes:
        store: Any = (ClusterStore(parse_nodes(nodes) if isinstance(nodes, str) else list(nodes), **settings)
                      if nodes else RedisStore(url, **settings))
        near = config.get("NEAR_CACHE_SIZE", 0)
        if near:
            store = NearStore(MemoryStore(near, config["NEAR_CACHE_BYTES"]), store)
    else:
        store = MemoryStore(config["CACHE_SIZE"], config["CACHE_BYTES"])
    return AnswerCache(store, version=version, prefix=config["CACHE_PREFIX"], max_answer=config["CACHE_MAX_ANSWER"])
