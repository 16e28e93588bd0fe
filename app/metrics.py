"""Prometheus metrics; multiprocess mode when PROMETHEUS_MULTIPROC_DIR is set (gunicorn workers).

Every update goes through :func:`count` and :func:`observe`.  In the service's gunicorn workers
(:class:`app.server.Worker`) they are batched: kept in plain numbers and added to the shared
values every half second (with the access log), before this process answers ``/metrics``, and when
the worker stops.  An update to a multiprocess value takes a lock and writes a memory-mapped file;
four of them were about a twentieth of a cached answer.  Elsewhere (tests, a single process) every
update is applied at once.
"""
from __future__ import annotations

import bisect
import os
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

REQUESTS = Counter("tractor_http_requests_total", "HTTP requests answered.", ["endpoint", "method", "status"])
LATENCY = Histogram("tractor_http_request_seconds", "Time to answer a request.", ["endpoint", "method", "status"],
                    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10))
CACHE = Counter("tractor_cache_total", "Answer cache lookups by result (hit, miss, bypass, error).",
                ["endpoint", "result"])
ENGINE = Histogram("tractor_engine_seconds", "Time spent in the rules engine.", ["endpoint"],
                   buckets=(0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5))

_CHILDREN: dict[tuple[Any, tuple[str, ...]], Any] = {}


def child(metric: Any, *labels: str) -> Any:
    """``metric.labels(*labels)``, looked up once (labels are endpoints, methods, statuses, results)."""
    key = (metric, labels)
    found = _CHILDREN.get(key)
    if found is None:
        found = _CHILDREN[key] = metric.labels(*labels)
    return found


# The methods a label can name; any other method a client invents is counted as "other", so no
# request can add a label value (endpoints are the routes and "unmatched", statuses the service's).
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"})


def request_children(endpoint: str, method: str, status: str) -> tuple:
    """The ``REQUESTS`` and ``LATENCY`` children for these labels."""
    if method not in METHODS:
        method = "other"
    return child(REQUESTS, endpoint, method, status), child(LATENCY, endpoint, method, status)


class Batch:
    """Counter increments and histogram observations not yet added to their values."""

    def __init__(self) -> None:
        self.counts: dict[Any, int] = {}
        self.observed: dict[Any, tuple[list[int], list[float]]] = {}

    def observe(self, child: Any, value: float) -> None:
        pending = self.observed.get(child)
        if pending is None:
            pending = self.observed[child] = ([0] * len(child._upper_bounds), [0.0])
        pending[0][bisect.bisect_left(child._upper_bounds, value)] += 1
        pending[1][0] += value

    def flush(self) -> None:
        counts, observed = self.counts, self.observed
        self.counts, self.observed = {}, {}
        for child, n in counts.items():
            child.inc(n)
        for child, (buckets, total) in observed.items():
            # What Histogram.observe does, n observations at a time: one bucket each (stored per
            # bucket, summed when exposed) and the sum.
            child._sum.inc(total[0])
            for i, n in enumerate(buckets):
                if n:
                    child._buckets[i].inc(n)


_batch: Batch | None = None


def count(child: Any) -> None:
    """``child.inc()``, batched in the workers."""
    if _batch is None:
        child.inc()
    else:
        counts = _batch.counts
        counts[child] = counts.get(child, 0) + 1


def observe(child: Any, value: float) -> None:
    """``child.observe(value)``, batched in the workers."""
    if _batch is None:
        child.observe(value)
    else:
        _batch.observe(child, value)


def start_batching() -> None:
    global _batch
    if _batch is None:
        _batch = Batch()


def flush() -> None:
    if _batch is not None:
        _batch.flush()


def exposition() -> tuple[bytes, str]:
    """The metrics in Prometheus text format, merged across workers in multiprocess mode."""
    flush()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    return generate_latest(registry), CONTENT_TYPE_LATEST
