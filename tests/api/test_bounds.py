"""The error path is bounded (schemas/bounds.py, app/problems.py): a bounded number of errors, a
bounded problem document, no more work than a valid request of the same size."""
from __future__ import annotations

import json

import pytest

from app import create_app
from schemas import bounds
from schemas import fields as card_fields

from .helpers import QQ_HEARTS, assert_problem


@pytest.fixture
def client():
    return create_app({}).test_client()


@pytest.fixture
def card_reads(monkeypatch):
    """How many list items marshmallow's card field read."""
    count = {"n": 0}
    real = card_fields.CardField._deserialize

    def counted(self, *args, **kwargs):
        count["n"] += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(card_fields.CardField, "_deserialize", counted)
    return count


def post(client, path, body):
    data = json.dumps(body).encode()
    assert len(data) <= 256 * 1024
    return client.post(path, data=data, headers={"Content-Type": "application/json"})


def test_ten_thousand_invalid_plays_refused_before_they_are_read(client, card_reads):
    plays = [{"seat": n % 4, "cards": ["XX"]} for n in range(8_000)]
    r = post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": plays})
    body = assert_problem(r, 422, "/plays")
    assert body["errors"] == [{"pointer": "/plays", "detail": "Length must be between 1 and 12."}]
    assert card_reads["n"] == 0 and len(r.data) < 1024


def test_forty_thousand_bad_cards_refused_before_they_are_read(client, card_reads):
    r = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["X"] * 40_000, "play": ["AS"]})
    assert_problem(r, 422, "/hand")
    assert card_reads["n"] == 0 and len(r.data) < 1024


def test_a_list_stops_reading_after_a_bounded_number_of_errors(client, card_reads):
    """Items read: the same for 40 bad cards as for 400 (the fast loader's try and marshmallow's, each
    stopping at MAX_ITEM_ERRORS; the door hands its error to Flask, which does not load again)."""
    post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["XX"] * 40, "play": ["AS"]})
    few, card_reads["n"] = card_reads["n"], 0
    r = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": ["XX"] * 400, "play": ["AS"]})
    body = assert_problem(r, 422)
    assert card_reads["n"] == few == 2 * bounds.MAX_ITEM_ERRORS
    assert [e["pointer"] for e in body["errors"]] == [f"/hand/{i}" for i in range(bounds.MAX_ITEM_ERRORS)]


def test_a_problem_document_is_bounded(client):
    """Every one of 12 plays with bad cards in every place: at most 20 errors, each detail cut."""
    plays = [{"seat": n % 4, "cards": ["Y" * 20_000, *["XX"] * 11]} for n in range(12)]
    r = post(client, "/v1/tricks/winner", {**QQ_HEARTS, "plays": plays})
    body = assert_problem(r, 422)
    assert len(body["errors"]) == 20
    assert all(len(e["detail"]) <= 300 for e in body["errors"]) and len(body["detail"]) <= 300
    assert len(r.data) < 16 * 1024


def test_the_same_message_as_before_for_a_list_too_long(client):
    hand = ["AS"] * 433
    r = post(client, "/v1/plays/validate", {**QQ_HEARTS, "hand": hand, "play": ["AS"]})
    assert_problem(r, 422, "/hand")
    assert r.get_json()["errors"] == [{"pointer": "/hand", "detail": "Longer than maximum length 432."}]


def test_every_list_a_request_can_send_is_the_bounded_list():
    """No request schema reads a list through marshmallow's own List (which reads every item first)."""
    import importlib
    import pkgutil

    from marshmallow import fields as mm_fields

    import schemas
    from schemas.base import RequestSchema

    for module in pkgutil.iter_modules(schemas.__path__):
        importlib.import_module(f"schemas.{module.name}")

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    def lists(field, path, seen):
        if isinstance(field, mm_fields.List):
            yield path, field
            yield from lists(field.inner, path + ("[]",), seen)
        elif isinstance(field, mm_fields.Nested):
            nested = field.schema
            if type(nested) not in seen:
                seen.add(type(nested))
                for name, inner in nested.fields.items():
                    yield from lists(inner, path + (name,), seen)

    found = 0
    for cls in subclasses(RequestSchema):
        for name, field in cls().fields.items():
            for path, lst in lists(field, (cls.__name__, name), set()):
                found += 1
                assert isinstance(lst, bounds.List), "/".join(path)
    assert found > 20
