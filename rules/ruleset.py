"""Rulesets: every parameter, declared once as a field of :class:`Ruleset`; the presets; validation.

A :class:`Ruleset` is a frozen value.  ``Ruleset.preset(name, **overrides)`` applies the caller's
overrides on a preset; every combination that validates is a ruleset the engine must serve.  Each
field is the whole declaration of its parameter (:func:`rules.parameters.parameter`): reading,
checking, the API's spelling, the docs table and the spec all come from it.

Decisions where the rules leave room (written down here and in docs/rules.md):
- A preset's fixed ``kitty_size`` is a table by (decks, players); overriding ``decks`` or ``players``
  to a pair outside that table makes it ``auto`` (``shengji``: 6 / 8 / 6 for 1 / 2 / 3 decks).  So does a short deck (``deck_min_rank`` above 2, or ``jokers`` other than ``both``; section 14.10).
- ``shengji`` uses the ``shengji-3deck`` follow ladders when it is played with 3 decks, unless the
  caller sets ``follow_ladder`` explicitly.
- A preset played with ``partnership: find-friends`` deals next by ``next-winner-seat`` unless the
  caller sets ``next_dealer``.
- ``tractor_min_width`` above ``decks`` is invalid (section 14.3) only when it is above the default 2:
  one deck holds no pair, and the default keeps every one-deck ruleset as it was.
- ``bombs`` with fewer than 4 decks is valid: no bomb can occur (section 14.1).
- ``friend_join: holder`` is defined for 2 decks only (the 4399 选择对手 rules); with find-friends and any other
  deck count the ruleset is invalid.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from .cards import NT, POINTS, rank_name
from .parameters import AUTO, Kind, Parameter, declared_parameters, parameter
from .parameters import RulesetError as RulesetError  # raised here, and where the package's users have met it
from .violations import count_of


class Partnership(StrEnum):
    FIXED = "fixed"
    FIND_FRIENDS = "find-friends"


class Adjacency(StrEnum):
    TRUMP_ORDER = "trump-order"
    NATURAL = "natural"


class TractorRanking(StrEnum):
    TRUMP_ORDER = "trump-order"
    FACE_VALUE = "face-value"


class FollowLadder(StrEnum):
    WIDTH_FIRST = "width-first"
    SHENGJI_3DECK = "shengji-3deck"


class FollowProtection(StrEnum):
    """Which of the follower's groups the structure obligation may not break (section 7.1)."""

    NONE = "none"
    LONGER_TUPLES = "longer-tuples"
    TRACTORS = "tractors"
    LONGER_TUPLES_AND_TRACTORS = "longer-tuples-and-tractors"
    SUIT_ONLY = "suit-only"


# enum members held as module constants (docs/engine.md, "Speed notes")
_LONGER_TUPLES: Final = FollowProtection.LONGER_TUPLES
_TRACTORS: Final = FollowProtection.TRACTORS
_BOTH: Final = FollowProtection.LONGER_TUPLES_AND_TRACTORS


def keeps_whole_groups(protection: FollowProtection) -> bool:
    """Owed units take only cards the follower holds exactly as often as the unit is wide (7.1)."""
    return protection is _LONGER_TUPLES or protection is _BOTH


def keeps_held_tractors(protection: FollowProtection) -> bool:
    """Units owed for a lead unit of length 1 take no card of a held tractor (7.1)."""
    return protection is _TRACTORS or protection is _BOTH


class Bombs(StrEnum):
    """Whether four or more identical cards beat every other play, and which suits may (section 14.1)."""

    NONE = "none"
    ANY_SUIT = "any-suit"
    FOLLOW_SUIT = "follow-suit"


class ThrowFailure(StrEnum):
    LOWEST_BEATABLE_UNIT = "lowest-beatable-unit"


class TrickCompare(StrEnum):
    LARGEST_UNIT_FIRST = "largest-unit-first"
    HIGHEST_CARD = "highest-card"
    ALL_UNITS = "all-units"


class KittyMultiplier(StrEnum):
    CARDS = "cards"
    DOUBLE_CARDS = "double-cards"
    TWO_W_POW_L = "two-w-pow-l"
    UNIT_SIZE = "unit-size"
    POW2_PAIRS = "pow2-pairs"
    DOUBLE_LARGEST_UNIT = "double-largest-unit"
    POW2_LARGEST_UNIT = "pow2-largest-unit"


class DeclarationStyle(StrEnum):
    COUNT = "count"
    QQ = "qq"
    COUNT_MIN2_OVERTURN = "count-min2-overturn"
    COUNT_SUIT_ORDER = "count-suit-order"
    COUNT_GREATER_LENGTH = "count-greater-length"


class JokerDeclarations(StrEnum):
    NONE = "none"
    PAIRS = "pairs"
    ANY_MULTIPLE = "any-multiple"
    ALL_DECKS = "all-decks"
    SMALL_ALL_BIG_ONE_LESS = "small-all-big-one-less"


