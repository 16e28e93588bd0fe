"""The structure obligation of a follow (rules section 7), and its reservations (section 7.1).

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

The play check is :mod:`rules.follow`; listing and counting the legal plays, :mod:`rules.listing`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .budget import Budget
from .cards import CARD_KINDS, pretty_cards, size_and_most
from .formats import Format, Realization
from .order import Order
from .realization import Holding, Needed, needed, realize_in
from .ruleset import FollowLadder, FollowProtection, Ruleset, keeps_held_tractors, keeps_whole_groups
from .runs import longest_runs, runs
from .violations import InputError

FOLLOW_WORK: Final = 6000
_SPLIT_FIELD: Final = 9         # bits per unit count in a packed split (a suit of 8 decks owes under 512 units)

# enum members held as module constants (docs/engine.md, "Speed notes")
_SUIT_ONLY: Final = FollowProtection.SUIT_ONLY
_SHENGJI_3DECK: Final = FollowLadder.SHENGJI_3DECK

SHENGJI_3DECK_LADDERS: Final = {
    (3, 2): ([(3, 2)], [(3, 1), (3, 1)], [(2, 2)], [(3, 1), (2, 1)], [(3, 1)], [(2, 1), (2, 1)],
             [(2, 1)], []),
    (3, 1): ([(3, 1)], [(2, 1)], []),
}


# -- the obligation ------------------------------------------------------------------------------
def expanded_shapes(shapes: list[tuple[int, int]], ignore_adjacency: bool) -> list[tuple[int, int]]:
    """Shapes as the obligation reads them: with ``tractor_obligation`` false a unit ``(w, L)`` is
    ``L`` units ``(w, 1)``, consecutive or not."""
    out: list[tuple[int, int]] = []
    for shape in shapes:
        w, l = shape
        if not ignore_adjacency:
            if w != 1 or l != 1:
                out.append(shape)
        elif w > 1:
            for _ in range(l):
                out.append((w, 1))
    return out


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


class Owed:
    """One owed shape as an obligation realizes it: the search's reading of its units untagged
    and, once asked for, under each tagging the reservations allow (:meth:`Obligation._tag_choices`)."""

    def __init__(self, units: tuple[tuple[int, int], ...]) -> None:
        self.untagged = needed(units, None)
        self.tagged: list[Needed] | None = None


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

    ``shortcuts`` false sends every question to the general search instead of the exact shortcuts
    (tests compare the two).
    """

    def __init__(self, ruleset: Ruleset, order: Order, lead_format: Format, suit_counts: dict[int, int],
                 budget: Budget, shortcuts: bool = True):
        self.order = order
        self.budget = budget
        self.shortcuts = shortcuts
        self.wider = ruleset.wider_substitutes
        self.loose = not ruleset.tractor_obligation
        self.bins = [u.shape for u in lead_format.units]
        self.protection = protection = ruleset.follow_protection
        self.free = protection is _SUIT_ONLY
        self.whole_groups = keeps_whole_groups(protection)
        self.keeps_tractors = keeps_held_tractors(protection)
        self.bin_tags = [self.keeps_tractors and l == 1 for _, l in self.bins]
        self.any_tag = self.keeps_tractors and any(self.bin_tags)
        self.suit_counts = suit_counts
        self.top = size_and_most(suit_counts)[1]    # the most copies of a card held (the map is not changed)
        self.tractor_cards = held_tractor_cards(suit_counts, order) if self.keeps_tractors else frozenset()
        self.ladder = None
        if ruleset.follow_ladder is _SHENGJI_3DECK and len(self.bins) == 1:
            self.ladder = SHENGJI_3DECK_LADDERS.get(self.bins[0])
        self.reserved = self.whole_groups or bool(self.tractor_cards)
        self._usable: dict[int, list[bool] | None] = {}
        self._owed: dict[tuple[tuple[int, int], ...], Owed] = {}
        self._packed: dict[int, bool] = {}
        self._slots: dict[tuple[int, int], int] = {}
        self._runs: dict[int, int] = {}

    # -- reservations -----------------------------------------------------------------------
    def usable(self, width: int, kept_off_tractors: bool) -> list[bool] | None:
        """The cards a unit realized at ``width`` may use, by card index (None: any)."""
        key = 2 * width + kept_off_tractors
        if key not in self._usable:
            tractor = self.tractor_cards if kept_off_tractors else frozenset()
            if not self.whole_groups and not tractor:
                self._usable[key] = None
            else:
                mask = [False] * CARD_KINDS
                for c, k in self.suit_counts.items():
                    if (not self.whole_groups or k == width) and c not in tractor:
                        mask[c] = True
                self._usable[key] = mask
        return self._usable[key]

    def protected_groups(self) -> list[str]:
        """The follower's groups that reservations keep whole (for reasons): under
        ``longer-tuples`` every group of three or more, under ``tractors`` every held tractor
        (when a lead unit of length 1 was led)."""
        out: list[str] = []
        tractors = self.any_tag and bool(self.tractor_cards)
        if not self.whole_groups and not tractors:
            return out
        by_strength = self.order.by_seq(self.suit_counts, True)
        if self.whole_groups:
            out += [pretty_cards([c] * self.suit_counts[c]) for c in by_strength if self.suit_counts[c] >= 3]
        if tractors:
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
        return [w for w in widths if (u := self.usable(w, tag)) is None or u[c]]

    # -- realizing --------------------------------------------------------------------------
    def realizes(self, counts: dict[int, int], units: Sequence[tuple[int, int]]) -> bool:
        """Whether :meth:`realize` finds a realization.  Units all ``(w, 1)`` of one width ``w`` that
        :meth:`_plain` leaves free of substitutes and reservations are counted instead: ``k // w``
        of them from a card held ``k`` times (the search is exhaustive and may reuse a card), from
        cards held exactly ``w`` times in ``S`` where longer tuples are kept whole."""
        if self.shortcuts and units:
            first = units[0]
            w = first[0]
            if first[1] == 1 and w >= 2 and all(u == first for u in units) and self._plain(w) \
                    and (not self.wider or size_and_most(counts)[1] <= w):
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
        key = tuple(units)
        owed = self._owed.get(key)
        if owed is None:
            owed = self._owed[key] = Owed(key)
        order, wider, budget = self.order, self.wider, self.budget
        holding = Holding(counts, order)
        if not self.reserved:
            return realize_in(holding, owed.untagged, order, wider, budget, None)
        tag = self.uniform_tag
        if tag is not None:
            if owed.tagged is None:
                owed.tagged = [needed(key, (tag,) * len(key))]
            return realize_in(holding, owed.tagged[0], order, wider, budget, self.usable)
        if realize_in(holding, owed.untagged, order, wider, budget, None) is None:
            return None
        if owed.tagged is None:
            owed.tagged = [needed(key, tuple(tags)) for tags in self._tag_choices(list(units))]
        for tagged in owed.tagged:
            found = realize_in(holding, tagged, order, wider, budget, self.usable)
            if found is not None:
                return found
        return None

    def _tag_choices(self, units: list[tuple[int, int]]) -> list[list[bool]]:
        """The taggings of ``units`` that a packing into the bins allows, fewest kept off tractors
        first, skipping any that keeps off tractors every unit an earlier one does (it can only
        realize less).

        A unit in a bin of length 1 is kept off tractors, so a tagging is a split of each unit
        type into the units packed under length-1 bins (*kept*) and the rest.  Packing the kept
        part only gets harder as it grows and packing the rest only easier, so the search walks up
        from the empty split through splits whose kept part packs, and stops on each split whose
        rest packs too: those are the least reserved taggings."""
        kinds = sorted(set(units))
        kinds.reverse()
        n = len(kinds)
        have = [0] * n
        for u in units:
            for i in range(n):
                if kinds[i] == u:
                    have[i] = have[i] + 1
                    break
        fields = [_SPLIT_FIELD * self._slot(u) for u in kinds]
        whole = 0
        for i in range(n):
            whole += have[i] << fields[i]
        by_size = _by_size_places(kinds)
        kept_bins: list[tuple[int, int]] = []
        free_bins: list[tuple[int, int]] = []
        for b in range(len(self.bins)):
            (kept_bins if self.bin_tags[b] else free_bins).append(self.bins[b])
        out: list[list[bool]] = []
        found: list[list[int]] = []
        level: list[tuple[list[int], int]] = [([0] * n, 0)]
        seen = {0}
        while level:
            nxt: list[tuple[list[int], int]] = []
            for split, key in level:
                self.budget.spend()
                if _covers_any(found, split):
                    continue
                if not self._packs(key, kinds, split, by_size, kept_bins, True):
                    continue
                rest = [have[i] - split[i] for i in range(n)]
                if self._packs(whole - key, kinds, rest, by_size, free_bins, False):
                    found.append(split)
                    left = list(split)
                    tags: list[bool] = []
                    for u in units:
                        i = 0
                        while kinds[i] != u:
                            i += 1
                        tags.append(left[i] > 0)
                        if left[i] > 0:
                            left[i] = left[i] - 1
                    out.append(tags)
                    continue
                for i in range(n):
                    if split[i] < have[i]:
                        up_key = key + (1 << fields[i])
                        if up_key not in seen:
                            seen.add(up_key)
                            up = list(split)
                            up[i] = up[i] + 1
                            nxt.append((up, up_key))
            level = nxt
        return out

    def _slot(self, shape: tuple[int, int]) -> int:
        """A small number for each unit shape this obligation's tag choices meet (a field of the
        packed unit counts that key :meth:`_packs`)."""
        got = self._slots.get(shape)
        if got is None:
            got = self._slots[shape] = len(self._slots)
        return got

    def _packs(self, key: int, kinds: list[tuple[int, int]], counts: list[int], by_size: list[int],
               bins: list[tuple[int, int]], kept: bool) -> bool:
        """:func:`_packable` of ``counts[i]`` units ``kinds[i]`` (``key``: those counts packed in
        their shapes' fields) into the length-1 bins (``kept``) or the others, remembered."""
        key = 2 * key + kept
        hit = self._packed.get(key)
        if hit is None:
            units: list[tuple[int, int]] = []
            for i in by_size:
                u = kinds[i]
                for _ in range(counts[i]):
                    units.append(u)
            hit = self._packed[key] = _packable(units, bins, self.budget, self.shortcuts)
        return hit

    def packable(self, units: list[tuple[int, int]]) -> bool:
        """Whether the units fit the bins (see :func:`_packable`)."""
        return _packable(_by_size(units), self.bins, self.budget, self.shortcuts)

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
                units = expanded_shapes(rung, loose)
                if self.realizes(held, units):
                    return _desc(units)
            return []
        bins = self.bins
        if not held or self.top < 2 or all(b[0] < 2 for b in bins):
            return []
        whole = expanded_shapes(bins, loose)
        if self.fits(whole):
            return _desc(whole)
        if (self.shortcuts and not loose and len(bins) == 1 and bins[0][0] == 2 and self.top == 2
                and self._plain(2) and self._longest(2) == 1):
            # one pair-wide bin (a 2-deck tractor lead), no run of two pairs held: the candidates
            # below are (2, 1) alone, and the greedy adds pairs while the bin has room for them
            # and the held cards hold them (one per card held twice)
            return [(2, 1)] * min(bins[0][1], sum(1 for k in held.values() if k == 2))
        top = max(bins)
        largest = max(w * l for w, l in bins)
        max_count = self.top
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
        return _desc(expanded_shapes(chosen, loose))

    def fits(self, units: list[tuple[int, int]]) -> bool:
        """Whether ``S`` realizes ``units`` (each a rung unit: reduced to widths where loose)."""
        if not self.packable(units):
            return False
        if self.shortcuts and len(units) == 1 and not self.loose:
            w, l = units[0]
            if self._plain(w):
                return l <= self._longest(w)
        expanded = expanded_shapes(units, self.loose) if self.loose else units
        return self.realizes(self.suit_counts, expanded)


    def _plain(self, w: int) -> bool:
        """Whether a unit of width ``w`` is realized in ``S`` exactly where a run of its shape is held
        (:func:`~rules.runs.runs`): no wider unit can stand for it (no card is held more than ``w``
        times, or ``wider_substitutes`` is off) and no reservation applies to it (no bin of length 1
        keeps it off tractors, and where longer tuples are kept whole every card that can host it is
        held exactly ``w`` times)."""
        top = self.top
        return ((not self.wider or top <= w) and not self.any_tag
                and (not self.whole_groups or top <= w))

    def _longest(self, w: int) -> int:
        """The longest run at width ``w`` in ``S`` (a run's prefixes are runs, so every shorter
        length is held too), remembered for this obligation."""
        hit = self._runs.get(w)
        if hit is None:
            hit = self._runs[w] = longest_runs(self.suit_counts, self.order, w)
        return hit


