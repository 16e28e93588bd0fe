"""The match: levels past A and games won (rules section 14.9).

A match runs the levels from ``first_level`` to ``last_level`` (which may be ``NT``, the level after
A).  Passing ``last_level`` as dealer wins a game: under ``past_last_level: game-over`` the game is
over, under ``wrap`` the team starts again at ``first_level``.  Either way each seat of the team that
passed it has won one more game (``games_won``).

Readings where the rules are silent (rbtying's, whose ``MaxRank`` this is):

- Under ``wrap`` passing ``last_level`` is one level moved, and the levels still owed go on from
  ``first_level`` (a dealer team at NT that goes up 3 ends on 3); a ``must_defend`` rank met on the
  way after the wrap stops the move, as it stops any move that did not start on it.
- Under ``game-over`` a won game counts too: ``new_games_won`` adds one for each seat of the team.
"""
from __future__ import annotations

from collections.abc import Sequence

from .ruleset import PastLastLevel, Ruleset
from .violations import InputError


def games_won(ruleset: Ruleset, given: Sequence[int] | None) -> tuple[int, ...]:
    """Each seat's games won so far (zeros when not given); InputError for a wrong length or a
    negative count."""
    n = ruleset.players
    if given is None or len(given) == 0:
        return (0,) * n
    if len(given) != n:
        raise InputError(f"games_won must list {n} seats", "games_won")
    for i, g in enumerate(given):
        if isinstance(g, bool) or not isinstance(g, int) or g < 0:
            raise InputError("games_won holds counts of 0 or more", f"games_won/{i}")
    return tuple(given)


def wraps(ruleset: Ruleset) -> bool:
    """Whether passing ``last_level`` starts the levels again (``past_last_level: wrap``)."""
    return ruleset.past_last_level is PastLastLevel.WRAP


def new_games_won(before: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """``before`` with one more game for each seat in ``winners`` (the seats that passed ``last_level``)."""
    won = set(winners)
    return tuple(g + (1 if s in won else 0) for s, g in enumerate(before))
