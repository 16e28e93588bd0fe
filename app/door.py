"""The cache at the door: WSGI middleware in front of Flask that answers repeated questions.

For a ``POST`` to a cached endpoint (``plays/validate``, ``plays/legal``, ``tricks/winner``,
``hands/state``) the door reads the body with :func:`app.body.read` (the size limit for
Content-Length and chunked bodies, framing errors, the read timeout: the very read the Flask view
would do, kept in the environ for it) and looks up
``<prefix>:<engine version and fingerprint>:<endpoint>:raw:<answer language>:<sha256 of the body>``.
A hit is answered from the stored bytes as they are: no JSON parsing, no schema, no engine, no
serialization, no Flask.  It still carries ``X-Cache: hit`` and ``X-Request-ID``, the CORS
headers, ``Content-Language`` and ``Vary`` exactly as Flask's ``after_request`` adds them (both
build them with :func:`app.edge.answer_headers`), and it is counted in the same metrics as any
other answer (requests, latency, cache results).  The answer language is the one
:func:`app.i18n.negotiate` picks from ``Accept-Language``, so a key's language is its answer's.

A hit needs a body that was read completely under those rules; only bodies that parsed
(:func:`app.body.parse`: depth, strict UTF-8, surrogates, number limits) and loaded cleanly were
ever stored, and the same bytes always parse the same way, so a body that would be rejected never
meets a stored answer.  Misses and bypasses are parsed with :func:`app.body.parse` and loaded by
the view's schema here.  Everything else goes on to Flask (the body's outcome kept in the environ,
so Flask answers exactly as without the door: the same problem document, status, pointer and
language): another media type (415), a body that cannot be read (413, 400, 408), a body that does
not parse or load (400, 422), an engine error.  Only 200 answers of these deterministic endpoints
are ever stored: an error is raised before anything is stored.
"""
from __future__ import annotations

import io
import re
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from werkzeug.exceptions import HTTPException

from . import body as bodies
from . import edge, metrics, shed
from .cache import HIT, AnswerCache
from .edge import new_request_id
from .encoding import encode
from .i18n import negotiate

# Path -> route, filled by ``Blueprint.post_json(..., cached=name)``.
CACHED_PATHS: dict[str, Route] = {}
# Path -> the picture media types it also answers (``Blueprint.post_json(..., pictures=...)``): a request
# whose Accept names one goes to Flask, which negotiates (pictures are never cached).
PICTURE_TYPES: dict[str, tuple[str, ...]] = {}

RAW_KEY = "tractor.raw_key"
_parse = bodies.parse  # the one JSON parser of request bodies (a module attribute: tests check hits never call it)
# The answer language, negotiated once by :func:`app.i18n.negotiate` (Flask's hooks read it too).
LANGUAGE = "tractor.language"
FAILED = "tractor.failed"            # the exception the door's answer raised, for Flask's view to re-raise
LOAD_FAILED = "tractor.load_failed"  # the exception parsing or loading the body raised, likewise


class Route(NamedTuple):
    """A cached endpoint: its cache name, its request loader and its answer function.

    ``load(data)``: the parsed body loaded as its schema would (raises what the schema raises);
    ``answer(data, language)``: the answer in ``language``, without a Flask request context.
    """

    endpoint: str
    load: Callable[[Any], Any]
    answer: Callable[[Any, str], dict]


