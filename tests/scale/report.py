"""``python -m tests.scale.report``: the figures of the last ``make test-scale`` run
(``build/scale-results.json``) as the scale section of ``bench/RESULTS.md``, between its markers
(the other sections are kept)."""
from __future__ import annotations

import json
import os
import platform
import time
from pathlib import Path

from bench.results import write_section

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "bench" / "RESULTS.md"
FIGURES = ROOT / "build" / "scale-results.json"
BEGIN, END = "<!-- scale-faults:begin -->", "<!-- scale-faults:end -->"

ORDER = ["instance SIGKILL", "instance SIGTERM, started again", "instance SIGSTOP 10 s", "haproxy reload",
         "Redis master SIGKILL", "Redis master SIGSTOP 5 s", "unkeyed flood beside keyed clients"]
FLOOD = "heavy flood: cheap requests beside it"


def extra(name: str, row: dict) -> str:
    parts = []
    if "drain_seconds" in row:
        parts.append(f"drained and stopped after {row['drain_seconds']} s")
    if "failover_seconds" in row:
        parts.append(f"replica promoted after {row['failover_seconds']} s, every instance ready after "
                     f"{row['instances_ready_seconds']} s")
    if "paused_node_now" in row:
        parts.append(f"the paused master is a {row['paused_node_now']} after it resumed")
    if "flood" in row:
        s = row["flood"]["statuses"]
        parts.append(f"flood: {row['flood']['requests_per_second']} req/s sent, {s.get('200', 0)} answered, "
                     f"{s.get('429', 0)} refused with 429")
    if "idle_connections" in row:
        parts.append(f"reloaded in {row['reload_seconds']} s; {row['idle_answered']} of {row['idle_connections']} "
                     "idle keep-alive connections answered their next request")
    if row.get("retried"):
        parts.append(f"haproxy retried or redispatched {row['retried']} requests")
    hit = row["cross_instance_hit"]
    parts.append(f"after it, computed on :{hit['computed_by']} and a hit on :{hit['hit_on']}"
                 + (f" ({hit['after_seconds']} s later)" if hit.get("after_seconds", 0) >= 0.5 else ""))
    return "; ".join(parts)


def section(figures: dict) -> str:
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3]) if Path("/proc/loadavg").exists() else "?"
    lines = [BEGIN, "## Faults under load through haproxy (`make test-scale`)", "",
             f"- date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(FIGURES.stat().st_mtime))}; "
             f"{platform.machine()}, {os.cpu_count()} cores shared with other work (load average at the "
             f"report: {load})",
             "- topology: Redis Cluster of 3 masters + 3 replicas (redis-server in cluster mode, "
             "`cluster-node-timeout` 3 s), 3 instances (gunicorn, the production `gunicorn.conf.py`, 2 "
             "workers each, `REDIS_CLUSTER_NODES`), haproxy 2.6 in front (`deploy/haproxy.cfg`, 100 req/s per "
             "client, bursts of 200)",
             "- normal clients: 4 keyed clients at 25 req/s each on keep-alive connections through haproxy, "
             "drawing from 300 requests (trick winners, legal plays, play checks, card analyses); every answer "
             "compared with the engine's own computed in the test process; a failure is any answer other than "
             "200 or no answer",
             "- *during*: from the fault until the topology has recovered (the instance back in haproxy's pool, "
             "the cluster settled with 3 masters and every instance ready); latency as the client sees it, "
             "in ms",
             "",
             "| fault | requests during | failed | wrong | p50 | p99 | max | p99 before the fault | what happened |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name in ORDER + [n for n in figures if n not in ORDER]:
        if name not in figures or "fault_seconds" not in figures[name]:
            continue
        row = figures[name]
        d, whole, base = row["during"], row["whole"], row["baseline"]
        failed, wrong = whole["failed"], whole["wrong"]
        lines.append(f"| {name} ({row['fault_seconds']} s) | {d['requests']} | {failed} | {wrong} | {d['p50_ms']} | "
                     f"{d['p99_ms']} | {d['max_ms']} | {base['p99_ms']} | {extra(name, row)} |")
    lines += ["", "Failed and wrong count the whole test (before, during and after the fault). One run: on a "
              "machine shared with other work the p99 of the same fault varies several-fold from run to run "
              "(7–60 ms in the runs made while writing this); the zeros did not."]
    if FLOOD in figures:
        lines += flood_section(figures[FLOOD])
    lines.append(END)
    return "\n".join(lines) + "\n"


def flood_section(row: dict) -> list[str]:
    """Cheap requests beside 16 clients of heavy no-cache requests (tests/scale/test_abuse.py)."""
    heavy = row["heavy"]["statuses"]
    sent = sum(heavy.values())
    lines = ["", "### Cheap requests beside a flood of heavy ones", "",
             "16 clients (each an issued key, each from its own address) send `plays/legal` with `sample: 1000` "
             "and `Cache-Control: no-cache` back to back for 12 s (in a process at nice 10: clients live elsewhere) "
             f"({sent} sent: {heavy.get('200', 0)} answered, {heavy.get('503', 0)} shed with 503, "
             f"{heavy.get('429', 0)} refused with 429 on their work or rate); meanwhile `/healthz` and a small "
             "`plays/validate` without the cache, 20 a second each from another address. Baseline: the same two "
             "for 3 s just before the flood. Latency in ms.", "",
             "| request | baseline p50 | baseline p99 | during p50 | during p99 | during max | failed during |",
             "|---|---|---|---|---|---|---|"]
    for name in ("healthz", "validate"):
        b, d = row["baseline"][name], row["during"][name]
        lines.append(f"| {name} | {b['p50_ms']} | {b['p99_ms']} | {d['p50_ms']} | {d['p99_ms']} | {d['max_ms']} | "
                     f"{d['failed']} of {d['requests']} |")
    states = row.get("server_states_seen", {})
    lines += ["", f"haproxy's view of the instances, sampled every 0.25 s during the flood: {states}."]
    return lines


def main() -> None:
    figures = json.loads(FIGURES.read_text())
    text = section(figures)
    write_section(text, BEGIN, END, RESULTS)
    print(f"written to {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
