"""The rules engine as the HTTP layer sees it: its version and timed calls."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import rules

from . import metrics, shed

VERSION = rules.__version__


def run(endpoint: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call the engine in its turn (:mod:`app.shed`: may raise ``Overloaded``) and record how long it took."""
    shed.enter(endpoint)
    start = time.perf_counter()
    try:
        return fn(*args, **kwargs)
    finally:
        seconds = time.perf_counter() - start
        shed.leave(endpoint, seconds)
        metrics.observe(metrics.child(metrics.ENGINE, endpoint), seconds)
