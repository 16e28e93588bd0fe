"""Random legal hands played through the engine (for recorded test data and hypothesis properties).

Every choice comes from the engine's own answers: declarations from ``declaration_options``, leads
from ``legal_plays`` (one unit, or a throw of several disjoint units of one suit), follows from
``legal_plays``; a throw that the real hands beat is recorded as its forced play with the throw as
``attempted``.  Python's ``random.Random(seed)`` drives the choices: the generated files are the test
data, so they do not depend on that generator staying fixed.
"""
from __future__ import annotations

import random
from collections import Counter

from rules.adjudicate import HandRecord, Play
from rules.cards import CARDS
from rules.deal import deal
from rules.declarations import declaration_options, declaration_state, no_declaration_outcome
from rules.follow import check_play
from rules.friends import FriendCall, callable_cards, default_friend_count
from rules.listing import legal_plays
from rules.order import Trump
from rules.ruleset import Partnership, Ruleset
from rules.tricks import trick_winner


def _sorted(cards):
    return tuple(sorted(CARDS[c] for c in cards))


def played_trick(rules: Ruleset, trump: Trump, hands: list[Counter], leader: int, lead_cards: tuple, rng: random.Random,
                 max_follow: int) -> list[Play]:
    """A trick led with ``lead_cards`` (a failed throw recorded as its forced play, the throw as attempted)
    and followed by each other seat with a random legal play (of the first ``max_follow`` listed), each
    play taken out of its seat's ``hands``."""
    n = rules.players
    hand = _sorted(hands[leader].elements())
    others = [(s, _sorted(hands[s].elements())) for s in range(n) if s != leader]
    v = check_play(rules, trump, hand, lead_cards, None, seat=leader, others=others)
    assert v.legal, v.violations
    if v.throw is not None and v.throw.stands is False:
        play = Play(leader, _sorted(v.throw.forced_play), lead_cards)
    else:
        play = Play(leader, lead_cards)
    trick = [play]
    hands[leader] -= Counter(int(c) for c in play.cards)
    for j in range(1, n):
        seat = (leader + j) % n
        lp = legal_plays(rules, trump, _sorted(hands[seat].elements()), lead=play.cards, limit=max_follow)
        cards = _sorted(rng.choice(lp.plays))
        trick.append(Play(seat, cards))
        hands[seat] -= Counter(int(c) for c in cards)
    return trick


def declared_deal(rules: Ruleset, rng: random.Random, draw) -> tuple:
    """The first of at most 50 deals (``draw(attempt)``: the deal, the dealer, the seats' levels) whose
    random declarations (:func:`random_declarations`) leave a trump, with those declarations and the trump."""
    for attempt in range(50):
        d, dealer, levels = draw(attempt)
        history, trump = random_declarations(rules, levels[dealer], d, rng)
        if trump is not None:
            return d, dealer, levels, history, trump
    raise RuntimeError("no playable deal")  # pragma: no cover


def random_declarations(rules: Ruleset, level: int, d, rng: random.Random) -> tuple[list, Trump | None]:
    """Three rounds of declarations, each seat in a random order declaring a random option it has
    (45 % of the time), and the trump they leave (None where no declaration and the kitty decide none)."""
    n = rules.players
    history: list = []
    for _round in range(3):
        for seat in rng.sample(range(n), n):
            opts = declaration_options(rules, level, history, seat, d.hands[seat])
            if opts and rng.random() < 0.45:
                history.append((seat, rng.choice(opts).cards))
    state = declaration_state(rules, level, history)
    return history, state.trump or no_declaration_outcome(rules, level, d.kitty).trump


def random_hand(rules: Ruleset, seed: int, *, throw_rate: float = 0.35, max_follow: int = 200,
                kitty_points: bool | None = None, table: tuple[int, tuple[int, ...]] | None = None) -> HandRecord:
    """A complete random legal hand for ``rules``; the same seed gives the same hand.  ``table``:
    the dealer and the seats' levels (a later hand), else drawn at random."""
    rng = random.Random(seed)
    n = rules.players
    def draw(attempt: int) -> tuple:
        d = deal(rules, f"hand-{seed}-{attempt}", level=None if table is None else table[1][table[0]])
        dealer = rng.randrange(n)
        if rules.partnership is Partnership.FIXED:
            team_levels = [rng.randint(rules.first_level, rules.last_level) for _ in range(2)]
            levels = tuple(team_levels[s % 2] for s in range(n))
        else:
            levels = tuple(rng.randint(rules.first_level, rules.last_level) for _ in range(n))
        if table is not None:
            dealer, levels = table[0], tuple(table[1])
        return d, dealer, levels

    d, dealer, levels, history, trump = declared_deal(rules, rng, draw)

    pool = list(d.hands[dealer]) + list(d.kitty)
    rng.shuffle(pool)
    if kitty_points is not None and rules.kitty:
        # steer the discard: with or without point cards
        pool.sort(key=lambda c: (CARDS[c].points > 0) != kitty_points)
    discard = _sorted(pool[:rules.kitty])
    hands = [Counter(int(c) for c in h) for h in d.hands]
    hands[dealer] = Counter(int(c) for c in pool[rules.kitty:])

    calls: tuple = ()
    if rules.partnership is Partnership.FIND_FRIENDS:
        k = default_friend_count(rules)
        allowed = callable_cards(rules, trump)       # friend_cards (section 14.6)
        calls = tuple(FriendCall(rng.choice(allowed), rng.randint(1, rules.decks)) for _ in range(k))

    tricks = []
    leader = dealer
    while sum(hands[leader].values()):
        hand = _sorted(hands[leader].elements())
        options = legal_plays(rules, trump, hand)
        suit = rng.choice(options.suits)
        units = list(suit.units)
        first = rng.choice(units)
        lead = Counter(int(c) for c in first.all_cards)
        if options.throws_allowed and rng.random() < throw_rate:
            for u in rng.sample(units, len(units)):
                more = lead + Counter(int(c) for c in u.all_cards)
                if all(hands[leader][c] >= k for c, k in more.items()) and rng.random() < 0.6:
                    lead = more
        trick = played_trick(rules, trump, hands, leader, _sorted(lead.elements()), rng, max_follow)
        tricks.append(tuple(trick))
        leader = trick_winner(rules, trump, [(p.seat, p.cards) for p in trick]).winner
    return HandRecord(rules, dealer, levels, d.hands, d.kitty, tuple(history), discard, calls, tuple(tricks))