class Door:
    """WSGI middleware: answers the cached endpoints' well-formed requests before Flask sees them.

    A hit costs a digest and a look-up.  A miss (or a bypass) that loads cleanly is computed here
    too, with the same schema and answer function as the Flask view, and stored under both keys.
    Anything else goes to Flask with the body's outcome in the environ, which answers it exactly
    as without the door (its problem document, its logging): a body that cannot be read, does not
    parse or does not load, an engine error, another media type.
    """

    def __init__(self, wsgi_app: Callable, cache: AnswerCache, *, max_length: int | None,
                 request_id: re.Pattern, origins: tuple[str, ...] = (), routes: dict[str, Route] | None = None):
        self.wsgi_app = wsgi_app
        self.origins = tuple(origins)
        self.cache = cache
        self.max_length = max_length
        self.request_id = request_id
        self.routes = CACHED_PATHS if routes is None else routes

    def __call__(self, environ: dict, start_response: Callable) -> Any:
        path = environ.get("PATH_INFO", "")
        route = self.routes.get(path)
        if route is None or environ.get("REQUEST_METHOD") != "POST":
            return self.wsgi_app(environ, start_response)
        if path in PICTURE_TYPES and any(t in environ.get("HTTP_ACCEPT", "") for t in PICTURE_TYPES[path]):
            return self.wsgi_app(environ, start_response)
        started = time.perf_counter()
        body = self._body(environ)
        if body is None:
            return self._to_flask(environ, start_response)
        endpoint, cache = route.endpoint, self.cache
        language = environ[LANGUAGE] = negotiate(environ.get("HTTP_ACCEPT_LANGUAGE"))
        bypass = "no-cache" in environ.get("HTTP_CACHE_CONTROL", "").lower()
        key = None
        if not bypass:
            key = environ[RAW_KEY] = cache.raw_key(endpoint, body, language)
            stored = cache.get(endpoint, key)
            if stored is not None:
                cache.count(endpoint, HIT)
                return self._send(environ, start_response, stored, HIT, started, language)
        try:
            data = shed.timed(lambda: route.load(_parse(body) if body else {}))
        except Exception as error:
            # Flask answers it from this very error, without parsing and loading the body again
            environ[LOAD_FAILED] = error
            return self._to_flask(environ, start_response, body)
        try:
            answer, result = cache.answer(endpoint, data, lambda: shed.timed(encode, route.answer(data, language)),
                                          bypass=bypass, language=language, raw=key)
        except Exception as error:
            # Flask answers the error from the engine's own exception, without computing it again
            environ[FAILED] = error
            return self._to_flask(environ, start_response, body)
        return self._send(environ, start_response, answer, result, started, language)

    def _to_flask(self, environ: dict, start_response: Callable, body: bytes | None = None) -> Any:
        """Flask answers the request (the body's outcome is in the environ; its bytes, when they were
        read, replace the stream for anything else that reads ``wsgi.input``)."""
        if body is not None:
            environ["wsgi.input"] = io.BytesIO(body)
        return self.wsgi_app(environ, start_response)

    def _send(self, environ: dict, start_response: Callable, body: bytes, result: str, started: float,
              language: str) -> list:
        """A 200 with the headers Flask's ``after_request`` would add (:func:`app.edge.answer_headers`)."""
        given = environ.get("HTTP_X_REQUEST_ID", "")
        headers = edge.answer_headers(environ.get("HTTP_ORIGIN"), self.origins, language)
        if environ["PATH_INFO"] in PICTURE_TYPES:      # the answer also depends on Accept (a picture or JSON)
            headers = tuple((k, f"{v}, Accept" if k == "Vary" else v) for k, v in headers)
        start_response("200 OK", [
            ("Content-Type", "application/json"), ("Content-Length", str(len(body))),
            ("X-Request-ID", given if self.request_id.match(given) else new_request_id()), ("X-Cache", result),
            *headers])
        requests, latency = metrics.request_children(environ["PATH_INFO"], "POST", "200")
        metrics.count(requests)
        metrics.observe(latency, time.perf_counter() - started)
        return [body]

    def _body(self, environ: dict) -> bytes | None:
        """The body's bytes, read by :func:`app.body.read` under the limits; None when Flask must answer.

        The outcome (bytes or error) stays in the environ, where the Flask view finds it.
        """
        mimetype = environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
        if mimetype != "application/json":
            return None
        try:
            body = bodies.read(environ, self.max_length)
        except HTTPException:
            return None
        return body
