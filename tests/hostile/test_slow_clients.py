"""Stalled and slow clients cannot starve the service, and stalls are cut off by the read timeout."""
from __future__ import annotations

import json
import socket
import time

from .wire import exchange, read_answer, request

VALIDATE = request("POST", "/v1/plays/validate", json.dumps(
    {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D"], "play": ["AS", "KS"],
     "lead": ["QS", "7S"]}).encode())
HALF_HEADERS = b"POST /v1/plays/validate HTTP/1.1\r\nHost: x\r\nContent-Type: appl"
HALF_BODY = (b"POST /v1/plays/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
             b"Content-Length: 300\r\n\r\n{\"rules\": \"qq\", ")


def open_stalled(port: int, n: int) -> list[socket.socket]:
    socks = []
    for i in range(n):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall((HALF_HEADERS, HALF_BODY, b"")[i % 3])
        socks.append(s)
    return socks


def test_64_stalled_connections_leave_the_service_answering(live):
    stalled = open_stalled(live.port, 64)
    try:
        time.sleep(0.3)
        for _ in range(3):
            health = exchange(live.port, request("GET", "/healthz"), timeout=5)
            assert health.status == 200 and health.seconds < 1.0
            verdict = exchange(live.port, VALIDATE, timeout=5)
            assert verdict.status == 200 and verdict.seconds < 1.0
            assert verdict.json()["legal"] is True
    finally:
        for s in stalled:
            s.close()


def test_a_stall_mid_body_is_closed_after_the_read_timeout(live):
    """READ_TIMEOUT is 2 s for the shared server: the body read times out and the client gets 408."""
    with socket.create_connection(("127.0.0.1", live.port)) as s:
        started = time.monotonic()
        s.sendall(HALF_BODY)
        answer = read_answer(s, started, 10)
        assert answer.status == 408 and answer.mimetype == "application/problem+json"
        assert answer.json()["status"] == 408
        assert 1.5 < answer.seconds < 5
        s.settimeout(5)
        assert s.recv(10) == b""  # and the connection is closed


def test_a_stall_mid_headers_is_closed_after_the_read_timeout(live):
    with socket.create_connection(("127.0.0.1", live.port)) as s:
        started = time.monotonic()
        s.sendall(HALF_HEADERS)
        s.settimeout(10)
        assert s.recv(100) == b""
        assert 1.5 < time.monotonic() - started < 5


def test_a_slow_but_steady_client_is_served(live):
    """One byte every 50 ms is slow, not stalled: it gets its answer."""
    with socket.create_connection(("127.0.0.1", live.port)) as s:
        started = time.monotonic()
        for i in range(0, len(VALIDATE), 16):
            s.sendall(VALIDATE[i:i + 16])
            time.sleep(0.05)
        answer = read_answer(s, started, 10)
        assert answer.status == 200 and answer.json()["legal"] is True
