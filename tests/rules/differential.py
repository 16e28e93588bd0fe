"""Random positions that stress the rare configurations, and engine-versus-brute-force comparisons.

Shared by the hypothesis properties (tests/rules/test_differential.py) and ``make soak``
(tests/soak.py).  A position is a plain dict (rules as preset + overrides, trump, cards in notation),
so any disagreement prints as a reproducible example.

The generators emphasise what the common deals rarely show: 3-8 decks, many copies of equal-strength
cards (off-suit level cards, side-suit permanent 2s, jokers), every combination of the section 3
parameters that sections 5-8 read as overrides on each preset, throws of 2-5 units with triples
and quads, and follows of such throws.  Hands stay small (at most 16 cards of the led suit) so the
brute force in tests/rules/brute.py stays cheap.

Categories:
- ``decompose``: the engine's canonical decomposition is one of the brute force's canonical splits
  (same units, same cards; section 6);
- ``throw``: the throw's adjudication (section 6).  Where equal cards make several splits share the
  canonical shape list, the engine's answer must be the answer for one of them; answers are
  compared as (stands, forced unit's width and length, its top card's power, the seat that beats
  it), not as card identities, because equal cards tie;
- ``follow``: single play checks, legal or not and the violation code (section 7);
- ``legal``: the full list and the count of legal follows (section 7);
- ``trick``: the winner and which plays match the format (section 8);
- ``all-units-trick``: tricks under ``all-units`` led by throws of 2-5 units with singles beside
  multi-card units, on 2-8 decks, whose other plays copy the lead's format in the led suit or in
  trump, so that the singles are often what decides (section 8: every unit, singles included);
- ``natural-trick`` and ``natural-throw``: ``natural`` adjacency with ``trump-order`` ranking (and
  sometimes ``face-value``), trump leads of runs through a level card or a permanent 2 (``4♣4♣5♣5♣``
  at level 5, ``A♥A♥2♥2♥``), where a run's top card is its high end in the run's own order
  (sections 6 and 8).
"""
from __future__ import annotations

import random
from collections import Counter

import rules
from rules.cards import CARDS, NT, format_cards, parse_cards
from rules.decks import deck_copies
from rules.order import TRUMP, Trump, order_for
from rules.ruleset import Ruleset, RulesetError
from rules.violations import InputError
from tests.rules.brute import Reference

CATEGORIES = ("decompose", "throw", "follow", "legal", "trick", "protected-follow", "protected-legal",
              "all-units-trick", "natural-trick", "natural-throw")
PROTECTIONS = ["none", "longer-tuples", "tractors", "longer-tuples-and-tractors", "suit-only"]
PRESETS = ("tuolaji", "shengji", "qq", "4399", "four-deck", "pagat")
# The section 3 parameters that sections 5-8 read, with their values.
PARAMETERS = {
    "permanent_twos": [False, True],
    "tractor_adjacency": ["trump-order", "natural"],
    "tractor_ranking": ["trump-order", "face-value"],
    "tractor_obligation": [True, False],
    "follow_ladder": ["width-first", "shengji-3deck"],
    "wider_substitutes": [False, True],
    "trick_compare": ["largest-unit-first", "highest-card", "all-units"],
    "follow_protection": PROTECTIONS,
    "tractor_min_width": [2, 3, 4],        # section 14.3 (above the decks: invalid, drawn again)
    "tractor_min_length": [2, 3, 4],
    "bombs": ["none", "any-suit", "follow-suit"],        # section 14.1 (4-8 decks make them)
    "rainbow_min": [4, 4, 5, 6, 8, 9, 12, 17],            # section 14.2 (above 4·decks: drawn again)
    "jokers": ["both", "both", "none", "big-only", "small-only"],   # section 14.10
    "deck_min_rank": ["2", "2", "3"],                               # (above first_level: invalid, drawn again)
}
SUITS = ["S", "H", "C", "D", None]
MAX_LISTING = 2500      # sub-multisets the legal-play brute force may enumerate


def rank_text(level: int) -> str:
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(level, str(level))


