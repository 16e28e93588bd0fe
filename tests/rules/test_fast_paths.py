"""The engine's fast paths answer exactly what its general machinery answers.

Every shortcut in ``rules/`` that decides a common shape without the general search (see
``_owed_without_violation`` and ``_owed_by_pairs`` in rules/follow.py) is switched off here by the
``shortcuts`` parameter of the check, the obligation and the trick comparison, and the answers with
and without it are compared over random positions: the positions of
tests/rules/differential.py (3-8 decks, every section 3 override, every ``follow_protection``) and
plain 2-deck deals under the presets, with legal and random plays.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import rules
from rules import follow
from rules import listing as listings
from rules import obligation as obligations
from rules.budget import Budget, WorkExceeded
from rules.cards import CARDS, tally
from rules.order import Trump, order_for
from rules.rainbows import lead_format
from rules.ruleset import Ruleset, RulesetError
from rules.units import decompose_with
from tests.rules.differential import cards_of, generate, load

SEEDS = st.integers(0, 2 ** 63 - 1)
PRESETS_2 = ("tuolaji", "shengji", "qq", "4399", "pagat")


def bounded(examples: int):
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    phases=(Phase.explicit, Phase.generate), suppress_health_check=[HealthCheck.too_slow])


def answer(rs, trump, hand, play, lead, shortcuts=True):
    """The follow's verdict as rules.check_play gives it; without ``shortcuts`` every answer comes
    from the general machinery."""
    try:
        order = order_for(rs, trump)
        v = follow.check_follow(rs, order, hand, play, follow.parse_lead(order, lead), shortcuts=shortcuts)
    except rules.InputError as exc:
        return ("refused", str(exc))
    assert shortcuts is False or v == rules.check_play(rs, trump, hand, play, lead)
    return (v.legal, v.violations, v.owed, v.play, v.throw)


def plays_for(rng: random.Random, rs, trump, hand: list[int], lead: list[int]) -> list[tuple[int, ...]]:
    """Some listed legal plays, random plays of the led suit, and random plays of the whole hand."""
    n = len(lead)
    order = order_for(rs, trump)
    suit = order.eff[lead[0]]
    out = [tuple(p) for p in rules.legal_plays(rs, trump, hand, lead, limit=30).plays]
    out = rng.sample(out, min(4, len(out)))
    in_suit = [c for c in hand if order.eff[c] == suit]
    for _ in range(4):
        k = min(len(in_suit), n)
        play = rng.sample(in_suit, k)
        rest = list(hand)
        for c in play:
            rest.remove(c)
        play += rng.sample(rest, n - k)
        out.append(tuple(sorted(play)))
    if len(hand) >= n:
        out.append(tuple(sorted(rng.sample(hand, n))))
    return out


def agree(rs, trump, hand: list[int], lead: list[int], rng: random.Random) -> None:
    for play in plays_for(rng, rs, trump, hand, lead):
        fast = answer(rs, trump, hand, play, lead)
        slow = answer(rs, trump, hand, play, lead, shortcuts=False)
        assert fast == slow, (rs.to_dict(), trump, [str(CARDS[c]) for c in hand],
                              [str(CARDS[c]) for c in lead], [str(CARDS[c]) for c in play])


def led_suit(rs, trump, hand: list[int], lead: list[int]):
    """The order, the lead's format and the follower's cards of the led suit as a count map."""
    order = order_for(rs, trump)
    suit = order.eff[lead[0]]
    held: dict[int, int] = {}
    for c in hand:
        if order.eff[c] == suit:
            held[c] = held.get(c, 0) + 1
    return order, lead_format(order, lead), held


def mixed_position(rng: random.Random, categories: list[str]):
    """Half the time a 2-deck deal, else a stress position of one of ``categories``."""
    if rng.random() < 0.5:
        return two_deck_position(rng)
    position = generate(rng, rng.choice(categories))
    rs, trump = load(position)
    return rs, trump, cards_of(position["hand"]), cards_of(position["lead"])


def owed_agrees(rs, trump, hand: list[int], lead: list[int], rng: random.Random) -> int:
    """The fast owed shape, where given, is the obligation's strongest shape and the play realizes it."""
    order, fmt, held = led_suit(rs, trump, hand, lead)
    suit = order.eff[lead[0]]
    if sum(held.values()) <= len(lead):
        return 0
    decided = 0
    for play in plays_for(rng, rs, trump, hand, lead):
        played: dict[int, int] = {}
        for c in play:
            if order.eff[c] == suit:
                played[c] = played.get(c, 0) + 1
        obligation = obligations.Obligation(rs, order, fmt, held, Budget(obligations.FOLLOW_WORK))
        by_pairs = follow._owed_by_pairs(rs, order, fmt, held, played)
        if by_pairs is not None:
            decided += 1
            owed = obligation.strongest()
            assert by_pairs[0] == tuple(owed)
            assert by_pairs[1] == (not owed or obligation.realize(played, owed) is not None)
        fast = follow._owed_without_violation(rs, order, fmt, held, played, Budget(obligations.FOLLOW_WORK))
        if fast is None:
            continue
        decided += 1
        owed = obligation.strongest()
        assert fast == tuple(owed)
        assert not owed or obligation.realize(played, owed) is not None
    return decided


