"""Steady load through the front door, with every answer checked against a reference.

Each client is a thread with its own keep-alive connection and its own ``X-API-Key``, pacing its
requests at a fixed rate; the bodies are drawn from a pool whose reference answers were computed
in-process by the same engine (a Flask test client, no cache).  ``python -m tests.scale.load flood
URL SECONDS`` is the flooding client: unkeyed, as fast as it can, in a process of its own (so it
does not take the load generator's interpreter lock).
"""
from __future__ import annotations

import http.client
import json
import random
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlsplit

SUITS = "SHCD"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RULES = {"rules": "qq", "trump": {"level": "10", "suit": "H"}}


def bodies(count: int, seed: int) -> list[tuple[str, dict]]:
    """``count`` distinct requests to the cached endpoints (and one that is not cached)."""
    rng = random.Random(seed)
    deck = [r + s for s in SUITS for r in RANKS] * 2
    out: list[tuple[str, dict]] = []
    seen: set[str] = set()
    while len(out) < count:
        kind = rng.randrange(4)
        drawn = rng.sample(deck, 13)
        hand, lead = drawn[:12], [drawn[12]]
        if kind == 0:
            plays = [{"seat": seat, "cards": [card]} for seat, card in enumerate(rng.sample(deck, 4))]
            item = ("/v1/tricks/winner", {**RULES, "plays": plays})
        elif kind == 1:
            item = ("/v1/plays/legal", {**RULES, "hand": hand, "lead": lead})
        elif kind == 2:
            item = ("/v1/plays/validate", {**RULES, "hand": hand, "play": [hand[0]], "lead": lead})
        else:
            item = ("/v1/cards/analyze", {**RULES, "cards": hand[:5]})
        key = json.dumps(item, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def references(items: list[tuple[str, dict]]) -> list[dict]:
    """Each request's answer computed in this process by the engine behind a Flask test client."""
    from app import create_app
    client = create_app({}).test_client()
    answers = []
    for path, body in items:
        r = client.post(path, json=body, headers={"Cache-Control": "no-cache"})
        assert r.status_code == 200, r.get_data(as_text=True)
        answers.append(r.get_json())
    return answers


@dataclass
class Sample:
    start: float
    seconds: float
    status: int            # 0: no answer (connection failed, timed out)
    right: bool
    cache: str = ""
    error: str = ""


@dataclass
class Load:
    """``clients`` paced clients, ``rate`` requests/s each, until :meth:`stop`."""

    url: str
    items: list[tuple[str, dict]]
    answers: list[dict]
    clients: int = 4
    rate: float = 25.0
    timeout: float = 15.0
    samples: list[Sample] = field(default_factory=list)

    def __post_init__(self):
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._client, args=(n,), daemon=True) for n in range(self.clients)]
        self._encoded = [json.dumps(body).encode() for _, body in self.items]

    def start(self) -> Load:
        for t in self._threads:
            t.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(self.timeout + 5)

    def _client(self, n: int) -> None:
        parts = urlsplit(self.url)
        rng = random.Random(n)
        key = f"steady-client-{n}"
        conn: http.client.HTTPConnection | None = None
        period = 1.0 / self.rate
        next_at = time.monotonic() + rng.random() * period
        while not self._stop.is_set():
            delay = next_at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            next_at += period
            i = rng.randrange(len(self.items))
            path = self.items[i][0]
            started = time.monotonic()
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=self.timeout)
                conn.request("POST", path, self._encoded[i], {"Content-Type": "application/json", "X-API-Key": key})
                r = conn.getresponse()
                raw = r.read()
                seconds = time.monotonic() - started
                right = r.status == 200 and json.loads(raw) == self.answers[i]
                sample = Sample(started, seconds, r.status, right, r.getheader("X-Cache") or "",
                                "" if right else raw[:300].decode(errors="replace"))
                if r.getheader("Connection", "").lower() == "close":
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException) as exc:
                sample = Sample(started, time.monotonic() - started, 0, False, error=repr(exc))
                if conn is not None:
                    conn.close()
                conn = None
            with self._lock:
                self.samples.append(sample)
        if conn is not None:
            conn.close()

    def between(self, start: float, end: float) -> list[Sample]:
        with self._lock:
            return [s for s in self.samples if start <= s.start < end]


