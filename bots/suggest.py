"""A hint (提示) for one seat: :func:`suggest` (rules section 15.5).

The seat's information is its view (:func:`rules.views.view`): its hand, the public record, the
kitty it picked up.  ``basic`` ranks the legal actions by rules of thumb (:mod:`bots.basic`).
``standard`` and ``strong`` search the plays: a few of ``basic``'s ranking, each the best of a
different kind (:func:`candidates`: a boss or a low card of each suit when leading; winning,
ruffing, losing or feeding, with or without trumps and points when following), each played out in
the same worlds (:func:`rules.worlds.draw_worlds`, deals of the unseen cards the seat cannot tell
apart, drawn as a fair shuffle would) with ``basic`` at every seat, and valued by the ruleset's own
settlement (:func:`side_value`: the side's level change less the other side's, plus its card points
in level steps).  The worlds are the same for every candidate, so a candidate's gain over ``basic``'s
choice is read world by world, and ``basic``'s choice stands unless another's mean gain is more than
:attr:`Strength.confidence` standard errors above zero.  Each strength is a fixed amount of work
(:data:`STRENGTHS`: worlds by the cards left to play, never a clock), and the same body always gets
the same answer.  Before play (declaring, burying, calling, stealing) every strength answers
``basic``'s choice.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Final

from rules.adjudicate import HandRecord
from rules.decks import copies_in_play
from rules.order import TRUMP, Order, Trump, order_for
from rules.ruleset import Partnership
from rules.scoring import Settlement
from rules.state import HandState, hand_state
from rules.views import PUBLIC, View, view
from rules.violations import InputError
from rules.worlds import draw_worlds

from . import basic
from .playout import Start, before, playout
from .table import Action, known_partners, points, table_of


@dataclass(frozen=True)
class Strength:
    """A fixed amount of search: up to ``candidates`` plays of distinct kinds (:func:`candidates`), each
    played out in the same worlds, as many as ``plays`` card plays allow (a playout plays every card
    still in the hands), between ``min_worlds`` and ``worlds``; another candidate replaces ``basic``'s
    choice when its mean gain exceeds ``confidence`` standard errors; ``level_weight``: the levels'
    weight beside the card points in a playout's value (:func:`side_value`)."""

    name: str
    candidates: int
    worlds: int
    min_worlds: int = 0
    plays: int = 0
    confidence: float = 1.0
    level_weight: float = 1.0


STRENGTHS: Final = {
    "basic": Strength("basic", 1, 0),
    "standard": Strength("standard", 2, 32, 8, 2000),
    "strong": Strength("strong", 3, 64, 16, 7200),
}
ALTERNATIVES: Final = 3           # the alternatives an answer lists beside its action


@dataclass(frozen=True)
class Valued:
    """An action, its estimated value (the acting seat's mean level change; None without search) and
    the attackers' mean total (card points and kitty)."""

    action: Action
    value: float | None
    points: float | None
    reason: str


@dataclass(frozen=True)
class Suggestion:
    seat: int
    action: Action
    reason: str
    alternatives: tuple[Valued, ...]
    worlds: int
    strength: str
    seed: str | int
    trump: Trump | None         # the trump as the seat knows it (None while it knows none)
    playouts: int = 0           # the hands played out by the search
    replaced: bool = False      # the search chose another play than ``basic``'s


def acting_seat(record: HandRecord, state: HandState, seat: int | None) -> int:
    """The seat a hint is for: ``seat``, or the seat to act; any seat may declare or steal."""
    if state.phase == "illegal":
        raise InputError("the record has an illegal step: there is nothing to suggest", "record")
    if state.phase in ("over", "redeal"):
        raise InputError(f"the hand is {state.phase}: nobody acts", "record")
    anyone = state.phase in ("declaring", "stealing")
    if seat is None:
        if anyone or state.next is None:
            raise InputError("while declaring or stealing every seat may act: name the seat", "seat")
        return state.next.seat
    if not 0 <= seat < record.rules.players:
        raise InputError(f"seat {seat} does not exist", "seat")
    if not anyone and (state.next is None or state.next.seat != seat):
        raise InputError(f"seat {seat} is not the seat to act", "seat")
    return seat


