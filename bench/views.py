"""Each seat's table: ``views: "all"`` against one ``hands/state``, and ``hands/worlds``: ``python -m bench.views``.

Three figures, on random legal 2-deck hands of :mod:`bench.hands` (4 seats; qq, shengji, 4399, pagat,
tuolaji) cut at many points:

- **Every view in one request.** Each position is sent to ``/v1/hands/state`` through the app in
  process (Flask's test client, ``Cache-Control: no-cache``) with and without ``views: "all"``, the
  two interleaved, each position timed once per pass in shuffled order and kept at its fastest pass;
  the figure is the ratio of the medians (target: within 2x), in wall time and in the process's own
  CPU time (the same on a quiet machine; on a shared one the wall time also holds waiting for a core).
- **Worlds.** ``rules.worlds.draw_worlds`` with ``count: 100`` for the seat to act (and a spectator)
  at every fourth play of every hand (six hands a preset, ``--world-hands``), from the deal to the last trick: each call's time (target:
  100 ms) -- the wall time and the process's CPU time, which on a shared machine leaves out the
  waits for a core -- and how often the work bound stopped it before 100 worlds (``complete: false``).
  ``--worlds-only`` prints these alone (to run the same calls against another engine beside it).
- **Rejections by phase of the hand.** For the same calls, the share of draws rejected before the
  replay (a drawn deal that breaks a most the count could not hold -- a follow without a pair or a
  throw's unit not beaten, in more places than ``rules.worlds.CAPS_STATES`` allows or past the count's
  work bound -- a seat that beat a failed throw without the higher card, or a cut of the dealer's cards
  kept by its coin when the dealer declared more than one card) and the share of replays rejected (the
  record does not replay identically: a failed throw that the drawn hands cannot beat, a follow's
  pairs and tractors).

Results are printed and written to ``bench/RESULTS.md`` between the ``views-bench`` markers.
"""
from __future__ import annotations

import argparse
import dataclasses
import importlib
import random
import statistics
import time
from pathlib import Path

from rules.state import hand_state
from rules.views import PUBLIC
from rules.worlds import WORLD_DRAWS, WORLD_REPLAYS, draw_worlds
from schemas.records import record_body

from . import hands as H
from .results import write_section

HERE = Path(__file__).resolve().parent
BEGIN, END = "<!-- views-bench:begin -->", "<!-- views-bench:end -->"
PRESETS = ("qq", "shengji", "4399", "pagat", "tuolaji")
NO_CACHE = {"Cache-Control": "no-cache"}
adj = importlib.import_module("rules.adjudicate")


def cut(record, plays: int):
    n = record.rules.players
    whole, part = divmod(plays, n)
    return dataclasses.replace(record, tricks=record.tricks[:whole] + ((record.tricks[whole][:part],) if part else ()))


def phase_of(record, plays: int) -> str:
    """Where ``plays`` falls in the whole ``record``."""
    n = record.rules.players
    total = sum(len(t) for t in record.tricks)
    if plays == 0:
        return "before the first lead"
    third = (plays - 1) * 3 // max(total - 1, 1)
    return ("tricks: first third", "tricks: second third", "tricks: last third")[min(third, 2)] if plays < total - n \
        else "last trick"


def positions(per_preset: int) -> list[tuple[str, int, object]]:
    out = []
    for preset in PRESETS:
        for g in H.random_games(adj, (preset,), per_preset, 290_000 + 1000 * PRESETS.index(preset)):
            total = sum(len(t) for t in g.record.tricks)
            for k in range(0, total, 4):
                out.append((g.id, k, cut(g.record, k), phase_of(g.record, k)))
    return out


def view_figures(client, cases, passes: int) -> dict:
    """Wall times, and the process's own CPU times (what a machine shared with other work does not
    inflate), each position kept at its fastest pass."""
    rng = random.Random(29)
    bodies = {f"{gid}@{k}": record_body(r) for gid, k, r, _ in cases}
    best: dict[str, dict[str, float]] = {"state": {}, "all": {}, "state_cpu": {}, "all_cpu": {}}
    ids = list(bodies)
    for _ in range(passes):
        rng.shuffle(ids)
        for cid in ids:
            for name, extra in (("state", {}), ("all", {"views": "all"})):
                start, cpu = time.perf_counter(), time.process_time()
                r = client.post("/v1/hands/state", json={**bodies[cid], **extra}, headers=NO_CACHE)
                took, used = time.perf_counter() - start, time.process_time() - cpu
                assert r.status_code == 200, r.get_data(as_text=True)
                best[name][cid] = min(took, best[name].get(cid, took))
                best[name + "_cpu"][cid] = min(used, best[name + "_cpu"].get(cid, used))
    out: dict = {"positions": len(ids)}
    for suffix in ("", "_cpu"):
        one = statistics.median(best["state" + suffix].values())
        every = statistics.median(best["all" + suffix].values())
        worst = max(best["all" + suffix][c] / max(best["state" + suffix][c], 1e-9) for c in ids)
        out |= {"state" + suffix: one, "all" + suffix: every, "ratio" + suffix: every / one, "worst" + suffix: worst}
    return out


