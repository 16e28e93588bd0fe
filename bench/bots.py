"""How long a hint takes: ``python -m bench.bots`` (docs/bots.md).

Positions: hands of each 2-deck preset played by ``basic`` at every seat, cut every few plays (the
seat to lead or follow at each).  Each strength answers every position (:func:`bots.suggest`, the
engine as installed: ``rules.BUILD`` is printed); the table gives p50, p99 and the worst time per
strength, in wall time and in this process's CPU time (on a shared machine the wall time includes
waiting for a core), and the playouts per second the search sustained (playouts of the positions
searched divided by their CPU time).  Ratios in one run: ``standard`` and ``strong`` against ``basic``.
"""
from __future__ import annotations

import argparse
import time
from dataclasses import replace

import rules
from bots import STRENGTHS, suggest
from bots.game import play_hand, suggesting_bot
from rules import Ruleset, hand_state

PRESETS_2DECK = ("tuolaji", "shengji", "qq", "4399", "pagat")


def positions(hands: int, every: int) -> list:
    out = []
    basic = suggesting_bot("basic")
    for name in PRESETS_2DECK:
        r = Ruleset.preset(name)
        for i in range(hands):
            record = play_hand(r, f"bench/{name}/{i}", [basic] * r.players).record
            flat = [(t, k) for t, trick in enumerate(record.tricks) for k in range(len(trick))]
            for j in range(i % every, len(flat), every):
                t, k = flat[j]
                cut = replace(record, tricks=record.tricks[:t] + ((record.tricks[t][:k],) if k else ()))
                if hand_state(cut, declarations_closed=True).next is not None:
                    out.append(cut)
    return out


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4, help="hands per preset")
    parser.add_argument("--every", type=int, default=6, help="one position every this many plays")
    args = parser.parse_args(argv)
    cuts = positions(args.hands, args.every)
    print(f"engine: {rules.BUILD}; {len(cuts)} positions of {len(PRESETS_2DECK)} 2-deck presets\n")
    print("| strength | worlds × candidates | wall p50 ms | wall p99 ms | wall max ms | CPU p50 ms | CPU p99 ms | "
          "CPU max ms | CPU mean ms | × basic (CPU mean) | playouts/s (CPU) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    base = None
    for name, level in STRENGTHS.items():
        walls, cpus, playouts, searched = [], [], 0, 0.0
        for cut in cuts:
            start, cpu = time.perf_counter(), time.process_time()
            s = suggest(cut, None, name, "bench", declarations_closed=True)
            spent = time.process_time() - cpu
            walls.append(time.perf_counter() - start)
            cpus.append(spent)
            if s.worlds:
                playouts += s.playouts
                searched += spent
        mean = sum(cpus) / len(cpus)
        base = base or mean
        rate = f"{playouts / searched:.0f}" if searched else "-"
        ms = [f"{x * 1e3:.1f}" for x in (quantile(walls, .5), quantile(walls, .99), max(walls), quantile(cpus, .5),
                                          quantile(cpus, .99), max(cpus), mean)]
        search = f"{level.min_worlds}-{level.worlds} × ≤{level.candidates}" if level.worlds else "-"
        print(f"| {name} | {search} | {' | '.join(ms)} | {mean / base:.0f} | {rate} |", flush=True)


if __name__ == "__main__":
    main()
