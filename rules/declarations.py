"""Declarations (亮主, 加固, 反): rules sections 3 and 10.

A declaration shows ``k`` identical level cards of one suit (or, where ``declare_with_twos``, ``k``
identical 2s) and names that suit trump; ``k`` identical jokers name no-trump where
``joker_declarations`` allows it (``pairs``: exactly two, ``any-multiple``: two or more).  Its
strength is ``(k, tier)`` with tier suit < SJ < BJ.

Public functions:

- :func:`check_declaration` -- is one declaration valid after a history of earlier ones; its kind
  (``declare`` / ``reinforce`` / ``overturn``) and the trump after it;
- :func:`declaration_state` -- replay a history (each entry must be valid) into the standing state;
- :func:`declaration_options` -- every declaration a seat could make now from its hand;
- :func:`no_declaration_outcome` -- what happens when nobody declared (``redeal`` / ``no-trump`` /
  ``kitty-reveal``);
- :func:`first_hand_dealer` -- who deals the first hand.

Decisions where rules section 10 is silent (the rule family named where one applies, else pagat.com):

- *Kinds.*  ``declare`` is the first declaration of the hand; ``reinforce`` is the standing declarer
  showing more cards for the same trump (suit, or no-trump); every other valid declaration is an
  ``overturn`` -- including another player showing more cards of the standing suit (the trump stays,
  the declarer changes), which section 10 allows under ``count`` ("anyone else may overturn").
- *Reinforcing needs more cards.*  Under ``count`` the standing declarer showing the same trump with
  the same number of cards (``BJ BJ`` over their own ``SJ SJ``) changes nothing and is refused as
  too weak; a declarer's joker set over their own suit (or a suit over their own jokers) is an
  overturn of their own declaration and refused.
- *qq* (the qq rules).  Only single and pair declarations exist there: a suit declaration of two or more
  identical cards counts as a "pair" (reachable only with 3 decks), and joker sets follow
  ``joker_declarations``.  反无主 (jokers) may be made by anyone, the standing declarer included, since
  the qq rules does not restrict it; 自保 is the standing declarer's pair of the same suit; 反主 is another
  player's pair in any suit.  The standing declarer's pair of another suit is refused as an overturn
  of their own declaration.  After one of these three, every declaration is refused (closed).
- *count-min2-overturn* (the four-deck rules).  "More cards than the current one" is read literally: an overturn
  needs ``k >= 2`` and ``k`` strictly greater than the standing ``k`` (the joker tier does not help);
  the declarer's reinforcement needs more cards too.  The first declaration may show any ``k >= 1``.
- *declare_with_twos* (the tuolaji rules).  The family (level cards or 2s) is fixed by the first suited
  declaration; joker sets belong to neither family and never fix it.  At level 2 the 2s *are* the
  level cards, so there is one family.
- *Copies.*  Showing more copies of a card than ``decks`` allows is malformed input
  (:class:`~rules.violations.InputError`), not an illegal declaration; so is an invalid declaration
  inside ``history``.
- *Nobody declared.*  ``kitty-reveal`` (pagat) applies after the first hand only: with no dealer yet
  (``first_hand=True``) the deal is redone.  The kitty's cards are turned in the order given: the
  first level card sets the suit; if none, the suited card of the highest printed rank (A high; the
  first turned among equals); jokers have no suit and are skipped; a kitty of jokers only (or an
  empty kitty) gives no-trump.  ``no-trump`` (the qq rules) plays without a trump suit at the level.
- *count-suit-order* (section 14.8).  As ``count``; with as many cards (two or more), a higher suit
  overturns too, ♦ < ♣ < ♥ < ♠, and jokers stay above every suit.  Options are listed strongest first
  under this style (the order a player would pick from).
- *all-decks* jokers (section 14.8): exactly one copy of the joker from every deck, ``decks``
  identical jokers (one joker with one deck).
- *kitty-first-card* (section 14.8): the first kitty card in dealt order decides: a joker gives
  no-trump, any other card its suit; an empty kitty gives no-trump, as under ``kitty-reveal``; the
  first hand redeals, as under ``kitty-reveal``.
- *Level NT* (section 14.9): nobody declares at level NT (``DECLARATION_LEVEL``, whatever the cards);
  a hand nobody declared at NT is played without a trump suit whatever ``no_declaration`` says.
- *count-greater-length* (section 14.11): as ``count``, but an overturn needs strictly more cards.
- *small-all-big-one-less* (section 14.11): small jokers declare with ``decks`` copies, big jokers with
  at least ``decks - 1`` (and at least one), as rbtying counts them.
- *overturn-own* (section 14.11): the standing declarer's declaration of the same trump with more
  cards is a reinforcement; any other is judged as anyone else's (an ``overturn``).
- *first-hand levels* (section 14.11, ``first_hand_levels: own``): with ``levels`` given, each seat's
  cards are read at its own level; the hand is then played at the dealer's level (the winning
  declarer's, or under ``first_dealer: first-declarer`` the first declarer's, as rbtying).
- *kitty-first-level-or-highest* (section 14.11): the kitty is turned in dealt order until a joker
  (no-trump) or a level card (its suit); else the highest card by suit (♣ < ♦ < ♠ < ♥) then rank
  sets the suit (an empty kitty: no-trump).  The first hand redeals, as under ``kitty-reveal``.
- *First dealer.*  In the first hand the standing declarer deals (section 10), or under
  ``first_dealer: first-declarer`` the seat that declared first (section 14.11).  When nobody declared
  and the ruleset plays on (``no-trump``), the qq rules names no dealer: the caller's ``default_seat``
  (seat 0 unless given) deals.  Under ``redeal`` there is no dealer (``None``).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .cards import BIG_JOKER, CARDS, NT, SMALL_JOKER, SUITS, Card, rank_name, suited, tally
from .order import Trump
from .ruleset import (
    DeclarationStyle,
    FirstDealer,
    FirstHandLevels,
    JokerDeclarations,
    NoDeclaration,
    OwnDeclarations,
    Ruleset,
)
from .violations import InputError, Violation, count_of

DECLARE: Final = "declare"
REINFORCE: Final = "reinforce"
OVERTURN: Final = "overturn"

TIER_SUIT, TIER_SJ, TIER_BJ = 0, 1, 2
LEVEL_FAMILY, TWOS_FAMILY, JOKER_FAMILY = "level", "twos", "jokers"
SUIT_ORDER: Final = {"D": 0, "C": 1, "H": 2, "S": 3}      # count-suit-order: ♦ < ♣ < ♥ < ♠
KITTY_SUIT_ORDER: Final = {"C": 0, "D": 1, "S": 2, "H": 3}  # kitty-first-level-or-highest: ♣ < ♦ < ♠ < ♥
_KITTY_POLICIES: Final = (NoDeclaration.KITTY_REVEAL, NoDeclaration.KITTY_FIRST_CARD,
                          NoDeclaration.KITTY_FIRST_LEVEL_OR_HIGHEST)    # the first hand redeals


@dataclass(frozen=True)
class Shown:
    """The meaning of a set of declared cards (before checking it against the history)."""

    cards: tuple[Card, ...]
    k: int
    tier: int                 # TIER_SUIT, TIER_SJ or TIER_BJ
    suit: str | None          # the trump suit it names; None = no-trump
    family: str               # LEVEL_FAMILY, TWOS_FAMILY or JOKER_FAMILY

    @property
    def strength(self) -> tuple[int, int]:
        return (self.k, self.tier)

    @property
    def suit_strength(self) -> tuple[int, int, int]:
        """``count-suit-order``: (cards, tier, suit order); the suit only counts with two or more cards."""
        return (self.k, self.tier, SUIT_ORDER[self.suit] if self.suit is not None and self.k >= 2 else 0)


@dataclass(frozen=True)
class DeclarationState:
    """Where the declarations of a hand stand after a history."""

    level: int
    declarer: int | None = None          # seat of the standing declaration
    shown: Shown | None = None           # the standing declaration
    closed: bool = False                 # qq: a pair / joker pair has stood, nothing changes after it
    family: str | None = None            # declare_with_twos: the family fixed by the first suit declaration
    count: int = 0                       # how many declarations stood
    first: int | None = None             # the seat that declared first (first_dealer: first-declarer)
    levels: tuple[int, ...] = ()         # first_hand_levels: own -- each seat's level, read per seat

    @property
    def trump(self) -> Trump | None:
        """The trump named so far (None: nobody declared yet)."""
        if self.shown is None:
            return None
        return Trump(self.level if self.declarer is None else self.level_of(self.declarer), self.shown.suit)

    def level_of(self, seat: int) -> int:
        """The level ``seat`` declares with: its own under ``first_hand_levels: own``, else the hand's."""
        return self.levels[seat] if self.levels else self.level


