"""Batched metric updates add up to exactly what direct updates give."""
from __future__ import annotations

import random

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

from app import metrics
from app.metrics import Batch

BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)


def registry():
    reg = CollectorRegistry()
    return reg, Counter("c", "c", ["k"], registry=reg), Histogram("h", "h", ["k"], buckets=BUCKETS, registry=reg)


def test_a_batch_flushes_to_the_same_exposition_as_direct_updates():
    rng = random.Random(7)
    values = [rng.choice([0.0, 0.001, 0.0025, 10.0, 11.0, 1e-6]) if i % 5 == 0 else rng.expovariate(200)
              for i in range(3000)]
    direct, c1, h1 = registry()
    batched, c2, h2 = registry()
    batch = Batch()
    for i, value in enumerate(values):
        label = "ab"[i % 2]
        c1.labels(label).inc()
        h1.labels(label).observe(value)
        batch.counts[c2.labels(label)] = batch.counts.get(c2.labels(label), 0) + 1
        batch.observe(h2.labels(label), value)
        if i % 1000 == 999:
            batch.flush()
    batch.flush()
    assert samples(batched) == samples(direct)


def samples(reg) -> dict[str, float]:
    """Every sample but creation times; sums rounded (a batch adds its part first, then to the total)."""
    out = {}
    for line in generate_latest(reg).decode().splitlines():
        if line.startswith("#") or "_created" in line:
            continue
        name, value = line.rsplit(" ", 1)
        out[name] = round(float(value), 9) if "_sum" in name else float(value)
    return out


def test_count_and_observe_apply_at_once_unless_batching():
    _, counter, histogram = registry()
    metrics.count(counter.labels("x"))
    metrics.observe(histogram.labels("x"), 0.003)
    assert counter.labels("x")._value.get() == 1
    assert sum(b.get() for b in histogram.labels("x")._buckets) == 1
