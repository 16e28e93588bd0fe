"""The cards a ruleset plays with: short decks, jokers, and the cards taken out to fit the kitty
(rules section 14.10).

- :func:`deck_copies` -- copies of each of the 54 cards in all the decks;
- :func:`removed_cards` -- the cards ``kitty_fit: remove-low-cards`` takes out, in removal order;
- :func:`copies_in_play` -- the copies left to deal (the deal holds exactly these);
- :func:`copy_limits` -- the most copies of each card a request may name when it does not say which
  hand it is (see "Readings of a request" below).

Readings where the rules are silent (rbtying's, whose dealing this is):

- The rank taken out is the lowest rank of the decks unless it is the dealer's level, then the next
  one up (a hand at NT takes out the lowest).  In the first hand (no dealer yet) it is the lowest rank
  that is no seat's level and not 5, 10 or K, or the lowest rank if every rank is one of those.
- Suits are taken ♣, ♦, ♥, ♠, one card each, round and round (at most ``4·decks`` cards, which
  ``Ruleset.validate`` checks).

Readings of a request.  Which cards are taken out depends on the hand: a later hand's dealer's level, or
the first hand's seats' levels.  A request that does not say (a position names only the level played) is
read every way it allows, and a card is refused only when every reading takes it out:

- a later hand: the dealer is at ``level`` (any level from ``first_level`` to ``last_level`` if unknown);
- the first hand: the seats are at ``levels`` when the request gives them; else under
  ``first_hand_levels: shared`` every seat is at ``first_level`` (the hand is played at it), and under
  ``own`` the dealer is at ``level`` and every other seat at any level.

With ``first_hand`` True or False only that kind of hand is read.  Every reading takes out the same
number of cards, one rank's, so the readings agree card for card exactly when they take out one rank.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import BIG_JOKER, CARDS, SMALL_JOKER, Card, suited
from .ruleset import FirstHandLevels, Jokers, Ruleset

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


def _removed_of_rank(ruleset: Ruleset, rank: int) -> tuple[Card, ...]:
    return tuple(suited(rank, REMOVAL_SUITS[i % 4]) for i in range(ruleset.removed))


def _copies_without(ruleset: Ruleset, removed: Sequence[Card]) -> tuple[int, ...]:
    out = list(deck_copies(ruleset))
    for c in removed:
        out[c] -= 1
    return tuple(out)


def removed_cards(ruleset: Ruleset, level: int | None, levels: Sequence[int] = ()) -> tuple[Card, ...]:
    """The cards taken out, in removal order (none unless ``kitty_fit: remove-low-cards``)."""
    if ruleset.removed == 0:
        return ()
    return _removed_of_rank(ruleset, removal_rank(ruleset, level, levels))


def copies_in_play(ruleset: Ruleset, level: int | None, levels: Sequence[int] = ()) -> tuple[int, ...]:
    """Copies of each card dealt: the decks' less the cards taken out."""
    return _copies_without(ruleset, removed_cards(ruleset, level, levels))


def _first_hand_ranks(ruleset: Ruleset, level: int | None) -> tuple[int, ...]:
    """The ranks a first hand may take out when only the dealer's ``level`` is known (None: not even
    that) and the other seats may be at any level (``first_hand_levels: own``).

    With the known level alone the rank is ``r``.  If no seat may be at ``r`` (it lies outside
    ``first_level..last_level``), other seats' levels cannot change it: ``(r,)``.  Else a seat at ``r``
    makes it another rank ``r2``, since at most two ranks are then levels and the three ranks J, Q, A are
    neither 5, 10 nor K: ``(r, r2)``, enough to know the readings disagree."""
    known = () if level is None else (level,)
    rank = removal_rank(ruleset, None, known)
    if not ruleset.first_level <= rank <= ruleset.last_level:
        return (rank,)
    return (rank, removal_rank(ruleset, None, known + (rank,)))


def removal_ranks(ruleset: Ruleset, level: int | None = None, levels: Sequence[int] | None = None,
                  first_hand: bool | None = None) -> tuple[int, ...]:
    """The ranks taken out in the readings a request allows (see the module notes), without repeats;
    ``level`` is the hand's (the dealer's), ``levels`` the seats' (given, the first hand reads them)."""
    ranks: list[int] = []
    if first_hand is not True:
        later = range(ruleset.first_level, ruleset.last_level + 1) if level is None else (level,)
        ranks.extend(removal_rank(ruleset, lv) for lv in later)
    if first_hand is not False:
        if levels is not None:
            ranks.append(removal_rank(ruleset, None, levels))
        elif ruleset.first_hand_levels is FirstHandLevels.OWN:
            ranks.extend(_first_hand_ranks(ruleset, level))
        elif level is None or level == ruleset.first_level:
            ranks.append(removal_rank(ruleset, None, (ruleset.first_level,) * ruleset.players))
    return tuple(sorted(set(ranks)))


def copy_limits(ruleset: Ruleset, level: int | None = None, levels: Sequence[int] | None = None,
                first_hand: bool | None = None) -> tuple[int, ...]:
    """The most copies of each card some reading of the request deals: the decks' less the cards every
    reading takes out (section 14.10; the readings as for :func:`removal_ranks`)."""
    if ruleset.removed == 0:
        return deck_copies(ruleset)
    ranks = removal_ranks(ruleset, level, levels, first_hand)
    if len(ranks) != 1:
        return deck_copies(ruleset)
    return _copies_without(ruleset, _removed_of_rank(ruleset, ranks[0]))
