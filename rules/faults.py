"""What a seat could have done instead of a fault (rules sections 7, 9, 10, 12, 14.7).

:func:`alternatives` answers, for a :class:`rules.adjudicate.Fault`, the exact number of legal
choices the seat had at that step and the first few of them:

- a lead or a follow: the legal plays of the hand then (:func:`rules.selection.legal_set`, in its own
  order), the count exact;
- a declaration: the declarations the seat could make then (:func:`rules.declarations.declaration_options`);
  a steal of the kitty: those that overturn the standing one (section 14.7);
- a burial (``KITTY_DISCARD``): every distinct set of as many cards as the kitty from the cards held
  then, counted exactly; the example keeps the cards of the recorded burial the seat held;
- a friend call: the cards that may be called (section 14.6).

Other faults (the deal, the turn, the final count, the first hand's dealer) have no alternatives to
choose from: ``count`` is None.  Past the selection's work bound a play's count is None too.

:func:`traces` tells which faults are traces of an earlier one: a step that stands as recorded can
leave the hand's cards off, so that a later play of a card already played (or buried) by the same
seat is ``NOT_IN_HAND``, and cards never played are ``WRONG_TRICK_COUNT`` at the end.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .adjudicate import Fault, Phase, TrickSummary
from .cards import Card, card
from .declarations import OVERTURN, declaration_options
from .friends import callable_cards
from .ruleset import Ruleset
from .selection import legal_set
from .violations import InputError

EXAMPLES: Final = 3
PLAY_CODES: Final = frozenset({
    "NOT_IN_HAND", "LEAD_NOT_ONE_SUIT", "THROWS_NOT_ALLOWED", "WRONG_CARD_COUNT", "MUST_FOLLOW_SUIT",
    "MUST_PLAY_UNIT", "MUST_PLAY_GROUPS", "THROW_NOT_REDUCED", "THROW_STANDS", "EMPTY_PLAY"})


@dataclass(frozen=True)
class Alternatives:
    """The exact ``count`` of legal choices (None: not a choice, or past the work bound) and a few of them."""

    count: int | None
    examples: tuple[tuple[Card, ...], ...] = ()


NONE: Final = Alternatives(None)


def alternatives(ruleset: Ruleset, level: int, fault: Fault, limit: int = EXAMPLES) -> Alternatives:
    """The legal choices the seat had at ``fault`` (module docstring)."""
    illegal = fault.illegal
    codes = {v.code for v in illegal.reasons}
    seat, hand, trump = illegal.seat, fault.hand, fault.trump
    if fault.phase == Phase.CALLING and trump is not None:
        cards = callable_cards(ruleset, trump)
        return Alternatives(len(cards), tuple((c,) for c in cards[:limit]))
    if seat is None or hand is None:
        return NONE
    if fault.phase == Phase.PLAYING and illegal.play is not None and codes <= PLAY_CODES and trump is not None:
        try:
            plays = legal_set(ruleset, trump, hand, fault.lead)
            count = plays.count()
            return Alternatives(count, plays.plays_at(range(min(limit, count))))
        except InputError:
            return NONE
    if "KITTY_DISCARD" in codes:
        return burials(hand, fault.cards, ruleset.kitty, limit)
    if fault.phase in (Phase.DECLARING, Phase.STEALING) and illegal.step != "dealer":
        if "KITTY_THEFT" in codes:
            return Alternatives(0)
        options = declaration_options(ruleset, level, fault.history, seat, hand)
        if fault.phase == Phase.STEALING:
            options = tuple(o for o in options if o.kind == OVERTURN)
        return Alternatives(len(options), tuple(o.cards for o in options[:limit]))
    return NONE


def burials(hand: tuple[Card, ...], recorded: tuple[Card, ...], size: int, limit: int = 1) -> Alternatives:
    """Every distinct burial of ``size`` cards from ``hand`` (the hand with the kitty), counted by
    the product of ``(1 + x + ... + x^copies)`` over the cards held; one example: the cards of
    ``recorded`` the hand holds, then the hand's lowest cards by index."""
    counts: dict[Card, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    ways = [1] + [0] * size
    for copies in counts.values():
        ways = [sum(ways[k - i] for i in range(min(copies, k) + 1)) for k in range(size + 1)]
    if not ways[size] or not limit:
        return Alternatives(ways[size])
    left = dict(counts)
    example: list[Card] = []
    for c in recorded:
        if left.get(c, 0) > 0 and len(example) < size:
            left[c] -= 1
            example.append(c)
    for c in sorted(left):
        while left[c] > 0 and len(example) < size:
            left[c] -= 1
            example.append(c)
    return Alternatives(ways[size], (tuple(sorted(example)),))


ACCOUNTING: Final = frozenset({"NOT_IN_HAND", "KITTY_DISCARD", "DECLARATION_NOT_IN_HAND"})


@dataclass(frozen=True)
class Trace:
    """What an accounting fault follows from: an earlier ``fault`` (its index), or else the earlier
    ``trick`` (its index) where the seat already played the cards it lacks."""

    fault: int | None = None
    trick: int | None = None


def traces(faults: Sequence[Fault], tricks: Sequence[TrickSummary] = ()) -> tuple[Trace | None, ...]:
    """For each fault, what it is a trace of, or None (module docstring): a card the seat lacks that
    an earlier fault of the same seat played, declared or buried, else that the seat played in an
    earlier trick; cards left at the end in the hand of a seat with an earlier fault."""
    out: list[Trace | None] = []
    for i, fault in enumerate(faults):
        found: Trace | None = None
        seat = fault.illegal.seat
        for v in fault.illegal.reasons:
            if v.code in ACCOUNTING:
                lacking = _cards(v.detail.get("cards")) or set(fault.cards)
                k = next((k for k in range(i) if faults[k].illegal.seat == seat and lacking & set(faults[k].cards)),
                         None)
                if k is not None:
                    found = Trace(fault=k)
                elif fault.illegal.trick is not None:
                    t = next((t.index for t in tricks if t.index < (fault.illegal.trick or 0) and any(
                        p.seat == seat and lacking & set(p.cards) for p in t.plays)), None)
                    found = None if t is None else Trace(trick=t)
            elif v.code == "WRONG_TRICK_COUNT":
                left = v.detail.get("left")
                seats = set(left) if isinstance(left, dict) else set()
                k = next((k for k in range(i) if faults[k].illegal.seat in seats), None)
                found = None if k is None else Trace(fault=k)
            if found is not None:
                break
        out.append(found)
    return tuple(out)


def _cards(names: object) -> set[Card]:
    if not isinstance(names, list):
        return set()
    return {card(name) for name in names if isinstance(name, str)}     # the engine's own card names
