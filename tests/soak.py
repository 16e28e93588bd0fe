"""``make soak``: the engine against the brute force on many random positions (rules sections 6-8).

    SOAK_SEED=123 SOAK_N=200000 SOAK_JOBS=2 python -m tests.soak

runs the compiled engine where it is built, the pure one with ``TRACTOR_PURE=1``;
Positions come from tests/rules/differential.py (3-8 decks, equal-strength cards, every combination
of the section 3 parameters sections 5-8 read, throws of 2-5 units with triples and quads, follows of
such throws); position ``i`` of a run is a pure function of (seed, i), so any example can be
replayed with ``python -m tests.soak --replay SEED INDEX``.  Prints the seed, the positions and the
disagreements per category, the first disagreements as JSON (each also shrunk to a smaller
position that still disagrees), and exits 1 when there is any disagreement.  Positions the engine
refuses (past its work bound) are counted apart.
"""
from __future__ import annotations

import json
import os
import random
import sys
import time
from collections import Counter
from multiprocessing import Pool

import rules
from tests.rules.differential import CATEGORIES, compare, generate, run_one

SHOW = 2          # examples printed per category
CHUNK = 500


def _chunk(args):
    seed, start, stop = args
    counts: Counter = Counter()
    found = []
    for i in range(start, stop):
        category, position, result = run_one(seed, i)
        counts[category, "positions"] += 1
        if result is None:
            continue
        if "refused" in result:
            counts[category, "refused"] += 1
            if len(found) < SHOW:
                found.append((i, category, "refused", position, result))
            continue
        counts[category, "disagreements"] += 1
        if "tag" in result:
            counts[category, "tag", result["tag"]] += 1
        if sum(f[1] == category for f in found) < SHOW:
            found.append((i, category, "disagreement", position, result))
    return counts, found


def shrink(category: str, position: dict, budget: int = 400) -> dict:
    """A smaller position that still disagrees: drop parameter overrides, then single cards."""
    position = json.loads(json.dumps(position))

    def still(candidate: dict) -> bool:
        try:
            result = compare(candidate, category)
        except Exception:
            return False
        return result is not None and "refused" not in result

    changed = True
    while changed and budget > 0:
        changed = False
        for key in [k for k in position["rules"] if k not in ("preset", "decks", "throws")]:
            candidate = json.loads(json.dumps(position))
            del candidate["rules"][key]
            budget -= 1
            if still(candidate):
                position, changed = candidate, True
        for field in ("hand", "lead", "cards"):
            if field not in position:
                continue
            for i in range(len(position[field])):
                if i >= len(position[field]) or budget <= 0:
                    break
                candidate = json.loads(json.dumps(position))
                del candidate[field][i]
                if not candidate[field] or ("hand" in candidate and len(candidate["hand"]) < len(candidate["lead"])):
                    continue
                budget -= 1
                if still(candidate):
                    position, changed = candidate, True
        if "others" in position:
            for seat in range(len(position["others"])):
                for i in range(len(position["others"][seat][1])):
                    if i >= len(position["others"][seat][1]) or budget <= 0:
                        break
                    candidate = json.loads(json.dumps(position))
                    del candidate["others"][seat][1][i]
                    budget -= 1
                    if still(candidate):
                        position, changed = candidate, True
        if "plays" in position and len(position["plays"]) > 2:
            for j in range(len(position["plays"]) - 1, 0, -1):
                candidate = json.loads(json.dumps(position))
                del candidate["plays"][j]
                budget -= 1
                if still(candidate):
                    position, changed = candidate, True
    return position


def replay(seed: int, index: int) -> None:
    category = CATEGORIES[index % len(CATEGORIES)]
    position = generate(random.Random(f"{seed}-{index}"), category)
    result = compare(position, category, random.Random(f"{seed}-{index}"))
    print(json.dumps({"seed": seed, "index": index, "category": category, "position": position,
                      "result": result}, ensure_ascii=False))


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "--replay":
        replay(int(argv[1]), int(argv[2]))
        return 0
    seed = int(os.environ.get("SOAK_SEED") or random.SystemRandom().randrange(10 ** 9))
    n = int(os.environ.get("SOAK_N") or 200_000)
    jobs = int(os.environ.get("SOAK_JOBS") or 2)
    print(f"soak: seed {seed}, {n} positions, {jobs} processes, the {rules.BUILD} engine "
          f"(replay: SOAK_SEED={seed})", flush=True)
    started = time.monotonic()
    tasks = [(seed, start, min(start + CHUNK, n)) for start in range(0, n, CHUNK)]
    totals: Counter = Counter()
    found: list = []
    done = 0
    with Pool(jobs) as pool:
        for counts, examples in pool.imap(_chunk, tasks):
            totals.update(counts)
            found.extend(examples)
            done += sum(v for k, v in counts.items() if k[1] == "positions")
            if done % 20_000 < CHUNK:
                print(f"  {done} positions, {sum(v for k, v in totals.items() if k[1] == 'disagreements')} "
                      f"disagreements, {time.monotonic() - started:.0f} s", flush=True)
    elapsed = time.monotonic() - started
    disagreements = sum(v for k, v in totals.items() if k[1] == "disagreements")
    print(f"\nseed {seed}: {n} positions in {elapsed:.0f} s")
    print(f"{'category':<18} {'positions':>10} {'disagreements':>14} {'refused':>8}")
    for category in CATEGORIES:
        print(f"{category:<18} {totals[category, 'positions']:>10} {totals[category, 'disagreements']:>14} "
              f"{totals[category, 'refused']:>8}")
    print(f"{'total':<18} {n:>10} {disagreements:>14} "
          f"{sum(v for k, v in totals.items() if k[1] == 'refused'):>8}")
    shown: Counter = Counter()
    for key in sorted(k for k in totals if len(k) == 3):
        print(f"  {key[0]} disagreements with {key[2]}: {totals[key]}")
    for index, category, kind, position, result in sorted(found, key=lambda f: f[0]):
        if shown[kind, category] >= SHOW:
            continue
        shown[kind, category] += 1
        print(f"\n{kind} ({category}; replay: python -m tests.soak --replay {seed} {index}):")
        print(json.dumps({"position": position, **result}, ensure_ascii=False))
        if kind == "disagreement":
            small = shrink(category, position)
            if small != position:
                print("shrunk:", json.dumps({"position": small, **compare(small, category)}, ensure_ascii=False))
    print(f"\n{disagreements} disagreements")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