def world_figures(cases) -> dict:
    rows = []
    for gid, k, record, phase in cases:
        state = hand_state(record)
        for seat in (state.next.seat if state.next is not None else 0, PUBLIC):
            start, cpu = time.perf_counter(), time.process_time()
            got = draw_worlds(record, seat, 100, f"{gid}:{k}", state=state)
            took, used = time.perf_counter() - start, time.process_time() - cpu
            rows.append({"id": f"{gid}@{k}", "seat": seat, "phase": phase, "ms": took * 1e3, "cpu": used * 1e3,
                         "complete": got.complete,
                         "draws": got.draws, "replays": got.replays, "kept": len(got.worlds),
                         "exact": got.count is not None})
    return {"rows": rows}


def http_world_figures(client, cases) -> dict:
    """``POST /v1/hands/worlds`` (``count: 100``, the app in process, no cache) beside the engine's own call
    on the same positions (every third of ``cases``, the seat to act and a spectator), in CPU time: what
    the request adds (reading the record, encoding 100 worlds)."""
    rows = []
    for gid, k, record, _ in cases[::3]:
        state = hand_state(record)
        for seat in (state.next.seat if state.next is not None else 0, PUBLIC):
            body = {**record_body(record), "seat": "public" if seat == PUBLIC else seat, "count": 100,
                    "seed": f"{gid}:{k}"}
            cpu = time.process_time()
            r = client.post("/v1/hands/worlds", json=body, headers=NO_CACHE)
            http = time.process_time() - cpu
            assert r.status_code == 200, r.get_data(as_text=True)
            cpu = time.process_time()
            draw_worlds(record, seat, 100, f"{gid}:{k}", state=state)
            rows.append((http * 1e3, (time.process_time() - cpu) * 1e3))
    http = sorted(h for h, _ in rows)
    return {"calls": len(rows), "median": statistics.median(http), "p90": http[int(len(http) * 0.9)],
            "slowest": http[-1], "within": sum(1 for x in http if x <= 100) / len(http),
            "ratio": statistics.median(h / max(e, 1e-9) for h, e in rows)}


