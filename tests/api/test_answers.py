"""Answers are encoded straight from engine values: they must still be what the response schemas say.

And requests are loaded without webargs on the hot path: every error must be the problem document
that flask-smorest's webargs parsing gives with the strict body reader (``StrictParser``).
"""
from __future__ import annotations

import datetime
import json

import flask_smorest
import pytest
from flask import Flask

from app import create_app
from app.encoding import encode
from app.extensions import Api, StrictParser
from app.logs import JsonLogger
from app.resources import cards, deals, declarations, hands, plays, rulesets, suggest, tricks, worlds
from schemas.cards import AnalysisSchema, AnalyzeSchema
from schemas.deals import DealRequestSchema, DealSchema
from schemas.declarations import (
    DeclarationOptionsAnswerSchema,
    DeclarationOptionsSchema,
    DeclarationVerdictSchema,
    ValidateDeclarationSchema,
)
from schemas.hands import (
    AdjudicateSchema,
    AdjudicationSchema,
    HandStateRequestSchema,
    HandStateSchema,
    SettlementSchema,
    SettleSchema,
)
from schemas.plays import LegalPlaysAnswerSchema, LegalPlaysSchema, ValidatePlaySchema, VerdictSchema
from schemas.rulesets import ResolvedRulesetSchema, ResolveRequestSchema
from schemas.suggest import SuggestionSchema, SuggestRequestSchema
from schemas.tricks import TrickAnswerSchema, TrickSchema
from schemas.worlds import WorldsRequestSchema, WorldsSchema

from .helpers import QQ_HEARTS

THROW = {**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D", "QS", "QS", "JS"], "play": ["AS", "KS", "KS"],
         "others": [{"seat": 1, "cards": ["2S", "3S"]}, {"seat": 2, "cards": ["4S", "AS"]}], "seat": 0}
ENDPOINTS = [
    ("/v1/plays/validate", ValidatePlaySchema, VerdictSchema,
     [plays.VALIDATE_IN, THROW, {**THROW, "others": None, "unseen": ["AS", "2S"]},
      {**QQ_HEARTS, "hand": ["AS", "KS", "3D"], "play": ["3D"], "lead": ["QS"]},
      {**QQ_HEARTS, "hand": ["AS", "KS"], "play": ["AS", "KS"]}]),
    ("/v1/plays/legal", LegalPlaysSchema, LegalPlaysAnswerSchema,
     [body for _, body in plays.LEGAL_EXAMPLES.values()] + [
      {**QQ_HEARTS, "hand": ["AS", "AS", "KS", "KS", "QS", "3D"]},
      {**QQ_HEARTS, "hand": ["AS", "AS", "KS", "KS", "QS", "3D"], "selected": ["AS"], "sample": 4, "seed": 1},
      {**QQ_HEARTS, "hand": ["AS", "AS", "KS", "KS", "QS", "3D"], "lead": ["9S", "9S", "8S", "8S"], "limit": 3}]),
    ("/v1/tricks/winner", TrickSchema, TrickAnswerSchema, [tricks.WINNER_IN]),
    ("/v1/cards/analyze", AnalyzeSchema, AnalysisSchema,
     [cards.ANALYZE_IN, {**QQ_HEARTS, "cards": ["AS", "3H", "BJ"]}]),
    ("/v1/declarations/validate", ValidateDeclarationSchema, DeclarationVerdictSchema, [declarations.VALIDATE_IN]),
    ("/v1/declarations/options", DeclarationOptionsSchema, DeclarationOptionsAnswerSchema,
     [declarations.OPTIONS_IN, declarations.EVERY_SEAT_IN]),
    ("/v1/hands/settle", SettleSchema, SettlementSchema, [hands.SETTLE_IN]),
    ("/v1/hands/adjudicate", AdjudicateSchema, AdjudicationSchema, [hands.ADJUDICATE_IN]),
    ("/v1/hands/state", HandStateRequestSchema, HandStateSchema, [
        hands.STATE_IN, {**hands.STATE_IN, "tricks": []}, {**hands.STATE_IN, "tricks": [], "kitty_discard": []},
        {**hands.STATE_IN, "tricks": [], "kitty_discard": [], "declarations_closed": True},
        {**hands.STATE_IN, "tricks": [[{"seat": 1, "cards": ["JS"]}]]},
        {**hands.STATE_IN, "rules": {"preset": "pagat", "decks": 1, "partnership": "find-friends"}, "tricks": [],
         "friends": [{"card": "AH", "ordinal": 1}], "ratings": [1, 2, 3, 4], "room_coefficient": 2},
        {**hands.STATE_IN, "view": 1}, {**hands.STATE_IN, "view": "public"}, {**hands.STATE_IN, "views": "all"},
        {**hands.STATE_IN, "tricks": [], "kitty_discard": [], "views": "all"}]),
    ("/v1/hands/worlds", WorldsRequestSchema, WorldsSchema, [worlds.WORLDS_IN, {**worlds.WORLDS_IN, "seat": "public"}]),
    ("/v1/plays/suggest", SuggestRequestSchema, SuggestionSchema,
     [body for _, body in suggest.EXAMPLES.values()] + [
      {**suggest.SUGGEST_IN, "tricks": [], "declarations_closed": True},
      {**suggest.SUGGEST_IN, "tricks": [], "kitty_discard": [], "seat": 2}]),
    ("/v1/deals", DealRequestSchema, DealSchema, [deals.DEAL_IN, {"rules": "qq", "seed": 7}]),
    ("/v1/rulesets/resolve", ResolveRequestSchema, ResolvedRulesetSchema, [rulesets.RESOLVE_IN, {"rules": "qq"}]),
]


