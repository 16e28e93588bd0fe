"""Fields shared by the request schemas: cards, rulesets, trump, seats."""
from __future__ import annotations

import re
from enum import Enum

from marshmallow import Schema, ValidationError, fields, post_load, validate

from rules.cards import CardError, card, rank_value
from rules.order import Trump
from rules.ruleset import PARAMETER_NAMES, PRESETS, Ruleset, RulesetError

CARD_PATTERN = r"^([2-9TtJjQqKkAa]|10)[SHCDshcd]$|^[SBsb][Jj]$"
RANK_PATTERN = r"^(10|[2-9TtJjQqKkAa])$"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
MAX_SEAT = 11
MAX_CARDS = 8 * 54
_CARD = re.compile(CARD_PATTERN)
_RANK = re.compile(RANK_PATTERN)
RANK_DESCRIPTION = "A rank: `2`..`10`, `J`, `Q`, `K`, `A` (`T` for 10; any case)."


def exact(pattern: re.Pattern, value: str) -> bool:
    """The whole string matches (``$`` alone would let a trailing newline through)."""
    return pattern.match(value) is not None and not value.endswith("\n")


def check_rank(value) -> None:
    """Ranks as the spec spells them: strings, no spaces."""
    if not isinstance(value, str) or not exact(_RANK, value):
        raise ValidationError(f"{value!r} is not a rank; ranks are 2..10, J, Q, K, A" if isinstance(value, str)
                              else f"a rank is a string such as '10' or 'A', not {type(value).__name__}")


class CardField(fields.Field):
    """One card in RULES.md notation; loads to a :class:`rules.cards.Card`."""

    def __init__(self, **kwargs):
        metadata = {"type": "string", "pattern": CARD_PATTERN, "examples": ["10H"],
                    "description": "A card: rank then suit (`10H`, `AS`, `2C`), or `SJ`/`BJ`."}
        metadata.update(kwargs.pop("metadata", {}))
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            parsed = card(value)
        except CardError as exc:
            raise ValidationError(str(exc)) from None
        if not exact(_CARD, value):
            raise ValidationError(f"{value!r} is not a card: write it without spaces, e.g. '10H'")
        return parsed

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else str(value)


def Cards(*, max_items: int = MAX_CARDS, min_items: int | None = None, description: str = "",
          **kwargs) -> fields.List:
    """A list of cards (a multiset unless the field says otherwise)."""
    return fields.List(CardField(), validate=validate.Length(min=min_items, max=max_items),
                       metadata={"description": description}, **kwargs)


def Seat(description: str = "A seat, 0..players-1 in playing order.", **kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(0, MAX_SEAT),
                          metadata={"description": description}, **kwargs)


class RulesField(fields.Field):
    """A preset name, or ``{"preset": name, ...overrides}`` / a full parameter object."""

    def __init__(self, **kwargs):
        metadata = {
            "description": "A preset name, or an object: a preset plus parameter overrides.",
            "oneOf": [{"type": "string", "enum": list(PRESETS)},
                      {"$ref": "#/components/schemas/RulesetParameters"}],
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            if isinstance(value, str):
                return Ruleset.preset(value)
            if isinstance(value, dict):
                check_rank_parameters(value)
                return Ruleset.from_dict(value)
        except RulesetError as exc:
            if isinstance(value, str):
                raise ValidationError(exc.message) from None
            raise ValidationError({exc.parameter: [exc.message]}) from None
        except (TypeError, ValueError) as exc:
            raise ValidationError(str(exc)) from None
        raise ValidationError("rules must be a preset name or an object of parameters")


def check_rank_parameters(value: dict) -> None:
    """Rank parameters as the spec spells them (strings without spaces), before the engine reads them."""
    for key in ("first_level", "last_level"):
        if key in value:
            try:
                check_rank(value[key])
            except ValidationError as exc:
                raise ValidationError({key: exc.messages}) from None
    if isinstance(value.get("must_defend"), list):
        for i, rank in enumerate(value["must_defend"]):
            try:
                check_rank(rank)
            except ValidationError as exc:
                raise ValidationError({"must_defend": {i: exc.messages}}) from None


class TrumpSchema(Schema):
    level = fields.String(required=True, validate=check_rank,
                          metadata={"pattern": RANK_PATTERN, "examples": ["10"],
                                    "description": "The level rank. " + RANK_DESCRIPTION})
    suit = fields.String(required=True, allow_none=True,
                         metadata={"enum": ["S", "H", "C", "D", None],
                                   "description": "The trump suit; null for no-trump."})

    @post_load
    def make(self, data, **kwargs):
        try:
            level = rank_value(data["level"])
        except CardError as exc:
            raise ValidationError({"level": [str(exc)]}) from None
        try:
            return Trump(level, data["suit"])
        except ValueError as exc:
            raise ValidationError({"suit": [str(exc)]}) from None


INT_PARAMETERS = {
    "decks": {"minimum": 1, "maximum": 8},
    "players": {"minimum": 4, "maximum": 12, "description": "4..12; an even number with fixed partners."},
    "throw_penalty": {"minimum": 0, "multipleOf": 5},
}


def _parameter_field(name: str) -> fields.Field:
    default = getattr(Ruleset(), name)
    if isinstance(default, Enum):
        return fields.String(metadata={"enum": [e.value for e in type(default)]})
    if name == "first_level":
        return fields.String(metadata={"enum": ["2", "3"]})
    if name == "last_level":
        return fields.String(metadata={"pattern": RANK_PATTERN, "description": RANK_DESCRIPTION})
    if name == "must_defend":
        return fields.List(fields.String(metadata={"pattern": RANK_PATTERN}))
    if isinstance(default, bool):
        return fields.Boolean()
    if name == "kitty_size":
        return fields.Raw(metadata={"oneOf": [{"type": "integer", "minimum": 0, "maximum": MAX_CARDS - 1},
                                              {"const": "auto"}],
                                    "description": "Cards in the kitty, or `auto`; fewer than the decks hold, "
                                                   "and the rest must divide among the players."})
    if isinstance(default, int):
        return fields.Integer(metadata=INT_PARAMETERS[name])
    raise KeyError(f"no documentation type for ruleset parameter {name!r} (default {default!r})")


RulesetParametersSchema = Schema.from_dict(
    {"preset": fields.String(validate=validate.OneOf(list(PRESETS)),
                             metadata={"description": "The preset whose parameters apply first."}),
     **{name: _parameter_field(name) for name in PARAMETER_NAMES}},
    name="RulesetParametersSchema")


class RankField(fields.String):
    """A rank (``2``..``10``, ``J``, ``Q``, ``K``, ``A``; ``T`` for 10); loads to 2..14."""

    def __init__(self, **kwargs):
        metadata = {"pattern": RANK_PATTERN, "examples": ["10"], **kwargs.pop("metadata", {})}
        metadata["description"] = (metadata.get("description", "") + " " + RANK_DESCRIPTION).strip()
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        check_rank(text)
        try:
            return rank_value(text)
        except CardError as exc:
            raise ValidationError(str(exc)) from None


class StrictBoolean(fields.Boolean):
    """JSON true or false only (not 0, 1 or strings)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value
