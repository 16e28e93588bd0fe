"""A brute-force reference for rules section 6-8 (decomposition, throws, following, tricks),
for small hands only.

Written straight from the text and independent of ``rules.units`` / ``rules.runs`` /
``rules.realization`` / ``rules.follow`` / ``rules.throws`` / ``rules.tricks``: it uses only the card encoding, the ruleset values and the card
order of section 4 (``rules.order``: effective suit, power, printed rank and the cards adjacent above
a card, section 5).  Everything else is exhaustive search:

- a *unit* ``(w, L)`` is w identical cards at each of L consecutive ranks of one effective suit;
- a *shape* is a tuple of units sorted by (width, length) descending, singles ``(1, 1)`` included,
  so that ``width-first`` comparison is plain tuple comparison;
- the lead's units come from its canonical decomposition (section 6), found by trying every split;
- each lead unit's ladder is the unit plus every shape of the same card count that is weaker;
  the owed shapes are the unions of one rung per unit (lengths dropped where
  ``tractor_obligation`` is false; the fixed ``shengji-3deck`` ladders for a lone triple or titanic);
- a set of cards realizes a shape when disjoint parts of it form each unit (wider same-count units
  standing in where ``wider_substitutes``), found by trying every placement.

- throws (section 6): every canonical decomposition of the lead is adjudicated (several splits can
  share the canonical shape list when equal cards tie); a unit's top card is the high end of its
  run in the run's own adjacency order (the last card of the chain);
- tricks (section 8): every split of every play into the format is tried.
- bombs (section 14.1): a play of four or more identical cards (one card index) to a lead of as
  many cards is legal when the suit rule of ``bombs`` allows it (any suit; or the led effective
  suit, trump, or any suit when void in the led suit), whatever section 7 owes; in a trick, from the
  first bomb played on, only a bomb beats the best, and bombs rank trump first (card power), then
  side suits by printed rank, the earlier of equal bombs winning;
- rainbows (section 14.2): a lead of one printed rank (no jokers) from at least 4 effective suits
  and ``rainbow_min`` cards, or several such groups of different ranks; a follower who can split
  the hand into groups of the lead's group sizes, each of one printed rank, must play such a split
  (every assignment of groups to ranks is tried), else any cards; plays compete by the greedy
  assignment of ranks to groups (largest group first, highest rank), compared high to low; a rainbow
  throw fails to its lowest group that another hand holds as many cards of a higher rank for;
  the legal leads are every non-empty part of the hand that is one effective suit (one unit unless
  ``throws``) or a rainbow (one group unless ``throws``), found by trying every part;
- tractor requirements (section 14.3): a run of L >= 2 cards is a unit only with at least
  ``tractor_min_width`` copies of each of at least ``tractor_min_length`` cards; a shape, a ladder
  rung, a substitute, a split or a held tractor with a shorter or narrower run does not exist.

Decisions where the text leaves room (the engine must agree with them, see the soak):
- ``all-units`` (section 8): every unit must beat its counterpart, singles included.  Counterparts
  are paired highest with highest within each unit shape of the format, then the singles (the
  cards a split leaves) highest with highest, against the current winner's best
  (lexicographically largest) split.
- The face-value rank of a tractor is the printed rank of its top card (jokers above A), then the
  section 4 order of that top card; pairs, triples and quads always rank by section 4 order.

Cost grows quickly; keep hands to about 14-20 cards.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import chain, product

from rules.order import TRUMP, Trump, order_for
from rules.ruleset import Bombs, FollowLadder, FollowProtection, Ruleset, TractorRanking, TrickCompare

SINGLE = (1, 1)

# Fixed ladders of follow_ladder 'shengji-3deck' (rules section 7), strongest rung first.
SHENGJI_3DECK_LADDERS = {
    (3, 2): [
        ((3, 2),),
        ((3, 1), (3, 1)),
        ((2, 2), SINGLE, SINGLE),
        ((3, 1), (2, 1), SINGLE),
        ((3, 1), SINGLE, SINGLE, SINGLE),
        ((2, 1), (2, 1), SINGLE, SINGLE),
        ((2, 1), SINGLE, SINGLE, SINGLE, SINGLE),
        (SINGLE,) * 6,
    ],
    (3, 1): [
        ((3, 1),),
        ((2, 1), SINGLE),
        (SINGLE,) * 3,
    ],
}


def shape_of(units: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """A shape: its units sorted by (width, length) descending."""
    return tuple(sorted(units, reverse=True))


def shape_cards(shape: Sequence[tuple[int, int]]) -> int:
    return sum(w * length for w, length in shape)


def is_unit(w: int, length: int, min_width: int = 2, min_length: int = 2) -> bool:
    """A single, pair or n-kind, or a run at least ``min_width`` wide and ``min_length`` long."""
    return length == 1 or (w >= max(2, min_width) and length >= max(2, min_length))


@cache
def all_shapes(k: int, min_width: int = 2, min_length: int = 2) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every shape of exactly k cards (L >= 2 needs w >= 2, and the smallest tractor)."""
    kinds = sorted(((w, length) for w in range(1, k + 1) for length in range(1, k // w + 1)
                    if is_unit(w, length, min_width, min_length)), reverse=True)
    out: list[tuple[tuple[int, int], ...]] = []

    def grow(rest: int, start: int, acc: list[tuple[int, int]]) -> None:
        if rest == 0:
            out.append(tuple(acc))
            return
        for i in range(start, len(kinds)):
            w, length = kinds[i]
            if w * length <= rest:
                acc.append(kinds[i])
                grow(rest - w * length, i, acc)
                acc.pop()

    grow(k, 0, [])
    return tuple(out)


def ladder(unit: tuple[int, int], min_width: int = 2, min_length: int = 2) -> list[tuple[tuple[int, int], ...]]:
    """The unit itself, then every shape with as many cards that is weaker (width-first)."""
    top = (unit,)
    return sorted((s for s in all_shapes(unit[0] * unit[1], min_width, min_length) if s <= top), reverse=True)


def drop_lengths(shape: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """``tractor_obligation`` false: only widths count, a (w, L) unit owes L units (w, 1)."""
    return shape_of((w, 1) for w, length in shape for _ in range(length))


class Reference:
    """Brute-force follow legality for one (ruleset, trump)."""

    def __init__(self, rules: Ruleset, trump: Trump):
        self.rules = rules
        self.order = order_for(rules, trump)
        self.min_width = rules.tractor_min_width
        self.min_length = rules.tractor_min_length

    def is_unit(self, w: int, length: int) -> bool:
        return is_unit(w, length, self.min_width, self.min_length)

    def ladder(self, unit: tuple[int, int]) -> list[tuple[tuple[int, int], ...]]:
        return ladder(unit, self.min_width, self.min_length)

    # -- units ------------------------------------------------------------------------------
    def runs(self, counts: Counter, w: int, length: int) -> Iterator[tuple[int, ...]]:
        """Every run of `length` consecutive distinct cards each held at least `w` times."""
        eff, first, mid = self.order.eff, self.order.next_first, self.order.next_mid

        def extend(chain: list[int]) -> Iterator[tuple[int, ...]]:
            if len(chain) == length:
                yield tuple(chain)
                return
            last = chain[-1]
            for nxt in (first if len(chain) == 1 else mid)[last]:
                if counts[nxt] >= w and eff[nxt] == eff[last] and nxt not in chain:
                    chain.append(nxt)
                    yield from extend(chain)
                    chain.pop()

        for c in sorted(counts):
            if counts[c] >= w:
                yield from extend([c])

    def forms(self, unit: tuple[int, int]) -> list[tuple[int, int]]:
        """The units that realize `unit`: itself, and wider same-count units where allowed."""
        w, length = unit
        out = [unit]
        if self.rules.wider_substitutes:
            total = w * length
            out += [(w2, total // w2) for w2 in range(w + 1, total + 1) if total % w2 == 0]
        return [u for u in out if self.is_unit(*u)]

    def realizes(self, cards: Iterable[int], shape: Sequence[tuple[int, int]]) -> bool:
        """Disjoint parts of `cards` form every unit of `shape` (singles: any leftover card)."""
        return self._place(Counter(cards), [(u, False) for u in shape], lambda c, w, tag: True)

    def _place(self, counts: Counter, tagged: Sequence[tuple], allowed) -> bool:
        """Every multi-card unit of `tagged` placed on disjoint runs of `counts` whose cards
        `allowed(card, width, tag)` admits, each in any of its forms; singles take any leftovers."""
        big = [(u, tag) for u, tag in tagged if u != SINGLE]
        singles = len(tagged) - len(big)
        if sum(counts.values()) < sum(w * length for (w, length), _ in tagged):
            return False

        def place(i: int) -> bool:
            if i == len(big):
                return sum(counts.values()) >= singles
            unit, tag = big[i]
            for w, length in self.forms(unit):
                for run in list(self.runs(counts, w, length)):
                    if not all(allowed(c, w, tag) for c in run):
                        continue
                    for c in run:
                        counts[c] -= w
                    ok = place(i + 1)
                    for c in run:
                        counts[c] += w
                    if ok:
                        return True
            return False

        return place(0)

    # -- the lead (section 6) ---------------------------------------------------------------
    def lead_units(self, lead: Sequence[int]) -> tuple[tuple[int, int], ...]:
        """The units of the canonical decomposition: the split whose units, sorted by
        (card count, width, length) descending, is lexicographically largest.

        Every split is tried: some unit holds the lowest remaining card.  The best split of what
        is left is reused (memoized), which is exact because adding one unit to two sorted lists
        never reverses their lexicographic order."""
        key, _ = self._best_splits(lead)
        return tuple((w, length) for _, w, length in key)

    def canonical_splits(self, cards: Sequence[int]) -> list[tuple[tuple[int, tuple[int, ...]], ...]]:
        """Every split of `cards` whose units have the canonical (largest) shape list of section 6,
        each a tuple of units ``(width, run)`` (run in chain order, low to high).  Several splits
        share the shape list when equal cards tie (``7C7C`` or ``7H7H`` next to ``ADAD``).

        Same memo argument as :meth:`lead_units`: a best split is one unit plus a best split of
        the rest, so the set of all best splits is built from the rest's best splits."""
        _, splits = self._best_splits(cards)
        return [tuple(sorted(split, key=lambda u: (u[0] * len(u[1]), u[0], len(u[1])), reverse=True))
                for split in sorted(splits)]

    def _best_splits(self, cards: Sequence[int]) -> tuple[tuple, set]:
        """The canonical shape key (sorted (cards, width, length) descending) of `cards` and every
        split that has it; see :meth:`canonical_splits`."""
        memo: dict[tuple, tuple] = {}

        def best(key: tuple) -> tuple:
            if not key:
                return ((), {()})
            if key in memo:
                return memo[key]
            counts = Counter(dict(key))
            low = key[0][0]
            found_key: tuple | None = None
            found: set = set()
            for w in range(1, counts[low] + 1):
                for length in range(1, sum(counts.values()) // w + 1):
                    if not self.is_unit(w, length):
                        continue
                    for run in self.runs(counts, w, length):
                        if low not in run:
                            continue
                        rest = counts.copy()
                        for c in run:
                            rest[c] -= w
                        tail_key, tails = best(tuple(sorted((+rest).items())))
                        option = tuple(sorted(tail_key + ((w * length, w, length),), reverse=True))
                        if found_key is None or option > found_key:
                            found_key, found = option, set()
                        if option == found_key:
                            for tail in tails:
                                found.add(tuple(sorted(tail + ((w, run),))))
            memo[key] = (found_key, found)
            return memo[key]

        return best(tuple(sorted(Counter(cards).items())))

    # -- rainbows (section 14.2) -------------------------------------------------------------
    def rainbow(self, lead: Sequence[int]) -> dict[int, int] | None:
        """The lead's rainbow groups as {printed rank: cards}, or None when it is no rainbow."""
        least = self.rules.rainbow_min
        if least is None or any(c >= 52 for c in lead):
            return None
        groups: dict[int, list[int]] = {}
        for c in lead:
            groups.setdefault(c % 13 + 2, []).append(c)
        for cards in groups.values():
            if len(cards) < least or len({self.order.eff[c] for c in cards}) < 4:
                return None
        return {r: len(cards) for r, cards in groups.items()}

    @staticmethod
    def printed_ranks(cards: Iterable[int]) -> Counter:
        return Counter(c % 13 + 2 for c in cards if c < 52)

    @staticmethod
    def splits(sizes: Sequence[int], ranks: Counter, exact: bool) -> bool:
        """Some rank per group fills every group from ``ranks`` (``exact``: using every card)."""
        if exact and sum(ranks.values()) != sum(sizes):
            return False
        usable = [r for r in range(2, 15) if sizes and ranks[r] >= min(sizes)]
        for choice in product(usable, repeat=len(sizes)):
            need = Counter()
            for size, r in zip(sizes, choice, strict=True):
                need[r] += size
            if all(ranks[r] >= k for r, k in need.items()) and (not exact or need == +ranks):
                return True
        return False

    @staticmethod
    def greedy(sizes: Sequence[int], ranks: Counter) -> tuple[int, ...] | None:
        left = Counter(ranks)
        got = []
        for size in sorted(sizes, reverse=True):
            fit = [r for r in range(14, 1, -1) if left[r] >= size]
            if not fit:
                return None
            left[fit[0]] -= size
            got.append(fit[0])
        return tuple(sorted(got, reverse=True))

    def rainbow_trick(self, sizes: Sequence[int], plays: Sequence[Sequence[int]]) -> tuple[int, tuple[bool, ...]]:
        best, best_ranks, matches = 0, None, []
        for i, cards in enumerate(plays):
            ranks = self.greedy(sizes, self.printed_ranks(cards))
            matches.append(ranks is not None)
            if ranks is not None and (best_ranks is None or ranks > best_ranks):
                best, best_ranks = i, ranks
        return best, tuple(matches)

    def rainbow_throw(self, leader: int, groups: dict[int, int],
                      others: Sequence[tuple[int, Sequence[int]]]) -> set[tuple]:
        players = self.rules.players
        ordered = sorted(others, key=lambda sc: (sc[0] - leader) % players)

        def beats(rank: int, size: int, cards: Sequence[int]) -> bool:
            held = self.printed_ranks(cards)
            return any(held[r] >= size for r in range(rank + 1, 15))

        beaten = [r for r, size in groups.items() if any(beats(r, size, cards) for _, cards in ordered)]
        if not beaten:
            return {(True, None, None, None)}
        low = min(beaten)
        by = next(seat for seat, cards in ordered if beats(low, groups[low], cards))
        return {(False, (groups[low], 1), ("rank", low), by)}

    # -- throws (section 6) -----------------------------------------------------------------
    def top_power(self, run: Sequence[int]) -> int:
        """The power of a run's top card: the high end of the run in its own adjacency order."""
        return self.order.power[run[-1]]

    def beats_unit(self, width: int, run: Sequence[int], cards: Iterable[int]) -> bool:
        """`cards` hold a unit of the same width and length, same effective suit, higher top card."""
        eff = self.order.eff
        suit = eff[run[0]]
        counts = Counter(c for c in cards if eff[c] == suit)
        top = self.top_power(run)
        return any(self.top_power(r) > top for r in self.runs(counts, width, len(run)))

    def throw_outcomes(self, leader: int, lead: Sequence[int],
                       others: Sequence[tuple[int, Sequence[int]]]) -> set[tuple]:
        """The adjudication of a lead against the other hands, for every canonical split:
        ``(True, None, None, None)`` when it stands, else ``(False, (w, L), top power of the
        forced unit, the first seat after the leader that beats it)``."""
        groups = self.rainbow(lead)
        if groups is not None:
            return self.rainbow_throw(leader, groups, others)
        players = self.rules.players
        ordered = sorted(others, key=lambda sc: (sc[0] - leader) % players)
        out = set()
        for split in self.canonical_splits(lead):
            beaten = [(w, run) for w, run in split
                      if any(self.beats_unit(w, run, cards) for _, cards in ordered)]
            if not beaten:
                out.add((True, None, None, None))
                continue
            w, run = min(beaten, key=lambda u: (self.top_power(u[1]), u[0] * len(u[1]), u[0]))
            by = next(seat for seat, cards in ordered if self.beats_unit(w, run, cards))
            out.add((False, (w, len(run)), self.top_power(run), by))
        return out

    # -- tricks (section 8) -----------------------------------------------------------------
    def unit_value(self, used: tuple[int, int], run: Sequence[int]) -> tuple:
        """A realizing unit's value: its width (only differs where a wider unit substitutes), then
        its rank: the top card's section 4 order, or for a face-value tractor its printed rank
        first."""
        top = run[-1]
        if used[1] >= 2 and self.rules.tractor_ranking is TractorRanking.FACE_VALUE:
            return (used[0], self.order.face[top], self.order.power[top])
        return (used[0], self.order.power[top])

    def split_vectors(self, fmt: Sequence[tuple[int, int]], cards: Sequence[int],
                      singles: bool = False) -> set[tuple]:
        """The value vectors of every split of `cards` into the format's multi-card units (each
        group of equal format units sorted high first, then, where `singles`, the cards the split
        leaves, high first); empty when the cards do not match."""
        multi = [u for u in fmt if u != SINGLE]
        counts = Counter(cards)
        power = self.order.power
        out: set[tuple] = set()
        values: list[tuple] = []

        def rec(i: int) -> None:
            if i == len(multi):
                vector: list[tuple] = []
                j = 0
                while j < len(multi):
                    k = j
                    while k < len(multi) and multi[k] == multi[j]:
                        k += 1
                    vector += sorted(values[j:k], reverse=True)
                    j = k
                if singles:
                    vector += sorted(((1, power[c]) for c in counts.elements()), reverse=True)
                out.add(tuple(vector))
                return
            for w, length in self.forms(multi[i]):
                for run in list(self.runs(counts, w, length)):
                    for c in run:
                        counts[c] -= w
                    values.append(self.unit_value((w, length), run))
                    rec(i + 1)
                    values.pop()
                    for c in run:
                        counts[c] += w

        rec(0)
        return out

    def play_values(self, fmt: Sequence[tuple[int, int]], cards: Sequence[int]) -> set[tuple] | None:
        """None when `cards` do not match the format, else the set of vectors the play can
        compare with (one per split; for the highest-card rules, the one highest card)."""
        n = shape_cards(fmt)
        eff = self.order.eff
        if len(cards) != n or len({eff[c] for c in cards}) != 1:
            return None
        compare = self.rules.trick_compare
        vectors = self.split_vectors(fmt, cards, singles=compare is TrickCompare.ALL_UNITS)
        if not vectors:
            return None
        multi = any(u != SINGLE for u in fmt)
        power = self.order.power
        if compare is TrickCompare.HIGHEST_CARD or (not multi and compare is TrickCompare.LARGEST_UNIT_FIRST):
            return {(max(power[c] for c in cards),)}
        return vectors

    def beats(self, challenger: set[tuple], best: tuple) -> bool:
        if self.rules.trick_compare is TrickCompare.ALL_UNITS:
            return any(all(a > b for a, b in zip(v, best, strict=True)) for v in challenger)
        return max(challenger) > best

    def bomb_rank(self, cards: Sequence[int]) -> tuple | None:
        """A bomb's rank (section 14.1), or None when the play is no bomb: trump bombs above side-suit
        ones; trumps by section 4 order, side suits by printed rank."""
        if self.rules.bombs is Bombs.NONE or len(cards) < 4 or len(set(cards)) != 1:
            return None
        c = cards[0]
        if self.order.eff[c] == TRUMP:
            return (1, self.order.power[c])
        return (0, self.order.face[c])

    def trick(self, plays: Sequence[Sequence[int]]) -> tuple[int, tuple[bool, ...]]:
        """(index of the winning play, whether each play matches the format)."""
        lead = plays[0]
        groups = self.rainbow(lead)
        if groups is not None:
            return self.rainbow_trick(sorted(groups.values(), reverse=True), plays)
        fmt = self.lead_units(lead)
        eff = self.order.eff
        led = eff[lead[0]]
        best_vector = max(self.play_values(fmt, lead))
        best_trump = led == TRUMP
        best = 0
        best_bomb = self.bomb_rank(lead)
        matches = [True]
        for i in range(1, len(plays)):
            cards = plays[i]
            kinds = {eff[c] for c in cards}
            values = None
            if len(kinds) == 1 and kinds <= {led, TRUMP}:
                values = self.play_values(fmt, cards)
            matches.append(values is not None)
            bomb = self.bomb_rank(cards)
            if bomb is not None and (best_bomb is None or bomb > best_bomb):
                best, best_bomb = i, bomb
                continue
            if values is None or best_bomb is not None:
                continue
            is_trump = eff[cards[0]] == TRUMP
            if (is_trump and not best_trump) or (is_trump == best_trump and self.beats(values, best_vector)):
                best, best_trump, best_vector = i, is_trump, max(values)
        return best, tuple(matches)

    def owed(self, lead: Sequence[int]) -> list[tuple[tuple[int, int], ...]]:
        """The shapes owed for a lead, strongest first (the order a follower tries them in)."""
        units = self.lead_units(lead)
        if self.rules.follow_ladder is FollowLadder.SHENGJI_3DECK and len(units) == 1 \
                and units[0] in SHENGJI_3DECK_LADDERS:
            shapes = list(SHENGJI_3DECK_LADDERS[units[0]])
            if not self.rules.tractor_obligation:
                shapes = list(dict.fromkeys(drop_lengths(s) for s in shapes))
            return shapes
        unions = {shape_of(u for rung in rungs for u in rung)
                  for rungs in product(*(self.ladder(u) for u in units))}
        if not self.rules.tractor_obligation:
            unions = {drop_lengths(s) for s in unions}
        return sorted(unions, reverse=True)

    # -- protections (section 7.1) ---------------------------------------------------------
    def owed_tagged(self, lead: Sequence[int]) -> list[tuple[tuple, set]]:
        """The owed shapes, strongest first, each with every tagging of its units by the lead unit
        whose ladder gave them: a tagged shape is a sorted tuple of (unit, kept off held tractors).
        A unit is kept off held tractors where ``follow_protection`` keeps tractors and it comes
        from a lead unit of length 1."""
        units = self.lead_units(lead)
        keep = self.rules.follow_protection in (FollowProtection.TRACTORS,
                                                FollowProtection.LONGER_TUPLES_AND_TRACTORS)
        loose = not self.rules.tractor_obligation

        def read(unit, tag):
            w, length = unit
            return [((w, 1), tag)] * length if loose else [(unit, tag)]

        versions: dict[tuple, set] = {}
        if self.rules.follow_ladder is FollowLadder.SHENGJI_3DECK and len(units) == 1 \
                and units[0] in SHENGJI_3DECK_LADDERS:
            tag = keep and units[0][1] == 1
            ordered = []
            for rung in SHENGJI_3DECK_LADDERS[units[0]]:
                tagged = tuple(sorted(t for u in rung for t in read(u, tag)))
                shape = shape_of(u for u, _ in tagged)
                if shape not in versions:
                    ordered.append(shape)
                versions.setdefault(shape, set()).add(tagged)
            return [(shape, versions[shape]) for shape in ordered]
        for rungs in product(*(self.ladder(u) for u in units)):
            tagged = tuple(sorted(t for lead_unit, rung in zip(units, rungs, strict=True) for u in rung
                                  for t in read(u, keep and lead_unit[1] == 1)))
            versions.setdefault(shape_of(u for u, _ in tagged), set()).add(tagged)
        return sorted(versions.items(), reverse=True)

    def held_tractor_cards(self, suit_cards: Counter) -> set[int]:
        """Cards of runs of two or more adjacent cards that ``suit_cards`` holds equally often (>= 2),
        each run a tractor (section 14.3: at least the smallest tractor's width and length)."""
        out = set()
        for k in set(suit_cards.values()):
            same = Counter({c: n for c, n in suit_cards.items() if n == k})
            for length in range(2, len(same) + 1):
                if self.is_unit(k, length):
                    for run in self.runs(same, k, length):
                        out |= set(run)
        return out

    def realizes_reserved(self, cards: Iterable[int], tagged: Sequence[tuple], suit_cards: Counter) -> bool:
        """Like :meth:`realizes`, with section 7.1's reservations read from ``suit_cards``: under
        longer tuples a unit realized at width w takes only cards held exactly w times; a unit
        tagged as kept off held tractors takes none of their cards.  Singles are never reserved."""
        protection = self.rules.follow_protection
        whole = protection in (FollowProtection.LONGER_TUPLES, FollowProtection.LONGER_TUPLES_AND_TRACTORS)
        tractor_cards = self.held_tractor_cards(suit_cards)

        def allowed(c: int, w: int, tag: bool) -> bool:
            return (not whole or suit_cards[c] == w) and not (tag and c in tractor_cards)

        return self._place(Counter(cards), tagged, allowed)

    # -- following (section 7) --------------------------------------------------------------
    def position(self, hand: Sequence[int], lead: Sequence[int]) -> Position:
        return Position(self, hand, lead)


class Position:
    """One follow decision: the follower's hand and the cards led."""

    def __init__(self, ref: Reference, hand: Sequence[int], lead: Sequence[int]):
        self.ref = ref
        self.hand = Counter(hand)
        self.n = len(lead)
        suit = self.led = ref.order.eff[lead[0]]
        self.suit_cards = Counter({c: k for c, k in self.hand.items() if ref.order.eff[c] == suit})
        self.target: tuple[tuple[int, int], ...] | None = None
        self.versions: set = set()
        groups = ref.rainbow(lead)
        self.sizes = sorted(groups.values(), reverse=True) if groups is not None else None
        if self.sizes is not None:
            self.owes_split = ref.splits(self.sizes, ref.printed_ranks(self.hand.elements()), False)
            return
        protection = ref.rules.follow_protection
        if sum(self.suit_cards.values()) <= self.n or protection is FollowProtection.SUIT_ONLY:
            return
        if protection is FollowProtection.NONE:
            for shape in ref.owed(lead):
                if ref.realizes(self.suit_cards.elements(), shape):
                    self.target = shape
                    break
            return
        for shape, versions in ref.owed_tagged(lead):
            if any(ref.realizes_reserved(self.suit_cards.elements(), v, self.suit_cards) for v in versions):
                self.target, self.versions = shape, versions
                break

    def violation(self, play: Sequence[int]) -> str | None:
        """None when legal, else the code of the first rule of section 7 the play breaks."""
        play_counts = Counter(play)
        if len(play) != self.n:
            return "WRONG_CARD_COUNT"
        if play_counts - self.hand:
            return "NOT_IN_HAND"
        if self.sizes is not None:
            if self.owes_split and not self.ref.splits(self.sizes, self.ref.printed_ranks(play), True):
                return "MUST_PLAY_GROUPS"
            return None
        if self.bomb_allowed(play):
            return None
        in_suit = play_counts & self.suit_cards
        if sum(self.suit_cards.values()) <= self.n:
            return None if in_suit == self.suit_cards else "MUST_FOLLOW_SUIT"
        if in_suit != play_counts:
            return "MUST_FOLLOW_SUIT"
        if self.target is not None:
            if self.versions:
                if not any(self.ref.realizes_reserved(play, v, self.suit_cards) for v in self.versions):
                    return "MUST_PLAY_UNIT"
            elif not self.ref.realizes(play, self.target):
                return "MUST_PLAY_UNIT"
        return None

    def bomb_allowed(self, play: Sequence[int]) -> bool:
        """Section 14.1: ``n`` >= 4 identical cards, of a suit the ``bombs`` value lets this hand play."""
        bombs = self.ref.rules.bombs
        if bombs is Bombs.NONE or self.n < 4 or len(set(play)) != 1:
            return False
        suit = self.ref.order.eff[play[0]]
        void = not self.suit_cards
        return bombs is Bombs.ANY_SUIT or suit in (self.led, TRUMP) or void

    def legal_plays(self) -> set[tuple[int, ...]]:
        """Every n-card sub-multiset of the hand that is legal.

        Only the candidates rule 7.2 leaves are enumerated (with more than n cards of the suit, plays
        of the suit only; else all of the suit plus any rest); each is still judged by
        :meth:`violation`."""
        held = sum(self.suit_cards.values())
        if self.sizes is not None:
            return {p for p in submultisets(self.hand, self.n) if self.violation(p) is None}
        if held > self.n:
            candidates = submultisets(self.suit_cards, self.n)
        else:
            base = tuple(self.suit_cards.elements())
            candidates = (tuple(sorted(base + extra))
                          for extra in submultisets(self.hand - self.suit_cards, self.n - held))
        bombs = ((c,) * self.n for c, k in self.hand.items() if k >= self.n)
        return {p for p in chain(candidates, bombs) if self.violation(p) is None}


def submultisets(counts: Counter, k: int) -> Iterator[tuple[int, ...]]:
    """Every k-card sub-multiset of `counts`, as sorted tuples."""
    items = sorted(counts.items())
    after = [sum(k for _, k in items[i:]) for i in range(len(items) + 1)]

    def walk(i: int, rest: int, acc: list[int]) -> Iterator[tuple[int, ...]]:
        if rest == 0:
            yield tuple(acc)
            return
        if after[i] < rest:
            return
        c, have = items[i]
        for take in range(min(have, rest), -1, -1):
            acc.extend([c] * take)
            yield from walk(i + 1, rest - take, acc)
            del acc[len(acc) - take:]

    yield from walk(0, k, [])


def legal_follows(rules: Ruleset, trump: Trump, hand: Sequence[int],
                  lead: Sequence[int]) -> set[tuple[int, ...]]:
    """The set of legal follows (each a sorted tuple of card indices)."""
    return Reference(rules, trump).position(hand, lead).legal_plays()


def follow_violation(rules: Ruleset, trump: Trump, hand: Sequence[int], lead: Sequence[int],
                     play: Sequence[int]) -> str | None:
    return Reference(rules, trump).position(hand, lead).violation(play)


def legal_leads(rules: Ruleset, trump: Trump, hand: Sequence[int]) -> set[tuple[int, ...]]:
    """The set of legal leads (sections 6 and 14.2), each a sorted tuple: every non-empty part of
    the hand of one effective suit that is one unit (any, where ``throws``), and every part that
    is a rainbow of one group (of any number of groups, where ``throws``).  Rainbow parts are
    tried among the suited cards whose printed rank the hand holds in four effective suits (no
    other card can be in a group)."""
    ref = Reference(rules, trump)
    eff = ref.order.eff
    counts = Counter(hand)
    out = set()

    def parts(cards: list[int]) -> Iterator[tuple[int, ...]]:
        for takes in product(*(range(counts[c] + 1) for c in cards)):
            play = tuple(c for c, t in zip(cards, takes, strict=True) for _ in range(t))
            if play:
                yield play

    for suit in {eff[c] for c in counts}:
        for play in parts(sorted(c for c in counts if eff[c] == suit)):
            if rules.throws or len(ref.lead_units(play)) == 1:
                out.add(play)
    if rules.rainbow_min is None:
        return out
    suits_of: dict[int, set[int]] = {}
    for c in counts:
        if c < 52:
            suits_of.setdefault(c % 13, set()).add(eff[c])
    for play in parts(sorted(c for c in counts if c < 52 and len(suits_of[c % 13]) >= 4)):
        groups = ref.rainbow(play)
        if len({eff[c] for c in play}) > 1 and groups is not None and (rules.throws or len(groups) == 1):
            out.add(play)
    return out
