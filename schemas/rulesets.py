"""Ruleset answers."""
from __future__ import annotations

from marshmallow import Schema, fields

from rules.ruleset import PRESETS, PresetSpec, Ruleset

from .fields import RulesetParametersSchema


class RulesetSchema(Schema):
    name = fields.String(required=True, metadata={"enum": list(PRESETS)})
    title = fields.String(required=True)
    source = fields.String(required=True)
    description = fields.String(required=True)
    parameters = fields.Nested(RulesetParametersSchema, required=True,
                               metadata={"description": "Every parameter of the preset (docs/rules.md#ruleset-parameters)."})


class RulesetListSchema(Schema):
    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)


def present(spec: PresetSpec) -> dict:
    return {"name": spec.name, "title": spec.title, "source": spec.source,
            "description": spec.description, "parameters": Ruleset.preset(spec.name).to_dict()}
