"""Worlds of records with steals of the kitty: ``python -m bench.worlds_steals``.

``rules.worlds.draw_worlds`` with ``count: 100`` on 2-deck hands (``qq`` and ``shengji`` with
``kitty_theft``) where one seat stole the kitty, at every fourth play, for every seat and a spectator;
beside it, as the baseline of the same run, the same presets' hands without a steal at the same points.
Then hands with two or three steals (``shengji`` and 2-deck ``pagat``: the dealer's burial taken by the
first of two stealers, the dealer stealing back, the first stealer's burial taken through two later
steals, and a seat whose two burials went to one other seat), as one row, and the calls of the seats
whose burial a seat before the last stealer took as a row of their own.  Prints the time per call
(median, p90, share within 100 ms), the calls stopped by the work bound, the 422s (another seat took
two burials the seat saw), and the draws rejected before the replay and by it, by phase of the hand.
"""
from __future__ import annotations

import statistics
import time
from collections import defaultdict

import rules
from rules.ruleset import Ruleset
from rules.state import hand_state
from rules.views import PUBLIC
from rules.violations import InputError
from rules.worlds import draw_worlds
from tests.rules.random_hands import random_hand
from tests.rules.test_worlds import cut
from tests.rules.test_worlds_steals import stolen_hand

PRESETS = ("qq", "shengji")
HANDS = 4             # hands a preset
MANY = ((2, 16), (2, 323), (3, 450), (3, 850))        # (steals, seed): the burier patterns above, in turn


def measure(records: list) -> dict:
    return summary(calls(records))


def chained(record, seat: int) -> bool:
    """Whether a burial ``seat`` made was taken by a seat that was not the last to steal."""
    buriers = [record.dealer] + [x.seat for x in record.exchanges]
    return any(buriers[j - 1] == seat != buriers[j] for j in range(1, len(buriers) - 1))


def calls(records: list) -> list:
    rows = []
    for gid, record in enumerate(records):
        total = sum(len(t) for t in record.tricks)
        for plays in range(0, total, 4):
            position = cut(record, plays)
            state = hand_state(position)
            phase = min(4, 5 * plays // max(total, 1))
            for seat in [PUBLIC, *range(record.rules.players)]:
                chain = chained(record, seat)
                start = time.perf_counter()
                try:
                    got = draw_worlds(position, seat, 100, f"{gid}:{plays}:{seat}", state=state)
                except InputError:
                    rows.append({"phase": phase, "ms": (time.perf_counter() - start) * 1000, "refused": True,
                                 "chain": chain})
                    continue
                rows.append({"phase": phase, "ms": (time.perf_counter() - start) * 1000, "refused": False,
                             "complete": got.complete, "draws": got.draws, "replays": got.replays,
                             "kept": len(got.worlds), "exact": got.count is not None, "chain": chain})
    return rows


def summary(rows: list) -> dict:
    ms = sorted(r["ms"] for r in rows)
    by_phase: dict[int, list] = defaultdict(list)
    for r in rows:
        if not r["refused"] and not r["exact"]:      # a position counted exactly replays each distinct world once
            by_phase[r["phase"]].append(r)
    rejected = {p: (1 - sum(r["replays"] for r in rs) / max(1, sum(r["draws"] for r in rs)),
                    1 - sum(r["kept"] for r in rs) / max(1, sum(r["replays"] for r in rs)))
                for p, rs in sorted(by_phase.items())}
    return {"calls": len(rows), "median": statistics.median(ms), "p90": ms[int(0.9 * (len(ms) - 1))],
            "slowest": ms[-1], "within": sum(1 for x in ms if x <= 100) / len(ms),
            "stopped": sum(1 for r in rows if not r["refused"] and not r["complete"]),
            "refused": sum(1 for r in rows if r["refused"]), "rejected": rejected}


def line(name: str, s: dict) -> str:
    phases = " / ".join(f"{100 * a:.0f}" for a, _ in s["rejected"].values())
    replays = " / ".join(f"{100 * b:.0f}" for _, b in s["rejected"].values())
    return (f"{name}: {s['calls']} calls, median {s['median']:.1f} ms, p90 {s['p90']:.1f} ms, slowest "
            f"{s['slowest']:.0f} ms, {100 * s['within']:.0f} % within 100 ms, {s['stopped']} stopped by the bound, "
            f"{s['refused']} refused; draws rejected before the replay by phase {phases} %, replays rejected "
            f"{replays} %")


def main() -> None:
    stolen, plain = [], []
    for preset in PRESETS:
        rs = Ruleset.preset(preset, kitty_theft=True)
        for i in range(HANDS):
            record = stolen_hand(rs, 100 * i + 1, 1)
            stolen.append(record)
            plain.append(random_hand(Ruleset.preset(preset), 100 * i + 1))
    print(f"engine: {rules.BUILD}", flush=True)
    a = measure(plain)
    print(line("without steals (baseline)", a), flush=True)
    b = measure(stolen)
    print(line("one steal", b), flush=True)
    print(f"median ratio (one steal / baseline): {b['median'] / a['median']:.2f}x", flush=True)
    many = []
    for preset in ("shengji", "pagat"):
        rs = Ruleset.preset(preset, kitty_theft=True, decks=2)
        many += [stolen_hand(rs, seed, steals) for steals, seed in MANY]
    rows = calls(many)
    c = summary(rows)
    print(line("two or three steals", c), flush=True)
    print(line("  of which a burial the seat saw went through a later steal", summary([r for r in rows if r["chain"]])))
    print(f"median ratio (two or three steals / baseline): {c['median'] / a['median']:.2f}x")


if __name__ == "__main__":
    main()