@dataclass(frozen=True)
class DeclarationResult:
    """The answer for one declaration: ``trump`` is the trump after it (the standing one if invalid)."""

    valid: bool
    kind: str | None
    violations: tuple[Violation, ...]
    trump: Trump | None
    declarer: int | None
    state: DeclarationState


@dataclass(frozen=True)
class DeclarationOption:
    cards: tuple[Card, ...]
    kind: str
    trump: Trump


@dataclass(frozen=True)
class NoDeclarationOutcome:
    """What a hand without any declaration does.

    ``action`` is ``redeal`` (``trump`` None), ``no-trump``, ``kitty-reveal`` or ``kitty-first-card``
    (``trump`` set; ``revealed`` is the kitty card that decided it, None when no card did).
    """

    action: str
    trump: Trump | None
    revealed: Card | None = None


# -- reading the cards ----------------------------------------------------------------------------
def interpret(ruleset: Ruleset, level: int, cards: Sequence[int]) -> Shown | Violation:
    """What ``cards`` declare at ``level``, or a ``DECLARATION_INVALID_CARDS`` /
    ``DECLARATION_JOKERS_NOT_ALLOWED`` violation.  Raises InputError for impossible copy counts."""
    shown = tuple(sorted(CARDS[c] for c in cards))
    if not shown:
        return Violation("DECLARATION_INVALID_CARDS", "A declaration shows at least one card.")
    kinds = set(shown)
    k = len(shown)
    if k > ruleset.decks:
        raise InputError(f"{count_of(k, 'copy', 'copies')} of {shown[0]} cannot exist with "
                         f"{count_of(ruleset.decks, 'deck')}", "cards")
    if level == NT:
        return Violation("DECLARATION_LEVEL", "Nobody declares at level NT: the hand is played without a trump "
                                              "suit.", {"level": "NT"})
    if len(kinds) != 1:
        return Violation("DECLARATION_INVALID_CARDS",
                         "A declaration shows identical cards only (one rank of one suit, or one joker).",
                         {"cards": [str(c) for c in shown]})
    c = shown[0]
    if c.is_joker:
        allowed = ruleset.joker_declarations
        if allowed is JokerDeclarations.NONE:
            return Violation("DECLARATION_JOKERS_NOT_ALLOWED",
                             "This ruleset does not let jokers declare no-trump.")
        if allowed is JokerDeclarations.PAIRS and k != 2:
            return Violation("DECLARATION_INVALID_CARDS",
                             "Jokers declare no-trump only as a pair of identical jokers.", {"k": k})
        if allowed is JokerDeclarations.SMALL_ALL_BIG_ONE_LESS:
            need = ruleset.decks if c == SMALL_JOKER else max(1, ruleset.decks - 1)
            if k < need:
                return Violation("DECLARATION_INVALID_CARDS",
                                 f"{'Small' if c == SMALL_JOKER else 'Big'} jokers declare no-trump only with "
                                 f"{need} or more of them.", {"k": k, "needed": need})
        elif allowed is JokerDeclarations.ALL_DECKS:
            if k != ruleset.decks:
                return Violation("DECLARATION_INVALID_CARDS",
                                 f"Jokers declare no-trump only with one copy from every deck: "
                                 f"{ruleset.decks} identical jokers.", {"k": k})
        elif k < 2:
            return Violation("DECLARATION_INVALID_CARDS",
                             "Jokers declare no-trump only as two or more identical jokers.", {"k": k})
        return Shown(shown, k, TIER_BJ if c == BIG_JOKER else TIER_SJ, None, JOKER_FAMILY)
    if c.rank == level:
        return Shown(shown, k, TIER_SUIT, c.suit, LEVEL_FAMILY)
    if ruleset.declare_with_twos and c.rank == 2:
        return Shown(shown, k, TIER_SUIT, c.suit, TWOS_FAMILY)
    allowed_ranks = rank_name(level) + (" or 2s" if ruleset.declare_with_twos else "")
    return Violation("DECLARATION_INVALID_CARDS",
                     f"{c} cannot declare: declarations show level cards ({allowed_ranks}) or jokers.",
                     {"cards": [str(x) for x in shown]})


