"""``POST /v1/hands/worlds``: the deals a seat cannot tell apart from the real one (docs/views.md)."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from .bounds import List
from .common import CardList
from .deals import SeedField
from .fields import StrictBoolean
from .hands import RecordSchema
from .views import PUBLIC_NOTES, ViewerField, check_viewer, mark_public

MAX_WORLDS = 1000


class WorldsRequestSchema(RecordSchema):
    partial = StrictBoolean(load_default=False, metadata={
        "description": "Accepted so that a `hands/adjudicate` record can be sent as it is."})
    declarations_closed = StrictBoolean(load_default=None, allow_none=True, metadata={
        "description": "As in `hands/state`: declaring is over (default: true once the record holds a later step)."})
    seat = ViewerField("Whose worlds: a seat number, or `public` (a spectator, who has seen only what is public).",
                       required=True)
    count = fields.Integer(strict=True, load_default=1, validate=validate.Range(1, MAX_WORLDS),
                           metadata={"description": "How many worlds to draw, 1..1000 (independently: one may repeat)."})
    seed = SeedField("The same seed always draws the same worlds.", load_default=0)

    def check(self, data: dict) -> None:
        super().check(data)
        check_viewer(data, data["rules"].players, "seat")


class WorldDealSchema(Schema):
    hands = List(CardList(), required=True, metadata={"description": "Every hand as dealt, by seat."})
    kitty = CardList("The kitty as dealt, in dealt order.")


class WorldDeclarationSchema(Schema):
    seat = fields.Integer(required=True)
    cards = CardList("The cards shown.")


class WorldExchangeSchema(Schema):
    seat = fields.Integer(required=True)
    declaration = CardList("The cards the stealer showed (the record's).")
    discard = CardList("What the stealer buried in this world (the record's own where the seat saw it).")


class WorldSchema(Schema):
    deal = fields.Nested(WorldDealSchema, required=True, metadata={
        "description": "The whole deal as dealt: the record with its `deal` replaced by this one (and its "
                       "`kitty_discard` and `exchanges` by these) is a record the seat cannot tell from the real one."})
    kitty_discard = CardList("The dealer's burial in this world (the record's own where the seat saw it).")
    hands = List(CardList(), required=True, metadata={"description": "What each seat holds now."})
    kitty = CardList("The kitty now: the burial once the dealer has buried, empty while the dealer holds it.")
    declarations = List(fields.Nested(WorldDeclarationSchema), required=True, metadata={
        "description": "The record's declarations in this world, in the record's shape: the record's own, but "
                       "another seat's dark declaration while declaring is open (which the seat saw as a seat and "
                       "a number of cards) holds cards that seat holds in this world; the record with them "
                       "replays as the real one."})
    exchanges = List(fields.Nested(WorldExchangeSchema), required=True, metadata={
        "description": "The record's steals of the kitty in this world, in the record's shape (empty without "
                       "steals): each `discard` the stealer's burial in this world, the record's own where the "
                       "seat made it or picked it up (or once the hand is over, for the last); the record with "
                       "them replays as the real one."})


class WorldsSchema(Schema):
    worlds = List(fields.Nested(WorldSchema), required=True, metadata={"description": "In the order drawn."})
    count_worlds = fields.String(required=True, allow_none=True, metadata={
        "description": "How many distinct worlds there are (copies of a card not told apart), as a decimal "
                       "string, when counted exactly; else null."})
    count_exact = fields.Boolean(required=True)
    complete = fields.Boolean(required=True, metadata={
        "description": "False when the work bound stopped the draw before `count` worlds: the answer holds "
                       "those found."})


mark_public(WorldsSchema, PUBLIC_NOTES["WorldsSchema"])


mark_public(WorldSchema, every="as `worlds`")
mark_public(WorldDealSchema, every="as `worlds`")
mark_public(WorldDeclarationSchema, every="as `worlds`")
mark_public(WorldExchangeSchema, every="as `worlds`")
