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

ORDER = ["instance SIGKILL", "instance SIGTERM, started again", "Redis master SIGKILL", "Redis master SIGSTOP 5 s",
         "unkeyed flood beside keyed clients"]


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
        if name not in figures:
            continue
        row = figures[name]
        d, whole, base = row["during"], row["whole"], row["baseline"]
        failed, wrong = whole["failed"], whole["wrong"]
        lines.append(f"| {name} ({row['fault_seconds']} s) | {d['requests']} | {failed} | {wrong} | {d['p50_ms']} | "
                     f"{d['p99_ms']} | {d['max_ms']} | {base['p99_ms']} | {extra(name, row)} |")
    lines += ["", "Failed and wrong count the whole test (before, during and after the fault). One run: on a "
              "machine shared with other work the p99 of the same fault varies several-fold from run to run "
              "(7–60 ms in the runs made while writing this); the zeros did not.", END]
    return "\n".join(lines) + "\n"


def main() -> None:
    figures = json.loads(FIGURES.read_text())
    text = section(figures)
    write_section(text, BEGIN, END, RESULTS)
    print(f"written to {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
