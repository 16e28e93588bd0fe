"""Rules section 6: the canonical decomposition of a play, and the Unit / Format values."""
import pytest

import rules
from rules.cards import parse_cards
from rules.order import Trump
from rules.ruleset import Ruleset

QQ = Ruleset.preset("qq")
QQ3 = Ruleset.preset("qq", decks=3)
FOUR = Ruleset.preset("four-deck")
SIDE = Trump("10", "H")   # spades, clubs and diamonds are side suits with every rank but 10


def cs(text):
    return parse_cards(text.split())


def units(rs, trump, text):
    fmt = rules.decompose(rs, trump, cs(text))
    return [(u.width, u.length, "".join(str(c)[:-1] for c in u.cards)) for u in fmt.units]


def test_s6_22233_is_tractor_2233_plus_single_2():
    assert units(QQ3, SIDE, "2S 2S 2S 3S 3S") == [(2, 2, "23"), (1, 1, "2")]


def test_s6_44455_tractor_before_triple_because_more_cards():
    assert units(QQ3, SIDE, "4S 4S 4S 5S 5S") == [(2, 2, "45"), (1, 1, "4")]


def test_s6_titanic_before_longer_pair_tractor_of_same_count():
    # 333444 + 55: the titanic (6 cards, width 3) beats 334455 (6 cards, width 2)
    assert units(QQ3, SIDE, "3S 3S 3S 4S 4S 4S 5S 5S") == [(3, 2, "34"), (2, 1, "5")]


def test_s6_triple_and_single():
    assert units(QQ3, SIDE, "3S 3S 3S 4S") == [(3, 1, "3"), (1, 1, "4")]


def test_s6_quad_tractor_four_decks():
    assert units(FOUR, Trump("9", "H"), "3S 3S 3S 3S 4S 4S 4S 4S") == [(4, 2, "34")]


def test_s6_level_rank_skipped_inside_a_decomposition():
    # level 7: 5566 88 is one 3-pair tractor (section 5)
    assert units(QQ, Trump("7", "H"), "5S 5S 6S 6S 8S 8S") == [(2, 3, "568")]


def test_s6_units_sorted_by_card_count_width_length():
    got = units(QQ, SIDE, "AS 3S 3S 4S 4S 7S 7S 9S")
    assert got == [(2, 2, "34"), (2, 1, "7"), (1, 1, "A"), (1, 1, "9")]
    fmt = rules.decompose(QQ, SIDE, cs("AS 3S 3S 4S 4S 7S 7S 9S"))
    keys = [(u.size, u.width, u.length) for u in fmt.units]
    assert keys == sorted(keys, reverse=True)
    assert fmt.largest_unit == fmt.units[0]


def test_s6_throw_flag_and_suit_label():
    one = rules.decompose(QQ, SIDE, cs("9S 9S"))
    assert not one.is_throw and one.suit == "S" and one.size == 2
    many = rules.decompose(QQ, SIDE, cs("9S 8S 8S 4S 4S"))
    assert many.is_throw and many.size == 5 and len(many.units) == 3
    trumps = rules.decompose(QQ, SIDE, cs("10S 10C"))
    assert trumps.suit == "trump" and trumps.is_throw  # equal off-suit level cards: two singles


def test_s6_unit_values():
    fmt = rules.decompose(QQ, SIDE, cs("JS JS QS QS KS KS"))
    u = fmt.units[0]
    assert (u.width, u.length, u.size, u.kind) == (2, 3, 6, "tractor")
    assert [str(c) for c in u.cards] == ["JS", "QS", "KS"]
    assert sorted(u.all_cards) == sorted(cs("JS JS QS QS KS KS"))


@pytest.mark.parametrize("text, kind", [("4S", "single"), ("4S 4S", "pair"), ("4S 4S 4S", "triple"),
                                        ("4S 4S 4S 4S", "quad"), ("4S 4S 4S 4S 4S", "n-kind"),
                                        ("4S 4S 5S 5S", "tractor"), ("4S 4S 4S 5S 5S 5S", "tractor")])
def test_s1_unit_kinds(text, kind):
    rs = Ruleset.preset("tuolaji", decks=5)
    fmt = rules.decompose(rs, Trump("9", "H"), cs(text))
    assert len(fmt.units) == 1 and fmt.units[0].kind == kind


def test_s6_no_straights_singles_stay_singles():
    assert sorted(units(QQ, SIDE, "3S 4S 5S")) == [(1, 1, "3"), (1, 1, "4"), (1, 1, "5")]


def test_s6_decompose_rejects_empty_and_mixed_suits():
    with pytest.raises(rules.InputError):
        rules.decompose(QQ, SIDE, [])
    with pytest.raises(rules.InputError):
        rules.decompose(QQ, SIDE, cs("4S 4C"))


