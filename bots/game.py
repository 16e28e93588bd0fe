"""A whole hand played by bots, the referee judging every step (for tournaments and tests).

:func:`apply` appends an action to a record; :func:`play_hand` deals, lets the seats declare in turn
until a round passes with no declaration, then asks the seat to act for every action until the hand
is over, walking the record with :func:`rules.hand_state` after every step: an illegal step stops
the hand with :class:`IllegalAction` (a bot is never trusted).  The dealer is seat 0 and the hand is
not a first hand, so the seats' sides are the same in every deal.  Declaring is closed after the
declaring rounds (``declarations_closed``), so nobody steals the kitty (section 14.7) in these hands.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from rules import deal, hand_state
from rules.adjudicate import HandRecord, Play
from rules.friends import FriendCall
from rules.ruleset import Ruleset
from rules.scoring import Settlement
from rules.state import HandState

from .table import Action

Bot = Callable[[HandRecord, HandState, int, str], Action]   # record, referee state, seat, seed -> action
DECLARING_ROUNDS = 3        # rounds of asking every seat to declare, at most


class IllegalAction(Exception):
    """A bot's action the referee refused."""


@dataclass(frozen=True)
class Played:
    """A hand played to its end: the record, its settlement (None: redealt), the points each seat won."""

    record: HandRecord
    settlement: Settlement | None
    points: tuple[int, ...]
    actions: int


def apply(record: HandRecord, seat: int, action: Action) -> HandRecord:
    """``record`` with ``seat``'s ``action`` appended."""
    n = record.rules.players
    if action.kind == "declare":
        return replace(record, declarations=(*record.declarations, (seat, action.cards)))
    if action.kind == "discard":
        return replace(record, kitty_discard=action.cards)
    if action.kind == "friends":
        return replace(record, friends=action.calls)
    if action.kind == "play":
        play = Play(seat, action.cards, action.attempted)
        tricks = record.tricks
        if tricks and len(tricks[-1]) < n:
            return replace(record, tricks=(*tricks[:-1], (*tricks[-1], play)))
        return replace(record, tricks=(*tricks, (play,)))
    if action.kind == "pass":
        return record
    raise ValueError(f"no action {action.kind!r}")


def play_hand(rules: Ruleset, seed: str, bots: list[Bot], level: int | None = None) -> Played:
    """One hand of ``rules`` from the deal seeded ``seed``; ``bots[s]`` plays seat ``s``."""
    n = rules.players
    dealt = deal(rules, seed)
    record = HandRecord(rules, 0, (level or rules.first_level,) * n, dealt.hands, dealt.kitty)
    actions = 0
    for r in range(DECLARING_ROUNDS):
        before = len(record.declarations)
        for s in range(n):
            state = hand_state(record)
            if state.phase != "declaring":
                break
            action = bots[s](record, state, s, f"{seed}/d{r}/{s}")
            actions += 1
            if action.kind == "declare":
                record = _checked(apply(record, s, action), True)
        if len(record.declarations) == before:
            break
    state = hand_state(record, declarations_closed=True)
    while state.phase not in ("over", "redeal"):
        if state.phase == "illegal" or state.next is None:
            raise IllegalAction(f"{state.phase}: {state.illegal}")
        s = state.next.seat
        action = bots[s](record, state, s, f"{seed}/{actions}")
        actions += 1
        record = apply(record, s, action)
        state = _state(record)
    if state.settlement is None:
        return Played(record, None, (0,) * n, actions)
    return Played(record, state.settlement, state.points.by_seat, actions)


def _state(record: HandRecord) -> HandState:
    state = hand_state(record, declarations_closed=True)
    if state.phase == "illegal":
        raise IllegalAction(f"{state.illegal}")
    return state


def _checked(record: HandRecord, declaring: bool) -> HandRecord:
    state = hand_state(record)
    if state.phase == "illegal" or (declaring and state.phase != "declaring"):
        raise IllegalAction(f"{state.phase}: {state.illegal}")
    return record


def random_bot(record: HandRecord, state: HandState, seat: int, seed: str) -> Action:
    """The ``random`` player: every action uniform among the legal ones the engine lists (a play drawn
    by :mod:`rules.selection`; a burial uniform among the hand's cards; calls uniform among the callable
    cards, first copy; a declaration uniform among passing and the seat's options)."""
    rng = random.Random(f"random:{seed}")
    if state.phase == "declaring":
        options = (state.declarations or ())[seat]
        pick = rng.randrange(len(options) + 1)
        return Action("pass") if pick == len(options) else Action("declare", tuple(sorted(options[pick].cards)))
    if state.phase == "stealing":
        return Action("pass")
    nxt = state.next
    assert nxt is not None
    if nxt.action == "discard":
        return Action("discard", tuple(sorted(rng.sample(list(state.hands[seat]), record.rules.kitty))))
    if nxt.action == "call":
        cards = rng.sample(list(nxt.callable or ()), nxt.calls or 0)
        return Action("friends", calls=tuple(FriendCall(c, 1) for c in cards))
    drawn = hand_state(record, declarations_closed=True, sample=1, seed=f"random:{seed}").next
    assert drawn is not None and drawn.plays
    p = drawn.plays[0]
    return Action("play", p.cards, attempted=p.attempted)


def suggesting_bot(strength: str) -> Bot:
    """A player that takes :func:`bots.suggest`'s hint at ``strength``, from its own view."""
    from .suggest import suggest

    def bot(record: HandRecord, state: HandState, seat: int, seed: str) -> Action:
        return suggest(record, seat, strength, seed, declarations_closed=None if state.phase == "declaring"
                       else True).action
    return bot
