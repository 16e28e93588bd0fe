"""bench.tournament: the duplicate bookkeeping and its interval."""
import math

from bench.tournament import duplicate, interval
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
