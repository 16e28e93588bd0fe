"""Bombs (炸弹, rules section 14.1): four or more identical cards that beat every other play.

Where ``bombs`` is not ``none``, a play of ``k ≥ 4`` copies of one card (one suit and one rank, or
one joker: level cards of different suits are not identical) is a **bomb**.  Following a lead of
``k`` cards, a bomb of exactly ``k`` cards is always legal (:func:`may_bomb`: any suit under
``any-suit``; under ``follow-suit`` the led effective suit or trump, another side suit only when
void in the led suit) and adds its play to the legal listing and count; it is never owed.  A lead
of ``k`` identical cards is a bomb too (one unit, as section 5 reads it); a throw never is.

Who wins (:func:`bomb_key`): a bomb beats every play that is not one; between bombs a trump bomb
beats a side-suit bomb, trump bombs compare by section 4 order, side-suit bombs by printed rank
(A high) whatever their suits, and between equal bombs the one played first keeps the trick.

Reading where the text is silent: a play's being a bomb does not depend on the follower's hand, so
the trick comparison counts every bomb played (the suit rule is the follow check's to enforce).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .order import TRUMP, Order
from .ruleset import Bombs, Ruleset

MIN_BOMB: Final = 4                       # also the fewest cards of a rainbow (four effective suits)

BombKey = tuple[int, int]          # (trump, strength): compared as a tuple

# enum members held as module constants (docs/engine.md, "Speed notes")
_NO_BOMBS: Final = Bombs.NONE
_ANY_SUIT: Final = Bombs.ANY_SUIT


def bombs_apply(ruleset: Ruleset, n: int) -> bool:
    """Whether a trick of ``n``-card plays can hold a bomb under ``ruleset``."""
    return ruleset.bombs is not _NO_BOMBS and n >= MIN_BOMB and ruleset.decks >= MIN_BOMB


def bomb_card(cards: Sequence[int]) -> int | None:
    """The card of a play of four or more identical cards, else None."""
    if len(cards) < MIN_BOMB:
        return None
    first = cards[0]
    return first if all(c == first for c in cards) else None


def may_bomb(ruleset: Ruleset, order: Order, card: int, led: int, void: bool) -> bool:
    """Whether the suit rule of ``bombs`` lets a follower bomb with ``card`` on a lead of effective
    suit ``led`` (``void``: the follower holds no card of it)."""
    if ruleset.bombs is _ANY_SUIT:
        return True
    suit = order.eff[card]
    return suit in (led, TRUMP) or void


def bomb_key(order: Order, card: int) -> BombKey:
    """How bombs compare: trump above side suits; trumps by section 4 order, side suits by printed
    rank whatever the suit."""
    if order.eff[card] == TRUMP:
        return (1, order.power[card])
    return (0, order.face[card])
