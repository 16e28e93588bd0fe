"""Response parts shared by several endpoints, and the problem document."""
from __future__ import annotations

from marshmallow import Schema, fields

from rules.violations import CODES

from .bounds import List
from .views import mark_public

SUIT_LABELS = ["trump", "S", "H", "C", "D", "rainbow"]


def reason_codes_description() -> str:
    lines = ["The stable reason code. Every code:", ""]
    lines += [f"- `{code}`: {text}" for code, text in CODES.items()]
    return "\n".join(lines)


def CardList(description: str = "Cards, canonical, high to low.") -> fields.List:
    return List(fields.String(metadata={"examples": ["AS"]}), metadata={"description": description})


class ReasonSchema(Schema):
    code = fields.String(required=True, metadata={"enum": list(CODES), "description": reason_codes_description()})
    message = fields.String(required=True, metadata={"description": "For people; may be reworded."})


class UnitSchema(Schema):
    kind = fields.String(required=True, metadata={
        "enum": ["single", "pair", "triple", "quad", "n-kind", "tractor", "rainbow"],
        "description": "`rainbow`: a group of one printed rank across suits (`rainbow_min`); its `width` is its "
                       "number of cards."})
    width = fields.Integer(required=True, metadata={"description": "Identical cards per rank."})
    length = fields.Integer(required=True, metadata={"description": "Consecutive ranks."})
    cards = CardList()


class FormatSchema(Schema):
    suit = fields.String(required=True, metadata={"enum": SUIT_LABELS, "description": "The effective suit, or `rainbow` "
                                                                                      "for a rainbow lead (`rainbow_min`)."})
    units = List(fields.Nested(UnitSchema), required=True,
                        metadata={"description": "The canonical decomposition, largest unit first."})
    is_throw = fields.Boolean(required=True)


class FieldProblemSchema(Schema):
    pointer = fields.String(required=True, metadata={"description": "JSON Pointer into the request body."})
    detail = fields.String(required=True)


class ProblemSchema(Schema):
    """RFC 9457 problem details."""

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    errors = List(fields.Nested(FieldProblemSchema),
                         metadata={"description": "Field problems, for 400 and 422."})


# Who may be shown each answer field (docs/views.md, "Which fields are whose"): these parts of answers
# are as public as the answer field that holds them.
for _part in (ReasonSchema, UnitSchema, FormatSchema):
    mark_public(_part, every="as the field holding it")
for _part in (ProblemSchema, FieldProblemSchema):
    mark_public(_part, every="the caller's: it describes the request sent")
