"""Exact friend statuses in views: what they cost, ``python -m bench.friend_views``.

Find-friends hands (random legal hands of ``tests.rules.random_hands``: 4399 ``holder``; pagat
``first-played`` with 5 seats, ``first-outsider`` with 6; four decks and 12 seats, where a call's
card has the most placements to read), cut after every trick:

- **Every view in one request**: as ``bench.views`` (Flask's test client in process, ``Cache-Control:
  no-cache``, with and without ``views: "all"``, each position kept at its fastest pass; wall time and
  the process's own CPU time); target within 2x of one ``hands/state`` at every table size.  The same
  for ``bench.views``' own positions (2-deck hands of five presets, 4 seats) as a last row.
- **One view** in the engine (:func:`rules.views.view`, the friend deduction of :mod:`rules.unseen`
  included): median and slowest over every seat and the public of every position, against
  :func:`rules.state.hand_state` of the same position; beside it the deduction read alone for every
  call the referee's answer does not make public (:class:`rules.unseen.Unseen`, no call left unread:
  what a view read before calls the referee has ``pending`` were left unread).
- **Every view at once** in the engine (:func:`rules.views.views`, what ``views: "all"`` runs: the work
  the views share done once), per position, against the same ``hand_state``.  Each engine timing is
  the fastest of ``--passes``.

Results are printed and written to ``bench/RESULTS.md`` between the ``friend-views-bench`` markers.
"""
from __future__ import annotations

import argparse
import dataclasses
import statistics
import time

from rules.order import order_for
from rules.ruleset import Ruleset
from rules.state import hand_state
from rules.unseen import Unseen
from rules.views import PUBLIC, view, voids_of
from rules.views import views as all_views
from tests.rules.random_hands import random_hand

from .results import write_section
from .views import positions as two_deck_positions
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


def engine_figures(cases, passes: int) -> dict:
    """Each timing the fastest of ``passes`` (a machine shared with other work inflates single ones)."""
    def fastest(call, *args) -> float:
        best = float("inf")
        for _ in range(passes):
            start = time.perf_counter()
            call(*args)
            best = min(best, time.perf_counter() - start)
        return best

    def deduce(record, state, seat, order, voids) -> None:
        known = Unseen(record, state, seat, order, voids, seat == record.dealer)
        for i in range(len(state.calls)):
            known.outcomes(i)

    states, views, friends, every = [], [], [], []
    for _, _, record, _ in cases:
        state = hand_state(record)
        states.append(fastest(hand_state, record))
        every.append(fastest(all_views, record, state))
        order = order_for(record.rules, state.trump)
        voids = voids_of(record.rules, order, state)
        for seat in [*range(record.rules.players), PUBLIC]:
            views.append(fastest(view, record, state, seat))
            friends.append(fastest(deduce, record, state, seat, order, voids))
    return {"state": statistics.median(states), "view": statistics.median(views), "slowest": max(views),
            "views": len(views), "friends": statistics.median(friends), "friends_slowest": max(friends),
            "every": statistics.median(every), "every_slowest": max(every), "positions": len(every)}


def report(http: dict, engine: dict, meta: dict) -> str:
    lines = [
        BEGIN, "## Exact friend statuses in views (`python -m bench.friend_views`)", "",
        f"{meta['date']}; {meta['python']}; {meta['build']} engine; in process; {meta['elapsed']:.0f} s. "
        "See `bench/friend_views.py` for the hands and how they are timed.", "",
        "**Every view in one request** (`views: \"all\"`: a view per seat and the public's, beside the referee's "
        "answer; target within 2x of one `hands/state`):", "",
        "| hands | seats | positions | `hands/state` median | `views: \"all\"` median | ratio | worst position "
        "| CPU: `hands/state` | CPU: `views: \"all\"` | CPU ratio | CPU worst |",
        "|---|---|---|---|---|---|---|---|---|---|---|"]
    for mode, row in http.items():
        lines.append(f"| {mode} | {row['seats']} | {row['positions']} | {row['state'] * 1e3:.2f} ms | "
                     f"{row['all'] * 1e3:.2f} ms | {row['ratio']:.2f}x | {row['worst']:.2f}x | "
                     f"{row['state_cpu'] * 1e3:.2f} ms | {row['all_cpu'] * 1e3:.2f} ms | {row['ratio_cpu']:.2f}x | "
                     f"{row['worst_cpu']:.2f}x |")
    lines += [
        "",
        f"**One view in the engine**: {engine['views']} views, median {engine['view'] * 1e3:.3f} ms, slowest "
        f"{engine['slowest'] * 1e3:.2f} ms, against `hand_state` of the same positions, median "
        f"{engine['state'] * 1e3:.2f} ms. The friend deduction read alone for every call (`rules.unseen`, as a view "
        f"read it before the calls the referee has pending were left unread): median "
        f"{engine['friends'] * 1e3:.3f} ms, slowest {engine['friends_slowest'] * 1e3:.2f} ms.", "",
        f"**Every view at once in the engine** (`rules.views.views`, what `views: \"all\"` runs): "
        f"{engine['positions']} positions, median {engine['every'] * 1e3:.3f} ms, slowest "
        f"{engine['every_slowest'] * 1e3:.2f} ms. The rest of a `views: \"all\"` answer is rendering and "
        "encoding: the parts the views show alike once (`app.encoding.Shared`), each view's own parts once per view.",
        END]
    return "\n".join(lines) + "\n"


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
    http = {}
    for preset, changes in MODES:
        mode = f"{preset}, {changes['friend_join']}"
        mine = [c for c in cases if c[0].startswith(f"{preset}-{changes['friend_join']}-")]
        http[mode] = {**view_figures(client, mine, 1 if args.quick else args.passes),
                      "seats": changes.get("players", 4)}
    two = [(gid, k, record, "") for gid, k, record, _ in two_deck_positions(1 if args.quick else args.hands)]
    http["`bench.views` positions (2-deck presets)"] = {**view_figures(client, two, 1 if args.quick else args.passes),
                                                        "seats": 4}
    engine = engine_figures(cases, 1 if args.quick else args.passes)
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
