"""Rulesets: every parameter (docs/rules.md, "Ruleset parameters"), the six presets, validation.

A :class:`Ruleset` is a frozen value.  ``Ruleset.preset(name, **overrides)`` applies the caller's
overrides on a preset; every combination that validates is a ruleset the engine must serve.

Decisions where the rules leave room (written down here and in the README):
- A preset's fixed ``kitty_size`` is a table by (decks, players); overriding ``decks`` or ``players``
  to a pair outside that table makes it ``auto`` (``shengji``: 6 / 8 / 6 for 1 / 2 / 3 decks).
- ``shengji`` uses the ``shengji-3deck`` follow ladders when it is played with 3 decks, unless the
  caller sets ``follow_ladder`` explicitly.
- ``tractor_min_width`` above ``decks`` is invalid (section 14.3) only when it is above the default 2:
  one deck holds no pair, and the default keeps every one-deck ruleset as it was.
- ``bombs`` with fewer than 4 decks is valid: no bomb can occur (section 14.1).
- ``friend_join: holder`` is defined for 2 decks only (the 4399 选择对手 rules); with find-friends and any other
  deck count the ruleset is invalid.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any, Final

from .cards import CardError, rank_name, rank_value
from .violations import count_of

if TYPE_CHECKING:
    from .order import Order


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

    @property
    def whole_groups(self) -> bool:
        """Units take only cards the follower holds exactly as often as the unit is wide."""
        return keeps_whole_groups(self)

    @property
    def keeps_tractors(self) -> bool:
        """Units owed for a lead unit of length 1 take no card of a held tractor."""
        return keeps_held_tractors(self)


# members read once: a member looked up on its class costs a few hundred ns per call
_LONGER_TUPLES: Final = FollowProtection.LONGER_TUPLES
_TRACTORS: Final = FollowProtection.TRACTORS
_BOTH: Final = FollowProtection.LONGER_TUPLES_AND_TRACTORS


def keeps_whole_groups(protection: FollowProtection) -> bool:
    """:attr:`FollowProtection.whole_groups`, as a plain function (no enum lookups per call)."""
    return protection is _LONGER_TUPLES or protection is _BOTH


def keeps_held_tractors(protection: FollowProtection) -> bool:
    """:attr:`FollowProtection.keeps_tractors`, as a plain function (no enum lookups per call)."""
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


class JokerDeclarations(StrEnum):
    NONE = "none"
    PAIRS = "pairs"
    ANY_MULTIPLE = "any-multiple"
    ALL_DECKS = "all-decks"


class NoDeclaration(StrEnum):
    REDEAL = "redeal"
    NO_TRUMP = "no-trump"
    KITTY_REVEAL = "kitty-reveal"
    KITTY_FIRST_CARD = "kitty-first-card"


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


AUTO: Final = "auto"
SCORING_DECKS: Final = {
    Scoring.STANDARD: range(1, 9),
    Scoring.TUOLAJI: range(1, 9),
    Scoring.FOUR_DECK: range(1, 9),
    Scoring.SHENGJI_001: range(1, 4),
    Scoring.STEPS: range(1, 9),
}
MAX_STEPS: Final = 100         # turnover_steps and deadzone_steps: a bound on what a request may name


class RulesetError(ValueError):
    """An invalid ruleset; ``parameter`` names the offending parameter."""

    def __init__(self, parameter: str, message: str):
        super().__init__(message)
        self.parameter = parameter
        self.message = message


@dataclass(frozen=True)
class Ruleset:
    """Every ruleset parameter (docs/rules.md).  Ranks are stored as integers 2..14."""

    name: str = "custom"
    decks: int = 2
    players: int = 4
    partnership: Partnership = Partnership.FIXED
    first_level: int = 2
    last_level: int = 14
    permanent_twos: bool = False
    kitty_size: int | str = AUTO
    tractor_adjacency: Adjacency = Adjacency.TRUMP_ORDER
    tractor_ranking: TractorRanking = TractorRanking.TRUMP_ORDER
    tractor_obligation: bool = True
    follow_ladder: FollowLadder = FollowLadder.WIDTH_FIRST
    follow_protection: FollowProtection = FollowProtection.NONE
    wider_substitutes: bool = False
    throws: bool = True
    throw_failure: ThrowFailure = ThrowFailure.LOWEST_BEATABLE_UNIT
    throw_penalty: int = 0
    trick_compare: TrickCompare = TrickCompare.LARGEST_UNIT_FIRST
    kitty_multiplier: KittyMultiplier = KittyMultiplier.DOUBLE_CARDS
    last_trick_penalty: bool = False
    no_kitty_last_trick_multiplied: bool = False
    declaration_style: DeclarationStyle = DeclarationStyle.COUNT
    declare_with_twos: bool = False
    joker_declarations: JokerDeclarations = JokerDeclarations.PAIRS
    no_declaration: NoDeclaration = NoDeclaration.REDEAL
    scoring: Scoring = Scoring.STANDARD
    uncapped: bool = False
    must_defend: tuple[int, ...] = (14,)
    next_dealer: NextDealer = NextDealer.PARTNER_OR_NEXT
    friend_join: FriendJoin = FriendJoin.FIRST_PLAYED
    jack_rule: JackRule = JackRule.NONE
    score_step: int | str = AUTO
    turnover_steps: int = 2
    deadzone_steps: int = 1
    zero_window: ZeroWindow = ZeroWindow.SPLIT
    bonus_level: BonusLevel = BonusLevel.NONE
    friend_cards: FriendCards = FriendCards.ANY
    kitty_theft: bool = False
    tractor_min_width: int = 2
    tractor_min_length: int = 2
    bombs: Bombs = Bombs.NONE
    rainbow_min: int | None = None
    # the card orders of this ruleset by trump (level * 8 + suit index), filled by
    # rules.order.order_for: cheaper than hashing every parameter an order reads
    orders: dict[int, Order] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Ruleset:
        """A preset (docs/rules.md, "Presets") with the caller's overrides applied and validated."""
        spec = PRESETS.get(name)
        if spec is None:
            raise RulesetError("preset", f"unknown preset '{name}'; presets are {', '.join(PRESETS)}")
        params = dict(spec.parameters)
        for key in overrides:
            if key not in PARAMETER_NAMES:
                raise RulesetError(key, f"unknown ruleset parameter '{key}'")
        params.update(overrides)
        if "kitty_size" not in overrides:
            params["kitty_size"] = spec.kitty_sizes.get((params["decks"], params["players"]), AUTO)
        if "follow_ladder" not in overrides and spec.ladder_by_decks:
            params["follow_ladder"] = spec.ladder_by_decks.get(params["decks"], params["follow_ladder"])
        if "next_dealer" not in overrides and params.get("partnership") in ("find-friends", Partnership.FIND_FRIENDS):
            params["next_dealer"] = NextDealer.NEXT_WINNER_SEAT
        params["name"] = name
        return cls.from_dict(params)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Build from a mapping of parameter names (a ``preset`` key applies that preset first)."""
        data = dict(data)
        if "preset" in data:
            name = data.pop("preset")
            data.pop("name", None)
            return cls.preset(name, **data)
        values: dict[str, Any] = {}
        for key, raw in data.items():
            if key == "name":
                values["name"] = str(raw)
                continue
            if key not in PARAMETER_NAMES:
                raise RulesetError(key, f"unknown ruleset parameter '{key}'")
            values[key] = _coerce(key, raw)
        rs = cls(**values)
        rs.validate()
        return rs

    def replace(self, **overrides: Any) -> Ruleset:
        return Ruleset.from_dict({**self.to_dict(), **overrides, "name": self.name})

    # -- derived values -----------------------------------------------------------------------
    @property
    def total_cards(self) -> int:
        return 54 * self.decks

    @property
    def kitty(self) -> int:
        """The kitty size in cards, resolving ``auto`` (section 3)."""
        if self.kitty_size != AUTO:
            return int(self.kitty_size)
        return auto_kitty(self.decks, self.players)

    @property
    def step(self) -> int:
        """The points of one ``scoring: steps`` step, resolving ``auto`` (20 per deck; section 14.5)."""
        return 20 * self.decks if self.score_step == AUTO else int(self.score_step)

    @property
    def hand_size(self) -> int:
        return (self.total_cards - self.kitty) // self.players

    def to_dict(self) -> dict[str, Any]:
        """Parameters in their API form (ranks as strings, enums as their values)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name == "name" or not f.init:
                continue
            value = getattr(self, f.name)
            if f.name in ("first_level", "last_level"):
                value = rank_name(value)
            elif f.name == "must_defend":
                value = [rank_name(v) for v in value]
            elif isinstance(value, Enum):
                value = value.value
            out[f.name] = value
        return out

    def validate(self) -> None:
        """Raise :class:`RulesetError` naming the parameter of a combination that cannot work."""
        if not 1 <= self.decks <= 8:
            raise RulesetError("decks", f"decks must be 1..8, not {self.decks}")
        if not 4 <= self.players <= 12:
            raise RulesetError("players", f"players must be 4..12, not {self.players}")
        if self.partnership is Partnership.FIXED and self.players % 2:
            raise RulesetError("partnership", f"fixed partners need an even number of players, not {self.players}")
        if self.first_level not in (2, 3):
            raise RulesetError("first_level", "first_level must be 2 or 3")
        if not self.first_level <= self.last_level <= 14:
            raise RulesetError("last_level", "last_level must lie between first_level and A")
        if self.decks not in SCORING_DECKS[self.scoring]:
            raise RulesetError("decks", f"the '{self.scoring}' scoring table does not cover {count_of(self.decks, 'deck')}")
        kitty = self.kitty
        if kitty < 0 or kitty >= self.total_cards:
            raise RulesetError("kitty_size", f"kitty_size must be 0..{self.total_cards - 1}")
        if (self.total_cards - kitty) % self.players:
            raise RulesetError("kitty_size", f"a kitty of {kitty} leaves {count_of(self.total_cards - kitty, 'card')}, "
                                             f"which do not divide among {self.players} players")
        if self.throw_penalty < 0 or self.throw_penalty % 5:
            raise RulesetError("throw_penalty", "throw_penalty must be a non-negative multiple of 5")
        if (self.partnership is Partnership.FIND_FRIENDS and self.friend_join is FriendJoin.HOLDER
                and self.decks != 2):
            raise RulesetError("friend_join", "friend_join 'holder' is defined for 2 decks only")
        for r in self.must_defend:
            if not 2 <= r <= 14:
                raise RulesetError("must_defend", "must_defend holds ranks 2..A")
        step = self.step
        if step < 10 or step % 5 or step > 100 * self.decks:
            raise RulesetError("score_step", f"score_step must be a multiple of 5 from 10 to the decks' "
                                             f"{100 * self.decks} points, not {step}")
        if not 1 <= self.turnover_steps <= MAX_STEPS:
            raise RulesetError("turnover_steps", f"turnover_steps must be 1..{MAX_STEPS}")
        if not 0 <= self.deadzone_steps <= MAX_STEPS:
            raise RulesetError("deadzone_steps", f"deadzone_steps must be 0..{MAX_STEPS}")
        if not 2 <= self.tractor_min_width <= 8:
            raise RulesetError("tractor_min_width", f"tractor_min_width must be 2..8, not {self.tractor_min_width}")
        if not 2 <= self.tractor_min_length <= 13:
            raise RulesetError("tractor_min_length",
                               f"tractor_min_length must be 2..13, not {self.tractor_min_length}")
        if self.rainbow_min is not None:
            if not 4 <= self.rainbow_min <= 32:
                raise RulesetError("rainbow_min", f"rainbow_min must be null or 4..32, not {self.rainbow_min}")
            if self.rainbow_min > 4 * self.decks:
                raise RulesetError("rainbow_min", f"rainbow_min {self.rainbow_min} is more cards of one rank than "
                                                  f"{self.decks} decks hold ({4 * self.decks})")
        if self.tractor_min_width > max(self.decks, 2):
            raise RulesetError("tractor_min_width", f"tractor_min_width {self.tractor_min_width} needs as many "
                                                    f"copies of a card, and {self.decks} decks hold {self.decks}")


