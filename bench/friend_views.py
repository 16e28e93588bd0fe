"""Exact friend statuses in views: what they cost, ``python -m bench.friend_views``.

Find-friends hands (random legal hands of ``tests.rules.random_hands``: 4399 ``holder``; pagat
``first-played`` with 5 seats, ``first-outsider`` with 6; four decks and 12 seats, where a call's
card has the most placements to read), cut after every trick:

- **Every view in one request**: as ``bench.views`` (Flask's test client in process, ``Cache-Control:
  no-cache``, with and without ``views: "all"``, each position kept at its fastest pass); target within
  2x of one ``hands/state``.
- **One view** in the engine (:func:`rules.views.view`, the friend deduction of :mod:`rules.unseen`
  included): median and slowest over every seat and the public of every position, against
  :func:`rules.state.hand_state` of the same position.

Results are printed and written to ``bench/RESULTS.md`` between the ``friend-views-bench`` markers.
"""
from __future__ import annotations

import argparse
import dataclasses
import statistics
import time

from rules.ruleset import Ruleset
from rules.state import hand_state
from rules.views import PUBLIC, view
from tests.rules.random_hands import random_hand

from .results import write_section
from .views import view_figures

BEGIN, END = "<!-- friend-views-bench:begin -->", "<!-- friend-views-bench:end -->"
MODES = [
    ("4399", {"partnership": "find-friends", "friend_join": "holder"}),
    ("pagat", {"partnership": "find-friends", "friend_join": "first-played", "players": 5}),
    ("pagat", {"partnership": "find-friends", "friend_join": "first-outsider", "players": 6}),
    ("four-deck", {"partnership": "find-friends", "friend_join": "first-played", "players": 12}),
]


def positions(hands: int) -> list[tuple[str, int, object, str]]:
    out = []
    for i, (preset, changes) in enumerate(MODES):
        rules = Ruleset.preset(preset, **changes)
        for h in range(hands):
            record = random_hand(rules, 2900 + 10 * i + h)
            for t in range(1, len(record.tricks)):
                cut = dataclasses.replace(record, tricks=record.tricks[:t])
                out.append((f"{preset}-{changes['friend_join']}-{h}", t * rules.players, cut, preset))
    return out


def engine_figures(cases) -> dict:
    states, views = [], []
    for _, _, record, _ in cases:
        start = time.perf_counter()
        state = hand_state(record)
        states.append(time.perf_counter() - start)
        for seat in [*range(record.rules.players), PUBLIC]:
            start = time.perf_counter()
            view(record, state, seat)
            views.append(time.perf_counter() - start)
    return {"state": statistics.median(states), "view": statistics.median(views), "slowest": max(views),
            "views": len(views)}


def report(http: dict, engine: dict, meta: dict) -> str:
    return "\n".join([
        BEGIN, "## Exact friend statuses in views (`python -m bench.friend_views`)", "",
        f"{meta['date']}; {meta['python']}; {meta['build']} engine; in process; {meta['elapsed']:.0f} s. "
        "See `bench/friend_views.py` for the hands (holder, first-played, first-outsider, four decks with 12 "
        "seats) and how they are timed.", "",
        f"**Every view in one request**: {http['positions']} find-friends positions, `hands/state` median "
        f"{http['state'] * 1e3:.2f} ms, with `views: \"all\"` {http['all'] * 1e3:.2f} ms: {http['ratio']:.2f}x "
        f"(worst position {http['worst']:.2f}x); target within 2x: " + ("met." if http["ratio"] <= 2 else "not met."),
        "",
        f"**One view in the engine** (the friend deduction included): {engine['views']} views, median "
        f"{engine['view'] * 1e3:.3f} ms, slowest {engine['slowest'] * 1e3:.2f} ms; `hand_state` of the same "
        f"positions median {engine['state'] * 1e3:.2f} ms.",
        END]) + "\n"


def main(argv=None) -> int:
    import datetime
    import platform

    import rules
    from app import create_app

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer cases (writes nothing)")
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--hands", type=int, default=2, help="hands per mode")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    client = create_app({"TESTING": True}).test_client()
    cases = positions(1 if args.quick else args.hands)
    print(f"{len(cases)} positions …", flush=True)
    http = view_figures(client, cases, 1 if args.quick else args.passes)
    engine = engine_figures(cases)
    meta = {"date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
            "python": f"{platform.python_implementation()} {platform.python_version()}", "build": rules.BUILD,
            "elapsed": time.perf_counter() - started}
    text = report(http, engine, meta)
    print(text)
    if not args.quick:
        write_section(text, BEGIN, END)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
