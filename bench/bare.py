"""The bare same-stack endpoint that ``make bench-http`` measures the service against.

Flask + marshmallow and nothing else: it loads a ``plays/validate``-shaped body with a plain
list-of-strings schema (built once) and answers a constant.  It lives in ``bench/`` only and is
never mounted in the product: ``gunicorn bench.bare:app -c gunicorn.conf.py``.
"""
from __future__ import annotations

from flask import Flask, jsonify, request
from marshmallow import Schema, ValidationError, fields


class BareTrumpSchema(Schema):
    level = fields.String(required=True)
    suit = fields.String(required=True, allow_none=True)


class BareValidateSchema(Schema):
    rules = fields.String(required=True)
    trump = fields.Nested(BareTrumpSchema, required=True)
    hand = fields.List(fields.String(), required=True)
    play = fields.List(fields.String(), required=True)
    lead = fields.List(fields.String(), load_default=None, allow_none=True)
    seat = fields.Integer(load_default=None, allow_none=True)


SCHEMA = BareValidateSchema()
ANSWER = {"legal": True, "reasons": [], "format": None}


def create_bare_app() -> Flask:
    bare = Flask(__name__)

    @bare.post("/bare/validate")
    def validate():
        try:
            SCHEMA.load(request.get_json())
        except ValidationError as exc:
            return jsonify(exc.messages), 422
        return jsonify(ANSWER)

    @bare.get("/healthz")
    def healthz():
        return jsonify({"status": "ok"})

    return bare


app = create_bare_app()
