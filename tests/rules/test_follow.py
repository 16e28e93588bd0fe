"""Rules section 7: following — the worked-example table row by row, the variants, the checks."""
from collections import Counter

import pytest

import rules
from rules.cards import parse_cards, pretty_cards
from rules.order import Trump
from rules.ruleset import Ruleset
from tests.rules.brute import legal_follows

# The table's conventions: 8 decks, a level that does not appear (K), no permanent 2s, width-first,
# natural adjacency, wider substitutes.  Its cards are spades, an ordinary side suit under hearts.
TABLE_RULES = Ruleset.preset("tuolaji", decks=8, permanent_twos=False)
TABLE_TRUMP = Trump("K", "H")
OFF_SUIT = ["3C", "4D", "QH"]   # a few cards of other suits in the follower's hand


def spades(ranks: str):
    """'3344' -> 3♠3♠4♠4♠ ('10' is one rank)."""
    out, i = [], 0
    while i < len(ranks):
        step = 2 if ranks.startswith("10", i) else 1
        out.append(ranks[i:i + step] + "S")
        i += step
    return parse_cards(out)


def cs(text):
    return parse_cards(text.split())


def as_set(plays):
    return {tuple(sorted(p)) for p in plays}


def ranks_set(text: str):
    return {tuple(sorted(spades(p))) for p in text.split()}


# lead | follower's suit cards | must / may play | not | every legal play (pinned from tests/rules/brute.py)
TABLE = [
    ("33", "44567", ["44"], ["67"], "44"),
    ("3344", "445567888", ["4455"], ["7888"], "4455"),
    ("3344", "44567888", ["4488"], ["7888"], "4488"),
    ("3344", "4567888", ["4688", "4888"], [],
     "4588 4688 4788 4888 5688 5788 5888 6788 6888 7888"),
    ("3344", "4455678888", ["4455", "8888"], [], "4455 8888"),
    ("3344", "55577889", ["7788"], ["5559"], "7788"),
    ("3344", "555779", ["5577"], ["5559"], "5577"),
    ("3344", "55579", ["5559", "5579"], [], "5557 5559 5579"),
    ("3333", "445567888", ["7888"], ["4455"], "4888 5888 6888 7888"),
    ("3333", "4455677899", ["4455"], ["7799"], "4455"),
    ("33333333", "4444555577777778", ["77777778"], ["44445555"], "47777777 57777777 77777778"),
    ("88888888", "555554444333", ["55555333", "55555444"], [], "33355555 44455555"),
    ("88888888", "555554444332", ["55555444"], [], "44455555"),
    ("222333444555", "333344445555666777999", ["333344445555", "333444555666"], [],
     "333344445555 333444555666 444555666777"),
    ("222333444555", "3333444466667777", ["333444666777"], ["333344446666"], "333444666777"),
    ("222333444555", "333334446777777999JJJ", ["333444777777"], ["333336777777"], "333444777777"),
    ("JJJQQQ", "222333444444", ["222333", "444444"], [], "222333 333444 444444"),
    ("JJJQQQ", "444444666888", ["444444"], ["666888"], "444444"),
    ("333444555666", "3333444455557788991010JJQQ", ["333344445555"], ["7788991010JJQQ"], "333344445555"),
]


@pytest.mark.parametrize("lead, suit_cards, must, not_, pinned", TABLE,
                         ids=[f"{row[0]}_vs_{row[1]}" for row in TABLE])
def test_s7_table_row(lead, suit_cards, must, not_, pinned):
    hand = spades(suit_cards) + parse_cards(OFF_SUIT)
    led = spades(lead)
    for play in must:
        verdict = rules.check_play(TABLE_RULES, TABLE_TRUMP, hand, spades(play), led)
        assert verdict.legal, (play, verdict.violations)
    for play in not_:
        verdict = rules.check_play(TABLE_RULES, TABLE_TRUMP, hand, spades(play), led)
        assert not verdict.legal
        assert [v.code for v in verdict.violations] == ["MUST_PLAY_UNIT"]
    expected = ranks_set(pinned)
    assert legal_follows(TABLE_RULES, TABLE_TRUMP, hand, led) == expected
    result = rules.legal_plays(TABLE_RULES, TABLE_TRUMP, hand, led, limit=100)
    assert as_set(result.plays) == expected
    assert result.count == len(expected) and result.count_exact and not result.truncated