# -- generation ----------------------------------------------------------------------------------
def random_rules(rng: random.Random, *, throws: bool = False) -> dict:
    """A preset with a random subset of the section 3 overrides; 3-8 decks most of the time."""
    preset = rng.choice(PRESETS)
    decks = rng.choice([1, 2, 3, 3, 3]) if preset == "shengji" else rng.choice([1, 2, 3, 3, 4, 4, 5, 6, 7, 8])
    spec: dict = {"preset": preset, "decks": decks}
    for name, values in PARAMETERS.items():
        if rng.random() < 0.5:
            spec[name] = rng.choice(values)
    if throws:
        spec["throws"] = True
    return spec


def ruleset(spec: dict) -> Ruleset:
    return Ruleset.from_dict(spec)


def random_trump(rng: random.Random) -> Trump:
    level = rng.randint(2, 15)          # 15: NT, the level after A (section 14.9): no level cards, no suit
    return Trump(level, None if level == NT else rng.choice(SUITS))


class Pool:
    """The cards left in the decks, and a few "focus" cards per effective suit that are drawn
    often: runs of adjacent cards and their equal-strength siblings (off-suit level cards,
    side-suit permanent 2s), so that pairs, triples, tractors and ties are common."""

    def __init__(self, rng: random.Random, rs: Ruleset, trump: Trump):
        self.rng = rng
        self.order = order_for(rs, trump)
        self.left = Counter(dict(enumerate(deck_copies(rs))))      # short decks (section 14.10)
        self.focus: dict[int, list[int]] = {}
        self.lengths = [1, 1, 2, 2, 3] + [rs.tractor_min_length] * (2 if rs.tractor_min_length > 2 else 0)

    def suits(self) -> list[int]:
        """The effective suits the decks hold cards of (at level NT without jokers, no trumps)."""
        return sorted({self.order.eff[c] for c in range(54) if self.left[c]})

    def suit_cards(self, suit: int) -> list[int]:
        return [c for c in range(54) if self.order.eff[c] == suit]

    def focus_of(self, suit: int) -> list[int]:
        if suit not in self.focus:
            order, rng = self.order, self.rng
            cards = self.suit_cards(suit)
            strength = order.strength
            k = rng.randint(3, 7)
            if suit == TRUMP and rng.random() < 0.7:
                # start low in the trump order, among the cards that tie
                ties = [c for c in cards if sum(strength[d] == strength[c] for d in cards) > 1]
                start = rng.choice(ties or cards)
            else:
                start = rng.choice(cards)
            chosen = [start]
            while len(chosen) < min(k, len(cards)):
                base = rng.choice(chosen)
                near = order.next_first[base] + order.next_mid[base] + self.below(base)
                options = [d for d in near if d not in chosen]
                options += [d for d in cards if strength[d] == strength[base] and d not in chosen]
                if not options or rng.random() < 0.15:
                    options = [d for d in cards if d not in chosen]
                chosen.append(rng.choice(options))
            self.focus[suit] = chosen
        return self.focus[suit]

    def below(self, card: int) -> tuple[int, ...]:
        """The cards that have `card` adjacent above them."""
        order = self.order
        return tuple(d for d in range(54) if card in order.next_first[d] or card in order.next_mid[d])

    def take(self, card: int, k: int = 1) -> list[int]:
        k = min(k, self.left[card])
        self.left[card] -= k
        return [card] * k

    def draw(self, suit: int, count: int, focus_rate: float = 0.85) -> list[int]:
        """`count` cards of `suit` (fewer when the suit runs out), mostly focus cards."""
        out: list[int] = []
        focus = self.focus_of(suit)
        for _ in range(count):
            pool = [c for c in focus if self.left[c]] if self.rng.random() < focus_rate else []
            if not pool:
                pool = [c for c in self.suit_cards(suit) if self.left[c]]
            if not pool:
                break
            out += self.take(self.rng.choice(pool))
        return out

    def unit(self, suit: int, width: int, length: int) -> list[int] | None:
        """A unit (width, length) of `suit` from the pool, from a focus card where possible."""
        order, rng = self.order, self.rng
        starts = [c for c in self.focus_of(suit) if self.left[c] >= width]
        if not starts or rng.random() < 0.2:
            starts = [c for c in self.suit_cards(suit) if self.left[c] >= width]
        rng.shuffle(starts)
        for start in starts[:6]:
            run = [start]
            while len(run) < length:
                nxt = [d for d in (order.next_first if len(run) == 1 else order.next_mid)[run[-1]]
                       if self.left[d] >= width and d not in run]
                if not nxt:
                    break
                run.append(rng.choice(nxt))
            if len(run) == length:
                return [c for c in run for _ in self.take(c, width)]
        return None

    def units(self, suit: int, count: int, max_cards: int) -> list[int]:
        """Up to `count` random units of `suit`: widths 1-4 (triples and quads often), lengths 1-3."""
        rng = self.rng
        out: list[int] = []
        decks = max(self.left.values(), default=1)
        for _ in range(count):
            width = min(rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 6, 8]), decks)
            length = 1 if width == 1 else rng.choice(self.lengths)
            if len(out) + width * length > max_cards:
                width, length = 1, 1
                if len(out) + 1 > max_cards:
                    break
            got = self.unit(suit, width, length)
            if got is None:
                got = self.unit(suit, 1, 1) or []
            out += got
        return out

    def others(self, suit: int, count: int) -> list[int]:
        pool = [c for c in range(54) if self.order.eff[c] != suit and self.left[c]]
        return [c for c in self.rng.sample(pool, min(count, len(pool))) for _ in self.take(c)]


