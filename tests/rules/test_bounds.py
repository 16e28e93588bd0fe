"""Work bounds: no request can make the engine search without limit (README, "Bounds").

A search that runs out of steps never answers wrongly: a check or a trick comparison refuses with
InputError, a legal-play count becomes a lower bound that still lists a legal play."""
import pytest

import rules
from rules import InputError, Ruleset, Trump, parse_cards
from rules.budget import Budget


def cs(text):
    return parse_cards(text.split())


QQ = Ruleset.preset("qq")
HEARTS_10 = Trump("10", "H")


def test_check_play_refuses_past_its_budget_instead_of_guessing():
    hand, lead = cs("AS AS KS KS 9S 9S 3D"), cs("QS QS JS JS")
    with pytest.raises(InputError):
        rules.check_play(QQ, HEARTS_10, hand, cs("AS KS 9S 3D"), lead, budget=Budget(1))
    verdict = rules.check_play(QQ, HEARTS_10, hand, cs("AS KS 9S 3D"), lead)
    assert [v.code for v in verdict.violations] == ["MUST_FOLLOW_SUIT", "MUST_PLAY_UNIT"]


def test_trick_winner_refuses_past_its_budget_instead_of_guessing():
    plays = [(0, cs("5S 5S 6S 6S")), (1, cs("3H 3H 4H 4H"))]
    with pytest.raises(InputError):
        rules.trick_winner(QQ, HEARTS_10, plays, budget=Budget(1))
    assert rules.trick_winner(QQ, HEARTS_10, plays).winner == 1


def test_legal_play_count_past_the_bound_is_a_lower_bound_with_a_legal_play_listed():
    # 8 decks: a 30-card trump lead (a width-6 tractor of the jokers and the trump level card, three
    # quadruples of level cards) against eight copies of nine hearts (trump)
    rs = Ruleset.preset("qq", decks=8)
    trump = Trump("5", "H")
    lead = list(cs("5S " * 4 + "5C " * 4 + "5D " * 4 + "5H " * 6 + "SJ " * 6 + "BJ " * 6))
    hand = [c for r in ["6", "7", "8", "9", "10", "J", "Q", "K", "A"] for c in cs(f"{r}H " * 8)] + list(cs("4D 6D 7D"))
    answer = rules.legal_plays(rs, trump, hand, lead, limit=5)
    assert answer.count_exact is False and answer.truncated is True
    assert answer.count >= len(answer.plays) >= 1
    for play in answer.plays:
        assert rules.check_play(rs, trump, hand, play, lead).legal
