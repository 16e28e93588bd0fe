"""Graceful drain: one flag shared by the gunicorn master and its workers.

The flag lives in an anonymous shared memory page made when this module is first imported. The
gunicorn config imports it in the master, before any worker is forked, so every worker sees the
master's writes. On SIGTERM the master sets it (``/readyz`` answers 503 from then on), keeps
serving for ``DRAIN_SECONDS``, then stops as gunicorn does: no new connections, every accepted
request finished.
"""
from __future__ import annotations

import mmap
import struct
import time

_PAGE = mmap.mmap(-1, 8)
_FORMAT = "d"


def start(now: float | None = None) -> None:
    """Mark the process group as draining (from now on)."""
    _PAGE[:8] = struct.pack(_FORMAT, time.time() if now is None else now)


def since() -> float | None:
    """When the drain began (epoch seconds), or None while serving normally."""
    value = struct.unpack(_FORMAT, _PAGE[:8])[0]
    return value or None


def draining() -> bool:
    return since() is not None


def reset() -> None:
    _PAGE[:8] = struct.pack(_FORMAT, 0.0)
