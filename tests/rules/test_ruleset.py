"""Rules sections 3 (parameters) and 13 (presets)."""
import dataclasses

import pytest

from rules.ruleset import PARAMETER_NAMES, PRESETS, Ruleset, RulesetError

# The parameters every preset shares unless section 13 says otherwise.
COMMON = {
    "players": 4, "partnership": "fixed", "trick_compare": "largest-unit-first", "uncapped": False,
    "next_dealer": "partner-or-next", "friend_join": "first-played", "last_level": "A",
    "throw_failure": "lowest-beatable-unit",
}

# Section 13's table, one row per preset, in the API form of the parameters.
EXPECTED = {
    "tuolaji": dict(
        decks=2, first_level="3", permanent_twos=True, tractor_adjacency="natural",
        tractor_ranking="face-value", wider_substitutes=True, follow_ladder="width-first",
        tractor_obligation=True, throws=False, kitty_size="auto", kitty_multiplier="cards",
        last_trick_penalty=True, no_kitty_last_trick_multiplied=True, declaration_style="count",
        declare_with_twos=True, joker_declarations="none", no_declaration="redeal", scoring="tuolaji"),
    "shengji": dict(
        decks=2, first_level="2", permanent_twos=False, tractor_adjacency="trump-order",
        tractor_ranking="trump-order", wider_substitutes=False, follow_ladder="width-first",
        tractor_obligation=True, throws=True, throw_penalty=0, kitty_size=8,
        kitty_multiplier="two-w-pow-l", declaration_style="count", joker_declarations="any-multiple",
        no_declaration="redeal", scoring="shengji-001"),
    "qq": dict(
        decks=2, first_level="2", permanent_twos=False, tractor_adjacency="trump-order",
        tractor_ranking="trump-order", wider_substitutes=False, follow_ladder="width-first",
        tractor_obligation=True, throws=True, throw_penalty=0, kitty_size="auto",
        kitty_multiplier="pow2-pairs", declaration_style="qq", joker_declarations="pairs",
        no_declaration="no-trump", scoring="standard"),
    "4399": dict(
        decks=2, first_level="2", permanent_twos=False, tractor_adjacency="trump-order",
        tractor_ranking="trump-order", wider_substitutes=False, follow_ladder="width-first",
        tractor_obligation=True, throws=True, throw_penalty=0, kitty_size=8,
        kitty_multiplier="two-w-pow-l", declaration_style="count", joker_declarations="pairs",
        no_declaration="redeal", scoring="standard"),
    "four-deck": dict(
        decks=4, first_level="3", permanent_twos=True, tractor_adjacency="natural",
        tractor_ranking="trump-order", wider_substitutes=True, follow_ladder="width-first",
        tractor_obligation=True, throws=False, kitty_size=0, kitty_multiplier="unit-size",
        last_trick_penalty=True, no_kitty_last_trick_multiplied=True,
        declaration_style="count-min2-overturn", joker_declarations="none", no_declaration="redeal",
        scoring="four-deck"),
    "pagat": dict(
        decks=2, first_level="2", permanent_twos=False, tractor_adjacency="trump-order",
        tractor_ranking="trump-order", wider_substitutes=False, follow_ladder="width-first",
        tractor_obligation=False, throws=True, throw_penalty=10, kitty_size=8,
        kitty_multiplier="double-cards", declaration_style="count", joker_declarations="pairs",
        no_declaration="kitty-reveal", scoring="standard"),
}


