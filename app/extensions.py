"""flask-smorest customised once: problem+json errors and their documentation."""
from __future__ import annotations

import functools
from http import HTTPStatus

import flask_smorest
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import current_app
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from schemas.common import ProblemSchema

from . import body
from .door import CACHED_PATHS, PICTURE_TYPES, Route
from .loading import json_view
from .problems import PROBLEM_MIME, from_http_exception

BODY_ERRORS = (400, 413, 415, 422)
X_CACHE = {"X-Cache": {"description": "`hit`: from the cache; `miss`: computed and stored; `bypass`: computed "
                                      "because the request said `Cache-Control: no-cache`, not stored.",
                       "schema": {"type": "string", "enum": ["hit", "miss", "bypass"]}}}
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before trying this instance again.",
                               "schema": {"type": "integer", "minimum": 1}}}
X_WORK = {"X-Work": {"description": "The milliseconds of work this answer cost the service, rounded up (0 for a "
                                    "cache hit). The edge counts it against the client's work per second: "
                                    "answers that bypass or miss the cache cost what they cost (docs/operations.md).",
                     "schema": {"type": "integer", "minimum": 0}}}


RESPONSE_DESCRIPTIONS = {
    503: "Service Unavailable: this instance is saturated and answered at once instead of queueing; the "
         "`Retry-After` header says when to try again (behind the edge, another instance is tried first).",
    400: "Bad Request: the body is not JSON this service accepts (not UTF-8, malformed, nested deeper than "
         "32 levels, a number out of range, a lone surrogate escape, or an object that names a member twice: "
         "the service never guesses which of two values was meant).",
}


def resolver(schema) -> str:
    """Component names: the class name without its ``Schema`` suffix."""
    name = (schema if isinstance(schema, type) else type(schema)).__name__
    return name.removesuffix("Schema") or name


class Api(flask_smorest.Api):
    ERROR_SCHEMA = ProblemSchema

    def __init__(self, app=None, **kwargs):
        kwargs.setdefault("spec_kwargs", {})["marshmallow_plugin"] = MarshmallowPlugin(schema_name_resolver=resolver)
        super().__init__(app, **kwargs)

    def _register_responses(self):
        for status in [*BODY_ERRORS, 404, 405, 503]:
            self.spec.components.response(HTTPStatus(status).name, {
                "description": RESPONSE_DESCRIPTIONS.get(status, HTTPStatus(status).phrase),
                "content": {PROBLEM_MIME: {"schema": self.ERROR_SCHEMA}},
                **({"headers": RETRY_AFTER} if status == 503 else {}),
            }, lazy=True)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, {
            "description": "An error, as an RFC 9457 problem document.",
            "content": {PROBLEM_MIME: {"schema": self.ERROR_SCHEMA}},
        }, lazy=True)

    def handle_http_exception(self, error):
        return from_http_exception(error)


class StrictParser(FlaskParser):
    """JSON bodies read and parsed by :mod:`app.body`: size, framing, depth, UTF-8 and number limits."""

    def _raw_load_json(self, req):
        if not is_json_request(req):
            return core.missing
        raw = body.read(req.environ, current_app.config["MAX_CONTENT_LENGTH"])
        return body.parse(raw) if raw else core.missing


class Blueprint(flask_smorest.Blueprint):
    # Any webargs parsing left (the POST views themselves load through app.loading) reads strictly too.
    ARGUMENTS_PARSER = StrictParser()

    def post_json(self, rule: str, request, response, *, example_in: dict | None = None,
                  example_out: dict | None = None, examples: dict | None = None, cached: str | None = None,
                  pictures: dict | None = None):
        """A JSON POST endpoint: its body schema, its answer, and its documented errors.

        flask-smorest's decorators document the operation (the spec is generated as before); the
        view that runs is :func:`app.loading.json_view`: the body loaded by a schema built once,
        the answer dict encoded directly.  ``cached``: the endpoint's name in the answer cache; its
        hits are answered by the door (:mod:`app.door`) before Flask.  ``examples``: named
        examples ``{name: (summary, body, answer)}`` instead of the one ``example_in``/``example_out``.
        ``pictures``: ``{media type: render(data) -> str}``, answered instead of JSON when ``Accept``
        prefers that type (:func:`app.loading.picture`; the door lets those requests through to Flask).
        """
        named_in = named_out = None
        if examples:
            named_in = {k: {"summary": s, "value": body} for k, (s, body, _) in examples.items()}
            named_out = {k: {"summary": s, "value": out} for k, (s, _, out) in examples.items()}

        def decorator(func):
            documented = functools.wraps(func)(lambda *args, **kwargs: None)
            documented = self.response(200, response, example=example_out, examples=named_out,
                                       headers={**X_WORK, **(X_CACHE if cached else {})})(documented)
            for status in (*BODY_ERRORS, 503):
                if status != 422:
                    documented = self.alt_response(status, response=HTTPStatus(status).name)(documented)
            documented = self.arguments(request, example=example_in, examples=named_in)(documented)
            view = functools.wraps(func)(json_view(request, func, cached, pictures))
            if pictures:
                PICTURE_TYPES[(self.url_prefix or "") + rule] = tuple(pictures)
            view._apidoc = documented._apidoc
            if cached:
                CACHED_PATHS[(self.url_prefix or "") + rule] = Route(cached, view.load.load, view.answer)
            self.route(rule, methods=["POST"])(view)
            return func
        return decorator
