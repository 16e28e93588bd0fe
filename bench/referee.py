"""The referee's answers against the strict one, in the same run: ``python -m bench.referee``.

Random legal games of :mod:`bench.hands` (2 decks: shengji, qq, 4399, pagat, tuolaji; 4 decks), each
adjudicated strictly (the baseline), walking for every fault (``every_fault``: the same hand, so the
cost of the mode itself), and with every trick's cards moved on one seat (nearly every play a fault,
each described with its alternatives and sentence: the referee's worst case).  Then the HTTP answers
through the app's test client: the default JSON (the baseline), ``faults: all`` and the page
(``Accept: text/html``), English and Chinese.  A figure is the median over games of the fastest of 3
passes; ratios are to the baseline of the same run.  The section of ``bench/RESULTS.md`` is rewritten.
"""
from __future__ import annotations

import importlib
import statistics
import sys
import time
from dataclasses import replace

from rules.adjudicate import HandRecord, Play
from schemas.records import record_body

from . import hands as H
from .results import write_section

adj = importlib.import_module("rules.adjudicate")
BEGIN, END = "<!-- referee-bench:begin -->", "<!-- referee-bench:end -->"


def fastest(call, passes: int = 3) -> float:
    best = float("inf")
    for _ in range(passes):
        t = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - t)
    return best


def moved(record: HandRecord) -> HandRecord:
    """Every trick's cards moved on one seat: nearly every play a fault."""
    tricks = []
    for trick in record.tricks:
        cards = [p.cards for p in trick]
        tricks.append(tuple(Play(p.seat, cards[(i + 1) % len(trick)]) for i, p in enumerate(trick)))
    return replace(record, tricks=tuple(tricks))


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def main() -> int:
    from app import create_app
    from app.faults import describe
    from rules.order import order_for
    client = create_app({}).test_client()
    games = [("2 decks", H.random_games(adj, ("shengji", "qq", "4399", "pagat", "tuolaji"), 30, 70_000)),
             ("4 decks", H.random_games(adj, ("four-deck",), 10, 80_000))]
    rows = []
    started = time.perf_counter()
    for label, batch in games:
        strict, every, worst, faults = [], [], [], []
        json_first, json_all, page_en, page_zh = [], [], [], []
        for g in batch:
            record: HandRecord = g.record
            strict.append(fastest(lambda r=record: adj.adjudicate(r)))
            every.append(fastest(lambda r=record: adj.adjudicate(r, every_fault=True)))
            bad = moved(record)

            def referee(r=bad):
                a = adj.adjudicate(r, every_fault=True)
                order = order_for(r.rules, a.trump) if a.trump is not None else None
                return describe(r.rules, a.level, a.faults, order, 50, "en", a.tricks)
            worst.append(fastest(referee))
            faults.append(len(referee()))
            body = record_body(record)
            json_first.append(fastest(lambda b=body: client.post("/v1/hands/adjudicate", json=b)))
            json_all.append(fastest(lambda b=body: client.post("/v1/hands/adjudicate", json={**b, "faults": "all"})))
            page_en.append(fastest(lambda b=body: client.post("/v1/hands/adjudicate", json=b,
                                                              headers={"Accept": "text/html"})))
            page_zh.append(fastest(lambda b=body: client.post("/v1/hands/adjudicate", json=b, headers={
                "Accept": "text/html", "Accept-Language": "zh-CN"})))
        base, http = median_ms(strict), median_ms(json_first)
        rows.append((label, len(batch), base, median_ms(every), median_ms(worst), statistics.median(faults),
                     http, median_ms(json_all), median_ms(page_en), median_ms(page_zh)))
    import rules
    lines = [BEGIN, "## The referee's answers (`python -m bench.referee`)", "",
             f"Engine build: {rules.BUILD}. Random legal games of `bench/hands.py`; medians over games of the "
             "fastest of 3 passes; ratios to the strict answer of the same run. `moved`: every trick's cards "
             "moved on one seat (nearly every play a fault), walked and described with alternatives and "
             f"sentences. HTTP through the app's test client (no network). Run time "
             f"{time.perf_counter() - started:.0f} s.", "",
             "| hands | games | strict | every fault | ratio | moved: faults | moved: described | ratio | "
             "HTTP JSON | `faults: all` | ratio | page (en) | ratio | page (zh) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for label, n, base, every, worst, faults, http, json_all, page_en, page_zh in rows:
        lines.append(f"| {label} | {n} | {base:.2f} ms | {every:.2f} ms | {every / base:.2f}× | {faults:.0f} | "
                     f"{worst:.2f} ms | {worst / base:.2f}× | {http:.2f} ms | {json_all:.2f} ms | "
                     f"{json_all / http:.2f}× | {page_en:.2f} ms | {page_en / http:.2f}× | {page_zh:.2f} ms |")
    lines.append(END)
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    write_section(text, BEGIN, END)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