def auto_kitty(decks: int, players: int) -> int:
    """``(54·decks) mod players``; 0 becomes ``players``; below 5 add ``players`` (section 3)."""
    size = (54 * decks) % players or players
    while size < 5:
        size += players
    return size


_ENUM_TYPES = {
    "partnership": Partnership, "tractor_adjacency": Adjacency, "tractor_ranking": TractorRanking,
    "follow_ladder": FollowLadder, "follow_protection": FollowProtection, "throw_failure": ThrowFailure,
    "trick_compare": TrickCompare,
    "kitty_multiplier": KittyMultiplier, "declaration_style": DeclarationStyle,
    "joker_declarations": JokerDeclarations, "no_declaration": NoDeclaration, "scoring": Scoring,
    "next_dealer": NextDealer, "friend_join": FriendJoin, "jack_rule": JackRule, "zero_window": ZeroWindow,
    "bonus_level": BonusLevel, "friend_cards": FriendCards, "bombs": Bombs,
}
_BOOLS = {"permanent_twos", "tractor_obligation", "wider_substitutes", "throws", "last_trick_penalty",
          "no_kitty_last_trick_multiplied", "declare_with_twos", "uncapped", "kitty_theft"}
_INTS = {"decks", "players", "throw_penalty", "turnover_steps", "deadzone_steps", "tractor_min_width",
         "tractor_min_length"}
