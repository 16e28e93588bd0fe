"""Violations: why a move is illegal, as values with stable codes.

The codes are part of the public contract (they are listed in openapi.yaml); messages are for
people and may be reworded.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final


def count_of(n: int, noun: str, plural: str | None = None) -> str:
    """A number and its noun as a person writes them: ``1 card``, ``0 cards``, ``2 cards``."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


@dataclass(init=False, unsafe_hash=True)
class Violation:
    """One reason a move is illegal: a stable ``code``, a ``message`` for people, the ``detail`` a
    client reads (a hot value: docs/engine.md, "Speed notes")."""

    code: Final[str]
    message: Final[str]
    detail: Final[Mapping[str, Any]]

    def __init__(self, code: str, message: str, detail: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.message = message
        self.detail = {} if detail is None else detail

    def __iter__(self) -> Iterator[str]:
        yield self.code
        yield self.message


class InputError(ValueError):
    """A request the engine cannot answer because it is malformed (not an illegal move).

    ``field`` names the offending input (``hand``, ``lead``, ``plays/2/cards``) where known.
    """

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


CODES: Final[dict[str, str]] = {
    # plays (docs/rules.md: leading and throws, following)
    "EMPTY_PLAY": "The play has no cards.",
    "NOT_IN_HAND": "The play holds cards (or more copies of a card) than the hand holds.",
    "LEAD_NOT_ONE_SUIT": "A lead must be all of one effective suit.",
    "THROWS_NOT_ALLOWED": "The lead is several units (a throw) and this ruleset forbids throws.",
    "WRONG_CARD_COUNT": "A follow must have exactly as many cards as the lead.",
    "MUST_FOLLOW_SUIT": "The follower must play cards of the led suit while they hold any.",
    "MUST_PLAY_UNIT": "The follower holds a stronger owed shape (pair, tractor, ...) than the play shows "
                      "(the structure obligation).",
    "MUST_PLAY_GROUPS": "A rainbow was led (rainbow_min) and the follower can split their hand into groups of one "
                        "rank of its group sizes: the play must be such a split.",
    # declarations
    "DECLARATION_NOT_IN_HAND": "The declared cards are not in the declarer's hand.",
    "DECLARATION_INVALID_CARDS": "The cards do not form a declaration (identical level cards, 2s or jokers).",
    "DECLARATION_TOO_WEAK": "The declaration is not stronger than the current one.",
    "DECLARATION_OWN_OVERTURN": "A declarer may reinforce but not overturn their own declaration.",
    "DECLARATION_CLOSED": "Declarations are closed: a declaration already stands (qq).",
    "DECLARATION_WRONG_FAMILY": "Once 2s (or level cards) have declared, only the same family may follow.",
    "DECLARATION_JOKERS_NOT_ALLOWED": "This ruleset does not allow jokers to declare no-trump.",
    "DECLARATION_TOO_FEW_CARDS": "An overturn needs at least two cards (count-min2-overturn).",
    "DECLARATION_LEVEL": "Nobody declares at level NT: the hand is played without a trump suit (section 14.9).",
    # whole hands (adjudication)
    "DEAL_SIZE": "A hand or the kitty does not have the size the ruleset deals.",
    "DEAL_CARDS": "The deal does not hold exactly the cards of the decks.",
    "KITTY_DISCARD": "The kitty discard is not the kitty size, or not from the dealer's hand and the kitty.",
    "WRONG_TURN": "A play is out of turn: the winner of a trick leads the next, then playing order.",
    "WRONG_TRICK_COUNT": "The tricks do not use every card of the hands.",
    "THROW_NOT_REDUCED": "A failed throw must be reduced to its forced play.",
    "FRIEND_CALL": "A friend call is invalid (card or ordinal).",
    "KITTY_THEFT": "Stealing the kitty is not allowed here (kitty_theft off, no declaration to overturn, or "
                   "the standing declarer).",
    "THROW_STANDS": "The record reduces a lead that is not a failed throw: a throw no other hand can beat "
                    "stands whole (and a single unit is no throw).",
    "NO_DECLARATION": "Nobody declared and the hand is redealt: the ruleset always redeals (no_declaration: "
                      "redeal), or it is the first hand under kitty-reveal; the hand is not played.",
    "WRONG_DEALER": "In the first hand the winning declarer must be the dealer.",
}
