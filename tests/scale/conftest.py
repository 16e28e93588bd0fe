"""The whole topology (Redis Cluster, three instances, haproxy) started once for the scale tests."""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest

from deploy import keys
from deploy.cluster import Topology, haproxy_binary
from tests.conftest import ROOT

from .load import bodies, references

RESULTS = ROOT / "build" / "scale-results.json"
# API keys issued to the tests' clients (each its own tenant, the standard class), by their names.
ISSUED = ["ids", "pool", "beside-the-flood", "flooder", "neighbour", "keeps-flooding", "zh-flood",
          "probe-health", "probe-validate", "victim", *(f"steady-client-{n}" for n in range(4)),
          *(f"keep-alive-{n}" for n in range(30)), *(f"heavy-{n}" for n in range(16))]


@pytest.fixture(scope="session")
def topology(redis_bin):
    try:
        haproxy_binary()
    except SystemExit:
        pytest.skip("haproxy is not installed (apt-get install -y haproxy, or `make test-scale` as root)")
    t = Topology(dir=Path(tempfile.mkdtemp(prefix="tractor-scale-")), redis_bin=redis_bin)
    t.dir.mkdir(parents=True, exist_ok=True)
    for name in ISSUED:
        keys.add(t.keys, name, name)
    t.up(instances=3)
    yield t
    t.down()
    shutil.rmtree(t.dir, ignore_errors=True)



@pytest.fixture(scope="session")
def pool():
    """Requests and their reference answers, computed in this process by the engine."""
    items = bodies(300, seed=19)
    return items, references(items)


@pytest.fixture(scope="session")
def results():
    """Figures of each fault, written to build/scale-results.json at the end."""
    found: dict = {}
    yield found
    if found:
        RESULTS.parent.mkdir(exist_ok=True)
        old = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
        RESULTS.write_text(json.dumps({**old, **found}, indent=2) + "\n")
