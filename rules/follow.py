"""Checking a play: a lead (rules section 6) or a follow (section 7).

A follow is checked against the suit rule, then against the structure obligation
(:class:`rules.obligation.Obligation`), after the decisions that need no search: a lead of pairs
and singles, a lead of one tractor of pairs that the follower cannot answer with a tractor (or where
adjacency is ignored), and a play that already realizes every unit the lead holds.  Rainbows (section 14.2)
and bombs (section 14.1) are answered by their own modules.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .bombs import MIN_BOMB, bomb_card, bombs_apply, may_bomb
from .budget import Budget, WorkExceeded
from .cards import CARD_KINDS, NAMES, SUIT_SYMBOLS, pretty_cards, size_and_most, tally
from .formats import Format, Realization, Unit, describe_realization, unit_key
from .obligation import FOLLOW_WORK, SHENGJI_3DECK_LADDERS, Obligation, expanded_shapes, held_tractor_cards, too_large
from .order import SUIT_LABELS, TRUMP, Order, Trump, order_for
from .rainbows import RAINBOW, lead_format, rainbow_format
from .rainbows import check_follow as check_rainbow_follow
from .realization import realize
from .ruleset import Bombs, FollowLadder, FollowProtection, Ruleset, keeps_held_tractors, keeps_whole_groups
from .runs import longest_runs
from .throws import ThrowResult, adjudicate_throw_with
from .units import decompose_with, tractor_by_tier
from .violations import InputError, Violation, count_of

# enum members held as module constants (docs/engine.md, "Speed notes")
_NO_BOMBS: Final = Bombs.NONE
_UNPROTECTED: Final = FollowProtection.NONE
_SUIT_ONLY: Final = FollowProtection.SUIT_ONLY
_SHENGJI_3DECK: Final = FollowLadder.SHENGJI_3DECK
_FEW: Final = 8          # plays up to this size are checked card by card against the hand and for pairs


@dataclass(init=False, eq=False, repr=False)
class Verdict:
    """The answer to a play check: ``legal``, every violation, a throw's fate, the owed shape (a hot
    value: docs/engine.md, "Speed notes").

    ``format`` is the play's canonical decomposition (None when the play is not of one suit); for a
    follow it is worked out when read, and ``is_throw`` is false (only a lead is a throw).  Two
    verdicts are equal when their legality, violations, throw and owed shape are."""

    legal: Final[bool]
    violations: Final[tuple[Violation, ...]]
    throw: Final[ThrowResult | None]
    owed: Final[tuple[tuple[int, int], ...] | None]
    play_format: Final[Format | None]
    play: Final[tuple[int, ...]]
    order: Final[Order | None]

    def __init__(self, legal: bool, violations: tuple[Violation, ...], throw: ThrowResult | None = None,
                 owed: tuple[tuple[int, int], ...] | None = None, play_format: Format | None = None,
                 play: tuple[int, ...] = (), order: Order | None = None) -> None:
        self.legal = legal
        self.violations = violations
        self.throw = throw
        self.owed = owed
        self.play_format = play_format
        self.play = play
        self.order = order

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict):
            return NotImplemented
        return (self.legal, self.violations, self.throw, self.owed) == (
            other.legal, other.violations, other.throw, other.owed)

    def __hash__(self) -> int:
        return hash((self.legal, self.violations, self.throw, self.owed))

    def __repr__(self) -> str:
        return f"Verdict(legal={self.legal!r}, violations={self.violations!r}, throw={self.throw!r}, owed={self.owed!r})"

    @property
    def format(self) -> Format | None:
        if self.play_format is not None or self.order is None or not self.play:
            return self.play_format
        eff = self.order.eff
        first = eff[self.play[0]]
        if any(eff[c] != first for c in self.play):
            return None
        fmt = decompose_with(self.order, self.play)
        return Format(fmt.suit, fmt.units, False)


# -- checks --------------------------------------------------------------------------------------
def parse_lead(order: Order, lead: Iterable[int]) -> Format:
    try:
        return lead_format(order, lead)
    except InputError as exc:
        raise InputError(f"the lead is invalid: {exc}", "lead") from None


def _missing(hand: dict[int, int], play: dict[int, int]) -> list[int]:
    return sorted(c for c, n in play.items() if n > hand.get(c, 0))


def check_play(ruleset: Ruleset, trump: Trump, hand: Sequence[int], play: Sequence[int],
               lead: Sequence[int] | None = None, *, seat: int | None = None,
               others: Sequence[tuple[int, Sequence[int]]] | None = None,
               unseen: Sequence[int] | None = None, budget: Budget | None = None) -> Verdict:
    """Check a lead (``lead=None``) or a follow against rules sections 6 and 7.

    ``budget`` bounds the search (a fresh ``FOLLOW_WORK`` steps when not given); past it the
    check raises :class:`InputError` rather than answer."""
    order = order_for(ruleset, trump)
    if lead is None:
        return _check_lead(ruleset, trump, order, tally(hand), play, tally(play), seat, others, unseen)
    return check_follow(ruleset, order, hand, play, parse_lead(order, lead), budget)


def is_legal(ruleset: Ruleset, trump: Trump, hand: Sequence[int], play: Sequence[int],
             lead: Sequence[int] | None = None) -> bool:
    return check_play(ruleset, trump, hand, play, lead).legal


def _check_lead(ruleset: Ruleset, trump: Trump, order: Order, hand_c: dict[int, int], play: Sequence[int],
                play_c: dict[int, int], seat: int | None, others: Sequence[tuple[int, Sequence[int]]] | None,
                unseen: Sequence[int] | None) -> Verdict:
    if not play:
        return Verdict(False, (Violation("EMPTY_PLAY", "a lead needs at least one card"),))
    violations = []
    missing = _missing(hand_c, play_c)
    if missing:
        violations.append(Violation("NOT_IN_HAND", f"you do not hold {pretty_cards(missing)}",
                                    {"cards": [NAMES[c] for c in missing]}))
    suits = {order.eff[c] for c in play}
    rainbow = rainbow_format(order, play) if len(suits) > 1 else None
    if len(suits) > 1 and rainbow is None:
        violations.append(Violation("LEAD_NOT_ONE_SUIT",
                                    "a lead must be all of one suit (all trumps, or one side suit)"))
        return Verdict(False, tuple(violations))
    fmt = rainbow or decompose_with(order, play)
    throw = None
    if fmt.is_throw:
        if not ruleset.throws:
            violations.append(Violation(
                "THROWS_NOT_ALLOWED",
                f"this ruleset does not allow throws: lead one unit, not {len(fmt.units)} "
                f"({', '.join(u.describe() for u in fmt.units)})"))
        elif not violations:
            throw = adjudicate_throw_with(ruleset, order, seat, fmt, others, unseen)
    return Verdict(not violations, tuple(violations), throw, play_format=fmt)


def _suit_name(order: Order, suit: int) -> str:
    return "trump" if suit == TRUMP else SUIT_SYMBOLS["SHCD"[suit]]


def check_follow(ruleset: Ruleset, order: Order, hand: Sequence[int], given: Sequence[int],
                 lead_format: Format, budget: Budget | None = None, bombs: bool = True,
                 shortcuts: bool = True) -> Verdict:
    """A follow of ``lead_format`` checked (section 7; sections 14.1 and 14.2 where on).

    One pass over the hand counts the led suit and checks that the play is held (a single or a pair
    by its own count, a larger play by copies per card); a lead of pairs and singles is decided
    from the played and held pairs, and so is a lead of one tractor of pairs where the follower holds
    no tractor of pairs (runs climbing by tier) or adjacency is ignored; the led suit's cards are
    gathered as {card: copies} only for the obligation's search (``budget``: a fresh ``FOLLOW_WORK`` steps when not given).
    ``shortcuts`` false sends every decision to the obligation's search (tests compare the two)."""
    units = lead_format.units
    n = units[0].width * units[0].length if len(units) == 1 else lead_format.size
    if len(hand) < n:
        raise InputError(f"the hand holds fewer cards than the lead's {n}", "hand")
    eff = order.eff
    suit = eff[units[0].cards[0]]
    cards: tuple[int, ...] = hand if isinstance(hand, tuple) else tuple(hand)
    play: tuple[int, ...] = tuple(given)
    held_n = 0
    lead_shaped = False                     # the play is one run of the one lead unit's shape
    if len(play) <= 2:                      # a single or a pair: its cards counted in the same pass
        p0 = play[0] if play else -1
        p1 = play[1] if len(play) == 2 else -1
        k0 = k1 = 0
        for c in cards:
            if eff[c] == suit:
                held_n += 1
            if c == p0:
                k0 += 1
            elif c == p1:
                k1 += 1
        short = k0 < (2 if p1 == p0 else 1) if play else False
        if p1 != p0 and p1 >= 0 and k1 < 1:
            short = True
        played_pairs = 1 if p1 == p0 and p0 >= 0 and eff[p0] == suit else 0
    elif len(play) <= _FEW:                 # a few cards: the play's own, counted down in the pass
        distinct: list[int] = []
        left: list[int] = []
        mask = 0                            # the played cards as bits, to pass over the others fast
        for c in play:
            mask |= 1 << c
            for j in range(len(distinct)):
                if distinct[j] == c:
                    left[j] = left[j] + 1
                    break
            else:
                distinct.append(c)
                left.append(1)
        if len(units) == 1 and len(distinct) == units[0].length > 1:
            lead_shaped = _of_shape(order, suit, play, distinct, units[0])
        played_pairs = 0
        for j in range(len(distinct)):
            if eff[distinct[j]] == suit:
                played_pairs += left[j] >> 1
        for c in cards:
            if eff[c] == suit:
                held_n += 1
            if (mask >> c) & 1:
                for j in range(len(distinct)):
                    if distinct[j] == c:
                        left[j] = left[j] - 1
                        break
        short = False
        for k in left:
            if k > 0:
                short = True
    else:
        copies = [0] * CARD_KINDS
        for c in cards:
            copies[c] = copies[c] + 1
            if eff[c] == suit:
                held_n += 1
        short = _short(copies, play)
        played_pairs = -1                   # counted where needed
    played_n = 0
    for c in play:
        if eff[c] == suit:
            played_n += 1
    violations = []
    if short:
        missing = _missing(tally(hand), tally(play))
        violations.append(Violation("NOT_IN_HAND", f"you do not hold {pretty_cards(missing)}",
                                    {"cards": [NAMES[c] for c in missing]}))
    if len(play) != n:
        violations.append(Violation("WRONG_CARD_COUNT",
                                    f"the lead has {count_of(n, 'card')}; play exactly {n}, not {len(play)}",
                                    {"expected": n, "played": len(play)}))
    if violations:
        return Verdict(False, tuple(violations), play=play, order=order)
    if n >= MIN_BOMB:                       # rainbows and bombs have four cards or more
        if order.rainbow_min and lead_format.suit == RAINBOW:     # rainbow_min is 0 when off
            found = check_rainbow_follow(order, hand, play, lead_format)
            return Verdict(not found, found, play=play, order=order)
        if bombs and ruleset.bombs is not _NO_BOMBS and bombs_apply(ruleset, n):
            card = bomb_card(play)
            if card is not None and may_bomb(ruleset, order, card, suit, held_n == 0):
                return Verdict(True, (), play=play, order=order)
    if held_n <= n:
        if played_n < held_n:
            name = _suit_name(order, suit)
            violations.append(Violation(
                "MUST_FOLLOW_SUIT",
                f"you hold {held_n} {name} card and must play it" if held_n == 1
                else f"you hold {held_n} {name} cards and must play all of them",
                {"suit": SUIT_LABELS[suit], "held": held_n}))
        return Verdict(not violations, tuple(violations), play=play, order=order)
    if played_n < n:
        name = _suit_name(order, suit)
        violations.append(Violation(
            "MUST_FOLLOW_SUIT",
            f"you hold {held_n} {name} cards: "
            + (f"the card played must be {name}" if n == 1 else f"all {n} cards played must be {name}"),
            {"suit": SUIT_LABELS[suit], "held": held_n}))
    if n == 1 and shortcuts:                # a single led owes one card of the suit, nothing more
        return Verdict(not violations, tuple(violations), owed=(), play=play, order=order)
    if shortcuts and ruleset.follow_protection is _UNPROTECTED:
        if lead_shaped and ruleset.tractor_obligation and not (
                ruleset.follow_ladder is _SHENGJI_3DECK and units[0].shape in SHENGJI_3DECK_LADDERS):
            # the play is a run of the lead's one unit: it realizes the whole owed shape (as
            # _owed_without_violation finds from the count maps)
            return Verdict(not violations, tuple(violations), owed=((units[0].width, units[0].length),),
                           play=play, order=order)
        pairs = _pairs_led(lead_format)
        if pairs == 0:
            return Verdict(not violations, tuple(violations), owed=(), play=play, order=order)
        # one tractor of pairs led: where adjacency is ignored, or the follower holds no tractor of
        # pairs (runs climbing by tier), it owes pairs as a lead of that many pairs would
        pair_run = pairs < 0 and len(units) == 1 and units[0].width == 2 and (
            not ruleset.tractor_obligation or order.climbs_by_tier(suit))
        if pairs > 0 or pair_run:
            # the play's cards are in the hand, so it holds at least the pairs played
            if played_pairs < 0:
                played_pairs = _pairs_played(play, eff, suit)
            if pairs > 0 and played_pairs >= pairs:
                return Verdict(not violations, tuple(violations), owed=((2, 1),) * pairs, play=play, order=order)
            held_pairs, low, levels, over = _pairs_held(cards, eff, suit, order)
            if pair_run:
                pairs = -1 if over or (ruleset.tractor_obligation and _holds_run(order, levels)) \
                    else units[0].length
        if pairs > 0:
            owed_n = min(pairs, held_pairs)
            if played_pairs >= owed_n:
                return Verdict(not violations, tuple(violations), owed=((2, 1),) * owed_n, play=play, order=order)
            if owed_n == 1:                 # what realize finds for one pair: the lowest held pair
                violations.append(_unit_violation(order, str(ruleset.follow_protection), [], [(2, 1)],
                                                  [((2, 1), (low,))]))
                return Verdict(False, tuple(violations), owed=((2, 1),), play=play, order=order)
    # the led suit's cards as {card: copies}, held in hand order and played in play order
    held: dict[int, int] = {}
    for c in cards:
        if eff[c] == suit:
            held[c] = held.get(c, 0) + 1
    played: dict[int, int] = {}
    for c in play:
        if eff[c] == suit:
            played[c] = played.get(c, 0) + 1
    if budget is None:
        budget = Budget(FOLLOW_WORK)
    by_pairs = _owed_by_pairs(ruleset, order, lead_format, held, played) if shortcuts else None
    if by_pairs is not None and by_pairs[1]:
        return Verdict(not violations, tuple(violations), owed=by_pairs[0], play=play, order=order)
    owed_fast = None if by_pairs is not None or not shortcuts else _owed_without_violation(
        ruleset, order, lead_format, held, played, budget)
    if owed_fast is not None:
        return Verdict(not violations, tuple(violations), owed=owed_fast, play=play, order=order)
    obligation = Obligation(ruleset, order, lead_format, held, budget, shortcuts)
    try:
        example: Realization | None = None
        if by_pairs is not None:            # decided: the play does not realize the owed pairs
            owed = list(by_pairs[0])
            if shortcuts and len(owed) == 1:
                # what realize finds for one pair: the lowest held pair the reservations leave
                allowed = obligation.usable(2, bool(obligation.uniform_tag)) if obligation.reserved else None
                low = min((c for c, k in held.items() if k >= 2 and (allowed is None or allowed[c])),
                          key=order.seq.__getitem__)
                example = [((2, 1), (low,))]
            else:
                example = obligation.realize(held, owed)
        else:
            owed = obligation.strongest()
            if owed and not obligation.realizes(played, owed):
                example = obligation.realize(held, owed)
    except WorkExceeded:
        raise too_large() from None
    if example is not None:
        violations.append(_unit_violation(order, str(obligation.protection), obligation.protected_groups(),
                                          owed, example))
    return Verdict(not violations, tuple(violations), owed=tuple(owed), play=play, order=order)


