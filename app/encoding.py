"""JSON out of the hot path: one encoder, built once (request bodies are parsed by :func:`app.body.parse`)."""
from __future__ import annotations

import json
from typing import Any

_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def encode(answer: Any) -> bytes:
    """An answer as the bytes sent (compact UTF-8 JSON, keys in the order built, a final newline)."""
    return (_encode(answer) + "\n").encode()
