"""The worked examples of docs/*.md: each a request block followed by its answer.

A request is a fenced block tagged ``http``: ``METHOD /path``, optional header lines, a blank line and
a JSON body (none for GET).  The next fenced block, tagged ``json``, is the answer the docs show,
possibly abridged: every key it shows must be in the real answer with the same value (objects may
leave keys out; lists are shown whole).  A request block may start with ``# status NNN`` when the
answer is not 200.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

BLOCK = re.compile(r"^```(\w[\w-]*)\n(.*?)^```", re.S | re.M)


@dataclass
class Example:
    doc: str
    line: int
    method: str
    path: str
    headers: dict = field(default_factory=dict)
    body: object = None
    status: int = 200
    answer: object = None

    @property
    def name(self) -> str:
        return f"{self.doc}:{self.line}"


def parse(path: Path) -> list[Example]:
    text = path.read_text(encoding="utf-8")
    blocks = [(m.group(1), m.group(2), text.count("\n", 0, m.start()) + 1) for m in BLOCK.finditer(text)]
    out = []
    for i, (tag, content, line) in enumerate(blocks):
        if tag != "http":
            continue
        if i + 1 >= len(blocks) or blocks[i + 1][0] != "json":
            raise AssertionError(f"{path.name}:{line}: a request block must be followed by its json answer")
        head, _, body = content.partition("\n\n")
        lines = head.strip().splitlines()
        status = 200
        if lines[0].startswith("# status "):
            status = int(lines.pop(0).split()[-1])
        method, target = lines[0].split()
        headers = dict(h.split(": ", 1) for h in lines[1:])
        out.append(Example(path.name, line, method, target, headers,
                           json.loads(body) if body.strip() else None, status,
                           json.loads(blocks[i + 1][1])))
    return out


def mismatch(shown, actual, where: str = "") -> str | None:
    """Where the answer the docs show differs from the real one, or None."""
    if isinstance(shown, dict):
        if not isinstance(actual, dict):
            return f"{where or '/'}: the docs show an object, the answer is {actual!r}"
        for key, value in shown.items():
            if key not in actual:
                return f"{where}/{key}: not in the answer"
            found = mismatch(value, actual[key], f"{where}/{key}")
            if found:
                return found
        return None
    if isinstance(shown, list):
        if not isinstance(actual, list) or len(shown) != len(actual):
            return f"{where}: the docs show {shown!r}, the answer is {actual!r}"
        for i, (a, b) in enumerate(zip(shown, actual, strict=True)):
            found = mismatch(a, b, f"{where}/{i}")
            if found:
                return found
        return None
    if shown != actual or type(shown) is not type(actual):
        return f"{where}: the docs show {shown!r}, the answer is {actual!r}"
    return None


def keys_shown(shown) -> int:
    if isinstance(shown, dict):
        return len(shown) + sum(keys_shown(v) for v in shown.values())
    if isinstance(shown, list):
        return sum(keys_shown(v) for v in shown)
    return 0


ROOT = Path(__file__).resolve().parent.parent
MARKDOWN_NAME = re.compile(r"[\w./-]*\b[\w-]+\.md\b")
SEED_NAME = re.compile(r"\bseeds? \d{3}\b")
OUTSIDE = re.compile(r"(?:^|[\s`(\"'])(?:\.\./|/(?:work|root|home)/)")


def outside_references(text: str) -> list[str]:
    """What a text names that a reader of the repository cannot open: Markdown files the repository
    does not hold, source texts by internal number, paths outside the repository."""
    found = [name for name in MARKDOWN_NAME.findall(text)
             if not (ROOT / name).exists() and not (ROOT / "docs" / name).exists()]
    found += SEED_NAME.findall(text)
    found += [m.group(0).strip() for m in OUTSIDE.finditer(text)]
    return found