def _of_shape(order: Order, suit: int, play: tuple[int, ...], distinct: list[int], unit: Unit) -> bool:
    """Whether the play, all of ``suit`` where runs climb by tier, is one unit of ``unit``'s shape
    (as :func:`~rules.units.decompose_with` reads such a play)."""
    eff = order.eff
    for c in distinct:
        if eff[c] != suit:
            return False
    if not order.climbs_by_tier(suit):
        return False
    found = tractor_by_tier(order, play)
    return found is not None and found.width == unit.width and found.length == unit.length


def _pairs_led(lead_format: Format) -> int:
    """The pairs of a lead of pairs and singles (a single, a pair, a throw without tractors or
    wider units); -1 for any other lead."""
    pairs = 0
    for u in lead_format.units:
        if u.length != 1 or u.width > 2:
            return -1
        if u.width == 2:
            pairs += 1
    return pairs


def _pairs_held(hand: tuple[int, ...], eff: tuple[int, ...], suit: int, order: Order) -> tuple[int, int, int, bool]:
    """Disjoint pairs among the hand's cards of ``suit`` (``k // 2`` from a card held ``k`` times),
    the lowest card (by ``seq``) held twice or more (-1 for none), the strengths held twice or more
    (as bits) and whether a card is held three times or more, in one pass: a pair is completed at
    every second copy of a card."""
    seq = order.seq
    strength = order.strength
    odd = 0                                 # the suit's cards seen an odd number of times, as bits
    paired = 0                              # ... and twice or more
    levels = 0
    over = False
    found = 0
    low = -1
    for c in hand:
        if eff[c] != suit:
            continue
        bit = 1 << c
        if paired & bit and not odd & bit:
            over = True
        if odd & bit:
            odd ^= bit
            paired |= bit
            levels |= 1 << strength[c]
            found += 1
            if low < 0 or seq[c] < seq[low]:
                low = c
        else:
            odd |= bit
    return found, low, levels, over


