"""`make cluster` / `make cluster-down` (``python -m deploy.cluster up|down``) as a user runs them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from deploy.cluster import alive, haproxy_binary, readiness
from tests.conftest import ROOT

from .test_edge import send

pytestmark = pytest.mark.topology


def command(action: str, directory: Path, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deploy.cluster", action], cwd=ROOT, capture_output=True, text=True,
                          timeout=180, env={**os.environ, "CLUSTER_DIR": str(directory), **env})


def test_up_writes_the_state_and_keeps_running_until_down(redis_bin):
    try:
        haproxy_binary()
    except SystemExit:
        pytest.skip("haproxy is not installed (apt-get install -y haproxy, or `make test-scale` as root)")
    directory = Path(tempfile.mkdtemp(prefix="tractor-up-"))
    up = command("up", directory, INSTANCES="2", RATE_LIMIT="7")
    try:
        assert up.returncode == 0, up.stdout + up.stderr
        state = json.loads((directory / "state.json").read_text())
        assert set(state) == {"url", "instances", "redis", "haproxy"}
        assert state["url"] == f"http://127.0.0.1:{state['haproxy']['port']}"
        assert [set(i) for i in state["instances"]] == [{"port", "pid"}] * 2
        assert sorted(r["role"] for r in state["redis"]) == ["master"] * 3 + ["replica"] * 3
        assert all(set(r) == {"port", "pid", "role"} for r in state["redis"])
        pids = [i["pid"] for i in state["instances"]] + [r["pid"] for r in state["redis"]] + [state["haproxy"]["pid"]]
        assert all(alive(pid) for pid in pids)          # still running after the command returned
        for i in state["instances"]:
            assert readiness(f"http://127.0.0.1:{i['port']}")[1]["status"] == "ready"
        assert readiness(state["url"])[0] == 200
        time.sleep(1.1)     # the readiness checks above came from this address too (a key not issued is none)
        counts, refused = send(state["url"], 30, {"X-API-Key": "seven"})
        assert 13 <= counts[200] <= 15 and "7 requests per second" in refused[0][1]["detail"], counts   # bursts of 14
        again = command("up", directory)
        assert again.returncode == 1 and "already running" in again.stdout
    finally:
        down = command("down", directory)
    assert down.returncode == 0, down.stdout + down.stderr
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in pids)
    assert not directory.exists()