def bombing(rng: random.Random, rs: Ruleset) -> bool:
    """Whether this position is one made for bombs (section 14.1): leads of 4 to ``decks`` cards."""
    return rs.bombs.value != "none" and rs.decks >= 4 and rng.random() < 0.8


def bomb_lead(rng: random.Random, pool: Pool, suit: int, rs: Ruleset) -> list[int]:
    """A lead of 4..decks cards of ``suit``: units, topped up with cards, or a bomb itself."""
    n = rng.randint(4, rs.decks)
    if rng.random() < 0.2:
        card = rng.choice([c for c in pool.suit_cards(suit) if pool.left[c] >= n] or [None])
        if card is not None:
            return pool.take(card, n)
    lead = pool.units(suit, rng.randint(1, 3), n)
    lead += pool.draw(suit, n - len(lead))
    return lead


def bombs_for(rng: random.Random, pool: Pool, suit: int, n: int, count: int) -> list[int]:
    """Up to ``count`` bombs of ``n`` (or one more) cards: of the led suit, trumps or other suits."""
    out: list[int] = []
    for _ in range(count):
        kind = rng.random()
        cards = pool.suit_cards(suit) if kind < 0.35 else (pool.suit_cards(TRUMP) if kind < 0.65 else range(54))
        options = [c for c in cards if pool.left[c] >= n]
        if options:
            out += pool.take(rng.choice(options), n + (rng.random() < 0.3))
    return out


def rainbow_ranks(pool: Pool) -> list[int]:
    """Printed ranks whose four suits are four effective suits (not the level, nor permanent 2s)."""
    order = pool.order
    return [r for r in range(2, 15) if len({order.eff[s * 13 + r - 2] for s in range(4)}) == 4]


def rainbow_group(rng: random.Random, pool: Pool, rank: int, size: int) -> list[int]:
    """``size`` cards of ``rank``, one of each suit first (fewer when the decks run out)."""
    cards = [s * 13 + rank - 2 for s in range(4)]
    out: list[int] = []
    for c in cards:
        out += pool.take(c)
    while len(out) < size and any(pool.left[c] for c in cards):
        out += pool.take(rng.choice([c for c in cards if pool.left[c]]))
    return out


def rank_cluster(rng: random.Random, pool: Pool, rank: int, size: int) -> list[int]:
    """Up to ``size`` cards of one printed rank, in random suits."""
    out: list[int] = []
    for _ in range(size):
        options = [s * 13 + rank - 2 for s in range(4) if pool.left[s * 13 + rank - 2]]
        if not options:
            break
        out += pool.take(rng.choice(options))
    return out


