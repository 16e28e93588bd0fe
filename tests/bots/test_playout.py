"""A playout's end (rules section 15.4): the tricks it adds are settled from the walk of the record before
them (``rules.adjudicate.settle_played``), and that settlement is the referee's for the whole record."""
from dataclasses import replace

import pytest

from bench.tournament import RULESETS
from bots.game import play_hand, random_bot, suggesting_bot
from bots.playout import Start, before, played_out
from rules import Ruleset, adjudicate, hand_state
from rules.adjudicate import STATE, settle_played, walk
from rules.decks import copies_in_play
from rules.order import order_for
from rules.violations import InputError


def starts(record, every):
    """Every ``every``-th position of a played hand where a seat is to play, as a playout's start."""
    rules = record.rules
    flat = [(t, k) for t, trick in enumerate(record.tricks) for k in range(len(trick))]
    for t, k in flat[::every]:
        cut = replace(record, tricks=record.tricks[:t] + ((record.tricks[t][:k],) if k else ()))
        state = hand_state(cut, declarations_closed=True)
        if state.next is None or state.trump is None:
            continue
        done = cut.tricks[:t]
        current = tuple(cut.tricks[t][:k]) if k else ()
        leader = state.current_trick.leader if state.current_trick is not None else state.next.seat
        yield Start(cut, state.trump, order_for(rules, state.trump), state.hands, tuple(done), current, leader,
                    tuple(frozenset() for _ in range(rules.players)), frozenset(state.teams.dealer_team),
                    copies_in_play(rules, state.level, cut.levels), before(cut))


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_s15_4_a_playout_is_settled_as_the_referee_settles_the_whole_record(name):
    preset, overrides = RULESETS[name]
    rules = Ruleset.preset(preset, **overrides)
    basic = suggesting_bot("basic")
    checked = 0
    for i, bots in enumerate(([random_bot] * rules.players, [basic] * rules.players)):
        record = play_hand(rules, f"playout/{name}/{i}", bots).record
        if not record.tricks:
            continue
        for start in starts(record, 7):
            added, settled = played_out(start)
            whole = adjudicate(replace(start.record, tricks=(*start.done, *added)))
            assert whole.legal, whole.illegal
            assert settled == whole.settlement
            checked += 1
    assert checked >= 6


def test_s15_4_a_playout_settles_only_tricks_that_complete_the_one_in_progress():
    rules = Ruleset.preset("qq")
    record = play_hand(rules, "playout/mid", [suggesting_bot("basic")] * 4).record
    mid = replace(record, tricks=record.tricks[:3] + (record.tricks[3][:2],))
    position = walk(mid, reading=STATE, declarations_closed=True)
    whole = adjudicate(record)
    with pytest.raises(InputError):
        settle_played(mid, position, ())
    with pytest.raises(InputError):
        settle_played(mid, position, whole.tricks[4:])
    assert settle_played(mid, position, whole.tricks[3:]) == whole.settlement
