"""gunicorn access logs as one JSON object per line, with the request id.

Built straight from the environ and the response headers: gunicorn's ``atoms()`` (a dict of every
request header, response header and environ variable, for each request) is not built.

Batched in the service's workers (:class:`app.server.Worker`): lines are kept in memory and
written together every ``FLUSH_SECONDS`` (default 0.5), after 256 lines, and when the
worker stops, in one write per destination instead of a logging record and a flush per request
(which cost about a tenth of a cached answer).  Batching applies when every access-log handler
writes to a stream (``accesslog`` a file or ``-``); with syslog or a logging configuration every
line goes through logging as it is made.  A worker killed outright loses its unwritten lines.
"""
from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable

from gunicorn.glogging import Logger

_dumps = json.JSONEncoder(ensure_ascii=False).encode


BATCH_LINES = 256


class EverySecond:
    """A time's text, formatted once a second instead of at every call (``now()``), or for a given
    timestamp (``now(t)``)."""

    def __init__(self, format_time: Callable[[float], str]):
        self.format_time, self.second, self.text = format_time, -1, ""

    def __call__(self, timestamp: float | None = None) -> str:
        if timestamp is not None:
            return self.format_time(timestamp)
        now = int(time.time())
        if now != self.second:
            self.second, self.text = now, self.format_time(now)
        return self.text


def _text(value) -> str:
    """A JSON string (or null); printable ASCII without quotes or backslashes needs no escaping."""
    if type(value) is str and value.isascii() and value.isprintable() and '"' not in value and "\\" not in value:
        return f'"{value}"'
    return _dumps(value)


class JsonLogger(Logger):
    _now = EverySecond(lambda t: time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(t)))
    _pending: list[str] | None = None

    def batch_access(self) -> bool:
        """Start batching access lines if every handler writes to a stream; True if batching."""
        handlers = self.access_log.handlers
        if not self.access_log_enabled or not handlers or \
                not all(type(h) in (logging.StreamHandler, logging.FileHandler) for h in handlers):
            return False
        self._pending = []
        return True

    def flush_access(self) -> None:
        """Write the batched lines, one write and one flush per handler."""
        lines = self._pending
        if not lines:
            return
        self._pending = []
        text = "\n".join(lines) + "\n"
        for handler in self.access_log.handlers:
            handler.acquire()
            try:
                handler.stream.write(text)
                handler.flush()
            except Exception:
                handler.handleError(logging.makeLogRecord({"msg": "access log batch"}))
            finally:
                handler.release()

    def exception(self, msg, *args, **kwargs):
        """A client that stalls past the read timeout is routine: one line, no traceback."""
        if isinstance(sys.exc_info()[1], TimeoutError):
            self.info("closed a connection that sent nothing for the read timeout")
            return
        super().exception(msg, *args, **kwargs)

    def access(self, resp, req, environ, request_time):
        if not self.access_log_enabled:
            return
        request_id = cache = None
        for name, value in resp.headers:
            lower = name.lower()
            if lower == "x-request-id":
                request_id = value
            elif lower == "x-cache":
                cache = value
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        line = (f'{{"time": "{self._now()}", "request_id": {_text(request_id or "-")}, '
                f'"remote": {_text(environ.get("REMOTE_ADDR", "-"))}, "method": {_text(environ.get("REQUEST_METHOD"))}, '
                f'"path": {_text(environ.get("PATH_INFO"))}, "query": {_text(environ.get("QUERY_STRING") or None)}, '
                f'"status": {int(status)}, "bytes": {_dumps(getattr(resp, "sent", None))}, '
                f'"duration_ms": {_dumps(round(request_time.total_seconds() * 1000, 3))}, '
                f'"cache": {_text(cache)}, "user_agent": {_text(environ.get("HTTP_USER_AGENT", "-"))}}}')
        pending = self._pending
        if pending is None:
            self.access_log.info(line)
            return
        pending.append(line)
        if len(pending) >= BATCH_LINES:
            self.flush_access()
