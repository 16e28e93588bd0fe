"""Duplicate tournaments between bots (docs/bots.md): ``python -m bench.tournament basic random``.

Each deal is played twice with the same cards at the same seats: first bot A at the even seats and
B at the odd ones, then the other way round, so the cards cancel out.  The dealer is seat 0 in both
(the hand is not a first hand), so each bot defends once and attacks once with every deal's cards.
A deal pair whose hand redeals (nobody declared, under a ruleset that redeals) is left out and
counted.  Per deal pair, the sample is A's mean level change per hand less B's (each bot's change is
the mean over the seats it holds), and likewise for the card points its seats won in tricks; the
answer is the mean over the pairs with a 95 % confidence interval (normal, 1.96 standard errors).
Every action of every hand is judged by the referee (:func:`bots.game.play_hand`).

Rulesets: every preset and the find-friends modes (``--rulesets`` picks some by name).  Long runs
go in rounds (``--pairs 10 --seed r1``, ``--seed r2``, ...) so that every round covers every ruleset;
``--pool FILE...`` reads the tables rounds printed and pools them per ruleset and pairing (the means
and intervals recombined exactly from each row's count, mean and half-width).
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, field

from bots.game import Bot, play_hand, random_bot, suggesting_bot
from rules import Ruleset

RULESETS: dict[str, tuple[str, dict]] = {
    "tuolaji": ("tuolaji", {}),
    "shengji": ("shengji", {}),
    "qq": ("qq", {}),
    "4399": ("4399", {}),
    "four-deck": ("four-deck", {}),
    "pagat": ("pagat", {}),
    "ff6-first-played": ("tuolaji", {"players": 6, "decks": 3, "partnership": "find-friends"}),
    "ff5-holder": ("pagat", {"players": 5, "partnership": "find-friends", "friend_join": "holder"}),
    "ff5-first-outsider": ("pagat", {"players": 5, "partnership": "find-friends", "friend_join": "first-outsider"}),
}
TWO_DECKS = ("tuolaji", "shengji", "qq", "4399", "pagat")


def bot(name: str) -> Bot:
    return random_bot if name == "random" else suggesting_bot(name)


@dataclass
class Tally:
    """Per deal pair: A's level change less B's, and its seats' card points less B's."""

    levels: list[float] = field(default_factory=list)
    points: list[float] = field(default_factory=list)
    a_levels: list[float] = field(default_factory=list)
    b_levels: list[float] = field(default_factory=list)
    redeals: int = 0
    seconds: float = 0.0


def interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % confidence interval."""
    n = len(xs)
    if n == 0:
        return math.nan, math.nan
    mean = sum(xs) / n
    if n == 1:
        return mean, math.inf
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def duplicate(rules: Ruleset, a: str, b: str, pairs: int, seed: str) -> Tally:
    """``pairs`` deal pairs of ``a`` against ``b`` under ``rules``."""
    tally = Tally()
    bots = {a: bot(a), b: bot(b)} if a != b else {a: bot(a)}
    n = rules.players
    start = time.perf_counter()
    for i in range(pairs):
        outcome = []
        for swap in (0, 1):
            seats = [a if (s + swap) % 2 == 0 else b for s in range(n)]
            played = play_hand(rules, f"{seed}/{i}", [bots[x] for x in seats])
            if played.settlement is None:
                break
            mine = [s for s in range(n) if seats[s] == a]
            theirs = [s for s in range(n) if seats[s] == b]
            change = played.settlement.level_changes
            outcome.append((sum(change[s] for s in mine) / len(mine), sum(change[s] for s in theirs) / len(theirs),
                            sum(played.points[s] for s in mine) / len(mine)
                            - sum(played.points[s] for s in theirs) / len(theirs)))
        if len(outcome) < 2:
            tally.redeals += 1
            continue
        tally.a_levels.append(sum(o[0] for o in outcome) / 2)
        tally.b_levels.append(sum(o[1] for o in outcome) / 2)
        tally.levels.append(sum(o[0] - o[1] for o in outcome) / 2)
        tally.points.append(sum(o[2] for o in outcome) / 2)
        if (i + 1) % 5 == 0:            # progress, for long runs
            lv, ci = interval(tally.levels)
            print(f"  {a} vs {b}: {i + 1} pairs, {lv:+.3f} ± {ci:.3f} levels/hand", file=sys.stderr, flush=True)
    tally.seconds = time.perf_counter() - start
    return tally


