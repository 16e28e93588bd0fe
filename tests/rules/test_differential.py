"""Engine against brute force on positions that stress the rare configurations (rules sections 6-8).

The positions come from tests/rules/differential.py: 3-8 decks, many copies of equal-strength cards,
every combination of the section 3 parameters that sections 5-8 read, throws of 2-5 units with
triples and quads, and follows of such throws.  Derandomized and bounded (a few seconds in all);
``make soak`` runs the same comparisons on 200,000 positions.  A failure prints the position as
JSON (rules, trump, cards), reproducible through the Python API or the HTTP API.
"""
import json
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.rules.brute import Reference
from tests.rules.differential import cards_of, compare, generate, load

SEEDS = st.integers(0, 2 ** 63 - 1)


def bounded(examples):
    # no shrinking: a seed does not shrink into a smaller position, and the failure prints it
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    phases=(Phase.explicit, Phase.generate), suppress_health_check=[HealthCheck.too_slow])


def agree(seed: int, category: str) -> None:
    rng = random.Random(seed)
    position = generate(rng, category)
    found = compare(position, category, rng)
    if found is not None and "refused" not in found:
        pytest.fail(f"{category} disagreement:\n{json.dumps({'position': position, **found})}")


@bounded(300)
@given(SEEDS)
def test_brute_force_shape_list_is_the_shape_of_each_canonical_split(seed):
    position = generate(random.Random(seed), "decompose")
    rs, trump = load(position)
    ref = Reference(rs, trump)
    cards = cards_of(position["cards"])
    shapes = ref.lead_units(cards)
    splits = ref.canonical_splits(cards)
    assert splits
    for split in splits:
        assert tuple((w, len(run)) for w, run in split) == shapes
        assert sorted(c for w, run in split for c in run for _ in range(w)) == sorted(cards)


@bounded(800)
@given(SEEDS)
def test_decomposition_is_a_canonical_split(seed):
    agree(seed, "decompose")


@bounded(800)
@given(SEEDS)
def test_throw_adjudication_agrees_with_the_brute_force(seed):
    agree(seed, "throw")


@bounded(1500)
@given(SEEDS)
def test_follow_verdict_and_code_agree_with_the_brute_force(seed):
    agree(seed, "follow")


@bounded(400)
@given(SEEDS)
def test_legal_play_count_and_listing_agree_with_the_brute_force(seed):
    agree(seed, "legal")


@bounded(600)
@given(SEEDS)
def test_trick_winner_and_format_matches_agree_with_the_brute_force(seed):
    agree(seed, "trick")


# -- follow_protection (section 7.1): 2-4 decks, every value, single-unit, tractor and throw leads --------
@bounded(800)
@given(SEEDS)
def test_protected_follow_verdict_and_code_agree_with_the_brute_force(seed):
    agree(seed, "protected-follow")


@bounded(400)
@given(SEEDS)
def test_protected_legal_count_listing_and_validation_agree_with_the_brute_force(seed):
    agree(seed, "protected-legal")


# -- section 8: all-units with singles beside multi-card units; natural runs through level cards ---------
@bounded(600)
@given(SEEDS)
def test_s8_all_units_tricks_with_singles_agree_with_the_brute_force(seed):
    agree(seed, "all-units-trick")


@bounded(400)
@given(SEEDS)
def test_s8_natural_runs_through_level_cards_and_twos_win_tricks_as_the_brute_force_says(seed):
    agree(seed, "natural-trick")


@bounded(400)
@given(SEEDS)
def test_s6_natural_runs_through_level_cards_and_twos_in_throws_agree_with_the_brute_force(seed):
    agree(seed, "natural-throw")
