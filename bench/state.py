"""``hands/state`` against ``hands/adjudicate``, and what a game loop costs: ``python -m bench.state``.

Two figures, each against a baseline measured in the same run:

- **One full record, both endpoints.** Random legal hands made by :mod:`bench.hands` (8 per preset, fixed
  seeds) are sent whole to both endpoints: the engine calls (``rules.adjudicate.adjudicate`` and
  ``rules.state.hand_state``), and the HTTP answers through the app in process (Flask's test client,
  ``Cache-Control: no-cache`` so every state answer is computed).  Each case is timed once per pass,
  the passes interleave the two and visit the cases in shuffled order, and a case's time is its
  fastest pass; the figure is the ratio of the medians (target: within 2x).
- **A game loop.** :mod:`bench.game_loop` plays whole hands per ruleset (the presets and the
  find-friends modes) through the app with only ``/v1/deals`` and ``/v1/hands/state`` (a random legal
  play drawn by ``sample``), then checks the record with ``/v1/hands/adjudicate`` (not counted).
  Requests per hand are counted, against the actions and phase changes of the hand (target: at most
  one request per action plus one per phase change; clients that kept their own state needed 318-874
  per hand), and every ``hands/state`` answer is timed, then timed twice more: each position's best
  of 3 (target: each within 100 ms).

Results are printed and written to ``bench/RESULTS.md`` between the ``hand-state-bench`` markers.
"""
from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import time
from pathlib import Path

from rules.state import hand_state
from schemas.records import record_body

from . import hands as H
from .game_loop import play_hand
from .results import write_section

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"
BEGIN, END = "<!-- hand-state-bench:begin -->", "<!-- hand-state-bench:end -->"
PRESETS = ("qq", "shengji", "4399", "pagat", "tuolaji", "four-deck")
LOOPS = [("qq", "qq"), ("shengji", "shengji"), ("tuolaji", "tuolaji"), ("4399", "4399"), ("pagat", "pagat"),
         ("four-deck", "four-deck"),
         ("4399 find-friends, holder", {"preset": "4399", "partnership": "find-friends", "friend_join": "holder"}),
         ("pagat find-friends, 5 seats", {"preset": "pagat", "players": 5, "partnership": "find-friends"}),
         ("pagat find-friends, 6 seats", {"preset": "pagat", "players": 6, "partnership": "find-friends"})]
NO_CACHE = {"Cache-Control": "no-cache"}
adj = importlib.import_module("rules.adjudicate")      # the module (the package exports the function)


def timed(call, case) -> float:
    """Seconds ``call(case)`` takes."""
    start = time.perf_counter()
    call(case)
    return time.perf_counter() - start


def fastest(cases: dict, calls: dict, passes: int, rng: random.Random) -> dict:
    """``{name: {case: fastest seconds}}``: every call of every case once per pass, interleaved."""
    best: dict = {name: {} for name in calls}
    ids = list(cases)
    for _ in range(passes):
        rng.shuffle(ids)
        for cid in ids:
            for name, call in calls.items():
                t = timed(call, cases[cid])
                best[name][cid] = min(t, best[name].get(cid, t))
    return best


def full_record_figures(client, per_preset: int, passes: int) -> list[dict]:
    rng = random.Random(16)
    rows = []
    for preset in PRESETS:
        games = H.random_games(adj, (preset,), per_preset, 160_000 + 1000 * PRESETS.index(preset))
        records = {g.id: g.record for g in games}
        bodies = {g.id: record_body(g.record) for g in games}
        for g in games:
            a, s = adj.adjudicate(g.record), hand_state(g.record)
            assert a.legal and s.phase == "over" and s.settlement == a.settlement, g.id

        def post(path):
            def call(body):
                r = client.post(path, json=body, headers=NO_CACHE)
                assert r.status_code == 200, r.get_data(as_text=True)
            return call

        engine = fastest(records, {"adjudicate": adj.adjudicate, "state": hand_state}, passes, rng)
        http = fastest(bodies, {"adjudicate": post("/v1/hands/adjudicate"), "state": post("/v1/hands/state")},
                       passes, rng)
        row = {"preset": preset, "hands": len(games), "tricks": sorted(g.tricks for g in games)}
        for key, got in (("engine", engine), ("http", http)):
            a_med = statistics.median(got["adjudicate"].values())
            s_med = statistics.median(got["state"].values())
            row[key] = (a_med, s_med, s_med / a_med,
                        max(got["state"][c] / got["adjudicate"][c] for c in got["state"]))
        rows.append(row)
        print(f"  {preset}: engine {row['engine'][2]:.2f}x, http {row['http'][2]:.2f}x", flush=True)
    return rows


