"""What each seat knows: a seat's view of the hand as it stands (rules section 15).

:func:`view` projects the referee's :class:`rules.state.HandState` (the walk of the whole record)
onto one seat, or onto a spectator (:data:`PUBLIC`); :func:`views` gives every seat's and the
public's at once, each the same as :func:`view`'s, the work they share done once:

- public (15.1): the ruleset, the seats, the dealer, the level, every declaration's seat and number of
  cards (its cards unless dark, below), the calls, every play (unless ``hide_played_cards``), each
  completed trick's winner and points, a failed throw's attempt, forced play, penalty and blocker
  (unless ``hide_throw_blocker``), how many cards each seat holds, the points by seat and side (unless
  ``hide_defender_points``), the kitty once the hand is over, the settlement;
- the seat's own (15.2): its cards, its declaration options, the kitty it picked up and the cards it
  buried, and ``next``'s ``must``, ``may``, ``count`` and sample when it is the seat to act (a drawn
  throw whole: whether it stands depends on the hidden hands, so only the referee's sample holds a
  failed throw as its forced play).

Decisions where section 15 leaves room:

- *Dark declarations* (``declaration_visibility: dark``).  While declaring is open another seat's
  declaration shows its seat and number of cards only, and the trump is shown to the standing
  declarer alone.  The seat's own options are those that are valid whatever the hidden declarations
  were: the options common to every history of level cards, 2s (``declare_with_twos``) and jokers
  the hidden declarations could have shown (each valid in turn, none using more copies than the
  decks hold beside the seat's own), at most ``DARK_HISTORIES`` histories; past that bound the
  seat's options are not listed (null).
- *Stealing* (section 14.7).  Whether some seat could steal is its hidden cards' business: a view
  stays in ``stealing`` while the record allows a steal (``kitty_theft``, a standing declaration, no
  call or trick yet, declaring not closed by the caller), whether or not any seat could, with no
  ``next`` and no ``outlook``; each seat sees its own steal options (a list, empty where it has none;
  every other entry null, for the public too).
- *Friend status* (15.2).  Exact: a call's status (and so each team member) is the one every world
  of the viewer gives, ``pending`` with no seat when two worlds give different ones; a copy played in
  public settles it for everyone, else :mod:`rules.unseen` decides it from where the called card's
  unseen copies can be (its docstring: what it reads, why it is exact, its bounds).  Under
  ``first-played`` and ``first-outsider`` a call the referee has ``pending`` is ``pending`` in every
  view, read no further: the deal itself is a world of every viewer and gives ``pending``, and a
  status other than ``pending`` is shown only where every world gives it.
- *Points*: ``attackers`` and ``defenders`` only when the view knows every call's outcome.  Under
  ``hide_defender_points`` the dealer side's ``by_seat`` entries (of the seats the view knows to be
  on it) and ``defenders`` are null.
- *What the score still allows* (``outlook``): it counts the buried kitty's points, so a view shows it
  only to the seat that buried the kitty (and to everyone once the hand is over, or with no kitty),
  and only when the view knows the sides.
- *Kitty*: ``kitty`` is the kitty the seat last picked up (the dealer: as dealt; a stealer: the
  burial it took), ``kitty_discard`` what it buried; once the hand is over ``kitty_discard`` is the
  scored kitty for every viewer.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Final

from .adjudicate import HandRecord, Play, TrickSummary
from .cards import BIG_JOKER, CARDS, SMALL_JOKER, SUITS, Card, suited
from .declarations import DeclarationOption, check_declaration, declaration_options
from .friends import Teams
from .order import Order, Trump, order_for
from .outlook import Outlook
from .ruleset import Bombs, DeclarationVisibility, FriendJoin, Partnership, Ruleset
from .scoring import Settlement, penalty_points
from .state import JOINED, PENDING, CallStatus, CurrentTrick, HandState, NextAction
from .unseen import Common, Unseen, status_of
from .violations import InputError

PUBLIC: Final = -1                 # the viewer that is no seat: a spectator
DARK_HISTORIES: Final = 4096       # the most hidden declaration histories a dark view reads


@dataclass(frozen=True)
class Declared:
    """A declaration as a view shows it: ``cards`` None while it is dark to the viewer."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True)