def two_deck_position(rng: random.Random):
    """A 2-deck deal under a preset: the follower's hand and a lead of one to four units of one suit."""
    rs = Ruleset.preset(rng.choice(PRESETS_2))
    trump = Trump(rng.randint(2, 14), rng.choice(["S", "H", "C", "D", None]))
    deck = [c for c in range(54) for _ in range(rs.decks)]
    rng.shuffle(deck)
    size = rng.randint(4, rs.hand_size)
    hand, rest = deck[:size], deck[size:]
    order = order_for(rs, trump)
    options = rules.legal_plays(rs, trump, rest[:rs.hand_size])
    suits = [s for s in options.suits if s.units]
    s = rng.choice(suits)
    units = rng.sample(list(s.units), min(len(s.units), rng.choice([1, 1, 1, 2, 3, 4])))
    lead: list[int] = []
    for u in units:
        cards = [int(c) for c in u.all_cards]
        if all(lead.count(c) + cards.count(c) <= rs.decks for c in cards):
            lead += cards
    assert lead and len({order.eff[c] for c in lead}) == 1
    return rs, trump, sorted(hand), sorted(lead)


@bounded(400)
@given(SEEDS)
def test_fast_follow_verdicts_equal_the_general_ones_on_two_deck_deals(seed):
    rng = random.Random(seed)
    rs, trump, hand, lead = two_deck_position(rng)
    if len(hand) < len(lead):
        return
    agree(rs, trump, hand, lead, rng)


@bounded(400)
@given(SEEDS)
def test_fast_follow_verdicts_equal_the_general_ones_on_stress_positions(seed):
    rng = random.Random(seed)
    position = generate(rng, rng.choice(["follow", "protected-follow"]))
    rs, trump = load(position)
    agree(rs, trump, cards_of(position["hand"]), cards_of(position["lead"]), rng)


@bounded(300)
@given(SEEDS)
def test_tractor_of_pairs_leads_are_answered_as_the_obligation_answers(seed):
    """A lead of one tractor of pairs (section 7), against hands rich in pairs of the led suit, with
    adjacency ignored or not, 2 to 4 decks and the smallest tractor varied: the pair counting in
    ``check_follow`` gives the general verdict."""
    rng = random.Random(seed)
    decks = rng.choice([2, 2, 3, 4])
    overrides = {"decks": decks, "tractor_obligation": rng.random() < 0.7}
    if rng.random() < 0.3:
        overrides["tractor_adjacency"] = rng.choice(["natural", "trump-order"])
    if decks >= 3 and rng.random() < 0.3:
        overrides["tractor_min_width"] = rng.choice([2, 3])
    if rng.random() < 0.2:
        overrides["tractor_min_length"] = 3
    try:
        rs = Ruleset.preset(rng.choice(PRESETS_2), **overrides)
    except RulesetError:
        return
    trump = Trump(rng.randint(2, 14), rng.choice(["S", "H", "C", "D", None]))
    order = order_for(rs, trump)
    suit = rng.choice(sorted({order.eff[c] for c in range(54)}))
    pool = [c for c in range(54) if order.eff[c] == suit]
    found = [r for length in (2, 3, 4) for r in rules.runs.runs({c: 2 for c in pool}, order, 2, length)]
    if not found or order.tractor_width > 2:
        return
    lead = [c for c in rng.choice(found) for _ in range(2)]
    deck = [c for c in range(54) for _ in range(decks)]
    for c in lead:
        deck.remove(c)
    suited = [c for c in deck if order.eff[c] == suit]
    hand = rng.sample(suited, min(len(suited), rng.randint(len(lead), len(lead) + 8)))
    for c in hand:
        deck.remove(c)
    hand += rng.sample(deck, rng.randint(0, 10))
    agree(rs, trump, sorted(hand), sorted(lead), rng)


