"""Prometheus metrics; multiprocess mode when PROMETHEUS_MULTIPROC_DIR is set (gunicorn workers)."""
from __future__ import annotations

import os

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

_REQUEST_CHILDREN: dict[tuple[str, str, str], tuple] = {}


def request_children(endpoint: str, method: str, status: str) -> tuple:
    """The ``REQUESTS`` and ``LATENCY`` children for these labels, looked up once."""
    children = _REQUEST_CHILDREN.get((endpoint, method, status))
    if children is None:
        children = _REQUEST_CHILDREN[(endpoint, method, status)] = (
            REQUESTS.labels(endpoint, method, status), LATENCY.labels(endpoint, method, status))
    return children


def exposition() -> tuple[bytes, str]:
    """The metrics in Prometheus text format, merged across workers in multiprocess mode."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    return generate_latest(registry), CONTENT_TYPE_LATEST
