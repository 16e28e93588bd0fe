"""The cache at the door: WSGI middleware in front of Flask that answers repeated questions.

For a ``POST`` to a cached endpoint (``plays/validate``, ``plays/legal``, ``tricks/winner``) the
door reads the body's bytes and looks up
``<prefix>:<engine version and fingerprint>:<endpoint>:raw:<answer language>:<sha256 of the body>``.
A hit is answered from the stored bytes as they are: no JSON parsing, no schema, no engine, no
serialization, no Flask.  It still carries ``X-Cache: hit`` and ``X-Request-ID``, and it is
counted in the same metrics as any other answer (requests, latency, cache results).

Everything else goes on to Flask unchanged (the body is handed on in memory): a miss, a request
with ``Cache-Control: no-cache`` (``bypass``), another media type (415), a body over the limit
(413), a chunked body.  After a miss is loaded, the view looks up the canonical key (so reordered
cards share an answer) and stores a computed answer under both keys.  Only 200 answers of these
deterministic endpoints are ever stored: an error is raised before anything is stored.
"""
from __future__ import annotations

import io
import re
import time
import uuid
from typing import Any, Callable, NamedTuple

from marshmallow import Schema

from . import metrics
from .cache import BYPASS, HIT, MISS, AnswerCache
from .encoding import decode as _decode
from .encoding import encode

# Path -> route, filled by ``Blueprint.post_json(..., cached=name)``.
CACHED_PATHS: dict[str, "Route"] = {}

RAW_KEY = "tractor.raw_key"
LANGUAGE = "tractor.language"

# Answer languages; the first is the default.  Accept-Language picks one (RFC 9110 section 12.5.4).
LANGUAGES = ("en", "zh-CN")
_PRIMARY = {"en": "en", "zh": "zh-CN"}
_LANGUAGE_MEMO: dict[str, str] = {}
_LANGUAGE_MEMO_SIZE = 1024


def answer_language(header: str | None) -> str:
    """The normalised answer language for an ``Accept-Language`` value (``en`` or ``zh-CN``).

    The supported language with the highest q wins (the first one listed on a tie); ``*`` and
    anything unsupported mean the default.  Spelling, case, spaces and unsupported tags do not
    change the result, so they do not split the cache.
    """
    if not header:
        return LANGUAGES[0]
    found = _LANGUAGE_MEMO.get(header)
    if found is None:
        found = _negotiate(header)
        if len(_LANGUAGE_MEMO) < _LANGUAGE_MEMO_SIZE:
            _LANGUAGE_MEMO[header] = found
    return found


def _negotiate(header: str) -> str:
    best, best_q = LANGUAGES[0], 0.0
    for item in header.split(","):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        params = params.strip().lower()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                continue
        language = _PRIMARY.get(tag.strip().lower().split("-")[0])
        if language is not None and q > best_q and q > 0:
            best, best_q = language, q
    return best


class Route(NamedTuple):
    """A cached endpoint: its cache name, its request schema (built once) and its answer function."""

    endpoint: str
    schema: Schema
    answer: Callable[[Any], dict]


class Door:
    """WSGI middleware: answers the cached endpoints' well-formed requests before Flask sees them.

    A hit costs a digest and a look-up.  A miss (or a bypass) that loads cleanly is computed here
    too, with the same schema and answer function as the Flask view, and stored under both keys.
    Anything else goes to Flask with the body in memory, which answers it exactly as before
    (its problem document, its logging): a body that does not load, an engine error, another
    media type, a body over the limit, a chunked body.
    """

    def __init__(self, wsgi_app: Callable, cache: AnswerCache, *, max_length: int | None,
                 request_id: re.Pattern, routes: dict[str, Route] | None = None):
        self.wsgi_app = wsgi_app
        self.cache = cache
        self.max_length = max_length
        self.request_id = request_id
        self.routes = CACHED_PATHS if routes is None else routes
        self._children: dict[str, tuple[Any, Any]] = {}

    def __call__(self, environ: dict, start_response: Callable) -> Any:
        route = self.routes.get(environ.get("PATH_INFO", ""))
        if route is None or environ.get("REQUEST_METHOD") != "POST":
            return self.wsgi_app(environ, start_response)
        started = time.perf_counter()
        body = self._body(environ)
        if body is None:
            return self.wsgi_app(environ, start_response)
        endpoint, cache = route.endpoint, self.cache
        language = environ[LANGUAGE] = answer_language(environ.get("HTTP_ACCEPT_LANGUAGE"))
        if "no-cache" in environ.get("HTTP_CACHE_CONTROL", "").lower():
            answer = self._compute(route, body)
            if answer is None:
                return self.wsgi_app(environ, start_response)
            cache.count(endpoint, BYPASS)
            return self._send(environ, start_response, answer[1], BYPASS, started)
        key = environ[RAW_KEY] = cache.raw_key(endpoint, body, language)
        stored = cache.get(endpoint, key)
        if stored is not None:
            cache.count(endpoint, HIT)
            return self._send(environ, start_response, stored, HIT, started)
        try:
            data = route.schema.load(_decode(body.decode()) if body else {})
        except Exception:
            return self.wsgi_app(environ, start_response)
        canonical = cache.canonical_key(endpoint, data, language)
        stored = cache.get(endpoint, canonical)
        if stored is not None:
            cache.count(endpoint, HIT)
            cache.put(endpoint, (key,), stored)
            return self._send(environ, start_response, stored, HIT, started)
        try:
            answer_bytes = encode(route.answer(data))
        except Exception:
            return self.wsgi_app(environ, start_response)
        cache.count(endpoint, MISS)
        cache.put(endpoint, (canonical, key), answer_bytes)
        return self._send(environ, start_response, answer_bytes, MISS, started)

    @staticmethod
    def _compute(route: Route, body: bytes) -> tuple[Any, bytes] | None:
        """Load and answer; None when anything fails (Flask then answers the request properly)."""
        try:
            data = route.schema.load(_decode(body.decode()) if body else {})
            return data, encode(route.answer(data))
        except Exception:
            return None

    def _send(self, environ: dict, start_response: Callable, body: bytes, result: str, started: float) -> list:
        given = environ.get("HTTP_X_REQUEST_ID", "")
        start_response("200 OK", [
            ("Content-Type", "application/json"), ("Content-Length", str(len(body))),
            ("X-Request-ID", given if self.request_id.match(given) else uuid.uuid4().hex), ("X-Cache", result)])
        rule = environ["PATH_INFO"]
        children = self._children.get(rule)
        if children is None:
            children = self._children[rule] = metrics.request_children(rule, "POST", "200")
        children[0].inc()
        children[1].observe(time.perf_counter() - started)
        return [body]

    def _body(self, environ: dict) -> bytes | None:
        """The body's bytes, handed on to Flask in memory; None when Flask must see the request as sent."""
        mimetype = environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
        if mimetype != "application/json" or environ.get("HTTP_TRANSFER_ENCODING"):
            return None
        try:
            length = int(environ.get("CONTENT_LENGTH") or "")
        except ValueError:
            return None
        if length < 0 or (self.max_length is not None and length > self.max_length):
            return None
        body = environ["wsgi.input"].read(length) if length else b""
        environ["wsgi.input"] = io.BytesIO(body)
        return body if len(body) == length else None