@bounded(300)
@given(SEEDS)
def test_fast_owed_shape_is_the_obligations_strongest_shape(seed):
    rng = random.Random(seed)
    rs, trump, hand, lead = mixed_position(rng, ["follow", "protected-follow"])
    if len(hand) >= len(lead):
        owed_agrees(rs, trump, hand, lead, rng)


def test_fast_paths_decide_the_common_shapes():
    """The shortcuts are taken: a single lead, a pair answered with a pair, a follower without pairs."""
    rs = Ruleset.preset("shengji")
    trump = Trump(2, "S")
    order = order_for(rs, trump)
    c = rules.card
    fmt = decompose_with(order, [c("5H")])
    assert follow._owed_without_violation(rs, order, fmt, {c("6H"): 2, c("7H"): 1}, {c("7H"): 1},
                                          Budget(100)) == ()
    fmt = decompose_with(order, [c("5H"), c("5H")])
    assert follow._owed_without_violation(rs, order, fmt, {c("6H"): 2, c("7H"): 1}, {c("6H"): 2},
                                          Budget(100)) == ((2, 1),)
    assert follow._owed_without_violation(rs, order, fmt, {c("6H"): 1, c("7H"): 1}, {c("6H"): 1, c("7H"): 1},
                                          Budget(100)) == ()
    # a pair held but not played: the general path words the violation
    assert follow._owed_without_violation(rs, order, fmt, {c("6H"): 2, c("7H"): 1}, {c("6H"): 1, c("7H"): 1},
                                          Budget(100)) is None


@bounded(400)
@given(SEEDS)
def test_whole_tractor_shortcut_is_the_best_split(seed):
    """Cards held equally often that form one run decompose as the general split search says."""
    from rules.units import SPLIT_WORK, _best_split, _whole_tractor
    rng = random.Random(seed)
    position = generate(rng, "decompose")
    rs, trump = load(position)
    order = order_for(rs, trump)
    cards = cards_of(position["cards"])
    if rng.random() < 0.7:      # most random lists are not one run: build one from a held run
        counts = {c: cards.count(c) for c in cards}
        w = rng.randint(2, max(2, rs.decks))
        found = [r for length in (2, 3, 4) for r in rules.runs.runs({c: w for c in counts}, order, w, length)]
        if found:
            cards = [c for c in rng.choice(found) for _ in range(w)]
    counts = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    if len(counts) < 2 or max(counts.values()) < 2:
        return
    fast = _whole_tractor(counts, order)
    if fast is None:
        return
    keys, ties, units = _best_split(counts, order, {}, Budget(SPLIT_WORK))
    assert [(w, length, tuple(run)) for (w, length), run, _ in units] == [(fast.width, fast.length, fast.cards)]


