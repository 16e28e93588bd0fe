"""The gunicorn side of the service: the worker class, its error answers, and the drain on SIGTERM.

Worker model: gevent. A connection costs a greenlet, not a process or a thread, so clients that
send half a request and stall cannot take the workers away from everyone else; the rules engine is
CPU-bound and runs one request at a time per process, as a sync worker would, so throughput on
normal traffic is unchanged (``bench/stalled.py`` measures both). A connection that sends nothing
for ``READ_TIMEOUT`` seconds while a request is being read is closed.

gunicorn answers some malformed requests itself, before the application sees them (a bad request
line, header limits, bad chunked framing it meets on its own): those answers are problem+json here
too. The 500/501 gunicorn gives some requests it blames on the client (a ``SCRIPT_NAME`` header that
does not fit the path, an unknown transfer coding) are answered as 400: no input may cause a 5xx.
"""
from __future__ import annotations

import json
import logging
import os
import signal
import threading
from http import HTTPStatus

from gunicorn import util
from gunicorn.http.body import ChunkedReader
from gunicorn.http.errors import InvalidChunkSize
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from . import drain
from .body import CLOSE_KEY, MAX_BODY

log = logging.getLogger("gunicorn.error")
PROBLEM_MIME = "application/problem+json"


def problem_bytes(status: int, reason: str, detail: str) -> bytes:
    """A complete HTTP/1.1 problem+json answer that closes the connection."""
    if status >= 500 and reason != HTTPStatus.INTERNAL_SERVER_ERROR.phrase:
        # gunicorn blames the request (a SCRIPT_NAME header that does not fit the path, an unknown
        # transfer coding: 500/501 there); the client sent it, so it is a 400 here.
        status, reason = 400, HTTPStatus.BAD_REQUEST.phrase
    body = json.dumps({"type": "about:blank", "title": reason, "status": status,
                       "detail": detail or HTTPStatus(status).description}).encode("ascii")
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: {PROBLEM_MIME}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


def write_problem(sock, status_int, reason, mesg) -> None:
    util.write_nonblock(sock, problem_bytes(int(status_int), reason, mesg))


# gunicorn writes its own error answers through this function; ours are problem documents.
util.write_error = write_problem


class ChunkTooLarge(InvalidChunkSize):
    """A chunk declared larger than the whole body may be: 413 at once, not a wait for its bytes."""

    status = 413


def _parse_chunk_size(self, unreader, data=None, _parse=ChunkedReader.parse_chunk_size):
    size, rest = _parse(self, unreader, data)
    if size > MAX_BODY:
        raise ChunkTooLarge(b"%d bytes in one chunk" % size)
    return size, rest


ChunkedReader.parse_chunk_size = _parse_chunk_size


class Worker(GeventWorker):
    """gevent worker with a read timeout and connection close after unreadable bodies."""

    read_timeout = float(os.environ.get("READ_TIMEOUT", "10"))

    def handle(self, listener, client, addr):
        # GeventWorker.handle makes the socket blocking without a timeout; ours times out instead.
        client.settimeout(self.read_timeout)
        AsyncWorker.handle(self, listener, client, addr)

    def load_wsgi(self):
        super().load_wsgi()
        self.wsgi = close_after_unread_body(self.wsgi)


def close_after_unread_body(app):
    """Close the connection after an answer whose request body could not be read to its end."""
    def wrapped(environ, start_response):
        result = app(environ, start_response)
        if environ.get(CLOSE_KEY):
            response = getattr(start_response, "__self__", None)
            if response is not None and hasattr(response, "force_close"):
                response.force_close()
        return result
    return wrapped


def install_drain(arbiter, seconds: float) -> None:
    """On the first SIGTERM: /readyz 503 at once, serve on for ``seconds``, then gunicorn's graceful stop."""
    stop = arbiter.handle_term

    def handle_term():
        if seconds <= 0 or drain.draining():
            return stop()
        drain.start()
        arbiter.log.info("SIGTERM: draining for %.1f s (readyz answers 503), then stopping", seconds)
        timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGTERM))
        timer.daemon = True
        timer.start()

    arbiter.handle_term = handle_term
