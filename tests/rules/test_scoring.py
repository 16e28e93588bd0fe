"""Points, the kitty and settlement: rules section 9 and 11 (every rule family)."""
import pytest

from rules.cards import parse_cards
from rules.ruleset import KittyMultiplier, Ruleset
from rules.scoring import (
    ATTACKERS_TAKE_OVER,
    DEALER_KEEPS,
    LastTrick,
    ScoringError,
    advance,
    check_exchange,
    exchange,
    failed_throw_penalties,
    kitty_bonus,
    kitty_multiplier,
    ledger,
    next_dealer,
    penalty_points,
    settle,
    table_outcome,
    table_step,
)


def c(*names):
    return parse_cards(names)


def outcome(scoring, decks, points, uncapped=False):
    o = table_outcome(scoring, decks, points, uncapped)
    return ("D" if o.side == "dealer" else "A") + str(o.levels)


# -- section 9: the multiplier table, row by row ---------------------------------------------------------
SHAPES = [(1, 1), (2, 1), (3, 1), (2, 2), (2, 3), (3, 2)]   # single, pair, triple, tractor L2, L3, titanic L2
SECTION9_TABLE = {
    "cards": [1, 2, 3, 4, 6, 6],
    "double-cards": [2, 4, 6, 8, 12, 12],
    "two-w-pow-l": [2, 4, 6, 8, 16, 18],
    "unit-size": [1, 2, 3, 4, 6, 6],
    "pow2-pairs": [2, 4, 4, 8, 16, 8],
    "double-largest-unit": [2, 4, 6, 8, 12, 12],
    "pow2-largest-unit": [2, 4, 8, 16, 64, 64],
}


@pytest.mark.parametrize("scheme", list(SECTION9_TABLE))
def test_section9_multiplier_table_row(scheme):
    assert [kitty_multiplier(scheme, [shape]) for shape in SHAPES] == SECTION9_TABLE[scheme]
    rs = Ruleset.preset("qq", kitty_multiplier=scheme)
    assert [kitty_multiplier(rs, shape) for shape in SHAPES] == SECTION9_TABLE[scheme]


def test_section9_every_scheme_is_in_the_table():
    assert set(SECTION9_TABLE) == {k.value for k in KittyMultiplier}


def test_section9_two_w_pow_l_checks_titanic_then_triple_then_tractor():
    """Seeds 001/003: a triple in the throw decides (×6) even next to a longer pair tractor."""
    assert kitty_multiplier("two-w-pow-l", [(2, 3), (3, 1)]) == 6
    assert kitty_multiplier("two-w-pow-l", [(2, 2), (2, 1), (1, 1)]) == 8
    assert kitty_multiplier("two-w-pow-l", [(3, 2), (3, 3)]) == 54


def test_section9_other_schemes_use_the_first_canonical_unit():
    # (2,2) has 4 cards, (3,1) has 3: the tractor is the largest unit
    assert kitty_multiplier("pow2-pairs", [(3, 1), (2, 2)]) == 8
    assert kitty_multiplier("unit-size", [(3, 1), (2, 2)]) == 4
    # 'cards' counts every card led, throws included
    assert kitty_multiplier("cards", [(3, 1), (2, 2), (1, 1)]) == 8
    assert kitty_multiplier("double-cards", [(2, 1), (1, 1)]) == 6


def test_section9_units_from_unit_objects_and_formats():
    from rules.formats import Format, Unit
    fmt = Format("S", (Unit(2, 2, c("7S", "8S")), Unit(1, 1, c("3S"))), True)
    assert kitty_multiplier("two-w-pow-l", fmt) == 8
    assert kitty_multiplier("cards", fmt.units) == 5


def test_section9_kitty_bonus_when_attackers_win_the_last_trick():
    rs = Ruleset.preset("shengji")
    kb = kitty_bonus(rs, c("KS", "10H", "5D", "3C", "4C", "6C", "7C", "8C"), [(2, 2)], True)
    assert (kb.kitty_points, kb.multiplier, kb.bonus) == (25, 8, 200)
    kb = kitty_bonus(rs, c("KS", "10H", "5D", "3C", "4C", "6C", "7C", "8C"), [(2, 2)], False)
    assert kb.bonus == 0


