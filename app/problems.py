"""RFC 9457 problem documents for every error the service answers."""
from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator
from http import HTTPStatus
from typing import Any

from flask import Response, json
from werkzeug.exceptions import HTTPException

from . import i18n

PROBLEM_MIME = "application/problem+json"
log = logging.getLogger(__name__)

DETAILS = {
    400: "The request body is not valid JSON in UTF-8.",
    404: "There is no such resource.",
    405: "The resource does not accept this method; see the Allow header.",
    408: "The client stopped sending the request; the read timed out.",
    413: "The request body is larger than the limit.",
    415: "Requests must be sent as Content-Type: application/json.",
    422: "The request is well-formed JSON but its content is invalid.",
    500: "The server failed to answer; the failure has been logged.",
    503: "The server is saturated and did not queue the request; retry after Retry-After seconds.",
}


def pointers(messages: Any, prefix: str = "") -> Iterator[dict]:
    """Flatten marshmallow's nested error messages into ``{"pointer", "detail"}`` entries."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            part = "" if key == "_schema" else "/" + str(key).replace("~", "~0").replace("/", "~1")
            yield from pointers(value, prefix + part)
    elif isinstance(messages, (list, tuple)) and messages and all(isinstance(m, str) for m in messages):
        for message in messages:
            yield {"pointer": prefix, "detail": message}
    elif isinstance(messages, (list, tuple)):
        for value in messages:
            yield from pointers(value, prefix)
    else:
        yield {"pointer": prefix, "detail": str(messages)}


def summary(errors: list[dict]) -> str:
    """A 422's detail: its first field problems, ``/pointer: detail; ...``."""
    return "; ".join(f"{e['pointer'] or '/'}: {e['detail']}" for e in errors[:3])


# A problem document is bounded: its first MAX_ERRORS field errors, each detail cut to MAX_DETAIL
# characters (a message may quote the value it refuses).
MAX_ERRORS = 20
MAX_DETAIL = 300


def _cut(text: str) -> str:
    return text if len(text) <= MAX_DETAIL else text[:MAX_DETAIL - 1] + "…"


def problem(status: int, detail: str | None = None, errors: list[dict] | None = None,
            headers: dict | None = None) -> Response:
    lang = i18n.current()
    if errors:
        errors = [dict(e, detail=_cut(e["detail"])) for e in errors[:MAX_ERRORS]]
        detail = _cut(detail) if detail is not None else None
    text = detail or DETAILS.get(status, HTTPStatus(status).description)
    translated_text = None
    if errors and lang != i18n.EN:
        translated = [dict(e, detail=i18n.detail(e["detail"], lang)) for e in errors]
        if detail == summary(errors):
            translated_text = summary(translated)
        elif len(errors) == 1 and detail == errors[0]["detail"]:
            translated_text = translated[0]["detail"]
        errors = translated
    body: dict[str, Any] = {
        "type": "about:blank",
        "title": i18n.title(HTTPStatus(status).phrase, lang),
        "status": status,
        "detail": translated_text if translated_text is not None else i18n.detail(text, lang),
    }
    if errors:
        body["errors"] = errors
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_MIME)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def from_http_exception(error: HTTPException) -> Response:
    status = error.code or 500
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    data = getattr(error, "data", None) or {}
    messages = data.get("messages") or data.get("errors")
    errors = None
    if messages:
        if isinstance(messages, dict) and len(messages) == 1 and next(iter(messages)) in ("json", "view_args"):
            messages = next(iter(messages.values()))
        errors = list(itertools.islice(pointers(messages), MAX_ERRORS))
    headers.update(data.get("headers") or {})
    detail = data.get("message")
    if not detail and error.description != type(error).description:
        detail = error.description
    if status == 422 and errors and not detail:
        detail = summary(errors)
    return problem(status, detail, errors, headers)


def field_problem(status: int, pointer: str, detail: str) -> Response:
    return problem(status, detail, [{"pointer": pointer, "detail": detail}])


def internal_error(error: Exception) -> Response:
    log.exception("unhandled error", exc_info=error)
    return problem(500)