def loop_figures(client, hands: int) -> list[dict]:
    rows = []
    for label, rules in LOOPS:
        times: list[tuple[float, dict]] = []

        def post(path, body, times=times):
            start = time.perf_counter()
            r = client.post(path, json=body, headers=NO_CACHE)
            if path == "/v1/hands/state":
                times.append((time.perf_counter() - start, json.loads(json.dumps(body))))
            assert r.status_code == 200, r.get_data(as_text=True)
            return r.get_json()

        per_hand = []
        for k in range(hands):
            hand = play_hand(post, rules, f"bench-{k}")
            check = client.post("/v1/hands/adjudicate", json=hand.record).get_json()
            assert check["legal"] and check["settlement"] == hand.state["settlement"], (label, k)
            # a redeal's new deal starts again in declaring: the phase changes the hand went through
            changes = len(hand.phases) - 1 + (hand.deals - 1)
            per_hand.append((hand.requests, hand.actions, changes, hand.deals))
        # every answer twice more, best of 3: the position's own cost, apart from the machine's noise
        def ask(body):
            client.post("/v1/hands/state", json=body, headers=NO_CACHE)
        again = max(min(t, timed(ask, body), timed(ask, body)) for t, body in times)
        seconds = [t for t, _ in times]
        rows.append({"label": label, "hands": per_hand,
                     "state_ms": (statistics.median(seconds) * 1e3, max(seconds) * 1e3, again * 1e3)})
        reqs = [h[0] for h in per_hand]
        print(f"  {label}: {min(reqs)}-{max(reqs)} requests per hand, slowest state {max(seconds) * 1e3:.1f} ms "
              f"({again * 1e3:.1f} ms best of 3)", flush=True)
    return rows


def report(full: list[dict], loops: list[dict], meta: dict) -> str:
    lines = [BEGIN, "## The whole hand as a service (`hands/state`: `python -m bench.state`)", "",
             f"{meta['date']}; {meta['python']}; in process (Flask's test client); {meta['elapsed']:.0f} s. "
             "See `bench/state.py` for how the cases are made and timed.", "",
             "**One full record, both endpoints** (random legal hands of `bench/hands.py`; median of each case's "
             "fastest pass; ratio = state / adjudicate of the medians, target ≤ 2x; worst: the largest ratio of "
             "one case):", "",
             "| preset | hands | tricks | engine adjudicate | engine state | ratio (worst) | HTTP adjudicate | HTTP state "
             "| ratio (worst) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in full:
        e, h = r["engine"], r["http"]
        lines.append(f"| {r['preset']} | {r['hands']} | {r['tricks'][0]}-{r['tricks'][-1]} | {e[0] * 1e3:.2f} ms | "
                     f"{e[1] * 1e3:.2f} ms | {e[2]:.2f}x ({e[3]:.2f}x) | {h[0] * 1e3:.2f} ms | {h[1] * 1e3:.2f} ms | "
                     f"{h[2]:.2f}x ({h[3]:.2f}x) |")
    worst = max(max(r["engine"][2], r["http"][2]) for r in full)
    lines += ["", f"Worst median ratio {worst:.2f}x: " + ("within" if worst <= 2 else "over") + " the 2x target.", "",
              "**A game loop** (`bench/game_loop.py`, the loop of docs/clients.md: `/v1/deals` once, then one "
              "`/v1/hands/state` per action with `sample: 1`; the final check with `/v1/hands/adjudicate` is not "
              "counted). Requests per hand against the actions it took and its phase changes; clients that kept "
              "their own state needed 318-388 (qq) to 746-874 (four-deck) requests per hand:", "",
              "| ruleset | hands | requests per hand | actions | phase changes | ≤ actions + changes + deals | "
              "state median | slowest state | slowest, best of 3 |",
              "|---|---|---|---|---|---|---|---|---|"]
    for r in loops:
        hs = r["hands"]
        reqs = [h[0] for h in hs]
        ok = all(req <= act + ch + deals for req, act, ch, deals in hs)
        lines.append(f"| {r['label']} | {len(hs)} | {min(reqs)}-{max(reqs)} (median {statistics.median(reqs):.0f}) | "
                     f"{min(h[1] for h in hs)}-{max(h[1] for h in hs)} | {min(h[2] for h in hs)}-{max(h[2] for h in hs)}"
                     f" | {'yes' if ok else 'no'} | {r['state_ms'][0]:.1f} ms | {r['state_ms'][1]:.1f} ms | "
                     f"{r['state_ms'][2]:.1f} ms |")
    slowest = max(r["state_ms"][1] for r in loops)
    own = max(r["state_ms"][2] for r in loops)
    redeals = sum(h[3] - 1 for r in loops for h in r["hands"])
    lines += ["", f"Every `hands/state` answer of the loops within {slowest:.0f} ms as first timed; every one timed "
              f"twice more, each position's best of 3 within {own:.0f} ms (target 100 ms): what the single "
              "slowest answers add is the shared machine's noise. The requests "
              "of a hand are its deal, one state request per action (declaring, closing declaring, the "
              "discard, the calls, every play) and the last one, which reads `over` (a phase change); a hand "
              f"that redeals adds its deal and the request that read `redeal` ({redeals} redeals in these "
              "hands).", END]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    import datetime
    import platform

    from app import create_app

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer cases (writes nothing)")
    ap.add_argument("--passes", type=int, default=5)
    args = ap.parse_args(argv)
    started = time.perf_counter()
    client = create_app({"TESTING": True}).test_client()
    print("one full record, both endpoints …", flush=True)
    full = full_record_figures(client, 2 if args.quick else 8, 2 if args.quick else args.passes)
    print("game loops …", flush=True)
    loops = loop_figures(client, 1 if args.quick else 5)
    meta = {"date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
            "python": f"{platform.python_implementation()} {platform.python_version()}",
            "elapsed": time.perf_counter() - started}
    text = report(full, loops, meta)
    print()
    print(text)
    if not args.quick:
        write_section(text, BEGIN, END, RESULTS)
        print(f"written to {RESULTS.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
