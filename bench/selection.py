"""Selection help and samples against a plain listing (``make bench-selection``).

The same positions are asked three ways through ``/v1/plays/legal``: plain (``lead`` and the default
``limit``, what a client asked before), with ``selected`` (selection help, ``must``/``may`` and the
exact count) and with ``sample: 10`` and a ``seed``.  Positions:

- **follow**: the follow cases of :func:`bench.cases.follow_cases` (the follower's hand and the lead;
  ``selected`` is the first half of the case's play, or nothing when that is not part of the hand);
- **lead**: the leader's hand of the same cases, leading (``selected``: its first card);
- **adversarial**: every ``legal_plays`` input of :func:`bench.cases.adversarial_cases`, following,
  and its hand leading.

Engine figures time the endpoint's answer function on the loaded body (the engine calls and the
answer's construction; no HTTP), with the rules package's memo caches cleared before each call,
the fastest of ``--passes`` passes per position.  The adversarial figures are whole requests through
the Flask test client with ``Cache-Control: no-cache`` (a 422 past the work bound is an answer too:
what is timed is how long the service takes to say it).  Ratios are per position (selection time
over plain time, the same position), summarised by their median and p90, and as the ratio of the
summed times.  The section is written to ``bench/RESULTS.md`` between its own markers, at the end.
"""
from __future__ import annotations

import argparse
import contextlib
import datetime
import gc
import os
import platform
import random
import statistics
import time
from collections import Counter
from pathlib import Path

import rules
from app import create_app
from app.resources.plays import legal_answer
from bench import cases as C
from bench.results import write_section
from bench.run import Timer, baseline_sample, percentile
from rules.cards import format_cards
from schemas.plays import LegalPlaysSchema

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"
BEGIN, END = "<!-- selection-bench:begin -->", "<!-- selection-bench:end -->"
SCHEMA = LegalPlaysSchema()
RATIO_TARGET = 3.0
REQUEST_TARGET_MS = 100.0


def _rank(level: int) -> str:
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(level, str(level))


def _preset_rules(r) -> dict:
    """The ruleset as a request sends it: its preset with every parameter spelled out."""
    params = r.to_dict()
    return {"preset": r.name, **params} if r.name in rules.PRESETS else params


def request(r, trump, hand, lead=None, **extra) -> dict:
    out = {"rules": _preset_rules(r), "trump": {"level": _rank(trump.level), "suit": trump.suit},
           "hand": format_cards(sorted(hand))}
    if lead is not None:
        out["lead"] = format_cards(sorted(lead))
    out.update(extra)
    return out


def sub_multiset(part, whole) -> bool:
    return not Counter(part) - Counter(whole)


