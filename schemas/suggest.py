"""``POST /v1/plays/suggest`` (提示, 托管): a hand record, the seat and the strength in; an action out."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from .base import invalid
from .bounds import List
from .deals import SeedField
from .fields import StrictBoolean
from .hands import RecordSchema
from .views import mark_public

STRENGTHS = ("basic", "standard", "strong")


class SuggestRequestSchema(RecordSchema):
    partial = StrictBoolean(load_default=False, metadata={
        "description": "Accepted so that a `hands/adjudicate` record can be sent as it is."})
    declarations_closed = StrictBoolean(load_default=None, allow_none=True, metadata={
        "description": "As `hands/state`: declaring (and stealing) is over."})
    seat = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(0, 11), metadata={
        "description": "The seat the hint is for (default: the seat to act). While declaring or stealing any seat "
                       "may act, so the seat must be named; at any other time only the seat to act may be named."})
    strength = fields.String(load_default="standard", validate=validate.OneOf(STRENGTHS), metadata={
        "description": "`basic`: rules of thumb, no search; `standard`: `basic`'s play and the best play of "
                       "another kind, each played out in the same 8 to 32 deals of the unseen cards; `strong`: up "
                       "to 3 plays in 16 to 64 deals (docs/bots.md). A fixed amount of work, never a clock."})
    seed = SeedField("The worlds searched (the same seed, the same answer).", load_default=0)

    def check(self, data: dict) -> None:
        super().check(data)
        seat = data["seat"]
        if seat is not None and seat >= data["rules"].players:
            raise invalid(("seat",), f"seat {seat} does not exist with {data['rules'].players} players")


class FriendCallAnswerSchema(Schema):
    card = fields.String(required=True)
    ordinal = fields.Integer(required=True)


class ActionSchema(Schema):
    """One action, as the record holds it: exactly one of its fields."""

    play = List(fields.String(), metadata={"description": "Lead or follow with these cards."})
    declare = List(fields.String(), metadata={"description": "While declaring: declare these cards."})
    discard = List(fields.String(), metadata={"description": "The dealer buries these cards."})
    friends = List(fields.Nested(FriendCallAnswerSchema), metadata={
        "description": "Find-friends: the dealer's calls."})
    steal = fields.Dict(metadata={"description": "Stealing: `{\"declaration\", \"discard\"}` (never suggested yet)."})
    pass_ = fields.Boolean(data_key="pass", attribute="pass", metadata={"description": "While declaring or stealing: do nothing."})


class AlternativeSchema(Schema):
    action = fields.Nested(ActionSchema, required=True)
    value = fields.Float(required=True, allow_none=True, metadata={
        "description": "The search's estimate: the acting seat's mean level change over the worlds searched "
                       "(null for `basic`, which does not search)."})
    attackers_points = fields.Float(required=True, allow_none=True, metadata={
        "description": "The attackers' mean total (card points and kitty) over the worlds searched (null for "
                       "`basic`)."})
    reason = fields.String(required=True, metadata={"description": "The rule of thumb that ranked it (a code)."})


class SuggestionSchema(Schema):
    seat = fields.Integer(required=True)
    action = fields.Nested(ActionSchema, required=True)
    reason = fields.String(required=True, metadata={
        "description": "One sentence for the player, in English or Chinese by `Accept-Language`."})
    reason_code = fields.String(required=True, metadata={"description": "The reason as a stable code."})
    alternatives = List(fields.Nested(AlternativeSchema), required=True, metadata={
        "description": "The action and the best few others, best first, with their estimated values."})
    worlds = fields.Integer(required=True, metadata={"description": "How many worlds were searched (0: `basic`, "
                                                                    "or an action before play)."})
    strength = fields.String(required=True)
    seed = SeedField("As sent.", required=True)


# Who may be shown each answer field (docs/views.md, "Which fields are whose").
for _schema in (SuggestionSchema, AlternativeSchema, ActionSchema, FriendCallAnswerSchema):
    mark_public(_schema, every="not public: advice for the acting seat alone (from its view)")
