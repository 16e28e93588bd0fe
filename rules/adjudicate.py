"""Whole-hand adjudication: every step of a recorded hand, in order (rules sections 2, 6-12).

:func:`adjudicate` takes a :class:`HandRecord` -- the ruleset, the dealer, every seat's level, the
deal (every hand and the kitty, as dealt), the declarations, the kitty discard, the friend calls
(find-friends) and the tricks in order -- and checks, in this order:

1. ``deal``: the number of hands, each hand's size (``rules.hand_size``) and the kitty's
   (``rules.kitty``): ``DEAL_SIZE``; the cards are exactly ``decks`` copies of the 54: ``DEAL_CARDS``.
2. ``declarations/i``: each declaration with :func:`rules.declarations.check_declaration`, from the
   declarer's dealt hand; then the trump: the standing declaration, else ``no_declaration``
   (``NO_DECLARATION`` when the ruleset redeals).  With ``first_hand`` the dealer must be the
   standing declarer (``WRONG_DEALER``).
3. ``kitty_discard``: the exchange (``KITTY_DISCARD``); then ``exchanges/i``, each steal of the kitty
   (section 14.7, ``kitty_theft``): a seat other than the standing declarer shows a declaration that
   overturns it (from the cards it holds then; its reasons as ``declarations/validate``), picks up
   the buried kitty and buries as many cards (``KITTY_DISCARD``); ``KITTY_THEFT`` where the ruleset
   does not allow it, the trump came from no declaration, or the seat is the standing declarer.  The
   trump becomes the steal's; the dealer, the teams and the level stay; the last burial is the
   kitty that section 9 scores (and, under ``holder``, counts as the dealer's only if the dealer
   buried it).
4. ``friends``: the friend calls (``FRIEND_CALL``).
5. ``tricks/t/j``: play ``j`` of trick ``t``: the right seat in turn (the dealer leads the first
   trick, the winner of a trick leads the next, then playing order: ``WRONG_TURN``), then the lead
   or follow through :func:`rules.check_play`, a lead's throw adjudicated against the other players'
   real hands (``others=``).  Then the trick's winner through :func:`rules.trick_winner`.
6. ``tricks``: every card of every hand has been played (``WRONG_TRICK_COUNT``).

It answers the first illegal step (``step`` as a path into the record such as ``tricks/4/2``, the
``seat`` and the ``reasons``), or every trick's winner and points, the teams and the settlement
(:func:`rules.scoring.settle`).

How a record represents a failed throw (decision): the leader's play holds ``cards`` -- the cards
that stay on the table, i.e. the forced play -- and ``attempted`` -- the whole throw that was tried.
The attempt is checked as a lead against the real hands; it must fail, and ``cards`` must be its
forced play (``THROW_NOT_REDUCED`` otherwise); the cards not forced go back to the hand, and the
ruleset's ``throw_penalty`` is charged to the leader's side.  A lead recorded without ``attempted``
that is a throw the real hands beat is ``THROW_NOT_REDUCED`` too; an ``attempted`` throw that stands
(or is a single unit) is ``THROW_STANDS``.

Other decisions: the levels are each seat's rank (the level played is the dealer's); the kitty is
given in dealt order (``kitty-reveal`` turns it in that order); ``partial=True`` checks a prefix of
the hand (the tricks so far, the last possibly incomplete) and skips the final count and the
settlement; declarations are checked against the dealt hands (no card is played while dealing).

One walk, two readings: :func:`walk` goes through these steps and stops at the first illegal one or
where the record ends.  The walk is a phase machine (:class:`Walker`): one method per
:class:`Phase`, in order, each moving the position on or answering where the walk stops.  :func:`adjudicate` is its strict reading (a record is a whole hand, so a step
it lacks is illegal); :func:`rules.state.hand_state` reads the same walk as the hand stands (a record
may stop while declaring, before the discard, before the calls or in a trick: that is its phase), so
the two never disagree on a step both read.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Final

from .budget import Budget
from .cards import (
    CARDS,
    Card,
    expand,
    format_cards,
    pretty_cards,
    tally,
)
from .decks import copies_in_play
from .declarations import (
    OVERTURN,
    DeclarationOption,
    DeclarationResult,
    DeclarationState,
    check_declaration,
    declaration_options,
    no_declaration_outcome,
    no_declaration_violation,
)
from .follow import check_play
from .formats import Format
from .friends import FriendCall, Teams, check_friend_calls, teams_after
from .order import Trump
from .ruleset import FirstDealer, Partnership, Ruleset
from .scoring import LastTrick, Settlement, exchange, settle
from .throws import ThrowResult
from .tricks import trick_winner
from .violations import InputError, Violation, count_of

ADJUDICATE_WORK: Final = 200000


@dataclass(frozen=True)
class Play:
    """One play of a trick: ``cards`` stay on the table; ``attempted`` is a failed throw's attempt."""

    seat: int
    cards: tuple[Card, ...]
    attempted: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class Exchange:
    """A steal of the kitty (section 14.7): ``seat`` shows ``declaration``, takes the kitty and buries ``discard``."""

    seat: int
    declaration: tuple[Card, ...]
    discard: tuple[Card, ...]


