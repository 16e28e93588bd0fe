"""The whole hand as it stands: :func:`hand_state` (rules sections 6-12).

A record of a hand cut anywhere -- while declaring (the hands holding only the cards dealt so far,
the kitty possibly empty), before the kitty discard, before the friend calls, in the middle of a
trick -- is walked by :func:`rules.adjudicate.walk`, the very walk :func:`rules.adjudicate.adjudicate`
reads strictly, so the two never disagree: the same first illegal step, the same tricks, the same
settlement.  :class:`HandState` reads where that walk stopped:

- ``phase``: ``declaring`` (the deal in progress, or declaring not closed), ``exchanging`` (the dealer
  must bury: the dealer's hand holds the kitty), ``calling`` (find-friends: the dealer must call),
  ``playing``, ``over``, ``redeal`` (nobody declared and the ruleset redeals: the ``NO_DECLARATION``
  step adjudication names) or ``illegal`` (``illegal`` is the step, and everything else is the
  position before it).  ``stealing`` (``kitty_theft``, section 14.7): the record ends after the
  exchange (and any steals) with no friend call or trick, and some seat other than the standing
  declarer holds a declaration that overturns it; ``declarations`` then holds each seat's steal
  options.  Stealing ends when the record moves on (the dealer's friend calls or the first lead; a
  seat that steals is recorded in ``exchanges``) or when the request sends ``declarations_closed:
  true``, which then answers the dealer's call or lead.
- ``next``: who acts and how (:class:`NextAction`); while declaring it is None and ``declarations``
  holds every seat's options now (as :func:`rules.declarations.declaration_options`).
- the trick in progress, the completed tricks, points by seat and side, the teams with each friend
  call's status, and the settlement once the hand is over.

Readings where the rules are silent:

- Declaring closes when the caller says so (``declarations_closed``) or, by default, once the record
  holds a later step (a kitty discard, friend calls or a trick).  Only then is the no-declaration
  outcome decided, and a deal still short of cards is then ``DEAL_SIZE``.
- An empty ``friends`` before the first trick means the dealer has not called yet (``calling``); a
  first trick recorded after an empty ``friends`` is a dealer who called nobody (section 12 allows 0
  calls).  ``next.calls`` is section 12's default number of calls; ``callable`` the cards
  ``friend_cards`` allows with the hand's trump (section 14.6).
- A call is ``joined`` (``seat``: the friend), ``spent`` (``seat``: the dealer-side seat whose play
  reached the ordinal, under ``first-played``; null when no copy is left to join by: the copies still in hands cannot reach
  the ordinal, or every one of them is held by the dealer's side, which never leaves it; under
  ``holder``, the dealer holds every copy), or ``pending``.  These statuses (and the teams) are the referee's: they
  read every hand, so a call may be ``spent`` or ``joined`` before any seat could know it.  What a
  seat may be shown is :func:`rules.views.view` (section 15.2).
- ``points.by_seat`` counts the card points of the tricks each seat won.  A failed throw's penalty
  moves its points between the sides: an attacker's subtracts them from the attackers and adds them
  to the defenders, a dealer-side one the reverse, so attackers + defenders is every point won in
  tricks.  Both are null while a friend call is pending.
- ``must`` is the multiset intersection of every legal play, ``may`` their union (each card as often
  as the play using the most copies of it), both exact, from :mod:`rules.selection` (leading, every
  non-empty set of one suit's cards is a legal lead where throws are allowed, else every unit held).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .adjudicate import STATE, HandRecord, IllegalStep, Phase, Play, TrickSummary, steal_options, walk
from .cards import CARDS, Card
from .declarations import DeclarationOption, declaration_options
from .follow import check_play
from .friends import FriendCall, Teams, callable_cards, default_friend_count, teams_after
from .order import Trump
from .outlook import Outlook, reachable
from .ruleset import FriendJoin, Partnership, Ruleset
from .scoring import Settlement, penalty_points
from .selection import legal_set
from .tricks import trick_winner
from .violations import InputError

PENDING, JOINED, SPENT = "pending", "joined", "spent"


@dataclass(frozen=True)
class NextAction:
    """Who must act next and how.

    ``action``: ``discard`` (``cards`` how many), ``steal`` (section 14.7: ``seat`` is the first seat
    after the standing declarer, in playing order, that could steal; ``cards``: how many it would bury;
    every seat's options are in ``HandState.declarations``), ``call`` (``calls`` how many, ``callable`` the cards
    that may be called), ``lead`` or ``follow`` (``lead``: the cards led; ``cards``: how many to play);
    for a play, ``must``, ``may`` and the exact ``count`` of legal plays (:mod:`rules.selection`), and
    ``plays``: a uniform sample of them when one was asked for, each as the record holds it (a lead
    that is a failed throw as its forced play with the throw as ``attempted``, adjudicated against the
    other hands); ``must``, ``may`` and ``count`` are None in the rare position whose plays exceed
    the selection bounds."""

    seat: int
    action: str
    cards: int | None = None
    calls: int | None = None
    callable: tuple[Card, ...] | None = None
    lead: tuple[Card, ...] | None = None
    must: tuple[Card, ...] | None = None
    may: tuple[Card, ...] | None = None
    count: int | None = None
    count_exact: bool | None = None
    plays: tuple[Play, ...] | None = None


@dataclass(frozen=True)
class CurrentTrick:
    leader: int
    plays: tuple[Play, ...]
    winning_seat: int
    points: int


@dataclass(frozen=True)
class CallStatus:
    call: FriendCall
    status: str                 # PENDING, JOINED or SPENT
    seat: int | None


@dataclass(frozen=True)
class Points:
    by_seat: tuple[int, ...]
    attackers: int | None
    defenders: int | None


@dataclass(frozen=True)
class HandState:
    """A hand as it stands after its record (see the module docstring)."""

    phase: str
    illegal: IllegalStep | None
    trump: Trump | None
    declarer: int | None
    dealer: int
    level: int
    hands: tuple[tuple[Card, ...], ...]
    next: NextAction | None
    declarations: tuple[tuple[DeclarationOption, ...], ...] | None
    current_trick: CurrentTrick | None
    tricks: tuple[TrickSummary, ...]
    points: Points
    penalties: tuple[tuple[int, int], ...]
    teams: Teams
    calls: tuple[CallStatus, ...]
    settlement: Settlement | None
    outlook: Outlook | None = None      # the score rows still reachable (rules.outlook), once play is on


def hand_state(record: HandRecord, *, declarations_closed: bool | None = None,
               ratings: Sequence[int] | None = None, room_coefficient: int | float | None = None,
               sample: int = 0, seed: str | int = 0) -> HandState:
    """The hand as it stands after ``record``, which may stop anywhere (module docstring).

    With ``sample``, ``next.plays`` holds that many distinct legal plays of the seat to play, drawn
    uniformly by ``seed`` (:mod:`rules.selection`), each as the record would hold it."""
    ruleset = record.rules
    w = walk(record, reading=STATE, declarations_closed=declarations_closed, ratings=ratings,
             room_coefficient=room_coefficient)
    n = ruleset.players
    phase = str(w.stop if w.illegal is None or w.stop is Phase.REDEAL else Phase.ILLEGAL)
    called = w.stop in (Phase.PLAYING, Phase.OVER)
    calls = record.friends if called else ()
    plays = [p for t in w.tricks for p in t.plays] + list(w.current)
    teams = w.teams if w.teams is not None and w.illegal is None else teams_after(
        ruleset, record.dealer, calls=calls, tricks=[[(p.seat, p.cards) for p in plays]],
        hands=w.after_exchange or record.hands, kitty_discard=w.dealer_kitty if called else ())
    statuses = call_statuses(ruleset, teams, calls, plays, w.hands)
    decided = ruleset.partnership is Partnership.FIXED or (called and all(c.status != PENDING for c in statuses))

    by_seat = [0] * n
    for t in w.tricks:
        by_seat[t.winner] += t.points
    attackers = defenders = None
    if decided:
        moved = penalty_points(ruleset, teams.dealer_team, w.penalties)
        attackers = sum(by_seat[s] for s in teams.attackers) + moved
        defenders = sum(by_seat[s] for s in teams.dealer_team) - moved

    current = None
    if w.current and w.trump is not None:
        res = trick_winner(ruleset, w.trump, [(p.seat, p.cards) for p in w.current])
        current = CurrentTrick(w.leader, w.current, res.winner, res.points)

    declarations = None
    if w.stop is Phase.DECLARING and not (w.illegal and w.illegal.step == "dealer"):
        history = _history(record, w.declarations.count)
        declarations = tuple(declaration_options(ruleset, w.declarations.level, history, s, w.hands[s],
                                                 record.seat_levels) for s in range(n))
    elif w.stop is Phase.STEALING and w.illegal is None and w.declarations.declarer is not None:
        history = _history(record, len(record.declarations)) + [(x.seat, tuple(x.declaration))
                                                                  for x in record.exchanges]
        declarations = tuple(steal_options(ruleset, w.declarations.level, history, w.declarations.declarer, s,
                                           w.hands[s], record.seat_levels) for s in range(n))
    outlook = None
    if attackers is not None and w.illegal is None and w.stop in ("playing", "over"):
        total = w.settlement.attackers_total if w.settlement is not None else attackers
        outlook = reachable(ruleset, total, w.hands, [c for p in w.current for c in p.cards], w.kitty,
                            over=w.settlement is not None)
    return HandState(phase, w.illegal, w.trump, w.declarations.declarer, record.dealer, w.declarations.level,
                     w.hands, _next(ruleset, record, w.stop, w.trump, w.hands, w.leader, w.current, sample, seed,
                                    declarations, w.declarations.declarer),
                     declarations, current, w.tricks, Points(tuple(by_seat), attackers, defenders), w.penalties,
                     teams, statuses, w.settlement, outlook)


def _history(record: HandRecord, count: int) -> list[tuple[int, tuple[Card, ...]]]:
    return [(s, tuple(c)) for s, c in record.declarations[:count]]


def _next(ruleset: Ruleset, record: HandRecord, stop: Phase, trump: Trump | None, hands: Sequence[tuple[Card, ...]],
          leader: int, current: Sequence[Play], sample: int, seed: str | int,
          options: Sequence[Sequence[DeclarationOption]] | None = None, declarer: int | None = None) -> NextAction | None:
    dealer = record.dealer
    if stop is Phase.EXCHANGING:
        return NextAction(dealer, "discard", cards=ruleset.kitty)
    if stop is Phase.STEALING:
        if options is None or declarer is None:
            return None
        n = ruleset.players
        seat = next((s for s in ((declarer + i) % n for i in range(1, n)) if options[s]), None)
        return None if seat is None else NextAction(seat, "steal", cards=ruleset.kitty)
    if stop is Phase.CALLING:
        return NextAction(dealer, "call", calls=default_friend_count(ruleset),
                          callable=callable_cards(ruleset, trump) if trump is not None else tuple(CARDS))
    if stop is not Phase.PLAYING or trump is None:
        return None
    seat = (leader + len(current)) % ruleset.players
    lead = current[0].cards if current else None
    action = NextAction(seat, "follow" if lead else "lead", cards=len(lead) if lead else None,
                        lead=tuple(lead) if lead else None)
    try:
        plays = legal_set(ruleset, trump, hands[seat], lead)
        summary = plays.summary()
        drawn = plays.sample(sample, seed) if sample else None
    except InputError:          # past the selection bounds: the position stands, unsummarized
        return action
    recorded = None
    if drawn is not None:
        others = [(s, hands[s]) for s in range(ruleset.players) if s != seat]
        recorded = tuple(Play(seat, p) if lead else _as_recorded(ruleset, trump, seat, hands[seat], p, others)
                         for p in drawn)
    return replace(action, must=summary.must, may=summary.may, count=summary.count,
                   count_exact=summary.count_exact, plays=recorded)


def _as_recorded(ruleset: Ruleset, trump: Trump, seat: int, hand: Sequence[Card], lead: tuple[Card, ...],
                 others: Sequence[tuple[int, Sequence[Card]]]) -> Play:
    """A lead as the record holds it: a throw the other hands beat is its forced play, ``attempted`` whole."""
    throw = check_play(ruleset, trump, hand, lead, None, seat=seat, others=others).throw
    if throw is not None and throw.stands is False and throw.forced_play is not None:
        return Play(seat, tuple(sorted(throw.forced_play)), lead)
    return Play(seat, lead)


def call_statuses(ruleset: Ruleset, teams: Teams, calls: Sequence[FriendCall], plays: Sequence[Play],
                  hands: Sequence[Sequence[int]]) -> tuple[CallStatus, ...]:
    """Each friend call's status after ``plays`` (every play so far, in order; ``hands``: the cards
    every seat holds now).  See the module docstring."""
    if ruleset.partnership is not Partnership.FIND_FRIENDS:
        return ()
    if ruleset.friend_join is FriendJoin.HOLDER:
        return tuple(CallStatus(c, JOINED if f is not None else SPENT, f) for c, f in zip(calls, teams.friends, strict=True))
    outsider_only = ruleset.friend_join is FriendJoin.FIRST_OUTSIDER
    out = []
    for i, call in enumerate(calls):
        friend = teams.friends[i] if i < len(teams.friends) else None
        if friend is not None:
            out.append(CallStatus(call, JOINED, friend))
            continue
        seen, by = 0, None
        for p in plays:
            seen += sum(1 for c in p.cards if c == call.card)
            if seen >= call.ordinal:
                by = p.seat
                break
        if by is not None and not outsider_only:
            out.append(CallStatus(call, SPENT, by))
            continue
        left = [sum(1 for c in h if c == call.card) for h in hands]
        if seen + sum(left) < call.ordinal or all(k == 0 for s, k in enumerate(left) if s not in teams.dealer_team):
            out.append(CallStatus(call, SPENT, None))
        else:
            out.append(CallStatus(call, PENDING, None))
    return tuple(out)
