"""Turns at the engine, load shedding, and the work each answer cost.

A gevent worker runs one engine call at a time: a request waiting for the engine waits for every
call ahead of it.  Here the calls take turns (:class:`Turns`): when the engine is free a call runs
at once; when it is busy the call waits, and each time the engine comes free the cheapest waiting
call goes next (cheapest by its endpoint's recent engine time), but only once every connection
with something ready has been read (an idle watcher of the event loop).  Health checks and cache
hits never wait for a turn; a cheap computation waits for at most the one call that is running.

Load shedding: a worker whose queue holds ``SHED_QUEUE`` calls, or whose call has waited
``SHED_WAIT`` seconds, answers 503 problem+json with ``Retry-After: 1`` at once (haproxy sends the
request to another instance, deploy/haproxy.cfg); queueing longer would only make every answer late.

Work: every answer carries ``X-Work``, the milliseconds of work spent on it (rounded up): the engine's time,
and for the cached endpoints parsing, loading and encoding too (0 for a cache hit); haproxy adds it to the client's work of the last second, so requests that bypass the cache
(``Cache-Control: no-cache``) or miss it count against the client as the work they cost
(``WORK_LIMIT``).

Outside the service's gevent worker (tests, a single thread) there are no turns: nothing waits.
"""
from __future__ import annotations

import heapq
import itertools
import math
import os
import threading
import time
from collections.abc import Callable
from typing import Any

SHED_QUEUE = int(os.environ.get("SHED_QUEUE", "6"))
SHED_WAIT = float(os.environ.get("SHED_WAIT", "0.5"))
WORK_UNIT = 0.001
_EWMA = 0.2


class Overloaded(Exception):
    """The worker is saturated: answered 503 with Retry-After."""


class Turns:
    """The engine's queue in one gevent worker (see the module's docstring)."""

    def __init__(self, queue: int = SHED_QUEUE, wait: float = SHED_WAIT) -> None:
        self.queue = queue
        self.wait = wait
        self.busy = False
        self.waiting: list[tuple[float, int, Any]] = []
        self.cost: dict[str, float] = {}
        self._seq = itertools.count()
        self._granting = False

    def enter(self, endpoint: str) -> None:
        if not self.busy and not self.waiting:
            self.busy = True
            return
        if len(self.waiting) >= self.queue:
            raise Overloaded
        from gevent.event import Event
        event = Event()
        entry = (self.cost.get(endpoint, 0.0), next(self._seq), event)
        heapq.heappush(self.waiting, entry)
        if not event.wait(self.wait) and not event.is_set():
            self.waiting.remove(entry)
            heapq.heapify(self.waiting)
            raise Overloaded

    def leave(self, endpoint: str, seconds: float) -> None:
        old = self.cost.get(endpoint)
        self.cost[endpoint] = seconds if old is None else old + _EWMA * (seconds - old)
        if not self.waiting:
            self.busy = False
        elif not self._granting:
            import gevent
            self._granting = True
            watcher = gevent.get_hub().loop.idle()
            watcher.start(self._grant, watcher)

    def _grant(self, watcher: Any) -> None:
        """The loop is idle: every ready connection has been read; the cheapest waiter runs next."""
        watcher.stop()
        self._granting = False
        if self.waiting:
            heapq.heappop(self.waiting)[2].set()      # the engine stays busy: it is handed over
        else:
            self.busy = False


_turns: Turns | None = None
_local = threading.local()


def cooperative() -> None:
    """Turn on turns and shedding (the service's gevent worker, after gevent has patched threading)."""
    global _turns, _local
    _turns = Turns()
    _local = threading.local()


def enter(endpoint: str) -> None:
    """Wait for the engine's turn (raises :class:`Overloaded` when the worker is saturated)."""
    if _turns is not None:
        _turns.enter(endpoint)


def leave(endpoint: str, seconds: float) -> None:
    """The engine call took ``seconds``: added to this request's work; the next call's turn."""
    _local.work = getattr(_local, "work", 0.0) + seconds
    if _turns is not None:
        _turns.leave(endpoint, seconds)


def timed(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``, its time added to this request's work (parsing, loading, encoding: no I/O)."""
    start = time.perf_counter()
    try:
        return fn(*args)
    finally:
        _local.work = getattr(_local, "work", 0.0) + time.perf_counter() - start


def work_units() -> int:
    """Milliseconds of work spent on this request so far, rounded up (0 only for no work: a hit)."""
    return math.ceil(getattr(_local, "work", 0.0) / WORK_UNIT)


class Work:
    """WSGI middleware: each request's work starts at 0 and is sent as ``X-Work``."""

    def __init__(self, wsgi_app: Callable) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict, start_response: Callable) -> Any:
        _local.work = 0.0

        def with_work(status: str, headers: list, exc_info: Any = None) -> Any:
            headers.append(("X-Work", str(work_units())))
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        return self.wsgi_app(environ, with_work)