def _covers_any(found: list[list[int]], split: list[int]) -> bool:
    """Whether ``split`` is at least some split of ``found`` in every place."""
    for f in found:
        covers = True
        for i in range(len(split)):
            if split[i] < f[i]:
                covers = False
                break
        if covers:
            return True
    return False


def _packable(units: list[tuple[int, int]], bins: list[tuple[int, int]], budget: Budget, shortcuts: bool) -> bool:
    """Whether the units (as :func:`_by_size` orders them) fit the bins: each no larger (width,
    length) than its bin's unit, each bin's cards within its unit's size (``shortcuts``: one bin
    decided without the search)."""
    need = 0
    for w, l in units:
        need += w * l
    room = 0
    for w, l in bins:
        room += w * l
    if need > room:
        return False
    if shortcuts and len(bins) == 1:
        # one bin (a lead of one unit): every unit in it, the sizes already fit; the steps spent
        # are those of the search below, which fails at the first unit larger than the bin's
        bw, bl = bins[0]
        fit = True
        for w, l in units:
            if _exceeds(w, l, bw, bl):
                fit = False
        if fit:
            budget.spend(len(units))
            return True
        for w, l in units:
            budget.spend()
            if _exceeds(w, l, bw, bl):
                break
        return False
    return _pack_from(0, units, bins, [w * l for w, l in bins], budget)


