"""Find friends (找朋友): rules section 3 (``partnership``, ``friend_join``) and 12.

After the kitty exchange the dealer names friend cards, each with an ordinal ("the 2nd A♥").

- ``first-played`` (pagat, Zhao Peng You): the player who plays that copy joins the dealer; copies
  played earlier by anyone count towards the ordinal.  :func:`teams_after` answers after any
  prefix of the hand's tricks.
- ``holder`` (the 4399 rules): teams are fixed at naming from the hands: the dealer holds one copy -> the
  holder of the other copy; none -> the first holder after the dealer in playing order; both -> no
  friend for that call (the dealer plays alone with one call).  Cards the dealer buried in the kitty
  count as the dealer's.  :func:`holder_friends`.

With fixed partners :func:`teams_after` simply answers the dealer's parity.

Decisions where section 12 is silent (pagat's Zhao Peng You where it speaks):

- A call names a suited card or a joker and an ordinal ``1..decks``.  The number of calls may be
  anything from 0 to ``players - 1`` (:func:`default_friend_count` gives section 12's default
  ``⌊players/2⌋ − 1``); 0 calls means the dealer plays alone.
- ``first-played``: the copies of a card inside one play count in that play's order among the
  trick's plays, all at once, so the player whose play reaches the ordinal is the friend.  If the
  dealer plays that copy, or a player who is already a friend does, the call is spent without a new
  friend (pagat: the team is then smaller).  A call whose copy never gets played (for example because
  a copy was buried in the kitty) never joins anyone.  A call is decided by its own card only: two
  calls of the same card count the same copies independently.
- ``holder`` ignores the ordinal (with two decks the copy is determined by who holds which);
  several calls may produce the same friend; the team is the union.
- ``first-outsider`` (section 14.6): copies count towards the ordinal whoever plays them; once the
  ordinal is reached, a copy played by a seat already on the dealer's side (the dealer or a friend)
  leaves the call open, and the next copy played by any other seat joins.  A call no copy is left
  to join by stays undecided.
- ``friend_cards`` (section 14.6) reads "trumps" as the trump effective suit of the hand (jokers,
  level cards, permanent 2s where ``permanent_twos``, the trump suit): a permanent 2 is a trump.
  Points are the 5s, 10s and Ks.  ``no-trumps-no-top`` refuses the A (the K when the level is A);
  ``no-trumps-no-points`` refuses 5, 10 and K, except a K when the level is A.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARDS, Card
from .order import TRUMP, Trump, order_for
from .ruleset import FriendCards, FriendJoin, Partnership, Ruleset
from .violations import InputError, Violation


@dataclass(frozen=True)
class FriendCall:
    """"The ``ordinal``-th ``card``" (ordinal 1 = the first copy played)."""

    card: Card
    ordinal: int = 1

    def describe(self) -> str:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(self.ordinal if self.ordinal < 20 else self.ordinal % 10, "th")
        return f"the {self.ordinal}{suffix} {CARDS[self.card].pretty()}"


@dataclass(frozen=True)
class Teams:
    """The sides as known at some point of the hand."""

    dealer: int
    dealer_team: tuple[int, ...]           # the dealer and every friend who has joined
    attackers: tuple[int, ...]             # everyone else (under first-played: not known to be friends yet)
    friends: tuple[int | None, ...]        # per call: the seat it made a friend, None if none (yet)
    decided: tuple[bool, ...]              # per call: the call is settled (joined, spent or holder-fixed)

    @property
    def complete(self) -> bool:
        return all(self.decided)

    @property
    def alone(self) -> bool:
        return self.dealer_team == (self.dealer,)


def default_friend_count(ruleset: Ruleset) -> int:
    """Section 12's default number of friend cards: ``⌊players/2⌋ − 1``."""
    return ruleset.players // 2 - 1


def uncallable(ruleset: Ruleset, trump: Trump, card: int) -> str | None:
    """Why ``friend_cards`` forbids calling ``card`` in a hand played with ``trump``, or None."""
    policy = ruleset.friend_cards
    if policy is FriendCards.ANY:
        return None
    if order_for(ruleset, trump).eff[card] == TRUMP:
        return "it is a trump"
    rank = CARDS[card].rank
    top = 13 if trump.level == 14 else 14
    if policy is FriendCards.NO_TRUMPS_NO_TOP and rank == top:
        return f"it is the top card of its suit ({'K' if top == 13 else 'A'})"
    if policy is FriendCards.NO_TRUMPS_NO_POINTS and rank in (5, 10, 13) and not (rank == 13 and trump.level == 14):
        return "it is a point card"
    return None


def callable_cards(ruleset: Ruleset, trump: Trump) -> tuple[Card, ...]:
    """Every card a friend call may name under ``friend_cards`` (section 14.6)."""
    return tuple(CARDS[c] for c in range(54) if uncallable(ruleset, trump, c) is None)