def _not_in_hand(cards: Sequence[int], hand: Iterable[int]) -> bool:
    have = tally(hand)
    return any(have.get(c, 0) < n for c, n in tally(cards).items())


# -- one step ---------------------------------------------------------------------------------------
def _judge(ruleset: Ruleset, state: DeclarationState, seat: int, shown: Shown) -> tuple[str | None, Violation | None]:
    """The kind of ``shown`` by ``seat`` after ``state``, or why it is refused."""
    style = ruleset.declaration_style
    cur = state.shown
    if cur is None:
        return DECLARE, None
    if state.closed:
        return None, Violation("DECLARATION_CLOSED",
                               "A declaration already stands for good (反无主, 自保 or 反主 has been made).")
    own = seat == state.declarer
    same_trump = shown.suit == cur.suit and (shown.family == JOKER_FAMILY) == (cur.family == JOKER_FAMILY)
    if (ruleset.declare_with_twos and state.family is not None and shown.family != JOKER_FAMILY
            and shown.family != state.family):
        fam = "2s" if state.family == TWOS_FAMILY else "level cards"
        return None, Violation("DECLARATION_WRONG_FAMILY",
                               f"The first declaration used {fam}: only {fam} (or jokers) may follow it.",
                               {"family": state.family})
    if style is DeclarationStyle.QQ:
        if shown.k < 2:
            return None, Violation("DECLARATION_TOO_WEAK",
                                   "After the first declaration only a pair or a joker pair may change it.")
        if shown.family == JOKER_FAMILY:
            return (REINFORCE if own and same_trump else OVERTURN), None
        if own:
            if same_trump:
                return REINFORCE, None
            if ruleset.own_declarations is OwnDeclarations.REINFORCE:
                return None, Violation("DECLARATION_OWN_OVERTURN",
                                       "The declarer may protect (自保) their own suit with a pair, not change it.")
        return OVERTURN, None
    if own and (same_trump or ruleset.own_declarations is OwnDeclarations.REINFORCE):
        if not same_trump:
            return None, Violation("DECLARATION_OWN_OVERTURN",
                                   "A declarer may reinforce their declaration but not overturn it.")
        if shown.k <= cur.k:
            return None, Violation("DECLARATION_TOO_WEAK",
                                   f"A reinforcement must show more than {count_of(cur.k, 'card')}.",
                                   {"current": cur.k, "shown": shown.k})
        return REINFORCE, None
    if style is DeclarationStyle.COUNT_GREATER_LENGTH:
        if shown.k <= cur.k:
            return None, Violation("DECLARATION_TOO_WEAK",
                                   f"An overturn must show more than {count_of(cur.k, 'card')}.",
                                   {"current": cur.k, "shown": shown.k})
        return OVERTURN, None
    if style is DeclarationStyle.COUNT_MIN2_OVERTURN:
        if shown.k < 2:
            return None, Violation("DECLARATION_TOO_FEW_CARDS", "An overturn needs at least two cards.",
                                   {"shown": shown.k})
        if shown.k <= cur.k:
            return None, Violation("DECLARATION_TOO_WEAK",
                                   f"An overturn must show more than {count_of(cur.k, 'card')}.",
                                   {"current": cur.k, "shown": shown.k})
        return OVERTURN, None
    if style is DeclarationStyle.COUNT_SUIT_ORDER:
        if shown.suit_strength <= cur.suit_strength:
            return None, Violation("DECLARATION_TOO_WEAK",
                                   "A new declaration must be stronger than the standing one (more cards; with "
                                   "as many, jokers beat suits, BJ beats SJ, and from two cards on a higher suit "
                                   "beats a lower one, ♦ < ♣ < ♥ < ♠).",
                                   {"current": list(cur.suit_strength), "shown": list(shown.suit_strength)})
        return OVERTURN, None
    if shown.strength <= cur.strength:
        return None, Violation("DECLARATION_TOO_WEAK",
                               "A new declaration must be stronger than the standing one "
                               "(more cards; with as many, jokers beat suits and BJ beats SJ).",
                               {"current": list(cur.strength), "shown": list(shown.strength)})
    return OVERTURN, None


