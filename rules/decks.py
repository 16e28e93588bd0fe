"""The cards a ruleset plays with: short decks, jokers, and the cards taken out to fit the kitty
(rules section 14.10).

- :func:`deck_copies` -- copies of each of the 54 cards in all the decks;
- :func:`removed_cards` -- the cards ``kitty_fit: remove-low-cards`` takes out, in removal order;
- :func:`copies_in_play` -- the copies left to deal (the deal holds exactly these).

Readings where the rules are silent (rbtying's, whose dealing this is):

- The rank taken out is the lowest rank of the decks unless it is the dealer's level, then the next
  one up (a hand at NT takes out the lowest).  In the first hand (no dealer yet) it is the lowest rank
  that is no seat's level and not 5, 10 or K, or the lowest rank if every rank is one of those.
- Suits are taken ♣, ♦, ♥, ♠, one card each, round and round (at most ``4·decks`` cards, which
  ``Ruleset.validate`` checks).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import BIG_JOKER, CARDS, SMALL_JOKER, Card, suited
from .ruleset import Jokers, Ruleset

REMOVAL_SUITS: Final = ("C", "D", "H", "S")
_AVOIDED: Final = (5, 10, 13)


def deck_copies(ruleset: Ruleset) -> tuple[int, ...]:
    """Copies of each card (by index) in all the decks."""
    out = [0] * 54
    for c in range(52):
        if CARDS[c].rank >= ruleset.deck_min_rank:
            out[c] = ruleset.decks
    if ruleset.jokers is Jokers.BOTH or ruleset.jokers is Jokers.SMALL_ONLY:
        out[SMALL_JOKER] = ruleset.decks
    if ruleset.jokers is Jokers.BOTH or ruleset.jokers is Jokers.BIG_ONLY:
        out[BIG_JOKER] = ruleset.decks
    return tuple(out)


def removal_rank(ruleset: Ruleset, level: int | None, levels: Sequence[int] = ()) -> int:
    """The rank ``kitty_fit`` takes out: ``level`` is the dealer's, None in the first hand (then
    ``levels`` are the seats')."""
    low = ruleset.deck_min_rank
    if level is not None:
        return low + 1 if level == low else low
    for r in range(low, 15):
        if r not in levels and r not in _AVOIDED:
            return r
    return low


def removed_cards(ruleset: Ruleset, level: int | None, levels: Sequence[int] = ()) -> tuple[Card, ...]:
    """The cards taken out, in removal order (none unless ``kitty_fit: remove-low-cards``)."""
    n = ruleset.removed
    if n == 0:
        return ()
    rank = removal_rank(ruleset, level, levels)
    return tuple(suited(rank, REMOVAL_SUITS[i % 4]) for i in range(n))


def copies_in_play(ruleset: Ruleset, level: int | None, levels: Sequence[int] = ()) -> tuple[int, ...]:
    """Copies of each card dealt: the decks' less the cards taken out."""
    out = list(deck_copies(ruleset))
    for c in removed_cards(ruleset, level, levels):
        out[c] -= 1
    return tuple(out)
