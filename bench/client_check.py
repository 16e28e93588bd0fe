"""A client that plays whole hands over HTTP and checks every answer: ``python -m bench.client_check``.

The client keeps nothing but the record of the hand. It asks ``/v1/deals`` for the deal, ``/v1/hands/state``
for the phase and who acts, and ``/v1/plays/legal`` with ``sample: 1`` (and a seed) for the seat's play; its
other choices are those of :mod:`bench.game_loop` (the first declaration option, once; the lowest cards
buried; the first callable cards the dealer does not hold). It plays every preset that ``GET /v1/rulesets``
lists, and find-friends under every join mode (``4399`` with four seats, ``pagat`` with six; ``holder`` on
two decks only).

Every answer is checked (the checks' requests are not counted as the client's):

- each ``hands/state`` answer against ``hands/adjudicate`` on the same record: the trump, the tricks so
  far (winners, points, formats) and the penalties; at the end, the record is legal and both settle it
  alike;
- each play against the legal-play listing: the seat's ``next.count`` equals the count of
  ``plays/legal`` (plain for a follow, the sample's own count for a lead), the sampled play is one of the
  listed plays (a follow whose listing is complete) and legal by ``plays/validate`` (a lead: the throw
  checked against the other hands, a failed one recorded as its forced play), and it lies between
  ``next.must`` and ``next.may``.

Any disagreement fails the run. ``--server gunicorn`` runs the same client against gunicorn on a local
port (the project's ``gunicorn.conf.py``) through real sockets, else the Flask app in process (its test
client). The figures (requests per hand per ruleset, the slowest answer of each endpoint) are printed and
written to ``bench/RESULTS.md`` (``--write``), a section per server.
"""
from __future__ import annotations

import argparse
import datetime
import http.client
import json
import os
import platform
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.ruleset import FriendJoin

from .game_loop import choose_before_play
from .results import write_section

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"
MARKERS = {"app": ("<!-- client-check:begin -->", "<!-- client-check:end -->"),
           "gunicorn": ("<!-- client-check-gunicorn:begin -->", "<!-- client-check-gunicorn:end -->")}
NO_CACHE = {"Cache-Control": "no-cache"}
TARGET_MS = 100.0


class Disagreement(AssertionError):
    """Two answers of the service that should agree do not."""


def rulesets(get: Callable[[str], Any]) -> list[tuple[str, Any]]:
    """Every preset the service lists, then find-friends under every join mode."""
    out: list[tuple[str, Any]] = [(r["name"], r["name"]) for r in get("/v1/rulesets")["rulesets"]]
    for join in FriendJoin:
        out.append((f"4399 find-friends, {join.value}",
                    {"preset": "4399", "partnership": "find-friends", "friend_join": join.value}))
        if join is not FriendJoin.HOLDER:                   # holder: two decks, four seats only
            out.append((f"pagat find-friends, 6 seats, {join.value}",
                        {"preset": "pagat", "players": 6, "partnership": "find-friends",
                         "friend_join": join.value}))
    return out


class Client:
    """One HTTP transport: ``post(path, body)`` and ``get(path)`` return the answer's JSON (a status other
    than 200 fails the run), timing every request by endpoint."""

    def __init__(self, send: Callable[[str, str, dict | None], tuple[int, Any]]):
        self.send = send
        self.times: dict[str, list[float]] = {}

    def post(self, path: str, body: dict) -> Any:
        start = time.perf_counter()
        status, answer = self.send("POST", path, body)
        self.times.setdefault(path, []).append(time.perf_counter() - start)
        if status != 200:
            raise Disagreement(f"{path} answered {status}: {answer}")
        return answer

    def get(self, path: str) -> Any:
        status, answer = self.send("GET", path, None)
        if status != 200:
            raise Disagreement(f"GET {path} answered {status}")
        return answer


def in_process() -> Callable[[str, str, dict | None], tuple[int, Any]]:
    from app import create_app

    client = create_app({"TESTING": True}).test_client()

    def send(method: str, path: str, body: dict | None) -> tuple[int, Any]:
        r = client.post(path, json=body, headers=NO_CACHE) if method == "POST" else client.get(path)
        return r.status_code, r.get_json()

    return send


