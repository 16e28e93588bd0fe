"""Exactness on rare configurations: equal-strength cards on 3+ decks (section 6), loose obligations
with triples (section 7), and the explicit section 8 points on top cards and best splits."""
import rules
from rules import Ruleset, Trump, parse_cards
from rules.order import order_for
from rules.units import decompose_with


def cs(text):
    return parse_cards(text.split())


def shapes(rs, trump, text):
    return [(u.width, u.length) for u in decompose_with(order_for(rs, trump), cs(text)).units]


def described(rs, trump, text):
    return [u.describe() for u in decompose_with(order_for(rs, trump), cs(text)).units]


# -- section 6: the canonical decomposition with equal cards -------------------------------------
SHENGJI_3 = Ruleset.preset("shengji", decks=3)
SEVENS_DIAMONDS = Trump("7", "D")
EQUAL_CARDS_LEAD = "7C 7C 7C 7H 7H AD AD"


def test_s6_equal_off_suit_level_cards_split_into_tractor_and_triple():
    # (4,2,2),(3,3,1) beats (4,2,2),(2,2,1),(1,1,1): the tractor takes the 7♥ pair, not two 7♣
    assert described(SHENGJI_3, SEVENS_DIAMONDS, EQUAL_CARDS_LEAD) == [
        "the tractor A♦A♦7♥7♥", "the triple 7♣7♣7♣"]


def test_s7_follow_of_the_equal_cards_lead_owes_the_triple():
    hand = cs("4D 4D 4D 9D 9D 10D 10D JD")
    verdict = rules.check_play(SHENGJI_3, SEVENS_DIAMONDS, hand, cs("9D 9D 10D 10D 4D 4D JD"),
                               cs(EQUAL_CARDS_LEAD))
    assert not verdict.legal
    assert [v.code for v in verdict.violations] == ["MUST_PLAY_UNIT"]
    assert rules.check_play(SHENGJI_3, SEVENS_DIAMONDS, hand, cs("9D 9D 10D 10D 4D 4D 4D"),
                            cs(EQUAL_CARDS_LEAD)).legal
    listed = rules.legal_plays(SHENGJI_3, SEVENS_DIAMONDS, hand, cs(EQUAL_CARDS_LEAD))
    assert listed.count == 1 and listed.count_exact
    assert [str(c) for c in listed.plays[0]] == ["10D", "10D", "9D", "9D", "4D", "4D", "4D"]


def test_s6_permanent_twos_of_side_suits_are_equal_not_adjacent():
    # tuolaji, 4 decks, level 9, spades trump: 2♥ 2♣ 2♦ are equal trumps below 2♠
    rs = Ruleset.preset("tuolaji", decks=4, tractor_adjacency="trump-order")
    trump = Trump("9", "S")
    assert shapes(rs, trump, "2H 2H 2C 2C") == [(2, 1), (2, 1)]
    # A♠ → off-suit 2s → 2♠: the tractor runs through one of the equal 2s; the triple keeps the other
    assert shapes(rs, trump, "AS AS 2H 2H 2H 2C 2C 2C 2S 2S") == [(2, 3), (3, 1), (1, 1)]


def test_s6_decomposition_of_a_large_8_deck_trump_lead_is_exact_and_bounded():
    rs = Ruleset.preset("tuolaji", decks=8, tractor_adjacency="trump-order")
    trump = Trump("7", "D")
    lead = ("AD " * 5 + "2S " * 7 + "2H " * 6 + "2C " * 5 + "2D " * 8 + "7S " * 7 + "7H " * 7 + "7C " * 6
            + "7D " * 5 + "SJ " * 8 + "BJ " * 4)
    units = shapes(rs, trump, lead)
    assert sum(w * l for w, l in units) == len(lead.split())
    assert units[0] == (5, 6)


# -- section 7: tractor_obligation false with triples ---------------------------------------------
PAGAT_3 = Ruleset.preset("pagat", decks=3)
FIVES_SPADES = Trump("5", "S")
LOOSE_HAND = "AD AD AD 6D 6D 6D 10D 10D 9D 9D 8D 8D 7D"
LOOSE_LEAD = "KD KD KD QD QD QD JD JD JD 4D 4D 4D"