def _apply(ruleset: Ruleset, state: DeclarationState, seat: int, shown: Shown) -> DeclarationState:
    family = state.family
    if family is None and shown.family != JOKER_FAMILY:
        family = shown.family
    closed = False
    if ruleset.declaration_style is DeclarationStyle.QQ:
        closed = shown.k >= 2
    return DeclarationState(state.level, seat, shown, closed, family, state.count + 1,
                            seat if state.first is None else state.first, state.levels)


def _seat_ok(ruleset: Ruleset, seat: int, field: str) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < ruleset.players:
        raise InputError(f"seat must be 0..{ruleset.players - 1}", field)


def seat_levels(ruleset: Ruleset, levels: Sequence[int] | None) -> tuple[int, ...]:
    """Each seat's level where seats declare with their own (``first_hand_levels: own``, in the first
    hand: ``levels`` given), else empty."""
    if levels is None or ruleset.first_hand_levels is not FirstHandLevels.OWN:
        return ()
    if len(levels) != ruleset.players:
        raise InputError(f"levels must list {ruleset.players} seats", "levels")
    return tuple(Trump(lv).level for lv in levels)


def declaration_state(ruleset: Ruleset, level: int | str, history: Sequence[tuple[int, Sequence[int]]],
                      levels: Sequence[int] | None = None) -> DeclarationState:
    """Replay ``history`` ([(seat, cards)...] in order); InputError names an invalid entry.  ``levels``
    (each seat's level) makes each seat declare at its own under ``first_hand_levels: own``."""
    lv = Trump(level).level
    state = DeclarationState(lv, levels=seat_levels(ruleset, levels))
    for i, (seat, cards) in enumerate(history):
        _seat_ok(ruleset, seat, f"history/{i}/seat")
        try:
            shown = interpret(ruleset, state.level_of(seat), cards)
        except InputError as exc:
            raise InputError(exc.message, f"history/{i}/cards") from None
        if isinstance(shown, Violation):
            raise InputError(f"history entry {i}: {shown.message}", f"history/{i}/cards")
        kind, why = _judge(ruleset, state, seat, shown)
        if why is not None:
            raise InputError(f"history entry {i} is not a valid declaration: {why.message}", f"history/{i}")
        state = _apply(ruleset, state, seat, shown)
    return state


