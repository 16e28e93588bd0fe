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
import importlib
import os
import platform
import random
import shutil
import statistics
import subprocess
import tempfile
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
from schemas import present
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


def request_times(items, passes: int, send=None):
    """{id: [(status, ms) for plain, selection, sample]}, the fastest pass of each: whole requests
    through the Flask test client (or ``send(body) -> status``, e.g. a socket to gunicorn), the
    rules package's memo caches cleared before each one (a cold position)."""
    if send is None:
        client = create_app().test_client()

        def send(body):
            return client.post("/v1/plays/legal", json=body, headers={"Cache-Control": "no-cache"}).status_code
    clear = Timer().caches
    out: dict[str, list[tuple[int, float]]] = {}
    for _ in range(passes):
        for cid, _, plain, selection, sample in items:
            row = []
            for b in (plain, selection, sample):
                for cache in clear:
                    cache.cache_clear()
                t0 = time.perf_counter()
                status = send(b)
                row.append((status, (time.perf_counter() - t0) * 1000))
            old = out.get(cid)
            out[cid] = row if old is None else [(s, min(a, b)) for (s, a), (_, b) in zip(old, row, strict=True)]
    return out


def engine_answer(engine, rules_, trump, hand, lead, selected, sample, seed, limit=100) -> None:
    """What ``plays/legal`` asks the engine ``engine`` (a copy of a rules package) for one body, as the
    service of that engine did: the legal set where ``selected`` or ``sample`` is given (this branch:
    a follow's listing read from it), else or besides the listing, then count, sample and help."""
    chosen = listing = None
    if selected is not None or sample is not None:
        chosen = engine.selection.legal_set(rules_, trump, hand, lead)
        if hasattr(chosen, "listing") and lead is not None and sample is None:
            listing = chosen.listing(limit)
    if listing is None and (sample is None or lead is None):
        engine.legal_plays(rules_, trump, hand, lead, limit)
    if chosen is not None:
        chosen.count()
        if sample is not None:
            chosen.sample(sample, seed)
        if selected is not None:
            chosen.summary()
            chosen.help(selected)


def before_after(items, passes: int, baseline: str):
    """{id: {"before": [(status, ms)] * 3, "after": [...]}}: the engine of git revision ``baseline`` and
    this worktree's, each a copy of its ``rules`` package (bench.house_rules.load_engine), timed back
    to back on each body (plain, selected, sample; which goes first alternating), caches cleared,
    the fastest of ``passes``."""
    from bench.house_rules import caches, convert, load_engine
    tmp = tempfile.mkdtemp(prefix="selection-bench-")
    engines = {"before": load_engine(baseline, "rules_before", Path(tmp)),
               "after": load_engine(None, "rules_after", Path(tmp))}
    for e in engines.values():
        importlib.import_module(f"{e.__name__}.selection")
    clearing = [c for e in engines.values() for c in caches(e)] + Timer().caches
    calls = []
    for cid, _, plain, selection, sample in items:
        bodies = []
        for b in (plain, selection, sample):
            try:
                data = SCHEMA.load(b)
            except Exception:  # noqa: BLE001 - a body the schema refuses is not timed
                break
            bodies.append(data)
        else:
            per = {}
            for name, e in engines.items():
                r, t = convert(e, bodies[0]["rules"], bodies[0]["trump"])
                card = e.cards.CARDS.__getitem__
                hand = [card(c) for c in present.multiset(bodies[0]["hand"])]
                lead = None if bodies[0]["lead"] is None else [card(c) for c in present.multiset(bodies[0]["lead"])]
                sel = [card(c) for c in present.multiset(bodies[1]["selected"])]
                seed = bodies[2]["seed"]
                per[name] = [(e, r, t, hand, lead, None, None, None), (e, r, t, hand, lead, sel, None, None),
                             (e, r, t, hand, lead, None, 10, seed)]
            calls.append((cid, per))
    out: dict[str, dict[str, list[tuple[int, float]]]] = {}
    for p in range(passes):
        order = list(calls)
        random.Random(p).shuffle(order)
        gc.collect()
        for i, (cid, per) in enumerate(order):
            names = ["before", "after"] if (p + i) % 2 == 0 else ["after", "before"]
            for k in range(3):
                for name in names:
                    for cache in clearing:
                        cache.cache_clear()
                    t0 = time.perf_counter()
                    try:
                        engine_answer(*per[name][k])
                        status = 200
                    except Exception:  # noqa: BLE001 - either engine's InputError: a 422
                        status = 422
                    ms = (time.perf_counter() - t0) * 1000
                    row = out.setdefault(cid, {}).setdefault(name, [(0, float("inf"))] * 3)
                    if ms < row[k][1]:
                        row[k] = (status, ms)
    shutil.rmtree(tmp, ignore_errors=True)
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