def _holds_run(order: Order, levels: int) -> bool:
    """Whether strengths held twice (``levels``, as bits) make a tractor of pairs where runs climb
    by tier: the smallest tractor's length of consecutive strengths, pairs allowed as tractors."""
    if order.tractor_width > 2:
        return False
    streak = levels
    for i in range(1, order.tractor_length):
        streak &= levels >> i
    return streak != 0


def _short(copies: list[int], play: tuple[int, ...]) -> bool:
    """Whether the play holds a card more often than the hand does (``copies``, left as it was)."""
    short = False
    for c in play:
        k = copies[c] - 1
        copies[c] = k
        if k < 0:
            short = True
    for c in play:
        copies[c] = copies[c] + 1
    return short


def _pairs_played(play: tuple[int, ...], eff: tuple[int, ...], suit: int) -> int:
    """Disjoint pairs among the played cards of ``suit`` (a play of more than ``_FEW`` cards; the
    check counts smaller ones in its pass over the play)."""
    found = 0
    seen = [0] * CARD_KINDS
    for c in play:
        if eff[c] == suit:
            k = seen[c] + 1
            seen[c] = k
            if k % 2 == 0:
                found += 1
    return found


def _owed_without_violation(ruleset: Ruleset, order: Order, lead_format: Format, held: dict[int, int],
                            played: dict[int, int], budget: Budget) -> tuple[tuple[int, int], ...] | None:
    """The owed shape of a follow of more than ``held``'s count, when it is decided without the
    obligation's search and the play owes no ``MUST_PLAY_UNIT``; None otherwise (the caller then
    runs :class:`Obligation`, which gives the same owed shape in these cases):

    - the lead's units are all singles, or the follower holds no two equal cards of the suit:
      nothing is owed (no rung of any ladder holds a single, so no reading owes one);
    - without reservations (``follow_protection`` none) and without a ladder, when the played
      suit cards realize every multi-card unit of the lead (as the obligation reads them), the
      strongest owed shape is that whole shape: the held cards, which contain the played ones,
      realize it, and it packs into the lead's bins one unit per bin."""
    if size_and_most(held)[1] < 2:
        return ()
    units = lead_format.units
    if all(u.width == 1 for u in units):
        return ()
    if ruleset.follow_protection is not _UNPROTECTED:
        return None
    if (ruleset.follow_ladder is _SHENGJI_3DECK and len(units) == 1
            and units[0].shape in SHENGJI_3DECK_LADDERS):
        return None
    whole = expanded_shapes([(u.width, u.length) for u in units], not ruleset.tractor_obligation)
    size = 0
    for w, l in whole:
        size += w * l
    played_n, played_most = size_and_most(played)
    if size > played_n:
        return None
    if len(whole) == 1 and whole[0][0] >= 2 \
            and (not ruleset.wider_substitutes or played_most <= whole[0][0]):
        # one unit and no substitute: realized exactly where a run of its shape is played
        if longest_runs(played, order, whole[0][0]) < whole[0][1]:
            return None
        return tuple(whole)
    w = whole[0][0]
    if _uniform_pieces(whole) and (not ruleset.wider_substitutes or played_most <= w):
        # units (w, 1) of one width and no substitute: k // w of them from a card played k times
        got = 0
        for k in played.values():
            got += k // w
        return tuple(whole) if got >= len(whole) else None
    try:
        if realize(played, whole, order, ruleset.wider_substitutes, budget) is None:
            return None
    except WorkExceeded:
        raise too_large() from None
    ranked = sorted(whole)
    ranked.reverse()
    return tuple(ranked)


