"""The bots (rules section 15.5): every suggestion legal, decided from the seat's view alone, and the
rules of thumb of ``basic`` (seed 000's 8888 among them)."""
from dataclasses import replace

import pytest

from bots import STRENGTHS, basic, suggest
from bots.game import IllegalAction, apply, play_hand, random_bot, suggesting_bot
from bots.table import Action, Table, unseen_counts
from rules import InputError, Ruleset, Trump, check_play, declaration_options, hand_state, parse_cards
from rules.order import order_for
from rules.worlds import draw_worlds

# every preset, the find-friends modes and a house rule a bot must know from the engine
RULESETS = [(name, {}) for name in ("tuolaji", "shengji", "qq", "4399", "four-deck", "pagat")] + [
    ("tuolaji", {"players": 6, "decks": 3, "partnership": "find-friends"}),
    ("pagat", {"players": 5, "decks": 2, "partnership": "find-friends", "friend_join": "holder"}),
    ("pagat", {"players": 5, "decks": 2, "partnership": "find-friends", "friend_join": "first-outsider"}),
    ("qq", {"bombs": "any-suit"}),
    ("qq", {"rainbow_min": 4}),
]


def ruleset(name, kw):
    return Ruleset.preset(name, **kw)


def cards(text):
    return parse_cards(text.split())


@pytest.mark.parametrize("name, kw", RULESETS, ids=[f"{n}-{'-'.join(map(str, k.values()))}" for n, k in RULESETS])
def test_s15_5_basic_plays_whole_hands_legally(name, kw):
    """Every action of a whole hand, basic against random, judged by the referee (play_hand walks the
    record after every step and stops on an illegal one)."""
    rules = ruleset(name, kw)
    b = suggesting_bot("basic")
    for i in range(2):
        bots = [b if s % 2 == i % 2 else random_bot for s in range(rules.players)]
        played = play_hand(rules, f"legal/{name}/{i}", bots)
        assert played.settlement is not None or hand_state(played.record, declarations_closed=True).phase == "redeal"
        if played.settlement is not None:
            assert sum(len(h) for h in hand_state(played.record, declarations_closed=True).hands) == 0


@pytest.mark.parametrize("name, kw", RULESETS[:1] + RULESETS[6:8], ids=["tuolaji", "ff6", "ff5-holder"])
def test_s15_5_standard_plays_a_whole_hand_legally(name, kw):
    rules = ruleset(name, kw)
    played = play_hand(rules, f"standard/{name}", [suggesting_bot("standard")] * rules.players)
    assert played.settlement is not None


def test_an_illegal_action_stops_the_hand():
    rules = ruleset("qq", {})

    def cheat(record, state, seat, seed):
        if state.phase == "playing":
            other = state.hands[(seat + 1) % rules.players][0]
            return Action("play", (other,))
        return suggesting_bot("basic")(record, state, seat, seed)
    with pytest.raises(IllegalAction):
        play_hand(rules, "cheat", [cheat] * 4)


def positions(rules, seed, every=9):
    """Cuts of a hand basic played, one every ``every`` plays (a seat to lead or follow at each)."""
    played = play_hand(rules, seed, [suggesting_bot("basic")] * rules.players).record
    flat = [(t, k) for t, trick in enumerate(played.tricks) for k in range(len(trick))]
    for j in range(0, len(flat), every):
        t, k = flat[j]
        yield replace(played, tricks=played.tricks[:t] + ((played.tricks[t][:k],) if k else ()))


@pytest.mark.parametrize("strength", ["basic", "standard"])
@pytest.mark.parametrize("name, kw", [RULESETS[2], RULESETS[6]], ids=["qq", "ff6"])
def test_s15_4_a_hint_is_the_same_in_every_world_of_its_seat(strength, name, kw):
    """Records the seat cannot tell apart (the real deal replaced by one of its worlds) get the same hint."""
    rules = ruleset(name, kw)
    checked = 0
    for cut in positions(rules, f"worlds/{name}", every=13):
        state = hand_state(cut, declarations_closed=True)
        seat = state.next.seat
        real = suggest(cut, None, strength, "s", declarations_closed=True)
        for world in draw_worlds(cut, seat, 2, seed="other", declarations_closed=True).worlds:
            other = replace(cut, hands=world.deal, kitty=world.kitty,
                            kitty_discard=world.kitty_discard if cut.kitty_discard else ())
            assert hand_state(other, declarations_closed=True).phase == "playing"
            assert suggest(other, None, strength, "s", declarations_closed=True) == real
            checked += 1
    assert checked >= 4


def test_s15_5_a_hint_is_legal_and_the_same_for_the_same_body():
    rules = ruleset("shengji", {})
    for cut in positions(rules, "same", every=17):
        state = hand_state(cut, declarations_closed=True)
        seat = state.next.seat
        for strength in STRENGTHS:
            s = suggest(cut, seat, strength, 7, declarations_closed=True)
            assert s == suggest(cut, None, strength, 7, declarations_closed=True)
            lead = state.current_trick.plays[0].cards if state.current_trick else None
            assert check_play(rules, state.trump, state.hands[seat], s.action.cards, lead).legal
            after = hand_state(apply(cut, seat, s.action), declarations_closed=True)
            assert after.phase in ("playing", "over")
            if strength != "basic":
                level = STRENGTHS[strength]
                assert level.min_worlds <= s.worlds <= level.worlds
                assert all(a.value is not None for a in s.alternatives)
                assert s.action == s.alternatives[0].action
                assert s.playouts % s.worlds == 0 and 1 < s.playouts // s.worlds <= STRENGTHS[strength].candidates


