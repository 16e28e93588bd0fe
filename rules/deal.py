"""Shuffling and dealing (rules section 3: ``decks``, ``players``, ``kitty_size``).

A deal gives every seat ``rules.hand_size`` cards and sets ``rules.kitty`` cards aside.  The same
seed always gives the same deal, on every machine and every Python version, because the shuffle
uses no library generator whose algorithm could change:

1. The pack is ``decks`` copies of the 54 cards, deck after deck, each in card-index order
   (2♠..A♠, 2♥..A♥, 2♣..A♣, 2♦..A♦, SJ, BJ); a short deck (section 14.10) leaves out the ranks
   below ``deck_min_rank`` and the jokers it has not, and the cards ``kitty_fit`` takes out are taken
   from the last decks (:mod:`rules.decks`), so they are never dealt.
2. Random bits come from SHA-256 in counter mode: block ``i`` is
   ``SHA-256(b"tractor-rules/deal/v1\\x00" + seed_bytes + b"\\x00" + i as 8 bytes big-endian)``;
   the blocks are cut into 8-byte big-endian unsigned integers, in order.
3. A uniform integer below ``m`` takes the next 64-bit integer ``x`` and rejects it while
   ``x >= 2**64 - (2**64 % m)``; otherwise it is ``x % m``.
4. Fisher–Yates: for ``i`` from ``N - 1`` down to 1, swap positions ``i`` and ``j = uniform(i + 1)``.
5. Dealing: position ``p`` of the shuffled pack goes to seat ``(first_seat + p) % players`` while
   ``p < players · hand_size``; the rest is the kitty, in pack order.

Seeds: a string (its UTF-8 bytes), bytes, or an int (its decimal digits as a string).  Without a
seed, 16 random bytes from :mod:`secrets` make a fresh hex seed, which the deal reports so that it
can be reproduced.

Decisions: dealing starts at ``first_seat`` (0 unless the caller says, whatever the dealer: the API's
deal has no dealer); hands are returned sorted (they are multisets); the kitty keeps its pack order,
which is the order ``kitty-reveal`` turns it (see :mod:`rules.declarations`); ``order`` is the whole
shuffled pack, the order the cards are dealt in, and ``seats`` the seat each card goes to (None for
the kitty), for clients that replay the deal card by card (declaring while dealing).
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from .cards import CARD_KINDS, CARDS, Card
from .decks import copies_in_play, deck_copies
from .ruleset import Ruleset
from .violations import InputError

DOMAIN: Final = b"tractor-rules/deal/v1\x00"
_TWO64 = 1 << 64


@dataclass(frozen=True)
class Deal:
    seed: str
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    order: tuple[Card, ...]
    seats: tuple[int | None, ...] = ()


def seed_bytes(seed: str | bytes | int) -> bytes:
    if isinstance(seed, bool):
        raise InputError("a seed is a string, bytes or an integer", "seed")
    if isinstance(seed, bytes):
        return seed
    if isinstance(seed, int):
        return str(seed).encode("ascii")
    if isinstance(seed, str):
        return seed.encode("utf-8")
    raise InputError("a seed is a string, bytes or an integer", "seed")


def random_words(seed: str | bytes | int) -> Iterator[int]:
    """The 64-bit words of the SHA-256 counter-mode stream for ``seed`` (step 2)."""
    key = DOMAIN + seed_bytes(seed) + b"\x00"
    counter = 0
    while True:
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        for k in range(0, 32, 8):
            yield int.from_bytes(block[k:k + 8], "big")
        counter += 1


def _uniform(words: Iterator[int], m: int) -> int:
    limit = _TWO64 - (_TWO64 % m)
    while True:
        x = next(words)
        if x < limit:
            return x % m


def shuffled_pack(decks: int, seed: str | bytes | int, copies: Sequence[int] | None = None) -> tuple[Card, ...]:
    """The shuffled pack of ``decks`` decks (steps 1, 3, 4): ``copies`` of each card when given."""
    if copies is None:
        pack = [CARDS[c] for _ in range(decks) for c in range(54)]
    else:
        pack = [CARDS[c] for d in range(decks) for c in range(54) if d < copies[c]]
    words = random_words(seed)
    for i in range(len(pack) - 1, 0, -1):
        j = _uniform(words, i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return tuple(pack)


def deal(ruleset: Ruleset, seed: str | int | None = None, first_seat: int = 0, level: int | None = None,
         levels: Sequence[int] | None = None) -> Deal:
    """Shuffle and deal per ``rules``, one card at a time round the table from ``first_seat``; the
    same seed always gives the same deal.  ``level`` is the dealer's (it decides the cards
    ``kitty_fit`` takes out; None: the first hand, its seats at ``levels``, by default every seat at
    ``first_level``).

    ``Deal.seed`` is the seed as text (an int seed gives the same deal as its decimal string).
    """
    if seed is None:
        seed = secrets.token_hex(16)
    if isinstance(seed, bytes):  # type: ignore[unreachable]  # untyped callers (JSON, scripts) may pass bytes
        raise InputError("a deal seed is a string or an integer", "seed")
    text = str(seed_bytes(seed), "utf-8")
    n, size = ruleset.players, ruleset.hand_size
    if isinstance(first_seat, bool) or not isinstance(first_seat, int) or not 0 <= first_seat < n:
        raise InputError(f"first_seat is a seat, 0..{n - 1}", "first_seat")
    if level is not None and levels is not None:
        raise InputError("a first hand's seat levels go without the dealer's level", "levels")
    if levels is not None and len(levels) != n:
        raise InputError(f"levels must list {n} seats", "levels")
    first = (ruleset.first_level,) * n if levels is None else tuple(levels)
    full = ruleset.total_cards == 54 * ruleset.decks and ruleset.removed == 0
    pack = shuffled_pack(ruleset.decks, seed, None if full else
                         copies_in_play(ruleset, level, first if level is None else ()))
    dealt = n * size
    seats = tuple((first_seat + p) % n if p < dealt else None for p in range(len(pack)))
    hands = tuple(tuple(sorted(pack[p] for p in range((s - first_seat) % n, dealt, n))) for s in range(n))
    return Deal(text, hands, tuple(pack[dealt:]), pack, seats)


def unseen_cards(ruleset: Ruleset, *known: Iterable[int]) -> tuple[Card, ...]:
    """The cards of the pack (step 1) that are not among ``known``: for a seat, its hand and the cards
    it has seen, so what the other hands and the kitty may hold (what a throw is judged against when the
    hands are not given, section 6); a short deck holds only its own cards (section 14.10).  More copies
    known than the pack holds is an :class:`InputError`."""
    left = list(deck_copies(ruleset))
    for cards in known:
        for c in cards:
            left[c] -= 1
            if left[c] < 0:
                raise InputError(f"more copies of {CARDS[c]} are known than {ruleset.decks} decks hold", "seen")
    return tuple(CARDS[c] for c in range(CARD_KINDS) for _ in range(left[c]))