def test_section9_last_trick_penalty_seed000():
    """Seed 000: the dealer side's last trick of >= 2 cards subtracts the multiplied kitty."""
    rs = Ruleset.preset("tuolaji")
    kitty = c("KS", "10H", "3C", "4C", "6C", "7C", "8C", "9C")
    assert kitty_bonus(rs, kitty, [(2, 1)], False).bonus == -40
    assert kitty_bonus(rs, kitty, [(1, 1)], False).bonus == 0      # a single: nothing subtracted
    assert kitty_bonus(rs, kitty, [(2, 1)], True).bonus == 40


def test_section9_no_kitty_last_trick_multiplied_seed004():
    """Seed 004 (抠数 / 反抠): without a kitty the last trick's own points are multiplied."""
    rs = Ruleset.preset("four-deck")
    assert rs.kitty == 0
    kb = kitty_bonus(rs, (), [(2, 1)], True, last_trick_points=20)
    assert kb.bonus == 20 and kb.multiplier == 2          # 20 × 2 in all, 20 already counted
    kb = kitty_bonus(rs, (), [(4, 1)], True, last_trick_points=30)
    assert kb.bonus == 90
    kb = kitty_bonus(rs, (), [(2, 1)], False, last_trick_points=20)
    assert kb.bonus == -40                                # 反抠
    off = Ruleset.preset("four-deck", no_kitty_last_trick_multiplied=False)
    assert kitty_bonus(off, (), [(2, 1)], True, last_trick_points=20).bonus == 0


def test_section3_throw_penalty_goes_to_the_other_side():
    rs = Ruleset.preset("pagat")
    pens = failed_throw_penalties(rs, [1, 0, 3])
    assert pens == ((1, 10), (0, 10), (3, 10))
    assert penalty_points(rs, (0, 2), pens) == -10       # two attacker throws, one dealer throw
    assert failed_throw_penalties(Ruleset.preset("shengji"), [1]) == ()


# -- section 9: the exchange ---------------------------------------------------------------------------
def test_section9_kitty_exchange_exact_size_from_hand_and_kitty():
    rs = Ruleset.preset("shengji")
    hand = c("AS", "KS", "QS", "2H")
    kitty = c("3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C")
    assert check_exchange(rs, hand, kitty, c("AS", "KS", "3C", "4C", "5C", "6C", "7C", "8C")) == ()
    new_hand, v = exchange(rs, hand, kitty, c("AS", "KS", "3C", "4C", "5C", "6C", "7C", "8C"))
    assert new_hand == c("QS", "2H", "9C", "10C") and v == ()
    v = check_exchange(rs, hand, kitty, c("AS", "KS", "3C"))
    assert [x.code for x in v] == ["KITTY_DISCARD"] and v[0].detail == {"expected": 8, "got": 3}
    v = check_exchange(rs, hand, kitty, c("AS", "AS", "3C", "4C", "5C", "6C", "7C", "8C"))
    assert [x.code for x in v] == ["KITTY_DISCARD"] and v[0].detail == {"cards": ["AS"]}


# -- section 11: the tables ----------------------------------------------------------------------------
def test_seed001_shengji_two_decks_boundaries():
    pts = [0, 5, 35, 40, 75, 80, 115, 120, 155, 160]
    assert [outcome("shengji-001", 2, p) for p in pts] == [
        "D3", "D2", "D2", "D1", "D1", "A1", "A1", "A2", "A2", "A3"]


def test_seed001_shengji_one_deck_boundaries():
    pts = [0, 5, 35, 40, 75, 80, 95, 100, 140]
    assert [outcome("shengji-001", 1, p) for p in pts] == [
        "D2", "D1", "D1", "A0", "A0", "A1", "A1", "A2", "A2"]


def test_seed001_shengji_three_deck_boundaries():
    """0 大光; < 60 小光; 120 上台; 180 上台+1; 240 上台+2."""
    pts = [0, 5, 55, 60, 115, 120, 175, 180, 235, 240]
    assert [outcome("shengji-001", 3, p) for p in pts] == [
        "D3", "D2", "D2", "D1", "D1", "A0", "A0", "A1", "A1", "A2"]


def test_section11_shengji_001_has_no_row_for_four_decks():
    with pytest.raises(ScoringError, match="1, 2 and 3 decks"):
        table_outcome("shengji-001", 4, 100)


