"""schemathesis against the committed openapi.yaml, on a live gunicorn: no 5xx, nothing off-spec."""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import gunicorn

EXAMPLES_PER_OPERATION = 25
SEED = 20251130
SKIPPED_CHECKS = ("positive_data_acceptance",  # the spec cannot say "a hand holds at most 25 cards": 422
                  "ignored_auth", "use_after_free", "ensure_resource_availability", "object_level_authorization")


@pytest.fixture(scope="module")
def live_server(base_env, tmp_path_factory):
    yield from gunicorn(base_env, 2, tmp_path_factory.mktemp("metrics"))


def rulesets_count(live_server: str) -> float:
    text = urllib.request.urlopen(live_server + "/metrics", timeout=5).read().decode()
    return next((float(x.split()[-1]) for x in text.splitlines()
                 if x.startswith('tractor_http_requests_total{endpoint="/v1/rulesets",method="GET",status="200"}')), 0.0)


def test_metrics_merge_gunicorn_workers(live_server):
    """Both workers' counts add up, within the batching interval (half a second by default)."""
    for _ in range(6):
        urllib.request.urlopen(live_server + "/v1/rulesets", timeout=5).read()
    deadline = time.monotonic() + 3
    while rulesets_count(live_server) < 6 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert rulesets_count(live_server) == 6


def test_schemathesis_finds_nothing(live_server, root, tmp_path):
    st = Path(sys.executable).parent / "schemathesis"
    result = subprocess.run(
        [str(st), "run", str(root / "openapi.yaml"), "--url", live_server, "--mode", "all",
         "--max-examples", str(EXAMPLES_PER_OPERATION), "--seed", str(SEED), "--checks", "all",
         "--exclude-checks", ",".join(SKIPPED_CHECKS), "--generation-database", "none", "--workers", "2",
         "--request-timeout", "20", "--no-color", "--warnings", "off"],
        cwd=tmp_path, env={**os.environ, "NO_COLOR": "1"}, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-2000:]