def test_s7_seed000_garbled_example_lead_33334444_answer_33355556():
    hand = spades("333555569") + parse_cards(OFF_SUIT)
    led = spades("33334444")
    assert rules.check_play(TABLE_RULES, TABLE_TRUMP, hand, spades("33355556"), led).legal
    expected = ranks_set("33355556 33355559")
    assert legal_follows(TABLE_RULES, TABLE_TRUMP, hand, led) == expected
    assert as_set(rules.legal_plays(TABLE_RULES, TABLE_TRUMP, hand, led).plays) == expected


# -- 7.1 / 7.2: card count, hand, following suit --------------------------------------------------
QQ = Ruleset.preset("qq")
SIDE = Trump("2", "H")


def codes(verdict):
    return [v.code for v in verdict.violations]


def test_s7_1_wrong_card_count():
    hand = cs("4S 5S 6S 7S 3C")
    verdict = rules.check_play(QQ, SIDE, hand, cs("4S 5S 6S"), cs("9S 9S"))
    assert not verdict.legal and "WRONG_CARD_COUNT" in codes(verdict)


def test_s7_1_not_in_hand():
    hand = cs("4S 5S 6S 7S 3C")
    verdict = rules.check_play(QQ, SIDE, hand, cs("8S 8S"), cs("9S 9S"))
    assert not verdict.legal and "NOT_IN_HAND" in codes(verdict)
    verdict = rules.check_play(QQ, SIDE, hand, cs("4S 4S"), cs("9S 9S"))
    assert not verdict.legal and "NOT_IN_HAND" in codes(verdict)


def test_s7_2_short_follower_must_play_all_suit_cards():
    hand = cs("4S 7D 8D 9C 3H")
    led = cs("9S 9S 10S")
    verdict = rules.check_play(QQ, SIDE, hand, cs("7D 8D 9C"), led)
    assert not verdict.legal and codes(verdict) == ["MUST_FOLLOW_SUIT"]
    assert rules.check_play(QQ, SIDE, hand, cs("4S 8D 9C"), led).legal
    assert rules.check_play(QQ, SIDE, hand, cs("4S 3H 9C"), led).legal     # ruffing allowed
    result = rules.legal_plays(QQ, SIDE, hand, led)
    assert as_set(result.plays) == legal_follows(QQ, SIDE, hand, led)
    assert result.count == 6  # 4S plus any two of the four other cards


def test_s7_2_void_follower_plays_anything():
    hand = cs("4C 5C 6C 3H 3H BJ")
    led = cs("9S 9S")
    assert rules.check_play(QQ, SIDE, hand, cs("3H 3H"), led).legal
    assert rules.check_play(QQ, SIDE, hand, cs("4C BJ"), led).legal
    result = rules.legal_plays(QQ, SIDE, hand, led)
    assert result.count == len(legal_follows(QQ, SIDE, hand, led)) == 11


def test_s7_3_long_follower_must_play_only_suit_cards():
    hand = cs("4S 5S 6S 7S 3C")
    verdict = rules.check_play(QQ, SIDE, hand, cs("4S 3C"), cs("9S 10S"))
    assert not verdict.legal and codes(verdict) == ["MUST_FOLLOW_SUIT"]


def test_s7_trump_lead_counts_level_cards_and_jokers_as_the_suit():
    hand = cs("2S 2S 5H BJ 9C")  # 2S are trumps at level 2
    led = cs("AH AH")
    verdict = rules.check_play(QQ, SIDE, hand, cs("5H BJ"), led)
    assert not verdict.legal and codes(verdict) == ["MUST_PLAY_UNIT"]
    assert as_set(rules.legal_plays(QQ, SIDE, hand, led).plays) == {tuple(sorted(cs("2S 2S")))}


# -- 7.3: the structure obligation ----------------------------------------------------------------
def test_s7_3_message_names_the_owed_cards():
    hand = spades("445567888") + parse_cards(OFF_SUIT)
    verdict = rules.check_play(TABLE_RULES, TABLE_TRUMP, hand, spades("7888"), spades("3344"))
    (violation,) = verdict.violations
    assert violation.code == "MUST_PLAY_UNIT"
    assert "4♠" in violation.message and "5♠" in violation.message
    assert pretty_cards(spades("4455")) in violation.message


