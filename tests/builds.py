"""One build's answers to a fixed corpus, so the compiled and the pure engine can be held to the same bytes.

    python -m tests.builds > answers.json                      # the build that is installed
    TRACTOR_PURE=1 python -m tests.builds > pure.json          # the pure-Python build

The corpus: every worked example of docs/*.md, every recorded hand (adjudicated, with every fault too,
and its state at every trick), the follow positions of tests/data, and the benchmark's fixed 2- and 4-deck follows and
tricks through the engine (check, listing, trick winner), and the bots' hints (``basic``, ``standard``) at
positions of hands in each 2-deck preset.  Each answer is the HTTP status and body,
or the engine's result as its repr; the first line of the output names the build.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import rules
from rules import InputError, check_play, legal_plays, trick_winner

ROOT = Path(__file__).resolve().parent.parent


def http_corpus() -> Iterator[tuple[str, str, object]]:
    from tests.docs_examples import parse
    for doc in sorted((ROOT / "docs").glob("*.md")):
        for ex in parse(doc):
            yield ex.method, ex.path, ex.body
    for path in sorted((ROOT / "tests" / "data" / "hands").glob("*.json")):
        record = json.loads(path.read_text())
        record.pop("expected", None)
        yield "POST", "/v1/hands/adjudicate", record
        yield "POST", "/v1/hands/adjudicate", {**record, "faults": "all"}
        for t in range(len(record.get("tricks") or ())):
            yield "POST", "/v1/hands/state", {**record, "tricks": record["tricks"][:t]}
    positions = json.loads((ROOT / "tests" / "data" / "follow_positions.json").read_text())["positions"]
    for p in positions:
        body = {k: p[k] for k in ("rules", "trump", "hand", "lead")}
        yield "POST", "/v1/plays/legal", {**body, "limit": 20}
        yield "POST", "/v1/plays/legal", {**body, "sample": 5, "seed": 7}


def engine_answers(n: int) -> Iterator[str]:
    from bench.cases import follow_cases, trick_cases
    for case in follow_cases(n, n // 4):
        for call in (lambda c=case: check_play(c.rules, c.trump, c.hand, c.play, c.lead),
                     lambda c=case: legal_plays(c.rules, c.trump, c.hand, c.lead, limit=10)):
            try:
                yield repr(call())
            except InputError as exc:
                yield f"refused: {exc}"
    for case in trick_cases(n, n // 4):
        try:
            yield repr(trick_winner(case.rules, case.trump, case.plays))
        except InputError as exc:
            yield f"refused: {exc}"


def bot_answers() -> Iterator[str]:
    """The bots' hints (compiled with the engine) at positions of hands ``basic`` plays in each 2-deck preset."""
    from bench.bots import positions
    from bots import suggest
    for cut in positions(1, 12):
        for strength in ("basic", "standard"):
            yield repr(suggest(cut, None, strength, "builds", declarations_closed=True))


def answers(engine_cases: int = 400) -> list[str]:
    from app import create_app
    client = create_app({}).test_client()
    out = [rules.BUILD]
    for method, path, body in http_corpus():
        response = client.open(path, method=method, json=body,
                               headers={"Cache-Control": "no-cache"})
        out.append(f"{method} {path} {response.status_code} {response.get_data(as_text=True)}")
    out.extend(engine_answers(engine_cases))
    out.extend(bot_answers())
    return out


if __name__ == "__main__":
    json.dump(answers(int(sys.argv[1]) if len(sys.argv) > 1 else 400), sys.stdout, ensure_ascii=False, indent=0)
