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

The serving path (``make bench-http``): connections take turns in a worker and are spread over
the workers (:class:`Worker`, :class:`BalancingServer`); an answer is one write
(:class:`Response`), and header checks are remembered per distinct header; the ``Date`` header is
formatted once a second; access-log lines and metric
updates are batched per worker and written every ``FLUSH_SECONDS``.  The adaptations of gunicorn
and gevent classes here are made against the pinned versions and tested at the socket level
(``tests/hostile/``).
"""
from __future__ import annotations

import json
import logging
import os
import signal
import threading
from http import HTTPStatus

import gevent
from gevent.server import StreamServer
from gunicorn import util
from gunicorn.http import wsgi as gunicorn_wsgi
from gunicorn.http.body import ChunkedReader
from gunicorn.http.errors import InvalidChunkSize
from gunicorn.workers import ggevent
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from . import drain, metrics, shed
from .body import CLOSE_KEY, MAX_BODY
from .logs import EverySecond

log = logging.getLogger("gunicorn.error")
# Access-log lines and metric updates are batched in the worker and written this often.
FLUSH_SECONDS = float(os.environ.get("FLUSH_SECONDS", "0.5"))
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


class Response(gunicorn_wsgi.Response):
    """gunicorn's response, sending the head and the first body bytes in one write.

    gunicorn writes the status line and headers, then the body: two system calls (and two
    segments) for every answer of this service, which is one small body.  Here the head waits for
    the first body bytes when ``write`` is what sends it; every other path (an empty body, HEAD,
    ``sendfile``, chunked answers) sends it as gunicorn does.
    """

    _head: bytes | None = None

    def process_headers(self, headers):
        """gunicorn's checks of each header (name and value patterns, Content-Length, hop-by-hop),
        run once per distinct plain header: ``("Content-Type", "application/json")`` and the like
        are checked on their first answer and recognized after that."""
        known, check = _CHECKED_HEADERS, super().process_headers
        for header in headers:
            if header in known:
                self.headers.append(header)
                continue
            before = len(self.headers)
            check((header,))
            if len(self.headers) == before + 1 and self.headers[-1] == header and len(known) < _CHECKED_MAX \
                    and type(header) is tuple and header[0].lower() not in _UNCACHED_HEADERS:
                known.add(header)

    def write(self, arg):
        if not self.headers_sent and arg and not self.chunked and not self._omits_body:
            self._head = self._build_head()
            self.headers_sent = True
        super().write(arg)

    def _emit_body(self, data):
        head = self._head
        if head is not None:
            self._head = None
            data = head + data
        super()._emit_body(data)

    def _build_head(self) -> bytes:
        lines = self.default_headers()
        lines.extend([f"{k}: {v}\r\n" for k, v in self.headers])
        return ("".join(lines) + "\r\n").encode("latin-1")


# Header pairs that passed gunicorn's checks unchanged; Content-Length (read by the response) and
# hop-by-hop headers (handled by it) always go through them.
_CHECKED_HEADERS: set[tuple[str, str]] = set()
_CHECKED_MAX = 1024
_UNCACHED_HEADERS = frozenset({"content-length", "connection", "keep-alive", "proxy-authenticate",
                               "proxy-authorization", "te", "trailers", "transfer-encoding", "upgrade"})
gunicorn_wsgi.Response = Response


util.http_date = EverySecond(util.http_date)   # gunicorn's Date header, once a second


ACCEPT_PAUSE = 0.00005
ACCEPT_PAUSE_MAX = 0.001


class BalancingServer(StreamServer):
    """gevent's server, pausing its accepts after each one, longer the more connections it holds.

    Workers share one listening socket and every one of them is woken by a new connection; the
    one that happens to run first takes it.  Connections opened together (a client's or a load
    balancer's keep-alive pool) could all land on one worker and leave the other cores idle for
    the pool's life: measured with wrk, 3 bursts of 16 connections in 25 put all 16 on one of two
    workers (half the throughput).  Pausing ``ACCEPT_PAUSE`` per connection held (at most
    ``ACCEPT_PAUSE_MAX``) lets the other workers take their share: 0 in 25, at a cost of about
    3 % when every request opens a new connection.
    """

    def do_handle(self, *args):
        super().do_handle(*args)
        if self.pool is not None and len(self.pool):
            self.stop_accepting()
            self._timer = self.loop.timer(min(ACCEPT_PAUSE * len(self.pool), ACCEPT_PAUSE_MAX))
            self._timer.start(self._start_accepting_if_started)


class Worker(GeventWorker):
    """gevent worker: a read timeout, connection close after unreadable bodies, fair turns.

    Fairness, measured with wrk (16 keep-alive connections, ``make bench-http``): gevent runs a
    greenlet until it blocks, and a client that sends its next request as soon as it has an answer
    never makes the read block, so one connection was served back to back while the others
    waited (p50 0.5 ms, p99 0.7 s on one worker).  Each answer now ends with a yield, so the
    connections with a request waiting take turns (p99 about 9 ms on one worker).  With several
    workers, new connections are spread over them (:class:`BalancingServer`).
    """

    read_timeout = float(os.environ.get("READ_TIMEOUT", "10"))

    def run(self):
        ggevent.StreamServer = BalancingServer if self.cfg.workers > 1 else StreamServer
        if hasattr(self.log, "batch_access"):       # the project's JsonLogger (logger_class)
            self.log.batch_access()
        metrics.start_batching()
        shed.cooperative()
        flusher = gevent.spawn(self._flush_loop)
        try:
            super().run()
        finally:
            flusher.kill(block=False)
            self._flush()

    def _flush(self):
        if hasattr(self.log, "flush_access"):
            self.log.flush_access()
        metrics.flush()

    def _flush_loop(self):
        while True:
            gevent.sleep(FLUSH_SECONDS)
            self._flush()

    def handle(self, listener, client, addr):
        # GeventWorker.handle makes the socket blocking without a timeout; ours times out instead.
        client.settimeout(self.read_timeout)
        AsyncWorker.handle(self, listener, client, addr)

    def handle_request(self, listener_name, req, sock, addr):
        super().handle_request(listener_name, req, sock, addr)
        gevent.sleep(0)

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