def test_s7_3_pair_led_pair_owed_from_a_triple():
    hand = cs("8S 8S 8S 4S 5S 3C")
    led = cs("9S 9S")
    assert codes(rules.check_play(QQ, SIDE, hand, cs("8S 4S"), led)) == ["MUST_PLAY_UNIT"]
    assert as_set(rules.legal_plays(QQ, SIDE, hand, led).plays) == {tuple(sorted(cs("8S 8S")))}


def test_s7_3_throw_degrades_unit_by_unit_never_three_pairs_for_tractor_and_singles():
    # a tractor and two singles led owe at most a tractor and two singles
    hand = cs("4S 4S 5S 5S 7S 7S 9S 9S 3C")
    led = cs("JS JS QS QS AS KS")  # level 2: JJQQ tractor, A, K
    rs = Ruleset.preset("shengji")
    expected = legal_follows(rs, SIDE, hand, led)
    assert expected and all(not Counter(cs("4S 4S 5S 5S")) - Counter(p) for p in expected)
    assert tuple(sorted(cs("4S 4S 5S 5S 7S 7S"))) in expected   # the tractor plus any two cards
    assert tuple(sorted(cs("4S 4S 7S 7S 9S 9S"))) not in expected  # three pairs do not do
    assert as_set(rules.legal_plays(rs, SIDE, hand, led).plays) == expected
    verdict = rules.check_play(rs, SIDE, hand, cs("4S 4S 7S 7S 9S 9S"), led)
    assert codes(verdict) == ["MUST_PLAY_UNIT"]


# -- tractor_obligation false (pagat) -------------------------------------------------------------
PAGAT = Ruleset.preset("pagat")


def test_s7_pagat_tractor_led_any_two_pairs_do():
    hand = cs("4S 4S 6S 6S 8S 8S 9S 9S JS")
    led = cs("QS QS KS KS")
    expected = legal_follows(PAGAT, SIDE, hand, led)
    pairs = [cs(p) for p in ("4S 4S", "6S 6S", "8S 8S", "9S 9S")]
    assert expected == {tuple(sorted(a + b)) for i, a in enumerate(pairs) for b in pairs[i + 1:]}
    assert as_set(rules.legal_plays(PAGAT, SIDE, hand, led).plays) == expected
    assert rules.check_play(PAGAT, SIDE, hand, cs("4S 4S 6S 6S"), led).legal
    # with the tractor obligation the 8899 tractor is owed
    qq = rules.legal_plays(QQ, SIDE, hand, led)
    assert as_set(qq.plays) == {tuple(sorted(cs("8S 8S 9S 9S")))}
    assert codes(rules.check_play(QQ, SIDE, hand, cs("4S 4S 6S 6S"), led)) == ["MUST_PLAY_UNIT"]


def test_s7_pagat_three_pair_tractor_obliges_three_pairs_consecutive_or_not():
    hand = cs("4S 4S 6S 6S 8S 8S 9S JS 3D")
    led = cs("QS QS KS KS AS AS")
    expected = {tuple(sorted(cs("4S 4S 6S 6S 8S 8S")))}
    assert legal_follows(PAGAT, SIDE, hand, led) == expected
    assert as_set(rules.legal_plays(PAGAT, SIDE, hand, led).plays) == expected
    verdict = rules.check_play(PAGAT, SIDE, hand, cs("4S 4S 6S 6S 9S JS"), led)
    assert codes(verdict) == ["MUST_PLAY_UNIT"]


def test_s7_pagat_titanic_led_owes_three_pairs_lengths_ignored():
    # 3 decks, tractor_obligation false: the titanic's ladder holds the 3-pair tractor (6 cards,
    # narrower); with adjacency ignored it owes three pairs, consecutive or not
    rs = Ruleset.preset("pagat", decks=3)
    hand = cs("9H 9H JH JH KH KH 5H 3C")
    led = cs("3H 3H 3H 4H 4H 4H")
    trump = Trump("2", "S")
    expected = {tuple(sorted(cs("9H 9H JH JH KH KH")))}
    assert legal_follows(rs, trump, hand, led) == expected
    assert codes(rules.check_play(rs, trump, hand, cs("9H 9H JH JH KH 5H"), led)) == ["MUST_PLAY_UNIT"]
    assert as_set(rules.legal_plays(rs, trump, hand, led).plays) == expected


