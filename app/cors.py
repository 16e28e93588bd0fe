"""CORS for browser clients: ``CORS_ORIGINS`` is a comma-separated list of origins, or ``*``.

Unset (the default) the service sends no CORS headers and a browser on another origin cannot call it.
An allowed origin gets its preflight (OPTIONS with ``Access-Control-Request-Method``) answered with
204 and the methods and headers it may use; its answers carry ``Access-Control-Allow-Origin`` and
expose ``X-Cache``, ``X-Request-ID`` and ``Content-Language``.  Any other origin gets none of these.
"""
from __future__ import annotations

from flask import Response, current_app, request

METHODS = "GET, POST, OPTIONS"
ALLOWED_HEADERS = ("content-type", "accept-language", "cache-control", "x-request-id")
EXPOSED = "X-Cache, X-Request-ID, Content-Language"
MAX_AGE = "600"


def parse_origins(value: str | None) -> tuple[str, ...]:
    """``"*"`` → ``("*",)``; ``"https://a.example, https://b.example"`` → both, without trailing slashes."""
    if not value:
        return ()
    return tuple(o.strip().rstrip("/") for o in value.split(",") if o.strip())


def allowed(origin: str | None, origins: tuple[str, ...]) -> str | None:
    """The value of ``Access-Control-Allow-Origin`` for a request's ``Origin`` header, or None."""
    if not origin or not origins:
        return None
    if "*" in origins:
        return "*"
    return origin if origin.rstrip("/") in origins else None


def allowed_origin() -> str | None:
    """The value of ``Access-Control-Allow-Origin`` for this request, or None."""
    return allowed(request.headers.get("Origin"), current_app.config.get("CORS_ORIGINS") or ())


def varies(origins: tuple[str, ...]) -> bool:
    """Whether answers depend on ``Origin`` (a list of origins, not ``*``): ``Vary: Origin``."""
    return bool(origins) and "*" not in origins


def answer_headers(origin: str | None, origins: tuple[str, ...]) -> list[tuple[str, str]]:
    """The CORS headers of an answer (not a preflight) to a request from ``origin``: none unless allowed."""
    found = allowed(origin, origins)
    if found is None:
        return []
    return [("Access-Control-Allow-Origin", found), ("Access-Control-Expose-Headers", EXPOSED)]


def preflight() -> Response | None:
    """The answer to a CORS preflight from an allowed origin (None: not a preflight, or not allowed)."""
    if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
        return None
    origin = allowed_origin()
    if origin is None:
        return None
    asked = [h.strip().lower() for h in request.headers.get("Access-Control-Request-Headers", "").split(",") if h.strip()]
    response = Response(status=204)
    response.headers["Access-Control-Allow-Origin"] = origin
    response.headers["Access-Control-Allow-Methods"] = METHODS
    response.headers["Access-Control-Allow-Headers"] = ", ".join(h for h in asked if h in ALLOWED_HEADERS) or "content-type"
    response.headers["Access-Control-Max-Age"] = MAX_AGE
    if origin != "*":
        response.vary.add("Origin")
    return response
