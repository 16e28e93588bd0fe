"""One blueprint per resource; :func:`cached` answers through the answer cache."""
from __future__ import annotations

from typing import Any, Callable

from flask import current_app, g, request

from .. import i18n


def cached(endpoint: str, data: Any, compute: Callable[[], dict]) -> dict:
    """The answer for ``data`` in the request's language from the cache, or computed (and stored) under a
    key that includes the language; sets ``X-Cache``."""
    bypass = "no-cache" in request.headers.get("Cache-Control", "").lower()
    lang = i18n.current()
    keyed = data if lang == i18n.EN else {"language": lang, "request": data}
    body, g.cache = current_app.extensions["answer_cache"].answer(
        endpoint, keyed, lambda: i18n.localize(compute(), lang), bypass=bypass)
    return body