def report(views: dict, worlds: dict, meta: dict) -> str:
    rows = worlds["rows"]
    ms = sorted(r["ms"] for r in rows)
    cpu = sorted(r["cpu"] for r in rows)
    within = sum(1 for x in ms if x <= 100) / len(ms)
    slowest = max(rows, key=lambda r: r["cpu"])
    lines = [BEGIN, "## Each seat's table (`views: \"all\"`, `hands/worlds`: `python -m bench.views`)", "",
             f"{meta['date']}; {meta['python']}; {meta['build']} engine; in process; {meta['elapsed']:.0f} s. "
             "See `bench/views.py` for how the positions are made and timed.", "",
             f"**Every view in one request**: {views['positions']} positions, `hands/state` median "
             f"{views['state'] * 1e3:.2f} ms, with `views: \"all\"` {views['all'] * 1e3:.2f} ms: "
             f"{views['ratio']:.2f}x (worst position {views['worst']:.2f}x); in CPU time of the process "
             f"{views['state_cpu'] * 1e3:.2f} ms and {views['all_cpu'] * 1e3:.2f} ms: {views['ratio_cpu']:.2f}x "
             f"(worst {views['worst_cpu']:.2f}x); target within 2x: "
             + ("met." if max(views["ratio"], views["ratio_cpu"]) <= 2 else "not met."), "",
             f"**Worlds** (`count: 100`, the seat to act and a spectator, every fourth play; work bound "
             f"{WORLD_DRAWS} draws, {WORLD_REPLAYS} replays): {len(rows)} calls, median {statistics.median(ms):.1f} ms, "
             f"90th percentile {ms[int(len(ms) * 0.9)]:.1f} ms, slowest {ms[-1]:.1f} ms; {within:.1%} within 100 ms; "
             f"{sum(1 for r in rows if not r['complete'])} stopped by the bound before 100 worlds; "
             f"{sum(1 for r in rows if r['exact'])} counted exactly. "
             f"The process's CPU time per call (the wall time less waiting for a core on a shared machine): median "
             f"{statistics.median(cpu):.1f} ms, 90th percentile {cpu[int(len(cpu) * 0.9)]:.1f} ms, slowest {cpu[-1]:.1f} ms "
             f"({slowest['id']}, {'a spectator' if slowest['seat'] == PUBLIC else 'seat ' + str(slowest['seat'])}); "
             f"{sum(1 for x in cpu if x <= 100) / len(cpu):.1%} within 100 ms.", ""]
    http = worlds.get("http")
    if http:
        lines += [f"**Worlds through the app** (`POST /v1/hands/worlds`, `count: 100`, every third position of "
                  f"those, in process, CPU time): {http['calls']} calls, median {http['median']:.1f} ms, 90th "
                  f"percentile {http['p90']:.1f} ms, slowest {http['slowest']:.1f} ms, {http['within']:.1%} within "
                  f"100 ms; {http['ratio']:.2f}x the engine's own call (median of the ratios).", ""]
    lines += [
             "**Rejections by phase of the hand** (draws rejected before the replay / replays rejected):", "",
             "| phase | calls | median | slowest | within 100 ms | CPU median | CPU slowest | CPU within 100 ms | incomplete "
             "| draws rejected | replays rejected |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    order = ["before the first lead", "tricks: first third", "tricks: second third", "tricks: last third", "last trick"]
    for phase in order:
        mine = [r for r in rows if r["phase"] == phase]
        if not mine:
            continue
        t = sorted(r["ms"] for r in mine)
        c = sorted(r["cpu"] for r in mine)
        draws = sum(r["draws"] for r in mine if not r["exact"])
        replays = sum(r["replays"] for r in mine if not r["exact"])
        kept = sum(r["kept"] for r in mine if not r["exact"])
        lines.append(f"| {phase} | {len(mine)} | {statistics.median(t):.1f} ms | {t[-1]:.1f} ms | "
                     f"{sum(1 for x in t if x <= 100) / len(t):.0%} | {statistics.median(c):.1f} ms | {c[-1]:.1f} ms | "
                     f"{sum(1 for x in c if x <= 100) / len(c):.0%} | {sum(1 for r in mine if not r['complete'])} | "
                     f"{(draws - replays) / max(draws, 1):.0%} | {(replays - kept) / max(replays, 1):.0%} |")
    slow = sorted((r for r in rows if r["cpu"] > 100), key=lambda r: -r["cpu"])
    lines += ["", "Rejections on the sampling path only (a position counted exactly replays each distinct world once).",
              "", f"Calls over 100 ms in CPU time: {len(slow)}" + (": " + ", ".join(
                  f"{r['id']} ({'a spectator' if r['seat'] == PUBLIC else 'seat ' + str(r['seat'])}, {r['cpu']:.0f} ms, "
                  f"{r['kept']} worlds)" for r in slow[:12]) if slow else "")
              + (f" and {len(slow) - 12} more" if len(slow) > 12 else "") + ".", END]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    import datetime
    import platform

    import rules
    from app import create_app

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer cases (writes nothing)")
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--hands", type=int, default=2, help="hands per preset (every view in one request)")
    ap.add_argument("--world-hands", type=int, default=6, help="hands per preset (worlds)")
    ap.add_argument("--worlds-only", action="store_true", help="only the worlds figures (writes nothing)")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    client = create_app({"TESTING": True}).test_client()
    cases = positions(1 if args.quick else args.hands)
    views = {"positions": len(cases)} | {k + s: 0.0 for k in ("state", "all", "ratio", "worst") for s in ("", "_cpu")}
    if not args.worlds_only:
        print(f"{len(cases)} positions; every view in one request …", flush=True)
        views = view_figures(client, cases, 1 if args.quick else args.passes)
        print(f"  {views['ratio']:.2f}x", flush=True)
    print("worlds …", flush=True)
    world_cases = cases if args.quick or args.world_hands == args.hands else positions(args.world_hands)
    worlds = world_figures(world_cases)
    worlds["http"] = http_world_figures(client, world_cases)
    meta = {"date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
            "python": f"{platform.python_implementation()} {platform.python_version()}", "build": rules.BUILD,
            "elapsed": time.perf_counter() - started}
    text = report(views, worlds, meta)
    print(text)
    for r in sorted(worlds["rows"], key=lambda r: -r["cpu"])[:12 if args.worlds_only else 0]:
        print(f"  {r['id']} seat {r['seat']}: {r['ms']:.1f} ms, {r['draws']} draws, {r['replays']} replays, "
              f"{r['kept']} kept{', exact' if r['exact'] else ''}")
    if not args.quick and not args.worlds_only:
        write_section(text, BEGIN, END)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