def check_declaration(ruleset: Ruleset, level: int | str, history: Sequence[tuple[int, Sequence[int]]],
                      seat: int, cards: Sequence[int], hand: Sequence[int] | None = None,
                      levels: Sequence[int] | None = None) -> DeclarationResult:
    """Is ``cards`` shown by ``seat`` a valid declaration after ``history``?

    ``hand`` (optional) is the declarer's hand: the shown cards must be in it.  ``levels``: as
    :func:`declaration_state`.
    """
    state = declaration_state(ruleset, level, history, levels)
    _seat_ok(ruleset, seat, "declaration/seat")
    shown = interpret(ruleset, state.level_of(seat), cards)
    if isinstance(shown, Violation):
        return DeclarationResult(False, None, (shown,), state.trump, state.declarer, state)
    violations: list[Violation] = []
    if hand is not None and _not_in_hand(shown.cards, hand):
        violations.append(Violation("DECLARATION_NOT_IN_HAND",
                                    "The declared cards are not all in the declarer's hand.",
                                    {"cards": [str(c) for c in shown.cards]}))
    kind, why = _judge(ruleset, state, seat, shown)
    if why is not None:
        violations.append(why)
    if violations:
        return DeclarationResult(False, None, tuple(violations), state.trump, state.declarer, state)
    new_state = _apply(ruleset, state, seat, shown)
    return DeclarationResult(True, kind, (), new_state.trump, seat, new_state)