def test_s13_six_presets_and_s14_12_rbtying():
    assert set(PRESETS) == set(EXPECTED) | {"rbtying"}     # rbtying: tests/rules/test_match.py


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_s13_preset_parameters(name):
    params = Ruleset.preset(name).to_dict()
    assert set(params) == set(PARAMETER_NAMES)
    for key, value in {**COMMON, **EXPECTED[name]}.items():
        assert params[key] == value, (name, key)
    assert params["must_defend"] == ["A"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_s13_preset_round_trips_through_dict(name):
    rs = Ruleset.preset(name)
    assert Ruleset.from_dict(rs.to_dict()) == Ruleset.from_dict(rs.to_dict())
    again = Ruleset.from_dict({"preset": name})
    assert again.to_dict() == rs.to_dict()
    assert Ruleset.from_dict(rs.to_dict()).to_dict() == rs.to_dict()


def test_s13_shengji_kitty_6_8_6_and_three_deck_ladder():
    assert [Ruleset.preset("shengji", decks=d).kitty for d in (1, 2, 3)] == [6, 8, 6]
    assert Ruleset.preset("shengji", decks=2).follow_ladder == "width-first"
    assert Ruleset.preset("shengji", decks=3).follow_ladder == "shengji-3deck"
    assert Ruleset.preset("shengji", decks=3, follow_ladder="width-first").follow_ladder == "width-first"


def test_s13_four_deck_has_no_kitty():
    rs = Ruleset.preset("four-deck")
    assert rs.kitty == 0 and rs.hand_size == 54


def test_s13_find_friends_defaults_to_next_winner_seat():
    rs = Ruleset.preset("pagat", partnership="find-friends", players=5)
    assert rs.next_dealer == "next-winner-seat"
    assert Ruleset.preset("4399", partnership="find-friends", friend_join="holder").friend_join == "holder"


def auto_rule(decks, players):
    """Section 3, kitty_size auto, written out."""
    size = (54 * decks) % players
    if size == 0:
        size = players
    while size < 5:
        size += players
    return size


@pytest.mark.parametrize("decks, players, size", [(2, 4, 8), (1, 4, 6), (3, 4, 6), (4, 4, 8), (2, 5, 8),
                                                  (2, 6, 6), (3, 5, 7), (2, 7, 10), (1, 6, 6)])
def test_s3_kitty_auto_rule(decks, players, size):
    assert auto_rule(decks, players) == size
    rs = Ruleset.preset("qq", decks=min(decks, 3), players=players,
                        partnership="fixed" if players % 2 == 0 else "find-friends")
    if decks <= 3:
        assert rs.kitty == size
        assert (rs.total_cards - rs.kitty) % rs.players == 0
        assert rs.hand_size == (54 * decks - size) // players


def test_s3_overriding_decks_or_players_makes_a_fixed_kitty_auto():
    assert Ruleset.preset("4399").kitty == 8
    assert Ruleset.preset("4399", decks=3).kitty == auto_rule(3, 4)
    assert Ruleset.preset("pagat", players=6).kitty == auto_rule(2, 6)
    assert Ruleset.preset("four-deck", decks=2).kitty == auto_rule(2, 4)
    assert Ruleset.preset("four-deck", decks=3).kitty == auto_rule(3, 4)
    assert Ruleset.preset("pagat", kitty_size=12).kitty == 12


def test_s3_overrides_apply():
    rs = Ruleset.preset("qq", permanent_twos=True, decks=3, throw_penalty=10, trick_compare="all-units")
    assert rs.permanent_twos is True and rs.decks == 3 and rs.throw_penalty == 10
    assert rs.trick_compare == "all-units"
    assert Ruleset.from_dict({"preset": "tuolaji", "decks": 8, "permanent_twos": False}).decks == 8
    assert Ruleset.preset("tuolaji", first_level="2").first_level == 2
    assert Ruleset.preset("tuolaji", must_defend=["K", "A"]).must_defend == (13, 14)


def error_of(**params):
    with pytest.raises(RulesetError) as info:
        Ruleset.preset(params.pop("preset", "qq"), **params)
    assert info.value.message
    return info.value


def test_s3_fixed_partnership_needs_even_players():
    assert error_of(players=5).parameter in ("partnership", "players")
    assert Ruleset.preset("qq", players=5, partnership="find-friends").players == 5


@pytest.mark.parametrize("decks", [0, 9, -1])
def test_s3_decks_out_of_range(decks):
    assert error_of(preset="tuolaji", decks=decks).parameter == "decks"


@pytest.mark.parametrize("players", [3, 13, 14])
def test_s3_players_out_of_range(players):
    assert error_of(players=players, partnership="find-friends").parameter == "players"


def test_s3_unknown_parameter_named():
    err = error_of(colour="red")
    assert err.parameter == "colour" and "colour" in err.message
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict({"preset": "pagat", "trumps": 3})
    assert info.value.parameter == "trumps"


def test_s3_unknown_preset():
    with pytest.raises(RulesetError) as info:
        Ruleset.preset("bridge")
    assert info.value.parameter == "preset"


@pytest.mark.parametrize("decks", [4, 5, 8])
def test_s3_scoring_table_must_cover_decks(decks):
    # shengji-001 defines rows for 1, 2 and 3 decks only (section 11)
    assert error_of(preset="shengji", decks=decks).parameter in ("decks", "scoring")
    for scoring in ("standard", "tuolaji", "four-deck"):
        assert Ruleset.preset("shengji", decks=decks, scoring=scoring).decks == decks


def test_s3_kitty_must_leave_an_even_deal():
    assert error_of(kitty_size=7).parameter == "kitty_size"
    assert error_of(kitty_size=-1).parameter == "kitty_size"
    assert Ruleset.preset("qq", kitty_size=12).hand_size == 24


@pytest.mark.parametrize("key, value", [
    ("follow_ladder", "depth-first"), ("tractor_adjacency", "diagonal"), ("trick_compare", "loudest"),
    ("throws", "yes"), ("decks", "two"), ("decks", True), ("throw_penalty", 7), ("throw_penalty", -5),
    ("first_level", "5"), ("first_level", "Z"), ("last_level", "1"), ("kitty_size", "big"),
    ("must_defend", "A"), ("must_defend", ["X"]),
])
def test_s3_invalid_values_name_their_parameter(key, value):
    assert error_of(preset="qq", **{key: value}).parameter == key


def test_s3_last_level_not_below_first_level():
    assert error_of(preset="tuolaji", last_level="2").parameter == "last_level"
    assert Ruleset.preset("qq", last_level="2").last_level == 2


def test_s3_holder_friend_join_only_for_two_decks():
    err = error_of(preset="4399", decks=3, partnership="find-friends", friend_join="holder")
    assert err.parameter in ("friend_join", "decks")


def test_s3_ruleset_is_frozen_value():
    rs = Ruleset.preset("qq")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rs.decks = 3  # type: ignore[misc]
    assert rs == Ruleset.preset("qq")
    assert hash(rs) == hash(Ruleset.preset("qq"))


def test_s3_must_defend_is_a_list_not_any_iterable():
    for bad in ({}, {"A": 1}, "A", 14, {"A"}):
        with pytest.raises(RulesetError) as err:
            Ruleset.preset("qq", must_defend=bad)
        assert err.value.parameter == "must_defend"
    assert Ruleset.preset("qq", must_defend=["K", "A"]).must_defend == (13, 14)


# -- section 3: every parameter is declared once, as a field of Ruleset -------------------------------
def test_s3_every_parameter_is_declared_with_a_section_and_a_sentence():
    from rules.ruleset import PARAMETERS
    assert [p.name for p in PARAMETERS] == list(PARAMETER_NAMES)
    for p in PARAMETERS:
        assert p.summary.endswith((".", ")")) and p.section, p.name
        assert set(p.presets) <= set(PRESETS), p.name
        if p.choices is not None:
            assert list(p.values) == [member.value for member in p.choices], p.name


def test_s3_every_default_and_preset_value_reads_back_from_its_api_spelling():
    from rules.ruleset import PARAMETERS
    for p in PARAMETERS:
        for value in (p.default, *p.presets.values()):
            assert p.coerce(p.api_value(value)) == value, p.name


@pytest.mark.parametrize(("override", "message"), [
    ({"decks": 9}, "decks must be 1..8, not 9"),
    ({"players": 3}, "players must be 4..12, not 3"),
    ({"first_level": "4"}, "first_level must be 2 or 3, not 4"),
    ({"throw_penalty": 7}, "throw_penalty must be a non-negative multiple of 5, not 7"),
    ({"turnover_steps": 101}, "turnover_steps must be 1..100, not 101"),
    ({"rainbow_min": 3}, "rainbow_min must be null or 4..32, not 3"),
    ({"tractor_min_length": 14}, "tractor_min_length must be 2..13, not 14"),
    ({"score_step": 7}, "score_step must be a multiple of 5 from 10 to the decks' 200 points, not 7"),
    ({"bombs": "some"}, "bombs must be one of none, any-suit, follow-suit, not 'some'"),
    ({"throws": 1}, "throws must be true or false"),
    ({"rainbow_min": "4"}, "rainbow_min must be null or an integer"),
    ({"kitty_size": "x"}, "kitty_size must be an integer or 'auto'"),
])
def test_s3_a_value_outside_its_declaration_is_refused_by_name(override, message):
    with pytest.raises(RulesetError) as caught:
        Ruleset.preset("qq", **override)
    assert (caught.value.parameter, caught.value.message) == (next(iter(override)), message)


def test_s3_a_choice_declared_without_a_line_per_value_is_refused_at_import():
    from rules.parameters import parameter
    from rules.ruleset import Bombs
    with pytest.raises(TypeError):
        parameter(Bombs.NONE, section="14.1", summary="Bombs.", values={"none": "no bombs"})


def test_s3_a_new_parameter_is_one_declaration():
    """What docs/engine.md shows: a field declared with `parameter` is read, checked and spelled."""
    from rules.parameters import Kind, declared_parameters, parameter

    @dataclasses.dataclass(frozen=True)
    class Table:
        seats: int = parameter(4, section="3", minimum=4, maximum=12, presets={"qq": 6}, summary="Seats.")
        levels: tuple[int, ...] = parameter((14,), kind=Kind.RANKS, section="11", summary="Ranks.")

    seats, levels = declared_parameters(Table)
    assert (seats.name, seats.kind, seats.preset_value("qq"), seats.preset_value("pagat")) == ("seats", Kind.COUNT, 6, 4)
    assert levels.coerce(["K", "A", "K"]) == (13, 14) and levels.api_value((13, 14)) == ["K", "A"]
    with pytest.raises(RulesetError, match="seats must be 4..12, not 13"):
        seats.check(13)
