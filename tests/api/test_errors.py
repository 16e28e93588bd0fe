"""Every problem status the service answers, with its body."""
from .helpers import QQ_HEARTS, assert_problem


def test_404_unknown_path(client):
    assert_problem(client.get("/v2/anything"), 404)


def test_405_names_allowed_methods(client):
    r = client.get("/v1/plays/validate")
    assert_problem(r, 405)
    assert "POST" in r.headers["Allow"]


def test_400_unparseable_json(client):
    r = client.post("/v1/tricks/winner", data="{not json", content_type="application/json")
    assert_problem(r, 400)


def test_400_repeated_member_name(client):
    # the referee does not guess which "rules" the client meant, in the body or in a nested object
    for raw in ('{"rules": "qq", "rules": "tuolaji", "trump": {"level": "2", "suit": "S"}, '
                '"plays": [{"seat": 0, "cards": ["3H"]}]}',
                '{"rules": "qq", "trump": {"level": "2", "suit": "S", "suit": "H"}, '
                '"plays": [{"seat": 0, "cards": ["3H"]}]}'):
        for cache in ({}, {"Cache-Control": "no-cache"}):
            r = client.post("/v1/tricks/winner", data=raw, content_type="application/json", headers=cache)
            body = assert_problem(r, 400)
            assert "appears twice in one object" in body["detail"]
    zh = client.post("/v1/tricks/winner", data='{"rules": "qq", "rules": "qq"}', content_type="application/json",
                     headers={"Accept-Language": "zh"})
    assert assert_problem(zh, 400)["detail"] == '请求体不是可接受的 JSON：成员名 "rules" 在同一个对象中出现了两次。'


def test_400_bad_utf8(client):
    r = client.post("/v1/tricks/winner", data=b'{"rules": "\xff\xfe"}', content_type="application/json")
    assert_problem(r, 400)


def test_415_other_media_type(client):
    r = client.post("/v1/tricks/winner", data="rules=qq", content_type="application/x-www-form-urlencoded")
    body = assert_problem(r, 415)
    assert "application/json" in body["detail"]


def test_415_without_content_type(client):
    assert_problem(client.post("/v1/cards/analyze", data=b"{}"), 415)


def test_413_body_over_the_limit(client):
    r = client.post("/v1/cards/analyze", data=b"[" + b"1," * 140_000 + b"1]", content_type="application/json")
    assert_problem(r, 413)


def test_422_body_not_an_object(client):
    assert_problem(client.post("/v1/cards/analyze", json=[1, 2]), 422, "")


def test_422_wrong_types(client):
    r = client.post("/v1/plays/validate", json={**QQ_HEARTS, "hand": "AS", "play": [1], "seat": "one"})
    body = assert_problem(r, 422)
    assert {"/hand", "/play/0", "/seat"} <= {e["pointer"] for e in body["errors"]}


def test_422_bad_trump(client):
    r = client.post("/v1/cards/analyze", json={"rules": "qq", "trump": {"level": "1", "suit": "X"}, "cards": []})
    assert_problem(r, 422, "/trump/level")


def test_request_id_echoed_or_generated(client):
    assert client.get("/healthz", headers={"X-Request-ID": "req-42"}).headers["X-Request-ID"] == "req-42"
    generated = client.get("/healthz", headers={"X-Request-ID": "bad id!"}).headers["X-Request-ID"]
    assert generated != "bad id!" and len(generated) == 32


def test_engine_failure_is_a_problem_not_a_traceback(app, monkeypatch):
    from app.resources import cards

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(cards, "decompose", broken)
    r = app.test_client().post("/v1/cards/analyze", json={**QQ_HEARTS, "cards": ["AS"]})
    body = assert_problem(r, 500)
    assert "boom" not in body["detail"]