@pytest.mark.parametrize("path, request_schema, answer_schema, bodies", ENDPOINTS, ids=[e[0] for e in ENDPOINTS])
def test_answers_match_their_response_schemas(client, path, request_schema, answer_schema, bodies):
    schema = answer_schema()
    for body in bodies:
        for headers in ({}, {"Cache-Control": "no-cache"}):
            r = client.post(path, json=body, headers=headers)
            assert r.status_code == 200, r.get_data(as_text=True)
            answer = json.loads(r.data)
            assert schema.validate(answer) == {}, (path, body)
            assert schema.dump(answer) == answer, "the answer holds a field the schema does not document"
            # what the response schema's dump used to send, byte for byte: key order and number types too
            # (a Float field sends -20.0, not -20: generated clients and the docs' examples rely on it)
            assert encode(schema.dump(answer)) == r.data, (path, body)


def test_every_post_endpoint_is_covered(app):
    posts = {rule.rule for rule in app.url_map.iter_rules() if "POST" in rule.methods}
    assert posts == {path for path, *_ in ENDPOINTS}


class StrictBlueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = StrictParser()


def reference_app() -> Flask:
    """The same request schemas behind flask-smorest's webargs parsing, bodies read by app.body."""
    ref = Flask("reference")
    ref.config.update({"API_TITLE": "ref", "API_VERSION": "1", "OPENAPI_VERSION": "3.1.0",
                       "MAX_CONTENT_LENGTH": 256 * 1024})
    api = Api(ref, spec_kwargs={})
    blp = StrictBlueprint("ref", "ref")
    for path, request_schema, _, _ in ENDPOINTS:
        def view(data):
            return {}
        view.__name__ = path.replace("/", "_")
        blp.route(path, methods=["POST"])(blp.arguments(request_schema)(view))
    api.register_blueprint(blp)
    return ref


