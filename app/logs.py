"""gunicorn access logs as one JSON object per line, with the request id."""
from __future__ import annotations

import json
import sys
import time

from gunicorn.glogging import Logger


class JsonLogger(Logger):
    def exception(self, msg, *args, **kwargs):
        """A client that stalls past the read timeout is routine: one line, no traceback."""
        if isinstance(sys.exc_info()[1], TimeoutError):
            self.info("closed a connection that sent nothing for the read timeout")
            return
        super().exception(msg, *args, **kwargs)

    def access(self, resp, req, environ, request_time):
        if not self.access_log_enabled:
            return
        atoms = self.atoms(resp, req, environ, request_time)
        record = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "request_id": atoms.get("{x-request-id}o", "-"),
            "remote": atoms["h"],
            "method": atoms["m"],
            "path": atoms["U"],
            "query": atoms["q"] or None,
            "status": int(atoms["s"]),
            "bytes": atoms["B"],
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "cache": atoms.get("{x-cache}o"),
            "user_agent": atoms["a"],
        }
        self.access_log.info(json.dumps(record, ensure_ascii=False))
