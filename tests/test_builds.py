"""The compiled and the pure-Python engine: the same answers byte for byte, told apart by the fingerprint,
and a compiled build never used for sources it was not built from (rules._build)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from app.fingerprint import FINGERPRINT
from tests.builds import answers

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not rules.COMPILED, reason=f"the compiled engine does not run here ({rules._build.PURE_REASON})")


def python(code: str, *, pure: bool, path: Path | None = None) -> str:
    env = {**os.environ, "PYTHONPATH": str(path or ROOT)}
    env.pop("TRACTOR_PURE", None)
    if pure:
        env["TRACTOR_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=path or ROOT,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_both_builds_give_the_same_answers_to_the_corpus():
    compiled = answers()
    pure = json.loads(python("import json, sys; from tests.builds import answers; json.dump(answers(), sys.stdout)",
                             pure=True))
    assert (compiled[0], pure[0]) == ("compiled", "pure")
    assert len(compiled) == len(pure) > 2000
    differ = [(a, b) for a, b in zip(compiled[1:], pure[1:], strict=True) if a != b]
    assert not differ, differ[:2]


def test_the_pure_build_runs_from_source_and_has_its_own_fingerprint():
    out = python("import rules, rules.tricks as t, bots.basic as b; from app.fingerprint import FINGERPRINT as F; "
                 "print(rules.BUILD, rules.COMPILED, t.__file__.endswith('.py'), b.__file__.endswith('.py'), F)",
                 pure=True).split()
    assert out[:4] == ["pure", "False", "True", "True"]
    assert out[4] != FINGERPRINT
    import bots.basic
    for module in (rules.tricks, bots.basic):
        assert module.__file__ is not None and not module.__file__.endswith(".py")


@pytest.mark.parametrize("changed", ["rules/tricks.py", "bots/basic.py"])
def test_a_compiled_build_is_not_used_for_changed_sources(tmp_path, changed):
    """The engine and the bots are one build: a change to either runs both from source."""
    for package in ("rules", "bots"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    for name in (ROOT / "rules" / "COMPILED_FROM").read_text().split()[1:]:
        for lib in ROOT.glob(f"{name}.*"):
            shutil.copy(lib, tmp_path)
    probe = ("import bots.basic as b, rules, rules.tricks as t; "
             "print(rules.BUILD, t.__file__.endswith('.py'), b.__file__.endswith('.py'), rules._build.PURE_REASON)")
    assert python(probe, pure=False, path=tmp_path).split() == ["compiled", "False", "False", "None"]
    with open(tmp_path / changed, "a") as f:
        f.write("\n# changed after the build\n")
    assert python(probe, pure=False, path=tmp_path).strip() == "pure True True compiled from other sources"
