"""Section 7, the legal-play listing: the sub-multisets of a suit's cards come in one fixed order (most
copies of the first card in ``Order.sort_key`` first), whatever walks them; checked against the plain
recursive definition of that order."""
from __future__ import annotations

import random

from rules import Ruleset, Trump, order_for
from rules.listing import submultisets


def by_definition(counts, k, order):
    items = sorted(counts.items(), key=lambda kv: order.sort_key(kv[0]))

    def rec(i, k, acc):
        if k == 0:
            yield tuple(acc)
            return
        if i == len(items):
            return
        c, m = items[i]
        for take in range(min(m, k), -1, -1):
            yield from rec(i + 1, k - take, acc + [c] * take)

    return list(rec(0, k, []))


def test_s7_listing_walks_sub_multisets_in_the_defined_order():
    order = order_for(Ruleset.preset("qq"), Trump(5, "H"))
    rng = random.Random(20261201)
    for _ in range(2000):
        counts = {rng.randrange(54): rng.randint(1, 5) for _ in range(rng.randint(0, 8))}
        k = rng.randint(0, sum(counts.values()) + 1)
        assert list(submultisets(counts, k, order)) == by_definition(counts, k, order), (counts, k)


def test_s7_listing_of_no_cards_and_of_too_many():
    order = order_for(Ruleset.preset("qq"), Trump(5, "H"))
    assert list(submultisets({}, 0, order)) == [()]
    assert list(submultisets({3: 2}, 3, order)) == []
    assert list(submultisets({3: 2, 4: 1}, 2, order)) == by_definition({3: 2, 4: 1}, 2, order)