class NoDeclaration(StrEnum):
    REDEAL = "redeal"
    NO_TRUMP = "no-trump"
    KITTY_REVEAL = "kitty-reveal"
    KITTY_FIRST_CARD = "kitty-first-card"
    KITTY_FIRST_LEVEL_OR_HIGHEST = "kitty-first-level-or-highest"


class PastLastLevel(StrEnum):
    """What passing ``last_level`` does (section 14.9)."""

    GAME_OVER = "game-over"
    WRAP = "wrap"


class Jokers(StrEnum):
    """The jokers in each deck (section 14.10)."""

    BOTH = "both"
    BIG_ONLY = "big-only"
    SMALL_ONLY = "small-only"
    NONE = "none"


class KittyFit(StrEnum):
    """What a kitty that leaves an uneven deal does (section 14.10)."""

    REFUSE = "refuse"
    REMOVE_LOW_CARDS = "remove-low-cards"


class OwnDeclarations(StrEnum):
    """What the standing declarer may declare (section 14.11)."""

    REINFORCE = "reinforce"
    OVERTURN_OWN = "overturn-own"


class FirstDealer(StrEnum):
    """Who deals the first hand (section 14.11)."""

    WINNING_DECLARER = "winning-declarer"
    FIRST_DECLARER = "first-declarer"


class FirstHandLevels(StrEnum):
    """Which level each seat declares with in the first hand (section 14.11)."""

    SHARED = "shared"
    OWN = "own"


class Scoring(StrEnum):
    STANDARD = "standard"
    SHENGJI_001 = "shengji-001"
    TUOLAJI = "tuolaji"
    FOUR_DECK = "four-deck"
    STEPS = "steps"


class ZeroWindow(StrEnum):
    """``scoring: steps`` below the first step (section 14.5)."""

    SPLIT = "split"
    WHOLE = "whole"


class BonusLevel(StrEnum):
    NONE = "none"
    SMALLER_DEALER_TEAM = "smaller-dealer-team"


class JackRule(StrEnum):
    NONE = "none"
    BACK_TO_TWO = "back-to-two"


class FriendCards(StrEnum):
    """Which cards a friend call may name (section 14.6)."""

    ANY = "any"
    NO_TRUMPS = "no-trumps"
    NO_TRUMPS_NO_TOP = "no-trumps-no-top"
    NO_TRUMPS_NO_POINTS = "no-trumps-no-points"


class NextDealer(StrEnum):
    PARTNER_OR_NEXT = "partner-or-next"
    NEXT_WINNER_SEAT = "next-winner-seat"


class FriendJoin(StrEnum):
    FIRST_PLAYED = "first-played"
    HOLDER = "holder"
    FIRST_OUTSIDER = "first-outsider"


class DeclarationVisibility(StrEnum):
    """Whether declarations are shown as they are made (section 15.2)."""

    OPEN = "open"
    DARK = "dark"


SCORING_DECKS: Final = {
    Scoring.STANDARD: range(1, 9),
    Scoring.TUOLAJI: range(1, 9),
    Scoring.FOUR_DECK: range(1, 9),
    Scoring.SHENGJI_001: range(1, 4),
    Scoring.STEPS: range(1, 9),
}
MAX_STEPS: Final = 100         # turnover_steps and deadzone_steps: a bound on what a request may name
MAX_CARDS: Final = 8 * 54      # the most cards any ruleset deals
NATURAL_PRESETS: Final = ("tuolaji", "four-deck")   # levels 3..A, permanent 2s, natural tractors, no throws


def _natural(value: Any) -> dict[str, Any]:
    return {name: value for name in NATURAL_PRESETS}