class ViewPoints:
    by_seat: tuple[int | None, ...]
    attackers: int | None
    defenders: int | None


@dataclass(frozen=True)
class View:
    """A hand as one seat knows it (see the module docstring); ``viewer`` is a seat or :data:`PUBLIC`.

    ``hands`` holds the viewer's cards at its seat and None elsewhere; ``tricks_shown`` says per
    completed trick whether its cards are shown (``hide_played_cards``); ``beaten_by`` per completed
    trick the seat that beat its failed throw, where one failed and the view shows it."""

    viewer: int
    phase: str
    trump: Trump | None
    declarer: int | None
    dealer: int
    level: int
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_counts: tuple[int, ...]
    next: NextAction | None
    declarations: tuple[tuple[DeclarationOption, ...] | None, ...] | None
    declared: tuple[Declared, ...]
    kitty: tuple[Card, ...] | None
    kitty_discard: tuple[Card, ...] | None
    current_trick: CurrentTrick | None
    tricks: tuple[TrickSummary, ...]
    tricks_shown: tuple[bool, ...]
    beaten_by: tuple[int | None, ...]
    points: ViewPoints
    penalties: tuple[tuple[int, int], ...]
    teams: Teams
    calls: tuple[CallStatus, ...]
    settlement: Settlement | None
    outlook: Outlook | None = None


Outcomes = set[tuple[str, int | None]] | None     # a call's statuses over the viewer's kept placements


@dataclass(frozen=True)
class _Table:
    """What every view of one state shares: the order of the trump the views know, the suits each seat
    has shown void of, the hand sizes, which tricks show their cards and their throws' blockers, ``next``
    as the seats not to act see it, and (:func:`views`) the public's friend deduction, per call."""

    order: Order | None
    voids: list[set[int]]
    counts: tuple[int, ...]
    shown: tuple[bool, ...]
    beaten: tuple[int | None, ...]
    hidden: NextAction | None
    common: Common | None = None
    settled: tuple[Outcomes, ...] | None = None
    tried: tuple[tuple[tuple[int, ...], ...], ...] | None = None


def view(record: HandRecord, state: HandState, viewer: int, *, declarations_closed: bool | None = None) -> View:
    """``state`` (the referee's, of ``record``) as ``viewer`` knows it (section 15).  The state must be
    of a legal record (``phase`` not ``illegal``): a backend answers an illegal step, it shows it to
    nobody."""
    _check(record, state)
    if not (viewer == PUBLIC or 0 <= viewer < record.rules.players):
        raise ValueError(f"a view is of a seat 0..{record.rules.players - 1} or the public")
    return _view(record, state, viewer, declarations_closed, _table(record, state))[0]


def views(record: HandRecord, state: HandState, *, declarations_closed: bool | None = None) -> tuple[View, ...]:
    """Every seat's view in seat order, then the public's: each equal to :func:`view`'s, and what they
    have in common computed once.

    That includes the friend deduction where the public's settles a call: a seat knows all the public
    knows, so a placement of the called card's copies kept for a seat is kept for the public once the
    seat's own copies (and the kitty it buried, if it did) are added -- they are the real cards, so they
    meet every condition the public reads of that seat and the kitty, and every other condition is read
    alike -- and gives the public the same status, with no more placements than the public's (so within
    :data:`rules.unseen.PLACEMENTS` where the public's was).  A seat keeps at least the real deal's
    placement; so where every placement the public keeps gives one status, the seat's view shows that
    one, as its own deduction would (the tests hold the two equal on many records of every mode)."""
    _check(record, state)
    table = _table(record, state)
    if record.rules.partnership is not Partnership.FIXED and state.calls:
        table = replace(table, common=Common(record, state, table.order))
    public, settled, kept = _view(record, state, PUBLIC, declarations_closed, table)
    shared = replace(table, settled=settled, tried=kept)
    seats = tuple(_view(record, state, s, declarations_closed, shared)[0] for s in range(record.rules.players))
    return (*seats, public)


