"""The deals a seat cannot tell apart: worlds (rules section 15.4).

A **world** of a seat is a deal of every card the seat has not seen -- the other hands as dealt, and
the kitty where the seat did not pick it up, with the burial the seat did not see -- under which the
whole record is legal and gives the same public events.  :func:`draw_worlds` draws worlds uniformly,
as a fair shuffle would give them: every deal of the physical cards consistent with the seat's view
is equally likely (two copies of a card are two cards).

How (exact, by rejection):

1. *The cheap constraints* describe a superset of the worlds exactly: the cards the seat has not seen
   go into *places* of known sizes -- each other seat's hand now, the kitty now where the seat has
   not seen it, the cards not yet dealt while dealing -- where a seat's hand holds no card of an
   effective suit it has shown void of (a follow with fewer cards of the led suit than the lead), at
   most one copy of each card of a suit where it followed a pair lead with two single cards of that
   suit (``follow_protection: none``: it had no pair), no card above a throw's single and at most one
   copy of a card above its pair where it did not beat that unit (section 6: every unit of a throw
   that stood, the units of a failed one below the unit it was reduced to, that unit for the seats
   before the one that beat it), and a seat that declared holds the cards it showed, and what a
   failed throw gave back to it; the seat that beat a failed throw holds a higher unit (less what it
   has played since; checked on the draw).
2. A draw under them is uniform: the unseen cards are cut into *classes* -- each card a seat must hold
   on its own, the cards some place refuses (one class for each set of places that may hold them),
   then every other card together -- and each class's split
   among its places is drawn in proportion to the exact number of physical deals it leaves (:class:`Ways`,
   a count over the places' room, class by class).  A class's mosts of single cards are part of that
   count (:class:`Caps`: for the places they bind, the ways to choose which physical copies go there,
   card by card, as a table over how many; the other places take the rest freely), so a draw keeps
   them by construction; the last class fills the room left (a lookup) and the one before it is summed
   in closed form outside the places either caps or the last may not reach (Vandermonde's identity;
   inside them, the ways are kept per room and per number of the class's cards outside, and a draw
   picks that number first, then its way).  Where the seat did not see the dealer's hand as dealt, the kitty as dealt is a uniform cut of the dealer's cards among
   those that leave it the cards it declared, and a placement weighs as many worlds as it has such
   cuts: with one declared card this weight is part of the count, with more a placement is kept with
   probability its cuts over the most any placement has.
3. The record is replayed under the drawn deal (:func:`rules.adjudicate.walk`, the referee's walk)
   and the draw is kept only when the walk stops where the real record's does, legal, with the same
   trump and (unless ``hide_throw_blocker``) the same seat beating each failed throw.  Rejection
   keeps the draw uniform among the worlds.

Where the places admit at most ``EXACT_WORLDS`` distinct ways (copies not told apart) and the kitty
as dealt is known to the seat or not yet dealt, every one of them is replayed instead: the worlds
are then counted exactly (``count``) and drawn from that list, each distinct world weighted by the
number of physical deals it stands for.

Work bounds of the count: it enumerates at most ``WAYS_WORK`` splits and keeps at most ``WAYS_STATES``
room vectors; a table of mosts keeps at most ``CAPS_STATES`` vectors (the mosts of the places past it
are checked on the draw).  Five counts (``COUNTS``), chosen by :func:`_count_for_draws`: a card some
place may not hold as one more most of its suit's class, within five times the bound, where enough of its draws
pass (``PILOT_KEPT`` of ``PILOT_DRAWS``), else the barred cards as classes of their own, within the bound; past the
first's bound, the first with tables of at most ``FEW_CAPS`` vectors, within four times the bound; past that no card
counted one by one, each card's leasts in its class's table (at most ``LEAST_STATES`` vectors: :class:`Caps`
counts the copies sent to a place from its least up), within four times the bound; past that the mosts
checked on the draw and no card counted one by one, within four times the bound; past that the draw
is a plain shuffle checked against every constraint.  Where not one of ``PILOT_DRAWS`` draws under
either of the last two passes the cheap constraints, the count with the leasts in its tables is tried
again within twenty times the bound (a spectator's position after failed throws with a steal found no
world in 4,000 draws without it).  Each way is still uniform, only slower to find
worlds.

Bounds: at most ``WORLD_DRAWS`` draws and ``WORLD_REPLAYS`` replays per call (a replay is one walk
of the record, on the walk's own work bound); ``complete`` is false when they stop the draw before
``count`` worlds were found.  Not drawn (:class:`InputError`): records with an illegal step, and
(below) two burials the seat saw taken by other seats, or another seat stealing twice after a burial
the seat saw was taken.

*Steals* (section 14.7, ``exchanges``).  The buriers are the dealer then each stealer in turn, ``t_0 ..
t_m``; burial ``j`` (``B_j``) is what ``t_j`` put down, ``B_m`` the kitty now; ``t_j`` picked up ``T_j``
(the kitty as dealt for ``j = 0``, else ``B_{j-1}``).  A seat sees the burials it made or picked up
(and ``B_m`` once the hand is over); a world holds, beside the deal, every other burial.  Worlds are
weighted physically throughout (a burial is a set of physical cards, as the dealer's cut above).

- *The count of the hidden burials.*  The places are as above (the other hands now, ``B_m`` where
  unseen).  A placement fixes every seat's cards after the exchanges (``A_s``: its hand now and what
  it played) and ``B_m``; the history is undone from the last burial back: before burial ``j``,
  ``t_j`` held ``P_j - T_j`` where ``P_j`` is its cards after plus ``B_j``, and the kitty was ``T_j``,
  a set of ``k`` of the ``|P_j| = hand + k`` physical cards of ``P_j``.  Every such choice gives a
  history in which each burial is a subset of its burier's cards (so ``exchange`` accepts it), and
  each history arises from exactly one placement and sequence of choices (undoing is a bijection).
  Where the seat did not see ``T_j``, the number of choices is C(hand + k, k) whatever the
  placement: with ``f`` such steps, every placement has the same C(hand + k, k)^f histories, so a
  uniform placement and uniform choices draw uniformly among (placement, history) pairs; the
  declarations a history must leave in hand (each declaration in its seat's dealt hand, each steal's
  in its stealer's hand before the steal) are indicator functions.  At a step whose burier must keep
  cards (its steal's declaration; at its first burial also what it declared while declaring:
  :meth:`Problem.step_needs`), ``T_j`` is drawn uniformly among the ``N_j`` sets that leave them
  (:func:`_pick_kitty`, counted by :func:`_kitties`) and the draw kept with probability ``N_j`` over
  ``N*_j``, the most ``N_j`` any number of copies of those cards in ``P_j`` gives (:meth:`Problem.step_most`):
  each valid choice then has probability 1 / ``N*_j``, the same for every placement, so the draw stays
  uniform among the (placement, history) pairs that hold the declarations (a uniform choice rejected
  when it took a declared copy lost up to half the draws at each such step).  What is left of them
  (another step's needs, the other seats' declarations) is checked on the drawn history and rejected
  (cheaply, before the replay).
- *A burial the seat saw, taken by the last stealer* (the seat is ``t_{m-1}``, ``t_m`` another seat):
  ``T_m = B_{m-1}`` is known as cards, and a placement has prod_c C(P_m[c], B_{m-1}[c]) histories (the
  physical copies of ``P_m`` that were the kitty picked up), 0 unless ``P_m`` holds ``B_{m-1}`` and the
  steal's declaration beside it.  Those copies are folded into the count: ``r_c`` copies of each card
  (what ``P_m`` must hold beyond ``t_m``'s played cards and a ``B_m`` the seat saw) form a class of
  their own placed only in ``t_m``'s hand and the unseen ``B_m`` (also when the seat is not
  ``t_{m-1}``, for the last steal's declaration).  Where those are every unseen copy of the card, the class also
  takes each place's leasts and mosts of it (nothing else can meet them).  That class draws a placement in proportion to its
  physical placements times prod_c C(y_c, r_c), ``y_c`` the copies of ``c`` in those two places
  (Vandermonde's identity over which copies are the class's), so the placement is kept with
  probability prod_c C(P_m[c], B_{m-1}[c]) / C(y_c, r_c) over that ratio's most (each factor's most over
  ``y_c`` in ``r_c .. unseen copies``): uniform over (placement, history) again.  A plain draw (where
  the count passes its bounds) has no such class, and the ratio is prod_c C(P_m[c], B_{m-1}[c]) over its most.
- *A burial the seat saw, taken before the last steal* (the seat is ``t_j``, ``t_{j+1}`` another seat and
  ``j + 1 < m``).  The *chain* is ``t_{j+1} .. t_e``: ``e = m``, or ``m - 1`` where the seat stole last
  (``B_e`` is then what it picked up).  Undoing step ``j + 1`` the kitty is ``B_j``, and a history weighs
  prod_c C(P_{j+1}[c], B_j[c]): its *designations* ``D``, ``B_j[c]`` physical copies of each card ``c``
  in ``P_{j+1}``.  A designated copy now in ``t_l``'s cards (its hand or its plays, ``l > j + 1``) or in
  ``B_e`` was in every kitty picked up from ``T_{j+2}`` to ``T_l`` (to ``T_e``), so undoing step ``l`` the
  kitty holds the ``z_l`` designated copies now at ``t_l .. t_e`` and ``B_e``, and any ``k - z_l`` of
  the other ``|P_l| - z_l`` cards: given the placement and ``D``, prod_l C(|P_l| - z_l, k - z_l)
  histories keep ``D`` in ``P_{j+1}``.  Summed over ``D`` this counts each history once per designation
  it has, i.e. by its weight: a placement's (designation, history) pairs, a sum over how many designated
  copies of each card lie at each of the chain's places (a table card by card, :func:`_designations`;
  the chain's stealers are distinct seats, so each one's cards then are its cards now).  Normalised by
  the histories without ``D`` (prod_l C(|P_l|, k)), each step's factor is rho_l(z) = C(|P_l| - z, k - z)
  / C(|P_l|, k), at most 1 and falling in ``z``, and rho(a + b) <= rho(a) rho(b); so a pair's factor is at
  most rho_e(z_e), and the placement's weight ``w`` at most prod_c H_c, H_c the sum over the designations
  of card ``c`` alone of rho_e(its designated copies at ``t_e`` and ``B_e``).  The proposal: ``r_c``
  copies (``B_j[c]`` less the copies the chain played and an ``B_e`` the seat saw holds) tracked over the
  chain's hands and the unseen ``B_m``, each way to label them weighed by rho_e of its copies at
  ``t_e``'s hand and ``B_m`` (``Klass.cut``), so a placement weighs g_c = the sum of those; where the
  seen copies suffice (``r_c <= 0``), every unseen copy of ``c`` as a class weighed, by how many lie in
  the chain's places, by the most of H_c over where among them they lie.  Each H_c is at most g_c times
  K_c (every designation holds some labeling, with a factor at most the labeling's: averaging over them,
  K_c is the most over ``y`` of sum_u C(y - r_c, u - r_c) C(e_c, B_j[c] - u) / C(u, r_c), 1 where no copy
  is seen), or at most the weight of its class.  So a placement kept with probability ``w`` over the
  proposal's weight over prod_c K_c is kept in proportion to ``w``.  Then ``D`` is drawn in proportion to
  its histories and each ``T_l`` (from ``l = e`` down) as its designated copies and a uniform choice of
  the rest: each (placement, ``D``, history) equally likely, so each (placement, history) in proportion
  to its physical weight.  The last steal's declaration, beyond those, is tracked over the last
  stealer's hand and the unseen ``B_m`` (its factor 1 / C(y_c, r_c) is at most 1).  The plain draw has
  no classes: kept with probability ``w`` over prod_c C(u_c + e_c, B_j[c]).  The
  tests check the pairs against every physical history of small chains with repeated cards.
- *The burials' histories in the count* (records with ``BURIAL_STEALS`` steals or more; the bullets
  above where that count passes its bound).  The *kept cards* are every card some burier must keep at
  its step (:meth:`Problem.step_needs`) and every card of a burial the seat saw another seat take.  Undoing
  the burials from the last, the number of physical histories that leave every burier its needs depends
  on the placement only through the copies of the kept cards in each burier's cards and in ``B_m``: at a
  step the seat did not see, a picked-up kitty with ``t_c`` copies of each kept card is any of prod_c
  C(P_j[c], t_c) C(o_j, k - sum t) physical sets (``o_j`` the burier's other cards); a burial the seat saw
  taken by another seat is prod_c C(P_j[c], B_{j-1}[c]) choices of its copies; the seat's own step is one.
  :class:`Burials` counts them (``H``, memoised over those copies), and the kept cards' unseen copies are
  one class of the count whose placements, card by card over the places, weigh their physical
  placements times ``H`` (:meth:`Problem.count_burials`, at most ``BURIAL_PLACEMENTS`` of them).  A draw then
  undoes the steps choosing the kept cards' copies in each picked-up kitty in proportion to the
  histories each leaves, and the rest of it uniformly among the burier's other cards: each history of a
  placement has probability 1 / ``H``, so each (placement, history) pair is drawn in proportion to its
  physical weight, with no rejection for a declaration nor for a seen burial's copies (a plain draw keeps
  a placement with probability ``H`` over the most any placement has).  Other seats taking two burials
  the seat saw, a chain with a seat twice or past ``CHAIN_STATES`` are drawn so.  The tests check ``H``
  and the steps' draw against every physical history of random small records, and the worlds against the
  brute force.
- Not drawn (422, ``exchanges``), where the count above passes its bound: other seats took two burials
  the seat saw, or the chain has a seat twice (another seat stole twice after the seat's burial was
  taken), or the chain is so long that the ways to spread ``k`` designated copies over its places pass
  ``CHAIN_STATES`` (the table's bound: three stealers with a kitty of 8).
- Then, as everywhere, the replay: the drawn history as the record's ``kitty``, ``kitty_discard`` and
  ``exchanges`` discards, kept when it replays identically.  The brute force in the tests enumerates
  every placement and every history with these physical weights and replays each.

*Dark declarations* (section 15.2, ``declaration_visibility: dark``, declaring open): another seat's
declaration shows the seat its seat and number of cards only, so its cards are part of the world.  A
deal is a world when some history -- each hidden declaration as many copies of one card as it
showed, held by its declarer in the deal -- replays the record, with the trump the standing
declarer's alone (:meth:`Problem.fill`).  Step 2 draws from the union over the choices of those
cards, each choice (valid in turn, hands aside) with its deals counted with its cards as leasts (:func:`_dark`); the replay rejects the
rest.  The cards a hidden declaration may show are those ``rules.views`` reads a dark declaration
as (level cards, 2s where they declare, jokers).
"""
from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb, factorial
from typing import Final

