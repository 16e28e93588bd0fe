"""SIGTERM drains: /readyz 503 at once, every request during DRAIN_SECONDS answered, then a clean stop."""
from __future__ import annotations

import json
import signal
import socket
import threading
import time

from .wire import Gunicorn, exchange, request

VALIDATE = request("POST", "/v1/plays/validate", json.dumps(
    {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D"], "play": ["KS", "KS"],
     "lead": ["QS", "QS"]}).encode(), headers={"Cache-Control": "no-cache"})


def test_sigterm_drains_without_losing_a_request(tmp_path):
    server = Gunicorn(tmp_path, DRAIN_SECONDS="2").start()
    try:
        assert exchange(server.port, request("GET", "/readyz")).status == 200
        results: list = []
        stop_at = time.monotonic() + 1.6
        sent_during_drain = threading.Event()

        def load() -> None:
            while time.monotonic() < stop_at:
                try:
                    results.append(exchange(server.port, VALIDATE, timeout=10).status)
                except OSError as exc:
                    results.append(repr(exc))
                sent_during_drain.set()

        clients = [threading.Thread(target=load) for _ in range(6)]
        for c in clients:
            c.start()
        time.sleep(0.2)
        server.signal(signal.SIGTERM)
        time.sleep(0.3)
        ready = exchange(server.port, request("GET", "/readyz"))
        assert ready.status == 503 and ready.json()["status"] == "draining"
        assert exchange(server.port, request("GET", "/healthz")).status == 200
        for c in clients:
            c.join()
        assert sent_during_drain.is_set() and len(results) > 20
        assert set(results) == {200}, [r for r in results if r != 200][:5]

        # A request in flight when the drain ends is finished: a slow upload started just before.
        slow = socket.create_connection(("127.0.0.1", server.port))
        slow.sendall(VALIDATE[:-10])
        time.sleep(1.0)  # the drain window (2 s) ends while the body is still coming
        slow.sendall(VALIDATE[-10:])
        slow.settimeout(10)
        assert slow.recv(100).startswith(b"HTTP/1.1 200")
        slow.close()
        assert server.proc.wait(timeout=30) == 0
        try:
            exchange(server.port, request("GET", "/healthz"), timeout=2)
            raise AssertionError("still accepting after the drain")
        except OSError:
            pass
    finally:
        server.stop()