def _check(record: HandRecord, state: HandState) -> None:
    if state.phase == "illegal":
        raise ValueError("a record with an illegal step has no views")


def _table(record: HandRecord, state: HandState) -> _Table:
    ruleset = record.rules
    n = ruleset.players
    dark = ruleset.declaration_visibility is DeclarationVisibility.DARK and state.phase == "declaring"
    order = order_for(ruleset, state.trump) if state.trump is not None and not dark else None
    voids = voids_of(ruleset, order, state) if order is not None else [set() for _ in range(n)]
    last = len(state.tricks) - 1
    shown = tuple(not ruleset.hide_played_cards or t.index == last for t in state.tricks)
    beaten = tuple(None if ruleset.hide_throw_blocker or t.throw is None or t.throw.stands is not False
                   else t.throw.beaten_by for t in state.tricks)
    nxt = state.next
    hidden = None if nxt is None else replace(nxt, must=None, may=None, count=None, count_exact=None, plays=None)
    return _Table(order, voids, tuple(len(h) for h in state.hands), shown, beaten, hidden)


def _view(record: HandRecord, state: HandState, viewer: int, declarations_closed: bool | None,
          table: _Table) -> tuple[View, tuple[Outcomes, ...], tuple[tuple[tuple[int, ...], ...], ...]]:
    """The view, and the viewer's friend deduction per call (None where it read none) with the kept
    placements it found (:meth:`rules.unseen.Unseen.outcomes`)."""
    ruleset = record.rules
    n = ruleset.players
    declaring = state.phase == "declaring"
    dark = ruleset.declaration_visibility is DeclarationVisibility.DARK and declaring
    trump = state.trump if not dark or viewer == state.declarer else None
    over = state.phase == "over"

    hands = tuple(h if s == viewer else None for s, h in enumerate(state.hands))
    declared = _declared(record, viewer, dark)

    phase = state.phase
    nxt = state.next
    options = state.declarations
    if _steal_open(record, state, declarations_closed):
        phase, nxt = "stealing", None
        if options is None and state.declarer is not None:
            options = _no_options(n)
    if nxt is not None and nxt.seat != viewer:
        nxt = table.hidden
    elif nxt is not None and nxt.plays is not None:
        nxt = replace(nxt, plays=tuple(_as_led(p) for p in nxt.plays))
    own: tuple[tuple[DeclarationOption, ...] | None, ...] | None = None
    if options is not None:
        mine = options[viewer] if viewer != PUBLIC else None
        if dark and viewer != PUBLIC and state.hands[viewer] is not None:
            mine = _dark_options(record, viewer, state.hands[viewer])
        own = tuple(mine if s == viewer else None for s in range(n))

    kitty, discard = _kitty(record, state, viewer)
    if over:
        discard = _scored_kitty(record)

    teams, calls, found, kept = _friends(record, state, viewer, table)
    decided = ruleset.partnership is Partnership.FIXED or (
        phase in ("playing", "over") and all(c.status != PENDING for c in calls))
    by_seat: list[int | None] = list(state.points.by_seat)
    attackers = defenders = None
    if decided:
        moved = penalty_points(ruleset, teams.dealer_team, state.penalties)
        attackers = sum(state.points.by_seat[s] for s in teams.attackers) + moved
        defenders = sum(state.points.by_seat[s] for s in teams.dealer_team) - moved
    if ruleset.hide_defender_points:
        defenders = None
        for s in teams.dealer_team:
            by_seat[s] = None

    knows_kitty = over or not ruleset.kitty or (viewer != PUBLIC and _buried_last(record, viewer))
    outlook = state.outlook if knows_kitty and attackers is not None and phase != "stealing" else None
    return View(viewer, phase, trump, state.declarer, state.dealer, state.level, hands, table.counts, nxt, own,
                declared, kitty, discard, state.current_trick, state.tricks, table.shown, table.beaten,
                ViewPoints(tuple(by_seat), attackers, defenders), state.penalties, teams, calls, state.settlement,
                outlook), found, kept


