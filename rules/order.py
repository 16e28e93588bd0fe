"""Card order and trumps (rules section 4) and tractor adjacency (section 5).

:func:`order_for` builds, once per (ruleset, trump), an :class:`Order`: for every card its
effective suit, its strength (dense integers inside an effective suit; equal cards share one),
and the cards adjacent above it for tractors, and the smallest tractor (section 14.3:
``tractor_min_width``, ``tractor_min_length``), which every reader of runs takes from here, and
the smallest rainbow group (section 14.2), which the decomposition of a lead reads.  Orders
are cached: they depend only on the level, the trump suit, ``permanent_twos``, ``tractor_adjacency``,
the tractor requirements and ``rainbow_min``.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from .cards import BIG_JOKER, CARDS, NT, SMALL_JOKER, SUITS, Card, rank_name, rank_value, suited
from .formats import Format, Unit
from .ruleset import Adjacency, Ruleset

TRUMP: Final = 4
SUIT_LABELS: Final = ("S", "H", "C", "D", "trump")
TRUMP_BASE: Final = 1000
_TRUMP_ORDER: Final = Adjacency.TRUMP_ORDER       # an enum member read once (see rules.follow)


@dataclass(init=False, unsafe_hash=True)
class Trump:
    """The level being played and the trump suit (``None``: no-trump; a hot value: docs/engine.md,
    "Speed notes").

    The level may be given as a rank name or number and is always stored as a number; at level NT
    (section 14.9) there is no trump suit."""

    level: Final[int]
    suit: Final[str | None]

    def __init__(self, level: int | str, suit: str | None = None) -> None:
        self.level = rank_value(level)
        if suit is not None:
            upper = str(suit).upper()
            if upper not in SUITS:
                raise ValueError(f"'{suit}' is not a suit; suits are S, H, C, D (null for no-trump)")
            suit = upper
            if self.level == NT:
                raise ValueError("at level NT there is no trump suit: the suit is null")
        self.suit = suit

    def to_dict(self) -> dict[str, str | None]:
        return {"level": rank_name(self.level), "suit": self.suit}


@dataclass(frozen=True)
class Order:
    level: int
    trump_suit: str | None
    permanent_twos: bool
    adjacency: Adjacency
    eff: tuple[int, ...]            # effective suit per card: 0..3, or TRUMP
    strength: tuple[int, ...]       # dense within an effective suit, equal cards equal
    power: tuple[int, ...]          # strength, with trumps above every side suit
    next_first: tuple[tuple[int, ...], ...]   # adjacent-above cards when the card starts a run
    next_mid: tuple[tuple[int, ...], ...]     # adjacent-above cards when the card is inside a run
    face: tuple[int, ...]           # printed rank for face-value tractor ranking (jokers 15, 16)
    seq: tuple[int, ...]            # a total order: strength, then card index (deterministic ties)
    display: tuple[int, ...]        # sort_key as one integer per card (same order), for sorted_cards
    tractor_width: int = 2          # the smallest tractor (section 14.3): copies of each card
    tractor_length: int = 2         # ... and cards in the run
    rainbow_min: int = 0            # the smallest rainbow group (section 14.2); 0: no rainbows
    # a table derived from the fields above: the format of a single (kinds[0][c]) and of a pair (kinds[1][c])
    kinds: tuple[tuple[Format, ...], ...] = field(default=(), compare=False, repr=False)
    # and each card's place in ``seq`` order (0..53), with the card at each place: small integers
    # to sort by and to read the cards back from
    rank: tuple[int, ...] = field(default=(), compare=False, repr=False)
    by_rank: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def is_unit(self, width: int, length: int) -> bool:
        """Whether ``(width, length)`` is a unit: a single, pair or n-kind, or a tractor at least as wide
        and long as the ruleset's smallest (sections 5 and 14.3)."""
        return length == 1 or (width >= self.tractor_width and length >= self.tractor_length)

    def climbs_by_tier(self, suit: int) -> bool:
        """Whether adjacency in effective suit ``suit`` is the next tier up (side suits always, trumps
        under trump-order adjacency; section 5): a run then climbs one strength per card."""
        return suit != TRUMP or self.adjacency is _TRUMP_ORDER

    def is_trump(self, c: int) -> bool:
        return self.eff[c] == TRUMP

    def suit_label(self, c: int) -> str:
        return SUIT_LABELS[self.eff[c]]

    def sort_key(self, c: int) -> tuple[int, int, int]:
        """High to low: trumps first, then S, H, C, D; by power, then card index for equal cards."""
        e = self.eff[c]
        return (0 if e == TRUMP else 1 + e, -self.power[c], c)

    def by_seq(self, cards: Iterable[int], reverse: bool = False) -> list[int]:
        """The cards low to high in ``seq`` order (high to low with ``reverse``).

        Up to eight cards are sorted by insertion, reading ``seq`` in place; more by their places in
        that order (``rank``) sorted and read back through ``by_rank``."""
        out = list(cards)
        self.sort_by_seq(out)
        if reverse:
            out.reverse()
        return out

    def sort_by_seq(self, out: list[int]) -> None:
        """Sorts the cards ``out`` in place, low to high in ``seq`` order (see :meth:`by_seq`)."""
        seq = self.seq
        n = len(out)
        if n <= 8:
            for i in range(1, n):
                c = out[i]
                k = seq[c]
                j = i - 1
                while j >= 0:
                    d = out[j]
                    if seq[d] <= k:
                        break
                    out[j + 1] = d
                    j -= 1
                out[j + 1] = c
        else:
            rank = self.rank
            keys = [rank[c] for c in out]
            keys.sort()
            by_rank = self.by_rank
            for i in range(n):
                out[i] = by_rank[keys[i]]

    def sorted_cards(self, cards: Iterable[int]) -> list[Card]:
        """The cards in ``sort_key`` order: their ``display`` integers sorted (a card's index is the
        low six bits of its own)."""
        display = self.display
        keys = [display[c] for c in cards]
        keys.sort()
        return [CARDS[k & 63] for k in keys]


