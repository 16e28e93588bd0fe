"""Exactness pins from issue 7: equal cards on 3 decks, loose obligations with triples, and the three
section 8 examples.  Each example is checked against the engine and against the brute force, so a
change to either side shows.
"""
import rules
from rules.cards import parse_cards
from rules.order import Trump
from rules.ruleset import Ruleset
from tests.rules.brute import Reference


def cards(*texts):
    return [int(c) for c in parse_cards(texts)]


# -- (a) canonical decomposition with equal cards, 3 decks ---------------------------------------------
SHENGJI_3 = Ruleset.from_dict({"preset": "shengji", "decks": 3})
LEVEL_7_D = Trump("7", "D")
EQUAL_CARDS_LEAD = cards("7C", "7C", "7C", "7H", "7H", "AD", "AD")


def test_equal_cards_decomposition_brute_force_is_tractor_ad_7h_and_triple_7c():
    ref = Reference(SHENGJI_3, LEVEL_7_D)
    assert ref.lead_units(EQUAL_CARDS_LEAD) == ((2, 2), (3, 1))
    [split] = ref.canonical_splits(EQUAL_CARDS_LEAD)
    [ad], [h7], [c7] = cards("AD"), cards("7H"), cards("7C")
    assert split == ((2, (ad, h7)), (3, (c7,)))  # the run low to high: A♦ then 7♥


def test_equal_cards_decomposition_is_tractor_ad_ad_7h_7h_and_triple_7c():
    fmt = rules.decompose(SHENGJI_3, LEVEL_7_D, EQUAL_CARDS_LEAD)
    assert [(u.width, u.length) for u in fmt.units] == [(2, 2), (3, 1)]
    assert sorted(fmt.units[0].all_cards) == cards("AD", "AD", "7H", "7H")
    assert list(fmt.units[1].all_cards) == cards("7C", "7C", "7C")


EQUAL_CARDS_HAND = cards("4D", "4D", "4D", "9D", "9D", "10D", "10D", "JD")
EQUAL_CARDS_PLAY = cards("9D", "9D", "10D", "10D", "4D", "4D", "JD")


def test_equal_cards_follow_owing_the_triple_is_illegal_in_the_brute_force():
    position = Reference(SHENGJI_3, LEVEL_7_D).position(EQUAL_CARDS_HAND, EQUAL_CARDS_LEAD)
    assert position.violation(EQUAL_CARDS_PLAY) == "MUST_PLAY_UNIT"
    assert position.violation(cards("9D", "9D", "10D", "10D", "4D", "4D", "4D")) is None


def test_equal_cards_follow_that_breaks_the_owed_triple_is_illegal():
    verdict = rules.check_play(SHENGJI_3, LEVEL_7_D, EQUAL_CARDS_HAND, EQUAL_CARDS_PLAY, EQUAL_CARDS_LEAD)
    assert not verdict.legal
    assert [v.code for v in verdict.violations] == ["MUST_PLAY_UNIT"]


# -- (b) tractor_obligation false with triples (pagat, 3 decks) --------------------------------------------
PAGAT_3 = Ruleset.from_dict({"preset": "pagat", "decks": 3})
LEVEL_5_S = Trump("5", "S")
LOOSE_HAND = cards("AD", "AD", "AD", "6D", "6D", "6D", "10D", "10D", "9D", "9D", "8D", "8D", "7D")
LOOSE_LEAD = cards("KD", "KD", "KD", "QD", "QD", "QD", "JD", "JD", "JD", "4D", "4D", "4D")
LOOSE_PLAY = cards("AD", "AD", "AD", "6D", "6D", "6D", "10D", "10D", "9D", "9D", "8D", "7D")
LOOSE_ONLY_PLAY = cards("AD", "AD", "AD", "6D", "6D", "6D", "10D", "10D", "9D", "9D", "8D", "8D")