def _as_led(play: Play) -> Play:
    """A drawn play as its seat would make it: a throw whole, whether it stands being the hidden hands'
    business (15.4)."""
    return play if play.attempted is None else Play(play.seat, play.attempted)


def _no_options(n: int) -> tuple[tuple[DeclarationOption, ...], ...]:
    return tuple(() for _ in range(n))


def _steal_open(record: HandRecord, state: HandState, declarations_closed: bool | None) -> bool:
    """The record allows a steal now (section 14.7), whether or not a seat could make one."""
    if not record.rules.kitty_theft or declarations_closed is True or state.declarer is None:
        return False
    if record.friends or record.tricks:
        return False
    return state.phase in ("stealing", "calling", "playing")


def _declared(record: HandRecord, viewer: int, dark: bool) -> tuple[Declared, ...]:
    out = [Declared(s, len(c), None if dark and s != viewer else tuple(sorted(c))) for s, c in record.declarations]
    out += [Declared(x.seat, len(x.declaration), tuple(sorted(x.declaration))) for x in record.exchanges]
    return tuple(out)


def _kitty(record: HandRecord, state: HandState,
           viewer: int) -> tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]:
    """The kitty ``viewer`` last picked up and what it buried (None, None if it never did)."""
    if viewer == PUBLIC or state.phase in ("declaring", "redeal"):
        return None, None
    kitty: tuple[Card, ...] | None = None
    discard: tuple[Card, ...] | None = None
    if viewer == record.dealer and record.rules.kitty:
        kitty = tuple(sorted(record.kitty))
        if state.phase != "exchanging":
            discard = tuple(sorted(record.kitty_discard))
    previous = tuple(record.kitty_discard)
    for x in record.exchanges:
        if x.seat == viewer:
            kitty, discard = tuple(sorted(previous)), tuple(sorted(x.discard))
        previous = tuple(x.discard)
    return kitty, discard


def _scored_kitty(record: HandRecord) -> tuple[Card, ...]:
    return tuple(sorted(record.exchanges[-1].discard if record.exchanges else record.kitty_discard))


def voids_of(ruleset: Ruleset, order: Order, state: HandState) -> list[set[int]]:
    """Per seat, the effective suits it has shown it holds none of (a follow with fewer cards of the led
    suit than the lead; a bomb, which may be played holding the suit, shows nothing)."""
    voids: list[set[int]] = [set() for _ in range(ruleset.players)]
    plays = [t.plays for t in state.tricks]
    if state.current_trick is not None:
        plays.append(state.current_trick.plays)
    for trick in plays:
        lead = trick[0].cards
        suits = {order.eff[c] for c in lead}
        if len(suits) != 1:
            continue
        suit = next(iter(suits))
        for p in trick[1:]:
            if ruleset.bombs is not Bombs.NONE and len(p.cards) >= 4 and len(set(p.cards)) == 1:
                continue
            if sum(1 for c in p.cards if order.eff[c] == suit) < len(lead):
                voids[p.seat].add(suit)
    return voids


def _buried_last(record: HandRecord, viewer: int) -> bool:
    return (record.exchanges[-1].seat if record.exchanges else record.dealer) == viewer