def test_seed002_standard_two_decks_boundaries():
    pts = [0, 5, 35, 40, 75, 80, 115, 120, 155, 160, 195, 200]
    assert [outcome("standard", 2, p) for p in pts] == [
        "D3", "D2", "D2", "D1", "D1", "A0", "A0", "A1", "A1", "A2", "A2", "A3"]


@pytest.mark.parametrize("decks", range(1, 9))
def test_section11_standard_boundaries_every_deck_count(decks):
    s = 20 * decks
    assert table_step("standard", decks) == s
    pts = [0, 5, s - 5, s, 2 * s - 5, 2 * s, 3 * s - 5, 3 * s, 4 * s - 5, 4 * s]
    assert [outcome("standard", decks, p) for p in pts] == [
        "D3", "D2", "D2", "D1", "D1", "A0", "A0", "A1", "A1", "A2"]


def test_seed004_four_deck_boundaries():
    pts = [-80, 0, 5, 75, 80, 155, 160, 235, 240]
    assert [outcome("four-deck", 4, p, uncapped=True) for p in pts] == [
        "D4", "D3", "D2", "D2", "D1", "D1", "A1", "A1", "A2"]
    assert outcome("four-deck", 4, -80) == "D3"           # capped: the lowest row
    assert outcome("four-deck", 4, -75, uncapped=True) == "D3"
    assert outcome("four-deck", 4, -160, uncapped=True) == "D5"
    assert outcome("four-deck", 4, 320) == "A3"


@pytest.mark.parametrize("decks", range(1, 9))
def test_section11_four_deck_table_every_deck_count(decks):
    s = 20 * decks
    pts = [0, 5, s - 5, s, 2 * s - 5, 2 * s, 3 * s - 5, 3 * s, 4 * s]
    assert [outcome("four-deck", decks, p) for p in pts] == [
        "D3", "D2", "D2", "D1", "D1", "A1", "A1", "A2", "A3"]


TUOLAJI = {
    # decks: [(points, outcome)...] at the boundaries of min(5·3^(d−1), 20d), 40d and the 20d steps
    1: [(0, "D2"), (5, "D1"), (35, "D1"), (40, "A0"), (55, "A0"), (60, "A1"), (100, "A3")],
    2: [(0, "D3"), (5, "D2"), (10, "D2"), (15, "D1"), (75, "D1"), (80, "A0"), (115, "A0"), (120, "A1"),
        (150, "A1"), (160, "A2")],
    3: [(0, "D3"), (5, "D2"), (40, "D2"), (45, "D1"), (115, "D1"), (120, "A0"), (175, "A0"), (180, "A1")],
    4: [(0, "D3"), (5, "D2"), (75, "D2"), (80, "D1"), (155, "D1"), (160, "A0"), (235, "A0"), (240, "A1")],
    5: [(0, "D3"), (95, "D2"), (100, "D1"), (195, "D1"), (200, "A0"), (300, "A1")],
    6: [(0, "D3"), (115, "D2"), (120, "D1"), (235, "D1"), (240, "A0"), (360, "A1")],
    7: [(0, "D3"), (135, "D2"), (140, "D1"), (275, "D1"), (280, "A0"), (420, "A1")],
    8: [(0, "D3"), (155, "D2"), (160, "D1"), (315, "D1"), (320, "A0"), (475, "A0"), (480, "A1")],
}


@pytest.mark.parametrize("decks", sorted(TUOLAJI))
def test_seed000_tuolaji_boundaries(decks):
    assert [(p, outcome("tuolaji", decks, p)) for p, _ in TUOLAJI[decks]] == TUOLAJI[decks]


def test_section11_uncapped_adds_a_dealer_level_per_full_step_below_zero():
    assert outcome("standard", 2, -35, uncapped=True) == "D3"
    assert outcome("standard", 2, -40, uncapped=True) == "D4"
    assert outcome("standard", 2, -80, uncapped=True) == "D5"
    assert outcome("tuolaji", 1, -20, uncapped=True) == "D3"
    assert outcome("shengji-001", 3, -60, uncapped=True) == "D4"