def test_loose_obligation_brute_force_owes_two_triples_and_three_pairs():
    position = Reference(PAGAT_3, LEVEL_5_S).position(LOOSE_HAND, LOOSE_LEAD)
    assert position.target == ((3, 1), (3, 1), (2, 1), (2, 1), (2, 1))
    assert position.violation(LOOSE_PLAY) == "MUST_PLAY_UNIT"
    assert position.legal_plays() == {tuple(sorted(LOOSE_ONLY_PLAY))}


def test_loose_obligation_throw_follow_missing_a_pair_is_illegal():
    verdict = rules.check_play(PAGAT_3, LEVEL_5_S, LOOSE_HAND, LOOSE_PLAY, LOOSE_LEAD)
    assert not verdict.legal
    assert [v.code for v in verdict.violations] == ["MUST_PLAY_UNIT"]


def test_loose_obligation_throw_has_exactly_one_legal_follow():
    result = rules.legal_plays(PAGAT_3, LEVEL_5_S, LOOSE_HAND, LOOSE_LEAD, limit=100)
    assert result.count == 1 and result.count_exact
    assert [sorted(p) for p in result.plays] == [sorted(LOOSE_ONLY_PLAY)]


# -- (c) section 8 ------------------------------------------------------------------------------------
def winners(rs, trump, *plays):
    """(engine's winning index, brute force's winning index) for plays by seats 0, 1, ..."""
    seated = [(seat, cards(*p.split())) for seat, p in enumerate(plays)]
    engine = rules.trick_winner(rs, trump, seated).winning_index
    brute, _ = Reference(rs, trump).trick([c for _, c in seated])
    return engine, brute


FACE_VALUE = Ruleset.from_dict({"preset": "shengji", "tractor_ranking": "face-value"})


def test_face_value_top_card_is_the_run_high_end_so_ad_ad_6h_6h_ranks_as_a_6():
    # level 6, diamonds trump, trump-order adjacency: A♦ → 6♥ (an off-suit level card)
    assert winners(FACE_VALUE, Trump("6", "D"), "AD AD 6H 6H", "KD KD QD QD") == (1, 1)
    assert winners(FACE_VALUE, Trump("6", "D"), "KD KD QD QD", "AD AD 6H 6H") == (0, 0)


def test_face_value_equal_printed_ranks_fall_to_section_4_order_2h2h3h3h_beats_2s2s3s3s():
    tuolaji = Ruleset.from_dict({"preset": "tuolaji"})
    assert winners(tuolaji, Trump("3", "H"), "2S 2S 3S 3S", "2H 2H 3H 3H") == (1, 1)
    assert winners(tuolaji, Trump("3", "H"), "2H 2H 3H 3H", "2S 2S 3S 3S") == (0, 0)


ALL_UNITS = Ruleset.from_dict({"preset": "qq", "decks": 3, "trick_compare": "all-units",
                               "wider_substitutes": True})
FOUR_DECK_ALL_UNITS = Ruleset.from_dict({"preset": "four-deck", "trick_compare": "all-units"})
BEST_SPLIT_LEAD = "7H 7H 6H 6H 6H 6H 5H 5H KH"
BEST_SPLIT_CHALLENGER = "10H 10H 10H JH JH JH QH QH QH"


def test_s8_all_units_best_split_four_deck_level_q_hearts_titanic_pair_and_level_card_beat_the_lead():
    # section 8's example in its context: four-deck, level Q, ♥ trump.  Split as titanic 101010JJJ
    # (wider than the tractor 556677) + QQ (> 66) + the level card Q♥ (> K♥), the challenger beats.
    trump = Trump("Q", "H")
    ref = Reference(FOUR_DECK_ALL_UNITS, trump)
    lead = cards(*BEST_SPLIT_LEAD.split())
    assert ref.lead_units(lead) == ((2, 3), (2, 1), (1, 1))
    assert ref.trick([lead, cards(*BEST_SPLIT_CHALLENGER.split())]) == (1, (True, True))
    assert winners(FOUR_DECK_ALL_UNITS, trump, BEST_SPLIT_LEAD, BEST_SPLIT_CHALLENGER) == (1, 1)