@bounded(400)
@given(SEEDS)
def testtractor_by_tier_is_the_best_split(seed):
    """A few cards read as one unit off their ``seq`` order (tier adjacency) decompose as the general
    split search says, and the reading finds every whole tractor the count-map reading finds."""
    from rules.units import SPLIT_WORK, _best_split, _whole_tractor, tractor_by_tier
    rng = random.Random(seed)
    position = generate(rng, "decompose")
    rs, trump = load(position)
    order = order_for(rs, trump)
    cards = cards_of(position["cards"])
    if rng.random() < 0.8:
        counts = {c: cards.count(c) for c in cards}
        w = rng.randint(1, max(2, rs.decks))
        found = [r for length in (1, 2, 3, 4) for r in rules.runs.runs({c: w for c in counts}, order, w, length)]
        if found:
            cards = [c for c in rng.choice(found) for _ in range(w)]
            if rng.random() < 0.3:          # one copy too many or too few somewhere
                c = rng.choice(cards)
                cards.remove(c) if rng.random() < 0.5 else cards.append(c)
    rng.shuffle(cards)
    if len(cards) > 16 or not cards or not order.climbs_by_tier(order.eff[cards[0]]) \
            or any(order.eff[c] != order.eff[cards[0]] for c in cards):
        return
    counts = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    fast = tractor_by_tier(order, tuple(cards))
    if len(counts) == len(cards):
        return                              # distinct cards are decided before this reading
    assert fast == _whole_tractor(counts, order)
    if fast is None:
        return
    _keys, _ties, units = _best_split(counts, order, {}, Budget(SPLIT_WORK))
    assert [(w, length, tuple(run)) for (w, length), run, _ in units] == [(fast.width, fast.length, fast.cards)]


@bounded(400)
@given(SEEDS)
def test_group_split_shortcut_is_the_best_split(seed):
    """Cards with no two multi-card groups adjacent decompose as the general split search says."""
    from rules.units import SPLIT_WORK, _best_split, _group_split
    rng = random.Random(seed)
    if rng.random() < 0.5:
        position = generate(rng, "decompose")
        rs, trump = load(position)
        cards = cards_of(position["cards"])
    else:
        rs, trump, _hand, cards = two_deck_position(rng)
    order = order_for(rs, trump)
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    suit = order.eff[cards[0]]
    counts = {c: k for c, k in counts.items() if order.eff[c] == suit}
    fast = _group_split(counts, order)
    if fast is None:
        return
    _keys, _ties, units = _best_split(counts, order, {}, Budget(SPLIT_WORK))
    assert [(w, length, tuple(run)) for (w, length), run, _ in units] == [(u.width, u.length, u.cards) for u in fast]


def assert_trick_shortcuts_agree(rs, trump, plays):
    """The trick winner (or refusal) with the shortcuts is the one without them; returns it."""
    fast = trick_answer(rs, trump, plays)
    assert fast == trick_answer(rs, trump, plays, shortcuts=False)
    return fast


def trick_answer(rs, trump, plays, shortcuts=True):
    """The trick's result as rules.trick_winner gives it (``shortcuts``: see rules.tricks._trick_winner)."""
    from rules import tricks
    try:
        result = tricks._trick_winner(rs, trump, plays, None, shortcuts)
    except rules.InputError as exc:
        return ("refused", str(exc))
    except WorkExceeded:
        return ("refused", "work")
    if shortcuts:
        assert result == rules.trick_winner(rs, trump, plays)
    return result


@bounded(400)
@given(SEEDS)
def test_trick_shortcuts_answer_what_the_general_comparison_answers(seed):
    """A format of singles compared by the top card without a tally, and plays without two equal
    cards rejected against a multi-card format: the same TrickResult as through _beats."""
    rng = random.Random(seed)
    if rng.random() < 0.5:
        position = generate(rng, "trick")
        rs, trump = load(position)
        plays = [(seat, cards_of(c)) for seat, c in position["plays"]]
    else:
        rs, trump, hand, lead = two_deck_position(rng)
        order = order_for(rs, trump)
        deck = [c for c in range(54) for _ in range(rs.decks)]
        for c in lead:
            deck.remove(c)
        rng.shuffle(deck)
        plays = [(0, lead)]
        for seat in (1, 2, 3):
            suit = rng.choice([order.eff[lead[0]], 4, None])
            pool = [c for c in deck if suit is None or order.eff[c] == suit]
            if len(pool) < len(lead):
                pool = deck
            play = rng.sample(pool, len(lead))
            for c in play:
                deck.remove(c)
            plays.append((seat, sorted(play)))
    assert_trick_shortcuts_agree(rs, trump, plays)


