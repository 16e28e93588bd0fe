"""``bench/RESULTS.md``: each benchmark owns a section between its own begin and end markers."""
from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def write_section(text: str, begin: str, end: str, path: Path = RESULTS, before: str | None = None) -> None:
    """Put ``text`` (which starts with ``begin`` and ends with ``end``) into the results file: in
    place of the section it held, else before the marker ``before`` where given and present, else
    at the end."""
    current = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    start, stop = current.find(begin), current.find(end)
    if start >= 0 and stop > start:
        current = current[:start] + text.rstrip("\n") + current[stop + len(end):]
    elif before is not None and before in current:
        at = current.find(before)
        current = current[:at] + text.rstrip("\n") + "\n\n" + current[at:]
    else:
        current = current.rstrip("\n") + "\n\n" + text
    path.write_text(current, encoding="utf-8")