def row(name: str, a: str, b: str, t: Tally) -> str:
    lv, lv_ci = interval(t.levels)
    pt, pt_ci = interval(t.points)
    a_mean, _ = interval(t.a_levels)
    b_mean, _ = interval(t.b_levels)
    return (f"| {name} | {a} vs {b} | {len(t.levels)} | {a_mean:.3f} | {b_mean:.3f} | {lv:+.3f} ± {lv_ci:.3f} | "
            f"{pt:+.1f} ± {pt_ci:.1f} | {t.redeals} | {t.seconds:.0f} |")


HEADER = ("| ruleset | pairing | deal pairs | A levels/hand | B levels/hand | A − B levels/hand (95 %) | "
          "A − B points/hand (95 %) | redealt | seconds |\n|---|---|---|---|---|---|---|---|---|")


def combine(parts: list[tuple[int, float, float]]) -> tuple[int, float, float]:
    """Samples given as (count, mean, 95 % half-width) pooled into one (count, mean, half-width)."""
    n = sum(k for k, _, _ in parts)
    mean = sum(k * m for k, m, _ in parts) / n
    squares = 0.0
    for k, m, half in parts:
        sd = half * math.sqrt(k) / 1.96 if k > 1 else 0.0
        squares += (k - 1) * sd * sd + k * (m - mean) ** 2
    return n, mean, 1.96 * math.sqrt(squares / (n - 1)) / math.sqrt(n) if n > 1 else math.inf


def pool(paths: list[str]) -> str:
    """The rows of the tables in ``paths`` pooled per ruleset and pairing (a table of the same shape)."""
    rows: dict[tuple[str, str], list[list[str]]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if len(cells) == 9 and cells[2].isdigit() and cells[0] != "2-deck presets pooled":
                    rows.setdefault((cells[0], cells[1]), []).append(cells)
    out = [HEADER]
    pooled: dict[str, list[list[str]]] = {}
    for (name, pairing), found in rows.items():
        out.append(_pooled_row(name, pairing, found))
        if name in TWO_DECKS:
            pooled.setdefault(pairing, []).extend(found)
    for pairing, found in pooled.items():
        out.append(_pooled_row("2-deck presets pooled", pairing, found))
    return "\n".join(out)


def _pooled_row(name: str, pairing: str, cells: list[list[str]]) -> str:
    def split(text: str) -> tuple[float, float]:
        mean, _, half = text.partition("±")
        return float(mean), float(half)
    counts = [int(c[2]) for c in cells]
    n, lv, lv_ci = combine([(k, *split(c[5])) for k, c in zip(counts, cells, strict=True)])
    _, pt, pt_ci = combine([(k, *split(c[6])) for k, c in zip(counts, cells, strict=True)])
    a = sum(k * float(c[3]) for k, c in zip(counts, cells, strict=True)) / n
    b = sum(k * float(c[4]) for k, c in zip(counts, cells, strict=True)) / n
    redeals = sum(int(c[7]) for c in cells)
    seconds = sum(float(c[8]) for c in cells)
    return (f"| {name} | {pairing} | {n} | {a:.3f} | {b:.3f} | {lv:+.3f} ± {lv_ci:.3f} | {pt:+.1f} ± {pt_ci:.1f} | "
            f"{redeals} | {seconds:.0f} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", nargs="?", help="basic, standard, strong or random")
    parser.add_argument("b", nargs="?", help="basic, standard, strong or random")
    parser.add_argument("--pool", nargs="+", metavar="FILE", help="pool the tables earlier runs printed")
    parser.add_argument("--pairs", type=int, default=20, help="deal pairs per ruleset")
    parser.add_argument("--rulesets", default=",".join(RULESETS), help="comma-separated names: " + ", ".join(RULESETS))
    parser.add_argument("--seed", default="tournament")
    args = parser.parse_args(argv)
    if args.pool:
        print(pool(args.pool))
        return
    if args.a is None or args.b is None:
        parser.error("name two bots (or --pool FILE...)")
    print(HEADER)
    pooled = Tally()
    for name in args.rulesets.split(","):
        preset, kw = RULESETS[name]
        t = duplicate(Ruleset.preset(preset, **kw), args.a, args.b, args.pairs, f"{args.seed}/{name}")
        print(row(name, args.a, args.b, t), flush=True)
        if name in TWO_DECKS:
            pooled.levels += t.levels
            pooled.points += t.points
            pooled.a_levels += t.a_levels
            pooled.b_levels += t.b_levels
            pooled.redeals += t.redeals
            pooled.seconds += t.seconds
    if pooled.levels:
        print(row("2-deck presets pooled", args.a, args.b, pooled))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
