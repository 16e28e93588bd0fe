"""Which build of the engine runs: compiled (mypyc) or pure Python, from the same source.

The compiled build is one mypyc group of the rules engine and the bots that play with it
(``rules.*`` and ``bots.*``, bar each package's ``__init__`` and this module).  Its modules are used
when they are installed, were compiled from exactly the sources beside them (the digest ``setup.py``
records in ``COMPILED_FROM``), the library they share loads (mypyc puts it beside the packages; it
is loaded here by its path, so the compiled modules find it wherever the packages are imported from)
and ``TRACTOR_PURE`` is not ``1``.  Otherwise a finder makes every module of both packages load from
its source, so a compiled module never answers for sources it was not built from.
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
STAMP = HERE / "COMPILED_FROM"
PACKAGES = ("rules", "bots")
UNCOMPILED = ("__init__.py", "_build.py")


def sources() -> list[Path]:
    """The modules the compiled build is made of, package by package."""
    return [p for package in PACKAGES
            for p in sorted((HERE.parent / package).glob("*.py")) if p.name not in UNCOMPILED]


def sources_digest(paths: Sequence[Path] | None = None) -> str:
    """The hex SHA-256 of the compiled modules' sources (by name)."""
    digest = hashlib.sha256()
    for path in sources() if paths is None else paths:
        digest.update(f"{path.parent.name}/{path.name}".encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _why_pure() -> str | None:
    if os.environ.get("TRACTOR_PURE") == "1":
        return "TRACTOR_PURE=1"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    if not STAMP.is_file() or not all(p.with_name(p.stem + suffix).is_file() for p in sources()):
        return "not compiled"
    recorded, *shared = STAMP.read_text().split()
    if recorded != sources_digest():
        return "compiled from other sources"
    for name in shared:
        if name not in sys.modules and not _load(name, HERE.parent / f"{name}{suffix}"):
            return f"the compiled engine's library {name} does not load"
    return None


def _load(name: str, path: Path) -> bool:
    spec = importlib.util.spec_from_file_location(name, path) if path.is_file() else None
    if spec is None or spec.loader is None:
        return False
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except ImportError:
        return False
    sys.modules[name] = module
    return True


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Loads ``rules.<module>`` (or ``bots.<module>``) from its ``.py`` even where a compiled module
    sits beside it."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.partition(".")
        if package not in PACKAGES or not name or "." in name:
            return None
        source = HERE.parent / package / f"{name}.py"
        return importlib.util.spec_from_file_location(fullname, source) if source.is_file() else None


PURE_REASON = _why_pure()
COMPILED = PURE_REASON is None
BUILD = "compiled" if COMPILED else "pure"
if not COMPILED and not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, _SourceFinder())
