"""Card analysis."""
from __future__ import annotations

from marshmallow import Schema, fields

from .base import RequestSchema
from .bounds import List
from .common import SUIT_LABELS, CardList, FormatSchema
from .fields import Cards, RulesField, TrumpSchema
from .views import mark_public


class AnalyzeSchema(RequestSchema):
    rules = RulesField(required=True)
    trump = fields.Nested(TrumpSchema, required=True)
    cards = Cards(required=True, description="Any cards (a multiset).")

    def card_sources(self, data: dict):
        yield None, ("cards",), data["cards"]


class SuitGroupSchema(Schema):
    suit = fields.String(required=True, metadata={"enum": SUIT_LABELS})
    cards = CardList()


class AnalysisSchema(Schema):
    cards = CardList()
    groups = List(fields.Nested(SuitGroupSchema), required=True,
                         metadata={"description": "The cards by effective suit, trumps first."})
    points = fields.Integer(required=True)
    format = fields.Nested(FormatSchema, allow_none=True, required=True,
                           metadata={"description": "The canonical decomposition, when the cards are of one "
                                                    "effective suit; else null."})


# Who may be shown each answer field (docs/views.md, "Which fields are whose").
_AS_SENT = "as the cards sent: public for cards played, the holder's own for a hand"
mark_public(AnalysisSchema, every=_AS_SENT)
mark_public(SuitGroupSchema, every=_AS_SENT)