def _rainbow_position(rng: random.Random, category: str, spec: dict, rs: Ruleset, trump: Trump,
                      pool: Pool) -> dict | None:
    """A rainbow lead (section 14.2), or a rainbow throw of 2-3 groups where throws are allowed, and
    the follow, the trick or the other hands: clusters of one printed rank and a few other cards."""
    ranks = rainbow_ranks(pool)
    least = rs.rainbow_min or 4
    groups = rng.randint(2, 3) if category == "throw" or (rs.throws and rng.random() < 0.3) else 1
    if not rs.throws and category != "throw":
        groups = 1
    if len(ranks) < groups:
        return None
    lead: list[int] = []
    sizes = []
    for r in rng.sample(ranks, groups):
        size = rng.randint(least, max(least, min(4 * rs.decks, least + 3, 10 if category == "legal" else 16)))
        got = rainbow_group(rng, pool, r, size)
        if len(got) < least:
            return None
        lead += got
        sizes.append(len(got))
    if category == "decompose":
        return _position(spec, trump, cards=lead)
    n = len(lead)

    def clusters(total: int) -> list[int]:
        out: list[int] = []
        for _ in range(rng.randint(1, 3)):
            out += rank_cluster(rng, pool, rng.randint(2, 14), rng.choice(sizes) + rng.randint(-1, 2))
        out += pool.others(-1, rng.randint(0, 3))
        return out[:total] if total else out

    if category == "throw":
        leader = rng.randrange(rs.players)
        others = [(seat, clusters(0)) for seat in range(rs.players) if seat != leader]
        return _position(spec, trump, lead=lead, leader=leader, others=others)
    if category == "trick":
        plays = [(0, lead)]
        for seat in (1, 2, 3):
            cards = clusters(n)
            cards += pool.others(-1, n - len(cards))
            if len(cards) < n:
                return None
            plays.append((seat, cards[:n]))
        return _position(spec, trump, plays=plays)
    hand = clusters(0)
    while len(hand) < n:
        got = pool.others(-1, n - len(hand))
        if not got:
            return None
        hand += got
    if category == "legal":
        while _count_submultisets(Counter(hand), n) > MAX_LISTING and len(hand) > n:
            hand.remove(rng.choice(hand))
    return _position(spec, trump, lead=lead, hand=hand)


def lead_suit(rng: random.Random, pool: Pool) -> int:
    suits = pool.suits()
    if TRUMP not in suits:          # no trumps in these decks (level NT without jokers or permanent 2s)
        return rng.choice(suits)
    return TRUMP if rng.random() < 0.6 else rng.choice([s for s in suits if s != TRUMP] or [TRUMP])


def names(cards) -> list[str]:
    return format_cards(sorted(CARDS[c] for c in cards))


def _base(rng: random.Random, throws: bool) -> tuple[dict, Ruleset, Trump, Pool]:
    while True:
        spec = random_rules(rng, throws=throws)
        try:
            rs = ruleset(spec)
        except RulesetError:
            continue
        trump = random_trump(rng)
        return spec, rs, trump, Pool(rng, rs, trump)


def _position(spec: dict, trump: Trump, **cards) -> dict:
    out = {"rules": spec, "trump": trump.to_dict()}
    for key, value in cards.items():
        if key in ("others", "plays"):
            out[key] = [[seat, names(c)] for seat, c in value]
        elif isinstance(value, int):
            out[key] = value
        else:
            out[key] = names(value)
    return out


