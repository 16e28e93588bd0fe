"""API keys: ``python -m deploy.keys issue TENANT [CLASS] | revoke TENANT | list`` on the key file.

A key is 32 random bytes in URL-safe base64, given to the client once; the file keeps only its
SHA-256 (hex), the tenant's name and its rate class, one key a line, as haproxy's map files are
written (``<sha256> <tenant>/<class>``).  haproxy looks up the digest of each request's
``X-API-Key`` there (deploy/haproxy.cfg): a key that is not in the file counts as no key.  The rate
classes (requests per second) are the other map, ``RATE_CLASSES``.  Changes take effect on haproxy's
next reload (``kill -USR2`` to its master; no request is lost), or at once through its admin socket
(``--socket``: ``add map`` / ``del map``).

Environment: ``API_KEYS`` (the key file), ``STATS_SOCKET`` (haproxy's admin socket, with ``--socket``).
"""
from __future__ import annotations

import base64
import hashlib
import os
import re
import secrets
import socket
import sys
from pathlib import Path

TENANT = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
CLASSES = {"standard": 100, "bulk": 500}
DEFAULT_CLASS = "standard"


def digest(key: str) -> str:
    """The SHA-256 of a key as haproxy computes it (``req.fhdr(x-api-key),sha2(256),hex``)."""
    return hashlib.sha256(key.encode()).hexdigest().upper()


def new_key() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()


def entries(path: Path) -> list[tuple[str, str, str]]:
    """(digest, tenant, class) of every key in the file."""
    found = []
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                hashed, _, value = line.partition(" ")
                tenant, _, cls = value.strip().partition("/")
                found.append((hashed, tenant, cls))
    return found


def _write(path: Path, rows: list[tuple[str, str, str]]) -> None:
    text = "".join(f"{h} {t}/{c}\n" for h, t, c in rows)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("# API keys: SHA-256 of the key, tenant/class (python -m deploy.keys)\n" + text)
    os.replace(tmp, path)


def add(path: Path, key: str, tenant: str, cls: str = DEFAULT_CLASS) -> str:
    """Add ``key`` for ``tenant`` in rate class ``cls``; its digest."""
    if not TENANT.match(tenant):
        raise ValueError(f"a tenant is 1-64 of A-Z a-z 0-9 . _ - (not {tenant!r})")
    if cls not in CLASSES:
        raise ValueError(f"rate class {cls!r}: one of {', '.join(CLASSES)}")
    hashed = digest(key)
    rows = [row for row in entries(path) if row[0] != hashed]
    _write(path, [*rows, (hashed, tenant, cls)])
    return hashed


def issue(path: Path, tenant: str, cls: str = DEFAULT_CLASS) -> str:
    """A new key for ``tenant``, its digest written to the file; the key itself is not kept."""
    key = new_key()
    add(path, key, tenant, cls)
    return key


def revoke(path: Path, tenant: str) -> list[str]:
    """Remove every key of ``tenant``; their digests."""
    rows = entries(path)
    gone = [h for h, t, _ in rows if t == tenant]
    _write(path, [row for row in rows if row[1] != tenant])
    return gone


def write_classes(path: Path) -> None:
    path.write_text("# rate classes: name, requests per second (python -m deploy.keys)\n"
                    + "".join(f"{name} {rate}\n" for name, rate in CLASSES.items()))


def admin(socket_path: str, command: str) -> str:
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(2)
        s.connect(socket_path)
        s.sendall(command.encode() + b"\n")
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks).decode()


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if a != "--socket"]
    live = "--socket" in argv[1:]
    path = Path(os.environ.get("API_KEYS") or "/etc/haproxy/tractor-api-keys.map")
    sock = os.environ.get("STATS_SOCKET") or "/run/haproxy-tractor.sock"
    if args[:1] == ["issue"] and len(args) in (2, 3):
        cls = args[2] if len(args) == 3 else DEFAULT_CLASS
        key = issue(path, args[1], cls)
        if live:
            admin(sock, f"add map {path} {digest(key)} {args[1]}/{cls}")
        print(key)
        return 0
    if args[:1] == ["revoke"] and len(args) == 2:
        gone = revoke(path, args[1])
        if live:
            for hashed in gone:
                admin(sock, f"del map {path} {hashed}")
        print(f"revoked {len(gone)} key(s) of {args[1]}")
        return 0
    if args == ["list"]:
        for hashed, tenant, cls in entries(path):
            print(f"{tenant}\t{cls}\t{hashed[:12]}…")
        return 0
    if args == ["classes"]:
        write_classes(Path(os.environ.get("RATE_CLASSES") or "/etc/haproxy/tractor-rate-classes.map"))
        return 0
    print("usage: python -m deploy.keys issue TENANT [standard|bulk] | revoke TENANT | list | classes [--socket]")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