def test_s7_loose_obligation_owes_two_triples_and_three_pairs():
    # the titanic's rung "triple + pair-tractor of 3" reads as a triple and three pairs; the
    # triple led owes the other triple: two triples and three pairs in all
    verdict = rules.check_play(PAGAT_3, FIVES_SPADES, cs(LOOSE_HAND),
                               cs("AD AD AD 6D 6D 6D 10D 10D 9D 9D 8D 7D"), cs(LOOSE_LEAD))
    assert not verdict.legal
    assert [v.code for v in verdict.violations] == ["MUST_PLAY_UNIT"]
    assert sorted(verdict.owed, reverse=True) == [(3, 1), (3, 1), (2, 1), (2, 1), (2, 1)]


def test_s7_loose_obligation_with_triples_has_exactly_one_legal_play():
    listed = rules.legal_plays(PAGAT_3, FIVES_SPADES, cs(LOOSE_HAND), cs(LOOSE_LEAD))
    assert listed.count == 1 and listed.count_exact
    assert [str(c) for c in listed.plays[0]] == "AD AD AD 10D 10D 9D 9D 8D 8D 6D 6D 6D".split()


# -- section 8: top cards and best splits --------------------------------------------------------
def winner(rs, trump, *plays):
    return rules.trick_winner(rs, trump, [(seat, cs(text)) for seat, text in enumerate(plays)]).winner


def test_s8_face_value_top_card_is_the_high_end_of_the_run():
    # trump-order adjacency: A♦ → 6♥ (off-suit level card); the run tops at 6♥ and ranks as a 6
    rs = Ruleset.preset("shengji", tractor_ranking="face-value")
    trump = Trump("6", "D")
    assert winner(rs, trump, "AD AD 6H 6H", "KD KD QD QD") == 1
    # under trump-order ranking the same 6♥ top is a level card and holds the trick
    assert winner(Ruleset.preset("shengji"), trump, "AD AD 6H 6H", "KD KD QD QD") == 0


def test_s8_face_value_equal_printed_ranks_fall_to_section_4_order():
    rs = Ruleset.preset("tuolaji")
    trump = Trump("3", "H")
    assert winner(rs, trump, "2S 2S 3S 3S", "2H 2H 3H 3H") == 1
    assert winner(rs, trump, "2H 2H 3H 3H", "2S 2S 3S 3S") == 0


def test_s8_all_units_best_split_is_the_one_that_beats():
    # format: tractor 5566 77 + pair 66 + single K.  The challenger's canonical decomposition is one
    # titanic; split as titanic 10 10 10 J J J (a wider substitute) + pair Q♥Q♥ + single Q♥ (level
    # cards) every unit beats its counterpart.
    rs = Ruleset.preset("tuolaji", decks=4, trick_compare="all-units")
    trump = Trump("Q", "H")
    lead = "7H 7H 6H 6H 6H 6H 5H 5H KH"
    challenger = "10H 10H 10H JH JH JH QH QH QH"
    assert shapes(rs, trump, challenger) == [(3, 3)]
    result = rules.trick_winner(rs, trump, [(0, cs(lead)), (1, cs(challenger))])
    assert result.winner == 1
    assert result.plays[1].matches_format and result.plays[1].beats_previous_best


def test_s6_throw_units_are_beaten_by_the_top_card_of_the_run():
    # natural adjacency, level 5, ♥ trump: 4♥4♥5♥5♥ tops at the level card 5♥, 5♥5♥6♥6♥ at 6♥
    rs = Ruleset.preset("four-deck", throws=True)
    trump = Trump("5", "H")
    lead = cs("5H 5H 6H 6H BJ BJ")
    verdict = rules.check_play(rs, trump, lead, lead, seat=0, others=[(1, cs("4H 4H 5H 5H 2D"))])
    assert verdict.throw.stands is False
    assert sorted(str(c) for c in verdict.throw.forced_play) == ["5H", "5H", "6H", "6H"]
    assert verdict.throw.beaten_by == 1
    # the same tractor tops the other way round: 5♥5♥6♥6♥ cannot beat 4♥4♥5♥5♥
    verdict = rules.check_play(rs, trump, cs("4H 4H 5H 5H BJ BJ"), cs("4H 4H 5H 5H BJ BJ"), seat=0,
                               others=[(1, cs("5H 5H 6H 6H 2D"))])
    assert verdict.throw.stands is True