# -- section 11: levels, must_defend, last_level, next dealer ------------------------------------------------
def test_section11_must_defend_stops_a_team_on_the_rank():
    rs = Ruleset.preset("shengji")
    a = advance(rs, 13, 2, played_level=9, as_dealer=False)
    assert (a.new_level, a.moved, a.stopped_on) == (14, 1, 14)
    a = advance(rs, 12, 3, played_level=12, as_dealer=True)
    assert (a.new_level, a.moved, a.passed_last) == (14, 2, False)
    a = advance(rs, 14, 3, played_level=9, as_dealer=False)
    assert (a.new_level, a.moved) == (14, 0)
    custom = Ruleset.preset("shengji", must_defend=["10", "A"])
    a = advance(custom, 9, 3, played_level=9, as_dealer=True)
    assert (a.new_level, a.moved, a.stopped_on) == (10, 1, 10)
    a = advance(custom, 10, 3, played_level=10, as_dealer=True)
    assert (a.new_level, a.moved) == (13, 3)


def test_section11_passing_last_level_as_dealer_wins_the_game():
    rs = Ruleset.preset("shengji")
    a = advance(rs, 14, 2, played_level=14, as_dealer=True)
    assert (a.new_level, a.moved, a.passed_last) == (14, 1, True)
    short = Ruleset.preset("shengji", last_level="10", must_defend=[])
    a = advance(short, 9, 3, played_level=9, as_dealer=True)
    assert (a.new_level, a.moved, a.passed_last) == (10, 1, False)


def test_section11_next_dealer_partner_or_next():
    rs = Ruleset.preset("qq")
    assert next_dealer(rs, 1, (1, 3), dealer_keeps=True) == 3
    assert next_dealer(rs, 3, (1, 3), dealer_keeps=True) == 1
    assert next_dealer(rs, 3, (1, 3), dealer_keeps=False) == 0


def test_section11_next_dealer_next_winner_seat_and_a_dealer_alone():
    rs = Ruleset.preset("pagat", partnership="find-friends", players=6)
    assert rs.next_dealer.value == "next-winner-seat"
    assert next_dealer(rs, 4, (4, 1), dealer_keeps=True) == 1
    assert next_dealer(rs, 4, (4, 5, 1), dealer_keeps=False) == 0
    assert next_dealer(rs, 4, (4, 0), dealer_keeps=False) == 5
    assert next_dealer(rs, 4, (4,), dealer_keeps=True) == 4
    assert next_dealer(Ruleset.preset("qq"), 2, (2,), dealer_keeps=True) == 2


# -- settle ------------------------------------------------------------------------------------------------
def test_seed000_150_points_attackers_go_up_one_level():
    """Seed 000: level 3, 2 decks, the attackers score 150: (150 − 80) / 40 = 1, they go up to 4."""
    rs = Ruleset.preset("tuolaji")
    kitty = c("3C", "4C", "6C", "7C", "8C", "9C", "JC", "QC")
    st = settle(rs, dealer=0, levels=["5", "3", "5", "3"], attackers_points=150, kitty=kitty,
                last_trick=LastTrick(0, [(1, 1)], 0))
    assert st.outcome == ATTACKERS_TAKE_OVER and st.attackers_total == 150
    assert st.level_changes == (0, 1, 0, 1) and st.new_levels == (5, 4, 5, 4)
    assert st.next_dealer == 1 and not st.game_over and st.winner is None


def test_section11_explanation_sentence():
    rs = Ruleset.preset("pagat")
    kitty = c("10S", "KH", "3C", "4C", "6C", "7C", "8C", "9C")
    st = settle(rs, dealer=0, levels=["7", "4", "7", "4"], attackers_points=85, kitty=kitty,
                last_trick=LastTrick(1, [(1, 1)], 0))
    assert (st.kitty_points, st.multiplier, st.kitty_bonus, st.attackers_total) == (20, 2, 40, 125)
    assert st.explanation == ("Attackers scored 125 (85 in tricks + 20 kitty ×2): "
                              "they take the deal and go up 1 level, from 4 to 5")
    assert st.next_dealer == 1


