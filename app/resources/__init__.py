"""One blueprint per resource; :func:`cached` answers through the answer cache."""
from __future__ import annotations

from typing import Any, Callable

from flask import current_app, g, request


def cached(endpoint: str, data: Any, compute: Callable[[], dict]) -> dict:
    """The answer for ``data`` from the cache, or computed (and stored); sets ``X-Cache``."""
    bypass = "no-cache" in request.headers.get("Cache-Control", "").lower()
    body, g.cache = current_app.extensions["answer_cache"].answer(endpoint, data, compute, bypass=bypass)
    return body
