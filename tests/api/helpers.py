"""Small helpers for API tests."""
from __future__ import annotations

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
