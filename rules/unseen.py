"""Where the cards a seat has not seen may be, and the friend statuses that leaves (rules section 15.2).

In one world (section 15.4) a friend call's status is the referee's (:func:`rules.state.call_statuses`,
:func:`rules.friends.holder_friends`), and it reads the called card's copies only: how many each seat
holds now (under ``holder``: and has played) and how many are in the buried kitty.  The view shows the
status every world gives, ``pending`` when two worlds give different ones.  :class:`Unseen` answers it
from what the seat knows:

- *Places*: each other seat holding cards (its hand now: size known, no card of an effective suit it has
  shown void of -- a follow with fewer cards of the led suit than the lead), and the buried kitty where
  the seat has not seen it.  The unseen cards are the copies in play (:func:`rules.decks.copies_in_play`)
  less those played, the seat's own and the kitty it buried; they fill the places exactly.
- *Cards a seat must hold*: what a seat declared or showed to steal and has not played (where it buried
  since -- the dealer, a stealer -- in its hand, the hand of a later stealer or the kitty now; section
  14.7), what a failed throw gave back to its leader and it has not played since, and
  one card above the single a failed throw was reduced to, of its effective suit, in the hand of the seat
  that beat it (where the view shows who did) if it has not played one since: a share of one card of
  that seat's room that only those cards fill (of one seat's in one suit only the highest single's:
  one card above it is above the others too).
- *Cards a seat cannot hold*: a throw's unit that no other seat could beat when it was led -- every
  unit of a throw that stood, the units below the one a failed throw was reduced to, and that one for
  the seats before the one that beat it (where the view shows who did, ``hide_throw_blocker``) --
  means those seats held no higher card as often as its width (a single, a pair, a triple) of its
  effective suit then, so now at most one less than the width less the copies they played since.
  A follow of the led suit alone to a lead of pairs and tractors (singles beside them), with fewer pairs than the lead
  (``follow_protection: none``), shows the follower held no pair of that suit then but those it played:
  at most one copy of each other card of it, less the copies it played from that follow on, with
  any number of decks (a triple gives one pair); a follow with no pair to a lead with a triple or a
  wider unit, the same (:meth:`Facts._few_pairs`: why).
- *Facts of several alternatives* (:meth:`Unseen._either`), each one of some caps or musts: a follow
  realizing no tractor under a lead holding one (``tractor_obligation``) shows that of every run of the
  suit as long as the shortest tractor one card was held at most once; a throw's tractor no seat could
  beat, that of every run above it each seat held one card less often than the width; the seat that
  beat a failed throw on a pair or a tractor, that it held each card of one run above it that often.
  Where every alternative but one is ruled out (no world meets it) the one left is read as caps or
  musts; where one is met by every placement the fact says nothing.
- A *placement* of the called card's copies (so many in each place) is kept when the other unseen cards
  can fill the rest: a transportation problem whose supplies are the free copies of the cards, merged
  by the places each may go to, and the copies some places must hold, and whose sinks are the places'
  room.  By the max-flow min-cut theorem it is feasible exactly when every set of supplies fits in the
  room of the places any of them may go to (Hall's condition; :func:`fits`, checked against a brute
  force in the tests).  Copies one place must hold are put there first.  Where the placements kept
  give two statuses and facts of several alternatives are left, they are read again under each choice
  of one alternative per fact (:meth:`Unseen.outcomes`): a placement is kept when one choice keeps it.

Exactness: every world gives a kept placement (each condition above holds in every world, and a world
meets one alternative of each fact, so the caps and musts of one choice: the tests check every cap,
must, blocker's holding and fact of alternatives on every world of the positions they enumerate), so a
status shown -- the one every kept placement gives -- is every world's.  Conversely a kept placement
is a world unless the record's replay refuses every deal giving it through a constraint not read: a
follow's structure beyond the pairs and tractors it lacked (which pairs a follow with as many as led
chose, a follow with pairs to a lead with a triple, ``follow_protection`` other than ``none``, a play
with three copies of a card under ``wider_substitutes``), facts of alternatives past ``VARIANTS``
choices, what a steal showed beyond its cards, and every fact at once where the replay ties them
(a deal that meets each but not the whole record).  There a view may say ``pending`` where every world
agrees (never the other way).  On every position the tests enumerate (all the worlds of small
late-game positions under ``holder``, ``first-played`` and ``first-outsider``, short decks and three
decks included, with leads of pairs, tractors, triples and several pairs;
tests/rules/test_views_friends.py) the kept placements give exactly the worlds' statuses.  The hunt
(tests/rules/friend_hunt.py, which asks each position several calls) found no view the brute force
enumerates saying ``pending`` where every world agrees, in 2,188 calls pending in the view of 300
positions (seed 13; 6,621 calls compared).  Comparing the views before and after the three-deck and
blocker facts on 4,214 calls of three-deck positions, 51 views of 16 calls went from ``pending`` to
``spent``, and the 42 the brute force enumerates are what every world gives; on 7,574 calls of two-deck
positions the facts of alternatives changed no view.  On bigger positions every world drawn gives the
status a view shows.

Bounds: a call reads at most ``C(copies + places - 1, places - 1)`` placements, and stops at the
second status (at the first kept placement where the places alone give the status); past
``PLACEMENTS`` (only with 7 or more unseen copies of a card among 12 places) the call stays
``pending``.  A placement costs one check of at most ``2 ** HALL_SUPPLIES`` sets, or one maximum
flow on at most 54 supplies and 12 places (and one per blocker's card); a call pending with facts of
alternatives left reads its placements again under at most ``VARIANTS`` choices.  The views of one state
share what does not depend on the viewer (:class:`Common`: the facts of the record in the seats' terms,
:class:`Facts`, each viewer reading them for its own places), and a view may read first placements
other viewers kept (:meth:`Unseen.outcomes`: the order changes no status shown).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from .adjudicate import HandRecord, Play
from .cards import CARDS, Card
from .decks import copies_in_play
from .formats import Unit
from .friends import FriendCall, holder_friends
from .order import TRUMP, Order
from .rainbows import lead_format
from .ruleset import Bombs, FollowProtection, FriendJoin
from .runs import runs
from .state import JOINED, PENDING, SPENT, CallStatus, HandState, call_statuses
from .throws import ThrowResult, top_power
from .violations import InputError

PLACEMENTS: Final = 20000          # placements of one called card's copies read per call
HALL_SUPPLIES: Final = 6           # supplies checked set by set; more go to a maximum flow
VARIANTS: Final = 64               # choices of one alternative per fact read per call (:meth:`Unseen.outcomes`)
CAP: Final = 0                     # an alternative's cap: (CAP, card, place, at most so many copies there)
MUST: Final = 1                    # an alternative's must: (MUST, card, places mask, at least so many there)
EITHER: Final = 2                  # a fact of alternatives among :class:`Facts`' ``ops``
Alternative = tuple[tuple[int, int, int, int], ...]


class Common:
    """What :class:`Unseen` reads alike for every viewer of one state, computed once for them all (a
    view per seat in one request: :func:`rules.views.views`): the effective suits, the plays, the
    copies each seat played, the copies in play less those played, per call the copies of its card
    played in public up to its ordinal and the deal's own placement of its copies (``real``), and what
    the record showed of each seat's hand (:meth:`facts`)."""

    def __init__(self, record: HandRecord, state: HandState, order: Order | None) -> None:
        ruleset = record.rules
        self.eff: tuple[int, ...] = tuple(order.eff[c] for c in range(54)) if order is not None else (TRUMP,) * 54
        plays = [p for t in state.tricks for p in t.plays]
        if state.current_trick is not None:
            plays += list(state.current_trick.plays)
        self.plays = plays
        played = [[0] * 54 for _ in range(ruleset.players)]
        for p in plays:
            for x in p.cards:
                played[p.seat][int(x)] += 1
        self.played = played
        pool = list(copies_in_play(ruleset, None if record.first_hand else record.levels[record.dealer], record.levels))
        for row in played:
            for c in range(54):
                pool[c] -= row[c]
        self.pool = pool
        self.seen: list[int] = []
        for status in state.calls:
            call = status.call
            seen = 0
            for p in plays:
                seen += sum(1 for x in p.cards if x == call.card)
                if seen >= call.ordinal:
                    break
            self.seen.append(seen)
        self.record, self.state, self.order = record, state, order
        self._facts: Facts | None = None
        # per call the deal's own placement of its card's copies: by seat, then in the kitty buried last
        kitty = record.exchanges[-1].discard if record.exchanges else record.kitty_discard
        self.real: list[tuple[int, ...]] = [
            tuple(sum(1 for x in hand if x == status.call.card) for hand in state.hands)
            + (sum(1 for x in kitty if x == status.call.card),) for status in state.calls]

    def facts(self) -> Facts:
        """The state's :class:`Facts`, read once for every viewer."""
        if self._facts is None:
            self._facts = Facts(self.record, self.state, self.order, self.plays, self.played)
        return self._facts