@bounded(400)
@given(SEEDS)
def test_obligation_shortcuts_give_the_general_strongest_shape_and_listing(seed):
    """One-unit fits read off the longest held run, one-bin packing without the search: the same
    strongest owed shape and the same legal-play listing as with them switched off."""
    rng = random.Random(seed)
    rs, trump, hand, lead = mixed_position(rng, ["follow", "protected-follow", "legal", "protected-legal"])
    if len(hand) < len(lead):
        return
    order, fmt, held = led_suit(rs, trump, hand, lead)

    def both(shortcuts):
        try:
            owed = obligations.Obligation(rs, order, fmt, held, Budget(obligations.FOLLOW_WORK),
                                          shortcuts).strongest()
        except WorkExceeded:
            owed = None
        try:
            listing = listings._legal_follows(rs, order, tally(hand), fmt, len(lead), order.eff[lead[0]], 50,
                                              shortcuts)
        except rules.InputError as exc:
            listing = str(exc)
        return owed, listing

    fast = both(True)
    assert fast == both(False)


def test_one_owed_pair_example_respects_reservations():
    """The example pair of a MUST_PLAY_UNIT for a pair lead is the lowest pair the reservations
    leave (a held tractor's pairs are kept off a pair lead, a triple is kept whole), as realize says."""
    c = rules.card
    trump = Trump(2, "S")
    lead = [c("AH"), c("AH")]
    for value, hand in (("tractors", ["3H", "3H", "4H", "4H", "9H", "9H", "KH", "5C", "6C"]),
                        ("longer-tuples", ["3H", "3H", "3H", "9H", "9H", "KH", "5C", "6C"]),
                        ("longer-tuples-and-tractors", ["3H", "3H", "4H", "4H", "9H", "9H", "KH", "5C"])):
        rs = Ruleset.preset("tuolaji", decks=3, follow_protection=value)
        cards = [c(x) for x in hand]
        play = [c("KH"), c("9H")]
        fast = answer(rs, trump, cards, play, lead)
        slow = answer(rs, trump, cards, play, lead, shortcuts=False)
        assert fast == slow
        assert fast[1][-1].detail["example"] == ["9H", "9H"]


def test_same_kinds_takes_the_highest_hosts():
    """A thrown pair answered by plays holding more pairs than owed: the best pair counts."""
    c = rules.card
    trump = Trump(2, "S")
    plays = [(0, [c(x) for x in ("3H", "3H", "9H", "10H", "JH")]),
             (1, [c(x) for x in ("6S", "6S", "8S", "10S", "QS")]),
             (2, [c(x) for x in ("5S", "5S", "7S", "7S", "9S")]),
             (3, [c(x) for x in ("4S", "4S", "3S", "3S", "KS")])]
    for compare in ("largest-unit-first", "highest-card"):
        rs = Ruleset.preset("shengji", trick_compare=compare)
        fast = assert_trick_shortcuts_agree(rs, trump, plays)
        assert fast.winner == (2 if compare == "largest-unit-first" else 3)


@bounded(300)
@given(SEEDS)
def test_decompose_shortcuts_match_the_canonical_split(seed):
    """A single, a pair and distinct cards decompose without the count map as _canonical says."""
    from rules.formats import Format
    from rules.units import _canonical
    rng = random.Random(seed)
    rs, trump, _hand, cards = two_deck_position(rng)
    order = order_for(rs, trump)
    suit = order.eff[cards[0]]
    pool = [c for c in range(54) if order.eff[c] == suit]
    for play in (cards[:1], cards[:1] * 2, rng.sample(pool, min(len(pool), rng.randint(2, 6))), cards):
        counts: dict[int, int] = {}
        for c in play:
            counts[c] = counts.get(c, 0) + 1
        units = tuple(_canonical(counts, order))
        assert decompose_with(order, play) == Format(decompose_with(order, play).suit, units, len(units) > 1)
        assert decompose_with(order, play).suit == order.suit_label(play[0])