from .adjudicate import STATE, HandRecord, Phase, Play, Walk, walk
from .cards import BIG_JOKER, CARDS, SMALL_JOKER, SUITS, Card, suited, tally
from .decks import copies_in_play
from .declarations import check_declaration
from .formats import Unit
from .order import TRUMP, Order, order_for
from .rainbows import lead_format
from .ruleset import DeclarationVisibility, FollowProtection, Ruleset
from .state import HandState, hand_state
from .views import PUBLIC, voids_of
from .violations import InputError

WORLD_DRAWS: Final = 4000         # cheap draws per call
WORLD_REPLAYS: Final = 250        # replays of the record per call
EXACT_WORLDS: Final = 150         # at most this many distinct cheap worlds: every one is replayed
KIND_CLASSES: Final = 16         # cards counted one by one (a most past them is checked on the draw)
WAYS_STATES: Final = 4000         # the count of ways keeps at most this many room vectors
WAYS_WORK: Final = 10000         # the count of ways enumerates at most this many splits
CAPS_STATES: Final = 300         # the count of a suit's placements under mosts keeps at most this many vectors
LEAST_STATES: Final = 3000       # ... in the count with the leasts in the tables (no card counted on its own)
FEW_CAPS: Final = 30             # ... in the count tried where the one with CAPS_STATES passes its bound
DARK_CHOICES: Final = 200        # choices of the hidden declarations' cards counted per call
CHAIN_STATES: Final = 200        # the most ways a steal's chain can spread its designated copies (chain_region)
DARK_STEPS: Final = 20000        # declarations checked per call, filling the dark ones of a world (fill)
DISTINCT_STEPS: Final = 20        # the enumeration of distinct worlds takes at most this many steps a world
BURIAL_PLACEMENTS: Final = 4000  # placements of the buriers' kept cards counted with their histories (count_burials)
BURIAL_STEALS: Final = 2          # records with at least this many steals count them so
# the counts (cards counted one by one, mosts in the count, barred cards as classes, work bound), chosen by _count_for_draws
COUNTS: Final = ((KIND_CLASSES, True, True, WAYS_WORK, CAPS_STATES, False),
                 (KIND_CLASSES, True, False, 5 * WAYS_WORK, CAPS_STATES, False),
                 (KIND_CLASSES, True, False, 4 * WAYS_WORK, FEW_CAPS, False),
                 (0, True, False, 4 * WAYS_WORK, LEAST_STATES, True),
                 (0, False, False, 4 * WAYS_WORK, CAPS_STATES, False),
                 (0, True, False, 20 * WAYS_WORK, LEAST_STATES, True))
PILOT_DRAWS: Final = 20           # draws that judge the count with the mosts in it (_count_for_draws)
PILOT_KEPT: Final = 8             # ... kept where at least this many pass the cheap constraints
STEAL_OPEN: Final = (Phase.STEALING, Phase.CALLING, Phase.PLAYING)


@dataclass(frozen=True)
class World:
    """One world: ``deal``/``kitty`` as dealt (the kitty in dealt order), ``hands``/``held_kitty`` now;
    ``discards`` each steal's burial (section 14.7), in the record's order;
    ``declarations`` the record's declarations in this world (a dark one the seat did not see: cards
    the world's declarer holds that make the record replay)."""

    deal: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    kitty_discard: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    held_kitty: tuple[Card, ...]
    declarations: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    discards: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class Worlds:
    """``worlds`` drawn; ``count`` the number of distinct worlds when known exactly (else None);
    ``complete`` false when the work bound stopped the draw; ``draws`` and ``replays`` the work done
    (``replays - len(worlds)`` were rejected by the replay, on the sampling path)."""

    worlds: tuple[World, ...]
    count: int | None
    complete: bool
    draws: int
    replays: int


@dataclass(frozen=True)
class Place:
    """Where unseen cards go: ``seat`` (a hand now; None for the kitty or the cards not yet dealt),
    its size, and the effective suits it may not hold."""

    name: str
    seat: int | None
    size: int
    void: frozenset[int]