def test_s15_5_only_the_seat_to_act_may_ask():
    rules = ruleset("qq", {})
    cut = next(positions(rules, "who"))
    seat = hand_state(cut, declarations_closed=True).next.seat
    with pytest.raises(InputError):
        suggest(cut, (seat + 1) % 4, "basic", declarations_closed=True)


# -- seed 000 ------------------------------------------------------------------------------
@pytest.mark.parametrize("decks", [4, 8])
def test_seed_000_to_3344_recommend_8888(decks):
    """Seed 000: to a lead of 3344, holding 4455678888, both 4455 and 8888 are legal; 8888 is recommended."""
    rules = Ruleset.preset("tuolaji", decks=decks)
    trump = Trump("K", "H")
    hand = cards("4S 4S 5S 5S 6S 7S 8S 8S 8S 8S 3C 4D QH")
    lead = cards("3S 3S 4S 4S")
    for play in ("4S 4S 5S 5S", "8S 8S 8S 8S"):
        assert check_play(rules, trump, hand, cards(play), lead).legal
    table = Table(rules, trump, order_for(rules, trump), 1, hand, [(0, lead)], frozenset({3}),
                  unseen_counts(rules, hand, lead), False)
    ranked = basic.play(table)
    assert sorted(ranked[0].action.cards) == sorted(cards("8S 8S 8S 8S"))
    assert {tuple(sorted(r.action.cards)) for r in ranked} == {tuple(sorted(cards(p))) for p in ("4S 4S 5S 5S", "8S 8S 8S 8S")}


# -- the rules of thumb ----------------------------------------------------------------------
QQ = Ruleset.preset("qq")
TRUMP = Trump("2", "H")


def table(hand, trick, partners, seat=3, seen=""):
    hand = cards(hand)
    led = [(s, cards(c)) for s, c in trick]
    return Table(QQ, TRUMP, order_for(QQ, TRUMP), seat, hand, led, frozenset(partners),
                 unseen_counts(QQ, hand, *[c for _, c in led], cards(seen)), seat % 2 == 0)


def best(t):
    return " ".join(str(c) for c in sorted(basic.play(t)[0].action.cards))


def test_s15_5_lose_cheaply():
    # an opponent's ace of spades wins (seat 3 cannot beat it): the lowest spade, no points
    t = table("3S 5S KS 9D", [(0, "AS"), (1, "4S"), (2, "6S")], {1})
    assert best(t) in ("3S",)


def test_s15_5_win_cheaply_as_the_last_seat():
    t = table("3S 10S KS AS 9D", [(0, "QS"), (1, "4S"), (2, "6S")], {1})
    assert best(t) == "KS"


def test_s15_5_feed_a_partner_who_wins_safely():
    # partner (seat 1) holds the trick with the big joker; seat 3 plays last and gives its 10
    t = table("3S 10S KS 9D", [(0, "4S"), (1, "BJ"), (2, "6S")], {1})
    assert best(t) == "10S"


def test_s15_5_ruff_a_trick_with_points():
    t = table("3H 9D 9C", [(0, "KS"), (1, "5S"), (2, "10S")], {1})
    assert best(t) == "3H"


def test_s15_5_no_ruff_of_an_empty_trick_before_the_last_seat():
    t = table("3H 9D 9C", [(2, "7S")], {1}, seat=3)
    assert best(t) in ("9C", "9D")


def test_s15_5_lead_a_boss_before_a_low_card():
    # every ace of spades is in this hand: the ace cannot be beaten in spades
    t = table("AS AS 3D 7C", [], {1}, seen="")
    assert best(t) == "AS AS"


def test_s15_5_bury_points_free_short_suits():
    order = order_for(QQ, TRUMP)
    hand = cards("3S 4S 5S 6S 7S 8S 9S JS 3D 4D 6C 7C 8C 9C JC QC KC AC BJ SJ 3H 4H 2H 2S KD KD AD 10C 5C 6D 7D 8D 9D")
    out = basic.bury(QQ, order, hand, 8)[0].action.cards
    assert len(out) == 8
    assert not any(order.eff[c] == 4 for c in out)           # no trumps
    assert not any(c.points for c in out)                     # no points
    assert sorted(out).count(cards("KD")[0]) == 0             # the pair of kings kept


def test_s15_5_declare_with_many_trumps_and_pass_with_few():
    hand = cards("2H 3H 5H 7H 9H JH QH KH 4S 6D")
    opts = list(declaration_options(QQ, 2, [], 0, hand))
    assert basic.declare(QQ, hand, opts, False)[0].action == Action("declare", cards("2H"))
    weak = cards("2H 3S 5S 7S 9D JD QC KC 4S 6D")
    opts = list(declaration_options(QQ, 2, [], 0, weak))
    assert basic.declare(QQ, weak, opts, False)[0].action.kind == "pass"
