"""Fields shared by the request schemas: cards, rulesets, trump, seats."""
from __future__ import annotations

import re

from marshmallow import Schema, ValidationError, fields, post_load, validate

from rules.cards import CARDS, CardError, card, rank_value
from rules.order import Trump
from rules.ruleset import PRESETS, Ruleset, RulesetError

from .bounds import List

CARD_PATTERN = r"^([2-9TtJjQqKkAa]|10)[SHCDshcd]$|^[SBsb][Jj]$"
RANK_PATTERN = r"^(10|[2-9TtJjQqKkAa]|[Nn][Tt])$"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
MAX_SEAT = 11
MAX_CARDS = 8 * 54
_CARD = re.compile(CARD_PATTERN)
_RANK = re.compile(RANK_PATTERN)
RANK_DESCRIPTION = ("A rank: `2`..`10`, `J`, `Q`, `K`, `A` (`T` for 10; any case); as a level also `NT`, the "
                    "level after A where the ruleset's `last_level` is `NT`.")


def exact(pattern: re.Pattern, value: str) -> bool:
    """The whole string matches (``$`` alone would let a trailing newline through)."""
    return pattern.match(value) is not None and not value.endswith("\n")


def check_rank(value) -> None:
    """Ranks as the spec spells them: strings, no spaces."""
    if not isinstance(value, str) or not exact(_RANK, value):
        raise ValidationError(f"{value!r} is not a rank; ranks are 2..10, J, Q, K, A (and NT as a level)"
                              if isinstance(value, str)
                              else f"a rank is a string such as '10' or 'A', not {type(value).__name__}")


class CardField(fields.Field):
    """One card in the API notation (docs/rules.md); loads to a :class:`rules.cards.Card`."""

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


def _fast_cards() -> dict[str, object]:
    """The usual spellings of every card (``10H``, ``10h``, ``TH``, ``th``), each checked by :func:`card`
    and by the spec's card pattern (no spaces), so the fast path accepts nothing :class:`CardField` refuses."""
    table = {}
    for c in CARDS:
        name = str(c)
        for text in (name, name.lower(), "T" + name[2:] if name.startswith("10") else name):
            for spelling in (text, text.lower()):
                if exact(_CARD, spelling) and card(spelling) == c:
                    table[spelling] = card(spelling)
    return table


# Every spelling the fast path reads in one dict look-up; any other item goes through CardField.
FAST_CARDS = _fast_cards()


def fast_cards(value: object) -> list | None:
    """``value`` as cards when it is a list of usual spellings only (one look-up each); else None."""
    if type(value) is not list:
        return None
    get = FAST_CARDS.get
    try:
        out = [get(v) for v in value]
    except TypeError:  # an unhashable item
        return None
    return None if None in out else out


class CardsField(List):
    """A list of cards parsed in one pass: a dict look-up per item for the usual spellings.

    Anything else (other spellings, bad cards, non-strings, not a list) goes through
    :class:`fields.List` and :class:`CardField` item by item, so every error keeps its exact
    message and its pointer (``/hand/3``).  Documented exactly as ``List(CardField())``.
    """

    def _deserialize(self, value, attr, data, **kwargs):
        out = fast_cards(value)
        if out is not None:
            return out
        return super()._deserialize(value, attr, data, **kwargs)


def Cards(*, max_items: int = MAX_CARDS, min_items: int | None = None, description: str = "",
          **kwargs) -> fields.List:
    """A list of cards (a multiset unless the field says otherwise)."""
    return CardsField(CardField(), validate=validate.Length(min=min_items, max=max_items),
                      metadata={"description": description}, **kwargs)


def Seat(description: str = "A seat, 0..players-1 in playing order.", **kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(0, MAX_SEAT),
                          metadata={"description": description}, **kwargs)


# A Ruleset is a frozen value: each preset named by its exact name is built once.
PRESET_RULESETS = {name: Ruleset.preset(name) for name in PRESETS}


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
        if type(value) is str:
            found = PRESET_RULESETS.get(value)
            if found is not None:
                return found
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
