"""Rules section 14.10: the cards `kitty_fit: remove-low-cards` takes out, read every way a request allows
(rules.decks.removal_ranks, copy_limits), checked against every seating of the first hand."""
from itertools import combinations

import pytest

from rules.cards import NT, card, parse_cards
from rules.deal import deal
from rules.decks import copies_in_play, copy_limits, deck_copies, removal_rank, removal_ranks
from rules.ruleset import Ruleset
from rules.violations import InputError

FIVE = {"players": 5, "partnership": "find-friends", "kitty_size": 6, "kitty_fit": "remove-low-cards"}


def _every_first_hand(rs: Ruleset, level: int | None) -> set[int]:
    """The ranks a first hand takes out over every choice of the other seats' levels (the dealer at
    ``level``, or at any level when None): the rank depends only on the set of levels, so every set of
    at most ``players - 1`` (``players``) levels is tried."""
    allowed = range(rs.first_level, rs.last_level + 1)
    known = () if level is None else (level,)
    free = rs.players - len(known)
    return {removal_rank(rs, None, known + extra) for k in range(free + 1) for extra in combinations(allowed, k)}


OWN = {"kitty_size": 6, "kitty_fit": "remove-low-cards", "first_hand_levels": "own"}
CASES = [
    {"preset": "pagat", **FIVE, "first_hand_levels": "own"},
    {"preset": "pagat", **OWN},
    {"preset": "pagat", **OWN, "first_level": "3"},
    {"preset": "pagat", **OWN, "first_level": "3", "deck_min_rank": "3", "kitty_size": 4},
    {"preset": "pagat", **OWN, "last_level": "6"},
    {"preset": "pagat", **OWN, "first_level": "3", "last_level": "4", "players": 6, "partnership": "find-friends"},
    {"preset": "rbtying", **OWN},
    {"preset": "rbtying", **OWN, "first_level": "3", "decks": 3, "jokers": "none", "kitty_size": 5},
]


@pytest.mark.parametrize("case", CASES)
def test_s14_10_first_hand_ranks_agree_with_every_seating(case):
    """``removal_ranks`` of a first hand under `own` is exact when it names one rank and names only
    ranks some seating takes out otherwise (its closed form, checked against every set of levels)."""
    rs = Ruleset.from_dict(case)
    for level in [None, *range(rs.first_level, rs.last_level + 1)]:
        every = _every_first_hand(rs, level)
        ours = removal_ranks(rs, level, first_hand=True)
        assert set(ours) <= every and (len(ours) == 1) == (len(every) == 1), (case, level, ours, every)


def test_s14_10_shared_readings_agree_at_the_first_level():
    """Under `shared` a first hand is at first_level, every seat with it: at 2 it takes out the 3s, as a
    later hand at 2 does; at 9 only a later hand is possible, and it takes out the 2s."""
    rs = Ruleset.preset("pagat", **FIVE)
    assert removal_ranks(rs, 2) == (3,) and removal_ranks(rs, 9) == (2,)
    limits = copy_limits(rs, 2)
    assert [limits[card(c)] for c in ("3C", "3D", "3H", "2C")] == [1, 1, 2, 2]
    assert copy_limits(rs, 9) == copies_in_play(rs, 9)


def test_s14_10_own_readings_disagree_without_the_seats_levels():
    rs = Ruleset.preset("pagat", **FIVE, first_hand_levels="own")
    assert removal_ranks(rs, 2) == (3, 4)                  # a first-hand seat at 3 moves the removal to 4
    assert copy_limits(rs, 2) == deck_copies(rs)            # so no card is taken out in every reading
    assert copy_limits(rs, 2, first_hand=False) == copies_in_play(rs, 2)
    assert copy_limits(rs, 2, (2, 3, 4, 2, 3), True) == copies_in_play(rs, None, (2, 3, 4, 2, 3))
    # a settlement's levels: a later hand at 2 or a first hand with these levels, both the 3s
    assert removal_ranks(rs, 2, (2, 5, 2, 5, 5)) == (3,)
    assert removal_ranks(rs, 2, (2, 3, 2, 3, 3)) == (3, 4)


def test_s14_10_nothing_taken_out_limits_by_the_decks():
    rs = Ruleset.preset("pagat", first_level="3", deck_min_rank="3", jokers="big-only", kitty_fit="remove-low-cards")
    assert rs.removed == 0
    assert copy_limits(rs, 5) == deck_copies(rs) and copy_limits(rs, 5)[parse_cards(["2S"])[0]] == 0


def test_s14_10_an_unknown_level_reads_every_later_hand():
    rs = Ruleset.preset("pagat", **FIVE)
    assert removal_ranks(rs, None, first_hand=False) == (2, 3)
    assert copy_limits(rs, None, first_hand=False) == deck_copies(rs)


def test_s14_10_a_first_hand_deal_with_seats_at_their_own_levels():
    rs = Ruleset.preset("pagat", **FIVE, first_hand_levels="own")
    d = deal(rs, "own", levels=(2, 3, 4, 2, 3))              # 2, 3 and 4 are levels, 5 scores: the 6s go
    dealt = [str(c) for h in d.hands for c in h] + [str(c) for c in d.kitty]
    assert (dealt.count("6C"), dealt.count("6D"), dealt.count("6H"), dealt.count("3C")) == (1, 1, 2, 2)
    assert deal(rs, "own").hands == deal(rs, "own", levels=(2,) * 5).hands
    with pytest.raises(InputError):
        deal(rs, "own", level=2, levels=(2,) * 5)
    with pytest.raises(InputError):
        deal(rs, "own", levels=(2, 3))


def test_s14_10_nt_dealer_takes_out_the_lowest_rank():
    rs = Ruleset.preset("rbtying", kitty_size=6, kitty_fit="remove-low-cards")
    assert removal_ranks(rs, NT, first_hand=False) == (2,)