def declaration_options(ruleset: Ruleset, level: int | str, history: Sequence[tuple[int, Sequence[int]]],
                        seat: int, hand: Sequence[int],
                        levels: Sequence[int] | None = None) -> tuple[DeclarationOption, ...]:
    """Every declaration ``seat`` could make now from ``hand``, weakest first (strongest first under
    ``count-suit-order``).

    Order: by number of cards, then tier (suits, SJ, BJ), then suit S, H, C, D; level cards before 2s.
    Under ``count-suit-order`` the reverse of (cards, tier, suit order ♦ < ♣ < ♥ < ♠, level cards first).
    """
    state = declaration_state(ruleset, level, history, levels)
    _seat_ok(ruleset, seat, "seat")
    own_level = state.level_of(seat)
    if own_level == NT:
        return ()
    have = tally(hand)
    candidates: list[Card] = []
    ranks = [own_level]
    if ruleset.declare_with_twos and own_level != 2:
        ranks.append(2)
    for s in SUITS:
        for r in ranks:
            candidates.append(suited(r, s))
    candidates += [CARDS[SMALL_JOKER], CARDS[BIG_JOKER]]
    found: list[tuple[tuple[int, ...], DeclarationOption]] = []
    for pos, c in enumerate(candidates):
        for k in range(1, min(have.get(c, 0), ruleset.decks) + 1):
            shown = interpret(ruleset, own_level, (c,) * k)
            if isinstance(shown, Violation):
                continue
            kind, _ = _judge(ruleset, state, seat, shown)
            if kind is not None:                # _judge gives exactly one of a kind and a violation
                key: tuple[int, ...] = (k, shown.tier, pos)
                if ruleset.declaration_style is DeclarationStyle.COUNT_SUIT_ORDER:
                    key = (k, shown.tier, SUIT_ORDER[shown.suit] if shown.suit is not None else 0, -pos)
                found.append((key, DeclarationOption((c,) * k, kind, Trump(own_level, shown.suit))))
    found.sort(key=lambda x: x[0], reverse=ruleset.declaration_style is DeclarationStyle.COUNT_SUIT_ORDER)
    return tuple(opt for _, opt in found)


