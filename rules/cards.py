"""Cards and their notation (rules section 2).

A card is a small integer wrapped in :class:`Card`: ``suit * 13 + (rank - 2)`` for suited cards,
52 for the small joker and 53 for the big joker.  Copies from several decks are identical, so a
hand is a multiset; :func:`parse_cards` returns a sorted tuple of cards, :func:`tally` a count map
``{card: copies}``.
"""
from __future__ import annotations

import collections
from collections.abc import Callable, Iterable
from typing import Final

from mypy_extensions import mypyc_attr

SUITS: Final = ("S", "H", "C", "D")
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
RANK_NAMES: Final = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_VALUES: Final = {name: value for value, name in RANK_NAMES.items()}
RANK_VALUES["T"] = 10
SMALL_JOKER: Final = 52
BIG_JOKER: Final = 53
CARD_KINDS: Final = 54
POINTS: Final = {5: 5, 10: 10, 13: 10}
NT: Final = 15          # the level after A (section 14.9): no level cards, no trump suit


class CardError(ValueError):
    """A card or rank string that is not valid notation."""


@mypyc_attr(native_class=False)
class Card(int):
    """One card.  ``str(card)`` is the canonical notation (``10H``, ``AS``, ``SJ``, ``BJ``)."""

    __slots__ = ()

    @property
    def suit(self) -> str | None:
        return None if self >= SMALL_JOKER else SUITS[self // 13]

    @property
    def rank(self) -> int:
        """2..14 for suited cards (A = 14), 15 for the small joker, 16 for the big joker."""
        if self >= SMALL_JOKER:
            return 15 + (self - SMALL_JOKER)
        return self % 13 + 2

    @property
    def is_joker(self) -> bool:
        return self >= SMALL_JOKER

    @property
    def points(self) -> int:
        return 0 if self >= SMALL_JOKER else POINTS.get(self % 13 + 2, 0)

    def __str__(self) -> str:
        return NAMES[self]

    def __repr__(self) -> str:
        return f"Card({NAMES[self]!r})"

    def pretty(self) -> str:
        """The card with a suit symbol, for messages: ``7♠``, ``SJ``."""
        if self >= SMALL_JOKER:
            return NAMES[self]
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[SUITS[self // 13]]


NAMES: Final[list[str]] = [RANK_NAMES[r] + s for s in SUITS for r in range(2, 15)] + ["SJ", "BJ"]
CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(CARD_KINDS))
_BY_NAME = {name: CARDS[i] for i, name in enumerate(NAMES)}
for _i, _name in enumerate(NAMES):
    if _name.startswith("10"):
        _BY_NAME["T" + _name[2:]] = CARDS[_i]


def card(text: object) -> Card:
    """Parse one card; case-insensitive, ``T`` for 10.  Suit-first forms (``S10``) are rejected."""
    if not isinstance(text, str):
        raise CardError(f"a card is a string such as '10H' or 'SJ', not {type(text).__name__}")
    key = text.strip().upper()
    found = _BY_NAME.get(key)
    if found is not None:
        return found
    if len(key) >= 2 and key[0] in SUITS and key[1:] in RANK_VALUES:
        raise CardError(f"'{text}' is suit-first; write the rank first, e.g. '{key[1:]}{key[0]}'")
    raise CardError(f"'{text}' is not a card; write rank then suit ('10H', 'AS', '2C') or 'SJ'/'BJ'")


def parse_cards(texts: Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse a list of card strings into a canonical multiset (a tuple sorted by card index)."""
    return tuple(sorted(t if isinstance(t, Card) else card(t) for t in texts))


def rank_value(text: str | int) -> int:
    """Parse a rank ('2'..'10', 'J', 'Q', 'K', 'A', 'T'; 'NT', the level after A); returns 2..15."""
    if isinstance(text, int) and not isinstance(text, bool) and 2 <= text <= NT:
        return text
    key = str(text).strip().upper()
    value = NT if key == "NT" else RANK_VALUES.get(key)
    if value is None:
        raise CardError(f"'{text}' is not a rank; ranks are 2..10, J, Q, K, A (and NT as a level)")
    return value


def rank_name(value: int) -> str:
    return "NT" if value == NT else RANK_NAMES[value]


def format_cards(cards: Iterable[int]) -> list[str]:
    return [NAMES[c] for c in cards]


PRETTY_NAMES: Final[tuple[str, ...]] = tuple(c.pretty() for c in CARDS)


def pretty_cards(cards: Iterable[int]) -> str:
    return "".join([PRETTY_NAMES[c] for c in cards])


def tally(cards: Iterable[int]) -> dict[int, int]:
    """A multiset of cards as ``{card: copies}`` (a plain dict, counted at C speed)."""
    out: dict[int, int] = {}
    _count_elements(out, cards)
    return out


def expand(counts: dict[int, int]) -> tuple[Card, ...]:
    """The cards of a multiset ``{card: copies}`` by card index, each as often as it is held (counts
    of 0 or less hold none)."""
    out: list[Card] = []
    for c in sorted(counts):
        card = CARDS[c]
        for _ in range(counts[c]):
            out.append(card)
    return tuple(out)


def _count_in_python(mapping: dict[int, int], cards: Iterable[int]) -> None:
    for c in cards:
        mapping[c] = mapping.get(c, 0) + 1


# collections.Counter's counting helper (in C where the interpreter has it)
_count_elements: Final[Callable[[dict[int, int], Iterable[int]], None]] = getattr(
    collections, "_count_elements", _count_in_python)


POINT_VALUES: Final[tuple[int, ...]] = tuple(c.points for c in CARDS)


def points_of(cards: Iterable[int]) -> int:
    return sum(POINT_VALUES[c] for c in cards)


def suited(rank: int, suit: str) -> Card:
    return CARDS[SUITS.index(suit) * 13 + rank - 2]


def size_and_most(counts: dict[int, int]) -> tuple[int, int]:
    """The cards of ``{card: copies}`` and the most copies of one card (0 and 0 for none)."""
    size = 0
    most = 0
    for k in counts.values():
        size += k
        if k > most:
            most = k
    return size, most


def times_range(poly: list[int], m: int, k: int) -> list[int]:
    """``poly`` × (1 + x + … + x^m), truncated at degree ``k``: the counts by size of sub-multisets, one
    card of ``m`` copies more."""
    new = [0] * (k + 1)
    running = 0
    for d in range(k + 1):
        running += poly[d]
        if d - m - 1 >= 0:
            running -= poly[d - m - 1]
        new[d] = running
    return new