def _ksorts(ms: float, sort25_us: float) -> str:
    """A time in thousands of sort25 baselines (the same machine, the same run)."""
    return f"{ms * 1000 / sort25_us / 1000:.0f}k"


def _requests_table(lines: list[str], timed: dict, sort25: float) -> list[tuple]:
    statuses = Counter()
    worst = []
    for cid, row in timed.items():
        for name, (status, ms) in zip(("plain", "selected", "sample"), row, strict=True):
            statuses[(name, status)] += 1
            worst.append((ms, cid, name, status))
    worst.sort(reverse=True)
    lines += ["| request | 200 | 422 | median | slowest | slowest in sort25 | result |", "|---|---|---|---|---|---|---|"]
    for name in ("plain", "selected", "sample"):
        mine = [w[0] for w in worst if w[2] == name]
        slow = max(mine)
        lines.append(f"| {name} | {statuses[(name, 200)]} | {statuses[(name, 422)]} | {statistics.median(mine):.2f} ms "
                     f"| {slow:.1f} ms | {_ksorts(slow, sort25)} | {'PASS' if slow <= REQUEST_TARGET_MS else 'FAIL'} |")
    return worst


def report(rows, failed, compared, adversarial, sockets, meta) -> str:
    sort25 = meta["sort25"]
    lines = [BEGIN, "", "## Selection help and samples (`make bench-selection`)", "",
             f"- date: {meta['date']}, {meta['elapsed']:.0f} s; machine: {meta['machine']}, {meta['cores']} cores, "
             f"Python {meta['python']}; load average before: {meta['load']}",
             f"- positions: {meta['positions']}; {meta['passes']} passes, fastest per position; baseline sort25 "
             f"{sort25:.2f} µs (times \"in sort25\" are in thousands of that baseline: compare across machines)",
             "- engine: `plays/legal`'s answer function on the loaded body (no HTTP), memo caches cleared per call; "
             "`selected` = selection help + must/may + exact count, `sample` = 10 plays drawn by seed",
             f"- targets: selection help within {RATIO_TARGET:.0f}x a plain listing on the same positions "
             f"(the ratio of summed times and the median per-position ratio); every request within "
             f"{REQUEST_TARGET_MS:.0f} ms", "",
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
    lines += [f"**Adversarial positions, before and after** ({len(compared)}: each `legal_plays` input of "
              "`bench/cases.py`, following and leading): the engine of " + f"`{meta['baseline']}` (before) and of "
              f"`{meta['head']}` (after), each a copy of its `rules` package, timed back to back on the same body "
              "(the calls each service made for it), caches cleared, fastest of the passes:", "",
              "| request | before: slowest | in sort25 | over 100 ms | 422 | after: slowest | in sort25 | over 100 ms "
              "| 422 |", "|---|---|---|---|---|---|---|---|---|"]
    for k, name in enumerate(("plain", "selected", "sample")):
        cells = []
        for side in ("before", "after"):
            got = [row[side][k] for row in compared.values()]
            slow = max(ms for _, ms in got)
            cells += [f"{slow:.1f} ms", _ksorts(slow, sort25), str(sum(1 for _, ms in got if ms > REQUEST_TARGET_MS)),
                      str(sum(1 for st, _ in got if st == 422))]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    for side in ("before", "after"):
        both = [row[side] for row in compared.values() if row[side][0][0] == row[side][1][0] == 200]
        ratios = [sel[1] / plain[1] for plain, sel, _ in both]
        slow_plain = max(ms for row in compared.values() for _, ms in row[side][:1])
        slow_sel = max(row[side][1][1] for row in compared.values())
        lines.append("")
        lines.append(f"{side.capitalize()}: selected / plain on the positions both answer ({len(both)}): median "
                     f"{statistics.median(ratios):.2f}x, p90 {percentile(ratios, 0.9):.2f}x, largest "
                     f"{max(ratios):.2f}x; slowest selected / slowest plain {slow_sel / slow_plain:.2f}x.")
    worst_after = sorted(((row["after"][k][1], cid, name, row["after"][k][0]) for cid, row in compared.items()
                          for k, name in enumerate(("plain", "selected", "sample"))), reverse=True)
    lines += ["", "Slowest after: " + "; ".join(f"{cid} {name} {ms:.1f} ms ({st}, before "
                                                 f"{compared[cid]['before'][('plain', 'selected', 'sample').index(name)][1]:.1f} ms)"
                                                 for ms, cid, name, st in worst_after[:6]) + ".", ""]
    lines += ["**Adversarial requests through the service** (the same bodies as whole requests through the Flask "
              "test client of this worktree, `Cache-Control: no-cache`, the memo caches cleared before each: "
              "a cold position; a 422 past the work bound is an answer too):", ""]
    worst = _requests_table(lines, adversarial, sort25)
    over = [w for w in worst if w[0] > REQUEST_TARGET_MS]
    lines += ["", "Slowest requests: " + "; ".join(f"{cid} {name} {ms:.1f} ms ({status})"
                                                   for ms, cid, name, status in worst[:6]) + ".",
              f"Requests over {REQUEST_TARGET_MS:.0f} ms: {len(over)}.", ""]
    if sockets is not None:
        lines += ["**The same requests over sockets to gunicorn** (the project's `gunicorn.conf.py` on a local port, "
                  "one keep-alive connection; the server's caches are not cleared between requests, the answer "
                  "cache is bypassed):", ""]
        worst = _requests_table(lines, sockets, sort25)
        lines += ["", f"Requests over {REQUEST_TARGET_MS:.0f} ms: {sum(1 for w in worst if w[0] > REQUEST_TARGET_MS)}.",
                  ""]
    lines.append(END)
    return "\n".join(lines) + "\n"


def gunicorn_send():
    """A gunicorn of this worktree on a local port and ``send(body) -> status`` over one connection."""
    import http.client
    import json

    from bench.http import Server
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")}
    server = Server("selection", "wsgi:app", env, Path(tempfile.mkdtemp(prefix="selection-gunicorn-")))
    server.wait()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)

    def send(body):
        conn.request("POST", "/v1/plays/legal", json.dumps(body).encode(),
                     {"Content-Type": "application/json", "Cache-Control": "no-cache"})
        r = conn.getresponse()
        r.read()
        return r.status

    return server, send


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="selection help and samples against a plain listing")
    ap.add_argument("--quick", action="store_true", help="fewer positions (writes nothing)")
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--baseline", default="fa8733b", help="git revision of the engine to compare with")
    ap.add_argument("--gunicorn", action="store_true", help="also send the adversarial requests to gunicorn")
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
    print("adversarial positions, before and after …", flush=True)
    compared = before_after(adv, args.passes, args.baseline)
    print("timing adversarial requests …", flush=True)
    adversarial = request_times(adv, args.passes)
    sockets = None
    if args.gunicorn:
        server, send = gunicorn_send()
        try:
            sockets = request_times(adv, args.passes, send)
        finally:
            server.stop()
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE.parent, check=True,
                          capture_output=True, text=True).stdout.strip()
    meta = {"date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
            "elapsed": time.perf_counter() - start, "machine": f"{platform.system()} {platform.machine()}",
            "cores": os.cpu_count(), "python": platform.python_version(), "load": load, "passes": args.passes,
            "sort25": sort25, "baseline": args.baseline, "head": head,
            "positions": f"{n2} 2-deck + {n4} 4-deck follow cases of `bench/cases.py` and their leaders' hands"}
    text = report(rows, failed, compared, adversarial, sockets, meta)
    print(text)
    if not args.quick:
        write_section(text, BEGIN, END, RESULTS)
        print(f"written to {os.path.relpath(RESULTS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
