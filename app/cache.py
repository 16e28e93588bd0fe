"""The answer cache for legality endpoints: Redis when configured, else an in-process LRU.

Keys: ``<prefix>:<engine version>:<endpoint>:<sha256 of the canonical input>``.  The canonical
input sorts every multiset of cards, keeps the order of everything else (play order), and spells
out every ruleset parameter, so equal requests share a key and different ones never do.  A cache
failure never fails a request: the answer is computed and served, and the failure is counted.
"""
from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections import OrderedDict
from typing import Any, Callable

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


def make_key(prefix: str, version: str, endpoint: str, data: Any) -> str:
    blob = json.dumps(canonical(data), sort_keys=True, separators=(",", ":"))
    return f"{prefix}:{version}:{endpoint}:{hashlib.sha256(blob.encode()).hexdigest()}"


class MemoryStore:
    """A bounded, thread-safe LRU of JSON strings."""

    kind = "memory"

    def __init__(self, size: int):
        self.size = size
        self._data: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> str | None:
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def set(self, key: str, value: str) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def ping(self) -> bool:
        return True


class RedisStore:
    """Redis with short timeouts, no retries, and a breaker that skips Redis after a failure."""

    kind = "redis"

    def __init__(self, url: str, *, timeout: float, ttl: int, breaker_seconds: float):
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        self.ttl = ttl
        self.breaker_seconds = breaker_seconds
        self._open_until = 0.0
        self.client = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout,
            retry=Retry(NoBackoff(), 0), retry_on_error=[], health_check_interval=0)
        self.errors = (redis.RedisError, OSError)

    def _guard(self, op: Callable[[], Any]) -> Any:
        if time.monotonic() < self._open_until:
            raise ConnectionError("redis skipped: circuit open")
        try:
            return op()
        except self.errors as exc:
            self._open_until = time.monotonic() + self.breaker_seconds
            raise ConnectionError(f"redis failed: {exc}") from exc

    def get(self, key: str) -> str | None:
        value = self._guard(lambda: self.client.get(key))
        return value.decode() if value is not None else None

    def set(self, key: str, value: str) -> None:
        self._guard(lambda: self.client.set(key, value, ex=self.ttl))

    def ping(self) -> bool:
        try:
            return bool(self._guard(self.client.ping))
        except ConnectionError:
            return False


class AnswerCache:
    def __init__(self, store, *, version: str, prefix: str = "tractor"):
        self.store = store
        self.version = version
        self.prefix = prefix
        self.last_error: str | None = None

    def answer(self, endpoint: str, data: Any, compute: Callable[[], dict], *, bypass: bool) -> tuple[dict, str]:
        """The cached answer for ``data`` or a freshly computed one, and hit/miss/bypass."""
        if bypass:
            metrics.CACHE.labels(endpoint, BYPASS).inc()
            return compute(), BYPASS
        key = make_key(self.prefix, self.version, endpoint, data)
        cached = self._call(endpoint, lambda: self.store.get(key))
        if cached is not None:
            metrics.CACHE.labels(endpoint, HIT).inc()
            return json.loads(cached), HIT
        metrics.CACHE.labels(endpoint, MISS).inc()
        body = compute()
        self._call(endpoint, lambda: self.store.set(key, json.dumps(body, separators=(",", ":"))))
        return body, MISS

    def _call(self, endpoint: str, op: Callable[[], Any]) -> Any:
        try:
            result = op()
        except ConnectionError as exc:
            metrics.CACHE.labels(endpoint, "error").inc()
            if self.last_error is None:
                log.warning("cache unavailable, answering without it: %s", exc)
            self.last_error = str(exc)
            return None
        self.last_error = None
        return result

    def status(self) -> dict:
        ok = self.store.ping()
        return {"backend": self.store.kind, "ok": ok}


def from_config(config: dict, version: str) -> AnswerCache:
    url = config.get("REDIS_URL")
    if url:
        store = RedisStore(url, timeout=config["CACHE_TIMEOUT"], ttl=config["CACHE_TTL"],
                           breaker_seconds=config["CACHE_BREAKER_SECONDS"])
    else:
        store = MemoryStore(config["CACHE_SIZE"])
    return AnswerCache(store, version=version, prefix=config["CACHE_PREFIX"])
