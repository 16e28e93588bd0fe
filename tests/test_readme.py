"""The README's Python API example runs and its commented answers are the engine's answers."""
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_api_example_gives_the_answers_it_shows():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## Python API.*?```python\n(.*?)```", text, re.S).group(1)
    scope: dict = {}
    exec(compile(block, "README.md", "exec"), scope)
    assert scope["v"].legal is False
    assert [(x.code, x.message) for x in scope["v"].violations] == [
        ("MUST_FOLLOW_SUIT", "you hold 4 ♠ cards: all 2 cards played must be ♠"),
        ("MUST_PLAY_UNIT", "you hold the pair K♠K♠ and must play it"),
    ]
    lp = scope["lp"]
    assert ([[str(c) for c in p] for p in lp.plays], lp.count, lp.count_exact) == (
        [["AS", "AS"], ["KS", "KS"]], 2, True)
    assert (scope["t"].winner, scope["t"].points) == (2, 30)
    for answer in ("'you hold the pair K♠K♠ and must play it'", "(2, 30)", "2, True)"):
        assert answer in block


def test_readme_curl_examples_name_files_that_exist_and_are_answered(client):
    """Every `-d @file` the README sends is in the repository, and the service answers it."""
    text = README.read_text(encoding="utf-8")
    sent = re.findall(r"curl -s -H \"\$H\" \$URL(\S+) -d @(\S+)", text)
    assert sent, "the README sends a recorded hand from a file"
    for path, name in sent:
        body = (README.parent / name).read_text(encoding="utf-8")
        response = client.post(path, data=body, content_type="application/json")
        assert response.status_code == 200, (path, name, response.get_data(as_text=True)[:200])
