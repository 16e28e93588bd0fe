"""The build: the rules engine compiled by mypyc where it can be, else the pure-Python engine.

Everything else about the package is in pyproject.toml.  The engine (``rules/``, bar its
``__init__`` and ``_build``) and the bots that play with it (``bots/``, bar its ``__init__``: their
playouts are most of a hint's time) are compiled as one group when mypyc imports and a C compiler
answers, unless ``TRACTOR_PURE=1``; a compile that fails leaves the pure engine and says why.  A successful build
records the digest of the sources it compiled in ``rules/COMPILED_FROM`` (and the name of the
library the compiled modules share, which mypyc puts beside the package), which ``rules._build``
checks at import time, so compiled modules never stand in for sources that changed since.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGES = ("rules", "bots")
UNCOMPILED = ("__init__.py", "_build.py")


def say(message: str) -> None:
    print(f"tractor-rules build: {message}", file=sys.stderr)


def engine_sources() -> list[Path]:
    """The compiled modules, package by package (``rules._build.sources`` reads the same list)."""
    return [p for package in PACKAGES
            for p in sorted((ROOT / package).glob("*.py")) if p.name not in UNCOMPILED]


def digest(paths: list[Path]) -> str:
    import hashlib
    h = hashlib.sha256()
    for path in paths:
        h.update(f"{path.parent.name}/{path.name}".encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def compiler_answers() -> bool:
    """Whether the C compiler Python was built with compiles a trivial file here."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    if not cc or shutil.which(cc[0]) is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp, "probe.c")
        src.write_text("int main(void) { return 0; }\n")
        try:
            done = subprocess.run([*cc, "-c", str(src), "-o", str(Path(tmp, "probe.o"))],
                                  capture_output=True, timeout=60)
        except (OSError, subprocess.SubprocessError):
            return False
        return done.returncode == 0


SOURCES_DIGEST: list[str] = []


def compiled_extensions() -> list:
    if os.environ.get("TRACTOR_PURE") == "1":
        say("TRACTOR_PURE=1: the pure-Python engine")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc is not installed: the pure-Python engine")
        return []
    if not compiler_answers():
        say("no working C compiler: the pure-Python engine")
        return []
    os.chdir(ROOT)
    # the digest of the sources as mypyc reads them: a module edited during the build no longer matches
    # the stamp, so rules._build runs the pure engine until the next build
    SOURCES_DIGEST.append(digest(engine_sources()))
    return mypycify([p.relative_to(ROOT).as_posix() for p in engine_sources()],
                    opt_level="3", debug_level="0", multi_file=True)


class BuildEngine(build_ext):
    """Compiles the engine in parallel; on failure removes what it built and leaves the pure engine."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:  # a compiler or linker error: the pure engine still works
            say(f"compiling the engine failed ({exc}): the pure-Python engine")
            for ext in self.extensions:
                built = Path(self.get_ext_fullpath(ext.name))
                built.unlink(missing_ok=True)
            return
        target = Path(self.get_ext_fullpath("rules.cards")).parent
        target.mkdir(parents=True, exist_ok=True)
        shared = [ext.name for ext in self.extensions if ext.name.endswith("__mypyc")]
        (target / "COMPILED_FROM").write_text("\n".join([SOURCES_DIGEST[0], *shared]) + "\n")
        say(f"the compiled engine ({len(self.extensions)} extension modules)")


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": BuildEngine})