BAD_BODIES = [
    b"", b" ", b"{", b"null", b"[]", b'"qq"', b"1", b"{}", b'{"rules": 7}', b"\xff\xfe", b'\xef\xbb\xbf{}',
    json.dumps({**QQ_HEARTS, "hand": ["AS", "XS", 3, None, ["AS"]], "play": ["AS"]}).encode(),
    json.dumps({**QQ_HEARTS, "hand": "AS", "play": {"a": 1}, "lead": []}).encode(),
    json.dumps({**QQ_HEARTS, "hand": ["AS"] * 9, "play": ["AS"]}).encode(),
    json.dumps({"rules": {"preset": "qq", "decks": 0}, "trump": {"level": "1", "suit": "X"}, "hand": []}).encode(),
    json.dumps({"rules": "nope", "trump": None, "hand": ["AS"], "seat": True, "limit": 0, "plays": []}).encode(),
    json.dumps({**QQ_HEARTS, "plays": [{"seat": 9, "cards": ["AS"]}, {"seat": 1}], "unknown": 1}).encode(),
    json.dumps({**QQ_HEARTS, "hand": ["AS", "KS"], "play": ["AS"], "lead": ["KS"], "others": [{"seat": 0}]}).encode(),
]


@pytest.mark.parametrize("path", [e[0] for e in ENDPOINTS])
def test_errors_equal_webargs_errors(path):
    ours, ref = create_app({}).test_client(), reference_app().test_client()
    for body in BAD_BODIES:
        for headers in ({}, {"Cache-Control": "no-cache"}):
            a = ours.post(path, data=body, headers={"Content-Type": "application/json", **headers})
            b = ref.post(path, data=body, headers={"Content-Type": "application/json", **headers})
            if b.status_code == 200:
                continue  # valid for this endpoint: the reference view answers nothing useful
            assert (a.status_code, a.get_json()) == (b.status_code, b.get_json()), (path, body)
            assert a.mimetype == b.mimetype == "application/problem+json"


def test_deeply_nested_json_is_a_400_not_a_500(client):
    r = client.post("/v1/plays/validate", data=b"[" * 100_000, headers={"Content-Type": "application/json"})
    assert r.status_code == 400


class FakeResponse:
    status = "200 OK"
    sent = 42
    headers = [("Content-Type", "application/json"), ("X-Request-ID", "rid-1"), ("X-Cache", "hit")]


def access_record(environ: dict) -> dict:
    logger = JsonLogger.__new__(JsonLogger)
    logger._access_log_enabled = True
    lines = []
    logger.access_log = type("L", (), {"info": staticmethod(lines.append)})()
    logger.access(FakeResponse(), None, environ, datetime.timedelta(microseconds=1500))
    record = json.loads(lines[0])
    assert list(record) == ["time", "request_id", "remote", "method", "path", "query", "status", "bytes",
                            "duration_ms", "cache", "user_agent"]
    return {k: v for k, v in record.items() if k != "time"}


def test_access_log_record():
    environ = {"REMOTE_ADDR": "127.0.0.1", "REQUEST_METHOD": "POST", "PATH_INFO": "/v1/plays/validate",
               "QUERY_STRING": "", "HTTP_USER_AGENT": "wrk"}
    assert access_record(environ) == {
        "request_id": "rid-1", "remote": "127.0.0.1", "method": "POST", "path": "/v1/plays/validate",
        "query": None, "status": 200, "bytes": 42, "duration_ms": 1.5, "cache": "hit", "user_agent": "wrk"}


@pytest.mark.parametrize("text", ['a"b', "a\\b", "tab\there", "nl\n", "\x00\x7f", "牌", "\udcff", "", " "])
def test_access_log_lines_are_json_whatever_the_request_says(text):
    environ = {"REMOTE_ADDR": "::1", "REQUEST_METHOD": "GET", "PATH_INFO": "/" + text, "QUERY_STRING": text,
               "HTTP_USER_AGENT": text}
    record = access_record(environ)
    assert (record["path"], record["query"], record["user_agent"]) == ("/" + text, text or None, text)
