"""bench.tournament: the duplicate bookkeeping and its interval."""
import math

from bench.tournament import HEADER, combine, duplicate, interval, pool
from rules import Ruleset


def test_interval_is_the_mean_and_196_standard_errors():
    mean, half = interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert math.isclose(half, 1.96 * math.sqrt(5 / 3) / 2)


def test_a_bot_against_itself_is_even_on_every_deal_pair():
    t = duplicate(Ruleset.preset("qq"), "basic", "basic", 3, "even")
    assert t.levels == [0.0] * 3 and t.points == [0.0] * 3


def test_basic_beats_random_on_duplicate_deals():
    t = duplicate(Ruleset.preset("qq"), "basic", "random", 4, "beats")
    assert len(t.levels) + t.redeals == 4 and len(t.levels) >= 3
    assert min(t.levels) > 0 and min(t.points) > 0


def test_rounds_pool_to_the_interval_of_all_their_pairs():
    xs = [0.5, -1.0, 2.0, 0.0, 1.5, 1.0, -0.5]
    parts = [(len(p), *interval(p)) for p in (xs[:3], xs[3:])]
    n, mean, half = combine(parts)
    whole = interval(xs)
    assert n == len(xs) and math.isclose(mean, whole[0]) and math.isclose(half, whole[1])


def test_pool_reads_the_tables_rounds_printed(tmp_path):
    rounds = []
    for i, xs in enumerate(([1.0, 0.0], [0.5, 0.5, -1.0])):
        lv, ci = interval(xs)
        path = tmp_path / f"r{i}.md"
        path.write_text(f"{HEADER}\n| qq | a vs b | {len(xs)} | 0.500 | 0.250 | {lv:+.3f} ± {ci:.3f} | +1.0 ± 2.0 | 0 | 3 |\n")
        rounds.append(str(path))
    lines = pool(rounds).splitlines()
    assert lines[2].startswith("| qq | a vs b | 5 | 0.500 | 0.250 | +0.200 ± ")
    assert lines[-1].startswith("| 2-deck presets pooled | a vs b | 5 |") and lines[-1].endswith("| 0 | 6 |")
