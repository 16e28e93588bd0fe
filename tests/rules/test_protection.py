"""Rules section 7.1: follow_protection, every row of the worked-example table with its full legal
set under each value (one side suit, level A, 4 decks, preset 4399 unless a row says otherwise)."""
from collections import Counter
from itertools import combinations

import pytest

import rules
from rules import Ruleset, Trump, parse_cards
from tests.rules.brute import submultisets

VALUES = ("none", "longer-tuples", "tractors", "longer-tuples-and-tractors")
LEVEL_A = Trump("A", "H")


def spades(text: str) -> list[int]:
    return sorted(parse_cards([f"{rank}S" for rank in text.split()]))


def key(cards) -> tuple[int, ...]:
    return tuple(sorted(cards))


def plays(suit: list[int], n: int, spec) -> set[tuple[int, ...]]:
    """A cell of the table as a set of plays: "any" (any n cards of S), a list of exact plays, or
    ("plus", [bases]) for each base with any further cards of S."""
    if spec == "any":
        return set(submultisets(Counter(suit), n))
    if isinstance(spec, tuple) and spec[0] == "plus":
        out = set()
        for base in spec[1]:
            base_cards = spades(base)
            rest = Counter(suit) - Counter(base_cards)
            out |= {key(base_cards + list(extra)) for extra in submultisets(rest, n - len(base_cards))}
        return out
    return {key(spades(p)) for p in spec}


def ruleset(config: str, value: str) -> Ruleset:
    preset, overrides = {
        "4399": ("4399", {"decks": 4}),
        "shengji3": ("shengji", {"decks": 3}),
        "tuolaji": ("tuolaji", {"decks": 4, "permanent_twos": False}),
        "pagat": ("pagat", {"decks": 4}),
    }[config]
    return Ruleset.preset(preset, follow_protection=value, **overrides)


ANY_PAIR = ["5 5", "6 6", "7 7", "9 9"]
TWO_PAIRS = [f"{a} {b}" for a, b in combinations(ANY_PAIR, 2)]

# (row name, ruleset, lead, S, {value: cell}) in the order of the table
TABLE = [
    ("33_from_55567", "4399", "3 3", "5 5 5 6 7",
     {"none": ["5 5"], "longer-tuples": "any", "tractors": ["5 5"], "longer-tuples-and-tractors": "any"}),
    ("33_from_5551010", "4399", "3 3", "5 5 5 10 10",
     {"none": ["5 5", "10 10"], "longer-tuples": ["10 10"], "tractors": ["5 5", "10 10"],
      "longer-tuples-and-tractors": ["10 10"]}),
    ("33_from_23QQKK", "4399", "3 3", "2 3 Q Q K K",
     {"none": ["Q Q", "K K"], "longer-tuples": ["Q Q", "K K"], "tractors": "any",
      "longer-tuples-and-tractors": "any"}),
    ("33_from_23QQKK77", "4399", "3 3", "2 3 Q Q K K 7 7",
     {"none": ["7 7", "Q Q", "K K"], "longer-tuples": ["7 7", "Q Q", "K K"], "tractors": ["7 7"],
      "longer-tuples-and-tractors": ["7 7"]}),
    ("333_from_5555778", "4399", "3 3 3", "5 5 5 5 7 7 8",
     {"none": ["5 5 5"], "longer-tuples": ("plus", ["7 7"]), "tractors": ["5 5 5"],
      "longer-tuples-and-tractors": ("plus", ["7 7"])}),
    ("333_shengji_3_decks_from_55668", "shengji3", "3 3 3", "5 5 6 6 8",
     {"none": ("plus", ["5 5", "6 6"]), "longer-tuples": ("plus", ["5 5", "6 6"]), "tractors": "any",
      "longer-tuples-and-tractors": "any"}),
    ("3333_from_22668899", "4399", "3 3 3 3", "2 2 6 6 8 8 9 9",
     {"none": ["8 8 9 9"], "longer-tuples": ["8 8 9 9"], "tractors": ["2 2 6 6"],
      "longer-tuples-and-tractors": ["2 2 6 6"]}),
    ("3344_from_777891010", "4399", "3 3 4 4", "7 7 7 8 9 10 10",
     {"none": ["7 7 10 10"], "longer-tuples": ("plus", ["10 10"]), "tractors": ["7 7 10 10"],
      "longer-tuples-and-tractors": ("plus", ["10 10"])}),
    ("3344_from_5556699", "4399", "3 3 4 4", "5 5 5 6 6 9 9",
     {"none": ["5 5 6 6"], "longer-tuples": ["6 6 9 9"], "tractors": ["5 5 6 6"],
      "longer-tuples-and-tractors": ["6 6 9 9"]}),
    ("3344_from_6666788", "4399", "3 3 4 4", "6 6 6 6 7 8 8",
     {"none": ["6 6 6 6", "6 6 8 8"], "longer-tuples": ("plus", ["8 8"]), "tractors": ["6 6 6 6", "6 6 8 8"],
      "longer-tuples-and-tractors": ("plus", ["8 8"])}),
    ("6677_tuolaji_from_888899J", "tuolaji", "6 6 7 7", "8 8 8 8 9 9 J",
     {"none": ["8 8 8 8", "8 8 9 9"], "longer-tuples": ["8 8 8 8"], "tractors": ["8 8 8 8", "8 8 9 9"],
      "longer-tuples-and-tractors": ["8 8 8 8"]}),
    ("333444_shengji_3_decks_from_55566779", "shengji3", "3 3 3 4 4 4", "5 5 5 6 6 7 7 9",
     {"none": ("plus", ["5 5 6 6", "6 6 7 7"]), "longer-tuples": ("plus", ["6 6 7 7"]),
      "tractors": ("plus", ["5 5 6 6", "6 6 7 7"]), "longer-tuples-and-tractors": ("plus", ["6 6 7 7"])}),
    ("334499_throw_from_556677JQ", "4399", "3 3 4 4 9 9", "5 5 6 6 7 7 J Q",
     {"none": ["5 5 6 6 7 7"], "longer-tuples": ["5 5 6 6 7 7"], "tractors": ("plus", ["5 5 6 6", "6 6 7 7"]),
      "longer-tuples-and-tractors": ("plus", ["5 5 6 6", "6 6 7 7"])}),
    ("33_pagat_from_55667799", "pagat", "3 3", "5 5 6 6 7 7 9 9",
     {"none": ANY_PAIR, "longer-tuples": ANY_PAIR, "tractors": ["9 9"], "longer-tuples-and-tractors": ["9 9"]}),
    ("3344_pagat_from_55667799", "pagat", "3 3 4 4", "5 5 6 6 7 7 9 9",
     {value: TWO_PAIRS for value in VALUES}),
]