def summary(samples: list[Sample]) -> dict:
    """Counts and latency percentiles (ms) of ``samples``."""
    times = sorted(s.seconds for s in samples)

    def pct(p: float) -> float:
        return round(1000 * times[min(len(times) - 1, int(p * len(times)))], 1) if times else 0.0

    return {"requests": len(samples), "failed": sum(1 for s in samples if s.status != 200),
            "wrong": sum(1 for s in samples if s.status == 200 and not s.right),
            "hits": sum(1 for s in samples if s.cache == "hit"),
            "p50_ms": pct(0.50), "p99_ms": pct(0.99), "max_ms": round(1000 * times[-1], 1) if times else 0.0,
            "problems": sorted({f"{s.status} {s.error}"[:200] for s in samples if not s.right})[:5]}


def flood(url: str, seconds: float, connections: int = 2, key: str | None = None) -> dict:
    """As many requests as ``connections`` can send in ``seconds``: status counts and one 429."""
    parts = urlsplit(url)
    statuses: Counter = Counter()
    refused: dict = {}
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    body = json.dumps({**RULES, "cards": ["AS", "KS"]}).encode()
    headers = {"Content-Type": "application/json", **({"X-API-Key": key} if key else {})}

    def run() -> None:
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        while time.monotonic() < deadline:
            try:
                conn.request("POST", "/v1/cards/analyze", body, headers)
                r = conn.getresponse()
                raw = r.read()
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
                with lock:
                    statuses[0] += 1
                continue
            with lock:
                statuses[r.status] += 1
                if r.status == 429 and not refused:
                    refused.update(headers={k.lower(): v for k, v in r.getheaders()}, body=json.loads(raw))
        conn.close()

    threads = [threading.Thread(target=run) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"statuses": {str(k): v for k, v in statuses.items()}, "refused": refused, "seconds": seconds}


HEAVY_HAND = 25


def heavy_body(rng: random.Random, n: int) -> bytes:
    """A ``plays/legal`` with ``sample: 1000`` over a 25-card hand: among the service's costliest."""
    lead = rng.choice([["3D", "3D", "4D", "4D"], ["5C", "5C"], ["JS", "JS", "QS", "QS"], ["3S"]])
    deck = [r + s for s in SUITS for r in RANKS] * 2
    for card in lead:
        deck.remove(card)
    return json.dumps({**RULES, "hand": rng.sample(deck, HEAVY_HAND), "lead": lead, "sample": 1000,
                       "seed": n}).encode()


def heavy(url: str, seconds: float, loops: int, key_prefix: str) -> dict:
    """``loops`` clients (keys ``<key_prefix>-<n>``, each from its own address 127.0.1.<n+1>) each
    sending heavy ``Cache-Control: no-cache`` requests back to back for ``seconds``: status counts,
    and whether every 503 and 429 said Retry-After."""
    parts = urlsplit(url)
    statuses: Counter = Counter()
    without_retry_after = Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def run(n: int) -> None:
        rng = random.Random(n)
        headers = {"Content-Type": "application/json", "Cache-Control": "no-cache", "X-API-Key": f"{key_prefix}-{n}"}
        source = (f"127.0.1.{n + 1}", 0)
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10, source_address=source)
        while time.monotonic() < deadline:
            try:
                conn.request("POST", "/v1/plays/legal", heavy_body(rng, rng.randrange(10**9)), headers)
                r = conn.getresponse()
                r.read()
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10, source_address=source)
                with lock:
                    statuses[0] += 1
                continue
            with lock:
                statuses[r.status] += 1
                if r.status in (429, 503) and not r.getheader("Retry-After"):
                    without_retry_after[r.status] += 1
        conn.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(loops)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"statuses": {str(k): v for k, v in statuses.items()},
            "without_retry_after": {str(k): v for k, v in without_retry_after.items()}, "seconds": seconds}


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "flood":
        print(json.dumps(flood(sys.argv[2], float(sys.argv[3]), key=sys.argv[4] if len(sys.argv) > 4 else None)))
    elif len(sys.argv) == 6 and sys.argv[1] == "heavy":
        print(json.dumps(heavy(sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5])))
    else:
        print("usage: python -m tests.scale.load flood URL SECONDS [API_KEY] | heavy URL SECONDS LOOPS KEY_PREFIX")
        sys.exit(2)
