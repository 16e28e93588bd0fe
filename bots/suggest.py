"""A hint (提示) for one seat: :func:`suggest` (rules section 15.5).

The seat's information is its view (:func:`rules.views.view`): its hand, the public record, the
kitty it picked up.  ``basic`` ranks the legal actions by rules of thumb (:mod:`bots.basic`).
``standard`` and ``strong`` search the plays: the ``basic`` ranking's best few, each played out in
the same worlds (:func:`rules.worlds.draw_worlds`, deals of the unseen cards the seat cannot tell
apart, drawn as a fair shuffle would) with ``basic`` at every seat, and valued by the ruleset's own
settlement: the acting seat's mean level change, plus its side's mean card points over
:data:`POINTS_PER_LEVEL` (levels move in steps; points tell apart plays the steps do not).  A few
worlds are a small sample, so ``basic``'s first choice stands unless another play beats it by
:data:`MARGIN`.  Each
strength is a fixed amount of work (:data:`STRENGTHS`), never a clock, and the same body always gets
the same answer.  Before play (declaring, burying, calling, stealing) every strength answers
``basic``'s choice.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from rules.adjudicate import HandRecord
from rules.decks import copies_in_play
from rules.order import Trump, order_for
from rules.ruleset import Partnership
from rules.state import HandState, hand_state
from rules.views import PUBLIC, View, view
from rules.violations import InputError
from rules.worlds import draw_worlds

from . import basic
from .playout import Start, playout
from .table import Action, known_partners, table_of


@dataclass(frozen=True)
class Strength:
    """A fixed amount of search: ``candidates`` plays of ``basic``'s ranking, each in ``worlds`` worlds."""

    name: str
    candidates: int
    worlds: int


STRENGTHS: Final = {
    "basic": Strength("basic", 1, 0),
    "standard": Strength("standard", 3, 4),
    "strong": Strength("strong", 5, 12),
}
ALTERNATIVES: Final = 3           # the alternatives an answer lists beside its action
POINTS_PER_LEVEL: Final = 80      # the side's card points count this much less than a level in the choice
MARGIN: Final = 0.25              # what another play must gain over basic's first choice (in levels) to replace it


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


def _search(record: HandRecord, state: HandState, mine: View, seat: int, ranked: list[basic.Ranked],
            level: Strength, seed: str | int, declarations_closed: bool | None) -> Suggestion:
    rules = record.rules
    candidates = ranked[:level.candidates]
    try:
        drawn = draw_worlds(record, seat, level.worlds, seed=f"suggest:{seed}",
                            declarations_closed=declarations_closed, state=state).worlds
    except InputError:          # a record the sampler does not draw (steals of the kitty): basic's play
        drawn = ()
    if not drawn:
        alternatives = tuple(Valued(r.action, None, None, r.reason) for r in ranked[:ALTERNATIVES + 1])
        return Suggestion(seat, ranked[0].action, ranked[0].reason, alternatives, 0, level.name, seed, mine.trump)
    public = view(record, state, PUBLIC, declarations_closed=declarations_closed)
    partners = tuple(known_partners(rules, public, s) if s != seat else known_partners(rules, mine, s)
                     for s in range(rules.players))
    assert mine.trump is not None
    order = order_for(rules, mine.trump)
    current = tuple(mine.current_trick.plays) if mine.current_trick is not None else ()
    done = record.tricks[:-1] if current else record.tricks
    leader = mine.current_trick.leader if mine.current_trick is not None else mine.next.seat if mine.next else seat
    totals = [[0.0, 0.0] for _ in candidates]
    attacking = seat not in public.teams.dealer_team
    for world in drawn:
        changed = replace(record, hands=world.deal, kitty=world.kitty,
                          kitty_discard=world.kitty_discard if record.kitty_discard else ())
        start = Start(changed, mine.trump, order, world.hands, tuple(done), current, leader, partners,
                      frozenset(public.teams.dealer_team), copies_in_play(rules, mine.level, record.levels))
        for i, r in enumerate(candidates):
            settled = playout(start, r.action.cards)
            totals[i][0] += settled.level_changes[seat]
            totals[i][1] += settled.attackers_total
    k = max(1, len(drawn))
    valued = [Valued(r.action, totals[i][0] / k, totals[i][1] / k, r.reason) for i, r in enumerate(candidates)]
    sign = 1.0 if attacking else -1.0     # the attackers' points are the acting side's, or its loss
    score = [(v.value or 0.0) + sign * (v.points or 0.0) / POINTS_PER_LEVEL for v in valued]
    score[0] += MARGIN                    # basic's choice stands unless the search clearly beats it
    best = sorted(range(len(valued)), key=lambda i: (-score[i], i))
    alternatives = tuple(valued[i] for i in best[:ALTERNATIVES + 1])
    return Suggestion(seat, alternatives[0].action, alternatives[0].reason, alternatives, len(drawn), level.name, seed,
                      mine.trump, len(drawn) * len(candidates))