def suggest(record: HandRecord, seat: int | None = None, strength: str = "standard", seed: str | int = 0, *,
            declarations_closed: bool | None = None) -> Suggestion:
    """The action ``seat`` should take next, from its view alone (the module docstring)."""
    level = STRENGTHS[strength]
    state = hand_state(record, declarations_closed=declarations_closed)
    seat = acting_seat(record, state, seat)
    mine = view(record, state, seat, declarations_closed=declarations_closed)
    ranked = _basic(record, mine, seat)
    if mine.phase != "playing" or level.worlds == 0 or len(ranked) == 1:
        alternatives = tuple(Valued(r.action, None, None, r.reason) for r in ranked[:ALTERNATIVES + 1])
        return Suggestion(seat, ranked[0].action, ranked[0].reason, alternatives, 0, level.name, seed, mine.trump)
    return _search(record, state, mine, seat, ranked, level, seed, declarations_closed)


def _basic(record: HandRecord, mine: View, seat: int) -> list[basic.Ranked]:
    rules = record.rules
    hand = mine.hands[seat]
    assert hand is not None
    if mine.phase == "declaring":
        options = (mine.declarations or ())[seat] or ()
        declarer = mine.declarer
        ours = declarer is not None and (declarer == seat or (
            rules.partnership is Partnership.FIXED and (declarer - seat) % 2 == 0))
        return basic.declare(rules, hand, options, ours)
    if mine.phase == "stealing":
        return [basic.Ranked(Action("pass"), 0.0, "no-steal")]
    if mine.trump is None or mine.next is None:
        raise InputError("this seat has nothing to do now", "seat")
    order = order_for(rules, mine.trump)
    if mine.phase == "exchanging":
        return basic.bury(rules, order, hand, rules.kitty)
    if mine.phase == "calling":
        return basic.call(rules, order, hand, mine.next.callable or (), mine.next.calls or 0)
    return basic.play(table_of(rules, mine, record.levels))


def kind(order: Order, trick_led: bool, r: basic.Ranked) -> tuple[object, ...]:
    """What sort of play ``r`` is: leading, its effective suit, whether it is a group (a pair or more)
    and its reason (a boss or a low card); following, its reason (win, ruff, lose, feed, stay under),
    whether it spends a trump and whether it holds points."""
    cards = r.action.cards
    if not trick_led:
        return (order.eff[cards[0]], len(cards) > 1, r.reason)
    return (r.reason, any(order.eff[c] == TRUMP for c in cards), points(cards) > 0)


def candidates(order: Order, trick_led: bool, ranked: list[basic.Ranked], count: int) -> list[basic.Ranked]:
    """Up to ``count`` plays of distinct kinds (:func:`kind`), each the best of its kind in ``basic``'s
    ranking, in that ranking's order (``basic``'s choice first)."""
    seen: set[tuple[object, ...]] = set()
    out: list[basic.Ranked] = []
    for r in ranked:
        k = kind(order, trick_led, r)
        if k not in seen:
            seen.add(k)
            out.append(r)
            if len(out) == count:
                break
    return out