def test_s8_all_units_best_split_with_sj_in_place_of_kh_no_split_beats():
    # the single SJ is above every single the challenger can spare: no split beats, the lead keeps it
    trump = Trump("Q", "H")
    lead = BEST_SPLIT_LEAD.replace("KH", "SJ")
    ref = Reference(FOUR_DECK_ALL_UNITS, trump)
    assert ref.trick([cards(*lead.split()), cards(*BEST_SPLIT_CHALLENGER.split())]) == (0, (True, True))
    assert winners(FOUR_DECK_ALL_UNITS, trump, lead, BEST_SPLIT_CHALLENGER) == (0, 0)


def test_s8_all_units_counts_singles_when_q_is_not_the_level_card():
    # the same cards at level 2, ♠ trump: Q♥ is a plain heart below K♥, so no split beats
    # (the example read without its level is how singles came to be ignored)
    trump = Trump("2", "S")
    ref = Reference(ALL_UNITS, trump)
    lead = cards(*BEST_SPLIT_LEAD.split())
    assert ref.lead_units(lead) == ((2, 3), (2, 1), (1, 1))
    assert ref.trick([lead, cards(*BEST_SPLIT_CHALLENGER.split())]) == (0, (True, True))
    assert winners(ALL_UNITS, trump, BEST_SPLIT_LEAD, BEST_SPLIT_CHALLENGER) == (0, 0)


# -- more pins: equal 2s, a large 8-deck split, the owed shape, top cards in throws ----------------
def cs(text):
    return parse_cards(text.split())


def shapes(rs, trump, text):
    return [(u.width, u.length) for u in rules.decompose(rs, trump, cs(text)).units]



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


def test_s7_loose_obligation_owes_two_triples_and_three_pairs():
    # the titanic's rung "triple + pair-tractor of 3" reads as a triple and three pairs; the
    # triple led owes the other triple: two triples and three pairs in all
    verdict = rules.check_play(PAGAT_3, LEVEL_5_S, LOOSE_HAND, LOOSE_PLAY, LOOSE_LEAD)
    assert not verdict.legal
    assert [v.code for v in verdict.violations] == ["MUST_PLAY_UNIT"]
    assert sorted(verdict.owed, reverse=True) == [(3, 1), (3, 1), (2, 1), (2, 1), (2, 1)]


def test_s8_all_units_best_split_is_the_one_that_beats_with_hearts_trump():
    # the same example among trumps (level Q, ♥ trump): the canonical decomposition is one titanic;
    # split as titanic 10 10 10 J J J (a wider substitute) + pair Q♥Q♥ + single, it beats.
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


# -- section 8, all-units: every unit beats its counterpart, singles included ------------------------
def test_s8_all_units_qcqcac_led_5s5sas_ruffs_and_7s7s2s_does_not_overruff():
    # led Q♣Q♣A♣, level 6, ♠ trump, no permanent 2s: 77 > 55 but 2♠ < A♠
    rs = Ruleset.from_dict({"preset": "pagat", "trick_compare": "all-units"})
    assert not rs.permanent_twos
    trump = Trump("6", "S")
    assert winners(rs, trump, "AC QC QC", "AS 5S 5S", "2S 7S 7S", "3H 4H 8H") == (1, 1)
    # with a single above A♠ (the level card 6♠) the overruff stands
    assert winners(rs, trump, "AC QC QC", "AS 5S 5S", "6S 7S 7S", "3H 4H 8H") == (2, 2)


def test_s8_all_units_4399_wider_substitutes_lead_2s2sjs_keeps_against_8ssjsj():
    # level 2, ♠ trump: SJSJ > 2♠2♠, but 8♠ < J♠, so the lead (seat 3) keeps the trick
    rs = Ruleset.from_dict({"preset": "4399", "trick_compare": "all-units", "wider_substitutes": True})
    trump = Trump("2", "S")
    seated = [(3, cards("2S", "2S", "JS")), (0, cards("8S", "SJ", "SJ"))]
    assert rules.trick_winner(rs, trump, seated).winner == 3
    assert Reference(rs, trump).trick([c for _, c in seated])[0] == 0
    assert rules.trick_winner(rs, trump, [(3, cards("2S", "2S", "JS")), (0, cards("AS", "SJ", "SJ"))]).winner == 0