def _uniform_pieces(shapes: list[tuple[int, int]]) -> bool:
    """Whether the shapes are all one ``(w, 1)`` with ``w`` two or more."""
    w, l = shapes[0]
    if w < 2 or l != 1:
        return False
    return all(shape[0] == w and shape[1] == 1 for shape in shapes)


def _owed_by_pairs(ruleset: Ruleset, order: Order, lead_format: Format, held: dict[int, int],
                   played: dict[int, int]) -> tuple[tuple[tuple[int, int], ...], bool] | None:
    """The owed shape and whether the play realizes it, for a lead whose units are all pairs and
    singles (a single, a pair, a throw without tractors), under every ``follow_protection``; None
    for other leads (the caller then runs :class:`Obligation`, which gives the same answers here):

    - the only owed unit is a pair: a lead unit ``(2, 1)`` has the ladder pair, two singles; no
      substitute stands for a pair (a wider unit of two cards is none), and the shengji-3deck
      ladders are for triples and titanics only;
    - a pair is owed per lead pair the follower can realize: every bin ``(2, 1)`` takes one pair and
      bins ``(1, 1)`` none, and disjoint pairs are realized by any cards the reservations leave,
      ``k // 2`` pairs from a card held ``k`` times (``k == 2`` where longer tuples are kept whole;
      none from a held tractor's cards where tractors are kept, every bin having length 1), so the
      greedy of :meth:`Obligation.strongest` stops at ``min(lead pairs, pairs held)``;
    - the play realizes them when its own cards give as many pairs from the cards the held suit
      cards' reservations leave usable (the obligation reads reservations from the held cards)."""
    pairs = 0
    for u in lead_format.units:
        if u.length != 1 or u.width > 2:
            return None
        if u.width == 2:
            pairs += 1
    protection = ruleset.follow_protection
    if not pairs or protection is _SUIT_ONLY:
        return (), True
    if protection is _UNPROTECTED:
        owed = min(pairs, sum(k // 2 for k in held.values() if k >= 2))
        if not owed:
            return (), True
        return ((2, 1),) * owed, sum(k // 2 for k in played.values() if k >= 2) >= owed
    whole = keeps_whole_groups(protection)
    tractor = held_tractor_cards(held, order) if keeps_held_tractors(protection) else frozenset()
    if whole:
        usable = [c for c, k in held.items() if k == 2 and c not in tractor]
        held_pairs = len(usable)
    else:
        usable = [c for c, k in held.items() if k >= 2 and c not in tractor]
        held_pairs = sum(held[c] // 2 for c in usable)
    owed = min(pairs, held_pairs)
    if not owed:
        return (), True
    return ((2, 1),) * owed, sum(played.get(c, 0) // 2 for c in usable) >= owed


def _unit_violation(order: Order, protection: str, protected: list[str], owed: Sequence[tuple[int, int]],
                    example: Realization) -> Violation:
    """MUST_PLAY_UNIT: what the follower holds and must play, and which of their groups are
    protected (section 7.1) where that changed what is owed."""
    if len(example) > 1:
        example = _strongest_first(order, example)
    it = "it" if len(owed) == 1 else "them"
    message = f"you hold {describe_realization(example)} and must play {it}"
    if protected:
        message = f"{message}; protected: {' '.join(protected)}"
    names: list[str] = []
    for placement in example:
        shape, run = placement
        for c in run:
            for _ in range(shape[0]):
                names.append(NAMES[c])
    return Violation(
        "MUST_PLAY_UNIT", message,
        {"owed": [{"width": w, "length": l} for w, l in owed], "example": names, "protection": protection})


def _strongest_first(order: Order, example: Realization) -> Realization:
    """The placements by unit key, then top card, high first; equal ones in their given order (what
    a stable sort, reversed, gives)."""
    seq = order.seq
    ranked: list[tuple[int, int, int, int, int]] = []
    for i in range(len(example)):
        shape, run = example[i]
        a, b, c = unit_key(shape)
        ranked.append((a, b, c, seq[run[-1]], -i))
    ranked.sort()
    ranked.reverse()
    return [example[-r[4]] for r in ranked]
