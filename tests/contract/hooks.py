"""schemathesis hooks for ``make fuzz``: positive data acceptance, except for cross-field rules.

JSON Schema cannot state the rules that tie fields together (copies of a card across the request
at most ``decks``, seats below ``players``, hand sizes per ruleset, a preset's parameters that must
fit each other); the operation descriptions list them. Every generated body is still sent and
every check runs on every answer; a schema-valid body answered 422 is excused only when the
server's own request schema rejects it for such a rule alone (it loads once the cross-field
checks are switched off). Excused answers are counted by operation and rule in ``FUZZ_SKIPPED``
(a JSON file) for the report; any other rejection of schema-valid data still fails the run.
"""
from __future__ import annotations

import atexit
import json
import os
import threading
from collections import Counter
from unittest import mock

from marshmallow import ValidationError
from schemathesis.specs.openapi import checks as openapi_checks

from app.body import parse
from rules.ruleset import Ruleset
from schemas.base import RequestSchema
from schemas.cards import AnalyzeSchema
from schemas.deals import DealRequestSchema
from schemas.declarations import DeclarationOptionsSchema, ValidateDeclarationSchema
from schemas.hands import AdjudicateSchema, HandStateRequestSchema, SettleSchema
from schemas.plays import LegalPlaysSchema, ValidatePlaySchema
from schemas.tricks import TrickSchema

SCHEMAS = {"/v1/cards/analyze": AnalyzeSchema, "/v1/plays/validate": ValidatePlaySchema,
           "/v1/plays/legal": LegalPlaysSchema, "/v1/tricks/winner": TrickSchema,
           "/v1/declarations/validate": ValidateDeclarationSchema,
           "/v1/declarations/options": DeclarationOptionsSchema, "/v1/hands/settle": SettleSchema,
           "/v1/hands/adjudicate": AdjudicateSchema, "/v1/hands/state": HandStateRequestSchema,
           "/v1/deals": DealRequestSchema}
SKIPPED: Counter = Counter()
LOCK = threading.Lock()
# Cross-field rules the engine checks itself (a whole deal, the teams), by the words of its answer.
ENGINE_RULES = ("cannot exist with", "the dealer team is", "history entry",
                "the lead is invalid")


def _first_message(messages) -> str:
    while isinstance(messages, dict):
        messages = next(iter(messages.values()))
    while isinstance(messages, list) and messages:
        messages = messages[0]
        while isinstance(messages, dict):
            messages = next(iter(messages.values()))
    return str(messages)


def _rule(message: str) -> str:
    """A message without its numbers, to count rejections by rule."""
    return " ".join("N" if word.strip(",.()'").isdigit() else word for word in message.split())


def cross_field_rejection(schema_class, body) -> str | None:
    """The cross-field rule the server's schema rejects ``body`` for, if that is its only fault."""
    with LOCK:  # schemathesis runs checks in threads; the patches below must not interleave
        return _cross_field_rejection(schema_class, body)


def _cross_field_rejection(schema_class, body) -> str | None:
    try:
        body = parse(json.dumps(body).encode())  # as the server reads it (``2.0`` is the integer 2)
    except Exception:
        return None
    try:
        schema_class().load(body)
        return None
    except ValidationError as error:
        message = _first_message(error.messages)
    except Exception:
        return None
    with mock.patch.object(RequestSchema, "_check_request", lambda self, data, **kwargs: None), \
            mock.patch.object(Ruleset, "validate", lambda self: None):
        try:
            schema_class().load(body)
        except Exception:
            return None
    return _rule(message)


def _excusing_cross_field(ctx, response, case):
    """positive_data_acceptance, except for a 422 whose only cause is a cross-field rule (counted)."""
    schema_class = SCHEMAS.get(case.operation.path)
    positive = case.meta is not None and case.meta.generation.mode.is_positive
    if not positive:  # negative data may be refused for anything: nothing to excuse, nothing to count
        return _positive_data_acceptance(ctx, response, case)
    if response.status_code == 422 and schema_class is not None and isinstance(case.body, dict):
        detail = response.json().get("detail", "")
        engine_rule = next((rule for rule in ENGINE_RULES if rule in detail), None)
        if engine_rule is not None:
            SKIPPED[f"{case.operation.path}: {engine_rule} (engine)"] += 1
            return None
        rule = cross_field_rejection(schema_class, case.body)
        if rule is not None:
            SKIPPED[f"{case.operation.path}: {rule}"] += 1
            return None
    return _positive_data_acceptance(ctx, response, case)


_positive_data_acceptance = openapi_checks._openapi_positive_data_acceptance
openapi_checks._openapi_positive_data_acceptance = _excusing_cross_field


@atexit.register
def _write_counts() -> None:
    target = os.environ.get("FUZZ_SKIPPED")
    if target and SKIPPED:
        with open(target, "w", encoding="utf-8") as f:
            json.dump(dict(SKIPPED.most_common()), f, indent=1, ensure_ascii=False)
