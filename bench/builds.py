"""The compiled and the pure-Python engine side by side: ``python -m bench.builds`` (run by ``make bench``).

Each engine is measured in a process of its own, on the same cases of :mod:`bench.cases` and with the
timing of :mod:`bench.run` (cold, a case's time its fastest pass, figures over cases): the compiled
build, the pure build of the same source (``TRACTOR_PURE=1``) and the pure engine of git revision
``--before`` (the last one without a compiled build), each ``--rounds`` times in turn so that all see
the same load; a figure is its median over rounds.  The peer engines' figures, measured by others
on another machine beside this project's pure engine of the time (9.7 µs follow check, 10.1 µs trick
winner), are shown as published and scaled to this machine by the ``--before`` engine's figures.

    python -m bench.builds [--rounds 2] [--passes 5] [--cases 2000] [--before 73c2162] [--quick]
    python -m bench.builds --measure FIGURES.json       # one engine, the one on the import path
"""
from __future__ import annotations

import argparse
import gc
import importlib
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from .results import write_section

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BEGIN, END = "<!-- builds-bench:begin -->", "<!-- builds-bench:end -->"
BEFORE = "73c2162"

# (engine, follow check µs, trick winner µs), 2 400 fixed 2-deck follows and tricks, cold means,
# measured together in one run on the machine of the comparison (not this one)
PEERS = (("this project, pure Python (then)", 9.7, 10.1),
         ("the fastest pure-Python peer", 13.0, 22.7),
         ("that peer's Cython build", 2.8, 3.8),
         ("rbtying/shengji (Rust, release)", 3.7, 17.0))
TARGETS = {"follow2": 2.0, "trick2": 2.5}           # compiled build, µs, on that machine
FIGURES = (("follow2", "follow check, 2 decks", "mean"),
           ("trick2", "trick winner, 2 decks", "mean"),
           ("legal2", "legal-play listing, 2 decks", "mean"),
           ("hand2", "whole-hand adjudication, 2 decks", "median"),
           ("adversarial", "adversarial worst case", "max"))


def measure(quick: bool, passes: int, cases: int) -> dict:
    """This process's engine on the fixed cases: {figure: µs, "sort25": µs, "build": ...}."""
    import rules

    from . import cases as C
    from . import hands as H
    from .run import Run, adversarial_figures

    n2, nadv, games = (200, 4, 10) if quick else (cases, 12, 40)
    follows = [c for c in C.follow_cases(n2, 0)]
    tricks = C.trick_cases(n2, 0)
    adv = C.adversarial_cases(nadv)
    adj = H.random_games(importlib.import_module("rules.adjudicate"), ("shengji", "qq", "4399", "pagat", "tuolaji"),
                         games, 70_000)
    for c in follows + tricks + adv:
        rules.order_for(c.rules, c.trump)
    # the cases and games made above are the harness's, not the engine's: collected once and frozen,
    # so no collection during a timed call walks them (its cost would grow with the harness's data)
    gc.collect()
    gc.freeze()
    run = Run(passes)
    run.base()
    items = [(c.id, c) for c in follows]
    out = {
        "follow2": run.measure(items, lambda c: lambda: rules.check_play(c.rules, c.trump, c.hand, c.play, c.lead),
                               "follow2"),
        "legal2": run.measure(items, lambda c: lambda: rules.legal_plays(c.rules, c.trump, c.hand, c.lead,
                                                                         limit=100), "legal2"),
        "trick2": run.measure([(c.id, c) for c in tricks],
                              lambda c: lambda: rules.trick_winner(c.rules, c.trump, c.plays), "trick2"),
        "hand2": run.measure([(g.id, g) for g in adj], lambda g: g.call, "hand2"),
    }
    run.base()
    gc.collect()
    gc.freeze()                         # and so are the orders the figures above built
    out["adversarial"] = adversarial_figures(run, adv)
    run.base()
    figures = {key: getattr(statistics, stat)(out[key].values()) if stat != "max" else max(out[key].values())
               for key, _, stat in FIGURES}
    figures["sort25"] = statistics.median(run.baseline)
    figures["build"] = getattr(rules, "BUILD", "pure")
    figures["errors"] = len(run.errors)
    figures["package"] = str(Path(rules.__file__).resolve().parent)
    return figures


