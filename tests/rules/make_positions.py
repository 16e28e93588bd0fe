"""Generate tests/data/follow_positions.json: fixed follow positions with brute-force legal counts.

Run from the repository root:  python -m tests.rules.make_positions
The positions are drawn from a fixed seed (plus a few chosen by hand), so the file is reproducible;
the counts come from tests/rules/brute.py, never from the engine.  ``deal`` is also used by the
hypothesis properties to build random follow positions.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from rules.cards import format_cards, parse_cards
from rules.order import TRUMP, Trump, order_for
from rules.ruleset import Ruleset
from tests.rules.brute import Reference

OUT = Path(__file__).resolve().parent.parent / "data" / "follow_positions.json"
SEED = 20240607

# (preset, overrides) pairs covering all six presets and 1-4 decks.
CONFIGS = [
    ("tuolaji", {}), ("tuolaji", {"decks": 1}), ("tuolaji", {"decks": 3}), ("tuolaji", {"decks": 4}),
    ("shengji", {}), ("shengji", {"decks": 1}), ("shengji", {"decks": 3}),
    ("qq", {}), ("qq", {"decks": 1}), ("qq", {"decks": 3}), ("qq", {"permanent_twos": True}),
    ("4399", {}), ("4399", {"decks": 3}),
    ("four-deck", {}), ("four-deck", {"decks": 2}), ("four-deck", {"decks": 3}),
    ("pagat", {}), ("pagat", {"decks": 3}), ("pagat", {"decks": 1}),
]


def random_unit(rng: random.Random, order, counts: Counter, suit: int, max_width: int):
    """A random unit of `suit` that `counts` can supply: (width, run) or None."""
    cards = [c for c in counts if order.eff[c] == suit and counts[c] > 0]
    if not cards:
        return None
    start = rng.choice(sorted(cards))
    width = rng.randint(1, min(max_width, counts[start]))
    run = [start]
    if width >= 2:
        want = rng.choice([1, 1, 2, 2, 3])
        while len(run) < want:
            nxt = [d for d in (order.next_first if len(run) == 1 else order.next_mid)[run[-1]]
                   if counts[d] >= width and d not in run]
            if not nxt:
                break
            run.append(rng.choice(nxt))
    return width, run


def deal(rng: random.Random, rules: Ruleset, trump: Trump, *, throws: bool | None = None,
         max_suit: int = 12, max_other: int = 4, void: bool = False):
    """A random follow position: (hand, lead), both lists of card indices, within the copy limit.

    The lead is one unit, or several units of one effective suit where throws are allowed; the
    follower's hand is weighted towards a few ranks of the led suit so that pairs and tractors
    occur often."""
    order = order_for(rules, trump)
    pool = Counter({c: rules.decks for c in range(54)})
    suits = [s for s in (0, 1, 2, 3, TRUMP) if any(order.eff[c] == s for c in range(54))]
    suit = rng.choice(suits)
    throws = rules.throws if throws is None else throws
    lead: list[int] = []
    for _ in range(rng.randint(1, 3) if throws else 1):
        unit = random_unit(rng, order, pool, suit, min(rules.decks, 4))
        if unit is None:
            break
        width, run = unit
        for c in run:
            pool[c] -= width
            lead += [c] * width
    suit_cards = [c for c in sorted(pool) if order.eff[c] == suit and pool[c] > 0]
    hand: list[int] = []
    if not void and suit_cards:
        for c in rng.sample(suit_cards, min(len(suit_cards), rng.randint(1, 6))):
            take = rng.randint(1, pool[c])
            hand += [c] * take
            pool[c] -= take
        rng.shuffle(hand)
        hand = hand[:rng.randint(0, max_suit)]
    others = [c for c in sorted(pool) if order.eff[c] != suit for _ in range(pool[c])]
    rng.shuffle(others)
    hand += others[:rng.randint(0, max_other)]
    del others[:max_other]
    while len(hand) < len(lead) and others:
        hand.append(others.pop())
    return sorted(hand), sorted(lead)


def position_record(rules_dict: dict, trump: Trump, hand, lead, note: str) -> dict:
    rules = Ruleset.from_dict(rules_dict)
    count = len(Reference(rules, trump).position(hand, lead).legal_plays())
    return {
        "note": note,
        "rules": rules_dict,
        "trump": trump.to_dict(),
        "hand": format_cards(sorted(hand)),
        "lead": format_cards(sorted(lead)),
        "count": count,
    }


def cards(texts: str):
    return list(parse_cards(texts.split()))


# Chosen by hand: void followers with many cards (large counts), and a few classic obligations.
HANDPICKED = [
    ({"preset": "qq"}, Trump("5", "H"), "2S 3S 4S 6S 7S 8S 9S 10S JS QS KS AS 2C 3C 4C 6C 7C 8C",
     "9D 9D 10D 10D", "void follower, 18 distinct cards, 4 led"),
    ({"preset": "pagat"}, Trump("2", "S"), "3H 4H 5H 6H 7H 8H 9H 3C 4C 5C 6C 7C 8C 9C 10C JC",
     "KD KD QD", "void follower, 16 cards, a pair and a single thrown"),
    ({"preset": "tuolaji"}, Trump("3", "D"), "4S 5S 6S 7S 8S 9S 10S JS QS KS AS 4H 5H 6H 7H 8H 9H 10H",
     "4C 4C 5C 5C 6C 6C", "void follower, 18 cards, a 3-pair tractor led"),
    ({"preset": "four-deck"}, Trump("7", "C"), "3S 3S 4S 4S 5S 5S 6S 6S 8S 8S 9S 9S 10S 10S JS",
     "AH AH AH", "void follower with pairs, 15 cards"),
    ({"preset": "shengji", "decks": 3}, Trump("9", "S"), "2H 3H 4H 5H 6H 7H 8H 10H JH QH KH AH 4D 4D",
     "AC AC AC", "void follower, shengji-3deck triple led"),
    ({"preset": "4399"}, Trump("K", None), "2S 3S 4S 5S 6S 7S 8S 9S 10S 2H 3H 4H 5H 6H 7H",
     "JC QC", "no-trump, void follower, two singles thrown"),
    ({"preset": "shengji", "decks": 3}, Trump("10", "H"), "4S 4S 4S 5S 5S 5S 6S 6S 7S 7S 8S 9S 3D",
     "JS JS JS QS QS QS", "shengji-3deck titanic led: titanic available"),
    ({"preset": "shengji", "decks": 3}, Trump("10", "H"), "4S 4S 4S 6S 6S 6S 7S 7S 8S 9S JS 3D",
     "JS QS QS QS KS KS KS", "shengji-3deck: not exactly one titanic (a titanic and a single)"),
    ({"preset": "shengji", "decks": 3}, Trump("10", "H"), "4S 4S 5S 5S 7S 7S 8S 9S JS AS 3D",
     "QS QS QS KS KS KS", "shengji-3deck titanic led: pair-tractor + 2 singles rung"),
    ({"preset": "pagat"}, Trump("2", "H"), "4S 4S 6S 6S 8S 8S 9S JS 3D",
     "QS QS KS KS AS AS", "pagat: three pairs owed for a 3-pair tractor, consecutive or not"),
    ({"preset": "qq"}, Trump("2", "H"), "4S 4S 6S 6S 8S 8S 9S JS 3D",
     "QS QS KS KS AS AS", "qq: a 3-pair tractor led, follower holds three loose pairs"),
    ({"preset": "tuolaji", "decks": 4}, Trump("3", "D"), "2S 2S 2S 2S 3S 3S AD AD 2D 2D 3D 3D 4D 5D",
     "BJ BJ SJ SJ", "natural trumps: A low end, 2233 of trumps"),
    ({"preset": "four-deck"}, Trump("5", "S"), "6H 6H 6H 6H 7H 7H 8H 8H 9H 9H 10H 10H 2C",
     "3H 3H 4H 4H", "wider substitutes: a quad or pair tractors for a tractor"),
]


def interesting(rules: Ruleset, trump: Trump, hand, lead) -> bool:
    """The follower holds more cards of the led suit than were led, some of them in pairs, and
    (where the deck count allows) the lead has more than one card."""
    order = order_for(rules, trump)
    held = Counter(c for c in hand if order.eff[c] == order.eff[lead[0]])
    multi_lead = len(lead) >= 2 or (rules.decks == 1 and not rules.throws)
    return multi_lead and sum(held.values()) > len(lead) and max(held.values()) >= min(2, rules.decks)


def build() -> dict:
    rng = random.Random(SEED)
    positions = []
    for rules_dict, trump, hand, lead, note in HANDPICKED:
        positions.append(position_record(rules_dict, trump, cards(hand), cards(lead), note))
    for name, overrides in CONFIGS:
        rules_dict = {"preset": name, **overrides}
        rules = Ruleset.from_dict(rules_dict)
        made = 0
        while made < 2:
            trump = Trump(rng.randint(2, 14), rng.choice(["S", "H", "C", "D", "S", "H", None]))
            hand, lead = deal(rng, rules, trump, max_suit=14, max_other=4)
            if lead and len(lead) + 3 <= len(hand) <= 16 and interesting(rules, trump, hand, lead):
                positions.append(position_record(rules_dict, trump, hand, lead, "random deal"))
                made += 1
    return {
        "about": "Follow positions with the exact number of distinct legal plays (rules section 7), "
                 "counted by the brute force in tests/rules/brute.py. Regenerate with "
                 "`python -m tests.rules.make_positions`.",
        "positions": positions,
    }


def main() -> None:
    data = build()
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(data['positions'])} positions to {OUT.name}")


if __name__ == "__main__":
    main()
