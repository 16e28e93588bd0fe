"""Following a lead: the structure obligation, play checks and legal plays (RULES.md section 7).

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
exactly one length-2 titanic by the fixed ladders of seed 001; ``wider_substitutes`` lets a wider
unit of the same card count realize an owed unit.

Counting legal plays: every unit has width ≥ 2, so whether a play realizes the owed units
depends only on the cards it holds two or more copies of.  Plays are grouped by that part; each
group is counted with a binomial for the single cards that complete it, so the count never lists
the plays.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from math import comb
from typing import Sequence

from .cards import CARDS, Card, SUIT_SYMBOLS, pretty_cards, tally
from .order import Order, TRUMP, Trump, order_for
from .ruleset import FollowLadder, Ruleset
from .throws import ThrowResult, adjudicate_throw_with
from .units import (Budget, Format, Unit, WorkExceeded, available_units, decompose_with,
                    describe_realization, realize, realizes)
from .violations import InputError, Violation

MAX_LIMIT = 1000
FOLLOW_WORK = 20000
COUNT_WORK = 8000
DP_STATES = 20000
_DIGIT = 256   # bits per coefficient: more than log2 of the plays of any hand the schemas accept

SHENGJI_3DECK_LADDERS = {
    (3, 2): ([(3, 2)], [(3, 1), (3, 1)], [(2, 2)], [(3, 1), (2, 1)], [(3, 1)], [(2, 1), (2, 1)],
             [(2, 1)], []),
    (3, 1): ([(3, 1)], [(2, 1)], []),
}


@dataclass(frozen=True)
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
def _expanded(shapes, ignore_adjacency: bool) -> list[tuple[int, int]]:
    """Shapes as the obligation reads them: with ``tractor_obligation`` false a unit ``(w, L)`` is
    ``L`` units ``(w, 1)``, consecutive or not."""
    if not ignore_adjacency:
        return [s for s in shapes if s != (1, 1)]
    return [(w, 1) for w, l in shapes if w > 1 for _ in range(l)]


def strongest_owed(rules: Ruleset, order: Order, lead_format: Format, suit_counts: dict[int, int],
                   budget: Budget | None = None):
    """The strongest owed shape that ``suit_counts`` realizes: its non-single units, large first.

    Built greedily: the next unit is the largest (width-first) that still leaves the chosen units
    packable into the lead's bins and realizable in ``suit_counts``.  That is exact: the feasible
    unit sets are closed under taking subsets, and in such a family the lexicographically largest
    sorted set starts with the largest feasible unit, then the largest that stays feasible beside
    it, and so on.  With ``tractor_obligation`` false the shapes compared are the width-only ones,
    so the greedy runs over units ``(w, 1)``: two triples owed may come from two different bins,
    which a ``(3, 2)`` unit chosen whole would not allow."""
    bins = [u.shape for u in lead_format.units]
    wider = rules.wider_substitutes
    loose = not rules.tractor_obligation
    budget = budget if budget is not None else Budget(FOLLOW_WORK)

    def fits(shapes) -> bool:
        return realizes(suit_counts, _expanded(shapes, loose), order, wider, budget)

    def owed(shapes) -> list[tuple[int, int]]:
        return sorted(_expanded(shapes, loose), reverse=True)

    if rules.follow_ladder is FollowLadder.SHENGJI_3DECK and len(bins) == 1 and bins[0] in SHENGJI_3DECK_LADDERS:
        for rung in SHENGJI_3DECK_LADDERS[bins[0]]:
            if fits(rung):
                return owed(rung)
        return []
    if not suit_counts or max(suit_counts.values()) < 2 or all(b[0] < 2 for b in bins):
        return []
    if fits(bins):
        return owed(bins)
    top = max(bins)
    largest = max(w * l for w, l in bins)
    max_count = max(suit_counts.values())
    candidates = [(w, l) for w in range(min(top[0], max_count), 1, -1)
                  for l in (range(largest // w, 0, -1) if not loose else (1,))
                  if (w, l) <= top and fits([(w, l)])]
    chosen: list[tuple[int, int]] = []
    start = 0
    while start < len(candidates):
        for i in range(start, len(candidates)):
            trial = chosen + [candidates[i]]
            if _packable(trial, bins) and fits(trial):
                chosen = trial
                start = i
                break
        else:
            break
    return owed(chosen)


def _packable(units: list[tuple[int, int]], bins: list[tuple[int, int]]) -> bool:
    """Whether the units fit the bins: each unit no larger (width, length) than its bin's unit,
    each bin's cards within its unit's size."""
    units = sorted(units, key=lambda s: s[0] * s[1], reverse=True)
    free = [w * l for w, l in bins]

    def place(i: int) -> bool:
        if i == len(units):
            return True
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
def _lead_format(order: Order, lead) -> Format:
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
    """Check a lead (``lead=None``) or a follow against RULES.md sections 6 and 7.

    ``budget`` bounds the search (a fresh ``FOLLOW_WORK`` steps when not given); past it the
    check raises :class:`InputError` rather than answer."""
    order = order_for(rules, trump)
    hand_c = tally(hand)
    play_c = tally(play)
    if lead is None:
        return _check_lead(rules, trump, order, hand_c, play, play_c, seat, others, unseen)
    lead_format = _lead_format(order, lead)
    return _check_follow(rules, order, hand_c, play, play_c, lead_format,
                         budget if budget is not None else Budget(FOLLOW_WORK))


def is_legal(rules: Ruleset, trump: Trump, hand, play, lead=None) -> bool:
    return check_play(rules, trump, hand, play, lead).legal


def _check_lead(rules, trump, order, hand_c, play, play_c, seat, others, unseen) -> Verdict:
    if not play:
        return Verdict(False, (Violation("EMPTY_PLAY", "a lead needs at least one card"),))
    violations = []
    missing = _missing(hand_c, play_c)
    if missing:
        violations.append(Violation("NOT_IN_HAND", f"you do not hold {pretty_cards(missing)}",
                                    {"cards": [str(CARDS[c]) for c in missing]}))
    suits = {order.eff[c] for c in play}
    if len(suits) > 1:
        violations.append(Violation("LEAD_NOT_ONE_SUIT",
                                    "a lead must be all of one suit (all trumps, or one side suit)"))
        return Verdict(False, tuple(violations))
    fmt = decompose_with(order, play)
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


def _check_follow(rules, order, hand_c, play, play_c, lead_format: Format, budget: Budget) -> Verdict:
    n = lead_format.size
    if sum(hand_c.values()) < n:
        raise InputError(f"the hand holds fewer cards than the lead's {n}", "hand")
    violations = []
    missing = _missing(hand_c, play_c)
    if missing:
        violations.append(Violation("NOT_IN_HAND", f"you do not hold {pretty_cards(missing)}",
                                    {"cards": [str(CARDS[c]) for c in missing]}))
    if len(play) != n:
        violations.append(Violation("WRONG_CARD_COUNT",
                                    f"the lead has {n} cards; play exactly {n}, not {len(play)}",
                                    {"expected": n, "played": len(play)}))
    suit = order.eff[lead_format.units[0].cards[0]]
    play = tuple(play)
    if violations:
        return Verdict(False, tuple(violations), play=play, order=order)
    eff = order.eff
    held = {c: k for c, k in hand_c.items() if eff[c] == suit}
    held_n = sum(held.values())
    played = {c: k for c, k in play_c.items() if eff[c] == suit}
    played_n = sum(played.values())
    name = _suit_name(order, suit)
    if held_n <= n:
        if played_n < held_n:
            violations.append(Violation(
                "MUST_FOLLOW_SUIT",
                f"you hold {held_n} {name} card{'s' if held_n != 1 else ''} and must play all of them",
                {"suit": order.suit_label(next(iter(held))), "held": held_n}))
        return Verdict(not violations, tuple(violations), play=play, order=order)
    if played_n < n:
        violations.append(Violation(
            "MUST_FOLLOW_SUIT",
            f"you hold {held_n} {name} cards: all {n} cards played must be {name}",
            {"suit": order.suit_label(next(iter(held))), "held": held_n}))
    wider = rules.wider_substitutes
    try:
        owed = strongest_owed(rules, order, lead_format, held, budget)
        example = None
        if owed and not realizes(played, owed, order, wider, budget):
            example = realize(held, owed, order, wider, budget)
    except WorkExceeded:
        raise _too_large() from None
    if example is not None:
        what = describe_realization(example)
        it = "it" if len(owed) == 1 else "them"
        violations.append(Violation(
            "MUST_PLAY_UNIT", f"you hold {what} and must play {it}",
            {"owed": [{"width": w, "length": l} for w, l in owed],
             "example": [str(CARDS[c]) for (w, _l), run in example for c in run for _ in range(w)]}))
    return Verdict(not violations, tuple(violations), owed=tuple(owed), play=play, order=order)


# -- legal plays -------------------------------------------------------------------------------
def legal_plays(rules: Ruleset, trump: Trump, hand: Sequence[int], lead: Sequence[int] | None = None,
                limit: int = 100):
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
    suit = order.eff[next(iter(lead_format.units[0].cards))]
    held = {c: k for c, k in hand_c.items() if order.eff[c] == suit}
    held_n = sum(held.values())
    if held_n <= n:
        rest = {c: k for c, k in hand_c.items() if order.eff[c] != suit}
        base = tuple(c for c, k in held.items() for _ in range(k))
        count = _count_submultisets(rest, n - held_n)
        plays = []
        for extra in _submultisets(rest, n - held_n, order):
            if len(plays) >= limit:
                break
            plays.append(_canonical_play(order, base + extra))
        return LegalPlays(tuple(plays), count, True, count > len(plays))
    try:
        owed = strongest_owed(rules, order, lead_format, held, Budget(FOLLOW_WORK))
    except WorkExceeded:
        raise _too_large() from None
    if owed and all(l == 1 for _, l in owed):
        found = _plays_by_widths(order, held, n, [w for w, _ in owed], limit)
        if found is not None:
            return found
    return _count_owed(rules, order, held, n, owed, limit)


def _too_large() -> InputError:
    return InputError("deciding this position needs more search steps than the service's work bound; "
                      "it does not decide positions this large", "hand")


def _canonical_play(order: Order, cards) -> tuple[Card, ...]:
    return tuple(order.sorted_cards(cards))


def _times_range(poly: list[int], m: int, k: int) -> list[int]:
    """``poly`` × (1 + x + … + x^m), truncated at degree ``k``."""
    new = [0] * (k + 1)
    running = 0
    for d in range(k + 1):
        running += poly[d]
        if d - m - 1 >= 0:
            running -= poly[d - m - 1]
        new[d] = running
    return new


def _count_submultisets(counts: dict[int, int], k: int) -> int:
    """How many sub-multisets of ``k`` cards ``counts`` has (a polynomial coefficient)."""
    if k < 0:
        return 0
    poly = [1] + [0] * k
    for m in counts.values():
        poly = _times_range(poly, m, k)
    return poly[k]


def _submultisets(counts: dict[int, int], k: int, order: Order):
    items = sorted(counts.items(), key=lambda kv: order.sort_key(kv[0]))

    def rec(i, k, acc):
        if k == 0:
            yield tuple(acc)
            return
        if i == len(items):
            return
        c, m = items[i]
        for take in range(min(m, k), -1, -1):
            acc.extend([c] * take)
            yield from rec(i + 1, k - take, acc)
            del acc[len(acc) - take:]

    return rec(0, k, [])


def _count_owed(rules: Ruleset, order: Order, held: dict[int, int], n: int, owed, limit: int) -> LegalPlays:
    """Plays of ``n`` cards from ``held`` that realize ``owed``.

    A play realizes ``owed`` exactly when its multi-card part (the cards it holds two or more
    copies of) does, and that property only grows with the part.  The search fixes the multi-card
    part card by card: a branch stops when even taking every remaining copy cannot realize
    ``owed``, and is counted in closed form as soon as the fixed part realizes it.  Past
    ``COUNT_WORK`` steps the count is a lower bound.
    """
    if not owed:
        count = _count_submultisets(held, n)
        plays = []
        for play in _submultisets(held, n, order):
            if len(plays) >= limit:
                break
            plays.append(_canonical_play(order, play))
        return LegalPlays(tuple(plays), count, True, count > len(plays))
    wider = rules.wider_substitutes
    cards = sorted(held, key=lambda c: (held[c], order.seq[c]))
    multi = [c for c in cards if held[c] >= 2]
    loose = [c for c in cards if held[c] == 1]
    memo: dict = {}
    plays: list[tuple[Card, ...]] = []
    seen: set = set()
    total = [0]
    budget = Budget(COUNT_WORK)
    suffix = [[1] + [0] * n]
    for c in reversed(multi):
        suffix.append(_times_range(suffix[-1], held[c], n))
    suffix.reverse()

    def realizing(part: dict[int, int]) -> bool:
        key = tuple(sorted(part.items()))
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = realizes(part, owed, order, wider, budget)
        return hit

    def add(play) -> None:
        play = _canonical_play(order, play)
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

    def rec(i: int, part: dict[int, int], size: int, upper_known: bool) -> None:
        budget.spend()
        if not upper_known:
            upper = dict(part)
            upper.update((c, held[c]) for c in multi[i:])
            if not realizing(upper):
                return
        if realizing(part):
            complete(i, part, size)
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

    exact = True
    try:
        rec(0, {}, 0, False)
    except WorkExceeded:
        exact = False
    if not plays:
        example = realize(held, owed, order, wider)
        if example:
            core = [c for (w, _l), run in example for c in run for _ in range(w)]
            rest = dict(held)
            for c in core:
                rest[c] -= 1
            filler = [c for c in sorted(rest, key=order.sort_key, reverse=True) for _ in range(rest[c])]
            add(core + filler[:n - len(core)])
    count = total[0] if exact else max(total[0], len(plays))
    return LegalPlays(tuple(plays), count, exact, count > len(plays) or not exact)


def _plays_by_widths(order: Order, held: dict[int, int], n: int, widths: list[int],
                     limit: int) -> LegalPlays | None:
    """Exact count and listing when every owed unit has length 1 (pairs, triples, n-kinds).

    Then adjacency does not matter: a play realizes the owed widths exactly when its copy counts
    can host them.  A dynamic programme over the cards tracks the set of owed widths that may
    still be missing (the minimal remainders, each a vector of counts per width packed into an
    integer), and for each such set the number of ways to reach it by play size, as one polynomial
    packed into an integer (``_DIGIT`` bits per coefficient); a backward pass marks, per set, the
    sizes from which a legal play can still be completed, so the listing walks only paths that end
    in a legal play.  ``None`` when the programme would exceed ``DP_STATES`` states.
    """
    cards = sorted(held, key=lambda c: (held[c], order.seq[c]))
    kinds = sorted(set(widths), reverse=True)
    start = (sum(widths.count(w) << (_FIELD * i) for i, w in enumerate(kinds)),)
    low = kinds[-1]
    ids: dict[tuple, int] = {start: 0}
    sets: list[tuple] = [start]
    memo: dict[int, int] = {}
    removed: dict = {}

    def consume(sid: int, m: int) -> int:
        """The set reached from set ``sid`` by a card played ``m`` times (sets interned as ids)."""
        if m < low:
            return sid
        key = sid * 64 + m
        hit = memo.get(key)
        if hit is None:
            out = set()
            for rem in sets[sid]:
                got = removed.get((rem, m))
                if got is None:
                    got = removed[(rem, m)] = _removals(rem, m, kinds)
                out.update(got)
            reached = _minimal(out, len(kinds))
            hit = ids.get(reached)
            if hit is None:
                hit = ids[reached] = len(sets)
                sets.append(reached)
            memo[key] = hit
        return hit

    keep = (1 << (_DIGIT * (n + 1))) - 1
    layers: list[dict] = [{0: 1}]
    states = 0
    for c in cards:
        nxt: dict = {}
        top = min(held[c], n)
        for sset, poly in layers[-1].items():
            for m in range(top + 1):
                ns = consume(sset, m)
                nxt[ns] = nxt.get(ns, 0) + (poly << (_DIGIT * m))
        for ns in nxt:
            nxt[ns] &= keep
        states += len(nxt)
        if states > DP_STATES:
            return None
        layers.append(nxt)
    done = ids.get((0,), -1)
    count = (layers[-1].get(done, 0) >> (_DIGIT * n)) & ((1 << _DIGIT) - 1)
    sizes = (1 << (n + 1)) - 1
    reach: list[dict] = [{}] * len(layers)
    reach[-1] = {sset: 1 for sset in layers[-1] if sset == done}
    for i in range(len(cards) - 1, -1, -1):
        later = reach[i + 1]
        top = min(held[cards[i]], n)
        here = {}
        for sset in layers[i]:
            bits = 0
            for m in range(top + 1):
                bits |= later.get(consume(sset, m), 0) << m
            if bits & sizes:
                here[sset] = bits & sizes
        reach[i] = here
    plays: list[tuple[Card, ...]] = []

    def walk(i, size, sset, acc):
        if len(plays) >= limit:
            return
        if i == len(cards):
            plays.append(_canonical_play(order, acc))
            return
        c = cards[i]
        later = reach[i + 1]
        for m in range(min(held[c], n - size), -1, -1):
            ns = consume(sset, m)
            if (later.get(ns, 0) >> (n - size - m)) & 1:
                acc.extend([c] * m)
                walk(i + 1, size + m, ns, acc)
                del acc[len(acc) - m:]

    if (reach[0].get(0, 0) >> n) & 1:
        walk(0, 0, 0, [])
    return LegalPlays(tuple(plays), count, True, count > len(plays))


_FIELD = 8                       # bits per width count in a packed remainder (7 bits and a guard)
_FIELD_MASK = (1 << (_FIELD - 1)) - 1
_GUARDS = [sum(1 << (_FIELD * i + _FIELD - 1) for i in range(k)) for k in range(10)]


def _removals(rem: int, m: int, kinds: list[int]) -> list[tuple[int, int]]:
    """``rem`` minus each maximal sub-multiset whose widths sum to at most ``m`` (a removal that
    could take one more width leaves a larger remainder, which never matters), with the number
    of widths left."""
    have = [(rem >> (_FIELD * i)) & _FIELD_MASK for i in range(len(kinds))]
    size = sum(have)
    out: list[tuple[int, int]] = []
    take = [0] * len(kinds)

    def rec(i: int, left: int) -> None:
        if i == len(kinds):
            if all(w > left for w, h, t in zip(kinds, have, take) if t < h):
                out.append((size - sum(take), rem - sum(t << (_FIELD * j) for j, t in enumerate(take))))
            return
        w = kinds[i]
        for t in range(min(have[i], left // w), -1, -1):
            take[i] = t
            rec(i + 1, left - t * w)
        take[i] = 0

    rec(0, m)
    return out


def _minimal(rems: set, k: int) -> tuple:
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
