"""JSON out of the hot path: one encoder, built once (request bodies are parsed by :func:`app.body.parse`)."""
from __future__ import annotations

import json
from typing import Any

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_encode = _ENCODER.encode

DEPTH = 3       # how deep :class:`Shared` answers are searched for parts that repeat
_CONTAINERS = (dict, list)


class Shared(dict):
    """An answer in which the same objects (dicts, lists) appear more than once, such as every view of
    ``views: "all"`` holding the one list of tricks they all show: :func:`encode` writes each such part
    once and repeats its text.  Only parts found within :data:`DEPTH` levels of the answer are shared;
    the bytes are those of the answer as a plain dict."""


def encode(answer: Any) -> bytes:
    """An answer as the bytes sent (compact UTF-8 JSON, keys in the order built, a final newline)."""
    if type(answer) is Shared:
        return (_Composer(answer).text(answer, 0) + "\n").encode()
    return (_encode(answer) + "\n").encode()


class _Composer:
    """Writes a :class:`Shared` answer: a part that repeats is encoded once; a dict or list that holds
    one (it is *hot*) is written part by part, a dict's other keys in runs encoded by one call each."""

    def __init__(self, answer: dict):
        self.part = _part()
        self.seen: dict[int, int] = {}                 # a container's id: how often it appears
        self.below: dict[int, list[Any]] = {}          # a container looked into: its containers
        self.texts: dict[int, str] = {}                # a repeated container's text
        self._count(answer, 0)
        self.hot: set[int] = set()
        seen, hot = self.seen, self.hot
        for key, children in reversed(self.below.items()):     # a container's children before it
            if any(seen[id(c)] > 1 or id(c) in hot for c in children):
                hot.add(key)

    def _count(self, node: Any, depth: int) -> None:
        children = [c for c in (node.values() if isinstance(node, dict) else node) if type(c) in _CONTAINERS]
        self.below[id(node)] = children
        seen = self.seen
        deeper = depth + 1 < DEPTH
        for child in children:
            key = id(child)
            times = seen[key] = seen.get(key, 0) + 1
            if times == 1 and deeper:
                self._count(child, depth + 1)

    def text(self, node: Any, depth: int) -> str:
        key = id(node)
        done = self.texts.get(key)
        if done is not None:
            return done
        part, seen, hot = self.part, self.seen, self.hot
        if depth and key not in hot:
            out = part(node)
        elif isinstance(node, list):
            out = "[" + ",".join(self.text(child, depth + 1) for child in node) + "]"
        else:
            parts: list[str] = []
            run: dict = {}
            for name, child in node.items():
                if type(child) in _CONTAINERS and type(name) is str and (seen[id(child)] > 1 or id(child) in hot):
                    if run:
                        parts.append(part(run)[1:-1])
                        run = {}
                    parts.append(part(name) + ":" + self.text(child, depth + 1))
                else:
                    run[name] = child
            if run:
                parts.append(part(run)[1:-1])
            out = "{" + ",".join(parts) + "}"
        if seen.get(key, 0) > 1:
            self.texts[key] = out
        return out


def _part() -> Any:
    """The encoder's own function for one part (what ``_encode`` runs, built once per answer rather
    than once per part: the standard library's C encoder where it has one)."""
    make = json.encoder.c_make_encoder
    e = _ENCODER
    if make is None:
        return _encode
    encoder = make({}, e.default, json.encoder.encode_basestring, e.indent, e.key_separator, e.item_separator,
                   e.sort_keys, e.skipkeys, e.allow_nan)
    return lambda value: "".join(encoder(value, 0))