@dataclass(frozen=True)
class HandRecord:
    rules: Ruleset
    dealer: int
    levels: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    declarations: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    kitty_discard: tuple[Card, ...] = ()
    friends: tuple[FriendCall, ...] = ()
    tricks: tuple[tuple[Play, ...], ...] = ()
    first_hand: bool = False
    exchanges: tuple[Exchange, ...] = ()
    games_won: tuple[int, ...] = ()          # by seat (section 14.9); empty: none yet

    @property
    def seat_levels(self) -> tuple[int, ...] | None:
        """The levels seats declare with their own (the first hand, section 14.11), else None."""
        return self.levels if self.first_hand else None


@dataclass(frozen=True)
class IllegalStep:
    step: str                    # a path into the record: 'deal', 'declarations/2', 'tricks/4/1', ...
    seat: int | None
    reasons: tuple[Violation, ...]
    trick: int | None = None
    play: int | None = None


@dataclass(frozen=True)
class Fault:
    """An illegal step met by a walk that goes on (``every_fault``), with what a referee needs to
    describe it: the ``phase``, the cards of the step (played, declared, buried, called), the cards
    led (a follow), the seat's cards just before the step, the trump then, and the declarations
    standing before it."""

    phase: str
    illegal: IllegalStep
    cards: tuple[Card, ...] = ()
    lead: tuple[Card, ...] | None = None
    hand: tuple[Card, ...] | None = None
    trump: Trump | None = None
    history: tuple[tuple[int, tuple[Card, ...]], ...] = ()


@dataclass(frozen=True)
class TrickSummary:
    index: int
    leader: int
    winner: int
    points: int
    point_cards: tuple[Card, ...]
    format: Format | None                # None: a lead of mixed suits let stand (every_fault), compared by nobody
    plays: tuple[Play, ...]
    throw: ThrowResult | None = None     # the lead's throw adjudication (multi-unit leads)


@dataclass(frozen=True)
class Adjudication:
    legal: bool
    illegal: IllegalStep | None
    trump: Trump | None
    tricks: tuple[TrickSummary, ...]            # the tricks completed (before the illegal step, if any)
    teams: Teams | None = None
    attackers_points: int | None = None         # point cards in the attackers' tricks
    penalties: tuple[tuple[int, int], ...] = ()  # (seat, points) per failed throw
    settlement: Settlement | None = None
    dealer_hand: tuple[Card, ...] | None = None  # after the exchange
    faults: tuple[Fault, ...] = ()              # every_fault: every illegal step, in order
    level: int = 0                              # the level played (the dealer's)


def _play(p: Any) -> Play:
    if isinstance(p, Play):
        return p
    seat, cards, *rest = p
    return Play(int(seat), tuple(CARDS[c] for c in cards), tuple(CARDS[c] for c in rest[0]) if rest and rest[0] is not None else None)


def _ms(cards: Iterable[int]) -> dict[int, int]:
    """Cards as a multiset ``{card: copies}``; a hand's counts may fall to 0 as it plays."""
    return tally([int(c) for c in cards])


def _add(hand: dict[int, int], cards: Iterable[int]) -> None:
    for c in cards:
        hand[c] = hand.get(c, 0) + 1


def _call_index(v: Violation) -> int | None:
    """The friend call a ``FRIEND_CALL`` reason names (None: the list of calls as a whole)."""
    index = v.detail.get("index")
    return index if isinstance(index, int) else None


def _by_call(reasons: Iterable[Violation]) -> list[tuple[int | None, list[Violation]]]:
    """Reasons grouped by the call they name, in order."""
    groups: dict[int | None, list[Violation]] = {}
    for v in reasons:
        groups.setdefault(_call_index(v), []).append(v)
    return list(groups.items())


def _held(hand: dict[int, int]) -> int:
    """How many cards a hand holds (a card played that it did not hold, walking for every fault,
    counts below zero and is not held)."""
    return sum(k for k in hand.values() if k > 0)


