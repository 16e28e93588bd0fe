"""``make fuzz``: schemathesis, every check, many examples per operation, against a live gunicorn.

``python -m tests.contract.fuzz [examples]`` (default 1000). Prints schemathesis' report, then the
schema-valid bodies answered 422 for a cross-field rule, which positive data acceptance excuses (see ``tests/contract/hooks.py``), by
operation and rule. Exits with schemathesis' status.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.hostile.wire import ROOT, Gunicorn

SEED = 20251130
SKIPPED_CHECKS = ("ignored_auth", "use_after_free", "ensure_resource_availability", "object_level_authorization")


def main(examples: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        server = Gunicorn(Path(tmp), DRAIN_SECONDS="0", WEB_CONCURRENCY="2").start()
        skipped = Path(tmp) / "skipped.json"
        try:
            st = Path(sys.executable).parent / "schemathesis"
            env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT), "SCHEMATHESIS_HOOKS": "tests.contract.hooks",
                   "FUZZ_SKIPPED": str(skipped)}
            result = subprocess.run(
                [str(st), "run", str(ROOT / "openapi.yaml"), "--url", f"http://127.0.0.1:{server.port}",
                 "--mode", "all", "--max-examples", str(examples), "--seed", str(SEED), "--checks", "all",
                 "--exclude-checks", ",".join(SKIPPED_CHECKS), "--generation-database", "none", "--workers", "2",
                 "--request-timeout", "20", "--no-color", "--warnings", "off"], cwd=tmp, env=env)
        finally:
            server.stop()
        if skipped.exists():
            print("\nSchema-valid bodies answered 422 for a cross-field rule, excused (operation: rule: count):")
            for rule, count in json.loads(skipped.read_text(encoding="utf-8")).items():
                print(f"  {rule}: {count}")
        return result.returncode


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
