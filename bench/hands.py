"""Whole hands for the adjudication benchmark: random legal games played through the engine.

For a seed: a ruleset preset, a level for every seat (all equal, drawn between the ruleset's first
and last level), dealer seat 0; a shuffled deal; the weakest declaration the first seat (from the
dealer on) can make, or the ruleset's no-declaration outcome (a ruleset that redeals draws the next
seed); the dealer takes the kitty and puts down random cards; then every trick is played: the
leader leads as in :mod:`bench.cases` (singles, pairs, tractors, n-kinds, throws where allowed; a
throw the other hands beat is recorded as its forced play with the throw as ``attempted``), each
other seat plays a random play among ``legal_plays(..., limit=100)``, and ``trick_winner`` names the
next leader.  The result is a :class:`rules.adjudicate.HandRecord` that must adjudicate as legal.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import rules
from rules import Ruleset
from rules.cards import CARDS
from rules.declarations import declaration_options, declaration_state, no_declaration_outcome

from . import cases as C


def _cards(cards) -> tuple:
    return tuple(sorted(CARDS[c] for c in cards))


@dataclass
class Game:
    id: str
    preset: str
    record: object
    tricks: int
    call: Callable[[], object]


def play_game(adj, preset: str, seed: int, case_id: str) -> Game | None:
    rng = random.Random(seed)
    r = Ruleset.preset(preset)
    n = r.players
    level = rng.randint(r.first_level, r.last_level)
    deck = [c for c in range(54) for _ in range(r.decks)]
    rng.shuffle(deck)
    hs = r.hand_size
    dealt = [sorted(deck[i * hs:(i + 1) * hs]) for i in range(n)]
    kitty = deck[n * hs:]
    dealer = 0
    history: list[tuple[int, tuple]] = []
    for k in range(n):
        seat = (dealer + k) % n
        options = declaration_options(r, level, history, seat, dealt[seat])
        if options:
            history.append((seat, tuple(options[0].cards)))
            break
    if history:
        trump = declaration_state(r, level, history).trump
    else:
        trump = no_declaration_outcome(r, level, kitty).trump
        if trump is None:
            return None
    pool = dealt[dealer] + kitty
    rng.shuffle(pool)
    discard = sorted(pool[:len(kitty)])
    hands = [Counter(h) for h in dealt]
    hands[dealer] = Counter(pool[len(kitty):])
    play_cls = adj.Play
    tricks = []
    leader = dealer
    while sum(hands[leader].values()):
        hand = sorted(hands[leader].elements())
        _kind, lead = C.pick_lead(rng, r, trump, hand)
        lead = list(lead)
        others = [(s, sorted(hands[s].elements())) for s in range(n) if s != leader]
        v = rules.check_play(r, trump, hand, lead, seat=leader, others=others)
        if not v.legal:
            raise AssertionError(f"generated lead rejected: {v.violations}")
        if v.throw is not None and v.throw.stands is False:
            cards = list(v.throw.forced_play)
            plays = [play_cls(leader, _cards(cards), _cards(lead))]
            lead = cards
        else:
            plays = [play_cls(leader, _cards(lead))]
        hands[leader].subtract(lead)
        table = [(leader, lead)]
        for k in range(1, n):
            seat = (leader + k) % n
            listing = rules.legal_plays(r, trump, sorted(hands[seat].elements()), lead, limit=100)
            play = list(rng.choice(listing.plays))
            hands[seat].subtract(play)
            plays.append(play_cls(seat, _cards(play)))
            table.append((seat, play))
        tricks.append(tuple(plays))
        leader = rules.trick_winner(r, trump, table).winner
    record = adj.HandRecord(
        rules=r, dealer=dealer, levels=(level,) * n,
        hands=tuple(_cards(h) for h in dealt),
        kitty=_cards(kitty),
        declarations=tuple((s, _cards(c)) for s, c in history),
        kitty_discard=_cards(discard),
        tricks=tuple(tricks))
    return Game(case_id, preset, record, len(tricks), lambda: adj.adjudicate(record))


def random_games(adj, presets, count: int, seed0: int) -> list[Game]:
    out: list[Game] = []
    seed = seed0
    while len(out) < count:
        preset = presets[len(out) % len(presets)]
        g = play_game(adj, preset, seed, f"h-{preset}-{seed}")
        seed += 1
        if g is not None:
            out.append(g)
    return out
