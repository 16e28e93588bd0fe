"""Run the benchmark suite: ``python -m bench.run`` (``make bench``).

What is measured (cases from :mod:`bench.cases`, fixed seeds):

- follow check: ``rules.check_play(rules, trump, hand, play, lead)`` per follow case
  (2 000 2-deck cases over the five 2-deck presets, leads 30 % singles, 35 % pairs, 10 % tractors,
  25 % throws, a quarter of the plays illegal; 500 ``four-deck`` cases);
- legal-play listing: ``rules.legal_plays(rules, trump, hand, lead, limit=100)`` on the same cases;
- trick winner: ``rules.trick_winner(rules, trump, plays)`` of four plays (lead + three legal follows;
  2 000 2-deck cases with the same lead mix, 250 four-deck cases);
- adversarial: the slowest inputs the schemas accept (longest throws, void followers, 8-deck hands,
  30+ card leads, a seeded random sample of skewed 8-deck deals): the maximum time is reported;
- whole-hand adjudication (when ``rules.adjudicate`` exists): hands made by playing random legal
  games through the engine.

Cold start per case: the engine keeps no memo of earlier answers (any ``functools`` cache found
in ``rules`` other than the per-(ruleset, trump) order tables is cleared before every timed call,
and the run says which ones it found).  The order tables are cached by design and are warmed
once, before timing.  Each case is timed once per pass, in a shuffled order, over several passes;
a case's time is its fastest pass (this filters noise from other processes on the machine, not
warm-up: no answer survives between calls).  Figures are the mean, median, p99 and max over cases.

Baseline: in the same run, a fixed pure-Python workload (sorting a shuffled list of 25 ints,
1 000 times, timed repeatedly before, between and after the figures; median) gives the time of
one such sort; every figure is also printed as a multiple of it ("x sort25"), so runs on different
machines or under different loads can be compared.

Results are printed and written to ``bench/RESULTS.md``.  Options: ``--quick`` (fewer cases),
``--profile`` (cProfile of the follow check and the listing, top functions in ``rules/``),
``--no-check`` (skip the consistency checks), ``--passes N``.
"""
from __future__ import annotations

import argparse
import cProfile
import dataclasses
import datetime
import gc
import importlib
import io
import os
import pkgutil
import platform
import pstats
import random
import signal
import statistics
import sys
import time
import traceback
import zlib
from pathlib import Path

import rules
from rules import format_cards
from rules.order import order_for
from rules.ruleset import FollowProtection

from . import cases as C
from . import house_rules

HERE = Path(__file__).resolve().parent
ADVERSARIAL_TIMEOUT_S = 10.0

# figure key -> ((statistic a target applies to, target in microseconds), ...)
TARGETS = {
    "follow2": (("mean", 10.0), ("median", 15.0)),
    "follow4": (("median", 60.0),),
    "trick2": (("mean", 12.0), ("median", 20.0)),
    "trick4": (("median", 20.0),),
    "legal2": (("p99", 5_000.0),),
    "legal4": (("p99", 25_000.0),),
    "adversarial": (("max", 100_000.0),),
    "hand2": (("median", 20_000.0),),
    "hand4": (("median", 100_000.0),),
}


# -- timing helpers --------------------------------------------------------------------------------
def answer_caches():
    """functools caches in the rules package other than the order tables (cached by design)."""
    found = []
    for mod_info in pkgutil.iter_modules(rules.__path__):
        mod = importlib.import_module(f"rules.{mod_info.name}")
        for name, obj in vars(mod).items():
            if hasattr(obj, "cache_clear") and getattr(obj, "__module__", None) == mod.__name__:
                qual = f"{mod.__name__}.{name}"
                if qual == "rules.order._build":
                    continue
                found.append((qual, obj))
    return found


