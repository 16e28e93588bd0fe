"""Write the recorded hands of tests/data/hands/ (run from the project root: python -m tests.make_hands).

Each file is a hand record in the API's ``hands/adjudicate`` form plus ``expected``: what the
engine answered when the file was made (hand-checked for a few files, see test_adjudicate.py).
Legal hands are random legal games (tests/rules/random_hands.py); the illegal ones are legal hands
with one play replaced at a random point.
"""
from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path

from rules.adjudicate import HandRecord, Play, adjudicate
from rules.cards import CARDS, rank_name
from rules.follow import check_play
from rules.ruleset import Ruleset
from schemas.records import record_body
from tests.rules.random_hands import random_hand

OUT = Path(__file__).parent / "data" / "hands"

LEGAL = [
    ("qq", {}, 3), ("qq", {}, 11), ("qq", {"permanent_twos": True}, 5), ("qq", {"decks": 3}, 2),
    ("shengji", {}, 4), ("shengji", {}, 9), ("shengji", {"decks": 1}, 6), ("shengji", {"decks": 3}, 8),
    ("pagat", {}, 1), ("pagat", {}, 12), ("pagat", {"partnership": "find-friends", "players": 6}, 7),
    ("pagat", {"partnership": "find-friends", "players": 5}, 13),
    ("4399", {}, 10), ("4399", {"partnership": "find-friends", "friend_join": "holder"}, 14),
    ("tuolaji", {}, 15), ("tuolaji", {}, 16), ("tuolaji", {"decks": 3}, 17),
    ("four-deck", {}, 18), ("four-deck", {"uncapped": True}, 19),
    ("pagat", {"trick_compare": "all-units"}, 20), ("shengji", {"kitty_multiplier": "pow2-largest-unit"}, 21),
]


def expected(record: HandRecord) -> dict:
    a = adjudicate(record)
    if not a.legal:
        return {"legal": False, "step": a.illegal.step, "seat": a.illegal.seat,
                "codes": [v.code for v in a.illegal.reasons], "tricks_before": len(a.tricks)}
    st = a.settlement
    return {
        "legal": True,
        "trump": a.trump.to_dict(),
        "winners": [t.winner for t in a.tricks],
        "points": [t.points for t in a.tricks],
        "dealer_team": list(a.teams.dealer_team),
        "attackers_points": a.attackers_points,
        "penalties": [list(p) for p in a.penalties],
        "settlement": {
            "kitty_points": st.kitty_points, "multiplier": st.multiplier, "kitty_bonus": st.kitty_bonus,
            "attackers_total": st.attackers_total, "outcome": st.outcome,
            "level_changes": list(st.level_changes), "new_levels": [rank_name(x) for x in st.new_levels],
            "next_dealer": st.next_dealer, "game_over": st.game_over,
            "winner": list(st.winner) if st.winner else None, "explanation": st.explanation,
        },
    }


def illegal_follow(record: HandRecord, rng: random.Random) -> HandRecord:
    """Replace one follow, at a random point, by an illegal play of the right size from that hand."""
    n = record.rules.players
    a = adjudicate(record, partial=True)
    trump = a.trump
    while True:
        t = rng.randrange(len(record.tricks))
        j = rng.randrange(1, n)
        hands = [Counter(int(c) for c in h) for h in record.hands]
        d = record.dealer
        hands[d] = Counter(int(c) for c in a.dealer_hand)
        for trick in record.tricks[:t]:
            for p in trick:
                hands[p.seat] -= Counter(int(c) for c in p.cards)
        for p in record.tricks[t][:j]:
            hands[p.seat] -= Counter(int(c) for c in p.cards)
        p = record.tricks[t][j]
        hand = sorted(CARDS[c] for c in hands[p.seat].elements())
        lead = record.tricks[t][0].cards
        for _ in range(200):
            cards = tuple(sorted(rng.sample(hand, len(lead))))
            if not check_play(record.rules, trump, hand, cards, lead).legal:
                trick = list(record.tricks[t])
                trick[j] = Play(p.seat, cards)
                tricks = list(record.tricks)
                tricks[t] = tuple(trick)
                return dataclasses.replace(record, tricks=tuple(tricks))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    records = {}
    for i, (name, overrides, seed) in enumerate(LEGAL):
        rs = Ruleset.preset(name, **overrides)
        records[f"{i:02d}_{name}"] = random_hand(rs, seed, kitty_points=(seed % 3 != 0))
    rng = random.Random(2024)
    base = random_hand(Ruleset.preset("qq"), 31)
    records["90_illegal_follow_qq"] = illegal_follow(base, rng)
    base = random_hand(Ruleset.preset("tuolaji"), 32)
    records["91_illegal_follow_tuolaji"] = illegal_follow(base, rng)
    # a trick led by the wrong seat
    base = random_hand(Ruleset.preset("shengji"), 33)
    t = rng.randrange(1, len(base.tricks))
    tricks = list(base.tricks)
    tricks[t] = tricks[t][1:] + tricks[t][:1]
    records["92_wrong_turn_shengji"] = dataclasses.replace(base, tricks=tuple(tricks))
    # a failed throw recorded whole
    base = random_hand(Ruleset.preset("pagat"), 1)
    t = next(i for i, tr in enumerate(base.tricks) if tr[0].attempted is not None)
    tricks = list(base.tricks)
    lead = tricks[t][0]
    tricks[t] = (Play(lead.seat, lead.attempted),) + tricks[t][1:]
    records["93_throw_not_reduced_pagat"] = dataclasses.replace(base, tricks=tuple(tricks))
    for name, record in records.items():
        data = record_body(record)
        data["expected"] = expected(record)
        (OUT / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(name, data["expected"].get("settlement", {}).get("explanation") or data["expected"])


if __name__ == "__main__":
    main()