def test_s7_pagat_titanic_consecutive_pairs_owe_no_less_than_with_tractor_obligation():
    # the follower's three pairs are consecutive: with the tractor obligation the 3-pair tractor
    # is owed; ignoring adjacency can only widen what counts, so three pairs stay owed
    hand = cs("6H 6H 7H 7H 8H 8H 5H 3C")
    led = cs("3H 3H 3H 4H 4H 4H")
    trump = Trump("2", "S")
    with_obligation = Ruleset.preset("pagat", decks=3, tractor_obligation=True)
    expected = {tuple(sorted(cs("6H 6H 7H 7H 8H 8H")))}
    assert as_set(rules.legal_plays(with_obligation, trump, hand, led).plays) == expected
    pagat3 = Ruleset.preset("pagat", decks=3)
    assert legal_follows(pagat3, trump, hand, led) == expected
    assert as_set(rules.legal_plays(pagat3, trump, hand, led).plays) == expected


# -- shengji-3deck ladders ------------------------------------------------------------------------
SJ3 = Ruleset.preset("shengji", decks=3)
SJ3_WIDTH = Ruleset.preset("shengji", decks=3, follow_ladder="width-first")
LEVEL10 = Trump("10", "H")


def test_s7_shengji_3deck_triple_led_triple_then_pair_single_then_singles():
    led = cs("KS KS KS")
    cases = [
        ("5S 5S 5S 7S 9S 3D", {"5S 5S 5S"}),
        ("5S 5S 7S 9S 3D", {"5S 5S 7S", "5S 5S 9S"}),
        ("5S 7S 9S JS 3D", {"5S 7S 9S", "5S 7S JS", "5S 9S JS", "7S 9S JS"}),
    ]
    for hand, plays in cases:
        expected = {tuple(sorted(cs(p))) for p in plays}
        assert legal_follows(SJ3, LEVEL10, cs(hand), led) == expected
        assert as_set(rules.legal_plays(SJ3, LEVEL10, cs(hand), led).plays) == expected


def test_s7_shengji_3deck_titanic_led_pair_tractor_before_triple_and_pair():
    hand = cs("4S 4S 5S 5S 7S 7S 7S 9S JS 3D")
    led = cs("QS QS QS KS KS KS")
    expected = {tuple(sorted(cs("4S 4S 5S 5S " + rest))) for rest in ("7S 7S", "7S 9S", "7S JS", "9S JS")}
    assert legal_follows(SJ3, LEVEL10, hand, led) == expected
    assert as_set(rules.legal_plays(SJ3, LEVEL10, hand, led).plays) == expected
    # width-first puts the triple first: triple + pair + single
    wf = legal_follows(SJ3_WIDTH, LEVEL10, hand, led)
    assert wf and all(not Counter(cs("7S 7S 7S")) - Counter(p) for p in wf)
    assert tuple(sorted(cs("7S 7S 7S 4S 4S 9S"))) in wf
    assert tuple(sorted(cs("4S 4S 5S 5S 9S JS"))) not in wf
    assert as_set(rules.legal_plays(SJ3_WIDTH, LEVEL10, hand, led).plays) == wf
    verdict = rules.check_play(SJ3, LEVEL10, hand, cs("7S 7S 7S 4S 4S 9S"), led)
    assert codes(verdict) == ["MUST_PLAY_UNIT"]


def test_s7_shengji_3deck_titanic_led_two_triples_second_rung():
    hand = cs("4S 4S 4S 7S 7S 7S 5S 5S 6S 3D")  # 4 and 7 are not adjacent
    led = cs("QS QS QS KS KS KS")
    expected = {tuple(sorted(cs("4S 4S 4S 7S 7S 7S")))}
    assert legal_follows(SJ3, LEVEL10, hand, led) == expected
    assert as_set(rules.legal_plays(SJ3, LEVEL10, hand, led).plays) == expected