PARAMETER_NAMES: Final = tuple(f.name for f in dataclasses.fields(Ruleset) if f.name != "name" and f.init)


def _coerce(key: str, raw: Any) -> Any:
    if key in _ENUM_TYPES:
        enum = _ENUM_TYPES[key]
        try:
            return enum(raw)
        except ValueError:
            allowed = ", ".join(e.value for e in enum)
            raise RulesetError(key, f"{key} must be one of {allowed}, not {raw!r}") from None
    if key in _BOOLS:
        if not isinstance(raw, bool):
            raise RulesetError(key, f"{key} must be true or false")
        return raw
    if key in _INTS:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RulesetError(key, f"{key} must be an integer")
        return raw
    if key == "rainbow_min":
        if raw is not None and (isinstance(raw, bool) or not isinstance(raw, int)):
            raise RulesetError(key, "rainbow_min must be null or an integer")
        return raw
    if key in ("kitty_size", "score_step"):
        if raw == AUTO:
            return AUTO
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RulesetError(key, f"{key} must be an integer or 'auto'")
        return raw
    try:
        if key in ("first_level", "last_level"):
            return rank_value(raw)
        if key == "must_defend":
            if not isinstance(raw, (list, tuple)):
                raise RulesetError(key, "must_defend must be a list of ranks")
            return tuple(sorted({rank_value(r) for r in raw}))
    except CardError as exc:
        raise RulesetError(key, f"{key}: {exc}") from None
    raise RulesetError(key, f"unknown ruleset parameter '{key}'")


