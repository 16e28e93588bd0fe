"""The rules engine as the HTTP layer sees it: its version, timed calls, and what is available."""
from __future__ import annotations

import time
from typing import Any, Callable

import rules

from . import metrics

FALLBACK_VERSION = "0.1.0"
VERSION = str(getattr(rules, "__version__", FALLBACK_VERSION))


def run(endpoint: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call the engine and record how long it took."""
    start = time.perf_counter()
    try:
        return fn(*args, **kwargs)
    finally:
        metrics.ENGINE.labels(endpoint).observe(time.perf_counter() - start)


def missing(exc: ImportError) -> bool:
    """True when ``exc`` says an engine module or name does not exist (yet)."""
    name = exc.name or ""
    return name == "rules" or name.startswith("rules.")