def _special(rng: random.Random, category: str) -> tuple[dict, Ruleset, Trump, Pool]:
    """The ruleset, trump and pool of the ``all-units-`` and ``natural-`` categories."""
    while True:
        spec, rs, trump, pool = _base(rng, True)
        if category == "all-units-trick":
            spec["trick_compare"] = "all-units"
            if spec["preset"] != "shengji":
                spec["decks"] = rng.randint(2, 8)
        else:
            spec["tractor_adjacency"] = "natural"
            spec["tractor_ranking"] = "trump-order" if rng.random() < 0.8 else "face-value"
            if rng.random() < 0.6:
                spec["permanent_twos"] = True
            if trump.suit is None and trump.level != NT and rng.random() < 0.7:
                trump = Trump(trump.level, rng.choice(SUITS[:4]))
        try:
            rs = ruleset(spec)
        except RulesetError:
            continue
        pool = Pool(rng, rs, trump)
        if category != "all-units-trick":
            if TRUMP not in pool.suits():       # natural trumps need trumps: NT without jokers has none
                continue
            _focus_through_level(rng, pool, trump)
        return spec, rs, trump, pool


def _focus_through_level(rng: random.Random, pool: Pool, trump: Trump) -> None:
    """Trump focus cards along a run of natural adjacency through a level card or a permanent 2:
    start there and walk up and down the adjacent cards."""
    order = pool.order
    starts = [c for c in pool.suit_cards(TRUMP) if c < 52 and CARDS[c].rank in (trump.level, 2) and pool.left[c]]
    if not starts:          # level NT without permanent 2s, or a short deck without them
        return
    chosen = [rng.choice(starts)]
    for _ in range(rng.randint(2, 5)):
        base = rng.choice(chosen)
        near = [d for d in order.next_first[base] + order.next_mid[base] + pool.below(base)
                if order.eff[d] == TRUMP and d not in chosen]
        if near:
            chosen.append(rng.choice(near))
    pool.focus[TRUMP] = chosen