def _friends(record: HandRecord, state: HandState, viewer: int, table: _Table) -> tuple[
        Teams, tuple[CallStatus, ...], tuple[Outcomes, ...], tuple[tuple[tuple[int, ...], ...], ...]]:
    """The teams and call statuses the viewer knows (the module docstring's *Friend status*), and per
    call the deduction's outcomes (None where it read none) and the kept placements it found.  A call
    public or ``pending`` in the referee's answer under ``first-played`` and ``first-outsider`` is read
    by no view (the module docstring); one ``table.settled`` gives one status is not read again;
    ``table.tried`` are read first (:func:`views`)."""
    ruleset = record.rules
    if ruleset.partnership is Partnership.FIXED or not state.calls:
        return state.teams, state.calls, (), ()
    holder = ruleset.friend_join is FriendJoin.HOLDER
    unseen: Unseen | None = None
    calls: list[CallStatus] = []
    found: list[Outcomes] = []
    kept: list[tuple[tuple[int, ...], ...]] = []
    for i, c in enumerate(state.calls):
        settled = table.settled[i] if table.settled is not None else None
        if not holder and (c.seat is not None or c.status == PENDING):
            outcomes: Outcomes = None
            calls.append(c)
        elif settled is not None and len(settled) == 1:
            outcomes = settled
            calls.append(status_of(outcomes, c.call))
        else:
            if unseen is None:
                kitty_known = state.phase == "over" or (viewer != PUBLIC and _buried_last(record, viewer))
                unseen = Unseen(record, state, viewer, table.order, table.voids, kitty_known, table.common)
            outcomes = unseen.outcomes(i, first=table.tried[i] if table.tried is not None else ())
            calls.append(status_of(outcomes, c.call))
        found.append(outcomes)
        kept.append(tuple(unseen.kept.get(i, ())) if unseen is not None else ())
    known = [c.seat if c.status == JOINED else None for c in calls]
    team = sorted({state.dealer} | {s for s in known if s is not None})
    teams = Teams(state.dealer, tuple(team), tuple(s for s in range(ruleset.players) if s not in team),
                  tuple(known), tuple(c.status != PENDING for c in calls))
    return teams, tuple(calls), tuple(found), tuple(kept)


def _dark_options(record: HandRecord, viewer: int, hand: Sequence[Card]) -> tuple[DeclarationOption, ...] | None:
    """The viewer's declaration options valid under every history the dark declarations could have
    been (the module docstring); None past ``DARK_HISTORIES``."""
    ruleset = record.rules
    level = record.levels[record.dealer]
    levels = record.seat_levels
    entries = list(record.declarations)
    hidden = [i for i, (s, _) in enumerate(entries) if s != viewer]
    candidates = [_candidates(ruleset, levels[entries[i][0]] if levels is not None else level) for i in hidden]
    total = 1
    for each in candidates:
        total *= len(each)
        if total > DARK_HISTORIES:
            return None
    mine: dict[int, int] = {}
    for c in hand:
        mine[int(c)] = mine.get(int(c), 0) + 1
    common: dict[tuple[tuple[int, ...], str], DeclarationOption] | None = None
    for choice in product(*candidates):
        history = list(entries)
        for i, c in zip(hidden, choice, strict=True):
            history[i] = (entries[i][0], tuple([c] * len(entries[i][1])))
        if not _possible(ruleset, level, history, mine, levels):
            continue
        options = {(tuple(int(c) for c in o.cards), o.kind): o
                   for o in declaration_options(ruleset, level, history, viewer, hand, levels)}
        common = options if common is None else {k: o for k, o in common.items() if k in options}
    if common is None:
        return ()
    return tuple(sorted(common.values(), key=lambda o: (-len(o.cards), [int(c) for c in o.cards], o.kind)))


def _candidates(ruleset: Ruleset, level: int) -> list[Card]:
    """The cards a declaration at ``level`` can show: its level cards, 2s where they declare, the jokers."""
    out = [suited(level, s) for s in SUITS] if level <= 14 else []
    if ruleset.declare_with_twos and level != 2:
        out += [suited(2, s) for s in SUITS]
    return out + [CARDS[SMALL_JOKER], CARDS[BIG_JOKER]]


def _possible(ruleset: Ruleset, level: int, history: Sequence[tuple[int, tuple[Card, ...]]], mine: dict[int, int],
              levels: Sequence[int] | None) -> bool:
    """Whether a history could have been made: each declaration valid in turn, each seat's cards
    within the decks beside the viewer's own."""
    shown: dict[tuple[int, int], int] = {}
    for seat, cards in history:
        c = int(cards[0])
        shown[(seat, c)] = max(shown.get((seat, c), 0), len(cards))
    per_card: dict[int, int] = {}
    for (_, c), k in shown.items():
        per_card[c] = per_card.get(c, 0) + k
    if any(k + mine.get(c, 0) > ruleset.decks for c, k in per_card.items()):
        return False
    try:
        for i, (seat, cards) in enumerate(history):
            if not check_declaration(ruleset, level, history[:i], seat, cards, levels=levels).valid:
                return False
    except InputError:
        return False
    return True