class Timer:
    def __init__(self):
        self.caches = [obj for _, obj in answer_caches()]

    def time(self, fn) -> int:
        return self.time_result(fn)[0]

    def time_result(self, fn):
        for cache in self.caches:
            cache.cache_clear()
        t0 = time.perf_counter_ns()
        result = fn()
        return time.perf_counter_ns() - t0, result


def percentile(values, q: float) -> float:
    s = sorted(values)
    if not s:
        return float("nan")
    k = (len(s) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def baseline_sample(reps: int = 15) -> list[float]:
    """Microseconds per sort of a shuffled 25-int list (each sample: 1 000 sorts)."""
    rng = random.Random(1)
    data = [rng.randrange(1000) for _ in range(25)]
    out = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        for _ in range(1000):
            sorted(data)
        out.append((time.perf_counter_ns() - t0) / 1000 / 1000)
    return out


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


# -- measurement -----------------------------------------------------------------------------------
class Run:
    def __init__(self, passes: int):
        self.passes = passes
        self.timer = Timer()
        self.baseline: list[float] = []
        self.figures: list[dict] = []
        self.breakdown: list[tuple] = []
        self.errors: list[dict] = []
        self.mismatches: list[dict] = []
        self.notes: list[str] = []
        self.protections: list[tuple] = []

    def base(self):
        self.baseline.extend(baseline_sample())

    def measure(self, items, call, label):
        """items: [(id, case)]; call(case) -> callable.  Returns {id: µs (min over passes)}."""
        best: dict[str, float] = {}
        failed: set[str] = set()
        order = list(items)
        for p in range(self.passes):
            random.Random(p).shuffle(order)
            gc.collect()
            for cid, case in order:
                if cid in failed:
                    continue
                fn = call(case)
                try:
                    ns = self.timer.time(fn)
                except Exception as exc:  # noqa: BLE001 - every engine failure is reported
                    failed.add(cid)
                    self.error(label, cid, case, exc)
                    continue
                us = ns / 1000
                if cid not in best or us < best[cid]:
                    best[cid] = us
        return best

    def error(self, label, cid, case, exc):
        self.errors.append({"figure": label, "case": cid, "error": f"{type(exc).__name__}: {exc}",
                            "repro": reproducer(case),
                            "trace": "".join(traceback.format_exception(exc)[-3:])})

    def figure(self, key, name, times, n_note=""):
        vals = list(times.values())
        targets = TARGETS.get(key, ())
        row = {"key": key, "name": name, "n": len(vals), "median": statistics.median(vals) if vals else float("nan"),
               "mean": statistics.mean(vals) if vals else float("nan"),
               "p99": percentile(vals, 0.99), "max": max(vals) if vals else float("nan"),
               "targets": targets, "note": n_note}
        row["pass"] = [bool(vals) and row[stat] <= target for stat, target in targets]
        self.figures.append(row)
        return row


def reproducer(case) -> str:
    if isinstance(case, C.FollowCase):
        return (f"rules.check_play(Ruleset.preset({case.preset!r}), Trump({case.trump.level}, {case.trump.suit!r}), "
                f"parse_cards({format_cards(case.hand)}), parse_cards({format_cards(case.play)}), "
                f"parse_cards({format_cards(case.lead)}))")
    if isinstance(case, C.TrickCase):
        plays = [(s, format_cards(p)) for s, p in case.plays]
        return (f"rules.trick_winner(Ruleset.preset({case.preset!r}), Trump({case.trump.level}, {case.trump.suit!r}), "
                f"[(s, parse_cards(p)) for s, p in {plays}])")
    if isinstance(case, C.AdversarialCase):
        if "repro" in case.meta:
            return case.meta["repro"]
        return f"bench.cases.adversarial_cases(): case {case.id} ({case.description})"
    return repr(case)


def follow_figures(run: Run, follows):
    two = [(c.id, c) for c in follows if c.decks == 2]
    four = [(c.id, c) for c in follows if c.decks == 4]
    check = lambda c: lambda: rules.check_play(c.rules, c.trump, c.hand, c.play, c.lead)  # noqa: E731
    listing = lambda c: lambda: rules.legal_plays(c.rules, c.trump, c.hand, c.lead, limit=100)  # noqa: E731
    res = {}
    for key, name, items, call in (
            ("follow2", "follow check, 2 decks (check_play)", two, check),
            ("follow4", "follow check, 4 decks (check_play)", four, check),
            ("legal2", "legal-play listing, 2 decks (legal_plays, limit 100)", two, listing),
            ("legal4", "legal-play listing, 4 decks (legal_plays, limit 100)", four, listing)):
        times = run.measure(items, call, key)
        res[key] = times
        run.figure(key, name, times)
        run.base()
    # breakdown by preset and lead kind (medians), for the lead engineer
    by_id = {c.id: c for c in follows}
    groups: dict[tuple, dict[str, list]] = {}
    for key in ("follow2", "follow4", "legal2", "legal4"):
        for cid, us in res[key].items():
            c = by_id[cid]
            g = groups.setdefault((c.preset, c.lead_kind), {})
            g.setdefault(key[:-1], []).append(us)
    for (preset, kind), g in sorted(groups.items()):
        run.breakdown.append((preset, kind, len(g.get("follow", [])),
                              statistics.median(g["follow"]) if g.get("follow") else float("nan"),
                              statistics.median(g["legal"]) if g.get("legal") else float("nan"),
                              max(g["legal"]) if g.get("legal") else float("nan")))
    return res


PROTECTIONS = ("none", "longer-tuples", "tractors", "longer-tuples-and-tractors", "suit-only")


def protection_figures(run: Run, follows):
    """The 2-deck follow cases again under every ``follow_protection`` value: means and p99 of
    check_play and legal_plays, and each mean as a ratio to ``none`` on the same cases."""
    two = [c for c in follows if c.decks == 2]
    rows = []
    for value in PROTECTIONS:
        items = [(c.id, dataclasses.replace(c, rules=dataclasses.replace(c.rules, follow_protection=FollowProtection(value))))
                 for c in two]
        check = run.measure(items, lambda c: lambda: rules.check_play(c.rules, c.trump, c.hand, c.play, c.lead),
                            f"protection {value} check")
        listing = run.measure(items, lambda c: lambda: rules.legal_plays(c.rules, c.trump, c.hand, c.lead, limit=100),
                              f"protection {value} legal")
        rows.append((value, check, listing))
    none_check = statistics.mean(rows[0][1].values())
    none_listing = statistics.mean(rows[0][2].values())
    for value, check, listing in rows:
        c_mean, l_mean = statistics.mean(check.values()), statistics.mean(listing.values())
        run.protections.append((value, len(check), c_mean, percentile(list(check.values()), 0.99),
                                c_mean / none_check, l_mean, percentile(list(listing.values()), 0.99),
                                l_mean / none_listing))
    run.base()


def trick_figures(run: Run, tricks):
    call = lambda c: lambda: rules.trick_winner(c.rules, c.trump, c.plays)  # noqa: E731
    for key, decks, name in (("trick2", 2, "trick winner of 4 plays, 2 decks"),
                             ("trick4", 4, "trick winner of 4 plays, 4 decks")):
        items = [(c.id, c) for c in tricks if c.rules.decks == decks]
        run.figure(key, name, run.measure(items, call, key))
    run.base()


def adversarial_figures(run: Run, adv):
    old = signal.signal(signal.SIGALRM, _alarm)
    worst: dict[str, tuple[float, str]] = {}
    all_times = {}
    try:
        for case in adv:
            best = None
            for _ in range(max(1, min(run.passes, 2))):
                if best is not None and best > 1e6:
                    break  # one pass is enough for a call slower than a second
                signal.setitimer(signal.ITIMER_REAL, ADVERSARIAL_TIMEOUT_S)
                try:
                    ns, result = run.timer.time_result(case.call)
                    us = ns / 1000
                    if best is None:
                        sanity(run, case, result)
                except _Timeout:
                    us = ADVERSARIAL_TIMEOUT_S * 1e6
                    run.errors.append({"figure": "adversarial", "case": case.id,
                                       "error": f"timed out after {ADVERSARIAL_TIMEOUT_S:.0f} s",
                                       "repro": reproducer(case), "trace": ""})
                    best = us
                    break
                except Exception as exc:  # noqa: BLE001
                    run.error("adversarial", case.id, case, exc)
                    best = None
                    break
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                best = us if best is None else min(best, us)
            if best is None:
                continue
            all_times[case.id] = best
            if case.group not in worst or best > worst[case.group][0]:
                worst[case.group] = (best, f"{case.id}: {case.description}")
    finally:
        signal.signal(signal.SIGALRM, old)
    for group, (us, what) in worst.items():
        run.figure(f"adv:{group}", f"adversarial: {group} (worst)", {what: us}, what)
    run.figure("adversarial", "adversarial worst case (all groups)", all_times,
                     max(worst.values())[1] if worst else "")
    run.base()
    return all_times


def sanity(run: Run, case, result):
    """Answers that cannot be right whatever the rules: a follower always has a legal play."""
    if (case.meta.get("kind") == "legal_plays" and isinstance(result, rules.LegalPlays)
            and (not result.plays or result.count < 1)):
        run.mismatches.append({
            "case": case.id,
            "what": (f"legal_plays lists no play (count {result.count}, count_exact {result.count_exact}, "
                     f"truncated {result.truncated}) although a follower always has one: {case.description}"),
            "repro": reproducer(case)})


# -- whole-hand adjudication -------------------------------------------------------------------------
def adjudication_figures(run: Run, quick: bool):
    try:
        adj = importlib.import_module("rules.adjudicate")
    except ModuleNotFoundError:
        run.notes.append("whole-hand adjudication: rules/adjudicate.py does not exist yet (not measured)")
        return
    try:
        from . import hands as H
    except ImportError:
        run.notes.append("whole-hand adjudication: bench/hands.py missing (not measured)")
        return
    try:
        games2 = H.random_games(adj, ("shengji", "qq", "4399", "pagat", "tuolaji"), 20 if quick else 60, 70_000)
        games4 = H.random_games(adj, ("four-deck",), 6 if quick else 20, 80_000)
    except Exception as exc:  # noqa: BLE001
        run.errors.append({"figure": "hand", "case": "generation", "error": f"{type(exc).__name__}: {exc}",
                           "repro": "bench.hands.random_games(...)", "trace": traceback.format_exc()[-800:]})
        return
    for g in games2 + games4:
        try:
            res = g.call()
        except Exception as exc:  # noqa: BLE001
            run.errors.append({"figure": "hand", "case": g.id, "error": f"{type(exc).__name__}: {exc}",
                               "repro": f"bench.hands.play_game(rules.adjudicate, {g.preset!r}, seed) ({g.id})",
                               "trace": traceback.format_exc()[-800:]})
            continue
        if not getattr(res, "legal", False):
            run.mismatches.append({"case": g.id, "what": f"a random legal game adjudicates as illegal: {res.illegal}",
                                   "repro": f"bench.hands.play_game(rules.adjudicate, {g.preset!r}, seed) ({g.id})"})
    for key, name, games in (("hand2", "whole-hand adjudication, 2 decks (25-card hands)", games2),
                             ("hand4", "whole-hand adjudication, 4 decks (54-card hands)", games4)):
        items = [(g.id, g) for g in games]
        tricks = sorted(g.tricks for g in games)
        run.figure(key, name, run.measure(items, lambda g: g.call, key),
                   f"{tricks[0]}-{tricks[-1]} tricks per hand")
    run.base()


# -- consistency checks (untimed) ------------------------------------------------------------------
def consistency(run: Run, follows, per_case: int = 60, probes: int = 4):
    """legal_plays against check_play: every listed play must pass; where the listing is complete,
    a play passes exactly when it is listed (the case's play and random probes of the hand)."""
    checked = 0
    for c in follows:
        try:
            lp = rules.legal_plays(c.rules, c.trump, c.hand, c.lead, limit=1000)
        except Exception as exc:  # noqa: BLE001
            run.error("consistency", c.id, c, exc)
            continue
        plays = [tuple(sorted(p)) for p in lp.plays]
        listed = set(plays)
        if len(listed) != len(plays):
            run.mismatches.append({"case": c.id, "what": "legal_plays lists a play twice",
                                   "repro": reproducer(c)})
        complete = lp.count_exact and not lp.truncated
        if complete and lp.count != len(plays):
            run.mismatches.append({"case": c.id, "what": f"count {lp.count} but {len(plays)} plays listed",
                                   "repro": reproducer(c)})
        rng = random.Random(zlib.crc32(c.id.encode()))
        sample = plays if len(plays) <= per_case else rng.sample(plays, per_case)
        for p in sample:
            checked += 1
            v = rules.check_play(c.rules, c.trump, c.hand, p, c.lead)
            if not v.legal:
                run.mismatches.append({
                    "case": c.id, "what": "legal_plays lists a play that check_play rejects "
                    f"({', '.join(x.code for x in v.violations)}): play {format_cards(p)}",
                    "repro": reproducer(C.FollowCase(c.id, c.preset, c.rules, c.trump, c.hand, c.lead,
                                                     c.lead_kind, p, False))})
        if not complete:
            continue
        n = len(c.lead)
        candidates = [tuple(sorted(c.play))] + [tuple(sorted(rng.sample(list(c.hand), n))) for _ in range(probes)]
        for p in candidates:
            checked += 1
            v = rules.check_play(c.rules, c.trump, c.hand, p, c.lead)
            if v.legal != (p in listed):
                run.mismatches.append({
                    "case": c.id, "what": (f"check_play says {'legal' if v.legal else 'illegal'} "
                                           f"({', '.join(x.code for x in v.violations) or '-'}) but legal_plays "
                                           f"{'lists' if p in listed else 'does not list'} play {format_cards(p)}"),
                    "repro": reproducer(C.FollowCase(c.id, c.preset, c.rules, c.trump, c.hand, c.lead,
                                                     c.lead_kind, p, False))})
    run.notes.append(f"consistency: {checked} check_play calls compared against legal_plays (limit 1000) "
                     f"on {len(follows)} follow cases")


# -- profile ---------------------------------------------------------------------------------------
def profile(follows, tricks, adv) -> str:
    out = io.StringIO()
    for label, fn in (
            ("follow check (all follow cases)",
             lambda: [rules.check_play(c.rules, c.trump, c.hand, c.play, c.lead) for c in follows]),
            ("legal-play listing (all follow cases)",
             lambda: [rules.legal_plays(c.rules, c.trump, c.hand, c.lead, limit=100) for c in follows]),
            ("trick winner (all trick cases)",
             lambda: [rules.trick_winner(c.rules, c.trump, c.plays) for c in tricks])):
        prof = cProfile.Profile()
        prof.enable()
        fn()
        prof.disable()
        s = io.StringIO()
        st = pstats.Stats(prof, stream=s)
        st.sort_stats("tottime").print_stats(r"rules[/\\]", 14)
        out.write(f"\n=== {label}: top functions in rules/ by own time ===\n")
        out.write(_trim_pstats(s.getvalue()))
        s = io.StringIO()
        st = pstats.Stats(prof, stream=s)
        st.sort_stats("cumulative").print_stats(r"rules[/\\]", 10)
        out.write(f"--- {label}: by cumulative time ---\n")
        out.write(_trim_pstats(s.getvalue()))
    return out.getvalue()


def _trim_pstats(text: str) -> str:
    lines = text.splitlines()
    start = next((i for i, l in enumerate(lines) if l.strip().startswith("ncalls")), 0)
    root = str(HERE.parent) + os.sep
    return "\n".join(l.replace(root, "") for l in lines[start:] if l.strip()) + "\n"


# -- report ----------------------------------------------------------------------------------------
def fmt_us(us: float) -> str:
    if us != us:
        return "-"
    if us >= 1000:
        return f"{us / 1000:.2f} ms"
    return f"{us:.1f} µs"


def report(run: Run, meta: dict) -> str:
    base = statistics.median(run.baseline)
    lines = ["# Benchmark results", "",
             f"- date: {meta['date']}",
             f"- python: {meta['python']} ({meta['impl']}), {meta['machine']}, {meta['cores']} cores",
             f"- engine: the {getattr(rules, 'BUILD', 'pure')} build (`python -m bench.builds` compares the builds)",
             f"- cases: {meta['cases']}",
             f"- passes per case: {run.passes} (a case's time is its fastest pass; figures are over cases)",
             f"- baseline `sort25` (one `sorted()` of a shuffled 25-int list, median of {len(run.baseline)} "
             f"samples of 1 000 sorts taken through the run): {base:.3f} µs "
             f"(spread p10..p90 {percentile(run.baseline, 0.1):.3f}..{percentile(run.baseline, 0.9):.3f} µs)",
             "- cold start per case: no answer is memoized between calls; the per-(ruleset, trump) order "
             "tables are cached by design and were warmed once before timing"
             + (f"; caches cleared before every call: {', '.join(meta['caches'])}" if meta["caches"] else
                "; no other cache found in rules/"),
             f"- total run time: {meta['elapsed']:.0f} s", "",
             "| figure | n | mean | median | p99 | max | target | result | median / p99 / max in x sort25 |",
             "|---|---|---|---|---|---|---|---|---|"]
    for f in run.figures:
        tgt = ", ".join(f"{stat} ≤ {fmt_us(target)}" for stat, target in f["targets"])
        res = ", ".join("PASS" if ok else "FAIL" for ok in f["pass"])
        ratio = f"{f['median'] / base:,.0f} / {f['p99'] / base:,.0f} / {f['max'] / base:,.0f}"
        name = f["name"] + (f" — {f['note']}" if f["note"] and f["key"].startswith("adv:") else "")
        lines.append(f"| {name} | {f['n']} | {fmt_us(f['mean'])} | {fmt_us(f['median'])} | {fmt_us(f['p99'])} "
                     f"| {fmt_us(f['max'])} | {tgt} | {res} | {ratio} |")
    if run.breakdown:
        lines += ["", "## Breakdown by preset and lead kind (medians; listing max)", "",
                  "| preset | lead | n | check_play median | legal_plays median | legal_plays max |",
                  "|---|---|---|---|---|---|"]
        for preset, kind, n, fm, lm, lx in run.breakdown:
            lines.append(f"| {preset} | {kind} | {n} | {fmt_us(fm)} | {fmt_us(lm)} | {fmt_us(lx)} |")
    if run.protections:
        lines += ["", "## follow_protection: the 2-deck follow cases under every value (means, p99, ratio to none; "
                  "target: no value above 1.5x none)", "",
                  "| value | n | check_play mean | p99 | x none | legal_plays mean | p99 | x none |",
                  "|---|---|---|---|---|---|---|---|"]
        for value, n, cm, cp, cr, lm, lp, lr in run.protections:
            lines.append(f"| `{value}` | {n} | {fmt_us(cm)} | {fmt_us(cp)} | {cr:.2f} | {fmt_us(lm)} | {fmt_us(lp)} "
                         f"| {lr:.2f} |")
    lines += ["", "## Engine errors", ""]
    if run.errors:
        for e in run.errors:
            lines.append(f"- `{e['case']}` ({e['figure']}): {e['error']}  \n  reproduce: `{e['repro']}`")
    else:
        lines.append("- none")
    lines += ["", "## legal_plays / check_play disagreements", ""]
    if run.mismatches:
        for seen, m in enumerate(run.mismatches, start=1):
            if seen > 30:
                lines.append(f"- … {len(run.mismatches) - 30} more")
                break
            lines.append(f"- `{m['case']}`: {m['what']}  \n  reproduce: `{m['repro']}`")
    else:
        lines.append("- none")
    if run.notes:
        lines += ["", "## Notes", ""] + [f"- {n}" for n in run.notes]
    return "\n".join(lines) + "\n"


HTTP_BEGIN = "<!-- http-bench:begin -->"


def _http_section(path: Path) -> str:
    """The serving-path section that ``make bench-http`` wrote into the results file and the notes
    after it, kept whole."""
    if not path.exists():
        return ""
    old = path.read_text(encoding="utf-8")
    start = old.find(HTTP_BEGIN)
    return "" if start < 0 else "\n" + old[start:].rstrip("\n") + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="tractor-rules benchmark")
    ap.add_argument("--quick", action="store_true", help="fewer cases (smoke run)")
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--no-check", action="store_true", help="skip the consistency checks")
    ap.add_argument("--profile", action="store_true", help="cProfile the slow paths instead of writing RESULTS.md")
    ap.add_argument("--output", default=str(HERE / "RESULTS.md"))
    args = ap.parse_args(argv)
    t_start = time.perf_counter()
    n2, n4, t2, t4, nadv = (200, 50, 200, 25, 8) if args.quick else (2000, 500, 2000, 250, 40)

    print("building cases …", flush=True)
    follows = C.follow_cases(n2, n4)
    tricks = C.trick_cases(t2, t4)
    adv = C.adversarial_cases(nadv)
    for c in follows:
        order_for(c.rules, c.trump)
    for c in tricks:
        order_for(c.rules, c.trump)
    for c in adv:
        order_for(c.rules, c.trump)
    legal_share = sum(c.legal for c in follows) / max(1, len(follows))
    print(f"  {len(follows)} follow cases ({legal_share:.0%} legal plays), {len(tricks)} trick cases, "
          f"{len(adv)} adversarial calls; built in {time.perf_counter() - t_start:.1f} s", flush=True)

    if args.profile:
        print(profile(follows, tricks, adv))
        return 0

    run = Run(args.passes)
    caches = [q for q, _ in answer_caches()]
    run.base()
    print("timing follow checks and listings …", flush=True)
    follow_figures(run, follows)
    print("timing follow protections …", flush=True)
    protection_figures(run, follows)
    print("timing trick winners …", flush=True)
    trick_figures(run, tricks)
    print("timing adversarial cases …", flush=True)
    adversarial_figures(run, adv)
    print("timing whole-hand adjudication …", flush=True)
    adjudication_figures(run, args.quick)
    run.base()
    if not args.no_check:
        print("consistency checks …", flush=True)
        consistency(run, follows)
    n_kinds = {}
    for c in follows:
        n_kinds[c.lead_kind] = n_kinds.get(c.lead_kind, 0) + 1
    meta = {
        "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "python": platform.python_version(), "impl": platform.python_implementation(),
        "machine": f"{platform.system()} {platform.machine()}", "cores": os.cpu_count(),
        "cases": (f"{sum(c.decks == 2 for c in follows)} 2-deck + {sum(c.decks == 4 for c in follows)} 4-deck "
                  f"follow cases ({legal_share:.0%} legal; leads: "
                  + ", ".join(f"{k} {v}" for k, v in sorted(n_kinds.items())) + f"), {len(tricks)} trick cases, "
                  f"{len(adv)} adversarial calls"),
        "caches": caches, "elapsed": time.perf_counter() - t_start,
    }
    text = report(run, meta)
    print()
    print(text)
    if not args.quick:
        kept = house_rules.kept_section(Path(args.output))
        Path(args.output).write_text(text + kept + _http_section(Path(args.output)), encoding="utf-8")
        print(f"written to {os.path.relpath(args.output)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
