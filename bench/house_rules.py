"""The house rules of section 14 against an earlier engine: ``python -m bench.house_rules --baseline REV``.

Two questions, answered in one run and written into their own section of ``bench/RESULTS.md``:

- **No cost when off.** The 2-deck follow cases and trick cases of :mod:`bench.cases` (the presets,
  every new parameter at its default) are timed on this engine and on the engine of git revision
  ``REV``, each engine's ``rules/`` package copied into a temporary directory and imported under a
  name of its own.  Each pass visits the cases in a shuffled order and times both engines back to back on
  every case, the first of the two alternating by case and by pass, so both see the same load; a case's time is
  its fastest pass.  The figures are means over cases and the ratio this engine / ``REV``.
- **Bounded when on.** The adversarial inputs of :func:`bench.cases.house_rule_cases` (8-deck hands
  full of bombs, rainbow throws, tractor requirements up to width 4 and length 4): worst call per
  group, target 100 ms.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import io
import pkgutil
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import rules

from . import cases as C
from .results import write_section

HERE = Path(__file__).resolve().parent
BEGIN, END = "<!-- house-rules-bench:begin -->", "<!-- house-rules-bench:end -->"
ADVERSARIAL_TARGET_US = 100_000.0


def load_engine(rev: str | None, name: str, into: Path):
    """The ``rules`` package of git revision ``rev`` (None: this worktree's), imported as ``name``.

    Both engines of a comparison are loaded this way, so neither is the package the cases were made
    with (the one imported first measured a few per cent slower against an identical copy)."""
    if rev is None:
        shutil.copytree(HERE.parent / "rules", into / name, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        blob = subprocess.run(["git", "archive", rev, "rules"], cwd=HERE.parent, check=True,
                              capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
            tar.extractall(into / "tmp", filter="data")
        (into / "tmp" / "rules").rename(into / name)
    if str(into) not in sys.path:
        sys.path.insert(0, str(into))
    return importlib.import_module(name)


def caches(package) -> list:
    """functools caches in a rules package other than its order tables (cold start per call)."""
    out = []
    for info in pkgutil.iter_modules(package.__path__):
        mod = importlib.import_module(f"{package.__name__}.{info.name}")
        for name, obj in vars(mod).items():
            if hasattr(obj, "cache_clear") and getattr(obj, "__module__", None) == mod.__name__ and name != "_build":
                out.append(obj)
    return out


def convert(base, ruleset, trump):
    params = {k: v for k, v in ruleset.to_dict().items() if k in base.ruleset.PARAMETER_NAMES}
    return base.Ruleset.from_dict(params), base.Trump(trump.level, trump.suit)


def paired(passes: int, items: list, new_call, old_call, clear) -> tuple[dict, dict]:
    """{id: µs} for both engines, timed back to back per case (fastest pass); which goes first
    alternates by case and by pass, as the second of two calls on the same case runs a little faster."""
    new: dict[str, float] = {}
    old: dict[str, float] = {}
    order = list(items)
    for p in range(passes):
        random.Random(p).shuffle(order)
        gc.collect()
        for i, (cid, case) in enumerate(order):
            pair = ((new, new_call(case)), (old, old_call(case)))
            for best, fn in (pair if (p + i) % 2 == 0 else pair[::-1]):
                clear()
                t0 = time.perf_counter_ns()
                fn()
                us = (time.perf_counter_ns() - t0) / 1000
                if cid not in best or us < best[cid]:
                    best[cid] = us
    return new, old


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="house rules (section 14) benchmark")
    ap.add_argument("--baseline", default=None,
                    help="git revision of the engine to compare with (default: where this branch left main)")
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="fewer cases, writes nothing")
    ap.add_argument("--output", default=str(HERE / "RESULTS.md"))
    args = ap.parse_args(argv)
    if args.baseline is None:
        args.baseline = subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=HERE.parent, check=True,
                                       capture_output=True, text=True).stdout.strip()[:12]
    rev = subprocess.run(["git", "rev-parse", "--short", args.baseline], cwd=HERE.parent, check=True,
                         capture_output=True, text=True).stdout.strip()
    here = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE.parent, check=True,
                          capture_output=True, text=True).stdout.strip()
    t_start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        base = load_engine(args.baseline, "rules_baseline", Path(tmp))
        mine = load_engine(None, "rules_this", Path(tmp))
        n = 200 if args.quick else 2000
        follows = [c for c in C.follow_cases(n, 0) if c.decks == 2]
        tricks = [c for c in C.trick_cases(n, 0) if c.rules.decks == 2]
        # each call's arguments, made before timing: each engine's own ruleset, trump and card values
        args_of: dict = {}
        for engine in (mine, base):
            made = {}
            card = engine.cards.CARDS.__getitem__
            follow_args, trick_args = {}, {}
            for c in follows + tricks:
                key = (c.rules, c.trump)
                if key not in made:
                    made[key] = convert(engine, c.rules, c.trump)
                    engine.order.order_for(*made[key])
                if hasattr(c, "hand"):
                    follow_args[c.id] = (*made[key], tuple(map(card, c.hand)), tuple(map(card, c.play)),
                                         tuple(map(card, c.lead)))
                else:
                    trick_args[c.id] = (*made[key], tuple((seat, tuple(map(card, cards))) for seat, cards in c.plays))
            args_of[engine] = (follow_args, trick_args)
        (new_args, new_tricks), (old_args, old_tricks) = args_of[mine], args_of[base]
        clearing = caches(mine) + caches(base) + caches(rules)

        def clear():
            for cache in clearing:
                cache.cache_clear()

        rows = []
        for name, items, new_call, old_call in (
            ("follow check, 2 decks (check_play)", follows,
             lambda c: (lambda a=new_args[c.id]: mine.check_play(*a)),
             lambda c: (lambda a=old_args[c.id]: base.check_play(*a))),
            ("legal-play listing, 2 decks (legal_plays, limit 100)", follows,
             lambda c: (lambda a=new_args[c.id]: mine.legal_plays(a[0], a[1], a[2], a[4], limit=100)),
             lambda c: (lambda a=old_args[c.id]: base.legal_plays(a[0], a[1], a[2], a[4], limit=100))),
            ("trick winner of 4 plays, 2 decks", tricks,
             lambda c: (lambda a=new_tricks[c.id]: mine.trick_winner(*a)),
             lambda c: (lambda a=old_tricks[c.id]: base.trick_winner(*a))),
        ):
            print(f"timing {name} …", flush=True)
            new, old = paired(args.passes, [(c.id, c) for c in items], new_call, old_call, clear)
            rows.append((name, len(new), statistics.mean(old.values()), statistics.mean(new.values()),
                         statistics.median(old.values()), statistics.median(new.values())))

        print("timing the house-rule adversarial inputs …", flush=True)
        adv = C.house_rule_cases(8 if args.quick else 40)
        worst: dict[str, tuple[float, str]] = {}
        for case in adv:
            rules.order.order_for(case.rules, case.trump)
            best = None
            for _ in range(2):
                clear()
                t0 = time.perf_counter_ns()
                case.call()
                us = (time.perf_counter_ns() - t0) / 1000
                best = us if best is None else min(best, us)
            if case.group not in worst or best > worst[case.group][0]:
                worst[case.group] = (best, f"{case.id}: {case.description}")

    lines = [BEGIN, "## House rules (section 14): bombs, rainbows, tractor requirements", "",
             f"`python -m bench.house_rules --baseline {args.baseline}`: this engine ({here}) against the engine of "
             f"`{args.baseline}` ({rev}) in the same run, {args.passes} passes, both engines timed back to back on "
             f"every case (the first alternating by case and pass); a case's time is its fastest pass; "
             f"{time.perf_counter() - t_start:.0f} s in all.", "",
             "New parameters off (the presets as they are, 2-deck cases of `bench/cases.py`); target: ratio ≤ 1.00 "
             "within noise:", "",
             f"| figure | n | mean {rev} | mean {here} | ratio | median {rev} | median {here} |",
             "|---|---|---|---|---|---|---|"]
    for name, count, old_mean, new_mean, old_med, new_med in rows:
        lines.append(f"| {name} | {count} | {old_mean:.2f} µs | {new_mean:.2f} µs | {new_mean / old_mean:.3f} "
                     f"| {old_med:.2f} µs | {new_med:.2f} µs |")
    lines += ["", f"New parameters on: {len(adv)} adversarial calls of `house_rule_cases` (8-deck hands full of "
              "bombs; rainbow leads and throws of 2-6 groups against followers holding many groups of one rank; "
              "tractor requirements up to width 4 and length 4); worst call per group (fastest of 2 passes), "
              "target ≤ 100 ms:", "",
              "| group | worst | target | result | call |", "|---|---|---|---|---|"]
    for group, (us, what) in sorted(worst.items()):
        ok = "PASS" if us <= ADVERSARIAL_TARGET_US else "FAIL"
        lines.append(f"| {group} | {us / 1000:.1f} ms | ≤ 100 ms | {ok} | {what} |")
    lines.append(END)
    text = "\n".join(lines) + "\n"
    print()
    print(text)
    if not args.quick:
        write_section(text, BEGIN, END, Path(args.output), before="<!-- http-bench:begin -->")
        print(f"written to {args.output}")
    return 0


def kept_section(path: Path) -> str:
    """The section as the file holds it (for ``bench.run``, which rewrites the rest)."""
    if not path.exists():
        return ""
    old = path.read_text(encoding="utf-8")
    start, end = old.find(BEGIN), old.find(END)
    return "" if start < 0 or end < start else "\n" + old[start:end + len(END)] + "\n"


if __name__ == "__main__":
    sys.exit(main())
