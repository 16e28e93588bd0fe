"""Stalled clients and throughput, per gunicorn worker model.  ``python -m bench.stalled [worker-class ...]``

For each worker class: start gunicorn (2 workers, as `make run`), then
1. throughput: 8 client threads send `POST /v1/plays/validate` (computed afresh, `Cache-Control:
   no-cache`), one connection a request, for a fixed time; requests per second;
2. stalled: open 64 connections that send half a request and stop, then time `/healthz` and a
   validate from fresh connections (5 each; the worst is reported; a timeout counts as 5 s).
"""
from __future__ import annotations

import json
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

from tests.hostile.wire import Gunicorn, exchange, request

VALIDATE = json.dumps({"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D", "JS", "7S"],
                       "play": ["KS", "KS"], "lead": ["QS", "QS"]}).encode()
HALF = (b"POST /v1/plays/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 200\r\n\r\n{\"rules\": \"qq\",")
MODELS = {
    "sync": {"GUNICORN_WORKER_CLASS": "sync"},
    "gthread": {"GUNICORN_WORKER_CLASS": "gthread", "GUNICORN_THREADS": "8"},
    "gevent": {},
}


def throughput(port: int, seconds: float = 5.0, clients: int = 8) -> float:
    raw = request("POST", "/v1/plays/validate", VALIDATE, headers={"Cache-Control": "no-cache"})
    counts = [0] * clients
    stop = time.monotonic() + seconds

    def client(i: int) -> None:
        while time.monotonic() < stop:
            answer = exchange(port, raw, timeout=10)
            assert answer.status == 200, answer
            counts[i] += 1

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / seconds


def worst_latency(port: int, raw: bytes, tries: int = 5) -> float:
    worst = 0.0
    for _ in range(tries):
        try:
            worst = max(worst, exchange(port, raw, timeout=5).seconds)
        except OSError:
            worst = 5.0
    return worst


def stalled(port: int, n: int = 64) -> tuple[float, float]:
    socks = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(HALF)
        socks.append(s)
    time.sleep(0.5)
    try:
        return (worst_latency(port, request("GET", "/healthz")),
                worst_latency(port, request("POST", "/v1/plays/validate", VALIDATE)))
    finally:
        for s in socks:
            s.close()


def main(models: list[str]) -> None:
    for name in models:
        with tempfile.TemporaryDirectory() as tmp:
            server = Gunicorn(Path(tmp), **MODELS[name]).start()
            try:
                rps = throughput(server.port)
                health, validate = stalled(server.port)
                print(f"{name:8} throughput {rps:7.0f} req/s   with 64 stalled: healthz {health:.3f} s, "
                      f"validate {validate:.3f} s", flush=True)
            finally:
                server.stop()


if __name__ == "__main__":
    main(sys.argv[1:] or list(MODELS))
