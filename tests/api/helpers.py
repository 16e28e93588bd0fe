"""Small helpers for API tests."""
from __future__ import annotations

import json
from pathlib import Path

QQ_HEARTS = {"rules": "qq", "trump": {"level": "10", "suit": "H"}}


def post(client, path: str, body, **headers):
    return client.post(path, json=body, headers=headers)


def pointers(response) -> list[str]:
    return [e["pointer"] for e in response.get_json()["errors"]]


def assert_problem(response, status: int, pointer: str | None = None) -> dict:
    """The response is an RFC 9457 problem with ``status`` (and an error at ``pointer``)."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status
    assert body["type"] and body["title"] and body["detail"]
    if pointer is not None:
        assert pointer in pointers(response), body
    return body


HANDS = Path(__file__).resolve().parent.parent / "data" / "hands"


def recorded_hand(name: str, plays: int | None = None) -> dict:
    """A recorded hand of tests/data/hands as a request body, cut after ``plays`` plays when given."""
    data = json.loads((HANDS / name).read_text(encoding="utf-8"))
    data.pop("expected")
    if plays is not None:
        n = len(data["deal"]["hands"])
        whole, part = divmod(plays, n)
        data["tricks"] = data["tricks"][:whole] + ([data["tricks"][whole][:part]] if part else [])
    return data