def test_s8_all_units_singles_pair_high_with_high_after_the_multi_card_units():
    # tractor + two singles led: the challenger's singles 10, 4 against the lead's 9, 8: 4 < 8 fails
    rs = Ruleset.from_dict({"preset": "qq", "trick_compare": "all-units", "throws": True})
    trump = Trump("2", "H")
    lead = "3S 3S 4S 4S 9S 8S"
    assert winners(rs, trump, lead, "5S 5S 6S 6S 10S 4S") == (0, 0)
    assert winners(rs, trump, lead, "5S 5S 6S 6S 10S 9S") == (1, 1)


# -- section 8: a run's top card is its high end in the run's own adjacency order -------------------
NATURAL_TRUMP_ORDER = Ruleset.from_dict({"preset": "four-deck", "tractor_adjacency": "natural",
                                         "tractor_ranking": "trump-order", "permanent_twos": False})


def test_s8_natural_run_through_the_level_card_ranks_as_its_plain_top_4c4c5c5c6c6c():
    # level 5, ♣ trump: 4♣4♣5♣5♣6♣6♣ tops at the plain 6♣, not at the level card 5♣
    trump = Trump("5", "C")
    assert winners(NATURAL_TRUMP_ORDER, trump, "4C 4C 5C 5C 6C 6C", "7C 7C 8C 8C 9C 9C") == (1, 1)
    assert winners(NATURAL_TRUMP_ORDER, trump, "7C 7C 8C 8C 9C 9C", "4C 4C 5C 5C 6C 6C") == (0, 0)
    # 3♣3♣4♣4♣5♣5♣ tops at the level card 5♣, above every plain trump
    assert winners(NATURAL_TRUMP_ORDER, trump, "3C 3C 4C 4C 5C 5C", "QC QC KC KC AC AC") == (0, 0)
    assert winners(NATURAL_TRUMP_ORDER, trump, "QC QC KC KC AC AC", "3C 3C 4C 4C 5C 5C") == (1, 1)


def test_s8_natural_wrapping_run_ahahh2h2h_ranks_as_its_2h():
    # level 9, ♥ trump: A♥A♥2♥2♥ tops at 2♥; a plain 2♥ is the lowest trump-suit card...
    trump = Trump("9", "H")
    assert winners(NATURAL_TRUMP_ORDER, trump, "AH AH 2H 2H", "3H 3H 4H 4H") == (1, 1)
    # ... a permanent 2♥ is above the trump A
    twos = Ruleset.from_dict({"preset": "four-deck", "tractor_adjacency": "natural",
                              "tractor_ranking": "trump-order", "permanent_twos": True})
    assert winners(twos, trump, "AH AH 2H 2H", "KH KH AH AH") == (0, 0)
    assert winners(twos, trump, "KH KH AH AH", "AH AH 2H 2H") == (1, 1)


def test_s6_throw_test_reads_the_natural_top_card_ahah2h2h_beaten_by_3h3h4h4h():
    # the throw test of section 6 uses the same top card: A♥A♥2♥2♥ (top 2♥) is beaten by 3♥3♥4♥4♥
    rs = Ruleset.from_dict({"preset": "four-deck", "tractor_adjacency": "natural",
                            "tractor_ranking": "trump-order", "throws": True, "permanent_twos": False})
    trump = Trump("9", "H")
    lead = cs("AH AH 2H 2H BJ BJ")
    verdict = rules.check_play(rs, trump, lead, lead, seat=0, others=[(1, cs("3H 3H 4H 4H 5D"))])
    assert verdict.throw.stands is False
    assert sorted(str(c) for c in verdict.throw.forced_play) == ["2H", "2H", "AH", "AH"]
    twos = Ruleset.from_dict({"preset": "four-deck", "tractor_adjacency": "natural",
                              "tractor_ranking": "trump-order", "throws": True, "permanent_twos": True})
    verdict = rules.check_play(twos, trump, lead, lead, seat=0, others=[(1, cs("KH KH AH AH 5D"))])
    assert verdict.throw.stands is True