@dataclass(frozen=True)
class PresetSpec:
    name: str
    title: str
    source: str
    description: str
    parameters: Mapping[str, Any]
    kitty_sizes: Mapping[tuple[int, int], int] = field(default_factory=dict)
    ladder_by_decks: Mapping[int, FollowLadder] = field(default_factory=dict)


_COMMON = dict(players=4, partnership=Partnership.FIXED, trick_compare=TrickCompare.LARGEST_UNIT_FIRST,
               uncapped=False, next_dealer=NextDealer.PARTNER_OR_NEXT, friend_join=FriendJoin.FIRST_PLAYED,
               throw_failure=ThrowFailure.LOWEST_BEATABLE_UNIT, must_defend=("A",), last_level="A",
               tractor_obligation=True, follow_ladder=FollowLadder.WIDTH_FIRST, kitty_size=AUTO)
# What shengji, qq, 4399 and pagat share: 2 decks from level 2, trump-order tractors,
# throws, count declarations, redeal.
_TRUMP_ORDER = dict(_COMMON, decks=2, first_level="2", permanent_twos=False,
                    tractor_adjacency=Adjacency.TRUMP_ORDER, tractor_ranking=TractorRanking.TRUMP_ORDER,
                    wider_substitutes=False, throws=True, throw_penalty=0, last_trick_penalty=False,
                    no_kitty_last_trick_multiplied=False, declaration_style=DeclarationStyle.COUNT,
                    declare_with_twos=False, joker_declarations=JokerDeclarations.PAIRS,
                    no_declaration=NoDeclaration.REDEAL, scoring=Scoring.STANDARD)
# What tuolaji and four-deck share: levels from 3 with permanent 2s, natural tractors,
# wider substitutes, no throws, the last trick multiplied both ways, no joker declarations.
_NATURAL = dict(_COMMON, first_level="3", permanent_twos=True, tractor_adjacency=Adjacency.NATURAL,
                wider_substitutes=True, throws=False, throw_penalty=0, last_trick_penalty=True,
                no_kitty_last_trick_multiplied=True, joker_declarations=JokerDeclarations.NONE,
                no_declaration=NoDeclaration.REDEAL)