def test_s6_decomposition_is_a_partition_of_the_cards():
    text = "3S 3S 3S 4S 4S 4S 5S 5S 7S 9S 9S JS"
    fmt = rules.decompose(QQ3, SIDE, cs(text))
    cards = sorted(c for u in fmt.units for c in u.all_cards)
    assert cards == sorted(cs(text))


def test_s6_decomposition_does_not_depend_on_card_order():
    text = "JS 3S 9S 4S 3S 5S 4S 9S 3S 7S 4S 5S"
    a = rules.decompose(QQ3, SIDE, cs(text))
    b = rules.decompose(QQ3, SIDE, list(reversed(cs(text))))
    assert a == b


def _chains(counts, order, width, length):
    """Every run by its definition (section 5): distinct cards, each held ``width`` times, the second
    adjacent above the first when it starts a run, each later one above the one before inside a run."""
    from itertools import permutations
    held = [c for c, k in counts.items() if k >= width]
    out = set()
    for path in permutations(held, length):
        steps = [order.next_first[path[0]]] + [order.next_mid[c] for c in path[1:-1]]
        if all(path[j + 1] in steps[j] for j in range(length - 1)):
            out.add(tuple(path))
    return out


@pytest.mark.parametrize("preset, trump", [("tuolaji", Trump("7", "H")), ("pagat", Trump("7", None)),
                                           ("qq", SIDE), ("four-deck", Trump("2", "S"))])
def test_s5_runs_are_every_chain_and_their_codes_compare_as_their_cards(preset, trump):
    import random

    from rules.order import order_for
    from rules.runs import run_codes, run_of, runs
    rs = Ruleset.preset(preset, decks=4)
    order = order_for(rs, trump)
    rng = random.Random(5)
    for _ in range(60):
        suit = rng.choice([0, 1, 4])
        cards = [c for c in range(54) if order.eff[c] == suit]
        counts = {c: rng.randint(1, 4) for c in rng.sample(cards, min(len(cards), rng.randint(2, 9)))}
        work = [0] * 54
        for c, k in counts.items():
            work[c] = k
        for width in (2, 3):
            for length in (1, 2, 3, 4):
                found = runs(counts, order, width, length)
                if length == 1 or order.is_unit(width, length):
                    assert set(found) == (_chains(counts, order, width, length) if length > 1
                                          else {(c,) for c, k in counts.items() if k >= width})
                assert len(set(found)) == len(found)
                codes = run_codes(work, order, width, length, order.by_seq(counts), None)
                assert [run_of(code, length) for code in codes] == found
                assert sorted(codes) == [codes[j] for j in sorted(range(len(codes)), key=lambda j: found[j])]


def test_s7_realize_refuses_more_copies_than_any_deal_holds():
    from rules.order import order_for
    from rules.realization import realize
    from rules.violations import InputError
    order = order_for(QQ, SIDE)
    with pytest.raises(InputError):
        realize({cs("3S")[0]: 300}, [(2, 1)], order, False)


def test_s5_natural_adjacency_never_closes_a_run_on_its_own_ace():
    from rules.order import order_for
    from rules.ruleset import Adjacency
    from rules.runs import runs
    rs = Ruleset.preset("tuolaji", tractor_adjacency=Adjacency.NATURAL)
    order = order_for(rs, Trump("7", "H"))
    hearts = {c: 2 for c in range(13, 26)}      # every trump-suit card: A climbs to 2, K to A
    assert {str(rules.cards.CARDS[c]) for c in hearts} == {f"{r}H" for r in (*"A23456789", "10", *"JQK")}
    longest = max(length for length in range(2, 16) if runs(hearts, order, 2, length))
    assert longest == 13
    for run in runs(hearts, order, 2, longest):
        assert len(set(run)) == longest


def test_s7_one_holding_serves_several_searches():
    """A search leaves the holding's copies as they were, found or not (an obligation tries the
    taggings of one owed shape on one holding)."""
    from collections import Counter

    from rules.budget import Budget
    from rules.order import order_for
    from rules.realization import Holding, needed, realize, realize_in
    order = order_for(QQ3, SIDE)
    counts = dict(Counter(cs("3S 3S 3S 4S 4S 4S 5S 5S 9S 9S")))
    holding = Holding(counts, order)
    before = list(holding.work)
    for shapes in ([(3, 2)], [(2, 3)], [(3, 3)], [(2, 1), (2, 1), (2, 1), (2, 1)], [(2, 2), (2, 2)]):
        got = realize_in(holding, needed(tuple(shapes), None), order, False, Budget(1000), None)
        assert got == realize(counts, shapes, order, False)
        assert holding.work == before
    assert realize(counts, [(3, 2)], order, False) == [((3, 2), tuple(cs("3S 4S")))]
    assert realize(counts, [(3, 3)], order, False) is None
