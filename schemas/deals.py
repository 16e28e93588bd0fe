"""Deals."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields

from .base import RequestSchema
from .common import CardList
from .fields import RulesField

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


class DealSchema(Schema):
    seed = fields.String(required=True, metadata={"description": "The seed used (as text), to reproduce the deal."})
    hands = fields.List(CardList(), required=True, metadata={"description": "Hands by seat, high to low."})
    kitty = CardList("The kitty in the order its cards are turned (kitty-reveal).")
