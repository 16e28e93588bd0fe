"""The engine fingerprint: a digest of the ``rules`` package's files, its build and the ruleset presets.

Computed once at start-up and carried in every cache key, so a deploy that changes any rule (or
any preset) can never be answered from a cache filled by the engine before it, even in a Redis
shared by instances of both; nobody has to bump a version by hand.  ``/healthz`` shows it.  The
build (``compiled`` or ``pure``, :data:`rules.BUILD`) is part of it: the two builds answer alike, and
a test holds them to it, but a cache is never the place where that is taken on trust.

The service fingerprint does the same for everything else that shapes an answer's bytes or decides
whether a body is accepted at all: every file under ``app/`` and ``schemas/`` (the body reader, the
schemas and presenters, the resources, the encoder, the translations, and whatever module or page a
later change adds there), found by directory rather than listed by hand.  A raw-key hit is answered
before the body is parsed, so a cache filled by a looser build must never answer this one; and a
corrected message or a changed field must never be served old from a cache filled before the deploy.
A change elsewhere in ``app/`` (metrics, logging) costs one cold cache, never a stale answer.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import rules
from rules.ruleset import PRESETS, Ruleset


def engine_fingerprint(root: Path | None = None) -> str:
    """The hex SHA-256 of the engine's build, every file of the ``rules`` package (by relative path),
    the ``bots`` package's modules and every preset."""
    digest = hashlib.sha256(b"build:" + rules.BUILD.encode() + b"\0")
    root = Path(rules.__file__).resolve().parent if root is None else root
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        if "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo"):
            continue
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    if root is None:            # the bots' answers (plays/suggest) are the engine's too
        bots_root = Path(rules.__file__).resolve().parent.parent / "bots"
        for path in sorted(p for p in bots_root.glob("*.py")):
            digest.update(b"bots/" + path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    presets = {name: Ruleset.preset(name).to_dict() for name in PRESETS}
    digest.update(json.dumps(presets, sort_keys=True, separators=(",", ":"), default=str).encode())
    return digest.hexdigest()


def _digest_tree(digest, root: Path, directory: str) -> None:
    for path in sorted(p for p in (root / directory).rglob("*") if p.is_file()):
        if "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo"):
            continue
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")


def service_fingerprint(root: Path | None = None) -> str:
    """The hex SHA-256 of every file under ``app/`` and ``schemas/`` of ``root`` (the project)."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent.parent if root is None else root
    for directory in ("app", "schemas"):
        _digest_tree(digest, root, directory)
    return digest.hexdigest()


FINGERPRINT = engine_fingerprint()
SERVICE_FINGERPRINT = service_fingerprint()