def test_section11_dealer_keeps_and_partner_deals():
    rs = Ruleset.preset("shengji")
    kitty = c("10S", "KH", "3C", "4C", "6C", "7C", "8C", "9C")
    st = settle(rs, dealer=2, levels=["9", "J", "9", "J"], attackers_points=35, kitty=kitty,
                last_trick=LastTrick(0, [(2, 2)], 10))
    assert st.kitty_bonus == 0 and st.attackers_total == 35
    assert st.outcome == DEALER_KEEPS and st.level_changes == (2, 0, 2, 0)
    assert st.new_levels == (11, 11, 11, 11) and st.next_dealer == 0
    assert st.explanation == "Attackers scored 35: the dealer team keeps the deal and goes up 2 levels, from 9 to J"


def test_section11_dealer_wins_the_game_passing_a():
    rs = Ruleset.preset("shengji")
    st = settle(rs, dealer=1, levels=["8", "A", "8", "A"], attackers_points=0, kitty=c("3C") * 8,
                last_trick=LastTrick(1, [(1, 1)], 0))
    assert st.game_over and st.winner == (1, 3) and st.new_levels == (8, 14, 8, 14)
    assert st.level_changes == (0, 1, 0, 1)
    assert "wins the game" in st.explanation


def test_section9_kitty_bonus_makes_the_attackers_take_over():
    rs = Ruleset.preset("shengji")
    kitty = c("10S", "10H", "KS", "5C", "6C", "7C", "8C", "9C")      # 35 points
    st = settle(rs, dealer=0, levels=[2, 2, 2, 2], attackers_points=50, kitty=kitty,
                last_trick=LastTrick(3, [(2, 2)], 0))
    assert st.kitty_bonus == 35 * 8 and st.attackers_total == 330
    assert st.outcome == ATTACKERS_TAKE_OVER and st.level_changes == (0, 7, 0, 7)
    assert st.new_levels == (2, 9, 2, 9)


def test_section9_penalties_in_the_settlement():
    rs = Ruleset.preset("pagat")
    st = settle(rs, dealer=0, levels=[2, 2, 2, 2], attackers_points=80, kitty=c("3C") * 8,
                last_trick=LastTrick(0, [(1, 1)], 0), penalties=[(1, 10)])
    assert st.penalty_points == -10 and st.attackers_total == 70 and st.outcome == DEALER_KEEPS
    assert "− 10 in throw penalties" in st.explanation


def test_seed004_negative_points_uncapped_settlement():
    rs = Ruleset.preset("four-deck", uncapped=True)
    st = settle(rs, dealer=0, levels=[3, 3, 3, 3], attackers_points=40, kitty=(),
                last_trick=LastTrick(2, [(2, 2)], 60))
    # 反抠: 60 × 4 subtracted, 40 − 240 = −200: D+3 and two more full steps of 80
    assert st.kitty_bonus == -240 and st.attackers_total == -200
    assert st.table_levels == 5 and st.new_levels == (8, 3, 8, 3)


def test_section12_unequal_teams_settle_per_seat():
    rs = Ruleset.preset("pagat", partnership="find-friends", players=5)
    assert rs.kitty == 8
    levels = ["5", "2", "3", "2", "4"]
    st = settle(rs, dealer=0, levels=levels, dealer_team=(0,), attackers_points=100, kitty=c("3C") * 8,
                last_trick=LastTrick(0, [(1, 1)], 0))
    # 100 ≥ 2·40: attackers take over without going up; next winner seat after the dealer is 1
    assert st.outcome == ATTACKERS_TAKE_OVER and st.level_changes == (0, 0, 0, 0, 0)
    assert st.next_dealer == 1
    st = settle(rs, dealer=0, levels=levels, dealer_team=(0, 3), attackers_points=130, kitty=c("3C") * 8,
                last_trick=LastTrick(0, [(1, 1)], 0))
    assert st.level_changes == (0, 1, 1, 0, 1) and st.new_levels == (5, 3, 4, 2, 5)
    assert st.next_dealer == 1
    st = settle(rs, dealer=0, levels=levels, dealer_team=(0,), attackers_points=0, kitty=c("3C") * 8,
                last_trick=LastTrick(0, [(1, 1)], 0))
    assert st.outcome == DEALER_KEEPS and st.new_levels == (8, 2, 3, 2, 4) and st.next_dealer == 0
    assert "plays alone" in st.explanation