CASES = [pytest.param(config, lead, suit, value, cell[value], id=f"{name}-{value}")
         for name, config, lead, suit, cell in TABLE for value in VALUES]


@pytest.mark.parametrize("config, lead, suit, value, spec", CASES)
def test_s7_1_table_row_full_legal_set(config, lead, suit, value, spec):
    rs = ruleset(config, value)
    lead_cards, held = spades(lead), spades(suit)
    n = len(lead_cards)
    expected = plays(held, n, spec)
    answer = rules.legal_plays(rs, LEVEL_A, held, lead_cards, limit=1000)
    assert answer.count_exact and answer.count == len(expected)
    assert {key(p) for p in (tuple(int(c) for c in play) for play in answer.plays)} == expected
    for play in submultisets(Counter(held), n):
        verdict = rules.check_play(rs, LEVEL_A, held, list(play), lead_cards)
        assert verdict.legal == (play in expected), (play, verdict.violations)
        if not verdict.legal:
            assert [v.code for v in verdict.violations] == ["MUST_PLAY_UNIT"]


@pytest.mark.parametrize("name, config, lead, suit", [row[:4] for row in TABLE])
def test_s7_1_suit_only_owes_no_structure(name, config, lead, suit):
    rs = ruleset(config, "suit-only")
    lead_cards, held = spades(lead), spades(suit)
    answer = rules.legal_plays(rs, LEVEL_A, held, lead_cards, limit=1000)
    assert answer.count == len(plays(held, len(lead_cards), "any"))


def test_s7_1_protected_triple_is_named_in_the_reason():
    rs = ruleset("4399", "longer-tuples")
    verdict = rules.check_play(rs, LEVEL_A, spades("5 5 5 10 10"), spades("5 5"), spades("3 3"))
    assert not verdict.legal
    (violation,) = verdict.violations
    assert violation.code == "MUST_PLAY_UNIT"
    assert violation.message == "you hold the pair 10♠10♠ and must play it; protected: 5♠5♠5♠"
    assert violation.detail["protection"] == "longer-tuples"


def test_s7_1_trick_winner_does_not_change():
    for value in VALUES + ("suit-only",):
        rs = ruleset("4399", value)
        result = rules.trick_winner(rs, LEVEL_A, [(0, spades("3 3")), (1, spades("5 5")), (2, spades("K Q"))])
        assert result.winner == 1
