"""gunicorn access logs as one JSON object per line, with the request id.

Built straight from the environ and the response headers: gunicorn's ``atoms()`` (a dict of every
request header, response header and environ variable, for each request) is not built.
"""
from __future__ import annotations

import json
import sys
import time

from gunicorn.glogging import Logger

_dumps = json.JSONEncoder(ensure_ascii=False).encode


class JsonLogger(Logger):
    _second = -1
    _stamp = ""

    def _now(self) -> str:
        now = int(time.time())
        if now != self._second:
            self._second, self._stamp = now, time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(now))
        return self._stamp

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
        record = {
            "time": self._now(),
            "request_id": request_id or "-",
            "remote": environ.get("REMOTE_ADDR", "-"),
            "method": environ.get("REQUEST_METHOD"),
            "path": environ.get("PATH_INFO"),
            "query": environ.get("QUERY_STRING") or None,
            "status": int(status),
            "bytes": getattr(resp, "sent", None),
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "cache": cache,
            "user_agent": environ.get("HTTP_USER_AGENT", "-"),
        }
        self.access_log.info(_dumps(record))
