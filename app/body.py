"""Request bodies, read and parsed strictly: every byte sequence is either JSON we accept or a 4xx.

The body is read from the WSGI stream with the size limit applied whether the client sent a
``Content-Length`` or a chunked body (413 either way). Framing errors the server raises while the
body is read (a bad chunk size, a connection closed early, a stall past the read timeout) become
400 or 408. The text must be strict UTF-8 (no encoded surrogates, no overlong forms) and the JSON
must be I-JSON-like: nesting at most :data:`MAX_DEPTH` levels, no lone UTF-16 surrogate escapes
(``"\\ud800"``), finite numbers, integers of at most :data:`MAX_INT_DIGITS` digits, no member
name twice in one object.

After a framing error or an oversized body the rest of the body cannot be read safely, so the
request is marked (:data:`CLOSE_KEY` in the WSGI environ) and the server closes the connection
after the answer.

A body is read once per request: :func:`read` keeps its outcome in the environ (the bytes, or the
error it raised), so the cache at the door (:mod:`app.door`), which reads first, and the Flask
view behind it see the same bytes or raise the same error, with the same problem document.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any

from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge

MAX_BODY = 256 * 1024  # the default of the app's MAX_CONTENT_LENGTH
MAX_DEPTH = 32
MAX_INT_DIGITS = 300
CLOSE_KEY = "tractor.close_connection"
BODY_KEY = "tractor.body"  # the outcome of the request's one read: its bytes, or the error raised
CHUNK = 64 * 1024

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_OPEN = frozenset(b"[{")
_BRACKETS = bytes(range(256)).translate(None, b"[]{}")  # every byte but the brackets


class RequestTimeout(HTTPException):
    code = 408
    description = "The client stopped sending the request body; the read timed out."


class MalformedBody(BadRequest):
    """400, with the whole body (JSON pointer ``""``) named as the culprit, as for any JSON that does not parse."""

    description = "The request body is not valid JSON in UTF-8."

    def __init__(self, description: str | None = None):
        super().__init__(description)
        self.data = {"messages": {"json": [self.description]}}


def _fail(environ: dict, error: HTTPException) -> HTTPException:
    environ[CLOSE_KEY] = True
    return error


def read(environ: dict, limit: int | None) -> bytes:
    """The whole body, at most ``limit`` bytes; 413 past it, 400 for bad framing, 408 for a stall.

    Read once: a second call (the door's, then the view's) gives the same bytes or raises the same error.
    """
    done = environ.get(BODY_KEY)
    if done is None:
        try:
            done = _read(environ, MAX_BODY if limit is None else limit)
        except HTTPException as exc:
            done = exc
        environ[BODY_KEY] = done
    if isinstance(done, HTTPException):
        raise done
    return done


def _read(environ: dict, limit: int) -> bytes:
    stream = environ.get("wsgi.input")
    length = environ.get("CONTENT_LENGTH") or ""
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower() or environ.get("wsgi.input_terminated")
    if stream is None:
        return b""
    if length:
        try:
            expected = int(length)
        except ValueError:
            raise _fail(environ, MalformedBody("The Content-Length header is not a number.")) from None
        if expected > limit:
            raise _fail(environ, RequestEntityTooLarge(f"The request body is larger than the limit of {limit} bytes."))
        want = expected
    elif chunked:
        want = limit + 1
    else:
        return b""
    parts: list[bytes] = []
    got = 0
    try:
        while got < want:
            part = stream.read(min(CHUNK, want - got))
            if not part:
                break
            parts.append(part)
            got += len(part)
    except TimeoutError:
        raise _fail(environ, RequestTimeout()) from None
    except HTTPException as exc:
        raise _fail(environ, exc) from None
    except Exception as exc:  # the server's framing errors: bad chunk size, missing terminator, early close
        if getattr(exc, "status", None) == 413:
            raise _fail(environ, RequestEntityTooLarge(f"A chunk is larger than the limit of {limit} bytes.")) from None
        raise _fail(environ, MalformedBody(f"The request body is not correctly framed: {_plain(exc)}")) from None
    if got > limit:
        raise _fail(environ, RequestEntityTooLarge(f"The request body is larger than the limit of {limit} bytes."))
    if length and got < want:
        raise _fail(environ, MalformedBody(f"The body ended after {got} of {want} bytes (Content-Length)."))
    return b"".join(parts)


def _plain(exc: Exception) -> str:
    """An exception's text, safe to put in an answer (ASCII, short)."""
    text = str(exc) or type(exc).__name__
    return text.encode("ascii", "backslashreplace").decode("ascii")[:200]


def depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects in JSON text (strings skipped)."""
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return 0
    brackets = _STRING.sub(b"", raw).translate(None, _BRACKETS)
    level = deepest = 0
    for byte in brackets:
        if byte in _OPEN:
            level += 1
            if level > deepest:
                deepest = level
        else:
            level -= 1
    return deepest


def _float(text: str) -> float | int:
    """A finite number; one without a fraction (``2.0``, ``1e3``) is an integer, as JSON Schema counts it."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large")
    return int(value) if value.is_integer() else value


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"an integer has more than {MAX_INT_DIGITS} digits")
    return int(text)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose member names are unique: a repeated name would leave the reader to guess
    which value the client meant (and a proxy in front may have read the other one)."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for name, _ in pairs:
            if name in seen:
                raise ValueError(f'the member name "{name[:40]}" appears twice in one object')
            seen.add(name)
    return value


def _constant(text: str) -> Any:
    raise ValueError(f"{text} is not a JSON number")


def _lone_surrogate(value: Any) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def parse(raw: bytes) -> Any:
    """JSON text -> a value; :class:`MalformedBody` (400) for anything we do not accept."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedBody(f"The request body is not valid UTF-8 (byte {exc.start}).") from None
    if text.startswith("\ufeff"):
        raise MalformedBody("The request body starts with a byte order mark; send plain UTF-8.")
    if depth(raw) > MAX_DEPTH:
        raise MalformedBody(f"The JSON nests deeper than {MAX_DEPTH} levels.")
    try:
        value = json.loads(text, parse_float=_float, parse_int=_int, parse_constant=_constant,
                           object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        raise MalformedBody(f"The request body is not valid JSON: {exc.msg} at line {exc.lineno} "
                            f"column {exc.colno}.") from None
    except (ValueError, RecursionError) as exc:
        raise MalformedBody(f"The request body is not acceptable JSON: {_plain(exc)}.") from None
    if "\\u" in text and _lone_surrogate(value):
        raise MalformedBody("The JSON holds a lone UTF-16 surrogate escape (such as \\ud800), which is not a "
                            "character.")
    return value