def worlds_for(level: Strength, plays: int, cards_left: int) -> int:
    """The worlds a search of ``plays`` candidates affords with ``cards_left`` cards still in the hands."""
    return max(level.min_worlds, min(level.worlds, level.plays // max(1, plays * cards_left)))


def side_value(settled: Settlement, seat: int, decks: int) -> tuple[float, float]:
    """A playout's worth to ``seat``'s side: its mean level change less the other side's, and the
    attackers' total less ``40 × decks`` (the threshold of the 2-deck table, section 11) in steps of
    ``20 × decks``, positive for the attackers' side and negative for the dealer's."""
    dealer = set(settled.dealer_team)
    changes = settled.level_changes
    ours = [c for s, c in enumerate(changes) if (s in dealer) == (seat in dealer)]
    theirs = [c for s, c in enumerate(changes) if (s in dealer) != (seat in dealer)]
    levels = sum(ours) / len(ours) - (sum(theirs) / len(theirs) if theirs else 0.0)
    step = 20.0 * decks
    return levels, (settled.attackers_total - 2 * step) / step * (-1.0 if seat in dealer else 1.0)


def _gain(worth: list[float], first: list[float], confidence: float) -> float:
    """What a candidate gains over ``basic``'s choice (``first``), world by world (the same worlds):
    the mean gain if it exceeds ``confidence`` standard errors, else 0 (``basic``'s choice stands)."""
    diffs = [a - b for a, b in zip(worth, first, strict=True)]
    k = len(diffs)
    mean = sum(diffs) / k
    if mean <= 0:
        return 0.0
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (k - 1)) if k > 1 else math.inf
    return mean if mean > confidence * spread / math.sqrt(k) else 0.0


def _search(record: HandRecord, state: HandState, mine: View, seat: int, ranked: list[basic.Ranked],
            level: Strength, seed: str | int, declarations_closed: bool | None) -> Suggestion:
    rules = record.rules
    assert mine.trump is not None
    order = order_for(rules, mine.trump)
    trick_led = mine.current_trick is not None and bool(mine.current_trick.plays)
    chosen = candidates(order, trick_led, ranked, level.candidates)
    if len(chosen) == 1:
        chosen = ranked[:2]
    cards_left = sum(len(h) for h in state.hands)
    try:
        drawn = draw_worlds(record, seat, worlds_for(level, len(chosen), cards_left), seed=f"suggest:{seed}",
                            declarations_closed=declarations_closed, state=state).worlds
    except InputError:          # a record the sampler does not draw (steals of the kitty): basic's play
        drawn = ()
    if not drawn:
        alternatives = tuple(Valued(r.action, None, None, r.reason) for r in ranked[:ALTERNATIVES + 1])
        return Suggestion(seat, ranked[0].action, ranked[0].reason, alternatives, 0, level.name, seed, mine.trump)
    public = view(record, state, PUBLIC, declarations_closed=declarations_closed)
    partners = tuple(known_partners(rules, public, s) if s != seat else known_partners(rules, mine, s)
                     for s in range(rules.players))
    current = tuple(mine.current_trick.plays) if mine.current_trick is not None else ()
    done = record.tricks[:-1] if current else record.tricks
    leader = mine.current_trick.leader if mine.current_trick is not None else mine.next.seat if mine.next else seat
    copies = copies_in_play(rules, mine.level, record.levels)
    n = len(chosen)
    own = [0.0] * n             # the seat's own level change, summed over the worlds
    attackers = [0.0] * n       # the attackers' total, summed
    worth: list[list[float]] = [[] for _ in range(n)]     # the side's value in each world (side_value)
    for world in drawn:
        changed = replace(record, hands=world.deal, kitty=world.kitty,
                          kitty_discard=world.kitty_discard if record.kitty_discard else (),
                          exchanges=tuple(replace(x, discard=d) for x, d in zip(record.exchanges, world.discards,
                                                                                strict=True)))
        start = Start(changed, mine.trump, order, world.hands, tuple(done), current, leader, partners,
                      frozenset(public.teams.dealer_team), copies, before(changed))
        for i, r in enumerate(chosen):
            settled = playout(start, r.action.cards)
            levels, pts = side_value(settled, seat, rules.decks)
            own[i] += settled.level_changes[seat]
            attackers[i] += settled.attackers_total
            worth[i].append(level.level_weight * levels + pts)
    k = len(drawn)
    valued = [Valued(r.action, own[i] / k, attackers[i] / k, r.reason) for i, r in enumerate(chosen)]
    gain = [_gain(worth[i], worth[0], level.confidence) for i in range(n)]
    best = sorted(range(n), key=lambda i: (-gain[i], i != 0, -sum(worth[i]), i))
    alternatives = tuple(valued[i] for i in best[:ALTERNATIVES + 1])
    return Suggestion(seat, alternatives[0].action, alternatives[0].reason, alternatives, k, level.name, seed,
                      mine.trump, k * n, best[0] != 0)
