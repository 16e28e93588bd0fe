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
  position before it).  ``stealing`` (kitty theft, section 14.7) is a phase of the contract that no
  ruleset parameter reaches yet.
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
  calls).  ``next.calls`` is section 12's default number of calls; ``callable`` every card.
- A call is ``joined`` (``seat``: the friend), ``spent`` (``seat``: the dealer-side seat whose play
  reached the ordinal; null when no copy is left to join by: the copies still in hands cannot reach
  the ordinal, or every one of them is held by the dealer's side, which never leaves it; under
  ``holder``, the dealer holds every copy), or ``pending``.
- ``points.by_seat`` counts the card points of the tricks each seat won.  A failed throw's penalty
  moves its points between the sides: an attacker's subtracts them from the attackers and adds them
  to the defenders, a dealer-side one the reverse, so attackers + defenders is every point won in
  tricks.  Both are null while a friend call is pending.
- ``must`` is the multiset intersection of every legal play, ``may`` their union (each card as often
  as the play using the most copies of it).  Leading, every non-empty set of one suit's cards is a
  legal lead where throws are allowed, else every unit the hand holds.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .adjudicate import STATE, HandRecord, IllegalStep, Play, TrickSummary, walk
from .cards import CARDS, Card
from .declarations import DeclarationOption, declaration_options
from .follow import MAX_LIMIT, LegalPlays, legal_plays
from .friends import FriendCall, Teams, default_friend_count, teams_after
from .order import Trump, order_for
from .ruleset import FriendJoin, Partnership, Ruleset
from .scoring import Settlement, penalty_points
from .tricks import trick_winner
from .units import available_units

PENDING, JOINED, SPENT = "pending", "joined", "spent"


@dataclass(frozen=True)
class NextAction:
    """Who must act next and how.

    ``action``: ``discard`` (``cards`` how many), ``call`` (``calls`` how many, ``callable`` the cards
    that may be called), ``lead`` or ``follow`` (``lead``: the cards led; ``cards``: how many to play);
    for a play, ``must``/``may`` (None when the legal plays are too many to list: ``count`` is then
    still given) and ``count`` legal plays, exact where ``count_exact``."""

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


def hand_state(record: HandRecord, *, declarations_closed: bool | None = None,
               ratings: Sequence[int] | None = None, room_coefficient: int | float | None = None) -> HandState:
    """The hand as it stands after ``record``, which may stop anywhere (module docstring)."""
    rules = record.rules
    w = walk(record, reading=STATE, declarations_closed=declarations_closed, ratings=ratings,
             room_coefficient=room_coefficient)
    n = rules.players
    phase = w.stop if w.illegal is None or w.stop == "redeal" else "illegal"
    called = w.stop in ("playing", "over")
    calls = record.friends if called else ()
    plays = [p for t in w.tricks for p in t.plays] + list(w.current)
    teams = w.teams if w.teams is not None and w.illegal is None else teams_after(
        rules, record.dealer, calls=calls, tricks=[[(p.seat, p.cards) for p in plays]],
        hands=w.after_exchange or record.hands, kitty_discard=record.kitty_discard if called else ())
    statuses = call_statuses(rules, teams, calls, plays, w.hands)
    decided = rules.partnership is Partnership.FIXED or (called and all(c.status != PENDING for c in statuses))

    by_seat = [0] * n
    for t in w.tricks:
        by_seat[t.winner] += t.points
    attackers = defenders = None
    if decided:
        moved = penalty_points(rules, teams.dealer_team, w.penalties)
        attackers = sum(by_seat[s] for s in teams.attackers) + moved
        defenders = sum(by_seat[s] for s in teams.dealer_team) - moved

    current = None
    if w.current and w.trump is not None:
        res = trick_winner(rules, w.trump, [(p.seat, p.cards) for p in w.current])
        current = CurrentTrick(w.leader, w.current, res.winner, res.points)

    declarations = None
    if w.stop == "declaring" and not (w.illegal and w.illegal.step == "dealer"):
        history = _history(record, w.declarations.count)
        declarations = tuple(declaration_options(rules, w.declarations.level, history, s, w.hands[s])
                             for s in range(n))
    return HandState(phase, w.illegal, w.trump, w.declarations.declarer, record.dealer, w.declarations.level,
                     w.hands, _next(rules, record, w.stop, w.trump, w.hands, w.leader, w.current),
                     declarations, current, w.tricks, Points(tuple(by_seat), attackers, defenders), w.penalties,
                     teams, statuses, w.settlement)