def _engine_before(rev: str, into: Path) -> Path:
    """The ``rules`` package of git revision ``rev``, extracted under ``into``."""
    blob = subprocess.run(["git", "archive", rev, "rules"], cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")
    return into


def _run(label: str, env: dict, args: list[str]) -> dict:
    """One engine's figures, measured in a process of its own.  ``-P``: the working directory is not
    put first on the path, so ``PYTHONPATH`` alone says which ``rules`` package runs (else every
    engine would import the working tree's)."""
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        subprocess.run([sys.executable, "-P", "-m", "bench.builds", "--measure", f.name, *args], cwd=ROOT,
                       env=env, check=True)
        figures = json.loads(Path(f.name).read_text())
    print(f"  {label}: " + ", ".join(f"{k} {figures[k]:.1f} µs" for k, _, _ in FIGURES), flush=True)
    return figures


def compare(rounds: int, passes: int, before: str, quick: bool, cases: int) -> str:
    import rules
    if not rules.COMPILED:
        raise SystemExit(f"the compiled engine does not run here ({rules._build.PURE_REASON}): `make engine` builds it")
    base_env = {k: v for k, v in os.environ.items() if k != "TRACTOR_PURE"}
    args = ["--passes", str(passes), "--cases", str(cases)] + (["--quick"] if quick else [])
    results: dict[str, list[dict]] = {"compiled": [], "pure": [], "before": []}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        old = _engine_before(before, Path(tmp))
        engines = (("compiled", {**base_env, "PYTHONPATH": str(ROOT)}),
                   ("pure", {**base_env, "PYTHONPATH": str(ROOT), "TRACTOR_PURE": "1"}),
                   ("before", {**base_env, "PYTHONPATH": f"{old}{os.pathsep}{ROOT}", "TRACTOR_PURE": "1"}))
        for r in range(rounds):
            print(f"round {r + 1} of {rounds}", flush=True)
            for label, env in engines if r % 2 == 0 else reversed(engines):
                results[label].append(_run(label, env, args))
        here = str((ROOT / "rules").resolve())
        for label, runs in results.items():
            want = str((old / "rules").resolve()) if label == "before" else here
            if any(f["package"] != want for f in runs):
                raise SystemExit(f"the {label} engine ran from {runs[0]['package']}, not {want}")
    med = {label: {k: statistics.median(f[k] for f in runs) for k in [*(k for k, _, _ in FIGURES), "sort25"]}
           for label, runs in results.items()}
    errors = {label: sum(f["errors"] for f in runs) for label, runs in results.items()}
    return report(med, errors, rounds, passes, before, cases, time.monotonic() - started)


def _us(v: float) -> str:
    return f"{v / 1000:.2f} ms" if v >= 1000 else f"{v:.2f} µs"


def report(med: dict, errors: dict, rounds: int, passes: int, before: str, cases: int, elapsed: float) -> str:
    c, p, b = med["compiled"], med["pure"], med["before"]
    lines = [BEGIN, "## The compiled and the pure engine (`python -m bench.builds`)", "",
             f"Each engine in a process of its own, {rounds} rounds in turn, {cases} 2-deck follow and {cases} trick "
             f"cases, {passes} passes per case (a case's time "
             "is its fastest pass); a figure is the median over rounds. The harness's own cases are "
             "collected and frozen before timing (`gc.freeze`), so no collection in a timed call walks them. "
             "`before` is the pure engine of "
             f"`{before}`, the last revision without a compiled build, extracted from git and imported ahead of the "
             "working tree (each run reports the package it imported, and the comparison stops on a mismatch). "
             f"sort25: compiled run {c['sort25']:.3f} µs, "
             f"pure {p['sort25']:.3f} µs, before {b['sort25']:.3f} µs. Engine errors (over all rounds; "
             "the positions refused past the work bound): "
             + ", ".join(f"{k} {v}" for k, v in errors.items()) + f". Run time {elapsed:.0f} s.", "",
             "| figure | compiled | pure | before (pure) | pure / compiled | before / compiled | pure / before |",
             "|---|---|---|---|---|---|---|"]
    for key, name, stat in FIGURES:
        lines.append(f"| {name} ({stat}) | {_us(c[key])} | {_us(p[key])} | {_us(b[key])} | {p[key] / c[key]:.2f}× "
                     f"| {b[key] / c[key]:.2f}× | {p[key] / b[key]:.2f} |")
    scale = {"follow2": b["follow2"] / PEERS[0][1], "trick2": b["trick2"] / PEERS[0][2]}
    lines += ["", "The peers, as published (2 400 fixed 2-deck follows and tricks, cold means, measured on another "
              "machine beside this project's pure engine of the time), and scaled to this machine by the `before` "
              f"engine (×{scale['follow2']:.2f} for the follow check, ×{scale['trick2']:.2f} for the trick winner):", "",
              "| engine | follow check | trick winner | follow check, here | trick winner, here |",
              "|---|---|---|---|---|"]
    for name, f, t in PEERS:
        lines.append(f"| {name} | {f:.1f} µs | {t:.1f} µs | {f * scale['follow2']:.2f} µs | {t * scale['trick2']:.2f} µs |")
    lines.append(f"| **this project, compiled (now)** | {c['follow2'] / scale['follow2']:.2f} µs (scaled back) "
                 f"| {c['trick2'] / scale['trick2']:.2f} µs (scaled back) | {c['follow2']:.2f} µs | {c['trick2']:.2f} µs |")
    lines += ["", "Targets for the compiled build on that machine: follow check ≤ "
              f"{TARGETS['follow2']:.1f} µs (here {c['follow2'] / scale['follow2']:.2f} µs scaled back: "
              f"{'PASS' if c['follow2'] / scale['follow2'] <= TARGETS['follow2'] else 'FAIL'}), trick winner ≤ "
              f"{TARGETS['trick2']:.1f} µs ({c['trick2'] / scale['trick2']:.2f} µs: "
              f"{'PASS' if c['trick2'] / scale['trick2'] <= TARGETS['trick2'] else 'FAIL'}); listing, adjudication "
              "and the adversarial worst case at least 2.5× faster than the pure build ("
              + ", ".join(f"{name} {p[key] / c[key]:.2f}×" for key, name, _ in FIGURES[2:]) + ").", END]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--measure", metavar="FIGURES.json", help="measure the engine on the import path only")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--before", default=BEFORE)
    ap.add_argument("--cases", type=int, default=2000, help="2-deck follow cases and trick cases")
    ap.add_argument("--quick", action="store_true", help="fewer cases; nothing written")
    args = ap.parse_args(argv)
    if args.measure:
        Path(args.measure).write_text(json.dumps(measure(args.quick, args.passes, args.cases)))
        return 0
    text = compare(args.rounds, args.passes, args.before, args.quick, args.cases)
    print()
    print(text)
    if not args.quick:
        write_section(text, BEGIN, END)
        print("written to bench/RESULTS.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