@bounded(400)
@given(SEEDS)
def test_trick_value_shortcuts_equal_the_general_values(seed):
    """_one_run and _same_kinds give the vector _beats gives, on random plays of one suit."""
    from rules import tricks
    from rules.ruleset import TrickCompare
    rng = random.Random(seed)
    compare = rng.choice(["largest-unit-first", "highest-card"])
    rs = Ruleset.preset(rng.choice(PRESETS_2), trick_compare=compare,
                        tractor_ranking=rng.choice(["trump-order", "face-value"]))
    trump = Trump(rng.randint(2, 14), rng.choice(["S", "H", "C", "D", None]))
    order = order_for(rs, trump)
    suit = rng.choice(range(5))
    pool = [c for c in range(54) if order.eff[c] == suit for _ in range(rs.decks)]
    if len(pool) < 4:
        return
    play = rng.sample(pool, rng.randint(4, min(12, len(pool))))
    counts: dict[int, int] = {}
    for c in play:
        counts[c] = counts.get(c, 0) + 1
    widths = rs.trick_compare is TrickCompare.LARGEST_UNIT_FIRST
    shape = (2, rng.randint(2, 4))
    fmt = decompose_with(order, [c for c in play])      # only its units' singles matter to _beats
    general = tricks._beats(rs, order, fmt, [shape], dict(counts), None, Budget(10 ** 6))
    assert tricks._one_run(rs, order, shape, dict(counts), widths, Budget(10 ** 6)) == general[2]
    k = rng.randint(1, 4)
    general = tricks._beats(rs, order, fmt, [(2, 1)] * k, dict(counts), None, Budget(10 ** 6))
    assert tricks._same_kinds(order, 2, k, dict(counts), widths, Budget(10 ** 6)) == general[2]


@bounded(600)
@given(SEEDS)
def test_one_kind_tricks_match_the_general_comparison(seed):
    """Leads of one unit of n equal cards (a single, a pair, a triple) on 2-5 decks, under every
    trick_compare, with and without wider substitutes: followers play n copies of one card (of the
    led suit, trump or another suit) or n cards of one suit, and the one-kind path answers as the
    general machinery does."""
    rng = random.Random(seed)
    preset = rng.choice(["shengji", "tuolaji", "qq", "4399", "four-deck", "pagat"])
    options = {"trick_compare": rng.choice(["largest-unit-first", "highest-card", "all-units"]),
               "wider_substitutes": rng.random() < 0.5}
    try:
        rs = Ruleset.preset(preset, decks=rng.randint(2, 5), **options)
    except RulesetError:            # a preset whose scoring table fixes its decks
        rs = Ruleset.preset(preset, **options)
    decks = rs.decks
    trump = Trump(rng.randint(2, 14), rng.choice(["S", "H", "C", "D", None]))
    order = order_for(rs, trump)
    n = rng.randint(1, min(3, decks))
    deck = [c for c in range(54) for _ in range(decks)]
    held = {c: deck.count(c) for c in set(deck)}
    lead_card = rng.choice([c for c in held if held[c] >= n])
    held[lead_card] -= n
    plays = [(0, [lead_card] * n)]
    for seat in range(1, rng.randint(2, 5)):
        suit = rng.choice([order.eff[lead_card], 4, rng.randint(0, 3)])
        pool = [c for c in held if held[c] > 0 and (order.eff[c] == suit or rng.random() < 0.15)]
        kinds = [c for c in pool if held[c] >= n]
        if kinds and rng.random() < 0.6:
            card = rng.choice(kinds)
            play = [card] * n
        else:
            copies = [c for c in pool for _ in range(held[c])]
            if len(copies) < n:
                copies = [c for c in held for _ in range(held[c])]
            play = rng.sample(copies, n)
        for c in play:
            held[c] -= 1
        plays.append((seat, play))
    assert_trick_shortcuts_agree(rs, trump, plays)