def _history(record: HandRecord, count: int) -> list[tuple[int, tuple[Card, ...]]]:
    return [(s, tuple(c)) for s, c in record.declarations[:count]]


def _next(rules: Ruleset, record: HandRecord, stop: str, trump: Trump | None, hands: Sequence[tuple[Card, ...]],
          leader: int, current: Sequence[Play]) -> NextAction | None:
    dealer = record.dealer
    if stop == "exchanging":
        return NextAction(dealer, "discard", cards=rules.kitty)
    if stop == "calling":
        return NextAction(dealer, "call", calls=default_friend_count(rules), callable=tuple(CARDS))
    if stop != "playing" or trump is None:
        return None
    if not current:
        lead_must, lead_may, count = lead_help(rules, trump, hands[leader])
        return NextAction(leader, "lead", must=lead_must, may=lead_may, count=count, count_exact=True)
    seat = (leader + len(current)) % rules.players
    lead = current[0].cards
    lp = legal_plays(rules, trump, hands[seat], lead=lead, limit=MAX_LIMIT)
    assert isinstance(lp, LegalPlays)
    must: tuple[Card, ...] | None = None
    may: tuple[Card, ...] | None = None
    if not lp.truncated:
        must, may = intersection_union(lp.plays)
    return NextAction(seat, "follow", cards=len(lead), lead=tuple(lead), must=must, may=may, count=lp.count,
                      count_exact=lp.count_exact)


def intersection_union(plays: Iterable[Sequence[int]]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """(``must``, ``may``): the multiset intersection and union of ``plays`` (sorted)."""
    inter: Counter[int] | None = None
    union: Counter[int] = Counter()
    for play in plays:
        c = Counter(int(x) for x in play)
        inter = c if inter is None else inter & c
        union |= c
    return _cards(inter or Counter()), _cards(union)


def lead_help(rules: Ruleset, trump: Trump, hand: Sequence[int]) -> tuple[tuple[Card, ...], tuple[Card, ...], int]:
    """(``must``, ``may``, the number of distinct legal leads) for a leader holding ``hand``.

    With throws every non-empty set of one effective suit's cards is a lead (section 6; a throw that
    fails is still a legal attempt); without, exactly the units the hand holds."""
    order = order_for(rules, trump)
    suits: dict[int, Counter[int]] = {}
    for c in hand:
        suits.setdefault(order.eff[c], Counter())[int(c)] += 1
    if rules.throws:
        count = 0
        for held in suits.values():
            ways = 1
            for k in held.values():
                ways *= k + 1
            count += ways - 1
        kinds = Counter(int(c) for c in hand)
        must = _cards(Counter({next(iter(kinds)): 1})) if len(kinds) == 1 else ()
        return must, _cards(kinds), count
    leads = {tuple(sorted(u.all_cards)) for held in suits.values() for u in available_units(dict(held), order)}
    must, may = intersection_union(leads)
    return must, may, len(leads)


def call_statuses(rules: Ruleset, teams: Teams, calls: Sequence[FriendCall], plays: Sequence[Play],
                  hands: Sequence[Sequence[int]]) -> tuple[CallStatus, ...]:
    """Each friend call's status after ``plays`` (every play so far, in order; ``hands``: the cards
    every seat holds now).  See the module docstring."""
    if rules.partnership is not Partnership.FIND_FRIENDS:
        return ()
    if rules.friend_join is FriendJoin.HOLDER:
        return tuple(CallStatus(c, JOINED if f is not None else SPENT, f) for c, f in zip(calls, teams.friends, strict=True))
    out = []
    for i, call in enumerate(calls):
        seen, by = 0, None
        for p in plays:
            seen += sum(1 for c in p.cards if c == call.card)
            if seen >= call.ordinal:
                by = p.seat
                break
        if by is not None:
            friend = teams.friends[i] if i < len(teams.friends) else None
            out.append(CallStatus(call, JOINED if friend == by else SPENT, by))
            continue
        left = [sum(1 for c in h if c == call.card) for h in hands]
        if seen + sum(left) < call.ordinal or all(k == 0 for s, k in enumerate(left) if s not in teams.dealer_team):
            out.append(CallStatus(call, SPENT, None))
        else:
            out.append(CallStatus(call, PENDING, None))
    return tuple(out)


def _cards(counts: Counter[int]) -> tuple[Card, ...]:
    return tuple(sorted(CARDS[c] for c in counts.elements()))