def order_for(ruleset: Ruleset, trump: Trump) -> Order:
    """The order of a (ruleset, trump), remembered on the ruleset value too (a lookup by one integer
    for the trump, cheaper than the shared cache's key of every parameter the order reads)."""
    memo = ruleset.orders
    suit = trump.suit
    key = trump.level * 8 + (4 if suit is None else 0 if suit == "S" else 1 if suit == "H" else 2 if suit == "C" else 3)
    found = memo.get(key)
    if isinstance(found, Order):
        return found
    built = memo[key] = _build(trump.level, trump.suit, ruleset.permanent_twos, ruleset.tractor_adjacency,
                               ruleset.tractor_min_width, ruleset.tractor_min_length, ruleset.rainbow_min or 0)
    return built


@lru_cache(maxsize=512)
def _build(level: int, trump_suit: str | None, permanent_twos: bool, adjacency: Adjacency,
           tractor_width: int = 2, tractor_length: int = 2, rainbow_min: int = 0) -> Order:
    twos_special = permanent_twos and level != 2
    eff = [0] * 54
    tiers: dict[int, list[list[int]]] = {e: [] for e in range(5)}

    def is_trump(c: int) -> bool:
        cc = CARDS[c]
        return cc.is_joker or cc.rank == level or (twos_special and cc.rank == 2) or cc.suit == trump_suit

    for c in range(54):
        eff[c] = TRUMP if is_trump(c) else SUITS.index(CARDS[c].suit)

    for si, s in enumerate(SUITS):
        if s == trump_suit:
            continue
        for r in range(2, 15):
            c = suited(r, s)
            if eff[c] == si:
                tiers[si].append([c])

    trump_tiers = tiers[TRUMP]
    if trump_suit is not None:
        for r in range(2, 15):
            if r == level or (twos_special and r == 2):
                continue
            trump_tiers.append([suited(r, trump_suit)])
    if twos_special:
        off: list[int] = [suited(2, s) for s in SUITS if s != trump_suit]
        trump_tiers.append(off)
        if trump_suit is not None:
            trump_tiers.append([suited(2, trump_suit)])
    if level != NT:             # level NT has no level cards (section 14.9)
        off_level: list[int] = [suited(level, s) for s in SUITS if s != trump_suit]
        trump_tiers.append(off_level)
        if trump_suit is not None:
            trump_tiers.append([suited(level, trump_suit)])
    trump_tiers.append([SMALL_JOKER])
    trump_tiers.append([BIG_JOKER])

    strength = [0] * 54
    for tier_list in tiers.values():
        for i, tier in enumerate(tier_list):
            for c in tier:
                strength[c] = i
    power = [strength[c] + (TRUMP_BASE if eff[c] == TRUMP else 0) for c in range(54)]

    next_first: list[tuple[int, ...]] = [()] * 54
    next_mid: list[tuple[int, ...]] = [()] * 54
    for c in range(54):
        e = eff[c]
        if adjacency is Adjacency.TRUMP_ORDER or e != TRUMP:
            t = strength[c]
            above = tuple(tiers[e][t + 1]) if t + 1 < len(tiers[e]) else ()
            next_first[c] = next_mid[c] = above
            continue
        cc = CARDS[c]
        if cc.is_joker:
            next_first[c] = next_mid[c] = (BIG_JOKER,) if c == SMALL_JOKER else ()
            continue
        r, s = cc.rank, SUITS[c // 13]
        if r == 14:
            two = suited(2, s)
            next_first[c] = (two,) if eff[two] == TRUMP else ()
            next_mid[c] = ()
        else:
            up = suited(r + 1, s)
            next_first[c] = next_mid[c] = (up,) if eff[up] == TRUMP else ()

    face = [CARDS[c].rank for c in range(54)]
    kinds = tuple(tuple(Format(SUIT_LABELS[eff[c]], (Unit(w, 1, (CARDS[c],)),), False) for c in range(54))
                  for w in (1, 2))
    seq = tuple(power[c] * 64 + c for c in range(54))
    by_rank = sorted(range(54), key=seq.__getitem__)
    rank = [0] * 54
    for i, c in enumerate(by_rank):
        rank[c] = i
    return Order(level, trump_suit, permanent_twos, adjacency, tuple(eff), tuple(strength), tuple(power),
                 tuple(next_first), tuple(next_mid), tuple(face), seq,
                 tuple(((0 if eff[c] == TRUMP else 1 + eff[c]) * 4096 + 4095 - power[c]) * 64 + c for c in range(54)),
                 tractor_width, tractor_length, rainbow_min,
                 kinds, tuple(rank), tuple(by_rank))