def _mirror(rng: random.Random, rs: Ruleset, pool: Pool, fmt, suit: int, n: int, *, keep: float = 1.0,
            wider_rate: float = 0.2, focus_rate: float = 0.9, singles: bool = False) -> list[int]:
    """`n` cards of `suit` that copy the format `fmt` unit by unit where the pool allows (each unit
    with probability `keep`, a wider substitute sometimes; single units too where `singles`), the
    rest drawn mostly from the focus cards."""
    cards: list[int] = []
    for w, length in fmt:
        if ((w, length) == (1, 1) and not singles) or (keep < 1 and rng.random() >= keep):
            continue
        if rs.wider_substitutes and rng.random() < wider_rate and w * length > 1:
            total = w * length
            wider = [(w2, total // w2) for w2 in range(w + 1, total + 1) if total % w2 == 0]
            if wider:
                w, length = rng.choice(wider)
        got = pool.unit(suit, w, length)
        if got is not None and len(cards) + len(got) <= n:
            cards += got
    cards += pool.draw(suit, n - len(cards), focus_rate=focus_rate)
    if len(cards) < n:
        cards += pool.others(-1, n - len(cards))
    return cards[:n]


def _special_position(rng: random.Random, category: str) -> dict:
    spec, rs, trump, pool = _special(rng, category)
    if category == "all-units-trick":
        suit = lead_suit(rng, pool)
        lead = pool.units(suit, rng.randint(1, 4), 10) + pool.draw(suit, rng.randint(1, 3), focus_rate=0.9)
    else:
        suit = TRUMP
        lead = pool.units(suit, rng.randint(1, 3), 12)
        if rng.random() < 0.4:
            lead += pool.draw(suit, rng.randint(1, 2), focus_rate=0.9)
    if category == "natural-throw":
        leader = rng.randrange(rs.players)
        others = [(seat, pool.units(suit, rng.randint(1, 3), 8) + pool.others(suit, rng.randint(0, 2)))
                  for seat in range(rs.players) if seat != leader]
        return _position(spec, trump, lead=lead, leader=leader, others=others)
    fmt = Reference(rs, trump).lead_units(lead)
    plays = [(0, lead)]
    for seat in (1, 2, 3):
        kind = rng.random()
        play_suit = suit if kind < 0.5 else (TRUMP if kind < 0.9 else rng.choice(pool.suits()))
        plays.append((seat, _mirror(rng, rs, pool, fmt, play_suit, len(lead))))
    return _position(spec, trump, plays=plays)


def generate(rng: random.Random, category: str) -> dict:
    """A random position of `category` (see the module docstring).  The ``protected-`` categories
    are follows and listings on 2-4 decks under a random ``follow_protection`` value, with
    single-unit, tractor and throw leads."""
    if category.startswith(("all-units-", "natural-")):
        return _special_position(rng, category)
    throws = category in ("throw", "trick") or rng.random() < 0.7
    if category.startswith("protected-"):
        category = category.removeprefix("protected-")
        while True:
            spec, rs, trump, pool = _base(rng, throws)
            spec["decks"] = rng.choice([2, 3, 4]) if spec["preset"] != "shengji" else rng.choice([2, 3])
            spec["follow_protection"] = rng.choice(PROTECTIONS)
            try:
                rs = ruleset(spec)
            except RulesetError:
                continue
            pool = Pool(rng, rs, trump)
            break
    else:
        spec, rs, trump, pool = _base(rng, throws)
    if rs.rainbow_min is not None and rng.random() < 0.6:
        found = _rainbow_position(rng, category, spec, rs, trump, Pool(rng, rs, trump))
        if found is not None:
            return found
    suit = lead_suit(rng, pool)
    if category == "decompose":
        if rng.random() < 0.5:
            cards = pool.units(suit, rng.randint(1, 6), 16)
        else:
            cards = pool.draw(suit, rng.randint(2, 16), focus_rate=0.95)
        return _position(spec, trump, cards=cards)
    max_lead = {"throw": 16, "follow": 14}.get(category, 10)
    n_units = rng.randint(2, 5) if category == "throw" else (rng.randint(1, 5) if rs.throws else 1)
    bombs = category != "throw" and bombing(rng, rs)
    if bombs:
        lead = bomb_lead(rng, pool, suit, rs)
    elif rs.throws and rng.random() < 0.3:
        lead = pool.draw(suit, rng.randint(2, max_lead), focus_rate=0.95)
    else:
        lead = pool.units(suit, n_units, max_lead)
    if category == "throw":
        leader = rng.randrange(rs.players)
        others = []
        for seat in range(rs.players):
            if seat != leader:
                others.append((seat, pool.draw(suit, rng.randint(0, 8)) + pool.others(suit, rng.randint(0, 2))))
        return _position(spec, trump, lead=lead, leader=leader, others=others)
    if category == "trick":
        n = len(lead)
        plays = [(0, lead)]
        suits = pool.suits()
        for seat in (1, 2, 3):
            kind = rng.random()
            play_suit = suit if kind < 0.45 else (TRUMP if kind < 0.8 else rng.choice(suits))
            fmt = Reference(rs, trump).lead_units(lead)
            cards = _mirror(rng, rs, pool, fmt, play_suit, n, keep=0.8, wider_rate=0.3, focus_rate=0.6,
                            singles=True)
            if rng.random() < 0.1:  # a mixed discard
                cards = cards[:-1] + pool.others(play_suit, 1)
            if bombs and rng.random() < 0.5:
                cards = bombs_for(rng, pool, suit, n, 1)[:n] or cards
            plays.append((seat, cards[:n]))
        return _position(spec, trump, plays=plays)
    # follow / legal
    n = len(lead)
    shape = rng.random()
    if shape < 0.75:
        held = n + rng.randint(1, 8)
    elif shape < 0.92:
        held = rng.randint(1, n)
    else:
        held = 0
    hand = pool.draw(suit, min(held, 20 if category == "follow" else 16)) + pool.others(suit, rng.randint(0, 3))
    if bombs:
        hand += bombs_for(rng, pool, suit, n, rng.randint(1, 3))
    if len(hand) < n:
        hand += pool.others(suit, n - len(hand))
    if category == "legal":
        hand = _trim(rng, rs, trump, hand, lead)
    return _position(spec, trump, lead=lead, hand=hand)


def _count_submultisets(counts: Counter, k: int) -> int:
    poly = [1]
    for m in counts.values():
        nxt = [0] * (len(poly) + m)
        for i, a in enumerate(poly):
            if a:
                for j in range(m + 1):
                    nxt[i + j] += a
        poly = nxt
    return poly[k] if k < len(poly) else 0


def _trim(rng, rs, trump, hand, lead):
    """Drop suit cards until the brute force's enumeration stays small."""
    eff = order_for(rs, trump).eff
    suit = eff[lead[0]]
    n = len(lead)
    hand = list(hand)
    while True:
        held = Counter(c for c in hand if eff[c] == suit)
        total = sum(held.values())
        size = _count_submultisets(held, n) if total > n else _count_submultisets(
            Counter(c for c in hand if eff[c] != suit), n - total)
        if size <= MAX_LISTING or total <= n + 1:
            return hand
        hand.remove(rng.choice([c for c in hand if eff[c] == suit]))


# -- comparison ----------------------------------------------------------------------------------
def load(position: dict):
    rs = ruleset(position["rules"])
    trump = Trump(position["trump"]["level"], position["trump"]["suit"])
    return rs, trump


def cards_of(texts) -> list[int]:
    return [int(c) for c in parse_cards(texts)]


def compare(position: dict, category: str, rng: random.Random | None = None) -> dict | None:
    """None when the engine agrees with the brute force on `position`, else what each answered.

    An engine refusal (``InputError``: a position past its work bound) is reported as
    ``{"refused": ...}``, which the callers count apart from disagreements."""
    rs, trump = load(position)
    ref = Reference(rs, trump)
    try:
        return COMPARE[category](rs, trump, ref, position, rng or random.Random(0))
    except InputError as exc:
        return {"refused": str(exc)}


def _engine_split(fmt) -> tuple:
    return tuple(sorted((u.width, tuple(sorted(int(c) for c in u.cards))) for u in fmt.units))


def _compare_decompose(rs, trump, ref, position, rng):
    cards = cards_of(position["cards"])
    fmt = rules.decompose(rs, trump, cards)
    groups = ref.rainbow(cards)
    if groups is not None:
        got = sorted((u.width, u.cards[0].rank) for u in fmt.units)
        if fmt.suit != "rainbow" or got != sorted((k, r) for r, k in groups.items()) \
                or fmt.is_throw != (len(groups) > 1):
            return {"engine": [format_cards(u.all_cards) for u in fmt.units], "brute": groups}
        return None
    splits = ref.canonical_splits(cards)
    wanted = {tuple(sorted((w, tuple(sorted(run))) for w, run in split)) for split in splits}
    shapes = [(w, length) for w, length in ref.lead_units(cards)]
    got_shapes = [(u.width, u.length) for u in fmt.units]
    if got_shapes != shapes or _engine_split(fmt) not in wanted:
        return {"engine": [format_cards(u.all_cards) for u in fmt.units],
                "brute": [names(c for c in run for _ in range(w)) for w, run in splits[0]]}
    return None


def _compare_throw(rs, trump, ref, position, rng):
    lead = cards_of(position["lead"])
    others = [(seat, cards_of(c)) for seat, c in position["others"]]
    leader = position["leader"]
    got = rules.adjudicate_throw(rs, trump, leader, lead, others)
    order = order_for(rs, trump)
    if got.stands:
        mine = (True, None, None, None)
    elif got.forced_unit.kind == "rainbow":
        u = got.forced_unit
        mine = (False, (u.width, u.length), ("rank", u.cards[0].rank), got.beaten_by)
    else:
        u = got.forced_unit
        mine = (False, (u.width, u.length), order.power[u.cards[-1]], got.beaten_by)
    expected = ref.throw_outcomes(leader, lead, others)
    if mine not in expected:
        def show(o):
            return {"stands": o[0], "forced": None if o[0] else {"width": o[1][0], "length": o[1][1]},
                    "forced_top_power": o[2], "beaten_by": o[3]}
        return {"engine": dict(show(mine), forced_play=None if got.stands else format_cards(got.forced_play)),
                "brute": [show(o) for o in sorted(expected, key=repr)]}
    return None


def _sample_plays(rng, hand, lead, eff, engine_legal):
    """Plays to check: some the engine lists as legal (the brute force must agree), and random
    n-card plays, mostly of the led suit (those are the ones the obligation judges)."""
    n = len(lead)
    suit = eff[lead[0]]
    in_suit = [c for c in hand if eff[c] == suit]
    rest = [c for c in hand if eff[c] != suit]
    plays = [list(p) for p in rng.sample(engine_legal, min(3, len(engine_legal)))]
    for _ in range(5):
        k = min(len(in_suit), n if rng.random() < 0.8 else rng.randint(0, n))
        play = rng.sample(in_suit, k) + rng.sample(rest, min(len(rest), n - k))
        if len(play) < n:
            play += rng.sample([c for c in in_suit if play.count(c) < in_suit.count(c)], n - len(play))
        plays.append(play)
    return [tuple(sorted(int(c) for c in p)) for p in plays]


def _compare_follow(rs, trump, ref, position, rng):
    hand = cards_of(position["hand"])
    lead = cards_of(position["lead"])
    pos = ref.position(hand, lead)
    engine_legal = list(rules.legal_plays(rs, trump, hand, lead, limit=20).plays)
    for play in _sample_plays(rng, hand, lead, ref.order.eff, engine_legal):
        verdict = rules.check_play(rs, trump, hand, play, lead)
        code = pos.violation(play)
        codes = [v.code for v in verdict.violations]
        if verdict.legal != (code is None) or (code is not None and code not in codes):
            return {"play": names(play), "engine": codes or "legal", "brute": code or "legal"}
    return None


def _compare_legal(rs, trump, ref, position, rng):
    hand = cards_of(position["hand"])
    lead = cards_of(position["lead"])
    expected = ref.position(hand, lead).legal_plays()
    got = rules.legal_plays(rs, trump, hand, lead, limit=1000)
    listed = {tuple(sorted(int(c) for c in p)) for p in got.plays}
    ok = got.count_exact and got.count == len(expected)
    ok = ok and (listed == expected if len(expected) <= 1000 else listed <= expected)
    if not ok:
        return {"engine": {"count": got.count, "exact": got.count_exact,
                           "only_engine": [names(p) for p in sorted(listed - expected)][:5]},
                "brute": {"count": len(expected), "only_brute": [names(p) for p in sorted(expected - listed)][:5]}}
    return None


def _compare_trick(rs, trump, ref, position, rng):
    plays = [(seat, cards_of(c)) for seat, c in position["plays"]]
    got = rules.trick_winner(rs, trump, plays)
    best, matches = ref.trick([c for _, c in plays])
    mine = (got.winning_index, tuple(p.matches_format for p in got.plays))
    if mine != (best, matches):
        return {"engine": {"winning_index": mine[0], "matches": list(mine[1])},
                "brute": {"winning_index": best, "matches": list(matches)},
                "tag": f"trick_compare {rs.trick_compare.value}"}
    return None


def _compare_protected_legal(rs, trump, ref, position, rng):
    found = _compare_legal(rs, trump, ref, position, rng)
    if found is not None:
        return found
    hand = cards_of(position["hand"])
    lead = cards_of(position["lead"])
    for play in rules.legal_plays(rs, trump, hand, lead, limit=50).plays:
        verdict = rules.check_play(rs, trump, hand, list(play), lead)
        if not verdict.legal:
            return {"engine": {"listed but judged illegal": names(play),
                               "codes": [v.code for v in verdict.violations]}, "brute": "legal"}
    return None


COMPARE = {"decompose": _compare_decompose, "throw": _compare_throw, "follow": _compare_follow,
           "legal": _compare_legal, "trick": _compare_trick, "protected-follow": _compare_follow,
           "protected-legal": _compare_protected_legal, "all-units-trick": _compare_trick,
           "natural-trick": _compare_trick, "natural-throw": _compare_throw}


def run_one(seed: int, index: int, category: str | None = None) -> tuple[str, dict, dict | None]:
    """Generate and compare position `index` of the run `seed` (a category per index by default)."""
    rng = random.Random(f"{seed}-{index}")
    category = category or CATEGORIES[index % len(CATEGORIES)]
    position = generate(rng, category)
    return category, position, compare(position, category, rng)