PRESETS: Final[dict[str, PresetSpec]] = {
    "tuolaji": PresetSpec(
        "tuolaji", "拖拉机, common Chinese home rules: levels 3..A, permanent 2s, natural tractors",
        "Chinese home-game rules for 拖拉机 as widely published in rule collections (two decks, 打2常主)",
        "Levels 3..A with permanent 2s, natural tractors ranked by face value, wider units substitute "
        "and win; no throws; the kitty counts its cards and the last trick can cost the attackers.",
        dict(_NATURAL, decks=2, tractor_ranking=TractorRanking.FACE_VALUE,
             kitty_multiplier=KittyMultiplier.CARDS, declaration_style=DeclarationStyle.COUNT,
             declare_with_twos=True, scoring=Scoring.TUOLAJI)),
    "shengji": PresetSpec(
        "shengji", "升级, 80-point rules: levels 2..A, fixed kitty, 2·w^L kitty multiplier",
        "The Chinese 升级/80分 rules as printed in card-game guides, for 1 to 3 decks",
        "Levels 2..A, trump-order tractors, throws without penalty, a kitty of 6/8/6 cards for 1/2/3 "
        "decks multiplied by 2·w^L, joker sets declare no-trump; 3 decks use the fixed 3-deck ladders.",
        dict(_TRUMP_ORDER, kitty_multiplier=KittyMultiplier.TWO_W_POW_L,
             joker_declarations=JokerDeclarations.ANY_MULTIPLE, scoring=Scoring.SHENGJI_001),
        kitty_sizes={(1, 4): 6, (2, 4): 8, (3, 4): 6},
        ladder_by_decks={3: FollowLadder.SHENGJI_3DECK}),
    "qq": PresetSpec(
        "qq", "升级 as played in Chinese online rooms: first-come declarations, rating and coins",
        "Online-room 拖拉机 (QQ游戏 style): 反无主/自保/反主 declarations, a 积分 and coin ledger",
        "Levels 2..A, trump-order tractors, throws without penalty, kitty multiplied by 2^(pairs+1), "
        "first-come declarations (反无主/自保/反主), no declaration plays no-trump, rating and coin ledger.",
        dict(_TRUMP_ORDER, kitty_multiplier=KittyMultiplier.POW2_PAIRS,
             declaration_style=DeclarationStyle.QQ, no_declaration=NoDeclaration.NO_TRUMP)),
    "4399": PresetSpec(
        "4399", "升级 of the web-game sites: 8-card kitty, optional 找朋友 with the holder as friend",
        "Web-game 扑克拖拉机 rules (4399-style sites), including their 选择对手 find-friends mode",
        "Levels 2..A, trump-order tractors, throws without penalty, a kitty of 8 multiplied by 2·w^L, "
        "joker pairs declare no-trump; with find-friends and friend_join 'holder' it is 选择对手 mode.",
        dict(_TRUMP_ORDER, kitty_multiplier=KittyMultiplier.TWO_W_POW_L),
        kitty_sizes={(2, 4): 8}),
    "four-deck": PresetSpec(
        "four-deck", "四副升级, four-deck rules: no kitty, last trick multiplied (抠数/反抠)",
        "Four-deck 升级 as described by Chinese online game rooms (四副牌, 不封顶 optional)",
        "Four decks, levels 3..A with permanent 2s, natural tractors, wider units substitute and win, "
        "no throws, no kitty: the last trick's own points are multiplied by its largest unit (抠数/反抠).",
        dict(_NATURAL, decks=4, tractor_ranking=TractorRanking.TRUMP_ORDER,
             kitty_multiplier=KittyMultiplier.UNIT_SIZE, declaration_style=DeclarationStyle.COUNT_MIN2_OVERTURN,
             declare_with_twos=False, scoring=Scoring.FOUR_DECK),
        kitty_sizes={(4, 4): 0}),
    "pagat": PresetSpec(
        "pagat", "Tractor, the rules in English card-game references: no tractor obligation, throw penalty",
        "Tractor (Sheng Ji) as described in English card-game references such as pagat.com",
        "Levels 2..A, trump-order tractors without a tractor obligation when following, throws with a "
        "10-point penalty, a kitty of 8 doubled per card led, joker pairs declare no-trump, and a kitty "
        "reveal when nobody declares.",
        dict(_TRUMP_ORDER, tractor_obligation=False, throw_penalty=10,
             kitty_multiplier=KittyMultiplier.DOUBLE_CARDS, no_declaration=NoDeclaration.KITTY_REVEAL),
        kitty_sizes={(2, 4): 8}),
}
