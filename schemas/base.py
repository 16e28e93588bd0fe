"""The base request schema: whole-request card accounting and seat checks."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, validates_schema

from rules.cards import CARDS
from rules.decks import copy_limits, deck_copies
from rules.ruleset import Jokers, KittyFit, Ruleset
from rules.tricks import out_of_order
from rules.violations import count_of

Path = tuple[Any, ...]
Source = tuple[Any, Path, Iterable[int]]
Reading = tuple[int | None, Sequence[int] | None, bool | None]
Limits = tuple[tuple[int, ...], tuple[int, ...]]


def nest(path: Path, message: str) -> dict:
    """``("hand", 3), msg`` -> ``{"hand": {3: [msg]}}`` (marshmallow's error shape)."""
    error: Any = [message]
    for part in reversed(path):
        error = {part: error}
    return error


def invalid(path: Path, message: str) -> ValidationError:
    return ValidationError(nest(path, message))


class RequestSchema(Schema):
    """A request body.  Subclasses name their card sources in :meth:`card_sources`.

    Each source is ``(owner, path, cards)``.  Sources with ``owner`` None are disjoint piles and add
    up; sources of one owner (a seat's earlier declarations and its hand) may overlap, so per owner
    the largest count of each card is taken.  No card may appear more often than ``decks`` allows.
    """

    class Meta:
        unknown = RAISE

    def card_sources(self, data: dict) -> Iterator[Source]:
        return iter(())

    def reading(self, data: dict) -> Reading:
        """Which hand the cards are from, as far as the request says: the level played, the seats'
        levels and whether it is the first hand (None: not said), for the cards ``kitty_fit`` takes
        out (:func:`rules.decks.copy_limits`).  By default, the trump's level."""
        trump = data.get("trump")
        return (None if trump is None else trump.level), None, None

    def check(self, data: dict) -> None:
        """Further checks of a loaded request; raise :class:`ValidationError`."""

    @validates_schema(skip_on_field_errors=True)
    def _check_request(self, data: dict, **kwargs) -> None:
        self.check(data)
        rules = data.get("rules")
        if rules is not None:
            check_copies(self.card_sources(data), rules.decks,
                         None if whole_decks(rules) else request_limits(rules, self.reading(data)))


def whole_decks(rules: Ruleset) -> bool:
    """Every card is in every deck and nothing is taken out: ``decks`` is the only copy limit."""
    return rules.kitty_fit is KittyFit.REFUSE and rules.deck_min_rank == 2 and rules.jokers is Jokers.BOTH


def request_limits(rules: Ruleset, reading: Reading) -> Limits:
    """The copy limits of a request under ``rules``: ``(limits, decks' copies)`` by card, computed
    once per ruleset and reading."""
    level, levels, first_hand = reading
    return _limits(rules, level, None if levels is None else tuple(levels), first_hand)


@lru_cache(maxsize=256)
def _limits(rules: Ruleset, level: int | None, levels: tuple[int, ...] | None, first_hand: bool | None) -> Limits:
    return copy_limits(rules, level, levels, first_hand), deck_copies(rules)


def check_copies(sources: Iterable[Source], decks: int, limits: Limits | None = None) -> None:
    """No card more often than the decks hold it, nor than the deal holds it where ``kitty_fit``
    takes cards out (``limits``: the copies allowed and the decks' copies by card, section 14.10)."""
    total: Counter = Counter()
    owned: dict[Any, Counter] = {}
    last_seen: dict[int, Path] = {}
    for owner, path, cards in sources:
        cards = list(cards)
        here = Counter(cards)
        if owner is None:
            total.update(here)
            for i, c in enumerate(cards):
                last_seen[c] = path + (i,)
            continue
        mine = owned.setdefault(owner, Counter())
        for c, n in here.items():
            if n > mine[c]:
                total[c] += n - mine[c]
                mine[c] = n
                last_seen[c] = path + (len(cards) - 1 - cards[::-1].index(c),)
    allowed, held = limits if limits is not None else ((), ())
    for c, n in sorted(total.items()):
        if limits is not None and n > allowed[c] and allowed[c] < held[c]:
            raise invalid(last_seen[c], f"{CARDS[c]} is taken out of the deal (kitty_fit: remove-low-cards)"
                          if allowed[c] == 0 else
                          f"{n} copies of {CARDS[c]} across the request, but only {allowed[c]} "
                          f"{'is' if allowed[c] == 1 else 'are'} dealt (kitty_fit: remove-low-cards takes "
                          f"{'the other' if held[c] - allowed[c] == 1 else 'the others'} out)")
        if limits is not None and n > held[c] and held[c] < decks:
            raise invalid(last_seen[c], f"{CARDS[c]} is not in these decks" if held[c] == 0 else
                          f"{n} copies of {CARDS[c]} across the request, but the decks hold only {held[c]}")
        if n > decks:
            raise invalid(last_seen[c], f"{n} copies of {CARDS[c]} across the request, "
                                        f"but {decks} deck{'s hold' if decks > 1 else ' holds'} only {decks}")


def check_levels(rules: Any, levels: Sequence[int] | None) -> None:
    """A first hand's ``levels``: one a seat, each within the ruleset's ``first_level``..``last_level``."""
    if levels is None:
        return
    if len(levels) != rules.players:
        raise invalid(("levels",), f"levels lists one level per seat: {rules.players}, not {len(levels)}")
    for i, level in enumerate(levels):
        if not rules.first_level <= level <= rules.last_level:
            raise invalid(("levels", i), "the level lies outside the ruleset's first_level..last_level")


def check_seats(path: Path, seats: list[int], players: int, *, unique: bool = True,
                exclude: int | None = None, in_order: bool = False) -> None:
    """Seats must be below ``players``; ``unique``: no seat twice; ``exclude``: not that seat;
    ``in_order``: the plays of one trick, each seat the one after the previous (rules section 2)."""
    seen: set[int] = set()
    for i, seat in enumerate(seats):
        if seat >= players:
            raise invalid(path + (i, "seat"), f"seat {seat} does not exist with {players} players")
        if unique and seat in seen:
            raise invalid(path + (i, "seat"), f"seat {seat} appears twice")
        if seat == exclude:
            raise invalid(path + (i, "seat"), f"seat {seat} is the player's own seat")
        seen.add(seat)
    found = out_of_order(seats, players) if in_order else None
    if found is not None:
        raise invalid(path + (found[0], "seat"), found[1])


def check_size(path: Path, cards: list, most: int, what: str) -> None:
    if len(cards) > most:
        raise invalid(path, f"{count_of(len(cards), 'card')}, but {what} holds at most {most}")
