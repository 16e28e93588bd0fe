"""Ruleset answers."""
from __future__ import annotations

from marshmallow import Schema, fields

from rules.parameters import Kind
from rules.ruleset import PRESETS, PresetSpec, Ruleset

from .base import RequestSchema
from .bounds import List
from .fields import RulesField
from .parameters import RulesetParametersSchema
from .views import mark_public


class RulesetSchema(Schema):
    name = fields.String(required=True, metadata={"enum": list(PRESETS)})
    title = fields.String(required=True)
    source = fields.String(required=True)
    description = fields.String(required=True)
    parameters = fields.Nested(RulesetParametersSchema, required=True,
                               metadata={"description": "Every parameter of the preset (docs/rules.md#ruleset-parameters)."})


class ResolveRequestSchema(RequestSchema):
    rules = RulesField(required=True)


ScoreRowSchema = Schema.from_dict({
    "from": fields.Integer(required=True, allow_none=True,
                           metadata={"description": "The lowest attackers' total of the row (inclusive); null: "
                                                    "every lower total."}),
    "to": fields.Integer(required=True, allow_none=True,
                         metadata={"description": "The highest (inclusive); null: every higher total."}),
    "outcome": fields.String(required=True, metadata={"enum": ["dealer-keeps", "attackers-take-over"]}),
    "levels": fields.Integer(required=True, metadata={
        "description": "The levels the table gives the side that goes up (before `must_defend`, `last_level` "
                       "and `bonus_level`)."}),
}, name="ScoreRowSchema")


def score_rows(rows) -> list[dict]:
    return [{"from": r.low, "to": r.high, "outcome": r.outcome, "levels": r.levels} for r in rows]


class ResolvedRulesetSchema(Schema):
    name = fields.String(required=True, metadata={"description": "The preset the ruleset starts from "
                                                                 "(`custom` for a full parameter object)."})
    parameters = fields.Nested(RulesetParametersSchema, required=True,
                               metadata={"description": "Every parameter after the overrides, `kitty_size` as the "
                                                        "number of cards it resolves to."})
    hand_size = fields.Integer(required=True, metadata={"description": "Cards dealt to each seat."})
    friend_calls = fields.Integer(required=True, metadata={
        "description": "The default number of friend calls (find-friends: half the players, rounded down, "
                       "less one; 0 with fixed partners)."})
    total_points = fields.Integer(required=True, metadata={"description": "The card points in all the decks."})
    removed_cards = List(fields.String(), required=True, metadata={
        "description": "`kitty_fit: remove-low-cards`: the cards taken out so that the deal divides, in removal "
                       "order, for a first hand with every seat at `first_level` (`[]` otherwise; "
                       "docs/rules.md#short-decks-and-fitting-the-kitty)."})
    score_table = List(fields.Nested(ScoreRowSchema), required=True, metadata={
        "description": "The points → levels table at the ruleset's deck count, over every total a hand can reach "
                       "(docs/rules.md#settlement-scoring-and-levels)."})


class ParameterValueSchema(Schema):
    value = fields.String(required=True)
    meaning = fields.String(required=True)


class ParameterSchema(Schema):
    """One ruleset parameter as it is declared in the engine (docs/rules.md#ruleset-parameters)."""

    name = fields.String(required=True)
    kind = fields.String(required=True, metadata={
        "enum": [k.value for k in Kind],
        "description": "How the parameter is spelled: `choice` (one of `values`), `flag` (true or false), `count` "
                       "(an integer), `count-or-auto` (an integer or \"auto\"), `count-or-null` (an integer or null: "
                       "off), `rank` (a rank name), `ranks` (a list of rank names)."})
    values = List(fields.Nested(ParameterValueSchema), required=True,
                         metadata={"description": "A `choice` parameter's values, each with what it means; else empty."})
    minimum = fields.Integer(required=True, allow_none=True)
    maximum = fields.Integer(required=True, allow_none=True)
    multiple_of = fields.Integer(required=True, allow_none=True)
    default = fields.Raw(required=True, metadata={"description": "The value when neither the preset nor the request "
                                                                 "sets it, spelled as a request spells it."})
    presets = fields.Dict(keys=fields.String(), values=fields.Raw(), required=True,
                          metadata={"description": "The presets that set another value than the default, and that value."})
    see = fields.String(required=True, metadata={"description": "Where `docs/rules.md` teaches it."})
    term = fields.String(required=True, allow_none=True, metadata={"description": "The players' Chinese term, if any."})
    description = fields.String(required=True)


class RulesetListSchema(Schema):
    rulesets = List(fields.Nested(RulesetSchema), required=True)
    parameters = List(fields.Nested(ParameterSchema), required=True, metadata={
        "description": "Every ruleset parameter, in the order presets list them: enough to build a settings screen."})


def present(spec: PresetSpec) -> dict:
    return {"name": spec.name, "title": spec.title, "source": spec.source,
            "description": spec.description, "parameters": Ruleset.preset(spec.name).to_dict()}


# Who may be shown each answer field (docs/views.md, "Which fields are whose"): the rules are the table's.
for _schema in (RulesetSchema, ScoreRowSchema, ResolvedRulesetSchema, ParameterValueSchema, ParameterSchema,
                RulesetListSchema, RulesetParametersSchema):
    mark_public(_schema, every="public")
