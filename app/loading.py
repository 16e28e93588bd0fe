"""The POST hot path: a request body loaded by a schema built once, an answer encoded once.

What webargs did per request (build the schema object, parse, frame errors) is done here with a
schema instance made at start-up, and with webargs' error framing, so the problem documents do not
change: 422 with one pointer per field problem.  The body is read and parsed by :mod:`app.body`
(size limit for Content-Length and chunked bodies, framing, nesting depth, strict UTF-8, lone
surrogates, number limits), as the strict webargs parser (``app.extensions.StrictParser``) and the
cache at the door read it: 413/400/408, a 400 naming the body (pointer ``""``) and what is wrong.  flask-smorest still documents the operation (its decorators are applied for the spec,
see :meth:`app.extensions.Blueprint.post_json`); its per-request dump through the response schema
is replaced by JSON-encoding the answer built from engine values (the response schemas still
generate the spec, and the tests check every answer against them).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, current_app, request
from marshmallow import Schema, ValidationError
from webargs.flaskparser import abort

from schemas.fastload import compile_loader

from . import body, door, i18n
from .encoding import encode

JSON_MIME = "application/json"
_parse = body.parse  # the one JSON parser of request bodies (a module attribute: tests check hits never call it)


def json_response(body: bytes, cache: str | None = None) -> Response:
    response = Response(body, mimetype=JSON_MIME)
    if cache is not None:
        response.headers["X-Cache"] = cache
    return response


class BodyLoader:
    """Loads ``request``'s JSON body with one schema instance, as webargs' ``use_args`` would.

    :meth:`load` takes the fast path of :mod:`schemas.fastload` when it is sure of the body, and
    marshmallow otherwise (which answers every error).
    """

    def __init__(self, schema: type[Schema] | Schema):
        self.schema = schema() if isinstance(schema, type) else schema
        self.fast = compile_loader(self.schema)

    def load(self, data: Any) -> Any:
        """``data`` loaded as ``self.schema.load`` would (raises what it raises)."""
        if self.fast is not None:
            loaded = self.fast(data)
            if loaded is not None:
                return loaded
        return self.schema.load(data)

    def __call__(self) -> Any:
        failed = request.environ.pop(door.LOAD_FAILED, None)
        data: Any = {}
        if failed is None and request.mimetype == JSON_MIME:
            raw = body.read(request.environ, current_app.config["MAX_CONTENT_LENGTH"])
            if raw:
                data = _parse(raw)
        try:
            if failed is not None:
                raise failed
            return self.load(data)
        except ValidationError as error:
            error.messages = {"json": error.messages}
            abort(422, exc=error, messages=error.messages, schema=self.schema, headers=None)


def picture(pictures: dict[str, Callable[[Any], str]] | None, data: Any) -> Response | None:
    """The answer as a picture (:mod:`app.pictures`) when ``Accept`` prefers one of ``pictures``'
    media types to JSON (JSON wins a tie, so ``*/*`` is JSON), else None."""
    if not pictures:
        return None
    best = request.accept_mimetypes.best_match([JSON_MIME, *pictures])
    if best is None or best == JSON_MIME:
        return None
    response = Response(pictures[best](data), mimetype=best)
    response.vary.add("Accept")
    return response


def varies(response: Response, pictures: dict | None) -> Response:
    """A JSON answer of an endpoint that also answers pictures depends on ``Accept`` too."""
    if pictures:
        response.vary.add("Accept")
    return response


def json_view(schema: type[Schema] | Schema, func: Callable[[Any], dict], cached: str | None,
              pictures: dict[str, Callable[[Any], str]] | None = None) -> Callable:
    """A view: load the body, call ``func``, answer its dict as JSON (through the answer cache if
    ``cached``), or as one of ``pictures`` when ``Accept`` asks for it (never cached)."""
    load = BodyLoader(schema)

    if cached is None:
        def view():
            data = load()
            return picture(pictures, data) or varies(json_response(encode(func(data))), pictures)
        view.load = load
        return view

    answer = localized(func)

    def cached_view():
        data = load()
        shown = picture(pictures, data)
        if shown is not None:
            return shown
        environ = request.environ
        failed = environ.pop(door.FAILED, None)
        if failed is not None:
            raise failed
        cache = current_app.extensions["answer_cache"]
        bypass = "no-cache" in environ.get("HTTP_CACHE_CONTROL", "").lower()
        language = environ.get(door.LANGUAGE) or i18n.negotiate(environ.get("HTTP_ACCEPT_LANGUAGE"))
        body, result = cache.answer(cached, data, lambda: encode(answer(data, language)), bypass=bypass,
                                    language=language, raw=environ.get(door.RAW_KEY))
        return varies(json_response(body, result), pictures)
    cached_view.load = load
    cached_view.answer = answer
    return cached_view


def localized(func: Callable[[Any], dict]) -> Callable[[Any, str], dict]:
    """``func``'s answer with its messages in the language given (no Flask request context needed)."""
    def answer(data: Any, language: str) -> dict:
        return i18n.localize(func(data), language)
    return answer
