"""The worker's serving path: fair turns between connections, one write per answer, batched logs."""
from __future__ import annotations

import json
import os
import signal
import socket
import time
from pathlib import Path

import pytest

from app.server import Response

from .wire import Gunicorn, exchange, read_answer, request

VALIDATE = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D"],
            "play": ["AS", "KS"], "lead": ["QS", "7S"]}


def keep_alive(body: dict, **headers: str) -> bytes:
    raw = json.dumps(body).encode()
    lines = ["POST /v1/plays/validate HTTP/1.1", "Host: x", "Content-Type: application/json",
             f"Content-Length: {len(raw)}", *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + raw


def answers_in(data: bytes) -> int:
    return data.count(b"HTTP/1.1 200 OK")


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory):
    server = Gunicorn(tmp_path_factory.mktemp("metrics"), WEB_CONCURRENCY="1").start()
    yield server
    server.stop()


def test_a_connection_with_requests_queued_does_not_starve_another(one_worker):
    """1,000 pipelined requests on one connection (never a blocking read) and one request on a
    second connection: the second is answered before the first connection's queue is done."""
    queued = 1000
    greedy = socket.create_connection(("127.0.0.1", one_worker.port))
    try:
        greedy.sendall(keep_alive(VALIDATE, **{"Cache-Control": "no-cache"}) * queued)
        time.sleep(0.02)
        started = time.monotonic()
        other = exchange(one_worker.port, request("POST", "/v1/plays/validate", json.dumps(VALIDATE).encode(),
                                                  headers={"Cache-Control": "no-cache"}), timeout=30)
        waited = time.monotonic() - started
        greedy.setblocking(False)
        received = b""
        try:
            while part := greedy.recv(1 << 20):
                received += part
        except BlockingIOError:
            pass
        assert other.status == 200 and other.json()["legal"] is True
        assert answers_in(received) < queued * 0.9, f"the other connection waited for {answers_in(received)} answers"
        assert waited < 2.0
        greedy.setblocking(True)
        greedy.settimeout(30)
        while answers_in(received) < queued:
            received += greedy.recv(1 << 20)
        assert answers_in(received) == queued
    finally:
        greedy.close()


class Sock:
    def __init__(self):
        self.writes: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.writes.append(bytes(data))


class Config:
    is_ssl = False
    sendfile = False
    protocol = "http"
    keepalive = 2
    header_map = "drop"
    strip_header_spaces = False


class Req:
    def __init__(self, method: str):
        self.method, self.version, self.headers, self.path = method, (1, 1), [], "/"
        self.uri = "/"

    def should_close(self) -> bool:
        return False


@pytest.mark.parametrize(("method", "status", "body", "writes"), [
    ("POST", "200 OK", b'{"legal":true}', 1),   # head and body together
    ("HEAD", "200 OK", b'{"legal":true}', 1),   # head only
    ("GET", "204 No Content", b"", 1),          # head only
])
def test_an_answer_is_one_write(method, status, body, writes):
    sock = Sock()
    response = Response(Req(method), sock, Config())
    response.start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
                            if body else [])
    if body:
        response.write(body)
    response.close()
    assert len(sock.writes) == writes
    head, _, sent = b"".join(sock.writes).partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 " + status.encode())
    assert b"\r\nDate: " in head and b"\r\nContent-Length: " in head or not body
    assert sent == (body if method != "HEAD" else b"")


def test_the_access_log_is_written_in_batches_and_on_stop(tmp_path):
    log = tmp_path / "out.log"
    server = Gunicorn(tmp_path / "metrics", log=log).start()
    try:
        ids = [f"batch-{i}" for i in range(40)]
        for rid in ids[:20]:
            assert exchange(server.port, request("GET", "/healthz", headers={"X-Request-ID": rid})).status == 200
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not all(rid in log.read_text() for rid in ids[:20]):
            time.sleep(0.1)
        assert all(f'"request_id": "{rid}"' in log.read_text() for rid in ids[:20])
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            for rid in ids[20:]:
                sock.sendall(request("GET", "/healthz", headers={"X-Request-ID": rid}).replace(
                    b"Connection: close", b"Connection: keep-alive"))
                assert read_answer(sock, time.monotonic(), 5).status == 200
        server.signal(signal.SIGINT)
        server.proc.wait(timeout=30)
    finally:
        server.stop()
    lines = [json.loads(x) for x in log.read_text().splitlines() if x.startswith("{") and '"request_id"' in x]
    logged = [x["request_id"] for x in lines if x["request_id"].startswith("batch-")]
    assert sorted(logged) == sorted(ids)  # each once (two workers write their own batches)


def _socket_inodes(pid: int) -> set[str]:
    inodes = set()
    fd_dir = Path(f"/proc/{pid}/fd")
    for fd in fd_dir.iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    return inodes


def _workers(master: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:
            found.append(int(stat.parent.name))
    return found


def _server_side_inodes(port: int, client_ports: set[int]) -> dict[int, str]:
    """Client port -> inode of the server's end of that connection (from /proc/net/tcp)."""
    out = {}
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        parts = line.split()
        local, remote, inode = parts[1], parts[2], parts[9]
        if int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) in client_ports:
            out[int(remote.split(":")[1], 16)] = inode
    return out


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux /proc")
def test_connections_opened_together_spread_over_the_workers(live):
    """16 keep-alive connections opened at once, ten times: never (nearly) all on one of the 2 workers."""
    workers = _workers(live.proc.pid)
    assert len(workers) == 2

    def burst() -> list[int]:
        socks = [socket.create_connection(("127.0.0.1", live.port)) for _ in range(16)]
        try:
            for s in socks:
                s.sendall(keep_alive(VALIDATE))
            for s in socks:
                assert read_answer(s, time.monotonic(), 5).status == 200
            inodes = set(_server_side_inodes(live.port, {s.getsockname()[1] for s in socks}).values())
            return [len(inodes & _socket_inodes(pid)) for pid in workers]
        finally:
            for s in socks:
                s.close()

    deadline = time.monotonic() + 10  # until both workers are up and accepting
    while 0 in burst() and time.monotonic() < deadline:
        time.sleep(0.2)
    shares = [burst() for _ in range(10)]
    assert all(sum(held) == 16 for held in shares)
    assert max(max(held) for held in shares) <= 13, shares


def test_header_checks_are_remembered_only_for_headers_that_passed_them():
    from gunicorn.http.errors import InvalidHeader, InvalidHeaderName

    from app import server
    headers = [("Content-Type", "application/json"), ("Content-Length", "2"), ("X-Cache", "hit"),
               ("Vary", " Accept-Language "), ("Server", "other"), ("Connection", "close")]
    for _ in range(3):          # the first answer checks, the next ones recognize: the same outcome
        response = Response(Req("POST"), Sock(), Config())
        response.start_response("200 OK", headers)
        assert response.headers == [("Content-Type", "application/json"), ("Content-Length", "2"),
                                    ("X-Cache", "hit"), ("Vary", "Accept-Language")]
        assert response.response_length == 2
    assert ("Content-Type", "application/json") in server._CHECKED_HEADERS
    assert not any(name.lower() in ("content-length", "server", "connection") or value != value.strip()
                   for name, value in server._CHECKED_HEADERS)
    for bad, error in (([("X-Bad", "a\r\nb")], InvalidHeader), ([("Bad Name", "x")], InvalidHeaderName)):
        for _ in range(2):
            with pytest.raises(error):
                Response(Req("POST"), Sock(), Config()).start_response("200 OK", bad)
