"""docs/clients.md: every Python, JavaScript and curl example runs against a live gunicorn and prints
exactly the output the page shows."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import gunicorn

PAGE = Path(__file__).resolve().parent.parent / "docs" / "clients.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def examples() -> list[tuple[str, str, str]]:
    """(language, code, expected output) for each runnable block followed by a ``text`` block."""
    blocks = [(m.group(1), m.group(2)) for m in BLOCK.finditer(PAGE.read_text(encoding="utf-8"))]
    return [(tag, code, blocks[i + 1][1]) for i, (tag, code) in enumerate(blocks)
            if tag in ("python", "js", "sh") and i + 1 < len(blocks) and blocks[i + 1][0] == "text"]


@pytest.fixture(scope="module")
def server(base_env, tmp_path_factory):
    yield from gunicorn(base_env, 1, tmp_path_factory.mktemp("metrics"))


FLOWS = ("/v1/plays/validate", "/v1/plays/legal", "/v1/hands/settle", "/v1/hands/adjudicate")
GAME_LOOP = ("/v1/deals", "/v1/hands/state", "/v1/hands/adjudicate")


def test_the_page_has_every_language_and_flow():
    found = examples()
    assert sorted({tag for tag, _, _ in found}) == ["js", "python", "sh"]
    for tag in ("js", "python", "sh"):
        flows = [code for t, code, _ in found if t == tag and all(path in code for path in FLOWS)]
        assert flows, (tag, "the four flows")
    for tag in ("js", "python"):
        # a whole hand played with hands/state alone (deals once, one state request per action)
        loops = [code for t, code, _ in found if t == tag and all(path in code for path in GAME_LOOP)]
        assert loops and all("/v1/plays/" not in code for code in loops), (tag, "the game loop")


@pytest.mark.parametrize("tag, code, expected", examples(), ids=[tag for tag, _, _ in examples()])
def test_client_example_prints_what_the_page_shows(server, base_env, tmp_path, tag, code, expected):
    if tag == "js":
        node = shutil.which("node")
        if node is None:
            pytest.skip("node is not installed: the JavaScript example cannot run here")
        script = tmp_path / "flows.mjs"
        script.write_text(code, encoding="utf-8")
        command = [node, str(script)]
    elif tag == "python":
        command = [sys.executable, "-c", code]
    else:
        if shutil.which("curl") is None:
            pytest.skip("curl is not installed: the curl example cannot run here")
        command = ["bash", "-c", code]
    env = {**base_env, "TRACTOR_URL": server, "PATH": f"{Path(sys.executable).parent}:{base_env.get('PATH', '')}"}
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected
