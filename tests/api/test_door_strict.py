"""The cache at the door reads bodies as strictly as Flask: the same limits, the same problems, no cached 200 for them."""
from __future__ import annotations

import io
import json
import re

import pytest
from werkzeug.test import EnvironBuilder

from app import create_app
from app.body import BODY_KEY, CLOSE_KEY, MAX_BODY
from schemas.fields import _CARD, FAST_CARDS, exact

from .helpers import QQ_HEARTS

VALIDATE = {**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D", "9S"], "play": ["KS", "KS"], "lead": ["QS", "QS"]}
LEGAL = {**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D"], "lead": ["QS", "7S"]}
TRICK = {**QQ_HEARTS, "plays": [{"seat": 0, "cards": ["5S", "5S"]}, {"seat": 1, "cards": ["KS", "KS"]}]}
CACHED = {"/v1/plays/validate": VALIDATE, "/v1/plays/legal": LEGAL, "/v1/tricks/winner": TRICK}
HAN = re.compile(r"[\u4e00-\u9fff]")


def good(path: str) -> bytes:
    return json.dumps(CACHED[path]).encode()


def hostile(path: str) -> list[tuple[str, bytes, int]]:
    body = good(path)
    inner = body[1:]
    first = next(k for k in ("hand", "plays") if k in CACHED[path])
    spaced = json.loads(body)
    if first == "hand":
        spaced["hand"][0] = " AS "
    else:
        spaced["plays"][0]["cards"][0] = "5S\n"
    return [
        ("deep", b"[" * 5000 + b"]" * 5000, 400),
        ("deep-in-a-field", b'{"rules":' + b"[" * 40 + b"]" * 40 + b"," + inner, 400),
        ("lone-surrogate", body.replace(b'"AS"', b'"\\ud800"').replace(b'"5S"', b'"\\udfff"'), 400),
        ("lone-surrogate-key", b'{"\\ud800": 1,' + inner, 400),
        ("huge-integer", b'{"x": ' + b"7" * 5000 + b"," + inner, 400),
        ("nan", b'{"x": NaN,' + inner, 400),
        ("float-overflow", b'{"x": 1e400,' + inner, 400),
        ("invalid-utf8", b'{"x": "\xff",' + inner, 400),
        ("encoded-surrogate", b'{"x": "\xed\xa0\x80",' + inner, 400),
        ("bom", b"\xef\xbb\xbf" + body, 400),
        ("truncated", body[:-1], 400),
        ("card-with-spaces", json.dumps(spaced).encode(), 422),
        ("fraction-for-an-integer", body[:-1] + b', "seat": 1.5}', 422),
        ("over-the-limit", b'{"x": "' + b"a" * MAX_BODY + b'"}', 413),
    ]


def environ_for(path: str, body: bytes, *, chunked: bool = False, stream=None, **headers) -> dict:
    environ = EnvironBuilder(path=path, method="POST", data=body, content_type="application/json",
                             headers=headers).get_environ()
    if chunked:
        del environ["CONTENT_LENGTH"]
        environ["HTTP_TRANSFER_ENCODING"] = "chunked"
        environ["wsgi.input_terminated"] = True
    if stream is not None:
        environ["wsgi.input"] = stream
    return environ


def call(wsgi, environ: dict) -> tuple[int, dict, bytes]:
    """One request through ``wsgi`` with this very environ (to look at what the app left in it)."""
    started = []
    app_iter = wsgi(environ, lambda status, headers, exc_info=None: started.append((status, headers)))
    try:
        data = b"".join(app_iter)
    finally:
        getattr(app_iter, "close", lambda: None)()
    status, headers = started[-1]
    return int(status.split()[0]), dict(headers), data


def comparable(status: int, headers: dict, data: bytes) -> tuple:
    return status, headers.get("Content-Type"), headers.get("Content-Language"), json.loads(data)


@pytest.fixture
def app():
    return create_app({})


@pytest.mark.parametrize("path", list(CACHED))
@pytest.mark.parametrize("language", [None, "zh-CN"])
@pytest.mark.parametrize("chunked", [False, True])
def test_hostile_bodies_at_the_door_get_flasks_problem_and_are_never_stored(app, path, language, chunked):
    headers = {"Accept-Language": language} if language else {}
    flask_only = app.wsgi_app.wsgi_app
    for name, body, status in hostile(path):
        for _ in range(2):  # the second time too: nothing was stored the first
            at_door = call(app, environ_for(path, body, chunked=chunked, **headers))
            in_flask = call(flask_only, environ_for(path, body, chunked=chunked, **headers))
            assert at_door[0] == status, (name, at_door)
            assert "X-Cache" not in at_door[1], name
            assert comparable(*at_door) == comparable(*in_flask), name
            problem = json.loads(at_door[2])
            assert at_door[1]["Content-Type"] == "application/problem+json" and problem["status"] == status
            if status == 400:
                assert problem["errors"] == [{"pointer": "", "detail": problem["detail"]}], name
            if language:
                assert HAN.search(problem["detail"]) and HAN.search(problem["title"]), (name, problem)
    assert not app.extensions["answer_cache"].store._data


@pytest.mark.parametrize("path", list(CACHED))
def test_chunked_bodies_are_read_at_the_door_and_hit(app, path):
    first = call(app, environ_for(path, good(path), chunked=True))
    again = call(app, environ_for(path, good(path), chunked=True))
    sized = call(app, environ_for(path, good(path)))
    assert [r[1]["X-Cache"] for r in (first, again, sized)] == ["miss", "hit", "hit"]
    assert first[2] == again[2] == sized[2]


class Broken(io.BytesIO):
    """A stream that gives some bytes, then fails as gunicorn's readers fail (bad framing, a stall)."""

    def __init__(self, data: bytes, error: Exception):
        super().__init__(data)
        self.error = error

    def read(self, size=-1):
        part = super().read(min(size, 10) if size and size > 0 else 10)
        if not part:
            raise self.error
        return part


@pytest.mark.parametrize("error, status", [(ValueError("Invalid chunk size"), 400), (TimeoutError(), 408)])
@pytest.mark.parametrize("chunked", [False, True])
def test_a_stored_answer_is_never_sent_for_a_body_that_cannot_be_read(app, error, status, chunked):
    """The body's bytes would hit, but the read fails: the read's problem, the connection closed, no hit."""
    path = "/v1/plays/validate"
    assert call(app, environ_for(path, good(path)))[1]["X-Cache"] == "miss"
    assert call(app, environ_for(path, good(path)))[1]["X-Cache"] == "hit"
    environ = environ_for(path, good(path), chunked=chunked, stream=Broken(good(path), error))
    if not chunked:
        environ["CONTENT_LENGTH"] = str(len(good(path)) + 5)  # more is promised than comes
    answer = call(app, environ)
    assert answer[0] == status and answer[1]["Content-Type"] == "application/problem+json", answer
    assert "X-Cache" not in answer[1]
    assert environ[CLOSE_KEY] is True and environ[BODY_KEY].code == status


def test_a_short_body_is_a_400_not_a_hit(app):
    path = "/v1/plays/validate"
    call(app, environ_for(path, good(path)))
    environ = environ_for(path, good(path))
    environ["CONTENT_LENGTH"] = str(len(good(path)) + 1)
    answer = call(app, environ)
    assert answer[0] == 400 and "X-Cache" not in answer[1]


def test_a_declared_length_over_the_limit_is_a_413_without_reading(app):
    path = "/v1/plays/validate"
    call(app, environ_for(path, good(path)))

    class Untouched(io.BytesIO):
        def read(self, size=-1):
            raise AssertionError("a body declared over the limit must not be read")

    environ = environ_for(path, good(path), stream=Untouched())
    environ["CONTENT_LENGTH"] = str(MAX_BODY + 1)
    answer = call(app, environ)
    assert answer[0] == 413 and json.loads(answer[2])["status"] == 413


def test_the_fast_card_table_holds_only_spellings_the_spec_allows():
    assert FAST_CARDS and all(exact(_CARD, spelling) for spelling in FAST_CARDS)
    for odd in (" AS", "AS ", "AS\n", "\tAS", " 10H", "10 H", "A S"):
        assert odd not in FAST_CARDS


def test_cards_with_spaces_fall_to_the_strict_path_on_every_cached_endpoint(client):
    for path, body in CACHED.items():
        key = "hand" if "hand" in body else "plays"
        bad = json.loads(json.dumps(body))
        if key == "hand":
            bad["hand"][1] = "KS "
            pointer = "/hand/1"
        else:
            bad["plays"][1]["cards"][0] = " KS"
            pointer = "/plays/1/cards/0"
        for headers in ({}, {"Cache-Control": "no-cache"}):
            r = client.post(path, json=bad, headers=headers)
            assert r.status_code == 422 and pointer in [e["pointer"] for e in r.get_json()["errors"]], r.get_json()
