"""The headers that depend on who asks, the same on every path an answer takes.

An answer comes either from Flask (its ``after_request``) or, for the cached endpoints' well-formed
requests, from the cache at the door (:mod:`app.door`), which Flask's hooks never see.  Both add
exactly these headers, built here: the CORS headers for an allowed ``Origin`` (:mod:`app.cors`),
``Content-Language`` (the language :func:`app.i18n.negotiate` chose) and ``Vary`` (``Accept-Language``,
and ``Origin`` when only some origins are allowed).
"""
from __future__ import annotations

import os

from . import cors

_MEMO: dict[tuple[str | None, tuple[str, ...], str], tuple[tuple[str, str], ...]] = {}
_MEMO_SIZE = 1024


def answer_headers(origin: str | None, origins: tuple[str, ...], language: str) -> tuple[tuple[str, str], ...]:
    """``(name, value)`` pairs for an answer to a request from ``origin`` in ``language``.

    ``Vary`` is one header listing every request header the answer depends on.
    """
    key = (origin, origins, language)
    found = _MEMO.get(key)
    if found is None:
        vary = "Origin, Accept-Language" if cors.varies(origins) else "Accept-Language"
        found = (*cors.answer_headers(origin, origins), ("Content-Language", language), ("Vary", vary))
        if len(_MEMO) < _MEMO_SIZE:
            _MEMO[key] = found
    return found


def new_request_id() -> str:
    """A request id for a request that brought none: 128 random bits in hex (32 characters)."""
    return os.urandom(16).hex()