def over_socket(port: int) -> Callable[[str, str, dict | None], tuple[int, Any]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def send(method: str, path: str, body: dict | None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json", **NO_CACHE} if body is not None else {}
        conn.request(method, path, data, headers)
        r = conn.getresponse()
        return r.status, json.loads(r.read() or b"null")

    return send


def _sub(small: list[str], big: list[str]) -> bool:
    return not Counter(small) - Counter(big)


def play_hand(client: Client, rules: Any, seed: str, counts: Counter, draw: str = "state") -> dict:
    """One whole hand (redealt while the deal says so); ``counts`` gets the client's own requests and the
    checks made. Returns the final state."""
    deals = 0
    while True:
        deal = client.post("/v1/deals", {"rules": rules, "seed": f"{seed}/{deals}"})
        counts["requests"] += 1
        deals += 1
        n = len(deal["hands"])
        record: dict = {"rules": rules, "dealer": 0, "levels": ["5"] * n,
                        "deal": {"hands": deal["hands"], "kitty": deal["kitty"]},
                        "declarations": [], "kitty_discard": [], "friends": [], "tricks": []}
        state = _play(client, record, seed, counts, draw)
        if state["phase"] != "redeal":
            counts["deals"] += deals
            return state


def _play(client: Client, record: dict, seed: str, counts: Counter, draw: str) -> dict:
    closed = False
    step = 0
    while True:
        body = {**record, "sample": 1, "seed": f"{seed}/{step}"}
        if closed:
            body["declarations_closed"] = True
        s = client.post("/v1/hands/state", body)
        counts["requests"] += 1
        _check_state(client, record, s, counts)
        phase, nxt = s["phase"], s["next"]
        if phase in ("over", "redeal"):
            return s
        if phase == "illegal":
            raise Disagreement(f"the client's own step is illegal: {s['step']} {s['reasons']}")
        counts["actions"] += 1
        step += 1
        if phase in ("declaring", "exchanging", "calling"):
            closed = choose_before_play(record, s) or closed
        else:
            play = _choose(client, record, s, f"{seed}/{step - 1}", counts, draw)
            if nxt["action"] == "lead":
                record["tricks"].append([play])
            else:
                record["tricks"][-1].append(play)


def _choose(client: Client, record: dict, s: dict, seed: str, counts: Counter, draw: str) -> dict:
    """The seat's play: drawn by ``hands/state`` (``draw`` "state") or by ``plays/legal`` ``sample``
    ("legal") with the same seed, each checked against the other and against the listing; as recorded."""
    nxt = s["next"]
    seat, lead = nxt["seat"], nxt["lead"]
    ask = {"rules": record["rules"], "trump": s["trump"], "hand": s["hands"][seat]}
    if lead is not None:
        ask["lead"] = lead
    drawn = client.post("/v1/plays/legal", {**ask, "sample": 1, "seed": seed})
    counts["requests" if draw == "legal" else "checks"] += 1
    play = drawn["plays"][0]
    if nxt["plays"] is None or nxt["plays"][0] != play:
        raise Disagreement(f"hands/state draws {nxt['plays']} for seat {seat}, plays/legal {play} (one seed)")
    if nxt["count"] != drawn["count"] or not drawn["count_exact"]:
        raise Disagreement(f"hands/state counts {nxt['count']} plays for seat {seat}, plays/legal {drawn['count']}")
    if not (_sub(nxt["must"], play) and _sub(play, nxt["may"])):
        raise Disagreement(f"{play} is not between must {nxt['must']} and may {nxt['may']}")
    others = [{"seat": o, "cards": h} for o, h in enumerate(s["hands"]) if o != seat]
    verdict = client.post("/v1/plays/validate", {**ask, "play": play, "seat": seat,
                                                 **({"others": others} if lead is None else {})})
    if not verdict["legal"]:
        raise Disagreement(f"the sampled play {play} is illegal: {verdict['reasons']}")
    counts["checks"] += 2
    if lead is not None:
        listing = client.post("/v1/plays/legal", {**ask, "limit": 1000})
        counts["checks"] += 1
        if listing["count"] != drawn["count"] or (not listing["truncated"] and sorted(play) not in
                                                  [sorted(p) for p in listing["plays"]]):
            raise Disagreement(f"the sampled follow {play} against the listing of {listing['count']} plays")
        return {"seat": seat, "cards": play}
    throw = verdict.get("throw")
    if throw is not None and throw["stands"] is False:
        return {"seat": seat, "cards": throw["forced_play"], "attempted": play}
    return {"seat": seat, "cards": play}


def _check_state(client: Client, record: dict, s: dict, counts: Counter) -> None:
    """The state against ``hands/adjudicate`` on the same record (``partial`` while playing)."""
    if s["phase"] not in ("playing", "over"):
        return
    a = client.post("/v1/hands/adjudicate", {**record, "partial": s["phase"] == "playing"})
    counts["checks"] += 1
    if not a["legal"]:
        raise Disagreement(f"hands/adjudicate finds the record illegal at {a['step']}, hands/state does not")
    for key in ("trump", "tricks", "penalties", "settlement"):
        if a[key] != s[key]:
            raise Disagreement(f"hands/state and hands/adjudicate disagree on {key} after "
                               f"{len(record['tricks'])} tricks")
    # hands/state's points move each failed throw's penalty between the sides (docs/rules.md)
    attackers = set(a["teams"]["attackers"]) if a["teams"] else set()
    moved = sum(-p["points"] if p["seat"] in attackers else p["points"] for p in a["penalties"])
    if a["attackers_points"] is not None and s["points"]["attackers"] is not None \
            and a["attackers_points"] + moved != s["points"]["attackers"]:
        raise Disagreement(f"attackers' points: hands/adjudicate {a['attackers_points']} and penalties {moved}, "
                           f"hands/state {s['points']['attackers']}")


def run(client: Client, hands: int, draw: str = "state") -> list[dict]:
    rows = []
    for label, rules in rulesets(client.get):
        per_hand = []
        for k in range(hands):
            counts: Counter = Counter()
            final = play_hand(client, rules, f"client-check-{k}", counts, draw)
            assert final["phase"] == "over"
            per_hand.append(counts)
        reqs = [c["requests"] for c in per_hand]
        rows.append({"label": label, "hands": hands, "requests": reqs,
                     "actions": [c["actions"] for c in per_hand], "checks": sum(c["checks"] for c in per_hand)})
        print(f"  {label}: {min(reqs)}-{max(reqs)} requests per hand, {rows[-1]['checks']} checks agree", flush=True)
    return rows


def report(rows: list[dict], times: dict[str, list[float]], meta: dict) -> str:
    begin, end = MARKERS[meta["where"]]
    title = "in process" if meta["where"] == "app" else "through gunicorn"
    lines = [begin, "", f"## A client over HTTP checks every answer, {title} (`python -m bench.client_check"
             + ("" if meta["where"] == "app" else " --server gunicorn") + "`)", "",
             f"- date: {meta['date']}, {meta['elapsed']:.0f} s; {meta['server']}; Python {meta['python']}; "
             f"load average before: {meta['load']}",
             "- the client: `/v1/deals` and `/v1/hands/state` (`sample: 1`), playing the play that "
             + ("`hands/state` draws" if meta["draw"] == "state" else "`/v1/plays/legal` `sample` draws")
             + " (its requests are counted); checked, not counted: the other endpoint's draw with the same seed "
             "(the same play), every state against `/v1/hands/adjudicate` on the same record (`partial` while "
             "playing: trump, tricks, penalties, attackers' points, settlement), every play against "
             "`next.count`/`must`/`may`, the follow listing of `/v1/plays/legal` and `/v1/plays/validate`; "
             "disagreements: none (the run stops at the first)", "",
             "| ruleset | hands | requests per hand | actions per hand | checks (all agree) |",
             "|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['label']} | {r['hands']} | {min(r['requests'])}-{max(r['requests'])} (median "
                     f"{statistics.median(r['requests']):.0f}) | {min(r['actions'])}-{max(r['actions'])} | "
                     f"{r['checks']} |")
    lines += ["", "Every request of the run, by endpoint (the client's and the checks'; the cache bypassed):", "",
              "| endpoint | requests | median | slowest | within 100 ms |", "|---|---|---|---|---|"]
    for path in sorted(times):
        ts = times[path]
        slow = max(ts) * 1e3
        lines.append(f"| `{path}` | {len(ts)} | {statistics.median(ts) * 1e3:.2f} ms | {slow:.1f} ms | "
                     f"{'yes' if slow <= TARGET_MS else 'no'} |")
    lines += ["", end]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3, help="hands per ruleset")
    ap.add_argument("--server", choices=("app", "gunicorn"), default="app")
    ap.add_argument("--draw", choices=("state", "legal"), default="state",
                    help="which endpoint's sample the client plays (the other's is checked against it)")
    ap.add_argument("--write", action="store_true", help="write the section of bench/RESULTS.md")
    args = ap.parse_args(argv)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    started = time.perf_counter()
    server = None
    if args.server == "gunicorn":
        from .http import Server
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")}
        server = Server("client-check", "wsgi:app", env, Path(tempfile.mkdtemp(prefix="client-check-")))
        server.wait()
        client = Client(over_socket(server.port))
        where = "gunicorn on a local port (the project's gunicorn.conf.py), one keep-alive connection"
    else:
        client = Client(in_process())
        where = "the Flask app in process (its test client)"
    try:
        rows = run(client, args.hands, args.draw)
    finally:
        if server is not None:
            server.stop()
    meta = {"where": args.server, "draw": args.draw, "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"), "server": where,
            "python": platform.python_version(), "load": load, "elapsed": time.perf_counter() - started}
    text = report(rows, client.times, meta)
    print(text)
    if args.write:
        write_section(text, *MARKERS[args.server], RESULTS)
        print(f"written to {os.path.relpath(RESULTS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
