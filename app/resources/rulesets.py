"""The presets and their parameters."""
from __future__ import annotations

from flask import abort

from rules.ruleset import PRESETS
from schemas.rulesets import RulesetListSchema, RulesetSchema, present

from ..extensions import Blueprint

blp = Blueprint("rulesets", __name__, url_prefix="/v1/rulesets", description="Rule presets (docs/rules.md#presets).")
EXAMPLE = present(PRESETS["qq"])


@blp.route("", methods=["GET"])
@blp.response(200, RulesetListSchema, example={"rulesets": [EXAMPLE]})
def list_rulesets():
    """Every preset with its full parameter set.

    Send a preset name as `rules`, or an object `{"preset": name, ...overrides}`.
    """
    return {"rulesets": [present(spec) for spec in PRESETS.values()]}


@blp.route("/<string:name>", methods=["GET"])
@blp.response(200, RulesetSchema, example=EXAMPLE)
@blp.alt_response(404, response="NOT_FOUND")
def get_ruleset(name: str):
    """One preset with its full parameter set.

    404 (a problem document) if there is no such preset.
    """
    spec = PRESETS.get(name)
    if spec is None:
        abort(404, description=f"there is no preset '{name}'; presets are {', '.join(PRESETS)}")
    return present(spec)