# -- nobody declared ---------------------------------------------------------------------------------
def no_declaration_outcome(ruleset: Ruleset, level: int | str, kitty: Sequence[int] = (),
                           first_hand: bool = False) -> NoDeclarationOutcome:
    """What happens when a hand ends its deal without a declaration (section 10).

    ``kitty`` is the kitty in the order its cards are turned (only ``kitty-reveal`` reads it).
    """
    lv = Trump(level).level
    if lv == NT:
        return NoDeclarationOutcome("no-trump", Trump(lv, None))
    policy = ruleset.no_declaration
    if policy is NoDeclaration.REDEAL or (first_hand and policy in _KITTY_POLICIES):
        return NoDeclarationOutcome("redeal", None)
    if policy is NoDeclaration.NO_TRUMP:
        return NoDeclarationOutcome("no-trump", Trump(lv, None))
    turned = [CARDS[c] for c in kitty]
    if policy is NoDeclaration.KITTY_FIRST_LEVEL_OR_HIGHEST:
        for c in turned:
            if c.is_joker or c.rank == lv:
                return NoDeclarationOutcome(policy.value, Trump(lv, c.suit), c)
        top: Card | None = None
        for c in turned:
            if top is None or (KITTY_SUIT_ORDER[str(c.suit)], c.rank) > (KITTY_SUIT_ORDER[str(top.suit)], top.rank):
                top = c
        return NoDeclarationOutcome(policy.value, Trump(lv, top.suit if top is not None else None), top)
    if policy is NoDeclaration.KITTY_FIRST_CARD:
        first = turned[0] if turned else None
        return NoDeclarationOutcome("kitty-first-card", Trump(lv, first.suit if first is not None else None), first)
    for c in turned:
        if not c.is_joker and c.rank == lv:
            return NoDeclarationOutcome("kitty-reveal", Trump(lv, c.suit), c)
    best: Card | None = None
    for c in turned:
        if c.is_joker:
            continue
        if best is None or c.rank > best.rank:
            best = c
    return NoDeclarationOutcome("kitty-reveal", Trump(lv, best.suit if best is not None else None), best)


def no_declaration_violation(ruleset: Ruleset, first_hand: bool = False) -> Violation:
    """``NO_DECLARATION`` for a hand nobody declared on that is redealt, giving its cause (section 10):
    the ruleset always redeals, or (``kitty-reveal``) it redeals the first hand, which has no
    dealer yet, where a later hand would turn the kitty to find the trump."""
    if ruleset.no_declaration is NoDeclaration.KITTY_REVEAL and first_hand:
        return Violation("NO_DECLARATION", "Nobody declared in the first hand, so it is redealt (a later hand "
                                           "would turn the kitty to find the trump): the hand is not played.",
                         {"first_hand": True})
    return Violation("NO_DECLARATION", "Nobody declared and this ruleset redeals: the hand is not played.",
                     {"first_hand": first_hand})


def first_hand_dealer(ruleset: Ruleset, level: int | str, history: Sequence[tuple[int, Sequence[int]]],
                      default_seat: int = 0, levels: Sequence[int] | None = None) -> int | None:
    """Who deals the first hand: the standing declarer (under ``first_dealer: first-declarer`` the
    first); when nobody declared, ``default_seat`` if the ruleset plays on, None when it redeals."""
    state = declaration_state(ruleset, level, history, levels)
    if state.declarer is not None:
        return state.first if ruleset.first_dealer is FirstDealer.FIRST_DECLARER else state.declarer
    if no_declaration_outcome(ruleset, level, (), first_hand=True).action == "redeal":
        return None
    return default_seat


def standing_trump(ruleset: Ruleset, level: int | str, history: Sequence[tuple[int, Sequence[int]]],
                   kitty: Sequence[int] = (), first_hand: bool = False) -> Trump | None:
    """The trump a hand is played with after ``history`` (None: the deal is redone)."""
    state = declaration_state(ruleset, level, history)
    if state.trump is not None:
        return state.trump
    return no_declaration_outcome(ruleset, level, kitty, first_hand).trump