@dataclass(frozen=True)
class Ruleset:
    """Every ruleset parameter (docs/rules.md, "Ruleset parameters").  Ranks are held as integers 2..14."""

    name: str = "custom"
    decks: int = parameter(
        2, section="3", minimum=1, maximum=8, presets={"four-deck": 4},
        summary="Number of 54-card decks shuffled together, 1..8 (the scoring table must cover the count).")
    players: int = parameter(4, section="3", minimum=4, maximum=12, summary="Seats at the table, 4..12.")
    partnership: Partnership = parameter(
        Partnership.FIXED, section="12", term="找朋友", summary="How the two sides are formed.", values={
            "fixed": "alternate seats are partners (needs an even number of players)",
            "find-friends": "找朋友: the dealer names friend cards after the kitty exchange; see `friend_join`",
        })
    first_level: int = parameter(
        2, kind=Kind.RANK, section="11", minimum=2, maximum=3, presets=_natural(3),
        summary="The level (级牌 rank) every seat starts on: `2` or `3`.")
    last_level: int = parameter(
        14, kind=Kind.RANK, section="11", minimum=2, maximum=NT, presets={"rbtying": NT},
        summary="The last level; passing it as dealer wins the game (usually `A`), or starts the levels again "
                "(`past_last_level`). `NT` is the level after A: no level cards and no trump suit (section 14.9).")
    permanent_twos: bool = parameter(
        False, section="4", term="常主", presets=_natural(True),
        summary="Whether every 2 is a permanent trump (常主), ranked just below the level cards.")
    kitty_size: int | str = parameter(
        AUTO, kind=Kind.COUNT_OR_AUTO, section="3", minimum=0, maximum=MAX_CARDS - 1, term="底牌",
        summary="Cards set aside at the deal (底牌): an integer, or `auto` for `(54·decks) mod players` (0 becomes "
                "`players`, then add `players` while below 5). Fewer than the decks hold, and the rest must divide "
                "among the players.")
    tractor_adjacency: Adjacency = parameter(
        Adjacency.TRUMP_ORDER, section="5", presets=_natural(Adjacency.NATURAL), term="拖拉机",
        summary="Which ranks count as consecutive when forming tractors (拖拉机).", values={
            "trump-order": "consecutive in the card order itself: the level rank and permanent 2s are skipped, and "
                           "among trumps the steps run A, off-suit level cards, trump-suit level card, SJ, BJ",
            "natural": "consecutive in printed order within one printed suit (A may start or end a run); SJ and BJ "
                       "are adjacent",
        })
    tractor_ranking: TractorRanking = parameter(
        TractorRanking.TRUMP_ORDER, section="8", presets={"tuolaji": TractorRanking.FACE_VALUE},
        summary="How two tractors of the same shape compare when following.", values={
            "trump-order": "by their top card in the card order",
            "face-value": "by the printed rank of their top card (A high, but lowest in a run that wraps to 2)",
        })
    tractor_obligation: bool = parameter(
        True, section="7", presets={"pagat": False, "rbtying": False},
        summary="Whether adjacency counts in the follow obligation; false: only the widths owed count (a led "
                "tractor of two pairs owes two pairs, consecutive or not).")
    follow_ladder: FollowLadder = parameter(
        FollowLadder.WIDTH_FIRST, section="7",
        summary="How the structure owed by a follower degrades when it cannot match the lead.", values={
            "width-first": "shapes compare by their units' (width, length), widest first, padded with singles",
            "shengji-3deck": "fixed ladders for a lead of one titanic of length 2 or one triple (3-deck 升级); every "
                             "other lead follows width-first",
        })
    follow_protection: FollowProtection = parameter(
        FollowProtection.NONE, section="7.1",
        summary="Which of the follower's groups the structure obligation may not break (`none` in every preset).",
        values={
            "none": "nothing is protected",
            "longer-tuples": "owed units take whole groups only: a triple gives no pair",
            "tractors": "a lead of one rank never draws cards out of a held tractor",
            "longer-tuples-and-tractors": "both protections",
            "suit-only": "no structure obligation: any cards of the led suit",
        })
    wider_substitutes: bool = parameter(
        False, section="7", presets=_natural(True),
        summary="Whether a wider unit with the same number of cards stands for a unit when following, and beats "
                "it (`5555` for `6677`).")
    throws: bool = parameter(
        True, section="6", presets=_natural(False), term="甩牌",
        summary="Whether a lead of several units of one suit (甩牌, a throw) is allowed.")
    throw_failure: ThrowFailure = parameter(
        ThrowFailure.LOWEST_BEATABLE_UNIT, section="6", summary="Which unit a failed throw is reduced to.", values={
            "lowest-beatable-unit": "the beatable unit whose top card ranks lowest (ties: fewer cards, then narrower)",
        })
    throw_penalty: int = parameter(
        0, section="6", minimum=0, multiple_of=5, presets={"pagat": 10},
        summary="Points per failed throw, a multiple of 5 (0: none); they go to the other side.")
    trick_compare: TrickCompare = parameter(
        TrickCompare.LARGEST_UNIT_FIRST, section="8", presets={"rbtying": TrickCompare.ALL_UNITS},
        summary="How plays that match the lead's format compare.",
        values={
            "largest-unit-first": "the units matching the format's largest unit decide, then the next; singles only "
                                  "count when the format is all singles",
            "highest-card": "the highest card decides",
            "all-units": "every unit must beat its counterpart",
        })
    kitty_multiplier: KittyMultiplier = parameter(
        KittyMultiplier.DOUBLE_CARDS, section="9", term="扣底",
        presets={"tuolaji": KittyMultiplier.CARDS, "shengji": KittyMultiplier.TWO_W_POW_L,
                 "qq": KittyMultiplier.POW2_PAIRS, "4399": KittyMultiplier.TWO_W_POW_L,
                 "four-deck": KittyMultiplier.UNIT_SIZE, "rbtying": KittyMultiplier.DOUBLE_LARGEST_UNIT},
        summary="The multiplier on the kitty's points when the attackers win the last trick (扣底/抠底), from the "
                "largest unit (width w, length L) of the last lead.", values={
            "cards": "the number of cards led",
            "double-cards": "twice the number of cards led",
            "two-w-pow-l": "2·w^L of the widest, then longest unit",
            "unit-size": "w·L of the largest unit",
            "pow2-pairs": "2^(pairs+1), counting the pairs in the largest unit",
            "double-largest-unit": "2·w·L of the largest unit",
            "pow2-largest-unit": "2^(w·L) of the largest unit",
        })
    last_trick_penalty: bool = parameter(
        False, section="9", presets=_natural(True), term="反抠",
        summary="Whether the dealer side winning the last trick with a lead of 2+ cards subtracts the multiplied "
                "kitty (or last-trick) points from the attackers.")
    no_kitty_last_trick_multiplied: bool = parameter(
        False, section="9", presets=_natural(True),
        summary="With no kitty: whether the last trick's own points are multiplied instead.")
    declaration_style: DeclarationStyle = parameter(
        DeclarationStyle.COUNT, section="10", term="亮主",
        presets={"qq": DeclarationStyle.QQ, "four-deck": DeclarationStyle.COUNT_MIN2_OVERTURN},
        summary="How declarations (亮主) follow one another.", values={
            "count": "each must be stronger than the last; the declarer may reinforce (加固) but not overturn (反)",
            "qq": "the first card sets the trump; the first pair after it (反无主, 自保 or 反主) settles it for good",
            "count-min2-overturn": "as count, but every overturn needs at least two cards",
            "count-suit-order": "as count, and as many cards (two or more) also overturn in a higher suit, "
                                "♦ < ♣ < ♥ < ♠ (jokers above every suit)",
            "count-greater-length": "as count, but an overturn needs strictly more cards (jokers of the same count "
                                    "do not overturn a suit)",
        })
    declare_with_twos: bool = parameter(
        False, section="10", presets={"tuolaji": True},
        summary="Whether 2s may declare in place of level cards; the first declaration fixes which family may "
                "follow.")
    joker_declarations: JokerDeclarations = parameter(
        JokerDeclarations.PAIRS, section="14.8", term="无主",
        presets={**_natural(JokerDeclarations.NONE), "shengji": JokerDeclarations.ANY_MULTIPLE,
                 "rbtying": JokerDeclarations.ANY_MULTIPLE},
        summary="Which joker sets declare no-trump (无主).", values={
            "none": "jokers never declare",
            "pairs": "exactly two identical jokers",
            "any-multiple": "two or more identical jokers",
            "all-decks": "one copy of the joker from every deck (a single joker with one deck)",
            "small-all-big-one-less": "small jokers need one copy from every deck, big jokers one fewer (at least "
                                      "one)",
        })
    no_declaration: NoDeclaration = parameter(
        NoDeclaration.REDEAL, section="14.8",
        presets={"qq": NoDeclaration.NO_TRUMP, "pagat": NoDeclaration.KITTY_REVEAL,
                 "rbtying": NoDeclaration.KITTY_FIRST_CARD},
        summary="What happens when nobody declares.", values={
            "redeal": "the hand is dealt again",
            "no-trump": "the hand is played without a trump suit",
            "kitty-reveal": "after the first hand, the kitty is turned: its first level card sets the suit, else its "
                            "highest card",
            "kitty-first-card": "the kitty's first card decides: a joker makes the hand no-trump, any other card sets "
                                "the trump suit (the first hand as under kitty-reveal)",
            "kitty-first-level-or-highest": "the kitty is turned until a joker (no-trump) or a level card (its suit); "
                                            "else its highest card decides, by suit ♣ < ♦ < ♠ < ♥, then rank",
        })
    scoring: Scoring = parameter(
        Scoring.STANDARD, section="11",
        presets={"tuolaji": Scoring.TUOLAJI, "shengji": Scoring.SHENGJI_001, "four-deck": Scoring.FOUR_DECK,
                 "rbtying": Scoring.STEPS},
        summary="The table that turns the attackers' points into level changes.", values={
            "standard": "step 20·decks: 0 → dealer +3, below a step +2, below two +1; two steps take the deal, one "
                        "more level per step",
            "shengji-001": "the printed 升级 tables for 1, 2 and 3 decks (80 points take the deal with 2 decks)",
            "tuolaji": "the 拖拉机 home table: 40·decks take the deal, one level per further 20·decks",
            "four-deck": "step 20·decks; two steps take the deal with one level, one more per step",
            "steps": "a formula of `score_step`, `turnover_steps`, `deadzone_steps` and `zero_window`",
        })
    uncapped: bool = parameter(
        False, section="11", term="不封顶",
        summary="Whether every further full step below 0 points adds one more dealer level (不封顶).")
    must_defend: tuple[int, ...] = parameter(
        (14,), kind=Kind.RANKS, section="11",
        summary="Levels that can only be passed by winning them as dealer (A by default).")
    next_dealer: NextDealer = parameter(
        NextDealer.PARTNER_OR_NEXT, section="11", summary="Who deals next.", values={
            "partner-or-next": "the dealer's next teammate if the dealer side keeps the deal, else the seat after the "
                               "dealer",
            "next-winner-seat": "the next seat after the dealer that belongs to the winning side (find-friends)",
        })
    friend_join: FriendJoin = parameter(
        FriendJoin.FIRST_PLAYED, section="12", summary="Under find-friends, who becomes the dealer's friend.",
        values={
            "first-played": "whoever plays the called copy of the card (earlier copies count towards the ordinal)",
            "holder": "fixed when the card is named: the holder of the other copy (2 decks only)",
            "first-outsider": "as first-played, but a called copy played by the dealer's own side does not spend the "
                              "call: the next copy played by a seat outside it joins",
        })
    jack_rule: JackRule = parameter(
        JackRule.NONE, section="14.4", term="勾J",
        summary="At level J, what an attacker's single J winning the last trick does (勾J).", values={
            "none": "nothing special",
            "back-to-two": "every seat of the dealer's team goes back to `first_level` before the levels move",
        })
    score_step: int | str = parameter(
        AUTO, kind=Kind.COUNT_OR_AUTO, section="14.5", minimum=10, maximum=800, multiple_of=5,
        summary="`scoring: steps`: the points of one step, a multiple of 5 from 10 to the decks' points, or `auto` "
                "for 20 per deck.")
    turnover_steps: int = parameter(
        2, section="14.5", minimum=1, maximum=MAX_STEPS,
        summary="`scoring: steps`: the steps the attackers need to take the deal, 1..100.")
    deadzone_steps: int = parameter(
        1, section="14.5", minimum=0, maximum=MAX_STEPS,
        summary="`scoring: steps`: the steps past the turnover that give the attackers no level, 0..100.")
    zero_window: ZeroWindow = parameter(
        ZeroWindow.SPLIT, section="14.5",
        summary="`scoring: steps`: how points below the first step count for the dealer team.", values={
            "split": "0 (and below) is a step of its own: 5 points already cost the dealer team a level",
            "whole": "the first step runs from 0 to the step, as every other step",
        })
    bonus_level: BonusLevel = parameter(
        BonusLevel.NONE, section="14.5", presets={"rbtying": BonusLevel.SMALLER_DEALER_TEAM},
        summary="Under find-friends, a level for a small dealer team.", values={
            "none": "no bonus",
            "smaller-dealer-team": "a dealer team that keeps the deal with fewer seats than 1 + the friend calls goes "
                                   "up one more level",
        })
    friend_cards: FriendCards = parameter(
        FriendCards.ANY, section="14.6", presets={"rbtying": FriendCards.NO_TRUMPS},
        summary="Under find-friends, which cards a friend call may name.", values={
            "any": "any card",
            "no-trumps": "no joker, level card or card of the trump suit",
            "no-trumps-no-top": "no trumps and no A (no K when the level is A)",
            "no-trumps-no-points": "no trumps and no 5, 10 or K (a K may be called when the level is A)",
        })
    kitty_theft: bool = parameter(
        False, section="14.7", term="炒底",
        summary="Whether, after the kitty exchange, any seat may overturn the standing declaration, pick up the "
                "buried kitty and bury as many cards (炒底); records carry `exchanges`.")
    tractor_min_width: int = parameter(
        2, section="14.3", minimum=2, maximum=8,
        summary="The smallest tractor's width, 2..8: a run is a tractor only with at least this many copies of each "
                "card; anything narrower is pairs (or triples), in the lead's format, the follow obligation, trick "
                "comparison, throws and the kitty multiplier alike. Default 2 (every preset); above `decks` (and "
                "above 2) is invalid.")
    tractor_min_length: int = parameter(
        2, section="14.3", minimum=2, maximum=13,
        summary="The smallest tractor's length, 2..13: a run is a tractor only with at least this many consecutive "
                "cards (3: `3344` led alone is two pairs, a throw; `334455` is a tractor). Default 2 (every preset).")
    bombs: Bombs = parameter(
        Bombs.NONE, section="14.1", term="炸弹",
        summary="Bombs (炸弹): four or more identical cards (one suit and rank, or one joker), played to a lead of as "
                "many cards, are always legal and beat every play that is not a bomb; a trump bomb beats a side-suit "
                "bomb, trump bombs compare in card order, side-suit bombs by printed rank. They need 4 decks or "
                "more; with fewer none can occur.", values={
            "none": "no bombs (every preset)",
            "any-suit": "a bomb of any suit may be played to any lead of its card count",
            "follow-suit": "a bomb of the led suit or of trumps may always be played; one of another side suit only "
                           "when void in the led suit",
        })
    rainbow_min: int | None = parameter(
        None, kind=Kind.COUNT_OR_NULL, section="14.2", minimum=4, maximum=32,
        summary="Rainbows: null (default, every preset) or 4..32, at most 4·decks. A lead of one printed rank from "
                "at least 4 effective suits and at least this many cards is a rainbow (several ranks at once: a "
                "rainbow throw, where throws are allowed). A follower who can split their hand into groups of one "
                "rank of its group sizes must play such a split, else any cards; plays compete by the ranks their "
                "groups get, largest group first, highest rank first.")
    # -- the match (section 14.9) --------------------------------------------------------------
    past_last_level: PastLastLevel = parameter(
        PastLastLevel.GAME_OVER, section="14.9", presets={"rbtying": PastLastLevel.WRAP},
        summary="What passing `last_level` as dealer does; each seat of the team that passes it wins a game "
                "(`games_won`).", values={
            "game-over": "the team wins and the game is over",
            "wrap": "the team starts again at `first_level` and the game goes on",
        })
    # -- short decks and fitting the kitty (section 14.10) ----------------------------------------
    deck_min_rank: int = parameter(
        2, kind=Kind.RANK, section="14.10", minimum=2, maximum=10,
        summary="The lowest rank in each deck, 2..10: each deck holds this rank..A of every suit (a level below it "
                "makes the ruleset invalid).")
    jokers: Jokers = parameter(
        Jokers.BOTH, section="14.10", summary="The jokers in each deck.", values={
            "both": "the small and the big joker",
            "big-only": "the big joker only",
            "small-only": "the small joker only",
            "none": "no joker",
        })
    kitty_fit: KittyFit = parameter(
        KittyFit.REFUSE, section="14.10",
        summary="What a `kitty_size` that leaves a deal that does not divide among the players does.", values={
            "refuse": "the ruleset is invalid",
            "remove-low-cards": "single cards of the lowest rank that is not the dealer's level (the first hand: no "
                                "seat's level and not 5, 10 or K) are taken out, ♣ ♦ ♥ ♠ in turn, until the deal "
                                "divides",
        })
    # -- declaration policies (section 14.11) ---------------------------------------------------
    own_declarations: OwnDeclarations = parameter(
        OwnDeclarations.REINFORCE, section="14.11",
        summary="What the standing declarer may show over its own declaration.", values={
            "reinforce": "only more cards of the same trump (加固)",
            "overturn-own": "also a stronger declaration of another suit or jokers, as anyone else could",
        })
    first_dealer: FirstDealer = parameter(
        FirstDealer.WINNING_DECLARER, section="14.11", summary="Who deals the first hand.", values={
            "winning-declarer": "the seat whose declaration stands",
            "first-declarer": "the seat that declared first, whoever sets the trump",
        })
    first_hand_levels: FirstHandLevels = parameter(
        FirstHandLevels.SHARED, section="14.11", presets={"rbtying": FirstHandLevels.OWN},
        summary="Which level each seat declares with in the first hand.", values={
            "shared": "every seat declares with `first_level`'s cards",
            "own": "each seat declares with its own level's cards (`levels`); the winning declaration sets the "
                   "dealer's level for the hand",
        })
    # -- what each seat is shown (section 15): views only; no rule of play reads these --------
    declaration_visibility: DeclarationVisibility = parameter(
        DeclarationVisibility.OPEN, section="15", term="暗叫", presets={"four-deck": DeclarationVisibility.DARK},
        summary="Whether the other seats see a declaration's cards while declaring is open (亮暗牌, 暗叫); the "
                "referee judges every declaration by its cards either way.", values={
            "open": "every declaration is shown as it is made",
            "dark": "the other seats see who declared and how many cards, not which (not the suit, nor whether "
                    "jokers), until declaring closes",
        })
    hide_played_cards: bool = parameter(
        False, section="15",
        summary="Whether a view shows only the trick in progress and the last completed trick; earlier tricks "
                "show their leader, winner and points.")
    hide_throw_blocker: bool = parameter(
        False, section="15",
        summary="Whether a view leaves out the seat that beat a failed throw (`beaten_by`); the cards it was "
                "reduced to stay shown.")
    hide_defender_points: bool = parameter(
        False, section="15",
        summary="Whether a view leaves out the points won by the dealer's side (the attackers' stay shown).")
    # the card orders of this ruleset by trump (level * 8 + suit index), filled and read by
    # rules.order.order_for (which builds on this module): cheaper than hashing every parameter an order reads
    orders: dict[int, object] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Ruleset:
        """A preset (docs/rules.md, "Presets") with the caller's overrides applied and validated."""
        spec = PRESETS.get(name)
        if spec is None:
            raise RulesetError("preset", f"unknown preset '{name}'; presets are {', '.join(PRESETS)}")
        values = {p.name: p.preset_value(name) for p in PARAMETERS}
        values.update(_read(overrides))
        if "kitty_size" not in overrides:
            short = values["deck_min_rank"] != 2 or values["jokers"] is not Jokers.BOTH   # section 14.10
            values["kitty_size"] = AUTO if short else spec.kitty_sizes.get((values["decks"], values["players"]), AUTO)
        if "follow_ladder" not in overrides and spec.ladder_by_decks:
            values["follow_ladder"] = spec.ladder_by_decks.get(values["decks"], values["follow_ladder"])
        if "next_dealer" not in overrides and values["partnership"] is Partnership.FIND_FRIENDS:
            values["next_dealer"] = NextDealer.NEXT_WINNER_SEAT
        rs = cls(name=name, **values)
        rs.validate()
        return rs

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Build from a mapping of parameter names (a ``preset`` key applies that preset first)."""
        data = dict(data)
        if "preset" in data:
            name = data.pop("preset")
            data.pop("name", None)
            return cls.preset(name, **data)
        name = str(data.pop("name", "custom"))
        rs = cls(name=name, **_read(data))
        rs.validate()
        return rs

    def replace(self, **overrides: Any) -> Ruleset:
        return Ruleset.from_dict({**self.to_dict(), **overrides, "name": self.name})

    # -- derived values -----------------------------------------------------------------------
    @property
    def deck_cards(self) -> int:
        """Cards in one deck: ranks ``deck_min_rank``..A of four suits and its jokers (section 14.10)."""
        jokers = 2 if self.jokers is Jokers.BOTH else 0 if self.jokers is Jokers.NONE else 1
        return 4 * (15 - self.deck_min_rank) + jokers

    @property
    def deck_points(self) -> int:
        """The card points of one deck: its 5s, 10s and Ks (100 in a full deck; section 14.10)."""
        return 4 * sum(points for rank, points in POINTS.items() if rank >= self.deck_min_rank)

    @property
    def total_cards(self) -> int:
        """The cards of all the decks (before ``kitty_fit`` takes any out)."""
        return self.deck_cards * self.decks

    @property
    def removed(self) -> int:
        """How many cards ``kitty_fit: remove-low-cards`` takes out so that the deal divides (section 14.10)."""
        if self.kitty_fit is KittyFit.REFUSE:
            return 0
        return (self.total_cards - self.kitty) % self.players

    @property
    def kitty(self) -> int:
        """The kitty size in cards, resolving ``auto`` (section 3)."""
        if self.kitty_size != AUTO:
            return int(self.kitty_size)
        return auto_kitty(self.decks, self.players, self.deck_cards)

    @property
    def step(self) -> int:
        """The points of one ``scoring: steps`` step, resolving ``auto`` (20 per deck; section 14.5)."""
        return 20 * self.decks if self.score_step == AUTO else int(self.score_step)

    @property
    def hand_size(self) -> int:
        return (self.total_cards - self.removed - self.kitty) // self.players

    def to_dict(self) -> dict[str, Any]:
        """Parameters in their API form (ranks as strings, enums as their values)."""
        return {p.name: p.api_value(getattr(self, p.name)) for p in PARAMETERS}

    def validate(self) -> None:
        """Raise :class:`RulesetError` naming the parameter that is out of its declared bounds, or of a
        combination that cannot work."""
        for p in PARAMETERS:
            p.check(getattr(self, p.name))
        if self.partnership is Partnership.FIXED and self.players % 2:
            raise RulesetError("partnership", f"fixed partners need an even number of players, not {self.players}")
        if self.last_level < self.first_level:
            raise RulesetError("last_level", "last_level must lie between first_level and A")
        if self.decks not in SCORING_DECKS[self.scoring]:
            raise RulesetError("decks", f"the '{self.scoring}' scoring table does not cover {count_of(self.decks, 'deck')}")
        kitty = self.kitty
        if kitty < 0 or kitty >= self.total_cards:
            raise RulesetError("kitty_size", f"kitty_size must be 0..{self.total_cards - 1}")
        if (self.total_cards - kitty) % self.players and self.kitty_fit is KittyFit.REFUSE:
            raise RulesetError("kitty_size", f"a kitty of {kitty} leaves {count_of(self.total_cards - kitty, 'card')}, "
                                             f"which do not divide among {self.players} players")
        if self.removed > 4 * self.decks:
            raise RulesetError("kitty_fit", f"the deal divides only with {count_of(self.removed, 'card')} taken out, "
                                            f"more than the {4 * self.decks} of one rank")
        if self.first_level < self.deck_min_rank:
            raise RulesetError("deck_min_rank", f"the decks start at {rank_name(self.deck_min_rank)}, above the first "
                                                f"level {rank_name(self.first_level)}")
        if self.hand_size < 1:
            raise RulesetError("players", f"{self.total_cards} cards do not deal a hand to each of {self.players} "
                                          "players")
        if (self.partnership is Partnership.FIND_FRIENDS and self.friend_join is FriendJoin.HOLDER
                and self.decks != 2):
            raise RulesetError("friend_join", "friend_join 'holder' is defined for 2 decks only")
        step = self.step
        if step < 10 or step % 5 or step > self.deck_points * self.decks:
            raise RulesetError("score_step", f"score_step must be a multiple of 5 from 10 to the decks' "
                                             f"{self.deck_points * self.decks} points, not {step}")
        if self.rainbow_min is not None and self.rainbow_min > 4 * self.decks:
            raise RulesetError("rainbow_min", f"rainbow_min {self.rainbow_min} is more cards of one rank than "
                                              f"{self.decks} decks hold ({4 * self.decks})")
        if self.tractor_min_width > max(self.decks, 2):
            raise RulesetError("tractor_min_width", f"tractor_min_width {self.tractor_min_width} needs as many "
                                                    f"copies of a card, and {self.decks} decks hold {self.decks}")


PARAMETERS: Final[tuple[Parameter, ...]] = declared_parameters(Ruleset)
PARAMETER_NAMES: Final = tuple(p.name for p in PARAMETERS)
_BY_NAME: Final = {p.name: p for p in PARAMETERS}


def _read(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as a request spells them, read into the engine's values (unknown names refused)."""
    values: dict[str, Any] = {}
    for key, value in raw.items():
        declared = _BY_NAME.get(key)
        if declared is None:
            raise RulesetError(key, f"unknown ruleset parameter '{key}'")
        values[key] = declared.coerce(value)
    return values


