"""A game loop that keeps nothing but the record of the hand and asks ``/v1/hands/state`` everything else.

The loop is the one docs/clients.md shows (in Python and JavaScript): ``/v1/deals`` once, then one
``/v1/hands/state`` per action, whose answer says the phase and who acts, and (with ``sample`` and
``seed``) carries a random legal play for the seat to act, ready to append to the record.  Its
choices: while declaring, the first option of the first seat that has one, once, then it closes
declaring; the dealer buries the lowest cards of its hand; the calls are the first callable cards
the dealer does not hold.  A hand that redeals is dealt again with the next seed.

``post(path, body)`` sends one request and returns the answer's JSON; the loop counts them.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Post = Callable[[str, dict], Any]


@dataclass
class Hand:
    """The hand as the loop ends it, and what it cost: every request (deals included), every action it
    took, the phases it went through in order (across redeals) and the deals."""

    state: dict = field(default_factory=dict)
    record: dict = field(default_factory=dict)
    requests: int = 0
    actions: int = 0
    phases: list[str] = field(default_factory=list)
    deals: int = 0


def play_hand(post: Post, rules: Any, seed: str, level: str = "5") -> Hand:
    """Play one whole hand of ``rules`` (a preset name or a ruleset object) from the deal seeded ``seed``."""
    hand = Hand()
    while True:
        deal = post("/v1/deals", {"rules": rules, "seed": f"{seed}/{hand.deals}"})
        hand.requests += 1
        hand.deals += 1
        n = len(deal["hands"])
        hand.record = {"rules": rules, "dealer": 0, "levels": [level] * n,
                       "deal": {"hands": deal["hands"], "kitty": deal["kitty"]},
                       "declarations": [], "kitty_discard": [], "friends": [], "tricks": []}
        _play(post, hand)
        if hand.state["phase"] != "redeal":
            return hand


def choose_before_play(record: dict, s: dict) -> bool:
    """The loop's own choice in a phase before play, added to ``record``: the first declaration
    offered (once), the last cards of the hand as the kitty, the first callable cards not held as
    friends.  True when declaring is over (the record then says ``declarations_closed``)."""
    nxt = s["next"]
    if s["phase"] == "declaring":
        seat = next((d for d in s["declarations"] if d["options"]), None)
        if record["declarations"] or seat is None:
            return True
        record["declarations"].append({"seat": seat["seat"], "cards": seat["options"][0]["cards"]})
    elif s["phase"] == "exchanging":
        record["kitty_discard"] = s["hands"][nxt["seat"]][-nxt["cards"]:]
    elif s["phase"] == "calling":
        held = set(s["hands"][nxt["seat"]])
        record["friends"] = [{"card": c, "ordinal": 1} for c in nxt["callable"] if c not in held][:nxt["calls"]]
    return False


def _play(post: Post, hand: Hand) -> None:
    record = hand.record
    closed = False
    while True:
        body = {**record, "sample": 1, "seed": hand.actions}
        if closed:
            body["declarations_closed"] = True
        s = hand.state = post("/v1/hands/state", body)
        hand.requests += 1
        phase = s["phase"]
        if not hand.phases or hand.phases[-1] != phase:
            hand.phases.append(phase)
        nxt = s["next"]
        if phase in ("over", "redeal"):
            return
        if phase == "illegal":
            raise AssertionError(f"the loop made an illegal step: {s['step']} {s['reasons']}")
        hand.actions += 1
        if phase in ("declaring", "exchanging", "calling"):
            closed = choose_before_play(record, s) or closed
        elif nxt["action"] == "lead":
            record["tricks"].append([nxt["record_plays"][0]])
        else:
            record["tricks"][-1].append(nxt["record_plays"][0])