def test_seed002_coin_example():
    """N = 1000, the dealer wins 2 levels: winners (2+1)×1000×0.9 = 2700, losers pay 3000."""
    rs = Ruleset.preset("qq")
    book = ledger(rs, (0, 2), True, 2, [50, 50, 50, 50], 1000)
    assert book.coin_changes == (2700, -3000, 2700, -3000)
    assert book.rating_changes == (3, -3, 3, -3)
    st = settle(rs, dealer=0, levels=[5, 5, 5, 5], attackers_points=10, kitty=c("3C") * 8,
                last_trick=LastTrick(0, [(1, 1)], 0), ratings=[50, 60, 70, 40], room_coefficient=1000)
    assert st.level_changes == (2, 0, 2, 0)
    assert st.ledger.coin_changes == (2700, -3000, 2700, -3000)


def test_seed002_rating_doubles_and_triples_with_the_players_ratings():
    """四个玩家积分都是 90, 大光: +4 → +8; all 400: +12."""
    rs = Ruleset.preset("qq")
    assert ledger(rs, (1, 3), True, 3, [90] * 4).rating_changes == (-8, 8, -8, 8)
    assert ledger(rs, (1, 3), True, 3, [400] * 4).rating_changes == (-12, 12, -12, 12)
    assert ledger(rs, (1, 3), True, 3, [400, 90, 90, 90]).rating_changes == (-4, 4, -4, 4)
    assert ledger(rs, (1, 3), True, 3, [90] * 4).coin_changes is None


def test_seed002_attackers_take_over_rating_and_coins():
    rs = Ruleset.preset("qq")
    book = ledger(rs, (0, 2), False, 1, [10] * 4, 100)
    assert book.rating_changes == (-3, 3, -3, 3)
    assert book.coin_changes == (-300, 270, -300, 270)
    book = ledger(rs, (0, 2), False, 0, [10] * 4, 3)
    assert book.coin_changes == (-6, 5.4, -6, 5.4)


def test_section11_settlement_errors_are_input_errors():
    from rules.violations import InputError
    rs = Ruleset.preset("qq")
    with pytest.raises(InputError):
        settle(rs, dealer=0, levels=[5, 6, 5, 5], attackers_points=0, kitty=(), last_trick=LastTrick(0, [(1, 1)]))
    with pytest.raises(InputError):
        settle(rs, dealer=0, levels=[5] * 4, attackers_points=7, kitty=(), last_trick=LastTrick(0, [(1, 1)]))
    ff = Ruleset.preset("pagat", partnership="find-friends", players=5)
    with pytest.raises(InputError):
        settle(ff, dealer=0, levels=[5] * 5, attackers_points=0, kitty=(), last_trick=LastTrick(0, [(1, 1)]))


def test_section9_settle_takes_the_trick_winner_result_of_the_last_trick():
    """The HTTP layer passes rules.trick_winner's answer for the last trick straight to settle."""
    from rules.order import Trump
    from rules.tricks import trick_winner
    rs = Ruleset.preset("shengji")
    trump = Trump(2, "S")
    last = trick_winner(rs, trump, [(0, c("7H", "7H", "8H", "8H")), (1, c("3S", "3S", "4S", "4S")),
                                    (2, c("9H", "10H", "JH", "KH")), (3, c("3C", "4C", "5C", "6C"))])
    assert last.winner == 1 and last.points == 25
    kitty = c("KD", "3C", "4C", "6C", "7C", "8C", "9C", "JC")
    st = settle(rs, dealer=0, levels=[2] * 4, attackers_points=60, kitty=kitty, last_trick=last)
    assert (st.multiplier, st.kitty_bonus, st.attackers_total) == (8, 80, 140)
    assert st.outcome == ATTACKERS_TAKE_OVER and st.new_levels == (2, 4, 2, 4)


def test_s9_a_burial_of_cards_not_held_names_them_as_people_write_them():
    from rules.scoring import exchange
    rs = Ruleset.preset("qq", decks=1)
    hand = parse_cards(["AS", "KS", "3H"])
    kitty = parse_cards(["2C", "3C", "4C", "5C", "6C", "7C"])
    _, violations = exchange(rs, hand, kitty, parse_cards(["2C", "3C", "4C", "5C", "6C", "4S"]))
    assert [v.code for v in violations] == ["KITTY_DISCARD"]
    assert violations[0].message.endswith("nor the kitty: 4♠.") and violations[0].detail == {"cards": ["4S"]}
