"""A hostile-input corpus over raw sockets to a live gunicorn: every answer is exact, fast and never a 5xx.

Every POST endpoint gets every class of bad body (nesting, surrogates, numbers, UTF-8, framing, size,
media type, content); the server-level classes (request line, headers, transfer codings) are sent
to every kind of path. Each case asserts the exact status, the content type, a problem ``status``
equal to the HTTP status, and an answer within a second.
"""
from __future__ import annotations

import json
import socket
import time

import pytest
import yaml

from .wire import ROOT, exchange, read_answer, request

SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))


def _first_example(content: dict) -> dict:
    """The request example, or the first of the named ones."""
    if "example" in content:
        return content["example"]
    return next(iter(content["examples"].values()))["value"]


EXAMPLES = {path: _first_example(item["post"]["requestBody"]["content"]["application/json"])
            for path, item in SPEC["paths"].items() if "post" in item}
LIMIT = 256 * 1024
PROBLEM = "application/problem+json"


def dump(value) -> bytes:
    return json.dumps(value).encode()


def first_card(value):
    """The path to the first card string in an example (a list of keys and indexes), or None."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("cards", "hand", "play", "lead", "kitty", "hands", "plays", "deal", "declaration",
                       "history", "last_trick", "tricks"):
                found = first_card(item)
                if found is not None:
                    return [key, *found]
    if isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, str) and len(item) <= 3:
                return [i]
            found = first_card(item)
            if found is not None:
                return [i, *found]
    return None


def with_card(example: dict, text: str) -> dict:
    body = json.loads(json.dumps(example))
    path = first_card(body)
    if path is None:  # deals: no cards; the preset name instead
        body["rules"] = text
        return body
    target = body
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = text
    return body


def chunked(path: str, framing: bytes) -> bytes:
    head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n").encode()
    return head + framing


def body_cases(path: str, example: dict) -> list[tuple[str, bytes, int]]:
    good = dump(example)
    inner = good[1:]  # the example without its opening brace
    spaced = dump(with_card(example, " AS "))
    cases = [
        ("valid", request("POST", path, good), 200),
        ("valid-chunked", request("POST", path, good, chunked=True), 200),
        ("deep-arrays", request("POST", path, b"[" * 50_000 + b"]" * 50_000), 400),
        ("deep-objects", request("POST", path, b'{"a":' * 20_000 + b"1" + b"}" * 20_000), 400),
        ("deep-in-a-field", request("POST", path, b'{"rules":' + b"[" * 40 + b"]" * 40 + b"," + inner), 400),
        ("nested-within-limit", request("POST", path, b'{"x":' + b"[" * 20 + b"]" * 20 + b"," + inner), 422),
        ("unclosed-deep", request("POST", path, b"[" * 100_000), 400),
        ("lone-high-surrogate-value", request("POST", path, dump(with_card(example, "\ud800"))), 400),
        ("lone-low-surrogate-value", request("POST", path, dump(with_card(example, "\udfff"))), 400),
        ("lone-surrogate-key", request("POST", path, b'{"\\ud800": 1,' + inner), 400),
        ("surrogate-pair-is-fine", request("POST", path, dump(with_card(example, "\U0001f0a1"))), 422),
        ("huge-integer", request("POST", path, b'{"x": ' + b"7" * 5000 + b"," + inner), 400),
        ("long-negative-integer", request("POST", path, b'{"x": -' + b"9" * 4301 + b"," + inner), 400),
        ("nan", request("POST", path, b'{"x": NaN,' + inner), 400),
        ("infinity", request("POST", path, b'{"x": -Infinity,' + inner), 400),
        ("float-overflow", request("POST", path, b'{"x": 1e400,' + inner), 400),
        ("invalid-utf8", request("POST", path, b'{"x": "\xff\xfe",' + inner), 400),
        ("encoded-surrogate-utf8", request("POST", path, b'{"x": "\xed\xa0\x80",' + inner), 400),
        ("overlong-utf8", request("POST", path, b'{"x": "\xc0\xaf",' + inner), 400),
        ("truncated-utf8", request("POST", path, b'{"x": "\xe4\xb8",' + inner), 400),
        ("utf8-bom", request("POST", path, b"\xef\xbb\xbf" + good), 400),
        ("truncated-json", request("POST", path, good[:-1]), 400),
        ("trailing-garbage", request("POST", path, good + b"}"), 400),
        ("whitespace-only", request("POST", path, b"  \r\n "), 400),
        ("bad-chunk-size", chunked(path, b"zz\r\n{}\r\n0\r\n\r\n"), 400),
        ("negative-chunk-size", chunked(path, b"-5\r\n{}\r\n0\r\n\r\n"), 400),
        ("chunk-without-terminator", chunked(path, b"2\r\n{}XX0\r\n\r\n"), 400),
        ("chunk-size-overflow", chunked(path, b"ffffffffffffffffffffff\r\n{}\r\n0\r\n\r\n"), 413),
        ("chunk-over-limit-then-stall", chunked(path, b"40001\r\n{}"), 413),
        ("chunked-over-limit", request("POST", path, b'{"x": "' + b"a" * LIMIT + b'"}', chunked=True), 413),
        ("length-over-limit", request("POST", path, b'{"x": "' + b"a" * LIMIT + b'"}'), 413),
        ("declared-length-over-limit", request("POST", path, b"{}").replace(b"Content-Length: 2",
                                                                             b"Content-Length: 99999999"), 413),
        ("card-with-spaces", request("POST", path, spaced), 422),
        ("card-with-newline", request("POST", path, dump(with_card(example, "AS\n"))), 422),
        ("form-media-type", request("POST", path, good, content_type="application/x-www-form-urlencoded"), 415),
        ("text-media-type", request("POST", path, good, content_type="text/plain"), 415),
        ("no-media-type", request("POST", path, good, content_type=None), 415),
        ("empty-body", request("POST", path, b""), 422),
        ("array-body", request("POST", path, b"[1, 2]"), 422),
        ("null-body", request("POST", path, b"null"), 422),
        ("unknown-field", request("POST", path, b'{"zzz": 1,' + inner), 422),
        ("repeated-member-name", request("POST", path, b'{"rules": "qq",' + inner), 400),
        ("repeated-member-name-nested", request("POST", path, b'{"x": {"a": 1, "a": 1},' + inner), 400),
    ]
    return [(f"{path}:{name}", raw, status) for name, raw, status in cases]


def server_cases() -> list[tuple[str, bytes, int]]:
    cases = []
    for path in ("/healthz", "/v1/rulesets", "/v1/plays/validate"):
        cases += [
            (f"{path}:uri-too-long", f"GET {path}?{'a' * 5000} HTTP/1.1\r\nHost: x\r\n\r\n".encode(), 414),
            (f"{path}:too-many-headers", f"GET {path} HTTP/1.1\r\nHost: x\r\n".encode()
             + b"".join(b"X-H%d: 1\r\n" % i for i in range(60)) + b"\r\n", 431),
            (f"{path}:header-too-large", f"GET {path} HTTP/1.1\r\nHost: x\r\nX-Big: {'b' * 9000}\r\n\r\n".encode(), 431),
            (f"{path}:bad-version", f"GET {path} HTTP/9.9\r\nHost: x\r\n\r\n".encode(), 400),
            (f"{path}:bad-method", f"G(T {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode(), 400),
            (f"{path}:length-and-chunked", f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
             "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n".encode(), 400),
            (f"{path}:unknown-coding", f"POST {path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n".encode(),
             400),
            (f"{path}:bad-length", f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 12a\r\n\r\n".encode(), 400),
            (f"{path}:two-lengths", f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n"
             "\r\n{}".encode(), 400),
            (f"{path}:script-name-header", f"GET {path} HTTP/1.1\r\nHost: x\r\nSCRIPT_NAME: /elsewhere\r\n\r\n".encode(),
             400),
            (f"{path}:header-without-colon", f"GET {path} HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n".encode(), 400),
            (f"{path}:control-in-header", f"GET {path} HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n".encode(), 400),
            (f"{path}:obsolete-folding", f"GET {path} HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n".encode(), 400),
        ]
    cases += [
        ("binary-request-line", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400),
        ("nul-in-path", b"GET /heal\x00thz HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("encoded-surrogate-in-path", request("GET", "/v1/rulesets/%ED%A0%80"), 404),
        ("invalid-utf8-in-path", request("GET", "/v1/rulesets/%FF%FE"), 404),
        ("latin1-in-path", b"GET /v1/rulesets/\xe9 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("unknown-path", request("GET", "/v2/anything"), 404),
        ("unknown-preset", request("GET", "/v1/rulesets/nope"), 404),
        ("wrong-method", request("DELETE", "/v1/plays/validate"), 405),
        ("get-on-post", request("GET", "/v1/cards/analyze"), 405),
        ("surrogate-request-id", request("GET", "/healthz", headers={"X-Request-ID": "%ED%A0%80"}), 200),
        ("expect-unknown", request("POST", "/v1/deals", b"{}", headers={"Expect": "200-ok"}), 417),
    ]
    return cases


CASES = [case for path, example in EXAMPLES.items() for case in body_cases(path, example)] + server_cases()


def test_the_corpus_covers_every_endpoint_and_is_large():
    assert len(CASES) >= 150
    assert set(EXAMPLES) == {p for p, item in SPEC["paths"].items() if "post" in item}
    assert len(EXAMPLES) == 13


@pytest.mark.parametrize("name,raw,status", CASES, ids=[c[0] for c in CASES])
def test_hostile_input(live, name, raw, status):
    answer = exchange(live.port, raw, timeout=5)
    assert answer.status == status, (name, answer.status, answer.body[:300])
    assert answer.seconds < 1.0, (name, answer.seconds)
    if status == 200:
        assert answer.mimetype == "application/json"
        return
    assert answer.mimetype == PROBLEM, (name, answer.headers)
    problem = answer.json()
    assert problem["status"] == status
    assert problem["type"] and problem["title"] and problem["detail"]


def test_a_chunked_body_cut_off_by_the_client_is_a_400(live):
    """The client half-closes mid-chunk: the body cannot be complete."""
    with socket.create_connection(("127.0.0.1", live.port)) as s:
        started = time.monotonic()
        s.sendall(chunked("/v1/cards/analyze", b"40\r\n{\"rules\": "))
        s.shutdown(socket.SHUT_WR)
        answer = read_answer(s, started, 5)
    assert answer.status == 400 and answer.json()["status"] == 400 and answer.mimetype == PROBLEM


def test_the_connection_is_closed_after_a_framing_error(live):
    """After a bad chunk the rest of the stream is not a request: one answer, then the end."""
    with socket.create_connection(("127.0.0.1", live.port)) as s:
        started = time.monotonic()
        s.sendall(chunked("/v1/cards/analyze", b"zz\r\n{}\r\n0\r\n\r\n").replace(b"Connection: close",
                                                                               b"Connection: keep-alive"))
        answer = read_answer(s, started, 5)
        assert answer.status == 400 and answer.headers.get("connection") == "close"
        s.settimeout(5)
        assert s.recv(100) == b""


def test_keep_alive_survives_a_413_with_length(live):
    """A declared length over the limit is answered at once without reading the body."""
    raw = request("POST", "/v1/deals", b"{}").replace(b"Content-Length: 2", b"Content-Length: 99999999")
    answer = exchange(live.port, raw, timeout=5)
    assert answer.status == 413 and answer.seconds < 1.0
