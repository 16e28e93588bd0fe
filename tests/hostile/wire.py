"""Raw HTTP/1.1 over sockets, and a live gunicorn started for the tests."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    @property
    def mimetype(self) -> str:
        return self.headers.get("content-type", "").split(";")[0].strip()

    def json(self):
        return json.loads(self.body)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def read_answer(sock: socket.socket, started: float, timeout: float) -> Answer:
    """One HTTP response from ``sock`` (Content-Length or chunked body)."""
    sock.settimeout(timeout)
    data = b""
    while b"\r\n\r\n" not in data:
        part = sock.recv(65536)
        if not part:
            raise ConnectionError(f"closed before a full response: {data[:200]!r}")
        data += part
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        length = int(headers["content-length"])
        while len(rest) < length:
            part = sock.recv(65536)
            if not part:
                break
            rest += part
        body = rest[:length]
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        while not rest.endswith(b"0\r\n\r\n"):
            part = sock.recv(65536)
            if not part:
                break
            rest += part
        body, buf = b"", rest
        while buf:
            size_line, _, buf = buf.partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                break
            body, buf = body + buf[:size], buf[size + 2:]
    else:
        body = rest
    return Answer(status, headers, body, time.monotonic() - started)


def exchange(port: int, raw: bytes, timeout: float = 5.0) -> Answer:
    """Send raw bytes on a fresh connection and read one answer."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(raw)
        return read_answer(sock, started, timeout)


def request(method: str, path: str, body: bytes | None = None, *, content_type: str | None = "application/json",
            headers: dict | None = None, chunked: bool = False) -> bytes:
    """A well-framed HTTP/1.1 request (``Connection: close``)."""
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    if content_type is not None and body is not None:
        lines.append(f"Content-Type: {content_type}")
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    if body is None:
        payload = b""
    elif chunked:
        lines.append("Transfer-Encoding: chunked")
        payload = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 8192]), body[i:i + 8192])
                           for i in range(0, len(body), 8192)) + b"0\r\n\r\n"
    else:
        lines.append(f"Content-Length: {len(body)}")
        payload = body
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + payload


class Gunicorn:
    """``gunicorn wsgi:app -c gunicorn.conf.py`` on a free port, as in production."""

    def __init__(self, metrics_dir: Path, log: Path | None = None, **env: str):
        self.port = free_port()
        self.log = log
        self.env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")}
        self.env.update({"PORT": str(self.port), "WEB_CONCURRENCY": "2",
                         "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir), **env})
        self.proc: subprocess.Popen | None = None

    def start(self) -> Gunicorn:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "wsgi:app", "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{self.port}"],
            cwd=ROOT, env=self.env, stdout=self.log.open("ab") if self.log else subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if exchange(self.port, request("GET", "/healthz"), timeout=1).status == 200:
                    return self
            except OSError:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("gunicorn did not start")

    def signal(self, signum: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(signum)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