def _exceeds(w: int, l: int, bw: int, bl: int) -> bool:
    """Whether a unit ``(w, l)`` is larger than a bin's ``(bw, bl)``, width first."""
    return w > bw or (w == bw and l > bl)


def _pack_from(i: int, units: list[tuple[int, int]], bins: list[tuple[int, int]], free: list[int],
               budget: Budget) -> bool:
    """Whether ``units[i:]`` fit the bins' ``free`` room (left as it was), trying each distinct
    (bin shape, room) once per unit."""
    if i == len(units):
        return True
    budget.spend()
    uw, ul = units[i]
    size = uw * ul
    tried: list[int] = []                   # the (bin shape, room) pairs tried, one integer each
    for b in range(len(bins)):
        bw, bl = bins[b]
        room = free[b]
        if room < size or _exceeds(uw, ul, bw, bl):
            continue
        key = (((bw << 8) | bl) << 16) | room
        seen = False
        for t in tried:
            if t == key:
                seen = True
                break
        if not seen:
            tried.append(key)
            free[b] = room - size
            found = _pack_from(i + 1, units, bins, free, budget)
            free[b] = room
            if found:
                return True
    return False


def _desc(shapes: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The shapes sorted high to low (equal shapes are equal values, so no order among them is lost)."""
    out = sorted(shapes)
    out.reverse()
    return out


def _by_size(units: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The units by card count, large first, equal counts in their given order (what a stable
    sort by size, reversed, gives)."""
    return [units[i] for i in _by_size_places(units)]


def _by_size_places(units: list[tuple[int, int]]) -> list[int]:
    """The places of ``units`` in :func:`_by_size` order, by insertion: the lists are a lead's few
    units."""
    out: list[int] = []
    for j in range(len(units)):
        size = units[j][0] * units[j][1]
        i = len(out)
        while i > 0 and units[out[i - 1]][0] * units[out[i - 1]][1] < size:
            i -= 1
        out.insert(i, j)
    return out


def too_large() -> InputError:
    return InputError("deciding this position needs more search steps than the service's work bound; "
                      "it does not decide positions this large", "hand")