def _without(held: tuple[Card, ...] | None, cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``held`` (in order) less ``cards``; None (expand again) where it is not known or lacks one of them."""
    if held is None:
        return None
    left = list(held)
    for c in cards:
        try:
            left.remove(c)
        except ValueError:
            return None
    return tuple(left)


def _take(hand: dict[int, int], cards: Iterable[int]) -> None:
    for c in cards:
        hand[c] = hand.get(c, 0) - 1



WHOLE, PARTIAL, STATE = "whole", "partial", "state"


def can_steal(ruleset: Ruleset, level: int, history: Sequence[tuple[int, Sequence[int]]], declarer: int,
              hands: Sequence[dict[int, int]], levels: Sequence[int] | None = None) -> bool:
    """Some seat other than the standing ``declarer`` could steal the kitty now (section 14.7)."""
    return any(steal_options(ruleset, level, history, declarer, s, expand(hands[s]), levels)
               for s in range(ruleset.players))


def steal_options(ruleset: Ruleset, level: int, history: Sequence[tuple[int, Sequence[int]]], declarer: int,
                  seat: int, hand: Sequence[int], levels: Sequence[int] | None = None) -> tuple[DeclarationOption, ...]:
    """The declarations with which ``seat`` could steal the kitty now: the overturns it holds
    (none for the standing declarer)."""
    if seat == declarer:
        return ()
    return tuple(o for o in declaration_options(ruleset, level, history, seat, hand, levels) if o.kind == OVERTURN)


class Phase(StrEnum):
    """Where a walk stands (and stops): the phases of a hand in order, then the two dead ends."""

    DEAL = "deal"
    DECLARING = "declaring"
    EXCHANGING = "exchanging"
    STEALING = "stealing"
    CALLING = "calling"
    PLAYING = "playing"
    OVER = "over"
    REDEAL = "redeal"
    ILLEGAL = "illegal"


@dataclass(frozen=True)
class Walk:
    """Where the walk of a record stopped, and the position there.

    ``stop`` is the phase the walk stopped in: ``deal``, ``declaring``, ``redeal``, ``exchanging``,
    ``stealing``, ``calling``, ``playing`` or ``over``.  ``illegal`` is the illegal step the walk
    stopped at (``NO_DECLARATION`` when it stops in ``redeal``); the position is then the one before
    that step.  ``hands`` are every seat's cards at the stop (while exchanging the dealer's hold the
    kitty); ``current`` the plays of a trick in progress, led by ``leader`` (who also leads the next
    trick).
    """

    stop: Phase
    illegal: IllegalStep | None
    trump: Trump | None
    declarations: DeclarationState
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[TrickSummary, ...] = ()
    current: tuple[Play, ...] = ()
    leader: int = 0
    penalties: tuple[tuple[int, int], ...] = ()
    after_exchange: tuple[tuple[Card, ...], ...] | None = None
    teams: Teams | None = None
    attackers_points: int | None = None
    settlement: Settlement | None = None
    kitty: tuple[Card, ...] = ()              # the buried kitty (the last burial, section 14.7)
    dealer_kitty: tuple[Card, ...] = ()       # the kitty while the dealer's burial is it, else empty
    faults: tuple[Fault, ...] = ()            # every_fault: every illegal step met, in order


class Walker:
    """One walk of one record, as a phase machine: :meth:`run` goes through the phases in order,
    each phase's method either moving the position on (answering None) or answering the
    :class:`Walk` where the walk stops (see :func:`walk`)."""

    def __init__(self, record: HandRecord, reading: str, declarations_closed: bool | None,
                 ratings: Sequence[int] | None, room_coefficient: int | float | None,
                 every_fault: bool = False) -> None:
        ruleset = record.rules
        n = ruleset.players
        if not 0 <= record.dealer < n:
            raise InputError(f"dealer must be a seat 0..{n - 1}", "dealer")
        if len(record.levels) != n:
            raise InputError(f"levels must list {n} seats", "levels")
        later = bool(record.kitty_discard or record.exchanges or record.friends or record.tricks)
        if declarations_closed is False and later:
            raise InputError("declaring cannot still be open once the record holds a kitty discard, friend "
                             "calls or tricks", "declarations_closed")
        self.record = record
        self.rules = ruleset
        self.n = n
        self.reading = reading
        self.declarations_closed = declarations_closed
        self.ratings = ratings
        self.room_coefficient = room_coefficient
        self.budget = Budget(ADJUDICATE_WORK)
        self.state_reading = reading == STATE
        self.later = later
        self.open_declaring = self.state_reading and not (later if declarations_closed is None else declarations_closed)
        self.level = record.levels[record.dealer]
        self.dealer = record.dealer
        self.decl = DeclarationState(self.level)
        self.trump: Trump | None = None
        self.hands = [_ms(h) for h in record.hands]
        self.held: list[tuple[Card, ...] | None] = [None] * len(self.hands)    # while playing: each hand's cards, in order
        self.history: list[tuple[int, tuple[Card, ...]]] = []
        self.summaries: list[TrickSummary] = []
        self.penalties: list[tuple[int, int]] = []
        self.current: list[Play] = []
        self.leader = record.dealer
        self.after_exchange: tuple[tuple[Card, ...], ...] | None = None
        self.kitty: tuple[Card, ...] = ()
        self.dealer_kitty: tuple[Card, ...] = ()
        self.every_fault = every_fault
        self.faults: list[Fault] = []
        self.tainted = False                  # every_fault: the last trick held a fault, so its winner may not be the record's

    def run(self) -> Walk:
        """Every phase in order (section 2 of the module docstring), up to the first that stops."""
        for phase in (self.deal, self.declaring, self.exchanging, self.stealing, self.calling, self.playing):
            stop = phase()
            if stop is not None:
                return stop
        return self.over()

    def halt(self, stop: Phase, step: str | None = None, seat: int | None = None, reasons: Iterable[Violation] = (),
             trick: int | None = None, play: int | None = None) -> Walk:
        """The position now, stopped in ``stop`` (at the illegal ``step``, when one is named)."""
        illegal = None if step is None else IllegalStep(step, seat, tuple(reasons), trick, play)
        if illegal is not None and self.every_fault:
            self.faults.append(Fault(stop, illegal, trump=self.trump, history=tuple(self.history)))
        hands = tuple([expand(h) if k is None else k for h, k in zip(self.hands, self.held, strict=True)])
        return Walk(stop, illegal, self.trump, self.decl, hands, tuple(self.summaries),
                    tuple(self.current), self.leader, tuple(self.penalties), self.after_exchange, kitty=self.kitty,
                    dealer_kitty=self.dealer_kitty, faults=tuple(self.faults))

    def fault(self, stop: Phase, step: str, seat: int | None, reasons: Iterable[Violation], trick: int | None = None,
              play: int | None = None, *, cards: Sequence[Card] = (), lead: Sequence[Card] | None = None,
              hand: Sequence[Card] | None = None) -> Walk | None:
        """An illegal step: the walk stops there, or, walking for every fault, it is noted and the
        walk goes on with the step standing as recorded (answers None)."""
        if not self.every_fault:
            return self.halt(stop, step, seat, reasons, trick, play)
        self.faults.append(Fault(stop, IllegalStep(step, seat, tuple(reasons), trick, play), tuple(cards),
                                 None if lead is None else tuple(lead), None if hand is None else tuple(hand),
                                 self.trump, tuple(self.history)))
        return None

    def deal(self) -> Walk | None:
        """1. The deal (while declaring is open, the cards dealt so far)."""
        record, ruleset, n = self.record, self.rules, self.n
        if len(record.hands) != n:
            return self.halt(Phase.DEAL, "deal/hands", None, [Violation(
                "DEAL_SIZE", f"The deal must have {n} hands, not {len(record.hands)}.", {"expected": n})])
        dealing = False
        for s, dealt in enumerate(record.hands):
            short = len(dealt) < ruleset.hand_size
            if len(dealt) > ruleset.hand_size or (short and not self.open_declaring):
                stop = self.fault(Phase.DEAL, f"deal/hands/{s}", s, [Violation(
                    "DEAL_SIZE", f"Seat {s} was dealt {count_of(len(dealt), 'card')}; this ruleset deals {ruleset.hand_size}.",
                    {"expected": ruleset.hand_size, "got": len(dealt)})], cards=dealt)
                if stop is not None:
                    return stop
                continue
            dealing = dealing or short
        if len(record.kitty) > ruleset.kitty or (len(record.kitty) < ruleset.kitty and not self.open_declaring):
            stop = self.fault(Phase.DEAL, "deal/kitty", None, [Violation(
                "DEAL_SIZE", f"The kitty has {count_of(len(record.kitty), 'card')}; this ruleset sets {ruleset.kitty} aside.",
                {"expected": ruleset.kitty, "got": len(record.kitty)})], cards=record.kitty)
            if stop is not None:
                return stop
        dealing = dealing or len(record.kitty) < ruleset.kitty
        if not dealing:
            total: dict[int, int] = {}
            for h in self.hands:
                for c, k in h.items():
                    total[c] = total.get(c, 0) + k
            _add(total, record.kitty)
            in_play = copies_in_play(ruleset, None if record.first_hand else self.level, record.levels)
            wrong = sorted(c for c in range(54) if total.get(c, 0) != in_play[c])
            if wrong:
                return self.fault(Phase.DEAL, "deal", None, [Violation(
                    "DEAL_CARDS", f"The deal must hold every card exactly {count_of(ruleset.decks, 'time')}; it does not for "
                    + ", ".join(str(CARDS[c]) for c in wrong[:8]) + ("…" if len(wrong) > 8 else "") + ".",
                    {"cards": {str(CARDS[c]): total.get(c, 0) for c in wrong}})], cards=tuple(CARDS[c] for c in wrong))
        return None

    def declaring(self) -> Walk | None:
        """2. The declarations and the trump."""
        record, ruleset, n, level = self.record, self.rules, self.n, self.level
        for i, (seat, cards) in enumerate(record.declarations):
            if not 0 <= seat < n:
                raise InputError(f"seat must be 0..{n - 1}", f"declarations/{i}/seat")
            r = check_declaration(ruleset, level, self.history, seat, cards, hand=record.hands[seat],
                                  levels=record.seat_levels)
            if not r.valid:
                self.trump = r.trump
                stop = self.fault(Phase.DECLARING, f"declarations/{i}", seat, r.violations, cards=cards,
                                  hand=record.hands[seat])
                if stop is not None:
                    return stop
                r = self.as_recorded(r, seat, cards)
                if not r.valid:
                    continue
            self.history.append((seat, tuple(cards)))
            self.decl = r.state
        self.trump = self.decl.trump
        if self.trump is not None and self.decl.levels:
            self.trump = Trump(level, self.trump.suit)   # seats declared at their own levels: the dealer's is played
        if self.open_declaring:
            return self.halt(Phase.DECLARING)
        if self.trump is None:
            out = no_declaration_outcome(ruleset, level, record.kitty, first_hand=record.first_hand)
            if out.trump is None:
                return self.halt(Phase.REDEAL, "declarations", None, [no_declaration_violation(ruleset, record.first_hand)])
            self.trump = out.trump
        first_declarer = ruleset.first_dealer is FirstDealer.FIRST_DECLARER
        declarer = self.decl.first if first_declarer else self.decl.declarer
        if record.first_hand and declarer is not None and declarer != self.dealer:
            who = "first" if first_declarer else "winning"
            return self.fault(Phase.DECLARING, "dealer", self.dealer, [Violation(
                "WRONG_DEALER", f"In the first hand the {who} declarer (seat {declarer}) deals.",
                {"expected": declarer})])
        return None

    def as_recorded(self, r: DeclarationResult, seat: int, cards: Sequence[Card]) -> DeclarationResult:
        """An illegal declaration walking for every fault: shown cards the seat did not hold stand as
        shown (the table took them), any other fault leaves the standing declaration as it was."""
        if all(v.code == "DECLARATION_NOT_IN_HAND" for v in r.violations):
            return check_declaration(self.rules, self.level, self.history, seat, cards, levels=self.record.seat_levels)
        return r

    def exchanging(self) -> Walk | None:
        """3. The dealer's exchange of the kitty."""
        record, dealer = self.record, self.dealer
        if self.state_reading and self.rules.kitty and not self.later:
            _add(self.hands[dealer], record.kitty)
            return self.halt(Phase.EXCHANGING)
        new_hand, why = exchange(self.rules, record.hands[dealer], record.kitty, record.kitty_discard)
        if why:
            _add(self.hands[dealer], record.kitty)
            stop = self.fault(Phase.EXCHANGING, "kitty_discard", dealer, why, cards=record.kitty_discard,
                              hand=expand(self.hands[dealer]))
            if stop is not None:
                return stop
            _take(self.hands[dealer], record.kitty_discard)
        else:
            self.hands[dealer] = _ms(new_hand)
        self.kitty = self.dealer_kitty = tuple(record.kitty_discard)
        return None

    def stealing(self) -> Walk | None:
        """3b. The steals of the kitty (section 14.7)."""
        record, ruleset, n = self.record, self.rules, self.n
        for i, steal in enumerate(record.exchanges):
            step = f"exchanges/{i}"
            if not 0 <= steal.seat < n:
                raise InputError(f"seat must be 0..{n - 1}", f"{step}/seat")
            declarer = self.decl.declarer
            if not ruleset.kitty_theft or declarer is None or steal.seat == declarer:
                why_not = ("this ruleset does not allow stealing the kitty (kitty_theft is off)" if not ruleset.kitty_theft
                           else "the trump came from no declaration, so there is none to overturn"
                           if declarer is None else f"seat {steal.seat} made the standing declaration")
                stop = self.fault(Phase.STEALING, step, steal.seat, [Violation(
                    "KITTY_THEFT", f"Seat {steal.seat} cannot steal the kitty: {why_not}.", {"index": i})],
                    cards=steal.declaration, hand=expand(self.hands[steal.seat]))
                if stop is not None:
                    return stop
                self.steal_as_recorded(steal, None)
                continue
            hand = expand(self.hands[steal.seat])
            r = check_declaration(ruleset, self.level, self.history, steal.seat, steal.declaration, hand=hand,
                                  levels=record.seat_levels)
            if not r.valid:
                stop = self.fault(Phase.STEALING, step, steal.seat, r.violations, cards=steal.declaration, hand=hand)
                if stop is not None:
                    return stop
                r = self.as_recorded(r, steal.seat, steal.declaration)
            new_hand, why = exchange(ruleset, hand, self.kitty, steal.discard)
            if why:
                stop = self.fault(Phase.STEALING, step, steal.seat, why, cards=steal.discard, hand=new_hand)
                if stop is not None:
                    return stop
            self.steal_as_recorded(steal, r if r.valid else None)
        declarer = self.decl.declarer
        if (self.state_reading and ruleset.kitty_theft and self.declarations_closed is not True and declarer is not None
                and not record.friends and not record.tricks
                and can_steal(ruleset, self.level, self.history, declarer, self.hands, record.seat_levels)):
            return self.halt(Phase.STEALING)
        self.after_exchange = tuple(expand(h) for h in self.hands)
        return None

    def steal_as_recorded(self, steal: Exchange, r: DeclarationResult | None) -> None:
        """A steal: the seat takes the kitty and buries its discard (cards it did not hold counted
        below zero); a valid declaration ``r`` overturns the standing one."""
        hand = self.hands[steal.seat]
        _add(hand, self.kitty)
        _take(hand, steal.discard)
        if r is not None:
            self.history.append((steal.seat, tuple(steal.declaration)))
            self.decl = r.state
            self.trump = self.decl.trump or self.trump
            if self.decl.levels and self.trump is not None:
                self.trump = Trump(self.level, self.trump.suit)
        self.kitty, self.dealer_kitty = tuple(steal.discard), ()

    def calling(self) -> Walk | None:
        """4. The friend calls."""
        record, ruleset = self.record, self.rules
        find_friends = ruleset.partnership is Partnership.FIND_FRIENDS
        if self.state_reading and find_friends and not record.friends and not record.tricks:
            return self.halt(Phase.CALLING)
        if find_friends or record.friends:
            why = check_friend_calls(ruleset, record.friends, self.trump)
            # the first call at fault names the step; walking for every fault, each call is a fault of its own
            groups = _by_call(why) if self.every_fault else [(_call_index(why[0]), list(why))] if why else []
            for index, reasons in groups:
                called = record.friends[index].card if index is not None and 0 <= index < len(record.friends) else None
                stop = self.fault(Phase.CALLING, "friends" if index is None else f"friends/{index}", self.dealer,
                                  reasons, cards=() if called is None else (called,))
                if stop is not None:
                    return stop
        return None

    def playing(self) -> Walk | None:
        """5. The tricks, each play in turn, then each complete trick's winner."""
        record, n, trump = self.record, self.n, self.trump
        assert trump is not None                  # declaring decided it, or the walk stopped there
        self.held = [None] * len(self.hands)
        for t, raw_trick in enumerate(record.tricks):
            trick = [_play(p) for p in raw_trick]
            if not trick:
                stop = self.fault(Phase.PLAYING, f"tricks/{t}", None, [Violation("WRONG_TURN", "A trick has no plays.")], t)
                if stop is not None:
                    return stop
                continue
            complete = len(trick) == n
            last = t == len(record.tricks) - 1
            if len(trick) > n or (not complete and not (self.reading != WHOLE and last)):
                stop = self.fault(Phase.PLAYING, f"tricks/{t}", None, [Violation(
                    "WRONG_TURN", f"A trick has one play by each of the {n} seats, not {len(trick)} plays.",
                    {"plays": len(trick)})], t)
                if stop is not None:
                    return stop
                complete = not last           # a short trick stands as recorded, the last one left in progress
            lead_cards: tuple[Card, ...] = ()
            throw: ThrowResult | None = None
            for j, p in enumerate(trick):
                expected = (self.leader + j) % n
                step = f"tricks/{t}/{j}"
                if p.seat != expected and j == 0 and self.tainted:
                    self.leader = p.seat               # a winner changed by an earlier fault: the record's leader
                elif p.seat != expected:
                    stop = self.fault(Phase.PLAYING, step, p.seat, [Violation(
                        "WRONG_TURN", f"Seat {expected} plays now" + (" (the winner of the last trick leads)"
                                                                       if j == 0 and t else "") + f", not seat {p.seat}.",
                        {"expected": expected, "got": p.seat})], t, j, cards=p.cards,
                        lead=lead_cards if j else None, hand=expand(self.hands[p.seat]))
                    if stop is not None:
                        return stop
                    if j == 0:
                        self.leader = p.seat          # the trick stands as recorded, led by that seat
                if j == 0:
                    stop, throw = self.lead(trump, p, step, t)
                    lead_cards = tuple(p.cards)
                else:
                    stop = self.follow(trump, p, lead_cards, step, t, j)
                if stop is not None:
                    return stop
                _take(self.hands[p.seat], p.cards)
                self.held[p.seat] = _without(self.held[p.seat], p.cards)
                self.current.append(p)
            if not complete:
                break
            self.tainted = bool(self.faults) and self.faults[-1].illegal.trick == t
            winner, points, point_cards, fmt = self.winner(trump)
            self.summaries.append(TrickSummary(t, self.leader, winner, points, point_cards, fmt, tuple(trick), throw))
            self.current.clear()
            self.leader = winner
        return None

    def winner(self, trump: Trump) -> tuple[int, int, tuple[Card, ...], Format | None]:
        """The winner of the trick on the table; walking for every fault, a trick whose plays came
        out of turn is compared in playing order from its leader, and one that cannot be compared
        at all (a lead of mixed suits, plays of other sizes than the lead) goes to its leader with
        its points."""
        plays = [(p.seat, p.cards) for p in self.current]
        if self.every_fault:
            n, leader = self.n, self.leader
            plays.sort(key=lambda sp: (sp[0] - leader) % n)
            try:
                res = trick_winner(self.rules, trump, plays, self.budget)
            except InputError as error:
                if error.field is None or not error.field.startswith("plays/"):   # past the work bound
                    raise
                cards = [c for _, played in plays for c in played]
                point_cards = tuple(sorted((c for c in cards if c.points), reverse=True))
                return plays[0][0], sum(c.points for c in point_cards), point_cards, None
            return res.winner, res.points, res.point_cards, res.format
        res = trick_winner(self.rules, trump, plays, self.budget)
        return res.winner, res.points, res.point_cards, res.format

    def lead(self, trump: Trump, p: Play, step: str, t: int) -> tuple[Walk | None, ThrowResult | None]:
        """A lead, a throw adjudicated against the other players' real hands (the module docstring's
        decision on failed throws); answers the stop, if the lead is illegal, and the lead's throw.
        Walking for every fault, the cards recorded stay on the table; a throw recorded as failed
        is charged its penalty."""
        ruleset = self.rules
        tried = p.attempted if p.attempted is not None else p.cards
        hand = self.cards_of(p.seat)
        others = [(s, self.cards_of(s)) for s in range(self.n) if s != p.seat] if len(tried) > 1 else []   # a single is no throw
        v = check_play(ruleset, trump, hand, tried, None, seat=p.seat, others=others, budget=self.budget)
        if not v.legal:
            return self.fault(Phase.PLAYING, step, p.seat, v.violations, t, 0, cards=tried, hand=hand), None
        throw = v.throw
        if p.attempted is None:
            if throw is not None and throw.stands is False:
                return self.fault(Phase.PLAYING, step, p.seat, [Violation(
                    "THROW_NOT_REDUCED",
                    f"This throw fails (seat {throw.beaten_by} can beat it): it must be recorded as its "
                    f"forced play {' '.join(format_cards(throw.forced_play or ()))} with the throw as 'attempted'.",
                    {"forced_play": format_cards(throw.forced_play or ()), "beaten_by": throw.beaten_by})], t, 0,
                    cards=tried, hand=hand), throw
            return None, throw
        if throw is None or throw.stands is not False:
            return self.fault(Phase.PLAYING, step, p.seat, [Violation(
                "THROW_STANDS", "The attempted lead is not a failed throw: "
                + ("it is a single unit." if throw is None else "no other hand can beat it, so it stands whole."))],
                t, 0, cards=tried, hand=hand), throw
        stop = None
        if _ms(p.cards) != _ms(throw.forced_play or ()):
            stop = self.fault(Phase.PLAYING, step, p.seat, [Violation(
                "THROW_NOT_REDUCED",
                f"The failed throw must be reduced to {' '.join(format_cards(throw.forced_play or ()))}.",
                {"forced_play": format_cards(throw.forced_play or ()), "beaten_by": throw.beaten_by})], t, 0,
                cards=p.cards, hand=hand)
            if stop is not None:
                return stop, throw
        if throw.penalty:
            self.penalties.append((p.seat, throw.penalty))
        return None, throw

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards while playing, in order (expanded once, then less each play)."""
        got = self.held[seat]
        if got is None:
            got = expand(self.hands[seat])
            self.held[seat] = got
        return got

    def follow(self, trump: Trump, p: Play, lead_cards: tuple[Card, ...], step: str, t: int, j: int) -> Walk | None:
        """A follow to ``lead_cards``."""
        hand = self.hands[p.seat]
        cards = self.cards_of(p.seat)
        held = len(cards)
        if held < len(lead_cards):
            return self.fault(Phase.PLAYING, step, p.seat, [Violation(
                "NOT_IN_HAND", f"Seat {p.seat} has only {count_of(held, 'card')} left.",
                {"cards": format_cards(p.cards)})], t, j, cards=p.cards, lead=lead_cards, hand=cards)
        try:
            v = check_play(self.rules, trump, cards, p.cards, lead_cards, seat=p.seat, budget=self.budget)
        except InputError as error:
            if not self.every_fault or error.field != "lead":
                raise
            # a lead that stood as recorded but is none (mixed suits): only the cards held can be judged
            missing = [c for c, k in _ms(p.cards).items() if k > hand.get(c, 0)]
            if not missing:
                return None
            return self.fault(Phase.PLAYING, step, p.seat, [Violation(
                "NOT_IN_HAND", f"you do not hold {pretty_cards(CARDS[c] for c in sorted(missing))}",
                {"cards": format_cards(sorted(missing))})], t, j, cards=p.cards, lead=lead_cards, hand=cards)
        if not v.legal:
            return self.fault(Phase.PLAYING, step, p.seat, v.violations, t, j, cards=p.cards, lead=lead_cards,
                              hand=cards)
        return None

    def over(self) -> Walk:
        """6. The teams and points, then (a whole hand) every card played and the settlement.
        Walking for every fault, cards left in hands are a fault and the hand is settled as recorded."""
        record, hands, summaries = self.record, self.hands, self.summaries
        teams, attackers = _teams_and_points(record, record.tricks, summaries, self.after_exchange, self.dealer_kitty)
        position = replace(self.halt(Phase.PLAYING), teams=teams, attackers_points=attackers)
        if self.reading == PARTIAL:
            return position
        left = [s for s in range(self.n) if _held(hands[s])]
        if left or not summaries:
            if self.state_reading:
                return position
            holder = left[0] if left else None
            why = (Violation(
                "WRONG_TRICK_COUNT", "The tricks end before every card is played"
                + (f" (seat {holder} still holds {_held(hands[holder])})." if holder is not None else "."),
                {"left": {s: _held(hands[s]) for s in left}}),)
            stop = self.fault(Phase.OVER, "tricks", holder, why, len(summaries),
                              cards=expand(hands[holder]) if holder is not None else ())
            if stop is not None:
                return replace(position, illegal=stop.illegal)
            position = replace(position, faults=tuple(self.faults))
            if not summaries:                       # no trick to settle by
                return replace(position, illegal=self.faults[-1].illegal)
        last = summaries[-1]
        if last.format is None:                     # a last trick of plays nobody can compare: no kitty to score
            return position
        try:
            settlement = _settle(record, summaries, teams, attackers, self.kitty, self.penalties, self.ratings,
                                 self.room_coefficient)
        except InputError:
            if not self.every_fault:
                raise
            return position                         # a record too far off to settle (a kitty of another size)
        return replace(position, stop=Phase.OVER, settlement=settlement)


def _teams_and_points(record: HandRecord, tricks: Sequence[Sequence[Any]], summaries: Sequence[TrickSummary],
                      after_exchange: tuple[tuple[Card, ...], ...] | None,
                      dealer_kitty: tuple[Card, ...]) -> tuple[Teams, int]:
    """The teams after ``tricks`` (section 8) and the card points the attackers won in them."""
    team_tricks = [[(p.seat, p.cards) for p in (_play(x) for x in trick)] for trick in tricks]
    teams = teams_after(record.rules, record.dealer, calls=record.friends, tricks=team_tricks,
                        hands=after_exchange, kitty_discard=dealer_kitty)
    return teams, sum(s.points for s in summaries if s.winner not in teams.dealer_team)


def _settle(record: HandRecord, summaries: Sequence[TrickSummary], teams: Teams, attackers: int,
            kitty: tuple[Card, ...], penalties: Sequence[tuple[int, int]], ratings: Sequence[int] | None,
            room_coefficient: int | float | None) -> Settlement:
    """The settlement of a whole hand (section 11) once its last trick (compared: ``format`` set) is played."""
    ruleset, last = record.rules, summaries[-1]
    assert last.format is not None
    winning = next(p.cards for p in last.plays if p.seat == last.winner)
    find_friends = ruleset.partnership is Partnership.FIND_FRIENDS
    return settle(ruleset, dealer=record.dealer, levels=record.levels, attackers_points=attackers, kitty=kitty,
                  last_trick=LastTrick(last.winner, last.format, last.points, winning),
                  dealer_team=teams.dealer_team, penalties=penalties, ratings=ratings,
                  room_coefficient=room_coefficient, friend_calls=len(record.friends) if find_friends else None,
                  games_won=record.games_won or None)


def settle_played(record: HandRecord, position: Walk, tricks: Sequence[TrickSummary]) -> Settlement:
    """The settlement of ``record`` played to its end by ``tricks`` from ``position``, its walk stopped in
    ``playing`` (between two tricks, or in a trick the first of ``tricks`` completes): what
    :func:`adjudicate` answers for the record with those tricks, when each play is legal, each trick is
    compared by :func:`trick_winner`, no lead among them but the walk's own is a throw (so they add no
    penalty) and every card is played by the last.  A bot's playout ends here without walking the hand
    again (the bots' tests hold the two equal)."""
    if position.stop is not Phase.PLAYING or position.illegal is not None:
        raise InputError("a playout goes on from a walk stopped while playing", "tricks")
    if position.current and (not tricks or tricks[0].plays[:len(position.current)] != position.current):
        raise InputError("the first trick played out completes the trick in progress", "tricks")
    summaries = (*position.tricks, *tricks)
    if not summaries:
        raise InputError("a hand settles after its last trick", "tricks")
    played = [s.plays for s in summaries]
    teams, attackers = _teams_and_points(record, played, summaries, position.after_exchange, position.dealer_kitty)
    return _settle(record, summaries, teams, attackers, position.kitty, position.penalties, None, None)


def walk(record: HandRecord, *, reading: str = WHOLE, declarations_closed: bool | None = None,
         ratings: Sequence[int] | None = None, room_coefficient: int | float | None = None,
         every_fault: bool = False) -> Walk:
    """Walk a record phase by phase (the module docstring's order) and stop at its first illegal step
    or where it ends.

    ``reading``: ``whole`` -- the record is a whole hand, and each missing step is the illegal step
    adjudication names (a short deal is ``DEAL_SIZE``, a missing discard ``KITTY_DISCARD``, cards
    left at the end ``WRONG_TRICK_COUNT``); ``partial`` -- the same, but the tricks may stop
    anywhere (the last one incomplete) and there is no final count or settlement; ``state`` -- the
    record may stop anywhere: while declaring (the hands holding only the cards dealt so far),
    before the discard, before the friend calls, or in a trick; the walk then stops in that phase.
    ``declarations_closed`` (``state`` only; default: the record holds a later step) says declaring
    is over; while it is open the walk stops in ``declaring``.  Under ``kitty_theft`` a record that
    ends after the exchange stops in ``stealing`` while some seat could steal, unless
    ``declarations_closed`` is given as true (stealing is declaring after the exchange).

    ``every_fault`` (``whole`` and ``partial``): an illegal step is noted in ``faults`` and stands as
    recorded (see :meth:`Walker.fault`); only a deal of another number of hands and a redeal stop.

    Every play check and trick comparison of the hand draws on one budget of ``ADJUDICATE_WORK``
    search steps; a record that needs more raises :class:`InputError`."""
    return Walker(record, reading, declarations_closed, ratings, room_coefficient, every_fault).run()


def adjudicate(record: HandRecord, *, partial: bool = False, ratings: Sequence[int] | None = None,
               room_coefficient: int | float | None = None, every_fault: bool = False) -> Adjudication:
    """Check a recorded hand step by step; see the module docstring.

    The strict reading of :func:`walk`: the record must be a whole hand (``partial``: its tricks
    may stop anywhere), so every step it lacks is its first illegal step.  ``every_fault``: the
    walk goes on past each illegal step, which stands as recorded, and ``faults`` lists them all
    (``illegal`` is the first); the tricks, teams and settlement are the hand's as recorded."""
    w = walk(record, reading=PARTIAL if partial else WHOLE, ratings=ratings, room_coefficient=room_coefficient,
             every_fault=every_fault)
    if every_fault:
        first = w.faults[0].illegal if w.faults else None
        return Adjudication(not w.faults, first, w.trump, w.tricks, w.teams, w.attackers_points, w.penalties,
                            w.settlement, w.after_exchange[record.dealer] if w.after_exchange is not None else None,
                            w.faults, record.levels[record.dealer])
    if w.illegal is not None:
        return Adjudication(False, w.illegal, w.trump, w.tricks)
    return Adjudication(True, None, w.trump, w.tricks, w.teams, w.attackers_points, w.penalties, w.settlement,
                        w.after_exchange[record.dealer] if w.after_exchange is not None else None)
