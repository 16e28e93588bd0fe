"""Following a lead: the structure obligation, play checks and legal plays (rules section 7).

The obligation is one general rule.  Each lead unit ``(w, L)`` has a ladder: itself, then every
shape of ``w·L`` cards that is weaker in ``width-first`` order.  A shape is weaker than ``(w, L)``
exactly when its largest unit (by width, then length) is below ``(w, L)``, so the shapes *owed*
for a lead (unions of one rung per lead unit) are the sets of units that can be packed into the
lead units' bins: each unit no larger than its bin's unit and each bin's cards within the bin's
unit size (singles pad the rest).  The strongest owed shape the follower's suit cards realize is
built greedily, largest unit first; that is exact because a subset of a realizable, packable set
is realizable and packable.

Variants are parameters: ``tractor_obligation: false`` keeps each lead unit's ladder but reads
every owed unit ``(w, L)`` as ``L`` units ``(w, 1)``, adjacency ignored (so a titanic led owes two
triples, else three pairs); ``shengji-3deck`` replaces the ladder of a lead that is exactly one triple or
exactly one length-2 titanic by the fixed ladders of the shengji rules; ``wider_substitutes`` lets a wider
unit of the same card count realize an owed unit.

Counting legal plays: every unit has width ≥ 2, so whether a play realizes the owed units
depends only on the cards it holds two or more copies of.  Plays are grouped by that part; each
group is counted with a binomial for the single cards that complete it, so the count never lists
the plays.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from math import comb

from .bombs import MIN_BOMB, bomb_card, bombs_apply, may_bomb
from .cards import CARDS, SUIT_SYMBOLS, Card, pretty_cards, tally
from .order import TRUMP, Order, Trump, order_for
from .rainbows import RAINBOW, follow_splits, rainbow_format
from .rainbows import check_follow as check_rainbow_follow
from .ruleset import FollowLadder, FollowProtection, Ruleset
from .throws import ThrowResult, adjudicate_throw_with
from .units import (
    Budget,
    Format,
    Realization,
    Unit,
    WorkExceeded,
    available_units,
    decompose_with,
    describe_realization,
    longest_runs,
    realize,
    runs,
    times_range,
    unit_key,
)
from .violations import InputError, Violation, count_of

MAX_LIMIT = 1000
FOLLOW_WORK = 60000
COUNT_WORK = 8000
DP_STATES = 20000
SHORTCUTS = True        # the exact shortcuts inside Obligation and _packable (tests switch them off to compare)

SHENGJI_3DECK_LADDERS = {
    (3, 2): ([(3, 2)], [(3, 1), (3, 1)], [(2, 2)], [(3, 1), (2, 1)], [(3, 1)], [(2, 1), (2, 1)],
             [(2, 1)], []),
    (3, 1): ([(3, 1)], [(2, 1)], []),
}


@dataclass(frozen=True, init=False)
class Verdict:
    """The answer to a play check: ``legal``, every violation, a throw's fate, the owed shape.

    ``format`` is the play's canonical decomposition (None when the play is not of one suit); for a
    follow it is computed when first read, and ``is_throw`` is false (only a lead is a throw)."""

    legal: bool
    violations: tuple[Violation, ...]
    throw: ThrowResult | None = None
    owed: tuple[tuple[int, int], ...] | None = None
    play_format: Format | None = field(default=None, repr=False, compare=False)
    play: tuple[int, ...] = field(default=(), repr=False, compare=False)
    order: Order | None = field(default=None, repr=False, compare=False)

    def __init__(self, legal: bool, violations: tuple[Violation, ...], throw: ThrowResult | None = None,
                 owed: tuple[tuple[int, int], ...] | None = None, play_format: Format | None = None,
                 play: tuple[int, ...] = (), order: Order | None = None) -> None:
        # see rules.units.Unit.__init__: fields straight into __dict__, half the generated cost
        d = self.__dict__
        d["legal"] = legal
        d["violations"] = violations
        d["throw"] = throw
        d["owed"] = owed
        d["play_format"] = play_format
        d["play"] = play
        d["order"] = order

    @cached_property
    def format(self) -> Format | None:
        if self.play_format is not None or self.order is None or not self.play:
            return self.play_format
        eff = self.order.eff
        first = eff[self.play[0]]
        if any(eff[c] != first for c in self.play):
            return None
        fmt = decompose_with(self.order, self.play)
        return Format(fmt.suit, fmt.units, False)


@dataclass(frozen=True)
class LegalPlays:
    plays: tuple[tuple[Card, ...], ...]
    count: int
    count_exact: bool
    truncated: bool


@dataclass(frozen=True)
class SuitUnits:
    suit: str
    units: tuple[Unit, ...]


@dataclass(frozen=True)
class LeadOptions:
    suits: tuple[SuitUnits, ...]
    throws_allowed: bool


# -- the obligation ------------------------------------------------------------------------------
def _expanded(shapes: Iterable[tuple[int, int]], ignore_adjacency: bool) -> list[tuple[int, int]]:
    """Shapes as the obligation reads them: with ``tractor_obligation`` false a unit ``(w, L)`` is
    ``L`` units ``(w, 1)``, consecutive or not."""
    if not ignore_adjacency:
        return [s for s in shapes if s != (1, 1)]
    return [(w, 1) for w, l in shapes if w > 1 for _ in range(l)]


def held_tractor_cards(suit_counts: dict[int, int], order: Order) -> frozenset[int]:
    """The cards of the follower's held tractors (section 7.1): runs of at least two adjacent
    cards (section 5) held equally often, twice or more each; where the smallest tractor is larger
    (section 14.3), runs at least that wide and long.  A longer run's cards all lie in runs of the
    smallest length (its windows), so those are the runs looked at."""
    out: set[int] = set()
    width, length = order.tractor_width, order.tractor_length
    if width != 2 or length != 2:
        by_count: dict[int, dict[int, int]] = {}
        for c, k in suit_counts.items():
            if k >= width:
                by_count.setdefault(k, {})[c] = k
        for k, same in by_count.items():
            for run in runs(same, order, k, length):
                out.update(run)
        return frozenset(out)
    for c, k in suit_counts.items():
        if k < 2:
            continue
        for d in order.next_first[c]:
            if suit_counts.get(d, 0) == k:
                out.update((c, d))
    return frozenset(out)


class Obligation:
    """The structure obligation of one follow (section 7): the lead's units (the *bins* whose
    ladders give the owed shapes), the ruleset's variants, and the reservations of section 7.1,
    always read from the follower's suit cards ``S``.

    Reservations are tags on owed units: a unit owed for a lead unit of length 1 is *kept off
    tractors* where ``follow_protection`` keeps tractors, and every unit takes only whole groups
    where it keeps longer tuples.  A set of cards realizes an owed shape when the shape's units
    can be packed into the bins (each no larger in (width, length) than its bin's unit, each bin's
    cards within its unit's size) and disjoint parts of the cards form every unit under the
    reservations of the bin it sits in.
    """

    def __init__(self, rules: Ruleset, order: Order, lead_format: Format, suit_counts: dict[int, int],
                 budget: Budget):
        self.order = order
        self.budget = budget
        self.wider = rules.wider_substitutes
        self.loose = not rules.tractor_obligation
        self.bins = [u.shape for u in lead_format.units]
        self.protection = protection = rules.follow_protection
        self.free = protection is FollowProtection.SUIT_ONLY
        self.whole_groups = protection.whole_groups
        self.keeps_tractors = protection.keeps_tractors
        self.bin_tags = [self.keeps_tractors and l == 1 for _, l in self.bins]
        self.suit_counts = suit_counts
        self.tractor_cards = held_tractor_cards(suit_counts, order) if self.keeps_tractors else frozenset()
        self.ladder = None
        if rules.follow_ladder is FollowLadder.SHENGJI_3DECK and len(self.bins) == 1:
            self.ladder = SHENGJI_3DECK_LADDERS.get(self.bins[0])
        self.reserved = self.whole_groups or bool(self.tractor_cards)
        self._usable: dict[tuple[int, bool], frozenset[int] | None] = {}
        self._tags: dict[tuple[tuple[int, int], ...], list[list[bool]]] = {}
        self._packed: dict[tuple[bool, tuple[tuple[int, int], ...]], bool] = {}
        self._runs: dict[int, int] = {}

    # -- reservations -----------------------------------------------------------------------
    def usable(self, width: int, kept_off_tractors: bool) -> frozenset[int] | None:
        """The cards a unit realized at ``width`` may use (None: any)."""
        key = (width, kept_off_tractors)
        if key not in self._usable:
            tractor = self.tractor_cards if kept_off_tractors else frozenset()
            if not self.whole_groups and not tractor:
                self._usable[key] = None
            else:
                self._usable[key] = frozenset(c for c, k in self.suit_counts.items()
                                              if (not self.whole_groups or k == width) and c not in tractor)
        return self._usable[key]

    def protected_groups(self) -> list[str]:
        """The follower's groups that reservations keep whole (for reasons): under
        ``longer-tuples`` every group of three or more, under ``tractors`` every held tractor
        (when a lead unit of length 1 was led)."""
        out = []
        by_strength = sorted(self.suit_counts, key=self.order.seq.__getitem__, reverse=True)
        if self.whole_groups:
            out += [pretty_cards([c] * self.suit_counts[c]) for c in by_strength if self.suit_counts[c] >= 3]
        if any(self.bin_tags) and self.tractor_cards:
            out.append(pretty_cards([c for c in by_strength if c in self.tractor_cards
                                     for _ in range(self.suit_counts[c])]))
        return out

    @property
    def uniform_tag(self) -> bool | None:
        """The one tag every owed unit carries, or None when bins differ (a mixed throw)."""
        if not self.reserved:
            return False
        if self.ladder is not None:
            return self.bin_tags[0]
        tags = set(self.bin_tags)
        return tags.pop() if len(tags) == 1 else None

    def card_widths(self, c: int, widths: Sequence[int], tag: bool) -> list[int]:
        """The owed widths (length-1 units) card ``c`` may host."""
        return [w for w in widths if (u := self.usable(w, tag)) is None or c in u]

    # -- realizing --------------------------------------------------------------------------
    def realizes(self, counts: dict[int, int], units: Sequence[tuple[int, int]]) -> bool:
        """Whether :meth:`realize` finds a realization.  Units all ``(w, 1)`` of one width ``w`` that
        :meth:`_plain` leaves free of substitutes and reservations are counted instead: ``k // w``
        of them from a card held ``k`` times (the search is exhaustive and may reuse a card), from
        cards held exactly ``w`` times in ``S`` where longer tuples are kept whole."""
        if SHORTCUTS and units:
            first = units[0]
            w = first[0]
            if first[1] == 1 and w >= 2 and all(u == first for u in units) and self._plain(w) \
                    and (not self.wider or max(counts.values(), default=0) <= w):
                if self.whole_groups:
                    held = self.suit_counts
                    got = sum(k // w for c, k in counts.items() if held.get(c) == w)
                else:
                    got = sum(k // w for k in counts.values() if k >= w)
                return got >= len(units)
        return self.realize(counts, units) is not None

    def realize(self, counts: dict[int, int], units: Sequence[tuple[int, int]]) -> Realization | None:
        """A realization of the owed ``units`` (in the obligation's own reading) by ``counts``
        under the reservations, or None."""
        if not units:
            return []
        if not self.reserved:
            return realize(counts, units, self.order, self.wider, self.budget)
        tag = self.uniform_tag
        if tag is not None:
            return realize(counts, units, self.order, self.wider, self.budget, [tag] * len(units), self.usable)
        if realize(counts, units, self.order, self.wider, self.budget) is None:
            return None
        key = tuple(units)
        choices = self._tags.get(key)
        if choices is None:
            choices = self._tags[key] = list(self._tag_choices(units))
        for tags in choices:
            found = realize(counts, units, self.order, self.wider, self.budget, tags, self.usable)
            if found is not None:
                return found
        return None

    def _tag_choices(self, units: Sequence[tuple[int, int]]) -> Iterator[list[bool]]:
        """The taggings of ``units`` that a packing into the bins allows, fewest kept off tractors
        first, skipping any that keeps off tractors every unit an earlier one does (it can only
        realize less).

        A unit in a bin of length 1 is kept off tractors, so a tagging is a split of each unit
        type into the units packed under length-1 bins (*kept*) and the rest.  Packing the kept
        part only gets harder as it grows and packing the rest only easier, so the search walks up
        from the empty split through splits whose kept part packs, and stops on each split whose
        rest packs too: those are the least reserved taggings."""
        kinds = sorted(set(units), reverse=True)
        have = tuple(units.count(u) for u in kinds)
        kept_bins = [b for b, tag in zip(self.bins, self.bin_tags, strict=True) if tag]
        free_bins = [b for b, tag in zip(self.bins, self.bin_tags, strict=True) if not tag]
        found: list[tuple[int, ...]] = []
        level = [tuple(0 for _ in kinds)]
        seen = set(level)
        while level:
            nxt = []
            for split in level:
                self.budget.spend()
                if any(all(a >= b for a, b in zip(split, f, strict=True)) for f in found):
                    continue
                kept = [u for u, k in zip(kinds, split, strict=True) for _ in range(k)]
                if not self._packs(kept, kept_bins, True):
                    continue
                rest = [u for u, k, h in zip(kinds, split, have, strict=True) for _ in range(h - k)]
                if self._packs(rest, free_bins, False):
                    found.append(split)
                    left = dict(zip(kinds, split, strict=True))
                    tags = []
                    for u in units:
                        tags.append(left[u] > 0)
                        if left[u] > 0:
                            left[u] -= 1
                    yield tags
                    continue
                for i, h in enumerate(have):
                    if split[i] < h:
                        up = split[:i] + (split[i] + 1,) + split[i + 1:]
                        if up not in seen:
                            seen.add(up)
                            nxt.append(up)
            level = nxt

    def _packs(self, units: list[tuple[int, int]], bins: list[tuple[int, int]], kept: bool) -> bool:
        """:func:`_packable` into the length-1 bins (``kept``) or the others, remembered."""
        key = (kept, tuple(units))
        hit = self._packed.get(key)
        if hit is None:
            hit = self._packed[key] = _packable(units, bins, self.budget)
        return hit

    def packable(self, units: list[tuple[int, int]]) -> bool:
        """Whether the units fit the bins (see :func:`_packable`)."""
        return _packable(units, self.bins, self.budget)

    # -- the strongest owed shape ----------------------------------------------------------
    def strongest(self) -> list[tuple[int, int]]:
        """The strongest owed shape that ``S`` realizes: its non-single units, large first.

        Built greedily: the next unit is the largest (width-first) that still leaves the chosen
        units packable into the lead's bins and realizable in ``S`` under the reservations.  That
        is exact: the feasible unit sets are closed under taking subsets (a packing and a
        realization of a set serve every subset), and in such a family the lexicographically
        largest sorted set starts with the largest feasible unit, then the largest that stays
        feasible beside it, and so on.  With ``tractor_obligation`` false the shapes compared are
        the width-only ones, so the greedy runs over units ``(w, 1)``: two owed triples may come
        from two different bins, which a ``(3, 2)`` unit chosen whole would not allow."""
        held = self.suit_counts
        if self.free:
            return []
        loose = self.loose
        if self.ladder is not None:
            for rung in self.ladder:
                units = _expanded(rung, loose)
                if self.realizes(held, units):
                    return sorted(units, reverse=True)
            return []
        bins = self.bins
        if not held or max(held.values()) < 2 or all(b[0] < 2 for b in bins):
            return []
        whole = _expanded(bins, loose)
        if self.fits(whole):
            return sorted(whole, reverse=True)
        if (SHORTCUTS and not loose and len(bins) == 1 and bins[0][0] == 2 and max(held.values()) == 2
                and self._plain(2) and self._longest(2) == 1):
            # one pair-wide bin (a 2-deck tractor lead), no run of two pairs held: the candidates
            # below are (2, 1) alone, and the greedy adds pairs while the bin has room for them
            # and the held cards hold them (one per card held twice)
            return [(2, 1)] * min(bins[0][1], sum(1 for k in held.values() if k == 2))
        top = max(bins)
        largest = max(w * l for w, l in bins)
        max_count = max(held.values())
        candidates = [(w, l) for w in range(min(top[0], max_count), 1, -1)
                      for l in (range(largest // w, 0, -1) if not loose else (1,))
                      if (w, l) <= top and self.order.is_unit(w, l) and self.fits([(w, l)])]
        chosen: list[tuple[int, int]] = []
        start = 0
        while start < len(candidates):
            for i in range(start, len(candidates)):
                trial = chosen + [candidates[i]]
                if self.fits(trial):
                    chosen = trial
                    start = i
                    break
            else:
                break
        return sorted(_expanded(chosen, loose), reverse=True)

    def fits(self, units: list[tuple[int, int]]) -> bool:
        """Whether ``S`` realizes ``units`` (each a rung unit: reduced to widths where loose)."""
        if not self.packable(units):
            return False
        if SHORTCUTS and len(units) == 1 and not self.loose:
            w, l = units[0]
            if self._plain(w):
                return l <= self._longest(w)
        expanded = _expanded(units, self.loose) if self.loose else units
        return self.realizes(self.suit_counts, expanded)


    def _plain(self, w: int) -> bool:
        """Whether a unit of width ``w`` is realized in ``S`` exactly where a run of its shape is held
        (:func:`~rules.units.runs`): no wider unit can stand for it (no card is held more than ``w``
        times, or ``wider_substitutes`` is off) and no reservation applies to it (no bin of length 1
        keeps it off tractors, and where longer tuples are kept whole every card that can host it is
        held exactly ``w`` times)."""
        top = max(self.suit_counts.values())
        return ((not self.wider or top <= w) and not any(self.bin_tags)
                and (not self.whole_groups or top <= w))

    def _longest(self, w: int) -> int:
        """The longest run at width ``w`` in ``S`` (a run's prefixes are runs, so every shorter
        length is held too), remembered for this obligation."""
        hit = self._runs.get(w)
        if hit is None:
            hit = self._runs[w] = longest_runs(self.suit_counts, self.order, w)
        return hit


def _packable(units: list[tuple[int, int]], bins: list[tuple[int, int]], budget: Budget) -> bool:
    """Whether the units fit the bins: each no larger (width, length) than its bin's unit, each
    bin's cards within its unit's size."""
    units = sorted(units, key=lambda s: s[0] * s[1], reverse=True)
    free = [w * l for w, l in bins]
    if sum(u[0] * u[1] for u in units) > sum(free):
        return False
    if SHORTCUTS and len(bins) == 1:
        # one bin (a lead of one unit): every unit in it, the sizes already fit; the steps spent
        # are those of the search below, which fails at the first unit larger than the bin's
        shape = bins[0]
        for u in units:
            budget.spend()
            if not u <= shape:
                return False
        return True

    def place(i: int) -> bool:
        if i == len(units):
            return True
        budget.spend()
        u = units[i]
        size = u[0] * u[1]
        tried = set()
        for b, shape in enumerate(bins):
            if u <= shape and free[b] >= size and (shape, free[b]) not in tried:
                tried.add((shape, free[b]))
                free[b] -= size
                if place(i + 1):
                    free[b] += size
                    return True
                free[b] += size
        return False

    return place(0)


# -- checks --------------------------------------------------------------------------------------
def _lead_format(order: Order, lead: Iterable[int]) -> Format:
    try:
        return decompose_with(order, lead)
    except InputError as exc:
        raise InputError(f"the lead is invalid: {exc}", "lead") from None


def _missing(hand: dict[int, int], play: dict[int, int]) -> list[int]:
    return sorted(c for c, n in play.items() if n > hand.get(c, 0))


def check_play(rules: Ruleset, trump: Trump, hand: Sequence[int], play: Sequence[int],
               lead: Sequence[int] | None = None, *, seat: int | None = None,
               others: Sequence[tuple[int, Sequence[int]]] | None = None,
               unseen: Sequence[int] | None = None, budget: Budget | None = None) -> Verdict:
    """Check a lead (``lead=None``) or a follow against rules sections 6 and 7.

    ``budget`` bounds the search (a fresh ``FOLLOW_WORK`` steps when not given); past it the
    check raises :class:`InputError` rather than answer."""
    order = order_for(rules, trump)
    play_c = tally(play)
    if lead is None:
        return _check_lead(rules, trump, order, tally(hand), play, play_c, seat, others, unseen)
    lead_format = _lead_format(order, lead)
    return _check_follow(rules, order, hand, play, play_c, lead_format,
                         budget if budget is not None else Budget(FOLLOW_WORK))


def is_legal(rules: Ruleset, trump: Trump, hand: Sequence[int], play: Sequence[int],
             lead: Sequence[int] | None = None) -> bool:
    return check_play(rules, trump, hand, play, lead).legal


def _check_lead(rules: Ruleset, trump: Trump, order: Order, hand_c: dict[int, int], play: Sequence[int],
                play_c: dict[int, int], seat: int | None, others: Sequence[tuple[int, Sequence[int]]] | None,
                unseen: Sequence[int] | None) -> Verdict:
    if not play:
        return Verdict(False, (Violation("EMPTY_PLAY", "a lead needs at least one card"),))
    violations = []
    missing = _missing(hand_c, play_c)
    if missing:
        violations.append(Violation("NOT_IN_HAND", f"you do not hold {pretty_cards(missing)}",
                                    {"cards": [str(CARDS[c]) for c in missing]}))
    suits = {order.eff[c] for c in play}
    rainbow = rainbow_format(order, play) if len(suits) > 1 else None
    if len(suits) > 1 and rainbow is None:
        violations.append(Violation("LEAD_NOT_ONE_SUIT",
                                    "a lead must be all of one suit (all trumps, or one side suit)"))
        return Verdict(False, tuple(violations))
    fmt = rainbow or decompose_with(order, play)
    throw = None
    if fmt.is_throw:
        if not rules.throws:
            violations.append(Violation(
                "THROWS_NOT_ALLOWED",
                f"this ruleset does not allow throws: lead one unit, not {len(fmt.units)} "
                f"({', '.join(u.describe() for u in fmt.units)})"))
        elif not violations:
            throw = adjudicate_throw_with(rules, order, seat, fmt, others, unseen)
    return Verdict(not violations, tuple(violations), throw, play_format=fmt)


def _suit_name(order: Order, suit: int) -> str:
    return "trump" if suit == TRUMP else SUIT_SYMBOLS["SHCD"[suit]]


def _check_follow(rules: Ruleset, order: Order, hand: Sequence[int], play: Sequence[int],
                  play_c: dict[int, int], lead_format: Format, budget: Budget, bombs: bool = True) -> Verdict:
    # the hand is read twice at C speed (copies of the played cards, the led suit's cards) and
    # never tallied whole
    units = lead_format.units
    n = units[0].width * units[0].length if len(units) == 1 else lead_format.size
    if len(hand) < n:
        raise InputError(f"the hand holds fewer cards than the lead's {n}", "hand")
    violations = []
    count = hand.count
    for c, k in play_c.items():
        if k > count(c):
            missing = _missing(tally(hand), play_c)
            violations.append(Violation("NOT_IN_HAND", f"you do not hold {pretty_cards(missing)}",
                                        {"cards": [str(CARDS[c]) for c in missing]}))
            break
    if len(play) != n:
        violations.append(Violation("WRONG_CARD_COUNT",
                                    f"the lead has {count_of(n, 'card')}; play exactly {n}, not {len(play)}",
                                    {"expected": n, "played": len(play)}))
    eff = order.eff
    suit = eff[units[0].cards[0]]
    play = tuple(play)
    if violations:
        return Verdict(False, tuple(violations), play=play, order=order)
    if n >= MIN_BOMB:                       # rainbows and bombs have four cards or more
        if lead_format.suit == RAINBOW:
            found = check_rainbow_follow(order, hand, play, lead_format)
            return Verdict(not found, found, play=play, order=order)
        if bombs and bombs_apply(rules, n):
            card = bomb_card(play)
            if card is not None and may_bomb(rules, order, card, suit, not any(eff[c] == suit for c in hand)):
                return Verdict(True, (), play=play, order=order)
    suit_cards = [c for c in hand if eff[c] == suit]
    held = tally(suit_cards)
    held_n = len(suit_cards)
    played = {c: k for c, k in play_c.items() if eff[c] == suit}
    played_n = sum(played.values())
    if held_n <= n:
        if played_n < held_n:
            name = _suit_name(order, suit)
            violations.append(Violation(
                "MUST_FOLLOW_SUIT",
                f"you hold {held_n} {name} card and must play it" if held_n == 1
                else f"you hold {held_n} {name} cards and must play all of them",
                {"suit": order.suit_label(next(iter(held))), "held": held_n}))
        return Verdict(not violations, tuple(violations), play=play, order=order)
    if played_n < n:
        name = _suit_name(order, suit)
        violations.append(Violation(
            "MUST_FOLLOW_SUIT",
            f"you hold {held_n} {name} cards: "
            + (f"the card played must be {name}" if n == 1 else f"all {n} cards played must be {name}"),
            {"suit": order.suit_label(next(iter(held))), "held": held_n}))
    by_pairs = _owed_by_pairs(rules, order, lead_format, held, played)
    if by_pairs is not None and by_pairs[1]:
        return Verdict(not violations, tuple(violations), owed=by_pairs[0], play=play, order=order)
    owed_fast = None if by_pairs is not None else _owed_without_violation(rules, order, lead_format, held,
                                                                          played, budget)
    if owed_fast is not None:
        return Verdict(not violations, tuple(violations), owed=owed_fast, play=play, order=order)
    obligation = Obligation(rules, order, lead_format, held, budget)
    try:
        example: Realization | None = None
        if by_pairs is not None:            # decided: the play does not realize the owed pairs
            owed = list(by_pairs[0])
            if SHORTCUTS and len(owed) == 1:
                # what realize finds for one pair: the lowest held pair the reservations leave
                allowed = obligation.usable(2, bool(obligation.uniform_tag)) if obligation.reserved else None
                low = min((c for c, k in held.items() if k >= 2 and (allowed is None or c in allowed)),
                          key=order.seq.__getitem__)
                example = [((2, 1), (low,))]
            else:
                example = obligation.realize(held, owed)
        else:
            owed = obligation.strongest()
            if owed and not obligation.realizes(played, owed):
                example = obligation.realize(held, owed)
    except WorkExceeded:
        raise _too_large() from None
    if example is not None:
        violations.append(_unit_violation(obligation, owed, example))
    return Verdict(not violations, tuple(violations), owed=tuple(owed), play=play, order=order)


def _owed_without_violation(rules: Ruleset, order: Order, lead_format: Format, held: dict[int, int],
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
    if max(held.values()) < 2:
        return ()
    units = lead_format.units
    if all(u.width == 1 for u in units):
        return ()
    if rules.follow_protection is not FollowProtection.NONE:
        return None
    if (rules.follow_ladder is FollowLadder.SHENGJI_3DECK and len(units) == 1
            and units[0].shape in SHENGJI_3DECK_LADDERS):
        return None
    whole = _expanded([u.shape for u in units], not rules.tractor_obligation)
    if sum(w * l for w, l in whole) > sum(played.values()):
        return None
    if SHORTCUTS and len(whole) == 1 and whole[0][0] >= 2 \
            and (not rules.wider_substitutes or max(played.values(), default=0) <= whole[0][0]):
        # one unit and no substitute: realized exactly where a run of its shape is played
        if longest_runs(played, order, whole[0][0]) < whole[0][1]:
            return None
        return tuple(whole)
    try:
        if realize(played, whole, order, rules.wider_substitutes, budget) is None:
            return None
    except WorkExceeded:
        raise _too_large() from None
    return tuple(sorted(whole, reverse=True))


def _owed_by_pairs(rules: Ruleset, order: Order, lead_format: Format, held: dict[int, int],
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
    protection = rules.follow_protection
    if not pairs or protection is FollowProtection.SUIT_ONLY:
        return (), True
    if protection is FollowProtection.NONE:
        owed = min(pairs, sum(k // 2 for k in held.values() if k >= 2))
        if not owed:
            return (), True
        return ((2, 1),) * owed, sum(k // 2 for k in played.values() if k >= 2) >= owed
    whole = protection.whole_groups
    tractor = held_tractor_cards(held, order) if protection.keeps_tractors else frozenset()
    if whole:
        usable = [c for c, k in held.items() if k == 2 and c not in tractor]
        held_pairs = len(usable)
    else:
        usable = [c for c, k in held.items() if k >= 2 and c not in tractor]
        held_pairs = sum(held[c] // 2 for c in usable)
    owed = min(pairs, held_pairs)
    if not owed:
        return (), True
    got = played.get
    return ((2, 1),) * owed, sum(got(c, 0) // 2 for c in usable) >= owed


def _unit_violation(obligation: Obligation, owed: Sequence[tuple[int, int]], example: Realization) -> Violation:
    """MUST_PLAY_UNIT: what the follower holds and must play, and which of their groups are
    protected (section 7.1) where that changed what is owed."""
    example = sorted(example, key=lambda t: (unit_key(t[0]), obligation.order.seq[t[1][-1]]), reverse=True)
    what = describe_realization(example)
    it = "it" if len(owed) == 1 else "them"
    message = f"you hold {what} and must play {it}"
    protected = obligation.protected_groups()
    if protected:
        message += f"; protected: {' '.join(protected)}"
    return Violation(
        "MUST_PLAY_UNIT", message,
        {"owed": [{"width": w, "length": l} for w, l in owed],
         "example": [str(CARDS[c]) for (w, _l), run in example for c in run for _ in range(w)],
         "protection": obligation.protection.value})


# -- legal plays -------------------------------------------------------------------------------
def legal_plays(rules: Ruleset, trump: Trump, hand: Sequence[int], lead: Sequence[int] | None = None,
                limit: int = 100) -> LeadOptions | LegalPlays:
    """Leading: the units available per suit.  Following: every distinct legal play (up to
    ``limit``) and their exact number, or a lower bound where counting exceeds the work bound."""
    order = order_for(rules, trump)
    if lead is None:
        return _lead_options(rules, order, hand)
    limit = max(0, min(int(limit), MAX_LIMIT))
    lead_format = _lead_format(order, lead)
    n = lead_format.size
    hand_c = tally(hand)
    if sum(hand_c.values()) < n:
        raise InputError(f"the hand holds fewer cards than the lead's {n}", "hand")
    if n >= MIN_BOMB and lead_format.suit == RAINBOW:
        return _rainbow_follows(order, hand_c, lead_format, n, limit)
    suit = order.eff[next(iter(lead_format.units[0].cards))]
    found = _legal_follows(rules, order, hand_c, lead_format, n, suit, limit)
    if n >= MIN_BOMB and bombs_apply(rules, n):
        return _with_bombs(rules, order, hand, hand_c, lead_format, n, suit, limit, found)
    return found


def _rainbow_follows(order: Order, hand_c: dict[int, int], lead_format: Format, n: int, limit: int) -> LegalPlays:
    """Following a rainbow (section 14.2): the splits of the hand into its groups, else any ``n`` cards."""
    found = follow_splits(order, hand_c, lead_format, limit)
    if found is None:
        count = _count_submultisets(hand_c, n)
        plays = [_canonical_play(order, p) for p, _ in zip(_submultisets(hand_c, n, order), range(limit), strict=False)]
        return LegalPlays(tuple(plays), count, True, count > len(plays))
    count, listed = found
    return LegalPlays(tuple(_canonical_play(order, p) for p in listed), count, True, count > len(listed))


def _with_bombs(rules: Ruleset, order: Order, hand: Sequence[int], hand_c: dict[int, int], lead_format: Format,
                n: int, suit: int, limit: int, found: LegalPlays) -> LegalPlays:
    """``found`` (the plays section 7 allows) and every bomb of ``n`` cards the hand holds and the
    suit rule allows that section 7 does not (section 14.1), listed after them."""
    void = all(order.eff[c] != suit for c in hand_c)
    extra: list[tuple[Card, ...]] = []
    for c in sorted(hand_c, key=order.sort_key):
        if hand_c[c] < n or not may_bomb(rules, order, c, suit, void):
            continue
        bomb = (c,) * n
        if not _check_follow(rules, order, hand, bomb, {c: n}, lead_format, Budget(FOLLOW_WORK),
                             bombs=False).legal:
            extra.append(_canonical_play(order, bomb))
    if not extra:
        return found
    plays = found.plays
    if not found.truncated:
        plays = plays + tuple(extra[:max(0, limit - len(plays))])
    count = found.count + len(extra)
    return LegalPlays(plays, count, found.count_exact, count > len(plays) or not found.count_exact)


def _legal_follows(rules: Ruleset, order: Order, hand_c: dict[int, int], lead_format: Format, n: int, suit: int,
                   limit: int) -> LegalPlays:
    """The plays section 7 allows (bombs aside)."""
    held = {c: k for c, k in hand_c.items() if order.eff[c] == suit}
    held_n = sum(held.values())
    if held_n <= n:
        rest = {c: k for c, k in hand_c.items() if order.eff[c] != suit}
        base = tuple(c for c, k in held.items() for _ in range(k))
        count = _count_submultisets(rest, n - held_n)
        plays: list[tuple[Card, ...]] = []
        for extra in _submultisets(rest, n - held_n, order):
            if len(plays) >= limit:
                break
            plays.append(_canonical_play(order, base + extra))
        return LegalPlays(tuple(plays), count, True, count > len(plays))
    obligation = Obligation(rules, order, lead_format, held, Budget(FOLLOW_WORK))
    try:
        owed = obligation.strongest()
    except WorkExceeded:
        raise _too_large() from None
    tag = obligation.uniform_tag
    if owed and tag is not None and all(l == 1 for _, l in owed):
        found = _plays_by_widths(order, held, n, [w for w, _ in owed], limit,
                                 lambda c, widths: obligation.card_widths(c, widths, tag))
        if found is not None:
            return found
    return _count_owed(obligation, order, held, n, owed, limit)


def _too_large() -> InputError:
    return InputError("deciding this position needs more search steps than the service's work bound; "
                      "it does not decide positions this large", "hand")


def _canonical_play(order: Order, cards: Iterable[int]) -> tuple[Card, ...]:
    return tuple(order.sorted_cards(cards))


def minimal_realizing(multi: Sequence[int], held: Mapping[int, int], n: int,
                      realizing: Callable[[dict[int, int]], bool], budget: Budget,
                      found: Callable[[int, dict[int, int], int], None]) -> None:
    """Every smallest choice of copies of the cards held twice or more (``multi``, in order) that
    realizes the owed shape (section 7): each card in turn gives all its copies, some (two or more)
    or none, a branch ends as soon as its choice realizes, and one is dropped when even every
    remaining copy could not.  ``found(i, part, size)`` gets each choice (``part``: copies of
    ``multi[:i]``, ``size`` cards in all); the plays that extend it with single copies of the cards
    passed over, any copies of ``multi[i:]`` and the loose cards are the legal plays, each once.
    Each step spends ``budget``."""

    def rec(i: int, part: dict[int, int], size: int, upper_known: bool) -> None:
        budget.spend()
        if not upper_known:
            upper = dict(part)
            upper.update((c, held[c]) for c in multi[i:])
            if not realizing(upper):
                return
        if realizing(part):
            found(i, part, size)
            return
        if i == len(multi):
            return
        c = multi[i]
        for take in range(held[c], 1, -1):
            if size + take <= n:
                part[c] = take
                rec(i + 1, part, size + take, take == held[c])
                del part[c]
        rec(i + 1, part, size, False)

    rec(0, {}, 0, False)


def _count_submultisets(counts: dict[int, int], k: int) -> int:
    """How many sub-multisets of ``k`` cards ``counts`` has (a polynomial coefficient)."""
    if k < 0:
        return 0
    poly = [1] + [0] * k
    for m in counts.values():
        poly = times_range(poly, m, k)
    return poly[k]


def _submultisets(counts: dict[int, int], k: int, order: Order) -> Iterator[tuple[int, ...]]:
    items = sorted(counts.items(), key=lambda kv: order.sort_key(kv[0]))
    after = [0] * (len(items) + 1)                   # cards from item i on: no branch that cannot finish
    for i in range(len(items) - 1, -1, -1):
        after[i] = after[i + 1] + items[i][1]

    def rec(i: int, k: int, acc: list[int]) -> Iterator[tuple[int, ...]]:
        if k == 0:
            yield tuple(acc)
            return
        if after[i] < k:
            return
        c, m = items[i]
        for take in range(min(m, k), -1, -1):
            acc.extend([c] * take)
            yield from rec(i + 1, k - take, acc)
            del acc[len(acc) - take:]

    return rec(0, k, [])


def _count_owed(obligation: Obligation, order: Order, held: dict[int, int], n: int,
                owed: Sequence[tuple[int, int]], limit: int) -> LegalPlays:
    """Plays of ``n`` cards from ``held`` that realize ``owed``.

    A play realizes ``owed`` exactly when its multi-card part (the cards it holds two or more
    copies of) does, and that property only grows with the part.  The search fixes the multi-card
    part card by card: a branch stops when even taking every remaining copy cannot realize
    ``owed``, and is counted in closed form as soon as the fixed part realizes it.  Past
    ``COUNT_WORK`` steps the count is a lower bound.
    """
    plays: list[tuple[Card, ...]] = []
    if not owed:
        count = _count_submultisets(held, n)
        for play in _submultisets(held, n, order):
            if len(plays) >= limit:
                break
            plays.append(_canonical_play(order, play))
        return LegalPlays(tuple(plays), count, True, count > len(plays))
    cards = sorted(held, key=order.sort_key)
    multi = [c for c in cards if held[c] >= 2]
    loose = [c for c in cards if held[c] == 1]
    memo: dict[tuple[tuple[int, int], ...], bool] = {}
    seen: set[tuple[Card, ...]] = set()
    total = [0]
    budget = obligation.budget = Budget(COUNT_WORK)
    suffix = [[1] + [0] * n]
    for c in reversed(multi):
        suffix.append(times_range(suffix[-1], held[c], n))
    suffix.reverse()

    def realizing(part: dict[int, int]) -> bool:
        key = tuple(sorted(part.items()))
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = obligation.realizes(part, owed)
        return hit

    def add(cards: Iterable[int]) -> None:
        play = _canonical_play(order, cards)
        if play not in seen:
            seen.add(play)
            plays.append(play)

    def complete(i: int, part: dict[int, int], size: int) -> None:
        k = n - size
        loose_n = len(loose) + i - len(part)
        tail = suffix[i]
        total[0] += sum(comb(loose_n, j) * tail[k - j] for j in range(0, min(loose_n, k) + 1))
        if len(plays) < limit:
            free = {c: 1 for c in multi[:i] if c not in part}
            free.update((c, 1) for c in loose)
            free.update((c, held[c]) for c in multi[i:])
            base = [c for c, m in part.items() for _ in range(m)]
            for extra in _submultisets(free, k, order):
                if len(plays) >= limit:
                    break
                add(base + list(extra))

    exact = True
    try:
        minimal_realizing(multi, held, n, realizing, budget, complete)
    except WorkExceeded:
        exact = False
    if not plays:
        obligation.budget = Budget(FOLLOW_WORK)
        example = obligation.realize(held, owed)
        if example:
            core = [c for (w, _l), run in example for c in run for _ in range(w)]
            rest = dict(held)
            for c in core:
                rest[c] -= 1
            filler = [c for c in sorted(rest, key=order.sort_key, reverse=True) for _ in range(rest[c])]
            add(core + filler[:n - len(core)])
    count = total[0] if exact else max(total[0], len(plays))
    return LegalPlays(tuple(plays), count, exact, count > len(plays) or not exact)


def _plays_by_widths(order: Order, held: dict[int, int], n: int, widths: list[int], limit: int,
                     hosts: Callable[[int, list[int]], list[int]] | None = None) -> LegalPlays | None:
    """Exact count and listing when every owed unit has length 1 (pairs, triples, n-kinds).

    Then adjacency does not matter: a play realizes the owed widths exactly when its copy counts
    can host them.  A dynamic programme over the cards tracks the set of owed widths that may
    still be missing (the minimal remainders, each a vector of counts per width packed into an
    integer), and for each such set the number of ways to reach it by play size, as one polynomial
    packed into an integer (a coefficient per field wide enough for the number of all sub-multisets
    of the suit cards, which bounds every count); a backward pass marks, per set, the
    sizes from which a legal play can still be completed, so the listing walks only paths that end
    in a legal play.  ``hosts(card, widths)``: the owed widths a card may host, where reservations
    (section 7.1) keep some cards from some units.  ``None`` when the programme would exceed
    ``DP_STATES`` states.
    """
    cards = sorted(held, key=order.seq.__getitem__, reverse=True)
    kinds = sorted(set(widths), reverse=True)
    start = (sum(widths.count(w) << (_FIELD * i) for i, w in enumerate(kinds)),)
    full = (1 << len(kinds)) - 1
    masks = {c: full if hosts is None else sum(1 << i for i, w in enumerate(kinds) if w in hosts(c, kinds))
             for c in cards}
    states_of = WidthStates(kinds, start)
    consume = states_of.consume

    digit = 2
    for c in cards:
        digit *= held[c] + 1
    digit = digit.bit_length()
    keep = (1 << (digit * (n + 1))) - 1
    layers: list[dict[int, int]] = [{0: 1}]
    states = 0
    for c in cards:
        nxt: dict[int, int] = {}
        top = min(held[c], n)
        mask = masks[c]
        for sset, poly in layers[-1].items():
            for m in range(top + 1):
                ns = consume(sset, m, mask)
                nxt[ns] = nxt.get(ns, 0) + (poly << (digit * m))
        for ns in nxt:
            nxt[ns] &= keep
        states += len(nxt)
        if states > DP_STATES:
            return None
        layers.append(nxt)
    done = states_of.done
    count = (layers[-1].get(done, 0) >> (digit * n)) & ((1 << digit) - 1)
    sizes = (1 << (n + 1)) - 1
    reach: list[dict[int, int]] = [{}] * len(layers)
    reach[-1] = {sset: 1 for sset in layers[-1] if sset == done}
    for i in range(len(cards) - 1, -1, -1):
        later = reach[i + 1]
        top = min(held[cards[i]], n)
        mask = masks[cards[i]]
        here = {}
        for sset in layers[i]:
            bits = 0
            for m in range(top + 1):
                bits |= later.get(consume(sset, m, mask), 0) << m
            if bits & sizes:
                here[sset] = bits & sizes
        reach[i] = here
    plays: list[tuple[Card, ...]] = []

    def walk(i: int, size: int, sset: int, acc: list[int]) -> None:
        if len(plays) >= limit:
            return
        if i == len(cards):
            plays.append(_canonical_play(order, acc))
            return
        c = cards[i]
        later = reach[i + 1]
        for m in range(min(held[c], n - size), -1, -1):
            ns = consume(sset, m, masks[c])
            if (later.get(ns, 0) >> (n - size - m)) & 1:
                acc.extend([c] * m)
                walk(i + 1, size + m, ns, acc)
                del acc[len(acc) - m:]

    if (reach[0].get(0, 0) >> n) & 1:
        walk(0, 0, 0, [])
    return LegalPlays(tuple(plays), count, True, count > len(plays))


class WidthStates:
    """The sets of owed widths that may still be missing in the width programme (section 7, owed
    units of length 1), interned as ids from ``start`` (the owed widths' counts packed in
    ``_FIELD``-bit fields, in ``kinds`` order, widest first).  ``consume(sid, m, mask)``: the set
    reached from set ``sid`` by a card played ``m`` times that may host the widths in ``mask``;
    each new step spends ``budget`` when one is given."""

    def __init__(self, kinds: list[int], start: tuple[int, ...], budget: Budget | None = None) -> None:
        self.kinds = kinds
        self.low = kinds[-1]
        self.budget = budget
        self.ids: dict[tuple[int, ...], int] = {start: 0}
        self.sets: list[tuple[int, ...]] = [start]
        self._memo: dict[int, int] = {}
        self._removed: dict[tuple[int, int, int], list[tuple[int, int]]] = {}

    @property
    def done(self) -> int:
        """The id of the set with nothing missing (-1 while it has not been reached)."""
        return self.ids.get((0,), -1)

    def consume(self, sid: int, m: int, mask: int) -> int:
        if m < self.low or not mask:
            return sid
        kinds = self.kinds
        key = (sid * 64 + m) << len(kinds) | mask
        hit = self._memo.get(key)
        if hit is None:
            if self.budget is not None:
                self.budget.spend()
            removed = self._removed
            out: set[tuple[int, int]] = set()
            for rem in self.sets[sid]:
                got = removed.get((rem, m, mask))
                if got is None:
                    got = removed[(rem, m, mask)] = _removals(rem, m, kinds, mask)
                out.update(got)
            reached = _minimal(out, len(kinds))
            hit = self.ids.get(reached)
            if hit is None:
                hit = self.ids[reached] = len(self.sets)
                self.sets.append(reached)
            self._memo[key] = hit
        return hit


_FIELD = 8                       # bits per width count in a packed remainder (7 bits and a guard)
_FIELD_MASK = (1 << (_FIELD - 1)) - 1
_GUARDS = [sum(1 << (_FIELD * i + _FIELD - 1) for i in range(k)) for k in range(10)]


def _removals(rem: int, m: int, kinds: list[int], mask: int) -> list[tuple[int, int]]:
    """``rem`` minus each maximal sub-multiset whose widths sum to at most ``m`` (a removal that
    could take one more width leaves a larger remainder, which never matters), with the number
    of widths left; only the widths in ``mask`` may be removed."""
    have = [(rem >> (_FIELD * i)) & _FIELD_MASK if mask >> i & 1 else 0 for i in range(len(kinds))]
    size = sum((rem >> (_FIELD * i)) & _FIELD_MASK for i in range(len(kinds)))
    out: list[tuple[int, int]] = []
    take = [0] * len(kinds)

    def rec(i: int, left: int) -> None:
        if i == len(kinds):
            if all(w > left for w, h, t in zip(kinds, have, take, strict=True) if t < h):
                out.append((size - sum(take), rem - sum(t << (_FIELD * j) for j, t in enumerate(take))))
            return
        w = kinds[i]
        for t in range(min(have[i], left // w), -1, -1):
            take[i] = t
            rec(i + 1, left - t * w)
        take[i] = 0

    rec(0, m)
    return out


def _minimal(rems: set[tuple[int, int]], k: int) -> tuple[int, ...]:
    """The remainders (with their sizes) that contain no other remainder (a smaller remainder is
    never worse), smallest first.

    Containment of packed count vectors is one subtraction: with every field's guard bit set in
    ``big``, ``big - small`` keeps all guards exactly when no field borrows."""
    if (0, 0) in rems:
        return (0,)
    guard = _GUARDS[k]
    keep: list[int] = []
    for _, r in sorted(rems):
        rg = r | guard
        for small in keep:
            if (rg - small) & guard == guard:
                break
        else:
            keep.append(r)
    return tuple(sorted(keep))


def _lead_options(rules: Ruleset, order: Order, hand: Sequence[int]) -> LeadOptions:
    by_suit: dict[int, dict[int, int]] = {}
    for c in hand:
        d = by_suit.setdefault(order.eff[c], {})
        d[c] = d.get(c, 0) + 1
    suits = []
    for suit in sorted(by_suit, key=lambda s: -1 if s == TRUMP else s):
        suits.append(SuitUnits("trump" if suit == TRUMP else "SHCD"[suit],
                               tuple(available_units(by_suit[suit], order))))
    return LeadOptions(tuple(suits), rules.throws)
