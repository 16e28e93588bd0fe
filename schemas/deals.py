"""Deals."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from .base import RequestSchema, check_levels, invalid
from .bounds import List
from .common import CardList
from .fields import RankField, RulesField, Seat
from .views import mark_public

MAX_SEED_LENGTH = 256
MAX_SEED_INT = 10 ** 18


class SeedField(fields.Field):
    """A deal seed: a string (up to 256 characters) or an integer."""

    def __init__(self, description: str = "The same seed always gives the same deal; without one, a fresh seed "
                                          "is drawn.", **kwargs):
        super().__init__(metadata={
            "description": description,
            "oneOf": [{"type": "string", "maxLength": MAX_SEED_LENGTH},
                      {"type": "integer", "minimum": -MAX_SEED_INT, "maximum": MAX_SEED_INT}, {"type": "null"}]}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and len(value) <= MAX_SEED_LENGTH:
            return value
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_SEED_INT:
            return value
        raise ValidationError(f"a seed is a string of at most {MAX_SEED_LENGTH} characters or an integer "
                              f"of at most 18 digits")


class DealRequestSchema(RequestSchema):
    rules = RulesField(required=True)
    seed = SeedField(load_default=None, allow_none=True)
    first_seat = Seat("The seat dealt the first card (default 0); the deal goes round in playing order.",
                      load_default=0)
    level = RankField(load_default=None, allow_none=True, metadata={
        "description": "`kitty_fit: remove-low-cards`: the dealer's level, which decides the cards taken out; "
                       "null (default): a first hand, its seats at `levels` (by default every seat at `first_level`) "
                       "(docs/rules.md#short-decks-and-fitting-the-kitty)."})
    levels = List(RankField(), load_default=None, allow_none=True, validate=validate.Length(max=12), metadata={
        "description": "`kitty_fit: remove-low-cards`, a first hand whose seats are at different levels "
                       "(as under `first_hand_levels: own`): each seat's level, a list by seat, which decide the cards "
                       "taken out; not with `level` (docs/rules.md#short-decks-and-fitting-the-kitty)."})

    def check(self, data: dict) -> None:
        rules = data["rules"]
        if data["level"] is not None and not rules.first_level <= data["level"] <= rules.last_level:
            raise invalid(("level",), "the level lies outside the ruleset's first_level..last_level")
        if data["levels"] is not None:
            if data["level"] is not None:
                raise invalid(("levels",), "levels are the seats' in a first hand, level the dealer's in a later "
                                           "hand: give one of them, not both")
            check_levels(rules, data["levels"])
        players = rules.players
        if data["first_seat"] >= players:
            raise invalid(("first_seat",), f"seat {data['first_seat']} does not exist with {players} players")


class DealtCardSchema(Schema):
    seat = fields.Integer(required=True, allow_none=True,
                          metadata={"description": "The seat the card is dealt to; null for the kitty."})
    card = fields.String(required=True)


class DealSchema(Schema):
    seed = fields.String(required=True, metadata={"description": "The seed used (as text), to reproduce the deal."})
    hands = List(CardList(), required=True, metadata={"description": "Hands by seat, high to low."})
    kitty = CardList("The kitty in the order its cards are turned (kitty-reveal).")
    order = List(fields.Nested(DealtCardSchema), required=True, metadata={
        "description": "Every card in the order it is dealt: round the table from `first_seat`, one card at a "
                       "time, then the kitty (`seat: null`) in the order of `kitty`."})


# Who may be shown each answer field (docs/views.md, "Which fields are whose").
mark_public(DealSchema, {
    "seed": "not public: it reproduces every hand",
    "hands": "not public: each seat its own hand",
    "kitty": "not public: the dealer's once it picks the kitty up, everyone's once the hand is over",
    "order": "not public: each card as its seat's hand, the kitty's as `kitty`"})
mark_public(DealtCardSchema, every="as `order`")