class Facts:
    """What the record showed of the seats' hands, in the seats' terms and alike for every viewer of one
    state (the module docstring's *cards a seat must hold*, *cannot hold* and *facts of several
    alternatives*): ``shown``, the copies each seat declared or showed to steal and has not played, with
    the seats that may hold them now (the seat, and where it buried since the later buriers and the
    kitty); then, in the order the plays showed them, ``ops``: caps (``CAP``, card, seat, at most so
    many), musts (``MUST``, card, seat, at least so many) and facts of alternatives (``EITHER``, their
    index in ``either``, seat); and ``blocks``, the blockers' holdings (seat, cards: it holds one of
    them).  Each viewer reads them for the seats that are its places (:meth:`Unseen._must_hold`), which
    is reading the record itself: what a play shows of a seat does not depend on who reads it."""

    def __init__(self, record: HandRecord, state: HandState, order: Order | None, plays: list[Play],
                 played: list[list[int]]) -> None:
        self.record, self.state, self.order = record, state, order
        self.n = record.rules.players
        self.plays, self.played = plays, played
        self.shown: list[tuple[int, int, int, tuple[int, ...], bool]] = []
        self.ops: list[tuple[int, int, int, int]] = []
        self.either: list[tuple[Alternative, ...]] = []
        self.blocks: list[tuple[int, frozenset[int]]] = []
        self._declared()
        self._shown_by_plays()

    def _declared(self) -> None:
        """What each seat declared or showed to steal, less the copies played since by the seats that may
        hold them now (section 14.7)."""
        record = self.record
        buriers = [self.state.dealer] + [x.seat for x in record.exchanges] if record.rules.kitty else []
        shown: dict[tuple[int, int, int], int] = {}        # (seat, card, stage) -> copies shown
        stages = [(s, cards, 0) for s, cards in record.declarations]
        stages += [(x.seat, x.declaration, i + 1) for i, x in enumerate(record.exchanges)]
        for s, cards, stage in stages:
            counts: dict[int, int] = {}
            for x in cards:
                counts[int(x)] = counts.get(int(x), 0) + 1
            for c, k in counts.items():
                shown[(s, c, stage)] = max(shown.get((s, c, stage), 0), k)
        for (s, c, stage), k in shown.items():
            # the copies stay with the seat, or it buried them at a later exchange of its own and they went on
            # to a later burier or the kitty now (section 14.7)
            first = next((j for j in range(stage, len(buriers)) if buriers[j] == s), -1)
            holders = {s} | ({buriers[j] for j in range(first + 1, len(buriers))} if first >= 0 else set())
            left = k - sum(self.played[h][c] for h in holders)
            self.shown.append((s, c, left, tuple(sorted(holders)), first >= 0))

    def _shown_by_plays(self) -> None:
        """What the follows, the throws and their blockers showed, play by play."""
        n = self.n
        sofar = [[0] * 54 for _ in range(n)]
        leads = {t.index: t for t in self.state.tricks}
        trick = 0
        pairs, suit, tractor = 0, -1, False
        for i, p in enumerate(self.plays):
            for x in p.cards:
                sofar[p.seat][int(x)] += 1
            if i % n:
                if pairs:
                    self._few_pairs(p, suit, pairs, tractor, sofar[p.seat])
                continue
            pairs, suit, tractor = self._pairs_led(p)
            summary = leads.get(trick)
            trick += 1
            thrown = summary is not None and summary.throw is not None and self.order is not None
            if p.attempted is None and not thrown:
                continue
            if p.attempted is not None:
                back: dict[int, int] = {}
                for x in p.attempted:
                    back[int(x)] = back.get(int(x), 0) + 1
                for x in p.cards:
                    back[int(x)] -= 1
                for c, k in back.items():
                    k -= self.played[p.seat][c] - sofar[p.seat][c]          # the copies it played since
                    if k > 0:
                        self._add(c, p.seat, k)
            if thrown and summary is not None and summary.throw is not None:
                for unit, seats in self._unbeaten(p, summary.throw):
                    self._bar(unit, seats, sofar)
                self._blocker(summary.throw, sofar)

    def _pairs_led(self, lead: Play) -> tuple[int, int, bool]:
        """The pairs a lead of pairs, tractors and singles holds (a tractor of length ``L`` counts ``L``),
        its effective suit and whether it holds a tractor; for a lead with a wider unit (a triple, a
        titanic...) 1 and no tractor: every such unit's ladder has a pair and singles on it (sections 7,
        and the fixed ladders of ``shengji-3deck``), so only a follow with no pair is read (its ladders
        may rank two triples above a tractor, so a follow without one shows nothing); (0, -1, False) for
        a rainbow or a single."""
        order = self.order
        if order is None or self.record.rules.follow_protection is not FollowProtection.NONE or len(lead.cards) < 2:
            return 0, -1, False
        try:
            fmt = lead_format(order, lead.cards)
        except InputError:
            return 0, -1, False
        if any(u.kind == "rainbow" for u in fmt.units) or all(u.width < 2 for u in fmt.units):
            return 0, -1, False
        if any(u.width > 2 for u in fmt.units):
            return 1, order.eff[lead.cards[0]], False
        return (sum(u.length for u in fmt.units if u.width == 2), order.eff[lead.cards[0]],
                any(u.width == 2 and u.length > 1 for u in fmt.units))

    def _few_pairs(self, p: Play, suit: int, pairs: int, tractor: bool, sofar: Sequence[int]) -> None:
        """A follow of the led suit alone with ``k`` pairs (``k``: the copies of each card it played, halved
        and rounded down, summed) to a lead with more pairs in its pairs and tractors (``pairs``,
        :meth:`_pairs_led`; singles beside them) showed the follower held no other pair of that suit then
        (``follow_protection: none``): at most one copy of each card of it it did not play as a pair,
        and one more than it played of each it did, less the copies it played from that follow on.

        Why (sections 7, 7.1): let ``S`` be the follower's cards of the suit then.  If ``|S|`` was the
        number led, the play is ``S``.  Else the play realizes the strongest owed shape ``X`` that ``S``
        realizes; ``X``'s units are realized by the play's cards, each taking an even number of copies
        of a card (a pair, a tractor, a wider substitute of as many cards), so they hold at most ``k``
        pairs, fewer than the lead's, and the rung in ``X`` of one lead unit has two singles.  Two
        copies of a card of ``S`` outside the cards realizing ``X``'s units would take their place: a
        rung of the same unit's ladder (as many cards, weaker than the unit or the unit itself), so an
        owed shape stronger than ``X`` that ``S`` realizes -- a contradiction.  So ``S`` holds at most
        one copy more of each card than those units take: one copy of a card played once or not at
        all, one more than played of another.  With ``wider_substitutes`` a play with three copies of
        a card is not read (a titanic ``(3, 2)`` realizes a tractor of three pairs: the count above
        does not bound ``X``), nor is a bomb (it owes nothing, section 14.1).

        Where adjacency counts in the obligation (``tractor_obligation``) and the lead holds a tractor,
        a follow of the led suit alone that realizes no tractor showed the follower held none then: of
        every run of the suit as long as the shortest tractor, one card was held at most once -- a cap
        where the play made the run's other cards pairs, else one of several caps (:meth:`Unseen._either`).
        Why: with a tractor ``T`` in ``S``, ``T`` and singles are a rung of the led tractor's ladder,
        every other lead unit as singles a rung of its own, so ``S`` realizes an owed shape led by a
        tractor, stronger than any shape without one: the play would have to realize a tractor (where
        ``wider_substitutes``, a play with four copies of a card is not read: a quad realizes one)."""
        order = self.order
        assert order is not None
        mine: dict[int, int] = {}
        for z in p.cards:
            mine[int(z)] = mine.get(int(z), 0) + 1
        if any(order.eff[c] != suit for c in mine):
            return
        ruleset = self.record.rules
        most = max(mine.values())
        if ruleset.bombs is not Bombs.NONE and len(p.cards) >= 4 and most == len(p.cards):
            return                                      # a bomb owes nothing (section 14.1)
        later = self.played[p.seat]                     # less sofar: the copies played after this follow
        suit_cards = [c for c in range(54) if order.eff[c] == suit]
        if sum(k // 2 for k in mine.values()) < pairs and not (ruleset.wider_substitutes and most >= 3):
            for c in suit_cards:
                k = mine.get(c, 0)
                self._cap(c, p.seat, 1 - (later[c] - sofar[c]) - (0 if k >= 2 else k))
        if not (tractor and ruleset.tractor_obligation) or (ruleset.wider_substitutes and most >= 4):
            return
        shortest = max(2, ruleset.tractor_min_length)
        if runs({c: k for c, k in mine.items() if k >= 2}, order, 2, shortest):
            return
        for run in runs({c: 2 for c in suit_cards}, order, 2, shortest) or []:
            self._either(p.seat, [((CAP, int(c), p.seat, 1 - (later[int(c)] - sofar[int(c)]) - mine.get(int(c), 0)),)
                          for c in run if mine.get(int(c), 0) < 2])

    def _unbeaten(self, lead: Play, throw: ThrowResult) -> list[tuple[Unit, list[int]]]:
        """The units of a throw some seats did not hold a beating unit for, with those seats: every other
        seat for a throw that stood, or for a unit below the one a failed throw was reduced to; the seats
        before the one that beat it for that unit (where the view shows who did)."""
        order = self.order
        assert order is not None
        n = self.n
        others = [(lead.seat + k) % n for k in range(1, n)]
        try:
            fmt = lead_format(order, lead.attempted if lead.attempted is not None else lead.cards)
        except InputError:
            return []
        units = [u for u in fmt.units if u.kind != "rainbow"]
        if throw.stands is True:
            return [(u, others) for u in units]
        forced = throw.forced_unit
        if throw.stands is not False or forced is None or forced.kind == "rainbow":
            return []

        def key(u: Unit) -> tuple[int, int, int]:
            return top_power(order, u), u.size, u.width
        below = key(forced)
        out = [(u, others) for u in units if key(u) < below]
        by = throw.beaten_by
        if by is not None and not self.record.rules.hide_throw_blocker and by in others:
            out.append((forced, others[:others.index(by)]))
        return out

    def _bar(self, unit: Unit, seats: Sequence[int], sofar: Sequence[Sequence[int]]) -> None:
        """The seats did not hold a unit of ``unit``'s width and length above it, of its effective suit,
        when it was led (``sofar``: the copies each seat had played by then; section 6): for a single,
        a pair or a wider group, no card held that often; for a tractor, of every run above it one card
        held less often (one of them: :meth:`Unseen._either`)."""
        order = self.order
        assert order is not None
        suit, top, w = order.eff[unit.cards[0]], top_power(order, unit), unit.width
        if unit.length == 1:
            for c in range(54):
                if order.eff[c] == suit and order.power[c] > top:
                    for s in seats:
                        self._cap(c, s, w - 1 - (self.played[s][c] - sofar[s][c]))
            return
        above = [r for r in runs({c: w for c in range(54) if order.eff[c] == suit}, order, w, unit.length) or []
                 if order.power[r[-1]] > top]
        for s in seats:
            for r in above:
                self._either(s, [((CAP, int(c), s, w - 1 - (self.played[s][c] - sofar[s][c])),) for c in r])

    def _blocker(self, throw: ThrowResult, sofar: Sequence[Sequence[int]]) -> None:
        """The seat that beat a failed throw's single held a higher card of its effective suit when it
        was led (where the view shows who did): if it has not played one since, it holds one now.

        Each such holding takes a share of one card of the seat's room, so two of them need two cards:
        right for two suits, not for one, where a card above the higher single is above the lower one
        too (the sets are nested).  Of one seat's holdings in one suit only the smallest set is kept:
        it implies the others.

        Reduced to a pair, a tractor or a wider unit, the throw was beaten by a unit of that width and
        length with a higher top (section 6): the seat held that often each card of one of the runs
        above it, so holds now that many less the copies it played since (one of several musts,
        :meth:`Unseen._either`)."""
        order, by, forced = self.order, throw.beaten_by, throw.forced_unit
        if (order is None or throw.stands is not False or by is None or forced is None
                or self.record.rules.hide_throw_blocker or forced.kind == "rainbow"):
            return
        suit, top = order.eff[forced.cards[0]], top_power(order, forced)
        if forced.size > 1:
            # a pair, a tractor or a wider unit: one of the runs above it, each card of it held that often
            w, played = forced.width, self.played[by]
            above = [r for r in runs({c: w for c in range(54) if order.eff[c] == suit}, order, w, forced.length) or []
                     if order.power[r[-1]] > top]
            self._either(by, [tuple((MUST, int(c), by, w - (played[c] - sofar[by][c])) for c in r
                                if w - (played[c] - sofar[by][c]) > 0) for r in above])
            return
        higher = frozenset(c for c in range(54) if order.eff[c] == suit and order.power[c] > top)
        if any(self.played[by][c] - sofar[by][c] > 0 for c in higher) or any(
                p == by and cards <= higher for p, cards in self.blocks):
            return
        self.blocks = [(p, cards) for p, cards in self.blocks if not (p == by and higher <= cards)]
        self.blocks.append((by, higher))

    def _add(self, card: int, seat: int, k: int) -> None:
        self.ops.append((MUST, card, seat, k))

    def _cap(self, card: int, seat: int, k: int) -> None:
        self.ops.append((CAP, card, seat, k))

    def _either(self, seat: int, alternatives: Sequence[Alternative]) -> None:
        self.ops.append((EITHER, len(self.either), seat, 0))
        self.either.append(tuple(alternatives))


class Unseen:
    """What ``viewer`` (a seat, or -1: the public) knows of the cards it has not seen (module docstring).
    ``common``: :class:`Common` of the same state, when several viewers share it."""

    def __init__(self, record: HandRecord, state: HandState, viewer: int, order: Order | None,
                 voids: Sequence[set[int]], kitty_known: bool, common: Common | None = None) -> None:
        ruleset = record.rules
        n = ruleset.players
        self.record, self.state, self.viewer = record, state, viewer
        self.n, self.dealer = n, state.dealer
        common = Common(record, state, order) if common is None else common
        self.common = common
        self.eff = common.eff
        self.plays = common.plays
        self.played = common.played
        pool = list(common.pool)
        own = [0] * 54
        if viewer >= 0:
            for x in state.hands[viewer]:
                own[int(x)] += 1
                pool[int(x)] -= 1
        self.own = own
        buried = [0] * 54
        self.kitty_known = kitty_known
        if kitty_known:
            for x in (record.exchanges[-1].discard if record.exchanges else record.kitty_discard):
                buried[int(x)] += 1
                pool[int(x)] -= 1
        self.buried = buried
        self.pool = [max(k, 0) for k in pool]
        # the places: (seat or -1 for the kitty, size, effective suits refused)
        seats = [s for s in range(n) if s != viewer and state.hands[s]]
        self.seats = seats
        self.empty = [s for s in range(n) if s != viewer and not state.hands[s]]   # other seats holding no card
        self.sizes = [len(state.hands[s]) for s in seats]
        self.refused = [set(voids[s]) for s in seats]
        self.kitty_place = -1
        if ruleset.kitty and not kitty_known:
            self.kitty_place = len(seats)
            self.sizes.append(ruleset.kitty)
            self.refused.append(set())
        self.places = len(self.sizes)
        self.order = order
        self.must: dict[tuple[int, int], int] = {}      # (card, places mask) -> copies that must be there
        self.most: dict[tuple[int, int], int] = {}      # (card, place) -> at most so many copies there
        self.blocks: list[tuple[int, frozenset[int]]] = []   # (place, cards): the place holds one of them
        self.either: list[tuple[Alternative, ...]] = []      # facts of which one alternative holds at least
        self._must_hold()
        self.kept: dict[int, list[tuple[int, ...]]] = {}    # per call read: a kept placement of each status
        # what _supplies reads whatever the called card (_cards)
        self._by_card: tuple[list[list[tuple[int, int]]], dict[int, list[tuple[int, int]]],
                             dict[int, list[tuple[int, int]]]] | None = None
        self._merged: dict[int, tuple[int, int]] = {}
        self._all: list[tuple[int, int]] = []
        self._held: list[int] = []
        self._blocks: list[tuple[int, frozenset[int]]] = []

    def _must_hold(self) -> None:
        """The cards a seat must hold now, and those it cannot (module docstring): the state's
        :class:`Facts`, read for the seats that are this viewer's places, in the order they were found."""
        facts = self.common.facts()
        at = {s: i for i, s in enumerate(self.seats)}
        viewer = self.viewer
        for s, c, k, holders, since in facts.shown:
            if s == viewer:
                continue
            need = k
            if viewer in holders:
                need -= self.own[c]
            mask = 0
            for h in holders:
                if h in at:
                    mask |= 1 << at[h]
            if since:
                need -= self.buried[c]
                if self.kitty_place >= 0:
                    mask |= 1 << self.kitty_place
            if need > 0 and mask:
                self._add(c, mask, need)
        for kind, c, seat, k in facts.ops:
            place = at.get(seat, -1)
            if place < 0:
                continue
            if kind == CAP:
                self._cap(c, place, k)
            elif kind == MUST:
                self._add(c, 1 << place, k)
            else:
                self._either([tuple((x, card, place if x == CAP else 1 << place, m) for x, card, _, m in alt)
                              for alt in facts.either[c]])
        self.blocks = [(at[s], cards) for s, cards in facts.blocks if s in at]


    def _add(self, card: int, mask: int, k: int) -> None:
        self.must[(card, mask)] = max(self.must.get((card, mask), 0), k)

    def _cap(self, card: int, place: int, k: int) -> None:
        if k < self.pool[card] or (card, place) in self.most:       # a cap of every unseen copy says nothing
            self.most[(card, place)] = max(0, min(self.most.get((card, place), k), k))

    def _either(self, alternatives: Sequence[Alternative]) -> None:
        """A fact of which at least one alternative holds in every world (each a list of caps and musts).
        An alternative no world meets (a cap below 0, a must above the copies unseen) is left out; one
        left is read as it is; a fact with an alternative every placement meets says nothing."""
        kept: list[Alternative] = []
        for alt in alternatives:
            if any(kind == CAP and k < 0 or kind == MUST and k > self.pool[c] for kind, c, _, k in alt):
                continue
            if all(self._met(kind, c, where, k) for kind, c, where, k in alt):
                return
            kept.append(alt)
        if len(kept) == 1:
            for kind, c, where, k in kept[0]:
                if kind == CAP:
                    self._cap(c, where, k)
                else:
                    self._add(c, where, k)
        elif kept:
            self.either.append(tuple(kept))

    def _met(self, kind: int, card: int, where: int, k: int) -> bool:
        """Whether every placement meets the cap (card, place ``where``, at most ``k``) or the must (card,
        places mask ``where``, at least ``k``)."""
        if kind == MUST:
            return k <= 0
        return (k >= min(self.pool[card], self.sizes[where]) or self.eff[card] in self.refused[where]
                or self.most.get((card, where), k + 1) <= k)

    def outcomes(self, index: int, limit: int = 2,
                 first: Sequence[tuple[int, ...]] = ()) -> set[tuple[str, int | None]] | None:
        """:meth:`read`, then where the placements kept give two statuses, once more under each choice of
        one alternative per fact of :attr:`either` (at most ``VARIANTS`` choices; those of the called
        card first): every world meets one alternative of each fact, so its placement is kept under
        one choice, and the statuses found under all of them are every world's (or more).  (The deal's
        placement, read unchecked under every choice, is kept under the one it meets.)"""
        found = self.read(index, limit, first)
        if found is None or len(found) < limit or not self.either:
            return found
        card = int(self.state.calls[index].call.card)
        facts = [f for f in self.either
                 if not any(all(self._met(kind, c, where, k) for kind, c, where, k in alt) for alt in f)]
        facts.sort(key=lambda f: not any(c == card for alt in f for _, c, _, _ in alt))
        chosen: list[tuple[Alternative, ...]] = []
        ways = 1
        for f in facts:
            if ways * len(f) <= VARIANTS:
                chosen.append(f)
                ways *= len(f)
        if not chosen:
            return found
        most, must = self.most, self.must
        union: set[tuple[str, int | None]] = set()
        kept: list[tuple[int, ...]] = []
        try:
            for choice in itertools.product(*chosen):
                self.most, self.must = dict(most), dict(must)
                for alt in choice:
                    for kind, c, where, k in alt:
                        if kind == CAP:
                            self._cap(c, where, k)
                        else:
                            self._add(c, where, k)
                self._by_card = None
                got = self.read(index, limit, first)
                if got is None:
                    return None
                kept += [w for w in self.kept[index] if w not in kept]
                union |= got
                if len(union) >= limit:
                    break
        finally:
            self.most, self.must = most, must
            self._by_card = None
        self.kept[index] = kept
        return union

    def read(self, index: int, limit: int = 2,
             first: Sequence[tuple[int, ...]] = ()) -> set[tuple[str, int | None]] | None:
        """The statuses (status, seat) call ``index`` takes over the kept placements of its card's copies,
        stopping once ``limit`` differ; None past ``PLACEMENTS``.  ``first``: placements to read before
        the others, each as copies by seat and then in the kitty (:meth:`spread`; those that are not
        placements of this viewer are passed over); ``kept[index]`` is then a kept placement of each
        status found, so.  Reading some placements first changes no status shown: one status is shown
        only when every placement was read and kept that one alone, and two differing are two, read in
        any order (the placements read before the others are not counted against ``PLACEMENTS``).  The
        deal's own placement is read before all (:attr:`Common.real`), and kept unchecked: it is a world
        (the tests check that every viewer's conditions keep it)."""
        call = self.state.calls[index].call
        card = int(call.card)
        unseen = self.pool[card]
        suit = self.eff[card]
        caps = [0 if suit in self.refused[i] else min(self.sizes[i], self.most.get((card, i), unseen))
                for i in range(self.places)]
        supplies, held, needs, blocks = self._supplies(card)
        quick = self.quick_status(index)
        same = self._constant(index, caps)
        found: set[tuple[str, int | None]] = set()
        kept: list[tuple[int, ...]] = []
        self.kept[index] = kept
        # every placement gives ``same``: the first kept one decides (past PLACEMENTS, reading them all
        # would have stopped with None)
        one = same is not None and limit > 1
        if one and count_placements(unseen, caps) > PLACEMENTS:
            return None
        # the deal is a world of every viewer, so its placement is a kept one (the module docstring's
        # exactness): its status is found with no check; the others' are then read as before
        real = self.common.real[index]
        placed = self._placement(card, real, caps)
        if placed is not None:
            found.add(quick(placed) if same is None else same)
            kept.append(real)
            if len(found) >= limit or one:
                return found
        for world in first:
            placed = self._placement(card, world, caps)
            if placed is None:
                continue
            status = quick(placed) if same is None else same
            if status in found or not self._fits(card, placed, supplies, held, needs, blocks):
                continue
            found.add(status)
            kept.append(world)
            if len(found) >= limit or one:
                return found
        read = 0
        for placed in _placements(unseen, caps):
            read += 1
            if read > PLACEMENTS:
                return None
            status = quick(placed) if same is None else same
            if status in found:
                continue                     # a status already kept: whether this one fits changes nothing
            if not self._fits(card, placed, supplies, held, needs, blocks):
                continue
            found.add(status)
            kept.append(self.spread(card, placed))
            if len(found) >= limit or one:
                break
        return found

    def _fits(self, card: int, placed: Sequence[int], supplies: Sequence[tuple[int, int]], held: Sequence[int],
              needs: Sequence[tuple[int, int]], blocks: Sequence[tuple[int, frozenset[int]]]) -> bool:
        """Whether the placement is kept: the other unseen cards fill the rest (the module docstring)."""
        if not all(sum(placed[i] for i in range(self.places) if mask >> i & 1) >= k for mask, k in needs):
            return False
        room = [self.sizes[i] - placed[i] - held[i] for i in range(self.places)] + [0] * len(blocks)
        for j, (place, cards) in enumerate(blocks):
            if not (card in cards and placed[place]):        # the called card's copy holds it up
                room[place] -= 1
                room[self.places + j] = 1
        return fits(supplies, room)

    def spread(self, card: int, placed: Sequence[int]) -> tuple[int, ...]:
        """A placement of ``card``'s copies as every viewer can read it: the copies each seat holds (the
        viewer's own at its seat), then those in the kitty."""
        out = [self.own[card] if s == self.viewer else 0 for s in range(self.n)]
        for i, s in enumerate(self.seats):
            out[s] = placed[i]
        out.append(placed[self.kitty_place] if self.kitty_place >= 0 else self.buried[card])
        return tuple(out)

    def _placement(self, card: int, world: Sequence[int], caps: Sequence[int]) -> list[int] | None:
        """:meth:`spread`'s placement as this viewer's (one :func:`_placements` gives), if it is one."""
        if len(world) != self.n + 1 or (self.viewer >= 0 and world[self.viewer] != self.own[card]):
            return None
        if self.kitty_place < 0 and world[self.n] != self.buried[card]:
            return None
        if any(world[s] for s in self.empty):
            return None
        placed = [world[s] for s in self.seats] + ([world[self.n]] if self.kitty_place >= 0 else [])
        if sum(placed) != self.pool[card] or any(not 0 <= k <= cap for k, cap in zip(placed, caps, strict=True)):
            return None
        return placed

    def _constant(self, index: int, caps: Sequence[int]) -> tuple[str, int | None] | None:
        """The status every placement gives, where the places alone show it (else None): under
        ``first-played`` and ``first-outsider``, no seat off the dealer's side can hold a copy, or the
        viewer is off it holding one -- or the dealer's side and the kitty have no room for every copy,
        so some seat off it holds one -- and the copies in hands reach the ordinal (or cannot) wherever
        the kitty's are (:meth:`quick_status`: ``spent`` when the copies left in hands cannot reach
        the ordinal or no seat off the dealer's side holds one, else ``pending``)."""
        state = self.state
        if self.record.rules.friend_join is FriendJoin.HOLDER:
            return None
        call = state.calls[index].call
        card = int(call.card)
        team = set(state.teams.dealer_team)
        seen = self.common.seen[index]
        own = self.own[card]
        unseen = self.pool[card]
        mine = self.viewer >= 0 and self.viewer not in team and own > 0
        if not mine and not any(caps[i] for i, s in enumerate(self.seats) if s not in team):
            return SPENT, None
        most_buried = caps[self.kitty_place] if self.kitty_place >= 0 else 0
        if mine and seen + own + unseen - most_buried >= call.ordinal:
            return PENDING, None
        if seen + own + unseen < call.ordinal:
            return SPENT, None
        room = most_buried + sum(caps[i] for i, s in enumerate(self.seats) if s in team)
        if unseen > room and seen + own + unseen - most_buried >= call.ordinal:
            return PENDING, None
        return None

    def _supplies(self, card: int) -> tuple[list[tuple[int, int]], list[int], list[tuple[int, int]],
                                            list[tuple[int, frozenset[int]]]]:
        """The unseen cards other than ``card`` as supplies (places mask, copies) merged by mask, less the
        copies one place must hold (``held``, by place: they take its room); ``card``'s own musts as
        (mask, copies); and the blockers' holdings no must already gives, each a place of one card
        (``places + j``: a share of its seat's room that only those cards fill).  Every card's part
        is read once per viewer (:meth:`_cards`); a call takes its own card's out."""
        cards = self._by_card
        if cards is None:
            cards = self._cards()
        adds, holds, needs = cards
        held = list(self._held)
        for place, k in holds.get(card, []):
            held[place] -= k
        mine = adds[card]
        if not mine:
            return self._all, held, list(needs.get(card, [])), self._blocks
        merged = dict(self._merged)
        for mask, k in mine:
            total, entries = merged[mask]
            merged[mask] = (total - k, entries - 1)
        return sorted((mask, k) for mask, (k, entries) in merged.items() if entries), held, \
            list(needs.get(card, [])), self._blocks

    def _cards(self) -> tuple[list[list[tuple[int, int]]], dict[int, list[tuple[int, int]]],
                              dict[int, list[tuple[int, int]]]]:
        """Per card what :meth:`_supplies` reads of it whatever the called card: the supplies it adds (the
        copies its musts of several places take, then its free copies, by the places they may go to),
        the copies its musts of one place hold there, and its musts as a called card's needs; and their
        sums over every card.  The blockers' shares no must already gives are read here too."""
        blocks = [(place, cards) for place, cards in self.blocks
                  if not any(c in cards and k > 0 and mask == 1 << place for (c, mask), k in self.must.items())]

        def virtual(c: int, mask: int) -> int:
            for j, (place, cards) in enumerate(blocks):
                if c in cards and mask >> place & 1:
                    mask |= 1 << (self.places + j)
            return mask
        self._blocks = blocks
        open_to: dict[int, int] = {}
        for suit in set(self.eff):
            open_to[suit] = sum(1 << i for i in range(self.places) if suit not in self.refused[i])
        barred = [0] * 54
        for (c, i), k in self.most.items():
            if k <= 0:
                barred[c] |= 1 << i
        adds: list[list[tuple[int, int]]] = [[] for _ in range(54)]
        holds: dict[int, list[tuple[int, int]]] = {}
        needs: dict[int, list[tuple[int, int]]] = {}
        free = list(self.pool)
        for (c, mask), k in sorted(self.must.items()):
            needs.setdefault(c, []).append((mask, k))
            k = min(k, free[c])
            free[c] -= k
            if mask & (mask - 1):
                adds[c].append((virtual(c, mask) if blocks else mask, k))
            else:
                holds.setdefault(c, []).append((mask.bit_length() - 1, k))
        merged: dict[int, tuple[int, int]] = {}        # supplies' mask -> (copies, entries adding to it)
        eff = self.eff
        for c in range(54):
            if free[c]:
                mask = open_to[eff[c]] & ~barred[c]
                adds[c].append((virtual(c, mask) if blocks else mask, free[c]))
            for mask, k in adds[c]:
                total, entries = merged.get(mask, (0, 0))
                merged[mask] = (total + k, entries + 1)
        held = [0] * self.places
        for each in holds.values():
            for place, k in each:
                held[place] += k
        self._merged = merged
        self._all = sorted((mask, k) for mask, (k, _) in merged.items())
        self._held = held
        self._by_card = (adds, holds, needs)
        return adds, holds, needs

    def status(self, index: int, placed: Sequence[int]) -> tuple[str, int | None]:
        """The referee's status of call ``index`` in a world with ``placed`` copies of its card in each place."""
        record, state = self.record, self.state
        call = state.calls[index].call
        card = int(call.card)
        held = [self.own[card] if s == self.viewer else 0 for s in range(self.n)]
        for i, s in enumerate(self.seats):
            held[s] = placed[i]
        buried = placed[self.kitty_place] if self.kitty_place >= 0 else self.buried[card]
        copy = CARDS[card]
        if record.rules.friend_join is FriendJoin.HOLDER:
            after = [[copy] * (held[s] + self.played[s][card]) for s in range(self.n)]
            kitty: list[Card] = [] if record.exchanges else [copy] * buried
            friend = holder_friends(record.rules, self.dealer, after, [call], kitty).friends[0]
            return (JOINED, friend) if friend is not None else (SPENT, None)
        hands = [[copy] * held[s] for s in range(self.n)]
        got = call_statuses(record.rules, state.teams, [c.call for c in state.calls], self.plays, hands)[index]
        return got.status, got.seat

    def quick_status(self, index: int) -> Callable[[Sequence[int]], tuple[str, int | None]]:
        """:meth:`status` as a function of the placement that reads only what the referee reads of it:
        under ``holder`` the copies each seat held after the exchange (the kitty's counted as the
        dealer's) and the first seat after the dealer holding one; else the copies left in hands and
        whether a seat off the dealer's side holds one.  For calls a public play has not settled (the
        tests hold it equal to :meth:`status` on every placement of many positions)."""
        state, ruleset = self.state, self.record.rules
        call = state.calls[index].call
        card = int(call.card)
        n, dealer, viewer = self.n, self.dealer, self.viewer
        seats, kitty_place = self.seats, self.kitty_place
        before = [self.own[card] if s == viewer else 0 for s in range(n)]
        known_kitty = self.buried[card]

        def held_of(placed: Sequence[int]) -> list[int]:
            held = list(before)
            for i, s in enumerate(seats):
                held[s] = placed[i]
            return held

        if ruleset.friend_join is FriendJoin.HOLDER:
            played = [self.played[s][card] for s in range(n)]
            kitty_counts = not self.record.exchanges
            after_dealer = [(dealer + k) % n for k in range(1, n)]

            def holder(placed: Sequence[int]) -> tuple[str, int | None]:
                held = held_of(placed)
                mine = held[dealer] + played[dealer]
                if kitty_counts:
                    mine += placed[kitty_place] if kitty_place >= 0 else known_kitty
                if mine < ruleset.decks:
                    for s in after_dealer:
                        if held[s] + played[s] > 0:
                            return JOINED, s
                return SPENT, None
            return holder
        seen = self.common.seen[index]
        team = set(state.teams.dealer_team)

        def played_for(placed: Sequence[int]) -> tuple[str, int | None]:
            held = held_of(placed)
            if seen + sum(held) < call.ordinal or all(held[s] == 0 for s in range(n) if s not in team):
                return SPENT, None
            return PENDING, None
        return played_for


def fits(supplies: Sequence[tuple[int, int]], room: Sequence[int]) -> bool:
    """Whether supplies (places mask, copies) fill places of ``room`` exactly: the copies add up to the room
    and every set of supplies fits in the room of the places any of them may go to (Hall's condition,
    over at most ``2 ** HALL_SUPPLIES`` sets; past that, a maximum flow decides the same)."""
    if any(r < 0 for r in room) or sum(k for _, k in supplies) != sum(room):
        return False
    m = len(supplies)
    if m > HALL_SUPPLIES:
        return _max_flow(supplies, room) == sum(room)
    union = [0] * (1 << m)
    total = [0] * (1 << m)
    space: dict[int, int] = {}          # the room of a union of places, read once for every set with that union
    for subset in range(1, 1 << m):
        low = (subset & -subset).bit_length() - 1
        rest = subset & (subset - 1)
        union[subset] = union[rest] | supplies[low][0]
        total[subset] = total[rest] + supplies[low][1]
        mask = union[subset]
        fill = space.get(mask)
        if fill is None:
            fill = space[mask] = sum(room[i] for i in range(len(room)) if mask >> i & 1)
        if total[subset] > fill:
            return False
    return True


def _max_flow(supplies: Sequence[tuple[int, int]], room: Sequence[int]) -> int:
    """The most copies the supplies can put in the places: a greedy fill, then shortest augmenting paths
    from every supply with copies left, through places and back along copies already placed, to a
    place with room left (Edmonds-Karp on the bipartite network; the greedy fill is a flow, so the
    augmenting paths end at a maximum one)."""
    m, p = len(supplies), len(room)
    left = [k for _, k in supplies]
    free = list(room)
    flow = [[0] * p for _ in range(m)]
    places = [[i for i in range(p) if mask >> i & 1] for mask, _ in supplies]
    for j in range(m):
        for i in places[j]:
            x = min(left[j], free[i])
            if x > 0:
                flow[j][i] += x
                left[j] -= x
                free[i] -= x
    while True:
        # breadth first from every supply with copies left: back[i] is the supply a place is reached from,
        # via[j] the place a supply is reached from (-1: a start)
        via = [-2] * m
        back = [-1] * p
        queue = [j for j in range(m) if left[j] > 0]
        for j in queue:
            via[j] = -1
        end = -1
        for j in queue:
            for i in places[j]:
                if back[i] >= 0:
                    continue
                back[i] = j
                if free[i] > 0:
                    end = i
                    break
                for k in range(m):
                    if via[k] == -2 and flow[k][i] > 0:
                        via[k] = i
                        queue.append(k)
            if end >= 0:
                break
        if end < 0:
            return sum(room) - sum(free)
        push = free[end]
        i = end
        while True:
            j = back[i]
            if via[j] == -1:
                push = min(push, left[j])
                break
            push = min(push, flow[j][via[j]])
            i = via[j]
        i = end
        free[end] -= push
        while True:
            j = back[i]
            flow[j][i] += push
            if via[j] == -1:
                left[j] -= push
                break
            flow[j][via[j]] -= push
            i = via[j]


def count_placements(copies: int, caps: Sequence[int]) -> int:
    """How many placements :func:`_placements` gives."""
    ways = [1] + [0] * copies
    for cap in caps:
        more = [0] * (copies + 1)
        for j in range(copies + 1):
            if ways[j]:
                for k in range(min(cap, copies - j) + 1):
                    more[j + k] += ways[j]
        ways = more
    return ways[copies]


def _placements(copies: int, caps: Sequence[int]) -> Iterator[list[int]]:
    """Every way to put ``copies`` identical cards in places of the given capacities, in lexicographic order."""
    m = len(caps)
    after = [sum(caps[i + 1:]) for i in range(m)]
    if m == 0:
        if copies == 0:
            yield []
        return
    current = [0] * m
    i, left = 0, copies
    current[0] = max(0, left - after[0]) - 1
    while i >= 0:
        current[i] += 1
        if current[i] > min(left, caps[i]):
            i -= 1
            if i >= 0:
                left += current[i]
            continue
        if i == m - 1:
            if current[i] == left:
                yield list(current)
            continue
        left -= current[i]
        i += 1
        current[i] = max(0, left - after[i]) - 1


def status_of(found: set[tuple[str, int | None]] | None, call: FriendCall) -> CallStatus:
    """The view's status: the one every kept placement gives, else pending."""
    if found is not None and len(found) == 1:
        status, seat = next(iter(found))
        return CallStatus(call, status, seat)
    return CallStatus(call, PENDING, None)