def test_s7_shengji_3deck_three_pairs_owe_only_a_pair_tractor_and_two_singles():
    hand = cs("4S 4S 5S 5S 6S 6S 9S 3D")
    led = cs("QS QS QS KS KS KS")
    sj3 = legal_follows(SJ3, LEVEL10, hand, led)
    assert tuple(sorted(cs("4S 4S 5S 5S 6S 9S"))) in sj3
    assert as_set(rules.legal_plays(SJ3, LEVEL10, hand, led).plays) == sj3
    # width-first owes the whole 3-pair tractor
    assert legal_follows(SJ3_WIDTH, LEVEL10, hand, led) == {tuple(sorted(cs("4S 4S 5S 5S 6S 6S")))}


def test_s7_shengji_3deck_other_leads_follow_width_first():
    hand = cs("4S 4S 5S 5S 7S 7S 7S 9S JS 3D")
    led = cs("QS QS QS KS KS KS AS")   # a titanic and a single: not exactly one titanic
    assert legal_follows(SJ3, LEVEL10, hand, led) == legal_follows(SJ3_WIDTH, LEVEL10, hand, led)
    assert as_set(rules.legal_plays(SJ3, LEVEL10, hand, led).plays) == \
        legal_follows(SJ3_WIDTH, LEVEL10, hand, led)


# -- wider substitutes ----------------------------------------------------------------------------
def test_s7_wider_substitute_only_where_the_ruleset_allows():
    hand = cs("8S 8S 8S 8S 4S 6S 3D")
    led = cs("5S 5S 6S 6S")
    four = Ruleset.preset("four-deck")
    trump = Trump("9", "H")
    assert legal_follows(four, trump, hand, led) == {tuple(sorted(cs("8S 8S 8S 8S")))}
    assert as_set(rules.legal_plays(four, trump, hand, led).plays) == {tuple(sorted(cs("8S 8S 8S 8S")))}
    plain = Ruleset.preset("four-deck", wider_substitutes=False)
    # without substitutes the quad still gives two pairs
    assert legal_follows(plain, trump, hand, led) == {tuple(sorted(cs("8S 8S 8S 8S")))}
    hand2 = cs("8S 8S 8S 8S 4S 4S 6S 3D")
    with_sub = legal_follows(four, trump, hand2, led)
    without = legal_follows(plain, trump, hand2, led)
    assert with_sub == {tuple(sorted(cs("8S 8S 8S 8S")))}
    assert tuple(sorted(cs("4S 4S 8S 8S"))) in without
    assert as_set(rules.legal_plays(plain, trump, hand2, led).plays) == without


# -- leading --------------------------------------------------------------------------------------
def test_s6_legal_plays_for_a_lead_lists_units_per_suit():
    hand = cs("4S 4S 5S 5S 9S 3C BJ")
    options = rules.legal_plays(QQ, SIDE, hand)
    by_suit = {s.suit: [(u.width, u.length) for u in s.units] for s in options.suits}
    assert set(by_suit) == {"S", "C", "trump"}
    assert (2, 2) in by_suit["S"] and (1, 1) in by_suit["C"]
    assert options.throws_allowed is True
    assert rules.legal_plays(Ruleset.preset("tuolaji"), SIDE, hand).throws_allowed is False


def test_messages_say_one_card_in_the_singular():
    from rules.violations import count_of
    assert (count_of(0, "card"), count_of(1, "card"), count_of(2, "card")) == ("0 cards", "1 card", "2 cards")
    assert count_of(1, "copy", "copies") == "1 copy" and count_of(3, "copy", "copies") == "3 copies"
    rs, trump = Ruleset.preset("qq"), Trump("10", "H")
    short = rules.check_play(rs, trump, parse_cards(["AS", "3D", "4D"]), parse_cards(["3D", "4D"]), parse_cards(["QS", "QS"]))
    assert [v.message for v in short.violations] == ["you hold 1 ♠ card and must play it"]
    wrong = rules.check_play(rs, trump, parse_cards(["AS", "KS"]), parse_cards(["AS", "KS"]), parse_cards(["QS"]))
    assert [v.message for v in wrong.violations] == ["the lead has 1 card; play exactly 1, not 2"]
    single = rules.check_play(rs, trump, parse_cards(["AS", "KS", "3D"]), parse_cards(["3D"]), parse_cards(["QS"]))
    assert [v.message for v in single.violations] == ["you hold 2 ♠ cards: the card played must be ♠"]
