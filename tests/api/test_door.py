"""The cache at the door: hits answered from the raw request, two keys, language, fingerprint, headers, metrics."""
from __future__ import annotations

import json
import re
import shutil

import pytest
import redis
from werkzeug.test import Client
from werkzeug.wrappers import Response

from app import create_app, door, loading
from app.fingerprint import FINGERPRINT, SERVICE_FINGERPRINT, engine_fingerprint, service_fingerprint
from app.i18n import negotiate

from .helpers import QQ_HEARTS, assert_problem

VALIDATE = {**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D", "9S"], "play": ["KS", "KS"], "lead": ["QS", "QS"]}
REORDERED = {**VALIDATE, "hand": ["9S", "3D", "KS", "AS", "KS"]}


def raw(client, path, body, **headers):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post(path, data=data, headers={"Content-Type": "application/json", **headers})


@pytest.fixture
def fresh():
    app = create_app({})
    return app, app.test_client()


def test_hit_is_answered_without_parsing_or_engine(fresh, monkeypatch):
    app, client = fresh
    first = raw(client, "/v1/plays/validate", VALIDATE)
    assert first.headers["X-Cache"] == "miss"

    def boom(*args, **kwargs):
        raise AssertionError("a hit must not parse, load, compute or encode")
    for module, name in ((door, "_parse"), (door, "encode"), (loading, "_parse"), (loading, "encode")):
        monkeypatch.setattr(module, name, boom)
    monkeypatch.setattr(door.Route, "answer", property(boom))
    monkeypatch.setattr(door.Route, "load", property(boom))
    second = raw(client, "/v1/plays/validate", VALIDATE)
    assert second.status_code == 200 and second.headers["X-Cache"] == "hit"
    assert second.data == first.data
    assert second.mimetype == "application/json"


def test_reordered_cards_share_the_canonical_answer(fresh):
    app, client = fresh
    first = raw(client, "/v1/plays/validate", VALIDATE)
    again = raw(client, "/v1/plays/validate", REORDERED)
    assert (first.headers["X-Cache"], again.headers["X-Cache"]) == ("miss", "hit")
    assert again.data == first.data
    # the reordered body is now stored under its own raw key too
    keys = list(app.extensions["answer_cache"].store._data)
    assert sorted(k.split(":")[3] for k in keys) == ["can", "raw", "raw"]


def test_miss_bytes_equal_flask_path_bytes(fresh):
    """The door computes misses itself; Flask's view (its fallback) answers with the same bytes."""
    app, client = fresh
    flask_only = Client(app.wsgi_app.wsgi_app, Response)
    bodies = {"/v1/plays/validate": VALIDATE, "/v1/plays/legal": {**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D"],
                                                                  "lead": ["QS", "7S"]},
              "/v1/tricks/winner": {**QQ_HEARTS, "plays": [{"seat": 0, "cards": ["5S", "5S"]},
                                                          {"seat": 1, "cards": ["KS", "KS"]}]}}
    for path, body in bodies.items():
        at_door = raw(client, path, body, **{"Cache-Control": "no-cache"})
        in_flask = raw(flask_only, path, body, **{"Cache-Control": "no-cache"})
        assert at_door.headers["X-Cache"] == in_flask.headers["X-Cache"] == "bypass"
        assert at_door.data == in_flask.data
        assert at_door.headers["Content-Type"] == in_flask.headers["Content-Type"]


def test_bypass_is_computed_and_not_stored(fresh):
    app, client = fresh
    r = raw(client, "/v1/plays/validate", VALIDATE, **{"Cache-Control": "no-cache"})
    assert r.headers["X-Cache"] == "bypass"
    assert not app.extensions["answer_cache"].store._data
    assert raw(client, "/v1/plays/validate", VALIDATE).headers["X-Cache"] == "miss"


def test_only_200_answers_are_stored(fresh):
    app, client = fresh
    bad_card = {**VALIDATE, "hand": ["AS", "KS", "XX"]}
    for body, status, pointer in ((bad_card, 422, "/hand/2"), (b'{"rules": ', 400, None),
                                  ({**VALIDATE, "extra": 1}, 422, "/extra")):
        for _ in range(2):
            r = raw(client, "/v1/plays/validate", body)
            assert_problem(r, status, pointer)
            assert "X-Cache" not in r.headers
            assert re.fullmatch(r"[0-9a-f]{32}", r.headers["X-Request-ID"])
    assert not app.extensions["answer_cache"].store._data


def test_media_type_and_size_errors_still_come_from_flask(fresh):
    app, client = fresh
    r = client.post("/v1/plays/validate", data=json.dumps(VALIDATE), headers={"Content-Type": "text/plain"})
    assert_problem(r, 415)
    big = json.dumps({**VALIDATE, "pad": "x" * (300 * 1024)}).encode()
    assert_problem(raw(client, "/v1/plays/validate", big), 413)


def test_request_ids_on_both_paths(fresh):
    app, client = fresh
    for expected in ("miss", "hit"):
        r = raw(client, "/v1/plays/validate", VALIDATE, **{"X-Request-ID": "abc-123"})
        assert r.headers["X-Cache"] == expected and r.headers["X-Request-ID"] == "abc-123"
        r = raw(client, "/v1/plays/validate", VALIDATE, **{"X-Request-ID": "bad id!"})
        assert re.fullmatch(r"[0-9a-f]{32}", r.headers["X-Request-ID"])


def metric(text: str, name: str, **labels) -> float:
    wanted = ",".join(f'{k}="{v}"' for k, v in labels.items())
    for line in text.splitlines():
        if line.startswith(f"{name}{{{wanted}}}"):
            return float(line.split()[-1])
    return 0.0


def test_metrics_count_door_hits(fresh):
    app, client = fresh
    body = {**VALIDATE, "seat": 2}
    before = client.get("/metrics").get_data(as_text=True)
    for _ in range(3):
        raw(client, "/v1/plays/validate", body)
    after = client.get("/metrics").get_data(as_text=True)
    labels = {"endpoint": "/v1/plays/validate", "method": "POST", "status": "200"}
    assert metric(after, "tractor_http_requests_total", **labels) - metric(
        before, "tractor_http_requests_total", **labels) == 3
    assert metric(after, "tractor_http_request_seconds_count", **labels) - metric(
        before, "tractor_http_request_seconds_count", **labels) == 3
    hits = {"endpoint": "plays/validate", "result": "hit"}
    assert metric(after, "tractor_cache_total", **hits) - metric(before, "tractor_cache_total", **hits) == 2


@pytest.mark.parametrize("header, expected", [
    (None, "en"), ("", "en"), ("en-US,en;q=0.9", "en"), ("zh-CN", "zh-Hans"), ("zh", "zh-Hans"),
    ("zh-TW;q=0.8, en;q=0.9", "en"), ("zh-TW", "en"), ("fr, zh-Hans;q=0.5", "zh-Hans"), ("*", "en"),
    ("zh;q=0", "en"), ("de-DE", "en"), ("ZH-cn ; q=1", "zh-Hans"), ("en;q=bad, zh", "zh-Hans"),
    ("zh-SG", "zh-Hans")])
def test_answer_language(header, expected):
    """The door keys answers by the same negotiation that picks their language (and Content-Language)."""
    assert negotiate(header) == expected


def test_language_is_part_of_the_key(fresh):
    app, client = fresh
    assert raw(client, "/v1/plays/validate", VALIDATE).headers["X-Cache"] == "miss"
    assert raw(client, "/v1/plays/validate", VALIDATE, **{"Accept-Language": "en-GB"}).headers["X-Cache"] == "hit"
    assert raw(client, "/v1/plays/validate", VALIDATE, **{"Accept-Language": "zh-CN"}).headers["X-Cache"] == "miss"
    assert raw(client, "/v1/plays/validate", VALIDATE,
               **{"Accept-Language": "zh-Hans, en;q=0.2"}).headers["X-Cache"] == "hit"


def test_healthz_shows_the_fingerprint(client):
    body = client.get("/healthz").get_json()
    assert body["engine_fingerprint"] == FINGERPRINT == engine_fingerprint()
    assert re.fullmatch(r"[0-9a-f]{64}", FINGERPRINT)


def test_fingerprint_follows_every_engine_file(root, tmp_path):
    copy = tmp_path / "rules"
    shutil.copytree(root / "rules", copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert engine_fingerprint(copy) == FINGERPRINT
    (copy / "__pycache__").mkdir(exist_ok=True)
    (copy / "__pycache__" / "x.pyc").write_bytes(b"ignored")
    assert engine_fingerprint(copy) == FINGERPRINT
    target = sorted(copy.glob("*.py"))[-1]
    target.write_text(target.read_text() + "\n# a change\n")
    assert engine_fingerprint(copy) != FINGERPRINT


def _service_copy(root, tmp_path):
    for directory in ("app", "schemas"):
        shutil.copytree(root / directory, tmp_path / directory, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_service_fingerprint_follows_a_changed_message(root, tmp_path):
    """A corrected Chinese message is a new fingerprint, so answers cached before it are never found."""
    copy = _service_copy(root, tmp_path)
    assert service_fingerprint(copy) == SERVICE_FINGERPRINT
    catalog = copy / "app" / "translations" / "zh_Hans" / "LC_MESSAGES" / "messages.po"
    text = catalog.read_text()
    assert 'msgstr "出牌不能为空。"' in text
    catalog.write_text(text.replace('msgstr "出牌不能为空。"', 'msgstr "出牌不可为空。"'))
    assert service_fingerprint(copy) != SERVICE_FINGERPRINT


@pytest.mark.parametrize("change", ["app/encoding.py", "app/resources/plays.py", "schemas/present.py",
                                   "app/presenters/new.html", "app/new_module.py"])
def test_service_fingerprint_follows_every_file_that_shapes_an_answer(root, tmp_path, change):
    """Encoders, resources, presenters, and files added later in a new directory: none is listed by hand."""
    copy = _service_copy(root, tmp_path)
    target = copy / change
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text((target.read_text() if target.exists() else "") + "\n# a change\n")
    assert service_fingerprint(copy) != SERVICE_FINGERPRINT


def test_changed_message_never_served_stale_from_a_shared_redis(redis_server, root, tmp_path):
    """Two deploys on one Redis, the second with one Chinese message corrected: it computes its own answer."""
    copy = _service_copy(root, tmp_path)
    catalog = copy / "app" / "translations" / "zh_Hans" / "LC_MESSAGES" / "messages.po"
    catalog.write_text(catalog.read_text().replace('msgstr "出牌不能为空。"', 'msgstr "出牌不可为空。"'))
    old = create_app({"REDIS_URL": redis_server.url, "NEAR_CACHE_SIZE": 0})
    new = create_app({"REDIS_URL": redis_server.url, "NEAR_CACHE_SIZE": 0,
                      "SERVICE_FINGERPRINT": service_fingerprint(copy)})
    body, zh = {**VALIDATE, "seat": 2}, {"Accept-Language": "zh-CN"}
    assert raw(old.test_client(), "/v1/plays/validate", body, **zh).headers["X-Cache"] == "miss"
    assert raw(old.test_client(), "/v1/plays/validate", body, **zh).headers["X-Cache"] == "hit"
    assert raw(new.test_client(), "/v1/plays/validate", body, **zh).headers["X-Cache"] == "miss"


def test_fingerprint_in_every_key_shared_redis(redis_server):
    one = create_app({"REDIS_URL": redis_server.url, "NEAR_CACHE_SIZE": 0})
    other = create_app({"REDIS_URL": redis_server.url, "NEAR_CACHE_SIZE": 0, "ENGINE_FINGERPRINT": "f" * 64})
    body = {**VALIDATE, "seat": 3}
    assert raw(one.test_client(), "/v1/plays/validate", body).headers["X-Cache"] == "miss"
    assert raw(one.test_client(), "/v1/plays/validate", body).headers["X-Cache"] == "hit"
    assert raw(other.test_client(), "/v1/plays/validate", body).headers["X-Cache"] == "miss"
    keys = [k.decode() for k in redis.Redis.from_url(redis_server.url).keys("tractor:*:plays/validate:*")]
    assert {k.split(":")[1].split("-")[-1] for k in keys} == {FINGERPRINT[:16], "f" * 16}


def test_redis_door_hit_serves_stored_bytes(redis_server, monkeypatch):
    app = create_app({"REDIS_URL": redis_server.url, "NEAR_CACHE_SIZE": 0})
    client = app.test_client()
    body = {**VALIDATE, "seat": 0}
    first = raw(client, "/v1/plays/validate", body)
    monkeypatch.setattr(door, "_parse", lambda *a: (_ for _ in ()).throw(AssertionError("parsed on a hit")))
    second = raw(client, "/v1/plays/validate", body)
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")
    assert second.data == first.data


def test_redis_down_door_still_answers(fresh_redis):
    app = create_app({"REDIS_URL": fresh_redis.url, "NEAR_CACHE_SIZE": 0, "CACHE_TIMEOUT": 0.05, "CACHE_BREAKER_SECONDS": 30})
    client = app.test_client()
    expected = raw(client, "/v1/plays/validate", VALIDATE).data
    fresh_redis.stop()
    for _ in range(3):
        r = raw(client, "/v1/plays/validate", VALIDATE)
        assert r.status_code == 200 and r.headers["X-Cache"] == "miss" and r.data == expected


# --- the door with answers in Chinese and CORS: every path carries the same headers ---

ALLOWED = "https://table.example"
ILLEGAL = {**QQ_HEARTS, "hand": ["AS", "AS", "KS", "KS", "3D"], "play": ["KS", "3D"], "lead": ["QS", "QS"]}
HAN = re.compile(r"[\u4e00-\u9fff]")
PER_REQUEST = {"X-Request-ID", "X-Cache", "X-Work"}


def flask_path(app) -> Client:
    """A client of the app behind the door: the cached endpoints answered by Flask's view and hooks."""
    return Client(app.wsgi_app.wsgi_app, Response)


def shared(response) -> dict[str, str]:
    """Every header but those that differ per request (the request id, hit/miss)."""
    return {k: v for k, v in response.headers.items() if k not in PER_REQUEST}


@pytest.mark.parametrize("origins, origin, allowed, vary", [
    (ALLOWED, ALLOWED, ALLOWED, "Origin, Accept-Language"),
    (ALLOWED, "https://evil.example", None, "Origin, Accept-Language"),
    (ALLOWED, None, None, "Origin, Accept-Language"),
    ("*", "https://any.example", "*", "Accept-Language"),
    ("", ALLOWED, None, "Accept-Language"),
])
@pytest.mark.parametrize("accept, language", [("zh-CN", "zh-Hans"), (None, "en"), ("en-US, zh;q=0.5", "en")])
def test_door_hit_miss_and_flask_answers_carry_the_same_headers(origins, origin, allowed, vary, accept, language):
    app = create_app({"CORS_ORIGINS": origins})
    client = app.test_client()
    headers = {k: v for k, v in (("Origin", origin), ("Accept-Language", accept)) if v is not None}
    miss = raw(client, "/v1/plays/validate", ILLEGAL, **headers)
    hit = raw(client, "/v1/plays/validate", ILLEGAL, **headers)
    bypass = raw(client, "/v1/plays/validate", ILLEGAL, **headers, **{"Cache-Control": "no-cache"})
    in_flask = raw(flask_path(app), "/v1/plays/validate", ILLEGAL, **headers)
    in_flask_bypass = raw(flask_path(app), "/v1/plays/validate", ILLEGAL, **headers, **{"Cache-Control": "no-cache"})
    assert [r.headers["X-Cache"] for r in (miss, hit, bypass, in_flask, in_flask_bypass)] == \
        ["miss", "hit", "bypass", "hit", "bypass"]
    expected = shared(in_flask_bypass)
    for response in (miss, hit, bypass, in_flask):
        assert response.status_code == 200
        assert shared(response) == expected
        assert response.data == in_flask_bypass.data
    assert expected["Content-Language"] == language
    assert expected["Vary"] == vary
    assert expected.get("Access-Control-Allow-Origin") == allowed
    if allowed:
        exposed = {h.strip() for h in expected["Access-Control-Expose-Headers"].split(",")}
        assert {"X-Cache", "X-Request-ID", "Content-Language"} <= exposed
    else:
        assert "Access-Control-Expose-Headers" not in expected
    message = miss.get_json()["reasons"][0]["message"]
    assert bool(HAN.search(message)) == (language == "zh-Hans")


def test_door_headers_equal_a_flask_only_endpoints_headers():
    """The door's edge headers are the ones every other answer gets from after_request."""
    app = create_app({"CORS_ORIGINS": ALLOWED})
    client = app.test_client()
    headers = {"Origin": ALLOWED, "Accept-Language": "zh"}
    door_answer = raw(client, "/v1/plays/validate", ILLEGAL, **headers)
    other = client.get("/v1/rulesets", headers=headers)
    edge_names = ("Access-Control-Allow-Origin", "Access-Control-Expose-Headers", "Content-Language", "Vary")
    assert {h: door_answer.headers[h] for h in edge_names} == {h: other.headers[h] for h in edge_names}
    assert door_answer.headers["Content-Language"] == "zh-Hans"


def test_same_body_in_two_languages_never_mixes_answers(fresh):
    app, client = fresh
    zh, en = {"Accept-Language": "zh-CN"}, {"Accept-Language": "en"}
    first_zh = raw(client, "/v1/plays/validate", ILLEGAL, **zh)
    first_en = raw(client, "/v1/plays/validate", ILLEGAL, **en)
    assert (first_zh.headers["X-Cache"], first_en.headers["X-Cache"]) == ("miss", "miss")
    assert first_zh.data != first_en.data
    assert [r["code"] for r in first_zh.get_json()["reasons"]] == [r["code"] for r in first_en.get_json()["reasons"]]
    assert first_zh.get_json()["reasons"][1]["message"] == "你有对子K♠K♠，必须跟出"
    assert first_en.get_json()["reasons"][1]["message"] == "you hold the pair K♠K♠ and must play it"
    for headers, first, language in ((zh, first_zh, "zh-Hans"), (en, first_en, "en"),
                                     ({"Accept-Language": "zh-Hans, en;q=0.2"}, first_zh, "zh-Hans"),
                                     ({}, first_en, "en"), ({"Accept-Language": "zh-TW"}, first_en, "en")):
        again = raw(client, "/v1/plays/validate", ILLEGAL, **headers)
        assert again.headers["X-Cache"] == "hit" and again.data == first.data, headers
        assert again.headers["Content-Language"] == language
    # reordered cards: a canonical hit, still in each request's own language
    reordered = {**ILLEGAL, "hand": list(reversed(ILLEGAL["hand"]))}
    for headers, first in ((zh, first_zh), (en, first_en)):
        again = raw(client, "/v1/plays/validate", reordered, **headers)
        assert again.headers["X-Cache"] == "hit" and again.data == first.data
    languages = sorted({k.split(":")[4] for k in app.extensions["answer_cache"].store._data})
    assert languages == ["en", "zh-Hans"]


def test_chinese_answers_on_every_cached_endpoint_at_the_door(fresh):
    app, client = fresh
    legal = {**QQ_HEARTS, "hand": ["AS", "KS", "KS", "3D"], "lead": ["QS", "7S"]}
    trick = {**QQ_HEARTS, "plays": [{"seat": 0, "cards": ["5S", "5S"]}, {"seat": 1, "cards": ["KS", "3D"]}]}
    for path, body in (("/v1/plays/validate", ILLEGAL), ("/v1/plays/legal", legal), ("/v1/tricks/winner", trick)):
        expected = raw(flask_path(app), path, body, **{"Accept-Language": "zh-CN", "Cache-Control": "no-cache"})
        english = raw(flask_path(app), path, body, **{"Cache-Control": "no-cache"})
        for result in ("miss", "hit"):
            r = raw(client, path, body, **{"Accept-Language": "zh-CN"})
            assert r.headers["X-Cache"] == result and r.data == expected.data, path
            assert r.headers["Content-Language"] == "zh-Hans"
        assert raw(client, path, body).data == english.data


def test_follow_protection_is_part_of_the_canonical_key(fresh):
    """Two requests that differ only in follow_protection (and card order) never share an answer."""
    app, client = fresh
    body = {"rules": {"preset": "4399", "decks": 4, "follow_protection": "none"}, "trump": {"level": "A", "suit": "H"},
            "hand": ["5S", "5S", "5S", "6S", "7S"], "play": ["6S", "7S"], "lead": ["3S", "3S"]}
    protected = {**body, "rules": {**body["rules"], "follow_protection": "longer-tuples"},
                 "hand": list(reversed(body["hand"]))}
    first = raw(client, "/v1/plays/validate", body)
    second = raw(client, "/v1/plays/validate", protected)
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "miss")
    assert (first.get_json()["legal"], second.get_json()["legal"]) == (False, True)
    again = raw(client, "/v1/plays/validate", {**protected, "hand": body["hand"]})
    assert again.headers["X-Cache"] == "hit" and again.data == second.data


def test_invented_methods_share_one_metrics_label(fresh):
    """A method a client invents is counted as `other`: 300 of them add no label value and no bytes."""
    _, client = fresh
    client.open("/healthz", method="BREW0")
    size = len(client.get("/metrics").data)
    for n in range(300):
        assert client.open("/healthz", method=f"BREW{n}").status_code == 405
    text = client.get("/metrics").get_data(as_text=True)
    assert 'method="other"' in text and "BREW" not in text
    assert len(text.encode()) <= size + 200