class Problem:
    """The cheap constraints of one seat's worlds (the module docstring, step 1) and how a draw becomes a
    record."""

    def __init__(self, record: HandRecord, state: HandState, viewer: int, declarations_closed: bool | None) -> None:
        rules = record.rules
        n = rules.players
        if state.phase == "illegal":
            raise InputError("a record with an illegal step has no worlds", "tricks")
        if not (viewer == PUBLIC or 0 <= viewer < n):
            raise InputError(f"seat must be 0..{n - 1} or public", "seat")
        dark = rules.declaration_visibility is DeclarationVisibility.DARK and state.phase == "declaring"
        self.hidden = frozenset(i for i, (s, _) in enumerate(record.declarations) if dark and s != viewer)
        self.fill_steps = 0
        self.record, self.state, self.viewer, self.closed = record, state, viewer, declarations_closed
        self.rules, self.n, self.dealer = rules, n, record.dealer
        phase = state.phase
        self.declaring = phase == "declaring" or phase == "redeal"
        self.exchanging = phase == "exchanging"
        self.exchanged = not self.declaring and not self.exchanging and bool(rules.kitty)
        played: list[dict[int, int]] = [{} for _ in range(n)]
        plays = [p for t in state.tricks for p in t.plays]
        if state.current_trick is not None:
            plays += list(state.current_trick.plays)
        for p in plays:
            for card in p.cards:
                played[p.seat][int(card)] = played[p.seat].get(int(card), 0) + 1
        self.played = played
        in_play = copies_in_play(rules, None if record.first_hand else record.levels[record.dealer], record.levels)
        pool = {c: in_play[c] for c in range(54)}
        seen: list[int] = [x for h in played for x in _expand(h)]
        if viewer != PUBLIC:
            seen += [int(x) for x in state.hands[viewer]]
        self.stolen = self.exchanged and bool(record.exchanges)
        self.buriers = (self.dealer,) + tuple(x.seat for x in record.exchanges)
        self.burial_known = self.exchanged and (viewer == self.buriers[-1] or phase == "over")
        last = record.exchanges[-1].discard if record.exchanges else record.kitty_discard
        if self.burial_known:
            seen += [int(x) for x in last]
        for x in seen:
            pool[x] -= 1
        self.dealer_split = viewer != self.dealer and rules.kitty > 0 and not self.declaring and not self.stolen
        order = order_for(rules, state.trump) if state.trump is not None and not self.declaring else None
        self.suit_of = tuple(order.eff[c] for c in range(54)) if order is not None else tuple([TRUMP] * 54)
        voids = voids_of(rules, order, state) if order is not None else [set() for _ in range(n)]
        places = [Place(f"hands/{s}", s, len(state.hands[s]), frozenset(voids[s])) for s in range(n) if s != viewer]
        if self.exchanged and not self.burial_known:
            places.append(Place("kitty", None, rules.kitty, frozenset()))
        if self.declaring:
            places.append(Place("kitty", None, len(record.kitty), frozenset()))
            dealt = sum(len(h) for h in record.hands) + len(record.kitty)
            if sum(in_play) - dealt:
                places.append(Place("undealt", None, sum(in_play) - dealt, frozenset()))
        self.places = places
        self.pool = {c: k for c, k in pool.items() if k}
        if any(k < 0 for k in pool.values()):
            raise InputError("the record shows more copies of a card than the decks hold", "deal")
        self.sizes = [p.size for p in places]
        if sum(self.sizes) != sum(self.pool.values()):
            raise InputError("the record's hands do not add up to the decks", "deal")
        self.lo: list[dict[int, int]] = [{} for _ in places]
        self.hi: list[dict[int, int]] = [{} for _ in places]
        self.needs: list[tuple[int, int, int]] = []          # (seat, card, copies) its dealt hand must hold
        self.blocks: list[tuple[int, tuple[tuple[int, int], ...]]] = []   # (place, (card, copies)): it holds one
        self.bound_by_plays(plays, order)
        self.bound_by_throws(plays, order)
        self.allowed = [tuple(i for i, p in enumerate(places) if suit not in p.void) for suit in range(5)]
        self.classes: list[Klass] = []
        self.most: int | None = None
        self.needed: dict[int, list[tuple[int, int]]] = {}
        self.step_mosts: dict[int, int] = {}
        self.in_play = tuple(in_play)
        self.cut_folded = False
        self.tracked: dict[int, int] = {}
        self.region: tuple[int, ...] = ()
        self.taken: dict[int, int] = {}
        self.beside: dict[int, int] = {}
        self.most_taken = Fraction(1)
        self.most_plain = Fraction(1)
        self.tracked_drawn = False
        self.regions: dict[int, tuple[int, ...]] = {}
        self.chain: tuple[int, ...] = ()
        self.chain_from = 0
        self.designated: dict[int, int] = {}
        self.chain_cut: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.weighted: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.burials: Burials | None = None
        self.burial_table: dict[tuple[int, ...], int] = {}
        self.burial_options: dict[tuple[int, ...], list[tuple[tuple[tuple[int, ...], ...], int]]] = {}
        self.burial_allowed: tuple[int, ...] = ()
        self.burial_most = 1
        if self.stolen and (len(record.exchanges) < BURIAL_STEALS or not self.count_burials()):
            self.steal_region(at_seat={p.seat: i for i, p in enumerate(places) if p.seat is not None})

    def bound_by_plays(self, plays: Sequence[Play], order: Order | None) -> None:
        """The cards the record shows a seat holds now, at least (what it declared and has not played; what a
        failed throw gave back to it) and at most (a follow of two cards of the led suit to a pair shows no
        pair of that suit then; ``follow_protection: none`` only)."""
        record, viewer, rules = self.record, self.viewer, self.rules
        at = {p.seat: i for i, p in enumerate(self.places) if p.seat is not None}
        shown: dict[tuple[int, int], int] = {}
        for i, (s, cards) in enumerate(record.declarations):
            if i in self.hidden:
                continue
            for c, k in tally([int(x) for x in cards]).items():
                shown[(s, c)] = max(shown.get((s, c), 0), k)
        for (s, c), k in sorted(shown.items()):
            need = k - self.played[s].get(c, 0)
            if s == viewer or (need <= 0 and not (s == self.dealer and self.dealer_split)):
                continue              # the dealer may have played a copy from the kitty: its cut still keeps k
            self.needs.append((s, c, k))
            if need > 0 and s in at and not (s in self.buriers and self.exchanged):
                self.at_least(at[s], c, need)
        later: list[dict[int, int]] = [{} for _ in range(self.n)]     # each seat's plays from a point on
        pair_lead: tuple[int, int] | None = None
        steps: list[tuple[Play, dict[int, int]]] = []
        for p in reversed(plays):
            steps.append((p, dict(later[p.seat])))
            for c in p.cards:
                later[p.seat][int(c)] = later[p.seat].get(int(c), 0) + 1
        steps.reverse()
        for i, (p, after) in enumerate(steps):
            if i % self.n == 0:                   # every trick but the last is whole: this play leads
                led = [int(c) for c in p.cards]
                pair_lead = (led[0], order.eff[led[0]]) if (order is not None and len(led) == 2
                                                            and led[0] == led[1]) else None
                if p.attempted is not None and p.seat != viewer and p.seat in at:
                    back = tally([int(c) for c in p.attempted])
                    for c in p.cards:
                        back[int(c)] -= 1
                    for c, k in back.items():
                        if k - after.get(c, 0) > 0:
                            self.at_least(at[p.seat], c, k - after.get(c, 0))
                continue
            if (pair_lead is None or order is None or p.seat == viewer or p.seat not in at
                    or rules.follow_protection is not FollowProtection.NONE or len(p.cards) != 2):
                continue
            x, y = int(p.cards[0]), int(p.cards[1])
            suit = pair_lead[1]
            if x != y and order.eff[x] == suit and order.eff[y] == suit:
                mine = dict(after)
                for c in p.cards:
                    mine[int(c)] = mine.get(int(c), 0) + 1
                for c in range(54):
                    if order.eff[c] == suit:
                        self.at_most(at[p.seat], c, max(0, 1 - mine.get(c, 0)))

    def bound_by_throws(self, plays: Sequence[Play], order: Order | None) -> None:
        """The cards a throw shows the other seats did not hold (sections 6 and 15.4): a single (a pair) of a
        throw that no other seat could beat when it was led means it held no higher card (no two copies of
        one) of its effective suit then, so none now (at most one, less the copies it played since).  The
        units no seat beat: every unit of a throw that stood; of a failed one, the units below the unit it
        was reduced to (the lowest beaten, section 6), and that unit for the seats before the one that beat
        it where the record shows who did (a completed trick, unless ``hide_throw_blocker``).  That seat held
        as many copies of one higher card as the unit's width (:attr:`blocks`, checked on the draw)."""
        if order is None:
            return
        n, viewer = self.n, self.viewer
        at = {p.seat: i for i, p in enumerate(self.places) if p.seat is not None}
        summaries = {t.index: t for t in self.state.tricks}
        later: list[dict[int, int]] = [{} for _ in range(n)]     # each seat's plays after a lead
        leads: list[tuple[int, Play, list[dict[int, int]]]] = []
        for i in range(len(plays) - 1, -1, -1):
            p = plays[i]
            if i % n == 0:
                leads.append((i // n, p, [dict(x) for x in later]))
            for c in p.cards:
                later[p.seat][int(c)] = later[p.seat].get(int(c), 0) + 1
        for t, lead, after in leads:
            try:
                fmt = lead_format(order, [int(c) for c in (lead.attempted if lead.attempted is not None else lead.cards)])
            except InputError:
                continue
            if not fmt.is_throw or any(u.kind == "rainbow" for u in fmt.units):
                continue
            others = [(lead.seat + k) % n for k in range(1, n)]
            bars: list[tuple[Unit, list[int]]] = []
            if lead.attempted is None:
                bars = [(u, others) for u in fmt.units]
            else:
                summary = summaries.get(t)
                throw = summary.throw if summary is not None else None
                reduced = lead_format(order, [int(c) for c in lead.cards]).units
                forced = throw.forced_unit if throw is not None and throw.forced_unit is not None else reduced[0]
                if len(reduced) != 1 or forced.kind == "rainbow":
                    continue
                below = _unit_key(order, forced)
                bars = [(u, others) for u in fmt.units if _unit_key(order, u) < below]
                by = throw.beaten_by if throw is not None else None
                if by is not None and not self.rules.hide_throw_blocker and by in others:
                    bars.append((forced, others[:others.index(by)]))
                    if by != viewer and by in at and forced.length == 1:
                        suit, top = order.eff[forced.cards[0]], order.power[forced.cards[-1]]
                        self.blocks.append((at[by], tuple((x, forced.width - after[by].get(x, 0)) for x in range(54)
                                                          if order.eff[x] == suit and order.power[x] > top)))
            for unit, seats in bars:
                if unit.length != 1 or unit.width > 2:
                    continue
                suit, top = order.eff[unit.cards[0]], order.power[unit.cards[-1]]
                for s in seats:
                    if s == viewer or s not in at:
                        continue
                    for x in range(54):
                        if order.eff[x] == suit and order.power[x] > top:
                            self.at_most(at[s], x, max(0, unit.width - 1 - after[s].get(x, 0)))

    def at_least(self, place: int, card: int, k: int) -> None:
        self.lo[place][card] = max(self.lo[place].get(card, 0), k)

    def at_most(self, place: int, card: int, k: int) -> None:
        self.hi[place][card] = min(self.hi[place].get(card, k), k)

    def steal_region(self, at_seat: dict[int, int]) -> None:
        """The proposal's terms for a record with steals (the module docstring, *Steals*): the copies of each
        card the last stealer's cards and the last burial must hold between them (``tracked``, beyond
        ``beside``: its played cards and a burial the seat saw), the burial the seat saw that it took
        (``taken``), and the most the acceptance ratio can be."""
        record, viewer, buriers = self.record, self.viewer, self.buriers
        m = len(record.exchanges)
        seen = [j for j in range(1, m + 1) if buriers[j - 1] == viewer and buriers[j] != viewer]
        if len(seen) > 1:
            raise InputError("worlds are not drawn where another seat took two burials this seat saw "
                             "(exchanges)", "exchanges")
        if seen and seen[0] < m:
            self.chain_region(seen[0], at_seat)
            return
        last = buriers[m]
        if last == viewer:
            return
        taken = tally([int(c) for c in _burial(record, m - 1)]) if buriers[m - 1] == viewer else {}
        shown = tally([int(c) for c in record.exchanges[-1].declaration])
        beside = dict(self.played[last])
        if self.burial_known:
            for x in record.exchanges[-1].discard:
                beside[int(x)] = beside.get(int(x), 0) + 1
        region = [at_seat[last]] + [i for i, p in enumerate(self.places) if p.name == "kitty"]
        most_taken = most_plain = Fraction(1)
        for c in sorted(set(taken) | set(shown)):
            m_c, r_c, u_c = taken.get(c, 0), taken.get(c, 0) + shown.get(c, 0) - beside.get(c, 0), self.pool.get(c, 0)
            if r_c > u_c:
                raise InputError("no deal of the unseen cards fits what this seat has seen", "seat")
            if r_c > 0:
                self.tracked[c] = r_c
            low = max(r_c, 0)
            e_c = beside.get(c, 0)
            most_taken *= max(Fraction(comb(y + e_c, m_c), comb(y, low)) for y in range(low, u_c + 1))
            most_plain *= max(comb(y + e_c, m_c) for y in range(low, u_c + 1))
        self.taken, self.beside, self.region = taken, beside, tuple(region)
        self.most_taken, self.most_plain = most_taken, most_plain

    def chain_region(self, first: int, at_seat: dict[int, int]) -> None:
        """The proposal's terms where a seat that did not steal last took the burial this seat saw (the
        module docstring, *A burial the seat saw, taken before the last steal*): the chain of stealers from
        ``t_first`` to ``t_e`` (``e`` the last steal, or the one before it where the seat stole last), the
        copies of each card of the seen burial the chain's hands and its end burial must hold between them
        (``tracked`` over their places, beyond what the chain played and an end burial the seat saw), the
        last steal's declaration as in :meth:`steal_region`, and the most the acceptance ratio can be."""
        record, viewer, buriers, k = self.record, self.viewer, self.buriers, self.rules.kitty
        m = len(record.exchanges)
        end = m - 1 if buriers[m] == viewer else m
        chain = buriers[first:end + 1]
        if len(set(chain)) != len(chain):
            raise InputError("worlds are not drawn where another seat stole twice after a burial this seat "
                             "saw was taken (exchanges)", "exchanges")
        if comb(self.rules.kitty + len(chain), len(chain)) > CHAIN_STATES:
            raise InputError("worlds are not drawn where a burial this seat saw went through this many later "
                             "steals (exchanges)", "exchanges")
        kitty = tuple(i for i, p in enumerate(self.places) if p.name == "kitty")
        region = tuple(at_seat[s] for s in chain) + (kitty if end == m else ())
        beside: dict[int, int] = {}
        for s in chain:
            for c, x in self.played[s].items():
                beside[c] = beside.get(c, 0) + x
        if end < m or self.burial_known:
            for x in _burial(record, end):
                beside[int(x)] = beside.get(int(x), 0) + 1
        need = tally([int(c) for c in _burial(record, first - 1)])
        if len(chain) > 1:             # the last step's factor: its places, C(|P_e| - x, k - x) for each x
            last_cards = len(self.state.hands[chain[-1]]) + sum(self.played[chain[-1]].values()) + k
            self.chain_cut = ((at_seat[chain[-1]],) + (kitty if end == m else ()),
                              tuple(comb(last_cards - x, k - x) for x in range(k + 1)))
        near = dict(self.played[chain[-1]]) if len(chain) > 1 else {}      # seen copies at the last step's places
        if len(chain) > 1 and (end < m or self.burial_known):
            for x in _burial(record, end):
                near[int(x)] = near.get(int(x), 0) + 1
        cuts = self.chain_cut[1] or tuple([1] * (k + 1))
        most_taken = most_plain = Fraction(1)
        for c in sorted(need):
            m_c, e_c, u_c = need[c], beside.get(c, 0), self.pool.get(c, 0)
            r_c = m_c - e_c
            if r_c > u_c:
                raise InputError("no deal of the unseen cards fits what this seat has seen", "seat")
            if r_c > 0:
                self.tracked[c], self.regions[c] = r_c, region
                most_taken *= max(sum(Fraction(comb(y - r_c, u - r_c) * comb(e_c, m_c - u), comb(u, r_c))
                                      for u in range(r_c, min(m_c, y) + 1)) for y in range(r_c, u_c + 1))
            elif u_c:                      # the seen copies suffice: every unseen copy weighed by its designations
                s_n = near.get(c, 0)
                self.weighted[c] = (region, tuple(max(sum(comb(s_n + a, i) * comb(e_c - s_n + y - a, m_c - i) * cuts[i]
                                                          for i in range(m_c + 1)) for a in range(y + 1))
                                                  for y in range(u_c + 1)))
            most_plain *= comb(u_c + e_c, m_c)
        last = buriers[m]
        if last != viewer:                 # the last steal's declaration, in the last stealer's cards or burial
            shown = tally([int(c) for c in record.exchanges[-1].declaration])
            near = dict(self.played[last])
            if self.burial_known:
                for x in record.exchanges[-1].discard:
                    near[int(x)] = near.get(int(x), 0) + 1
            for c in sorted(shown):
                r_c = shown[c] - near.get(c, 0)
                if r_c > self.pool.get(c, 0):
                    raise InputError("no deal of the unseen cards fits what this seat has seen", "seat")
                if r_c > 0 and c not in need:
                    self.tracked[c], self.regions[c] = r_c, (at_seat[last],) + kitty
        self.chain, self.chain_from, self.designated = chain, first, need
        self.most_taken, self.most_plain = most_taken, most_plain

    def designate(self, content: Sequence[Sequence[int]], cards: list[list[int]], end: list[int],
                  rng: random.Random) -> list[list[int]] | None:
        """For a placement with a chain (:meth:`chain_region`): kept with probability its weight over the
        proposal's, then the designated copies of the seen burial drawn; the cards each chain step's
        picked-up kitty must hold (steps ``first + 1 .. e`` in turn), or None (rejected)."""
        chain, k = self.chain, self.rules.kitty
        where = [tally(cards[s]) for s in chain] + [tally(end)]
        types = sorted(self.designated)
        sizes = [len(cards[s]) + k for s in chain]
        copies = [[w.get(c, 0) for w in where] for c in types]
        stages = _designations(copies, [self.designated[c] for c in types], len(where))
        finals = _chain_finals(stages, sizes, k)
        ratio = Fraction(sum(f for _, f in finals), _product_of([comb(x, k) for x in sizes[1:]]))
        if self.tracked_drawn:
            at, cuts = self.chain_cut
            for c, r in self.tracked.items():
                inside = sum(1 for i in self.regions[c] if i in at for x in content[i] if x == c)
                outside = sum(1 for i in self.regions[c] if i not in at for x in content[i] if x == c)
                if c in self.designated and cuts:       # the proposal's labelings, each by its cut (chain_region)
                    ratio /= Fraction(sum(comb(outside, r - i) * comb(inside, i) * cuts[i] for i in range(r + 1)),
                                      cuts[0])
                else:
                    ratio /= comb(inside + outside, r)
            for c, (places, weights) in self.weighted.items():
                ratio /= Fraction(weights[sum(1 for i in places for x in content[i] if x == c)], cuts[0] if cuts else 1)
        ratio /= self.most_taken if self.tracked_drawn else self.most_plain
        if not ratio or rng.randrange(ratio.denominator) >= ratio.numerator:
            return None
        chosen = _designated(stages, copies, _weighted(finals, rng), rng)
        forced: list[list[int]] = []
        for i in range(1, len(chain)):
            forced.append([c for c, split in zip(types, chosen, strict=True) for _ in range(sum(split[i:]))])
        return forced

    def count_burials(self) -> bool:
        """The burials' histories in the count (the module docstring, *Steals*): the histories
        (:class:`Burials`) over the kept cards, and the placements of those cards' unseen copies, each
        weighed by its physical placements times its histories (``burial_table`` by the split over
        ``burial_allowed``; ``burial_options`` each split's placements card by card).  False (left to the
        bullets before it, :meth:`steal_region`) past ``BURIAL_PLACEMENTS`` placements."""
        record, viewer, buriers, k = self.record, self.viewer, self.buriers, self.rules.kitty
        m = len(record.exchanges)
        free = {j: self.step_needs(j) for j in range(m + 1) if buriers[j] != viewer}
        seen = {j: tally([int(c) for c in _burial(record, j - 1)]) for j in free if j and buriers[j - 1] == viewer}
        types = tuple(sorted({c for needs in free.values() for c, _ in needs} | {c for b in seen.values() for c in b}))
        if not types:
            return False
        seats = tuple(sorted(set(buriers)))
        steps: list[tuple[int, tuple[int, ...], tuple[int, ...] | None, bool]] = []
        for j in range(m, -1, -1):
            seat = seats.index(buriers[j])
            if buriers[j] == viewer:
                took = tally([int(c) for c in (record.kitty if j == 0 else _burial(record, j - 1))])
                steps.append((seat, (0,) * len(types), tuple(took.get(c, 0) for c in types), False))
            else:
                need = dict(free[j])
                shown = tuple(seen[j].get(c, 0) for c in types) if j in seen else None
                steps.append((seat, tuple(need.get(c, 0) for c in types), shown, j in seen))
        sizes = tuple(len(self.state.hands[s]) + sum(self.played[s].values()) for s in seats)
        burials = Burials(types, tuple(steps), sizes, k)
        allowed = tuple(i for i in range(len(self.places)) if any(
            self.suit_of[c] not in self.places[i].void and self.hi[i].get(c, 1) > 0 for c in types if self.pool.get(c, 0)))
        spreads: list[list[tuple[int, ...]]] = []
        total = 1
        for c in types:
            u = self.pool.get(c, 0)
            ok = [self.suit_of[c] not in self.places[i].void for i in allowed]
            spreads.append(_splits(u, tuple(self.sizes[i] for i in allowed),
                                   tuple(self.lo[i].get(c, 0) for i in allowed),
                                   tuple(self.hi[i].get(c, u) if fit else 0 for i, fit in zip(allowed, ok, strict=True))))
            total *= len(spreads[-1])
        if total > BURIAL_PLACEMENTS:
            return False
        table: dict[tuple[int, ...], int] = {}
        options: dict[tuple[int, ...], list[tuple[tuple[tuple[int, ...], ...], int]]] = {}
        most = 0
        for spread in _products(spreads):
            split = tuple(sum(y[j] for y in spread) for j in range(len(allowed)))
            if any(x > self.sizes[i] for x, i in zip(split, allowed, strict=True)):
                continue
            kitty, held = self.burial_state(types, seats, [[c for c, y in zip(types, spread, strict=True)
                                                     for j, x in enumerate(y) if allowed[j] == i for _ in range(x)]
                                                    for i in range(len(self.places))])
            histories = burials.histories(0, kitty, held)
            if not histories:
                continue
            most = max(most, histories)
            w = histories
            for y in spread:
                w *= _multinomial(sum(y), y)
            table[split] = table.get(split, 0) + w
            options.setdefault(split, []).append((spread, table[split]))
        if not table:
            raise InputError("no deal of the unseen cards fits what this seat has seen", "seat")
        self.burials, self.burial_table, self.burial_options = burials, table, options
        self.burial_allowed, self.burial_most = allowed, most
        return True

    def burial_state(self, types: tuple[int, ...], seats: tuple[int, ...], content: Sequence[Sequence[int]]
                     ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """The copies of each of ``types`` in the last burial and in each burier's cards (``seats``), where
        ``content`` holds (at least) those cards' unseen copies by place."""
        held: list[tuple[int, ...]] = []
        for seat in seats:
            have = dict(self.played[seat])
            if seat == self.viewer:
                for card in self.state.hands[seat]:
                    have[int(card)] = have.get(int(card), 0) + 1
            for i, place in enumerate(self.places):
                if place.seat == seat:
                    for c in content[i]:
                        have[c] = have.get(c, 0) + 1
            held.append(tuple(have.get(c, 0) for c in types))
        if self.burial_known:
            last = tally([int(c) for c in self.record.exchanges[-1].discard])
        else:
            last = tally([c for i, place in enumerate(self.places) if place.name == "kitty" for c in content[i]])
        return tuple(last.get(c, 0) for c in types), tuple(held)

    def burial_parts(self, split: tuple[int, ...], rng: random.Random) -> list[list[int]]:
        """The kept cards' copies at each place of ``burial_allowed`` under ``split``, drawn in proportion to
        their weights (:meth:`count_burials`)."""
        options = self.burial_options[split]
        r = rng.randrange(options[-1][1])
        spread = next(y for y, upto in options if r < upto)
        burials = self.burials
        assert burials is not None
        return [[c for c, y in zip(burials.types, spread, strict=True) for _ in range(y[j])]
                for j in range(len(split))]

    def make_classes(self, kinds: int, capped: bool, barred: bool = True, most_states: int = CAPS_STATES,
                     leasts: bool = False) -> list[Klass]:
        """The unseen physical cards as classes: each card some place must hold on its own (at most ``kinds``
        of them, those with the fewest copies to spare; a least past them is checked on the draw), first; then the cards some place refuses (a suit
        it showed void of, a card above a throw's single it could not beat), one class for each set of places
        that may hold them, smallest first; then every other card together.  Each class with the mosts of
        single cards in it (a follow that showed no pair, a throw's pair not beaten: :class:`Caps`, a table of
        at most ``most_states`` vectors) if ``capped`` (else they are checked on the draw).  Without ``barred`` the classes are the suits some
        place refuses and a card's most of none is one more most (fewer classes: a smaller count).  With
        ``leasts`` (and no card on its own) a card's leasts are in its class's table too, where every unseen
        copy of it is in that class."""
        needs = self.dealer_needs() if self.dealer_split else []
        self.cut_folded = kinds > 0 and len(needs) == 1 and needs[0][0] in self.pool
        held = sorted({c for f in self.lo for c, k in f.items() if k and c not in self.tracked}
                      | ({needs[0][0]} if self.cut_folded else set()))
        if not self.cut_folded and len(held) > kinds:     # the most binding: the fewest copies to spare
            spare = {c: self.pool.get(c, 0) - sum(f.get(c, 0) for f in self.lo) for c in held}
            held = sorted(held, key=lambda c: (spare[c], c))[:kinds]
        burials = self.burials
        kept = set(burials.types) if burials is not None else set()
        held = sorted((set(held) | set(self.weighted)) - kept)
        out: list[Klass] = []
        if burials is not None and self.burial_allowed:
            cards = [c for c in burials.types for _ in range(self.pool.get(c, 0))]
            out.append(Klass(cards, self.burial_allowed, (0,) * len(self.burial_allowed),
                             tuple(len(cards) for _ in self.burial_allowed), None, table=self.burial_table))
        for c, r in sorted(self.tracked.items()):        # the copies a steal's region must hold (steal_region)
            at = tuple(i for i in self.regions.get(c, self.region) if self.suit_of[c] not in self.places[i].void)
            if r == self.pool.get(c, 0):                 # every unseen copy: the class takes each place's bounds
                at = tuple(i for i in at if self.hi[i].get(c, r) > 0)
                out.append(Klass([c] * r, at, tuple(self.lo[i].get(c, 0) for i in at),
                                 tuple(self.hi[i].get(c, r) for i in at), None))
            else:
                out.append(Klass([c] * r, at, (0,) * len(at), (r,) * len(at), None))
            if c in self.designated and self.chain_cut[1]:
                last = out[-1]
                out[-1] = replace(last, cut=(tuple(j for j, i in enumerate(last.allowed) if i in self.chain_cut[0]),
                                             0, self.chain_cut[1]))
        pool = {c: k - self.tracked.get(c, 0) for c, k in self.pool.items() if k > self.tracked.get(c, 0) and c not in kept}
        for c in held:
            k = self.pool.get(c, 0)
            if not k:
                raise InputError("the record shows a seat holding a card it cannot hold", "deal")
            allowed = tuple(i for i in self.allowed[self.suit_of[c]] if self.hi[i].get(c, k) > 0)
            cut = self.cut_weights(c, allowed) if self.cut_folded and c == needs[0][0] else None
            if c in self.weighted:             # its copies in a steal's chain, by their designations (chain_region)
                places, weights = self.weighted[c]
                cut = (tuple(j for j, i in enumerate(allowed) if i in places), 0, weights)
            out.append(Klass([c] * k, allowed, tuple(self.lo[i].get(c, 0) for i in allowed),
                             tuple(self.hi[i].get(c, k) for i in allowed), None, cut))
        by_places: dict[tuple[int, ...], list[int]] = {}
        for c, k in sorted(pool.items()):
            if c not in held:
                allowed = self.allowed[self.suit_of[c]]
                if barred:
                    allowed = tuple(i for i in allowed if self.hi[i].get(c, k) > 0)
                by_places.setdefault(allowed, []).extend([c] * k)
        everywhere = tuple(range(len(self.places)))
        apart = sorted((len(cards), allowed) for allowed, cards in by_places.items() if allowed != everywhere)
        for _, allowed in apart:
            cards = by_places[allowed]
            out.append(Klass(cards, allowed, (0,) * len(allowed), tuple(len(cards) for _ in allowed),
                             self.caps(cards, allowed, most_states, leasts) if capped else None))
        rest = by_places.get(everywhere, [])
        if rest:
            out.append(Klass(rest, everywhere, (0,) * len(everywhere), tuple(len(rest) for _ in everywhere),
                             self.caps(rest, everywhere, most_states, leasts) if capped else None))
        return out

    def caps(self, cards: list[int], allowed: tuple[int, ...], most_states: int = CAPS_STATES,
             leasts: bool = False) -> Caps | None:
        """The mosts of ``cards`` in the places of ``allowed`` that may not hold every unseen copy, the most
        binding first and as many places as keep the count within ``most_states`` vectors (the mosts of
        the others are checked on the draw); with ``leasts``, also the leasts of the cards whose unseen
        copies are all in ``cards``, the places with leasts first."""
        copies = tally(cards)
        whole = {c for c, k in copies.items() if leasts and k == self.pool.get(c, 0)}
        tops = []
        for j, i in enumerate(allowed):
            bound = sum(k - self.hi[i].get(c, k) for c, k in copies.items())
            need = sum(self.lo[i].get(c, 0) for c in whole)
            if bound or need:
                top = min(self.sizes[i], sum(min(k, self.hi[i].get(c, k)) for c, k in copies.items()))
                tops.append((-need, -bound, top, j))
        at_list: list[int] = []
        states = 1
        for _, _, top, j in sorted(tops):
            if states * (top + 1) <= most_states:
                states *= top + 1
                at_list.append(j)
        at = tuple(sorted(at_list))
        if not at:
            return None
        free: list[int] = []                  # the cards no capped place bounds: one group (first)
        kinds: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
        for c, k in sorted(copies.items()):
            most = tuple(min(k, self.hi[allowed[j]].get(c, k)) for j in at)
            least = tuple(self.lo[allowed[j]].get(c, 0) if c in whole else 0 for j in at)
            if all(m == k for m in most) and not any(least):
                free.extend([c] * k)
            else:
                kinds.append((tuple([c] * k), most, least))
        if free:
            kinds.insert(0, (tuple(free), tuple(len(free) for _ in at), tuple(0 for _ in at)))
        return Caps(at, tuple(kinds), tuple(self.sizes[allowed[j]] for j in at))

    # -- a draw -------------------------------------------------------------------------------
    def draw(self, rng: random.Random, ways: Ways) -> list[list[int]] | None:
        """One uniform physical placement of the unseen cards (the module docstring, step 2); None when it
        breaks a place's most of some card (rejected: the draw stays uniform)."""
        room = list(self.sizes)
        content: list[list[int]] = [[] for _ in self.places]
        for i, klass in enumerate(self.classes):
            split = ways.pick(i, tuple(room), rng)
            parts: list[list[int]]
            if klass.table is not None:
                parts = self.burial_parts(split, rng)
            else:
                rest = list(klass.cards)
                parts = [[] for _ in split]
                caps = klass.caps
                if caps is not None:
                    rest, capped = caps.pick(tuple(split[j] for j in caps.at), rng)
                    for j, mine in zip(caps.at, capped, strict=True):
                        parts[j] = mine
                _shuffle(rng, rest)
                at = 0
                for j, k in enumerate(split):
                    if caps is None or j not in caps.at:
                        parts[j] = rest[at:at + k]
                        at += k
            for place, mine, k in zip(klass.allowed, parts, split, strict=True):
                most = self.hi[place]
                if most and k:               # a class's cards are no other class's: its mosts are checked now
                    for c, m in tally(mine).items():
                        if m > most.get(c, m):
                            return None
                content[place].extend(mine)
                room[place] -= k
        for i in range(len(self.places)):
            if self.lo[i]:
                held = tally(content[i])
                if any(held.get(c, 0) < k for c, k in self.lo[i].items()):
                    return None
        return content if self.blocked(content) else None

    def blocked(self, content: Sequence[Sequence[int]]) -> bool:
        """Whether every seat that beat a failed throw holds what it beat it with (:meth:`bound_by_throws`)."""
        for place, options in self.blocks:
            held = tally(content[place])
            if not any(held.get(c, 0) >= k for c, k in options):
                return False
        return True

    def plain(self, rng: random.Random) -> list[list[int]] | None:
        """A uniform physical placement ignoring the bounds, None when it breaks one (rejection, where the
        count of ways is past its bound)."""
        cards = _expand(self.pool)
        _shuffle(rng, cards)
        content: list[list[int]] = []
        at = 0
        for i, (place, size) in enumerate(zip(self.places, self.sizes, strict=True)):
            mine = cards[at:at + size]
            at += size
            if any(self.suit_of[c] in place.void for c in mine):
                return None
            held = tally(mine)
            if any(held.get(c, 0) < k for c, k in self.lo[i].items()) or any(
                    held.get(c, 0) > k for c, k in self.hi[i].items()):
                return None
            content.append(mine)
        return content if self.blocked(content) else None

    # -- a placement as a record -------------------------------------------------------------
    def world(self, content: Sequence[Sequence[int]], rng: random.Random) -> tuple[World, HandRecord] | None:
        """The world and record of a placement, the kitty as dealt drawn where the seat has not seen
        it; None when a declarer misses a card it showed."""
        if self.stolen:
            return self.stolen_world(content, rng)
        record, state, n = self.record, self.state, self.n
        now: list[list[int]] = [[int(c) for c in h] for h in state.hands]
        kitty_now: list[int] = [int(c) for c in record.kitty_discard] if self.burial_known else []
        dealt_kitty: list[int] | None = None
        for place, cards in zip(self.places, content, strict=True):
            if place.seat is not None:
                now[place.seat] = list(cards)
            elif place.name == "kitty":
                if self.declaring:
                    dealt_kitty = list(cards)
                else:
                    kitty_now = list(cards)
        deal = [now[s] + _expand(self.played[s]) for s in range(n)]
        if self.viewer != PUBLIC:
            deal[self.viewer] = [int(c) for c in record.hands[self.viewer]]
        burial = [int(c) for c in record.kitty_discard] if self.burial_known or not self.exchanged else kitty_now
        if self.declaring:
            kitty = dealt_kitty if dealt_kitty is not None else [int(c) for c in record.kitty]
            _shuffle(rng, kitty)
        elif not self.dealer_split:
            kitty = [int(c) for c in record.kitty]
            if self.viewer == self.dealer:
                deal[self.dealer] = [int(c) for c in record.hands[self.dealer]]
        else:
            split = self.split_kitty(deal[self.dealer] + (burial if self.exchanged else []), rng)
            if split is None:
                return None
            deal[self.dealer], kitty = split
        for s, c, k in self.needs:
            if sum(1 for x in deal[s] if x == c) < k:
                return None
        if self.exchanging:
            kitty_now = []
        elif self.declaring:
            kitty_now = list(kitty)
        hands = tuple(tuple(CARDS[c] for c in sorted(h)) for h in now)
        world = World(tuple(tuple(CARDS[c] for c in sorted(h)) for h in deal), tuple(CARDS[c] for c in kitty),
                      tuple(CARDS[c] for c in sorted(burial)) if self.exchanged else (), hands,
                      tuple(CARDS[c] for c in sorted(kitty_now)))
        changed = replace(record, hands=tuple(tuple(CARDS[c] for c in sorted(h)) for h in deal),
                          kitty=tuple(CARDS[c] for c in kitty),
                          kitty_discard=tuple(CARDS[c] for c in sorted(burial)) if self.exchanged
                          else record.kitty_discard)
        return world, changed

    def stolen_world(self, content: Sequence[Sequence[int]], rng: random.Random) -> tuple[World, HandRecord] | None:
        """The world and record of a placement of a record with steals (the module docstring, *Steals*): the
        burials the seat did not see drawn back from the last, each uniformly among the physical sets of
        the burier's cards; None (rejected) by the proposal's acceptance ratio, or when a declarer would
        not have held what it showed."""
        record, state, n, k, viewer = self.record, self.state, self.n, self.rules.kitty, self.viewer
        buriers, m = self.buriers, len(record.exchanges)
        now: list[list[int]] = [[int(c) for c in h] for h in state.hands]
        kitty: list[int] = [int(c) for c in record.exchanges[-1].discard] if self.burial_known else []
        for place, mine in zip(self.places, content, strict=True):
            if place.seat is not None:
                now[place.seat] = list(mine)
            else:
                kitty = list(mine)
        cards = [now[s] + _expand(self.played[s]) for s in range(n)]
        forced: list[list[int]] = []
        chain_end = self.chain_from + len(self.chain) - 1
        if self.chain:
            designated = self.designate(content, cards, kitty if chain_end == m else
                                        [int(c) for c in _burial(record, chain_end)], rng)
            if designated is None:
                return None
            forced = designated
        elif self.taken or self.tracked:
            held = tally(cards[buriers[m]] + kitty)
            ratio = Fraction(1)
            for c in sorted(set(self.taken) | set(self.tracked)):
                ratio *= comb(held.get(c, 0), self.taken.get(c, 0))
                if self.tracked_drawn:
                    ratio /= comb(held.get(c, 0) - self.beside.get(c, 0), self.tracked.get(c, 0))
            ratio /= self.most_taken if self.tracked_drawn else self.most_plain
            if not ratio or rng.randrange(ratio.denominator) >= ratio.numerator:
                return None
        counted = self.burials
        kept: tuple[tuple[int, ...], tuple[tuple[int, ...], ...]] | None = None
        if counted is not None:
            kept = self.burial_state(counted.types, tuple(sorted(set(buriers))), content)
            if not self.tracked_drawn and rng.randrange(self.burial_most) >= counted.histories(0, kept[0], kept[1]):
                return None
        burials: list[list[int]] = [[] for _ in range(m + 1)]
        for j in range(m, -1, -1):
            seat = buriers[j]
            burials[j] = kitty
            pool = cards[seat] + kitty
            if counted is not None and kept is not None:     # the kept cards' copies, by the histories each leaves
                kept = counted.pick(m - j, kept[0], kept[1], rng)
            if seat == viewer or (j >= 1 and buriers[j - 1] == viewer):
                took = [int(c) for c in (record.kitty if j == 0 else _burial(record, j - 1))]
            elif self.chain_from < j <= chain_end:      # the designated copies it must have picked up, and the rest
                took = list(forced[j - self.chain_from - 1])
                rest = list(pool)
                for c in took:
                    rest.remove(c)
                took += rng.sample(rest, k - len(took))
            elif counted is not None and kept is not None:
                took = [c for c, t in zip(counted.types, kept[0], strict=True) for _ in range(t)]
                took += rng.sample([x for x in pool if x not in counted.types], k - len(took))
                _shuffle(rng, took)
            else:
                needs = self.step_needs(j)
                if needs:
                    have = tuple(sum(1 for x in pool if x == c) for c, _ in needs)
                    ways = _kitties(len(pool), k, have, tuple(x for _, x in needs))
                    if not ways or rng.randrange(self.step_most(j, len(pool))) >= ways:
                        return None
                    took = _pick_kitty(pool, k, needs, rng)
                else:
                    took = rng.sample(pool, k)
            before = tally(pool)
            for c in took:
                before[c] = before.get(c, 0) - 1
            if any(x < 0 for x in before.values()):
                return None
            if j >= 1 and any(before.get(int(c), 0) < x for c, x in
                              tally([int(c) for c in record.exchanges[j - 1].declaration]).items()):
                return None
            cards[seat], kitty = _expand(before), took
        for s, shown in record.declarations:
            if s != viewer and any(sum(1 for x in cards[s] if x == c) < x for c, x in tally([int(c) for c in shown]).items()):
                return None
        deal = tuple(tuple(CARDS[c] for c in sorted(h)) for h in cards)
        dealt_kitty = tuple(CARDS[c] for c in kitty)
        buried = [tuple(CARDS[c] for c in sorted(b)) for b in burials]
        world = World(deal, dealt_kitty, buried[0], tuple(tuple(CARDS[c] for c in sorted(h)) for h in now),
                      buried[m], discards=tuple(buried[1:]))
        changed = replace(record, hands=deal, kitty=dealt_kitty, kitty_discard=buried[0],
                          exchanges=tuple(replace(x, discard=b) for x, b in zip(record.exchanges, buried[1:], strict=True)))
        return world, changed

    def split_kitty(self, cards: list[int], rng: random.Random) -> tuple[list[int], list[int]] | None:
        """The dealer's cards (its hand as dealt with the kitty) cut uniformly into its hand and a kitty that
        leaves the hand every card the dealer showed.  A placement is worth as many worlds as it has such
        cuts (:meth:`cuts`), so it is kept with probability its cuts over the most any placement has, and
        None (a rejected draw) otherwise: the draw stays uniform among physical deals."""
        k = self.rules.kitty
        needs = self.dealer_needs()
        held = tally(cards)
        have = tuple(held.get(c, 0) for c, _ in needs)
        ways = self.cuts(len(cards), have)
        if not ways or (not self.cut_folded and rng.randrange(self.most_cuts(len(cards))) >= ways):
            return None
        kitty = _pick_kitty(cards, k, needs, rng)
        left = tally(cards)
        for c in kitty:
            left[c] -= 1
        return _expand(left), kitty

    def cut_weights(self, card: int, allowed: tuple[int, ...]) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        """Where the dealer's one shown card counts towards its cards (its hand now and the unseen burial,
        as positions in ``allowed``), the copies it holds anyway (played, or in a burial the seat saw) and
        the cuts (:meth:`cuts`) for each number of copies it has: a placement's weight times its cuts
        counts its worlds."""
        at = tuple(j for j, i in enumerate(allowed) if self.places[i].seat == self.dealer
                   or (self.places[i].name == "kitty" and self.exchanged))
        base = self.played[self.dealer].get(card, 0)
        if self.burial_known:
            base += sum(1 for x in self.record.kitty_discard if int(x) == card)
        size = self.dealer_cards()
        top = base + self.pool.get(card, 0)
        return at, base, tuple(self.cuts(size, (d,)) for d in range(top + 1))

    def dealer_cards(self) -> int:
        """How many cards the dealer's hand as dealt and the kitty hold together."""
        return (len(self.state.hands[self.dealer]) + sum(self.played[self.dealer].values())
                + (self.rules.kitty if self.exchanged else 0))

    def dealer_needs(self) -> list[tuple[int, int]]:
        """Each card the dealer showed with the copies it showed (its hand as dealt holds them)."""
        return sorted((c, k) for s, c, k in self.needs if s == self.dealer)

    def cuts(self, size: int, have: tuple[int, ...]) -> int:
        """The kitties of the dealer's ``size`` cards, ``have[j]`` of them copies of its ``j``-th shown card,
        that leave it the copies it showed (by the copies of each shown card the kitty takes)."""
        return _kitties(size, self.rules.kitty, have, tuple(x for _, x in self.dealer_needs()))

    def most_cuts(self, size: int) -> int:
        """The most cuts any placement gives (every count of the shown cards the dealer may hold)."""
        if self.most is None:
            needs = self.dealer_needs()
            tops = tuple(self.played[self.dealer].get(c, 0) + self.pool.get(c, 0)
                         + (sum(1 for x in self.record.kitty_discard if int(x) == c) if self.burial_known else 0)
                         for c, _ in needs)
            self.most = max([self.cuts(size, have) for have in _box(tops) if sum(have) <= size] + [1])
        return self.most

    def step_needs(self, j: int) -> list[tuple[int, int]]:
        """What burier ``j``'s cards must hold before it picked up the kitty (the module docstring, *Steals*):
        its steal's declaration, and where this is its first burial, every declaration it made while
        declaring (its hand as dealt); each card with the most copies one of them showed."""
        if j not in self.needed:
            seat, need = self.buriers[j], dict[int, int]()
            shown: list[tuple[Card, ...]] = [self.record.exchanges[j - 1].declaration] if j else []
            if self.buriers.index(seat) == j:
                shown += [cards for i, (s, cards) in enumerate(self.record.declarations) if s == seat and i not in self.hidden]
            for cards in shown:
                for c, x in tally([int(y) for y in cards]).items():
                    need[c] = max(need.get(c, 0), x)
            self.needed[j] = sorted(need.items())
        return self.needed[j]

    def step_most(self, j: int, size: int) -> int:
        """The most kitties leaving burier ``j`` its needs (:meth:`step_needs`) that any ``size`` cards give."""
        if j not in self.step_mosts:
            needs = self.step_needs(j)
            tops = tuple(self.in_play[c] for c, _ in needs)
            self.step_mosts[j] = max([_kitties(size, self.rules.kitty, have, tuple(x for _, x in needs))
                                      for have in _box(tops) if sum(have) <= size] + [1])
        return self.step_mosts[j]

    def kept(self, real: Walk, made: tuple[World, HandRecord]) -> World | None:
        """The world of a placement if some record with its deal replays as the real one does, else None:
        the record itself, or, with dark declarations hidden from the seat, the record with some cards the
        world's declarers hold in them (:meth:`fill`)."""
        world, changed = made
        if self.hidden:
            filled = self.fill(real, changed, list(changed.declarations), 0)
            if filled is None:
                return None
            return replace(world, declarations=filled.declarations)
        return replace(world, declarations=changed.declarations) if self.replays(real, changed) else None

    def fill(self, real: Walk, changed: HandRecord, history: list[tuple[int, tuple[Card, ...]]],
             i: int) -> HandRecord | None:
        """The hidden declarations from ``i`` on (section 15.2, dark): each as many copies of one card as it
        showed, of a card its declarer holds in the world, in card order;
        the first history that replays (every declaration checked in turn, as the walk does).  A seat's dark declaration is some declaration of that many cards
        it could have made, so a deal is a world when any history replays.  At most ``DARK_STEPS`` checks
        a call (past them :class:`DarkBound` stops the draw: no placement is judged on a partial search)."""
        if i == len(history):
            done = replace(changed, declarations=tuple(history))
            return done if self.replays(real, done) else None
        seat, cards = history[i]
        if i not in self.hidden:
            options = [cards]
        else:
            held = tally([int(c) for c in changed.hands[seat]])
            options = [tuple([CARDS[c]] * len(cards)) for c, k in sorted(held.items()) if k >= len(cards)]
        for shown in options:
            self.fill_steps += 1
            if self.fill_steps > DARK_STEPS:
                raise DarkBound
            if not check_declaration(self.rules, self.record.levels[self.dealer], history[:i], seat, shown,
                                     hand=changed.hands[seat], levels=changed.seat_levels).valid:
                continue
            found = self.fill(real, changed, history[:i] + [(seat, shown)] + history[i + 1:], i + 1)
            if found is not None:
                return found
        return None

    def replays(self, real: Walk, changed: HandRecord) -> bool:
        """Whether ``changed`` replays as the real record does (the module docstring, step 3).  While dark
        declarations are hidden the trump is the standing declarer's alone: it must be the seat in both
        or in neither, with the same trump where it is."""
        w = walk(changed, reading=STATE, declarations_closed=self.closed)
        if (w.illegal is None) != (real.illegal is None):
            return False
        if w.stop != real.stop and not (w.stop in STEAL_OPEN and real.stop in STEAL_OPEN):
            return False
        if self.hidden and (w.declarations.declarer == self.viewer) != (real.declarations.declarer == self.viewer):
            return False
        if (not self.hidden or real.declarations.declarer == self.viewer) and (
                (w.trump is None) != (real.trump is None) or (
                w.trump is not None and real.trump is not None and w.trump.to_dict() != real.trump.to_dict())):
            return False
        if not self.rules.hide_throw_blocker:
            mine = [None if t.throw is None else t.throw.beaten_by for t in w.tricks]
            theirs = [None if t.throw is None else t.throw.beaten_by for t in real.tricks]
            if mine != theirs:
                return False
        return True

    # -- every distinct placement, for small positions --------------------------------------
    def distinct(self, limit: int) -> list[tuple[list[list[int]], int]] | None:
        """Every distinct placement (copies not told apart) with its number of physical placements, or
        None when there are more than ``limit``."""
        kinds: list[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
        for c, k in sorted(self.pool.items()):
            allowed = tuple(i for i in self.allowed[self.suit_of[c]] if self.hi[i].get(c, k) > 0)
            kinds.append((c, k, allowed, tuple(self.lo[i].get(c, 0) for i in allowed),
                          tuple(self.hi[i].get(c, k) for i in allowed)))
        for i, f in enumerate(self.lo):
            for c, k in f.items():
                if k and i not in next((x[2] for x in kinds if x[0] == c), ()):
                    return []
        walker = Distinct(kinds, len(self.places), self.sizes, limit)
        return walker.out if walker.place(0, 1) else None


class Distinct:
    """The enumeration of :meth:`Problem.distinct`: card kind by card kind, each split among its places."""

    def __init__(self, kinds: list[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]],
                 places: int, sizes: Sequence[int], limit: int) -> None:
        self.kinds, self.limit = kinds, limit
        self.room = list(sizes)
        self.content: list[list[int]] = [[] for _ in range(places)]
        self.out: list[tuple[list[list[int]], int]] = []
        self.steps = 0
        # what the kinds from ``i`` on can still put in each place: a room past it is a dead end
        self.reach = [[0] * places for _ in range(len(kinds) + 1)]
        for i in range(len(kinds) - 1, -1, -1):
            _, k, allowed, _, hi = kinds[i]
            self.reach[i] = list(self.reach[i + 1])
            for a, h in zip(allowed, hi, strict=True):
                self.reach[i][a] += min(k, h)

    def place(self, i: int, weight: int) -> bool:
        self.steps += 1
        if self.steps > self.limit * DISTINCT_STEPS:
            return False
        if i == len(self.kinds):
            self.out.append(([list(c) for c in self.content], weight))
            return len(self.out) <= self.limit
        reach = self.reach[i]
        for a in range(len(reach)):
            if self.room[a] > reach[a]:
                return True
        c, k, allowed, lo, hi = self.kinds[i]
        for split in _splits(k, [self.room[a] for a in allowed], lo, hi):
            for a, x in zip(allowed, split, strict=True):
                self.room[a] -= x
                self.content[a].extend([c] * x)
            ok = self.place(i + 1, weight * _multinomial(k, split))
            for a, x in zip(allowed, split, strict=True):
                self.room[a] += x
                if x:
                    del self.content[a][-x:]
            if not ok:
                return False
        return True


def _splits(total: int, rooms: Sequence[int], lo: Sequence[int], hi: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to put ``total`` copies into places with these rooms, between ``lo`` and ``hi`` in each."""
    if not rooms:
        return [()] if total == 0 else []
    out: list[tuple[int, ...]] = []
    rest_room = sum(min(r, h) for r, h in zip(rooms[1:], hi[1:], strict=True))
    top = min(rooms[0], hi[0], total)
    for k in range(max(lo[0], total - rest_room), top + 1):
        for tail in _splits(total - k, rooms[1:], lo[1:], hi[1:]):
            out.append((k,) + tail)
    return out


@dataclass(frozen=True)
class Klass:
    """Unseen physical cards split together: the places that may hold them, and each place's bounds."""

    cards: list[int]
    allowed: tuple[int, ...]
    lo: tuple[int, ...]
    hi: tuple[int, ...]
    caps: Caps | None
    cut: tuple[tuple[int, ...], int, tuple[int, ...]] | None = None
    table: dict[tuple[int, ...], int] | None = None

    def weight(self, split: Sequence[int]) -> int:
        """The physical placements of the class's cards with ``split[j]`` of them in place ``allowed[j]``
        (times the dealer's cuts, :meth:`Problem.cut_weights`, for its one shown card; or as its ``table``
        says: the buriers' kept cards, :meth:`Problem.count_burials`)."""
        if self.table is not None:
            return self.table.get(tuple(split), 0)
        ways = _multinomial(len(self.cards), split) if self.caps is None else self.caps.weight(len(self.cards), split)
        if self.cut is not None:
            at, base, cuts = self.cut
            ways *= cuts[base + sum(split[j] for j in at)]
        return ways


class Burials:
    """The histories of the burials of a record with steals, counted over the cards the buriers must keep
    and the burials the seat saw another seat take (the module docstring, *Steals: the burials' histories
    in the count*).  ``types``: those cards; the steps from the last burial back, each its burier (an
    index into the buriers' seats), what it must keep (copies of each type), the kitty it picked up where
    the seat saw it (copies of each type; every card of it is a type where another seat took it) and
    whether that kitty counts its physical choices (another seat took it: which copies of the burier's
    cards it was); ``sizes``: each burier's cards after the exchanges (its hand now and its plays)."""

    def __init__(self, types: tuple[int, ...],
                 steps: tuple[tuple[int, tuple[int, ...], tuple[int, ...] | None, bool], ...],
                 sizes: tuple[int, ...], k: int) -> None:
        self.types, self.steps, self.sizes, self.k = types, steps, sizes, k
        self.memo: dict[tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]], int] = {}

    def options(self, i: int, kitty: tuple[int, ...], held: tuple[tuple[int, ...], ...]
                ) -> list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]]:
        """Undoing step ``i`` with ``kitty`` (copies of each type) on the table and ``held`` each burier's
        copies: each choice of the copies the kitty picked up held, the state it leaves, and the physical
        kitties with those copies that leave the burier its needs."""
        seat, need, known, chosen = self.steps[i]
        pool = tuple(a + b for a, b in zip(held[seat], kitty, strict=True))
        rest = self.sizes[seat] + self.k - sum(pool)
        out: list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]] = []
        for took in ([known] if known is not None else _splits_upto(self.k, pool)):
            if any(t > p for t, p in zip(took, pool, strict=True)):
                continue
            left = tuple(p - t for p, t in zip(pool, took, strict=True))
            if any(x < y for x, y in zip(left, need, strict=True)):
                continue
            ways = 1
            if known is None:
                ways = comb(rest, self.k - sum(took)) if rest >= 0 else 0
            if known is None or chosen:
                for p, t in zip(pool, took, strict=True):
                    ways *= comb(p, t)
            if ways:
                out.append((took, held[:seat] + (left,) + held[seat + 1:], ways))
        return out

    def histories(self, i: int, kitty: tuple[int, ...], held: tuple[tuple[int, ...], ...]) -> int:
        """The physical histories of steps ``i`` on (their kitties picked up) from this state that leave each
        burier its needs."""
        if i == len(self.steps):
            return 1
        key = (i, kitty, held)
        got = self.memo.get(key)
        if got is None:
            got = sum(w * self.histories(i + 1, took, after) for took, after, w in self.options(i, kitty, held))
            self.memo[key] = got
        return got

    def pick(self, i: int, kitty: tuple[int, ...], held: tuple[tuple[int, ...], ...], rng: random.Random
             ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """The copies of each type in the kitty step ``i`` picked up, drawn in proportion to the histories
        each leaves (there is one)."""
        options = [(took, after, w * self.histories(i + 1, took, after)) for took, after, w in self.options(i, kitty, held)]
        r = rng.randrange(sum(w for _, _, w in options))
        for took, after, w in options:
            if r < w:
                return took, after
            r -= w
        raise AssertionError("no kitty to pick")


class Caps:
    """Mosts (and leasts) of single cards in some places of a class (``at``: positions in its ``allowed``):
    ``kinds`` is each card of the class with a most or a least in one of those places, as its copies, its
    most and its least in each place, and the cards with neither as one group (which physical cards go where counts alike for any cards).
    The placements of the class with ``x`` cards in those places are :meth:`ways` (the ways to choose
    which physical copies go to each, kind by kind under the mosts: ``table``, one dense list a kind over
    the vectors within ``tops``) times the ways to deal the rest freely to the other places."""

    def __init__(self, at: tuple[int, ...], kinds: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...],
                 sizes: tuple[int, ...]) -> None:
        self.at, self.kinds = at, kinds
        self.shares = [_shares(len(cards), most, least) for cards, most, least in kinds]
        tops = [0] * len(at)
        for cards, most, _ in kinds:
            for j, m in enumerate(most):
                tops[j] += min(m, len(cards))
        self.tops = tuple([min(t, z) for t, z in zip(tops, sizes, strict=True)])   # no place past its size
        strides: list[int] = []
        states = 1
        for t in self.tops:
            strides.append(states)
            states *= t + 1
        self.strides = tuple(strides)
        self.boxes: dict[tuple[int, ...], list[int]] = {}
        first = [0] * states
        first[0] = 1
        table: list[list[int]] = [first]        # per kind, the ways by the vector's index (:meth:`index`)
        for options in self.shares:
            before = table[-1]
            step = [0] * states
            for share, w in options:
                room = _less(self.tops, share)
                if room is None:
                    continue
                off = self.index(share)
                for k in self.box(room):
                    v = before[k]
                    if v:
                        step[k + off] += v * w
            table.append(step)
        self.table = table
        self.options: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int], int]] = {}

    def index(self, x: Sequence[int]) -> int:
        """Where a vector within the tops is in a table."""
        k = 0
        for v, stride in zip(x, self.strides, strict=True):
            k += v * stride
        return k

    def box(self, room: tuple[int, ...]) -> list[int]:
        """The indices of every vector from zeros to ``room`` (kept per room)."""
        got = self.boxes.get(room)
        if got is None:
            got = [0]
            for r, stride in zip(room, self.strides, strict=True):
                got = [k + v * stride for v in range(r + 1) for k in got]
            self.boxes[room] = got
        return got

    def ways(self, x: Sequence[int]) -> int:
        """The ways to choose which physical copies go to the capped places, ``x`` to each."""
        if _less(self.tops, tuple(x)) is None:
            return 0
        return self.table[-1][self.index(x)]

    def final(self) -> dict[tuple[int, ...], int]:
        """:meth:`ways` of every vector where it is not 0."""
        return {x: w for x in _box(self.tops) if (w := self.ways(x))}

    def weight(self, total: int, split: Sequence[int]) -> int:
        x = tuple(split[j] for j in self.at)
        ways = self.ways(x)
        if not ways:
            return 0
        free = [split[j] for j in range(len(split)) if j not in self.at]
        return ways * _multinomial(total - sum(x), free)

    def pick(self, x: tuple[int, ...], rng: random.Random) -> tuple[list[int], list[list[int]]]:
        """The cards that go to the capped places (``x`` of them in each), drawn card by card from the last
        in proportion to the ways each choice leaves; and the cards left for the other places."""
        mine: list[list[int]] = [[] for _ in self.at]
        rest: list[int] = []
        for i in range(len(self.kinds) - 1, -1, -1):
            cards = list(self.kinds[i][0])
            if not any(x):                 # the capped places are full: every card left goes elsewhere
                rest.extend(cards)
                continue
            share = x if i == 0 else self.share(i, x, rng)     # the first kind: the one share table[0] allows
            if cards[0] != cards[-1]:
                _shuffle(rng, cards)         # the group of cards without mosts: which of them, uniformly
            at = 0
            for j, m in enumerate(share):
                mine[j].extend(cards[at:at + m])
                at += m
            rest.extend(cards[at:])
            left = _less(x, share)
            assert left is not None
            x = left
        return rest, mine

    def share(self, i: int, x: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        """Kind ``i``'s share of the ``x`` cards left for the capped places, in proportion to the ways each
        leaves the kinds before it."""
        known = self.options.get((i, x))
        if known is None:
            before = self.table[i]
            chosen: list[tuple[int, ...]] = []
            upto: list[int] = []
            total = 0
            for share, w in self.shares[i]:
                y = _less(x, share)
                ways = w * before[self.index(y)] if y is not None else 0
                if ways:
                    total += ways
                    chosen.append(share)
                    upto.append(total)
            known = (chosen, upto, total)
            self.options[(i, x)] = known
        chosen, upto, total = known
        return chosen[bisect_right(upto, rng.randrange(total))]


def _less(x: tuple[int, ...], share: tuple[int, ...]) -> tuple[int, ...] | None:
    """``x`` less ``share`` place by place, None where a place would go below 0."""
    out = []
    j = 0
    while j < len(x):
        v = x[j] - share[j]
        if v < 0:
            return None
        out.append(v)
        j += 1
    return tuple(out)


def _shares(copies: int, most: tuple[int, ...], least: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Every way to send some of ``copies`` physical copies of a card to places with these mosts and leasts
    (the others stay free), with the number of ways to choose the copies."""
    out: list[tuple[tuple[int, ...], int]] = []
    for share in _splits_upto(copies, most):
        if any(m < x for m, x in zip(share, least, strict=True)):
            continue
        ways = 1
        left = copies
        for m in share:
            ways *= comb(left, m)
            left -= m
        out.append((share, ways))
    return out


def _within(y: tuple[int, ...], sizes: tuple[int, ...]) -> bool:
    """Whether no entry of ``y`` passes the size beside it (a loop: mypyc compiles it, not a generator)."""
    i = 0
    while i < len(y):
        if y[i] > sizes[i]:
            return False
        i += 1
    return True


class Chooser:
    """The ways to choose which of a class's physical cards go to ``places``, ``x`` to each: under its
    mosts where it has them, freely elsewhere (the positions of ``places`` worked out once)."""

    def __init__(self, klass: Klass, places: Sequence[int]) -> None:
        caps = klass.caps
        at = [klass.allowed[j] for j in caps.at] if caps is not None else []
        self.caps = caps
        self.capped = [list(places).index(a) if a in places else -1 for a in at]
        self.free = [(j, a in klass.allowed) for j, a in enumerate(places) if a not in at]
        self.size = len(klass.cards)

    def ways(self, x: Sequence[int]) -> int:
        ways = 1
        left = self.size
        if self.caps is not None:
            y = [x[j] if j >= 0 else 0 for j in self.capped]
            ways = self.caps.ways(y)
            if not ways:
                return 0
            left -= sum(y)
        for j, allowed in self.free:
            v = x[j]
            if v:
                if not allowed or v > left:
                    return 0
                ways *= comb(left, v)
                left -= v
        return ways


def _box(tops: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every vector from zeros to ``tops``."""
    if not tops:
        return [()]
    return [(k,) + tail for k in range(tops[0] + 1) for tail in _box(tops[1:])]


def _count_upto(total: int, most: tuple[int, ...]) -> int:
    """How many vectors :func:`_splits_upto` gives, without making them."""
    ways = [1] + [0] * total            # by the sum so far
    for m in most:
        step = [0] * (total + 1)
        for s, w in enumerate(ways):
            if w:
                for k in range(min(m, total - s) + 1):
                    step[s + k] += w
        ways = step
    return sum(ways)


def _splits_upto(total: int, most: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every vector of at most ``most`` in each place, at most ``total`` in all."""
    if not most:
        return [()]
    return [(k,) + tail for k in range(min(total, most[0]) + 1) for tail in _splits_upto(total - k, most[1:])]


class DarkBound(Exception):
    """The search of hidden declarations went past ``DARK_STEPS``: the draw stops (not complete)."""


def _keep(problem: Problem, real: Walk, made: tuple[World, HandRecord], found: list[World]) -> bool:
    """Add ``made`` to ``found`` when it replays as the record; False when the hidden declarations'
    bound stops the draw (:class:`DarkBound`)."""
    try:
        world = problem.kept(real, made)
    except DarkBound:
        return False
    if world is not None:
        found.append(world)
    return True


class TooManyRooms(Exception):
    """The count of ways went past ``WAYS_STATES``: draw plainly and reject instead."""


class Ways:
    """The number of physical placements of the unseen cards' classes (in order) into the rooms left,
    and a uniform draw of each class's split (the module docstring, step 2)."""

    def __init__(self, problem: Problem) -> None:
        self.classes = problem.classes
        self.places = len(problem.places)
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.options: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int], int]] = {}
        self.states = WAYS_STATES
        self.shapes: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], int]]] = {}
        self.sizes = tuple(problem.sizes)
        self.every: dict[int, list[tuple[tuple[int, ...], int]]] = {}      # each class's splits of the first room
        self.work = 0
        self.budget = WAYS_WORK
        self.pair: tuple[list[int], list[int], list[bool]] | None = None    # pooled_places
        self.pooling: bool | None = None                                    # pooled
        self.choosers: tuple[Chooser, Chooser] | None = None                # pooled_ways
        self.outers: dict[tuple[int, int], list[int]] = {}                  # pooled_outer, by the room outside
        self.chosen_memo: tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]] = ({}, {})   # Chooser.ways, each class
        self.inner: dict[tuple[int, ...], list[tuple[list[tuple[int, ...]], list[int]]]] = {}   # pooled_inner

    def splits(self, i: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """Class ``i``'s splits with the rooms each leaves and the class's placements under each."""
        klass = self.classes[i]
        out = []
        for split, w in self.shapes_for(i, room):
            left = list(room)
            for a, k in zip(klass.allowed, split, strict=True):
                left[a] -= k
            out.append((split, tuple(left), w))
        return out

    def shapes_for(self, i: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Class ``i``'s splits that fit ``room``, with the class's placements under each: those of the
        first room, kept with their weights, that fit (kept per room the class can fill: a room past the
        class's size is as good as its size).  Each counts as work."""
        klass = self.classes[i]
        size = len(klass.cards)
        rooms = tuple([min(room[a], size) for a in klass.allowed])
        known = self.shapes.get((i, rooms))
        if known is None:
            every = self.every.get(i)
            if every is None:
                every = []
                tops = tuple([min(r, size) for r in self.sizes])
                for split in _splits(size, tuple([tops[a] for a in klass.allowed]), klass.lo, klass.hi):
                    w = klass.weight(split)
                    if w:
                        every.append((split, w))
                self.every[i] = every
            known = [(split, w) for split, w in every if _within(split, rooms)]
            self.shapes[(i, rooms)] = known
        self.work += len(known) + 1
        if self.work > self.budget:
            raise TooManyRooms
        return known

    def count(self, i: int, room: tuple[int, ...]) -> int:
        if i == len(self.classes):
            return 1 if not any(room) else 0
        key = (i, room)
        got = self.memo.get(key)
        if got is not None:
            return got
        if len(self.memo) > self.states:
            raise TooManyRooms
        klass = self.classes[i]
        total = 0
        if i == len(self.classes) - 1:
            total = self.filled(klass, room)
        elif self.pooled(i):
            total = self.pooled_total(i, room)
        else:
            for split, w in self.shapes_for(i, room):
                left = list(room)
                for a, k in zip(klass.allowed, split, strict=True):
                    left[a] -= k
                rest = self.count(i + 1, tuple(left))
                if rest:
                    total += w * rest
        self.memo[key] = total
        return total

    @staticmethod
    def filled(klass: Klass, room: tuple[int, ...]) -> int:
        """The last class's placements: it fills the room left exactly (none where it may not go), so its
        one split is that room."""
        split = []
        used = 0
        for j, a in enumerate(klass.allowed):
            r = room[a]
            if r < klass.lo[j] or r > klass.hi[j]:
                return 0
            split.append(r)
            used += r
        if used != len(klass.cards) or used != sum(room):
            return 0
        return klass.weight(split)

    def pooled(self, i: int) -> bool:
        """Class ``i`` has no leasts (mosts of single cards at most) and only the last class, with no leasts,
        follows: the two are counted together (:meth:`pooled_total`; each way is a lookup of two tables,
        cheaper than the class's splits with the last class's placements after each)."""
        if i != len(self.classes) - 2:
            return False
        if self.pooling is None:
            klass, last = self.classes[i], self.classes[i + 1]
            self.pooling = (not any(klass.lo) and all(h >= len(klass.cards) for h in klass.hi) and klass.cut is None
                            and klass.table is None and last.table is None
                            and not any(last.lo) and last.cut is None and all(h >= len(last.cards) for h in last.hi))
        return self.pooling

    def pooled_places(self, i: int) -> tuple[list[int], list[int], list[bool]]:
        """For :meth:`pooled_outer`: the places where the class or the last class has mosts or where the
        last class may not go (``S``), the other places, and whether the class may go to each place (worked
        out once)."""
        if self.pair is None:
            klass, last = self.classes[i], self.classes[i + 1]
            mine = {a for j, a in enumerate(klass.allowed) if klass.caps is not None and j in klass.caps.at}
            theirs = {a for j, a in enumerate(last.allowed) if last.caps is not None and j in last.caps.at}
            barred = {a for a in range(self.places) if a not in last.allowed}
            both = sorted(mine | theirs | barred)
            self.pair = (both, [a for a in range(self.places) if a not in both],
                         [a in klass.allowed for a in range(self.places)])
        return self.pair

    def pooled_outer(self, i: int, room: tuple[int, ...]) -> tuple[tuple[int, ...], list[int]]:
        """The pooled class ``i`` and the last class together, split at the places where either has mosts or
        the last class may not go (``S``): the room in ``S``, and for each number ``m`` of the class's cards
        outside ``S`` the placements there times ``prod r!`` (``r`` the room outside ``S``).  Outside ``S``,
        with ``n`` the last class's cards there, the sum over the splits ``y`` of the class's ``m`` among its
        places of m!/prod y! * n!/prod (r-y)! is m! n!/prod r! * C(the class's room outside, m)
        (Vandermonde's identity): ``outer[m]`` is m! n! C(reach, m), 0 where the room outside is not the
        cards left."""
        klass, last = self.classes[i], self.classes[i + 1]
        both, outside, reachable = self.pooled_places(i)
        size = len(klass.cards)
        room_both = tuple([room[a] for a in both])
        spare = 0
        reach = 0
        for a in outside:
            spare += room[a]
            if reachable[a]:
                reach += room[a]
        if spare + sum(room_both) != size + len(last.cards):
            return room_both, [0] * (size + 1)
        outer = self.outers.get((spare, reach))
        if outer is None:
            outer = [0] * (size + 1)
            for m in range(min(size, spare) + 1):
                outer[m] = factorial(m) * factorial(spare - m) * comb(reach, m)
            self.outers[(spare, reach)] = outer
        return room_both, outer

    def pooled_inner(self, i: int, room_both: tuple[int, ...]) -> list[tuple[list[tuple[int, ...]], list[int]]]:
        """For each number ``m`` of the class's cards outside ``S``, the ways ``x`` the class's others fill
        its places in ``S`` (the room ``room_both`` left for the last class's), each with the choices both
        classes make of which of their cards go there (each under its mosts, :class:`Caps`, one by one
        elsewhere) summed up to it: the last sum is the choices for that ``m`` (kept per room, for the
        count and the draws)."""
        got = self.inner.get(room_both)
        if got is None:
            size = len(self.classes[i].cards)
            got = [([], []) for _ in range(size + 1)]
            for x, ways in self.pooled_ways(i, room_both):
                xs, running = got[size - sum(x)]
                xs.append(x)
                running.append(running[-1] + ways if running else ways)
            self.inner[room_both] = got
        return got

    def pooled_ways(self, i: int, room_both: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each way ``x`` of :meth:`pooled_inner` with its choices of cards in ``S``."""
        klass, last = self.classes[i], self.classes[i + 1]
        both, _, reachable = self.pooled_places(i)
        size = len(klass.cards)
        tops = tuple([min(r, size) if reachable[a] else 0 for a, r in zip(both, room_both, strict=True)])
        mine, theirs = self.chosen_memo
        if self.choosers is None:
            self.choosers = (Chooser(klass, both), Chooser(last, both))
        chooser, other_chooser = self.choosers
        self.work += _count_upto(size, tops)
        if self.work > self.budget:
            raise TooManyRooms
        xs = _splits_upto(size, tops)
        out: list[tuple[tuple[int, ...], int]] = []
        for x in xs:
            ways = mine.get(x)
            if ways is None:
                ways = chooser.ways(x)
                mine[x] = ways
            if ways:
                z = _less(room_both, x)
                assert z is not None
                other = theirs.get(z)
                if other is None:
                    other = other_chooser.ways(z)
                    theirs[z] = other
                if other:
                    out.append((x, ways * other))
        return out

    def pooled_total(self, i: int, room: tuple[int, ...]) -> int:
        """The placements of the pooled class and the last class in the room left: the sum over ``m`` of
        :meth:`pooled_outer` times :meth:`pooled_inner`, divided by ``prod r!`` (exactly: each term is a whole
        number of placements times it)."""
        room_both, outer = self.pooled_outer(i, room)
        if not any(outer):
            return 0
        inner = self.pooled_inner(i, room_both)
        total = 0
        for m, w in enumerate(outer):
            running = inner[m][1]
            if w and running:
                total += w * running[-1]
        return total // _factorials(room, self.pooled_places(i)[1])

    def pick(self, i: int, room: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        """Class ``i``'s split, drawn in proportion to the placements it leaves."""
        klass = self.classes[i]
        size = len(klass.cards)
        if i == len(self.classes) - 1:
            return tuple(room[a] for a in klass.allowed)
        if self.pooled(i):
            # how many of the class's cards go outside S, in proportion to the placements each leaves; then
            # their ways in S in proportion to the choices each leaves; then the rest take uniformly chosen
            # places among the room of the class's other places (a multivariate hypergeometric draw: in
            # proportion to prod C(r, y))
            both = self.pooled_places(i)[0]
            room_both, outer = self.pooled_outer(i, room)
            inner = self.pooled_inner(i, room_both)
            m = _weighted([((k,), w * ys[1][-1]) for k, (w, ys) in enumerate(zip(outer, inner, strict=True))
                           if w and ys[1]], rng)[0]
            xs, running = inner[m]
            x = xs[bisect_right(running, rng.randrange(running[-1]))]
            shares = [0] * len(klass.allowed)
            free = list(room)
            for a, k in zip(both, x, strict=True):
                if k:
                    shares[klass.allowed.index(a)] = k
                    free[a] -= k
            slots = [j for j, a in enumerate(klass.allowed) if a not in both for _ in range(free[a])]
            for j in rng.sample(slots, size - sum(x)):
                shares[j] += 1
            return tuple(shares)
        known = self.options.get((i, room))
        if known is None:
            splits: list[tuple[int, ...]] = []
            upto: list[int] = []               # the weights summed up to each split
            total = 0
            for split, left, w in self.splits(i, room):
                ways = w * self.count(i + 1, left)
                if ways:
                    total += ways
                    splits.append(split)
                    upto.append(total)
            known = (splits, upto, total)
            if len(self.options) < WAYS_STATES:
                self.options[(i, room)] = known
        splits, upto, total = known
        if not total:
            raise InputError("no deal of the unseen cards fits what this seat has seen", "seat")
        return splits[bisect_right(upto, rng.randrange(total))]


def _designations(copies: list[list[int]], need: list[int], places: int) -> list[dict[tuple[int, ...], int]]:
    """The designated copies of a seen burial, card by card: ``copies[t][i]`` the copies of its ``t``-th
    card at the chain's ``i``-th place, ``need[t]`` how many to designate.  Stage ``t`` maps the designated
    copies at each place so far to the physical ways to choose them (prod C(copies, designated))."""
    stages: list[dict[tuple[int, ...], int]] = [{tuple([0] * places): 1}]
    for here, want in zip(copies, need, strict=True):
        step: dict[tuple[int, ...], int] = {}
        for split in _splits_upto(want, tuple(here)):
            if sum(split) != want:
                continue
            ways = 1
            for a, b in zip(here, split, strict=True):
                ways *= comb(a, b)
            for d, w in stages[-1].items():
                y = tuple([a + b for a, b in zip(d, split, strict=True)])
                step[y] = step.get(y, 0) + w * ways
        stages.append(step)
    return stages


def _weighted(options: list[tuple[tuple[int, ...], int]], rng: random.Random) -> tuple[int, ...]:
    """One of ``options`` drawn in proportion to its weight."""
    x = rng.randrange(sum(w for _, w in options))
    for option, w in options:
        if x < w:
            return option
        x -= w
    return options[-1][0]


def _designated(stages: list[dict[tuple[int, ...], int]], copies: list[list[int]], state: tuple[int, ...],
                rng: random.Random) -> list[tuple[int, ...]]:
    """Each card's designated copies at each place, drawn back from the last card in proportion to the
    ways each choice leaves (the stages of :func:`_designations`), ending at ``state``."""
    out: list[tuple[int, ...]] = []
    for t in range(len(copies) - 1, -1, -1):
        options: list[tuple[tuple[int, ...], int]] = []
        for d, w in stages[t].items():
            split = tuple([a - b for a, b in zip(state, d, strict=True)])
            if min(split) < 0:
                continue
            ways = w
            for a, b in zip(copies[t], split, strict=True):
                ways *= comb(a, b)
            if ways:
                options.append((split, ways))
        pick = _weighted(options, rng)
        out.append(pick)
        state = tuple([a - b for a, b in zip(state, pick, strict=True)])
    out.reverse()
    return out


def _chain_finals(stages: list[dict[tuple[int, ...], int]], sizes: list[int],
                  k: int) -> list[tuple[tuple[int, ...], int]]:
    """Each count of designated copies at the chain's places with its (designation, history) pairs: summed
    and divided by the chain's histories, a placement's weight (prod_c C(P[c], B[c]) averaged over them)."""
    out: list[tuple[tuple[int, ...], int]] = []
    for d, w in stages[-1].items():
        f = w * _chain_ways(d, sizes, k)
        if f:
            out.append((d, f))
    return out


def _kitties(size: int, k: int, have: Sequence[int], need: Sequence[int]) -> int:
    """The kitties of ``k`` of ``size`` physical cards, ``have[j]`` of them copies of a card of which ``need[j]``
    must stay out of it, that leave them out (by how many copies of each such card the kitty takes)."""
    if any(d < x for d, x in zip(have, need, strict=True)):
        return 0
    free = size - sum(have)
    total = 0
    for taken in _splits_upto(k, tuple(d - x for d, x in zip(have, need, strict=True))):
        w = comb(free, k - sum(taken)) if free >= 0 else 0
        for d, t in zip(have, taken, strict=True):
            w *= comb(d, t)
        total += w
    return total


def _pick_kitty(cards: list[int], k: int, needs: Sequence[tuple[int, int]], rng: random.Random) -> list[int]:
    """``k`` of the physical ``cards``, drawn uniformly among the sets that leave ``needs`` (card, copies)
    out (there is one), in a uniform order."""
    held = tally(cards)
    have = tuple(held.get(c, 0) for c, _ in needs)
    shown = {c for c, _ in needs}
    free = [c for c in cards if c not in shown]
    options: list[tuple[tuple[int, ...], int]] = []
    total = 0
    for taken in _splits_upto(k, tuple(d - need for d, (_, need) in zip(have, needs, strict=True))):
        w = comb(len(free), k - sum(taken))
        for d, t in zip(have, taken, strict=True):
            w *= comb(d, t)
        if w:
            total += w
            options.append((taken, total))
    r = rng.randrange(total)
    taken = next(t for t, upto in options if r < upto)
    kitty = rng.sample(free, k - sum(taken))
    for (c, _), t in zip(needs, taken, strict=True):
        kitty.extend([c] * t)
    _shuffle(rng, kitty)
    return kitty


def _products(options: list[list[tuple[int, ...]]]) -> list[tuple[tuple[int, ...], ...]]:
    """Every choice of one entry of each list."""
    out: list[tuple[tuple[int, ...], ...]] = [()]
    for entries in options:
        out = [done + (e,) for done in out for e in entries]
    return out


def _product_of(values: list[int]) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def _chain_ways(d: tuple[int, ...], sizes: list[int], k: int) -> int:
    """The histories of a chain's steps that keep the designated copies (``d[i]`` of them at its ``i``-th
    place, the last entry its end burial): undoing step ``i`` the picked-up kitty holds the ``z`` designated
    copies at places ``i`` on and ``k - z`` of the other ``sizes[i] - z`` cards."""
    ways = 1
    for i in range(1, len(sizes)):
        z = sum(d[i:])
        if z > k:
            return 0
        ways *= comb(sizes[i] - z, k - z)
    return ways


def _unit_key(order: Order, unit: Unit) -> tuple[int, int, int]:
    """The order in which a failed throw's units are reduced (section 6: the lowest top card, then fewer
    cards, then the narrower)."""
    return order.power[unit.cards[-1]], unit.size, unit.width


def _burial(record: HandRecord, i: int) -> tuple[Card, ...]:
    """The ``i``-th burial of the record: 0 the dealer's, ``i`` the ``i``-th steal's (section 14.7)."""
    return record.kitty_discard if i == 0 else record.exchanges[i - 1].discard


def _factorials(room: tuple[int, ...], places: Sequence[int]) -> int:
    """The product of ``r!`` over the room of ``places``."""
    out = 1
    for a in places:
        out *= factorial(room[a])
    return out


def _shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)``, the same permutation for the same generator state (Fisher-Yates from the
    end, each index below ``i + 1`` drawn from ``getrandbits`` by rejection, as the standard library
    does), in code the compiled build compiles."""
    i = len(cards) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = rng.getrandbits(k)
        while j >= n:
            j = rng.getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1


def _multinomial(total: int, parts: Sequence[int]) -> int:
    out = 1
    left = total
    for k in parts:
        out *= comb(left, k)
        left -= k
    return out


def _expand(counts: dict[int, int]) -> list[int]:
    return [c for c, k in sorted(counts.items()) for _ in range(k)]


def draw_worlds(record: HandRecord, viewer: int, count: int = 1, seed: str | int = 0, *,
                declarations_closed: bool | None = None, state: HandState | None = None,
                exact_limit: int = EXACT_WORLDS) -> Worlds:
    """``count`` worlds of ``viewer`` (a seat or :data:`rules.views.PUBLIC`), drawn independently and
    uniformly by ``seed`` (the module docstring).  ``state``: the referee's state of ``record`` when
    the caller has it; ``exact_limit``: the most distinct cheap worlds replayed one by one (0: always
    sample)."""
    if count < 1:
        raise InputError("count must be at least 1", "count")
    state = state if state is not None else hand_state(record, declarations_closed=declarations_closed)
    problem = Problem(record, state, viewer, declarations_closed)
    real = walk(record, reading=STATE, declarations_closed=declarations_closed)
    rng = random.Random(f"worlds:{seed}")
    if not problem.dealer_split and not problem.stolen and exact_limit > 0:
        every = problem.distinct(exact_limit)
        if every is not None:
            try:
                return _from_every(problem, real, every, count, rng)
            except DarkBound:
                problem.fill_steps = 0        # too many hidden histories to count: sample instead
    if problem.hidden:
        return _dark(problem, real, count, rng)
    ways, draws = _count_for_draws(problem, rng)
    problem.tracked_drawn = ways is not None
    found: list[World] = []
    replays = 0
    while len(found) < count and draws < WORLD_DRAWS and replays < WORLD_REPLAYS:
        draws += 1
        content = problem.draw(rng, ways) if ways is not None else problem.plain(rng)
        if content is None:
            continue
        made = problem.world(content, rng)
        if made is None:
            continue
        replays += 1
        if not _keep(problem, real, made, found):
            break
    return Worlds(tuple(found), None, len(found) == count, draws, replays)


def _counted(problem: Problem, kinds: int, capped: bool, barred: bool, budget: int, most_states: int,
             leasts: bool = False) -> Ways | None:
    """The count of ways with these classes (:meth:`Problem.make_classes`), None past its bound."""
    problem.classes = problem.make_classes(kinds, capped, barred, most_states, leasts)
    try:
        ways = Ways(problem)
        ways.budget = budget
        if not ways.count(0, tuple(problem.sizes)):
            raise InputError("no deal of the unseen cards fits what this seat has seen", "seat")
    except TooManyRooms:
        return None
    ways.budget = 1 << 62         # the draws read what the count enumerated
    return ways


def _count_for_draws(problem: Problem, rng: random.Random) -> tuple[Ways | None, int]:
    """The count the draws use, and the draws it took to choose: the count with the mosts in it
    (``COUNTS[1]``) first, kept where at least ``PILOT_KEPT`` of ``PILOT_DRAWS`` draws under it pass the
    cheap constraints; else the one with the barred cards as classes as well (``COUNTS[0]``), where it is
    within its bound; else the first.  Past the first's bound (the one with the barred cards, having
    more classes, is then past its own smaller bound too: on 1,210 positions of six hands a preset it
    never was within it), the first with smaller tables of mosts (``FEW_CAPS`` vectors: fewer places
    bound in the count, more draws rejected; ``COUNTS[2]``); past that no card on its own, each card's
    leasts in its class's table of mosts (``COUNTS[3]``: where many cards must be held, as after a failed
    throw, their classes pass the bound, and a count leaving their leasts to the draw rejects nearly every
    draw); past that the suits' classes alone (``COUNTS[4]``); past that none (a plain shuffle); and where
    not one of ``PILOT_DRAWS`` draws under those passes, the leasts' count again with a larger bound
    (``COUNTS[5]``).  Every count draws uniformly and the draws are checked alike, so which one is
    used changes the time a world takes, not which worlds are drawn (the pilot draws are not kept)."""
    first = _counted(problem, *COUNTS[1])
    if first is not None:
        return _unless_piloted(problem, first, PILOT_KEPT, 0, rng), PILOT_DRAWS
    fewer = _counted(problem, *COUNTS[2])
    if fewer is not None:
        return fewer, 0
    folded = _counted(problem, *COUNTS[3])
    if folded is not None:
        return folded, 0
    return _unless_piloted(problem, _counted(problem, *COUNTS[4]), 1, 5, rng), PILOT_DRAWS


def _unless_piloted(problem: Problem, ways: Ways | None, enough: int, other: int, rng: random.Random) -> Ways | None:
    """``ways`` (the count of ``problem.classes``; a plain shuffle where None) where at least ``enough`` of
    ``PILOT_DRAWS`` draws under it pass the cheap constraints; else the count ``COUNTS[other]`` where it is
    within its bound; else ``ways``, its classes put back."""
    classes = problem.classes
    kept = 0
    for _ in range(PILOT_DRAWS):
        if (problem.draw(rng, ways) if ways is not None else problem.plain(rng)) is not None:
            kept += 1
    if kept >= enough:
        return ways
    other_ways = _counted(problem, *COUNTS[other])
    if other_ways is not None:
        return other_ways
    problem.classes = classes
    return ways


def _dark(problem: Problem, real: Walk, count: int, rng: random.Random) -> Worlds:
    """Worlds while dark declarations are hidden from the seat (section 15.2): a union of the deals where
    each hidden declarer holds as many copies as it showed of one card it could declare with, over every
    choice of those cards (:func:`_declarable`) that makes the declarations valid in turn (hands aside).  A choice is drawn in proportion to its exact number of
    physical deals, a deal uniformly under it (the count, step 2), and the deal kept with probability one
    over the number of choices it satisfies: uniform over the union; then the replay with some history
    (:meth:`Problem.kept`) keeps the worlds.  At most ``DARK_CHOICES`` choices are counted (past them,
    :class:`InputError`)."""
    record, hidden = problem.record, sorted(problem.hidden)
    level = record.levels[record.dealer]
    at = {p.seat: i for i, p in enumerate(problem.places) if p.seat is not None}
    options = [[c for c in _declarable(problem.rules, record.seat_levels[record.declarations[i][0]]
                                       if record.seat_levels is not None else level)
                if problem.pool.get(c, 0) >= len(record.declarations[i][1])] for i in hidden]
    choices: list[tuple[dict[tuple[int, int], int], list[Klass], Ways, int]] = []
    base = [dict(f) for f in problem.lo]
    histories: list[list[tuple[int, tuple[Card, ...]]]] = [[]]
    for i, (seat, cards) in enumerate(record.declarations):      # histories valid in turn, hands aside
        shown = [tuple([CARDS[c]] * len(cards)) for c in options[hidden.index(i)]] if i in problem.hidden else [cards]
        histories = [h + [(seat, x)] for h in histories for x in shown
                     if check_declaration(problem.rules, level, h, seat, x, levels=record.seat_levels).valid]
        if len(histories) > DARK_CHOICES:
            raise InputError("too many hidden declarations to draw worlds for (dark declarations)", "declarations")
    combos = [tuple(int(h[i][1][0]) for i in hidden) for h in histories]
    for combo in combos:
        need: dict[tuple[int, int], int] = {}
        for i, c in zip(hidden, combo, strict=True):
            key = (record.declarations[i][0], c)
            need[key] = max(need.get(key, 0), len(record.declarations[i][1]))
        if any(problem.pool.get(c, 0) < k for (_, c), k in need.items()):
            continue
        problem.lo = [dict(f) for f in base]
        for (seat, c), k in need.items():
            problem.at_least(at[seat], c, k)
        try:
            problem.classes = problem.make_classes(KIND_CLASSES, True)
            ways = Ways(problem)
            total = ways.count(0, tuple(problem.sizes))
        except TooManyRooms:
            raise InputError("too many hidden declarations to draw worlds for (dark declarations)",
                             "declarations") from None
        if total:
            ways.budget = 1 << 62
            choices.append((need, problem.classes, ways, total))
    if not choices:
        raise InputError("no deal of the unseen cards fits what this seat has seen", "seat")
    upto: list[int] = []
    total = 0
    for choice in choices:
        total += choice[3]
        upto.append(total)
    found: list[World] = []
    draws = replays = 0
    while len(found) < count and draws < WORLD_DRAWS and replays < WORLD_REPLAYS:
        draws += 1
        need, problem.classes, ways, _ = choices[bisect_right(upto, rng.randrange(total))]
        problem.lo = [dict(f) for f in base]
        for (seat, c), k in need.items():
            problem.at_least(at[seat], c, k)
        content = problem.draw(rng, ways)
        if content is None:
            continue
        held = [tally(h) for h in content]
        met = sum(1 for other, _, _, _ in choices
                  if all(held[at[seat]].get(c, 0) >= k for (seat, c), k in other.items()))
        if rng.randrange(met):
            continue
        made = problem.world(content, rng)
        if made is None:
            continue
        replays += 1
        if not _keep(problem, real, made, found):
            break
    problem.lo = base
    return Worlds(tuple(found), None, len(found) == count, draws, replays)


def _declarable(rules: Ruleset, level: int) -> list[int]:
    """The cards a declaration at ``level`` can show, as copies of one card: its level cards, 2s where
    they declare, the jokers (as ``rules.views`` reads a dark declaration)."""
    out = [suited(level, s) for s in SUITS] if level <= 14 else []
    if rules.declare_with_twos and level != 2:
        out += [suited(2, s) for s in SUITS]
    return [int(c) for c in out] + [SMALL_JOKER, BIG_JOKER]


def _from_every(problem: Problem, real: Walk, every: Sequence[tuple[list[list[int]], int]], count: int,
                rng: random.Random) -> Worlds:
    """The exact path: replay every distinct placement, then draw by physical weight."""
    kept: list[tuple[World, int]] = []
    for content, weight in every:
        made = problem.world(content, rng)
        world = problem.kept(real, made) if made is not None else None
        if world is not None:
            kept.append((world, weight))
    if not kept:
        raise InputError("no deal of the unseen cards fits what this seat has seen", "seat")
    total = sum(w for _, w in kept)
    found: list[World] = []
    for _ in range(count):
        x = rng.randrange(total)
        for world, w in kept:
            if x < w:
                found.append(world)
                break
            x -= w
    return Worlds(tuple(found), len(kept), True, len(every), len(every))