def auto_kitty(decks: int, players: int, deck_cards: int = 54) -> int:
    """``(cards·decks) mod players``; 0 becomes ``players``; below 5 add ``players`` (sections 3, 14.10)."""
    size = (deck_cards * decks) % players or players
    while size < 5:
        size += players
    return size


@dataclass(frozen=True)
class PresetSpec:
    """A preset: what it is, and the tables by deck and player count that its parameters' declarations
    cannot say (each parameter's own value in the preset is declared with the parameter)."""

    name: str
    title: str
    source: str
    description: str
    kitty_sizes: Mapping[tuple[int, int], int] = field(default_factory=dict)
    ladder_by_decks: Mapping[int, FollowLadder] = field(default_factory=dict)


PRESETS: Final[dict[str, PresetSpec]] = {
    "tuolaji": PresetSpec(
        "tuolaji", "拖拉机, common Chinese home rules: levels 3..A, permanent 2s, natural tractors",
        "Chinese home-game rules for 拖拉机 as widely published in rule collections (two decks, 打2常主)",
        "Levels 3..A with permanent 2s, natural tractors ranked by face value, wider units substitute "
        "and win; no throws; the kitty counts its cards and the last trick can cost the attackers."),
    "shengji": PresetSpec(
        "shengji", "升级, 80-point rules: levels 2..A, fixed kitty, 2·w^L kitty multiplier",
        "The Chinese 升级/80分 rules as printed in card-game guides, for 1 to 3 decks",
        "Levels 2..A, trump-order tractors, throws without penalty, a kitty of 6/8/6 cards for 1/2/3 "
        "decks multiplied by 2·w^L, joker sets declare no-trump; 3 decks use the fixed 3-deck ladders.",
        kitty_sizes={(1, 4): 6, (2, 4): 8, (3, 4): 6},
        ladder_by_decks={3: FollowLadder.SHENGJI_3DECK}),
    "qq": PresetSpec(
        "qq", "升级 as played in Chinese online rooms: first-come declarations, rating and coins",
        "Online-room 拖拉机 (QQ游戏 style): 反无主/自保/反主 declarations, a 积分 and coin ledger",
        "Levels 2..A, trump-order tractors, throws without penalty, kitty multiplied by 2^(pairs+1), "
        "first-come declarations (反无主/自保/反主), no declaration plays no-trump, rating and coin ledger."),
    "4399": PresetSpec(
        "4399", "升级 of the web-game sites: 8-card kitty, optional 找朋友 with the holder as friend",
        "Web-game 扑克拖拉机 rules (4399-style sites), including their 选择对手 find-friends mode",
        "Levels 2..A, trump-order tractors, throws without penalty, a kitty of 8 multiplied by 2·w^L, "
        "joker pairs declare no-trump; with find-friends and friend_join 'holder' it is 选择对手 mode.",
        kitty_sizes={(2, 4): 8}),
    "four-deck": PresetSpec(
        "four-deck", "四副升级, four-deck rules: no kitty, last trick multiplied (抠数/反抠)",
        "Four-deck 升级 as described by Chinese online game rooms (四副牌, 不封顶 optional)",
        "Four decks, levels 3..A with permanent 2s, natural tractors, wider units substitute and win, "
        "no throws, no kitty: the last trick's own points are multiplied by its largest unit (抠数/反抠).",
        kitty_sizes={(4, 4): 0}),
    "pagat": PresetSpec(
        "pagat", "Tractor, the rules in English card-game references: no tractor obligation, throw penalty",
        "Tractor (Sheng Ji) as described in English card-game references such as pagat.com",
        "Levels 2..A, trump-order tractors without a tractor obligation when following, throws with a "
        "10-point penalty, a kitty of 8 doubled per card led, joker pairs declare no-trump, and a kitty "
        "reveal when nobody declares.",
        kitty_sizes={(2, 4): 8}),
    "rbtying": PresetSpec(
        "rbtying", "The defaults of the most used open online engine: levels 2..NT that wrap, step scoring",
        "The default settings of the open-source online Shengji engine rbtying/shengji",
        "Levels 2..A then NT, after which the levels start again and a game is won; step scoring (40 points a "
        "step), every unit of a play must beat its counterpart, the kitty doubled per card of the largest unit, "
        "two or more jokers declare no-trump, each seat declares at its own level in the first hand, the "
        "kitty's first card decides when nobody declares; pagat's rules otherwise, without a throw penalty.",
        kitty_sizes={(2, 4): 8}),
}
