"""JSON in and out of the hot path: one decoder and one encoder, built once."""
from __future__ import annotations

import json
from typing import Any

_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
decode = json.JSONDecoder().decode


def encode(answer: Any) -> bytes:
    """An answer as the bytes sent (compact UTF-8 JSON, keys in the order built, a final newline)."""
    return (_encode(answer) + "\n").encode()
