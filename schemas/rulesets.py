"""Ruleset answers."""
from __future__ import annotations

from marshmallow import Schema, fields

from rules.ruleset import PRESETS, PresetSpec, Ruleset

from .base import RequestSchema
from .fields import RulesetParametersSchema, RulesField


class RulesetSchema(Schema):
    name = fields.String(required=True, metadata={"enum": list(PRESETS)})
    title = fields.String(required=True)
    source = fields.String(required=True)
    description = fields.String(required=True)
    parameters = fields.Nested(RulesetParametersSchema, required=True,
                               metadata={"description": "Every parameter of the preset (docs/rules.md#ruleset-parameters)."})


class ResolveRequestSchema(RequestSchema):
    rules = RulesField(required=True)


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


class RulesetListSchema(Schema):
    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)


def present(spec: PresetSpec) -> dict:
    return {"name": spec.name, "title": spec.title, "source": spec.source,
            "description": spec.description, "parameters": Ruleset.preset(spec.name).to_dict()}