def positions(n2: int, n4: int):
    """(id, kind, plain body, selection body, sample body) for the follow and lead positions."""
    out = []
    for case in C.follow_cases(n2, n4):
        play = list(case.play)
        selected = play[:max(1, len(play) // 2)] if sub_multiset(play[:max(1, len(play) // 2)], case.hand) else []
        plain = request(case.rules, case.trump, case.hand, case.lead)
        out.append((case.id, f"follow {case.decks} decks", plain,
                    {**plain, "selected": format_cards(selected)}, {**plain, "sample": 10, "seed": case.id}))
        leader = case.leader_hand or case.hand
        lead_plain = request(case.rules, case.trump, leader)
        out.append((case.id + "/lead", f"lead {case.decks} decks", lead_plain,
                    {**lead_plain, "selected": format_cards(sorted(leader)[:1])},
                    {**lead_plain, "sample": 10, "seed": case.id}))
    return out


def adversarial_positions():
    """The ``legal_plays`` inputs of the adversarial cases, each following and leading."""
    real = rules.legal_plays
    seen = []

    def record(r, trump, hand, lead=None, limit=100):
        seen.append((r, trump, list(hand), list(lead) if lead is not None else None))
        return real(r, trump, hand, lead, limit)

    out = []
    try:
        rules.legal_plays = record
        for case in C.adversarial_cases():
            if case.meta.get("kind") != "legal_plays":
                continue
            seen.clear()
            with contextlib.suppress(rules.InputError):      # refused past the bound: still timed
                case.call()
            r, trump, hand, lead = seen[0]
            for kind, led in (("follow", lead), ("lead", None)):
                plain = request(r, trump, hand, led)
                out.append((f"{case.id}/{kind}", kind, plain,
                            {**plain, "selected": format_cards(sorted(hand)[:1])},
                            {**plain, "sample": 10, "seed": case.id}))
    finally:
        rules.legal_plays = real
    return out


def engine_times(items, passes: int):
    """{id: (plain µs, selection µs, sample µs)}, the fastest pass of each; failures (422) left out."""
    timer = Timer()
    loaded = []
    for cid, kind, plain, selection, sample in items:
        try:
            loaded.append((cid, kind, [SCHEMA.load(b) for b in (plain, selection, sample)]))
        except Exception:  # noqa: BLE001 - a position the schema refuses is not timed
            continue
    best: dict[str, list[float]] = {}
    failed: set[str] = set()
    order = list(loaded)
    for p in range(passes):
        random.Random(p).shuffle(order)
        gc.collect()
        for cid, _, datas in order:
            if cid in failed:
                continue
            times = []
            for data in datas:
                try:
                    ns = timer.time(lambda data=data: legal_answer(data))
                except rules.InputError:
                    failed.add(cid)
                    break
                times.append(ns / 1000)
            else:
                old = best.get(cid)
                best[cid] = times if old is None else [min(a, b) for a, b in zip(old, times, strict=True)]
    kinds = {cid: kind for cid, kind, _ in loaded}
    return best, kinds, failed


def request_times(items, passes: int):
    """{id: [(status, ms) for plain, selection, sample]}, the fastest pass of each, through Flask."""
    app = create_app()
    client = app.test_client()
    out: dict[str, list[tuple[int, float]]] = {}
    for _ in range(passes):
        for cid, _, plain, selection, sample in items:
            row = []
            for b in (plain, selection, sample):
                t0 = time.perf_counter()
                r = client.post("/v1/plays/legal", json=b, headers={"Cache-Control": "no-cache"})
                row.append((r.status_code, (time.perf_counter() - t0) * 1000))
            old = out.get(cid)
            out[cid] = row if old is None else [(s, min(a, b)) for (s, a), (_, b) in zip(old, row, strict=True)]
    return out


def summarise(best, kinds) -> list[dict]:
    rows = []
    for kind in sorted(set(kinds.values())):
        ids = [cid for cid in best if kinds[cid] == kind]
        if not ids:
            continue
        plain = [best[c][0] for c in ids]
        sel = [best[c][1] for c in ids]
        samp = [best[c][2] for c in ids]
        ratios = [s / p for p, s in zip(plain, sel, strict=True)]
        sratios = [s / p for p, s in zip(plain, samp, strict=True)]
        rows.append({"kind": kind, "n": len(ids), "plain": statistics.median(plain), "sel": statistics.median(sel),
                     "sample": statistics.median(samp), "sel_max": max(sel), "plain_max": max(plain),
                     "ratio_median": statistics.median(ratios), "ratio_p90": percentile(ratios, 0.9),
                     "ratio_sum": sum(sel) / sum(plain), "sample_ratio_median": statistics.median(sratios),
                     "sample_ratio_sum": sum(samp) / sum(plain)})
    return rows


def fmt(us: float) -> str:
    return f"{us:.0f} µs" if us < 1000 else f"{us / 1000:.2f} ms"


def report(rows, failed, adversarial, meta) -> str:
    lines = [BEGIN, "", "## Selection help and samples (`make bench-selection`)", "",
             f"- date: {meta['date']}, {meta['elapsed']:.0f} s; machine: {meta['machine']}, {meta['cores']} cores, "
             f"Python {meta['python']}; load average before: {meta['load']}",
             f"- positions: {meta['positions']}; {meta['passes']} passes, fastest per position; baseline sort25 "
             f"{meta['sort25']:.2f} µs",
             "- engine: `plays/legal`'s answer function on the loaded body (no HTTP), memo caches cleared per call; "
             "`selected` = selection help + must/may + exact count, `sample` = 10 plays drawn by seed",
             f"- target: selection help within {RATIO_TARGET:.0f}x a plain listing on the same positions "
             "(the ratio of summed times and the median per-position ratio)", "",
             "| positions | n | plain median | selected median | sample median | selected/plain: median | p90 "
             "| sum | sample/plain: median | sum | plain max | selected max | result |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        ok = r["ratio_sum"] <= RATIO_TARGET and r["ratio_median"] <= RATIO_TARGET
        lines.append(f"| {r['kind']} | {r['n']} | {fmt(r['plain'])} | {fmt(r['sel'])} | {fmt(r['sample'])} "
                     f"| {r['ratio_median']:.2f}x | {r['ratio_p90']:.2f}x | {r['ratio_sum']:.2f}x "
                     f"| {r['sample_ratio_median']:.2f}x | {r['sample_ratio_sum']:.2f}x | {fmt(r['plain_max'])} "
                     f"| {fmt(r['sel_max'])} | {'PASS' if ok else 'FAIL'} |")
    lines += ["", f"Positions the selection answer refused (422, past its work bound) and so left out above: "
              f"{len(failed)}" + (f" ({', '.join(sorted(failed)[:8])}{', …' if len(failed) > 8 else ''})"
                                  if failed else "") + ".", ""]
    statuses = Counter()
    worst = []
    for cid, row in adversarial.items():
        for name, (status, ms) in zip(("plain", "selected", "sample"), row, strict=True):
            statuses[(name, status)] += 1
            worst.append((ms, cid, name, status))
    worst.sort(reverse=True)
    over = [w for w in worst if w[0] > REQUEST_TARGET_MS]
    lines += [f"Adversarial positions ({len(adversarial)}: each `legal_plays` input of `bench/cases.py`, following "
              "and leading), whole requests through the Flask test client, bypassing the cache; target: every "
              f"request within {REQUEST_TARGET_MS:.0f} ms.", "",
              "| request | 200 | 422 | median | slowest | slowest / plain on its position | result |",
              "|---|---|---|---|---|---|---|"]
    for i, name in enumerate(("plain", "selected", "sample")):
        mine = [w for w in worst if w[2] == name]
        slow = max(w[0] for w in mine)
        median = statistics.median(w[0] for w in mine)
        ratio = max(row[i][1] / row[0][1] for row in adversarial.values())
        lines.append(f"| {name} | {statuses[(name, 200)]} | {statuses[(name, 422)]} | {median:.2f} ms | {slow:.1f} ms "
                     f"| {ratio:.2f}x | {'PASS' if slow <= REQUEST_TARGET_MS else 'FAIL'} |")
    lines += ["", "Slowest requests: " + "; ".join(f"{cid} {name} {ms:.1f} ms ({status})"
                                                   for ms, cid, name, status in worst[:8]) + ".",
              f"Requests over {REQUEST_TARGET_MS:.0f} ms: {len(over)}.", "", END]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="selection help and samples against a plain listing")
    ap.add_argument("--quick", action="store_true", help="fewer positions (writes nothing)")
    ap.add_argument("--passes", type=int, default=3)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    n2, n4 = (100, 40) if args.quick else (600, 200)
    print("building positions …", flush=True)
    items = positions(n2, n4)
    adv = adversarial_positions()
    sort25 = statistics.median(baseline_sample())
    print(f"  {len(items)} positions, {len(adv)} adversarial; timing the engine …", flush=True)
    best, kinds, failed = engine_times(items, args.passes)
    rows = summarise(best, kinds)
    print("timing adversarial requests …", flush=True)
    adversarial = request_times(adv, args.passes)
    meta = {"date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
            "elapsed": time.perf_counter() - start, "machine": f"{platform.system()} {platform.machine()}",
            "cores": os.cpu_count(), "python": platform.python_version(), "load": load, "passes": args.passes,
            "sort25": sort25,
            "positions": f"{n2} 2-deck + {n4} 4-deck follow cases of `bench/cases.py` and their leaders' hands"}
    text = report(rows, failed, adversarial, meta)
    print(text)
    if not args.quick:
        write_section(text, BEGIN, END, RESULTS)
        print(f"written to {os.path.relpath(RESULTS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
