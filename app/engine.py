"""The rules engine as the HTTP layer sees it: its version and timed calls."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import rules

from . import metrics

VERSION = rules.__version__


def run(endpoint: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call the engine and record how long it took."""
    start = time.perf_counter()
    try:
        return fn(*args, **kwargs)
    finally:
        metrics.observe(metrics.child(metrics.ENGINE, endpoint), time.perf_counter() - start)
