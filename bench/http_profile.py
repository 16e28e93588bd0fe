"""In-process timing and cProfile of the serving path: ``python -m bench.http --profile``.

Calls the WSGI apps directly (no gunicorn, no sockets), so the figures are the Python cost of one
request: the bare endpoint, the service with ``Cache-Control: no-cache`` (bypass), and a hit.
"""
from __future__ import annotations

import cProfile
import io
import json
import pstats
import sys
import time

from .http import BARE_PATH, BODIES

N = 3000


def call(app, path: str, body: bytes, headers: dict) -> tuple[str, bytes]:
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": path, "SERVER_NAME": "bench", "SERVER_PORT": "80",
               "wsgi.url_scheme": "http", "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body)),
               "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.errors": sys.stderr, "wsgi.input": io.BytesIO(body), **headers}
    status = []
    out = b"".join(app(environ, lambda s, h, exc_info=None: status.append(s)))
    return status[0], out


def timed(app, path: str, body: bytes, headers: dict) -> float:
    for _ in range(200):
        call(app, path, body, headers)
    started = time.perf_counter()
    for _ in range(N):
        call(app, path, body, headers)
    return (time.perf_counter() - started) / N * 1e6


def main() -> None:
    from app import create_app

    from .bare import app as bare
    service = create_app({})
    validate = json.dumps(BODIES["plays/validate"]).encode()
    print(f"{'bare endpoint':40s} {timed(bare, BARE_PATH, validate, {}):8.1f} µs")
    for endpoint, body in BODIES.items():
        data = json.dumps(body).encode()
        path = "/v1/" + endpoint
        print(f"{endpoint + ' bypass':40s} {timed(service, path, data, {'HTTP_CACHE_CONTROL': 'no-cache'}):8.1f} µs")
        print(f"{endpoint + ' hit':40s} {timed(service, path, data, {}):8.1f} µs")
    for name, headers in (("bypass", {"HTTP_CACHE_CONTROL": "no-cache"}), ("hit", {})):
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(N):
            call(service, "/v1/plays/validate", validate, headers)
        profile.disable()
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(25)
        print(f"\n== plays/validate {name}: top 25 by cumulative time\n{out.getvalue()}")


if __name__ == "__main__":
    main()