def check_friend_calls(ruleset: Ruleset, calls: Sequence[FriendCall],
                       trump: Trump | None = None) -> tuple[Violation, ...]:
    """Violations (``FRIEND_CALL``) of a list of friend calls; with ``trump``, ``friend_cards`` too."""
    out: list[Violation] = []
    if ruleset.partnership is not Partnership.FIND_FRIENDS:
        if calls:
            out.append(Violation("FRIEND_CALL", "Friend calls exist only with partnership 'find-friends'."))
        return tuple(out)
    if len(calls) > ruleset.players - 1:
        out.append(Violation("FRIEND_CALL", f"At most {ruleset.players - 1} friend cards may be named.",
                             {"calls": len(calls)}))
    for i, call in enumerate(calls):
        if not 0 <= int(call.card) < 54:
            out.append(Violation("FRIEND_CALL", f"Call {i + 1} does not name a card.", {"index": i}))
        elif not isinstance(call.ordinal, int) or not 1 <= call.ordinal <= ruleset.decks:
            out.append(Violation("FRIEND_CALL",
                                 f"Call {i + 1}: the ordinal must be 1..{ruleset.decks} (there are {ruleset.decks} "
                                 f"copies of each card).", {"index": i, "ordinal": call.ordinal}))
        elif trump is not None and (why := uncallable(ruleset, trump, int(call.card))) is not None:
            out.append(Violation("FRIEND_CALL",
                                 f"Call {i + 1}: {CARDS[call.card].pretty()} may not be called under "
                                 f"friend_cards '{ruleset.friend_cards.value}': {why}.",
                                 {"index": i, "card": str(CARDS[call.card]), "friend_cards": ruleset.friend_cards.value}))
    return tuple(out)


def _teams(dealer: int, players: int, friends: Sequence[int | None], decided: Sequence[bool]) -> Teams:
    team = sorted({dealer} | {f for f in friends if f is not None})
    return Teams(dealer, tuple(team), tuple(s for s in range(players) if s not in team),
                 tuple(friends), tuple(decided))


def holder_friends(ruleset: Ruleset, dealer: int, hands: Sequence[Sequence[int]], calls: Sequence[FriendCall],
                   kitty_discard: Sequence[int] = ()) -> Teams:
    """``holder`` (the 4399 rules): the friends fixed at naming.  ``hands`` are the hands after the kitty
    exchange (by seat); the dealer's buried ``kitty_discard`` counts as the dealer's."""
    n = ruleset.players
    if len(hands) != n:
        raise InputError(f"hands must list {n} seats", "hands")
    held = [Counter(CARDS[c] for c in h) for h in hands]
    held[dealer] = held[dealer] + Counter(CARDS[c] for c in kitty_discard)
    friends: list[int | None] = []
    for call in calls:
        c = CARDS[call.card]
        mine = held[dealer][c]
        friend = None
        if mine < ruleset.decks:
            friend = next((s for s in ((dealer + i) % n for i in range(1, n)) if held[s][c] > 0), None)
        friends.append(friend)
    return _teams(dealer, n, friends, [True] * len(calls))


def first_played_friends(ruleset: Ruleset, dealer: int, calls: Sequence[FriendCall],
                         tricks: Sequence[Sequence[tuple[int, Sequence[int]]]]) -> Teams:
    """``first-played`` (pagat) and ``first-outsider`` (section 14.6): the teams after ``tricks``
    (each a list of (seat, cards) in play order; any prefix of the hand, the last trick may be
    incomplete)."""
    n = ruleset.players
    outsider_only = ruleset.friend_join is FriendJoin.FIRST_OUTSIDER
    seen: list[int] = [0] * len(calls)
    friends: list[int | None] = [None] * len(calls)
    decided = [False] * len(calls)
    team = {dealer}
    for trick in tricks:
        for seat, cards in trick:
            got = Counter(CARDS[c] for c in cards)
            for i, call in enumerate(calls):
                if decided[i]:
                    continue
                k = got[CARDS[call.card]]
                if not k:
                    continue
                seen[i] += k
                if seen[i] >= call.ordinal:
                    if seat not in team:
                        decided[i] = True
                        friends[i] = seat
                        team.add(seat)
                    elif outsider_only:
                        continue
                    else:
                        decided[i] = True
    return _teams(dealer, n, friends, decided)


def teams_after(ruleset: Ruleset, dealer: int, *, calls: Sequence[FriendCall] = (),
                tricks: Sequence[Sequence[tuple[int, Sequence[int]]]] = (),
                hands: Sequence[Sequence[int]] | None = None, kitty_discard: Sequence[int] = ()) -> Teams:
    """The sides after ``tricks`` (a prefix of the hand) under the ruleset's partnership.

    Fixed partners: the dealer's parity.  ``first-played``: from the tricks.  ``holder``: from
    ``hands`` (after the exchange) and ``kitty_discard``; the tricks do not matter.
    """
    if ruleset.partnership is Partnership.FIXED:
        team = [s for s in range(ruleset.players) if s % 2 == dealer % 2]
        return Teams(dealer, tuple(team), tuple(s for s in range(ruleset.players) if s not in team), (), ())
    if ruleset.friend_join is FriendJoin.HOLDER:
        if hands is None:
            raise InputError("friend_join 'holder' needs every hand", "hands")
        return holder_friends(ruleset, dealer, hands, calls, kitty_discard)
    return first_played_friends(ruleset, dealer, calls, tricks)
