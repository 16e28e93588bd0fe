"""The cache at the door: WSGI middleware in front of Flask that answers repeated questions.

For a ``POST`` to a cached endpoint (``plays/validate``, ``plays/legal``, ``tricks/winner``) the
door reads the body's bytes and looks up
``<prefix>:<engine version and fingerprint>:<endpoint>:raw:<answer language>:<sha256 of the body>``.
A hit is answered from the stored bytes as they are: no JSON parsing, no schema, no engine, no
serialization, no Flask.  It still carries ``X-Cache: hit`` and ``X-Request-ID``, the CORS
headers, ``Content-Language`` and ``Vary`` exactly as Flask's ``after_request`` adds them (both
build them with :func:`app.edge.answer_headers`), and it is counted in the same metrics as any
other answer (requests, latency, cache results).  The answer language is the one
:func:`app.i18n.negotiate` picks from ``Accept-Language``, so a key's language is its answer's.

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
from collections.abc import Callable
from typing import Any, NamedTuple

from marshmallow import Schema

from . import edge, metrics
from .cache import BYPASS, HIT, MISS, AnswerCache
from .encoding import decode as _decode
from .encoding import encode
from .i18n import negotiate

# Path -> route, filled by ``Blueprint.post_json(..., cached=name)``.
CACHED_PATHS: dict[str, Route] = {}

RAW_KEY = "tractor.raw_key"
# The answer language, negotiated once by :func:`app.i18n.negotiate` (Flask's hooks read it too).
LANGUAGE = "tractor.language"


class Route(NamedTuple):
    """A cached endpoint: its cache name, its request schema (built once) and its answer function.

    ``answer(data, language)``: the answer in ``language``, without a Flask request context.
    """

    endpoint: str
    schema: Schema
    answer: Callable[[Any, str], dict]


class Door:
    """WSGI middleware: answers the cached endpoints' well-formed requests before Flask sees them.

    A hit costs a digest and a look-up.  A miss (or a bypass) that loads cleanly is computed here
    too, with the same schema and answer function as the Flask view, and stored under both keys.
    Anything else goes to Flask with the body in memory, which answers it exactly as before
    (its problem document, its logging): a body that does not load, an engine error, another
    media type, a body over the limit, a chunked body.
    """

    def __init__(self, wsgi_app: Callable, cache: AnswerCache, *, max_length: int | None,
                 request_id: re.Pattern, origins: tuple[str, ...] = (), routes: dict[str, Route] | None = None):
        self.wsgi_app = wsgi_app
        self.origins = tuple(origins)
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
        language = environ[LANGUAGE] = negotiate(environ.get("HTTP_ACCEPT_LANGUAGE"))
        if "no-cache" in environ.get("HTTP_CACHE_CONTROL", "").lower():
            answer = self._compute(route, body, language)
            if answer is None:
                return self.wsgi_app(environ, start_response)
            cache.count(endpoint, BYPASS)
            return self._send(environ, start_response, answer[1], BYPASS, started, language)
        key = environ[RAW_KEY] = cache.raw_key(endpoint, body, language)
        stored = cache.get(endpoint, key)
        if stored is not None:
            cache.count(endpoint, HIT)
            return self._send(environ, start_response, stored, HIT, started, language)
        try:
            data = route.schema.load(_decode(body.decode()) if body else {})
        except Exception:
            return self.wsgi_app(environ, start_response)
        canonical = cache.canonical_key(endpoint, data, language)
        stored = cache.get(endpoint, canonical)
        if stored is not None:
            cache.count(endpoint, HIT)
            cache.put(endpoint, (key,), stored)
            return self._send(environ, start_response, stored, HIT, started, language)
        try:
            answer_bytes = encode(route.answer(data, language))
        except Exception:
            return self.wsgi_app(environ, start_response)
        cache.count(endpoint, MISS)
        cache.put(endpoint, (canonical, key), answer_bytes)
        return self._send(environ, start_response, answer_bytes, MISS, started, language)

    @staticmethod
    def _compute(route: Route, body: bytes, language: str) -> tuple[Any, bytes] | None:
        """Load and answer; None when anything fails (Flask then answers the request properly)."""
        try:
            data = route.schema.load(_decode(body.decode()) if body else {})
            return data, encode(route.answer(data, language))
        except Exception:
            return None

    def _send(self, environ: dict, start_response: Callable, body: bytes, result: str, started: float,
              language: str) -> list:
        """A 200 with the headers Flask's ``after_request`` would add (:func:`app.edge.answer_headers`)."""
        given = environ.get("HTTP_X_REQUEST_ID", "")
        start_response("200 OK", [
            ("Content-Type", "application/json"), ("Content-Length", str(len(body))),
            ("X-Request-ID", given if self.request_id.match(given) else uuid.uuid4().hex), ("X-Cache", result),
            *edge.answer_headers(environ.get("HTTP_ORIGIN"), self.origins, language)])
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
