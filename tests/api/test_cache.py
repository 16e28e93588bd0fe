"""The answer cache: in-process and against a real redis-server."""
from __future__ import annotations

import json
import signal
import time

import redis

from app import create_app
from app.cache import REF, MemoryStore, canonical, make_key
from app.fingerprint import FINGERPRINT, SERVICE_FINGERPRINT
from rules.cards import parse_cards
from tests.conftest import free_port

from .helpers import QQ_HEARTS

TRICK = {**QQ_HEARTS, "plays": [{"seat": 0, "cards": ["5S", "5S"]}, {"seat": 1, "cards": ["KS", "KS"]}]}


def trick(n: int) -> dict:
    """A distinct trick per ``n`` so tests sharing a cache do not see each other's answers."""
    ranks = ["2", "3", "4", "6", "7", "8", "9", "J", "Q"]
    return {**QQ_HEARTS, "plays": [{"seat": 0, "cards": [ranks[n % 9] + "S"]},
                                   {"seat": 1, "cards": [ranks[n // 9 % 9] + "C"]}]}


def redis_app(url: str, **config):
    """An app on Redis alone (no near cache), so every hit and miss is Redis's own."""
    return create_app({"REDIS_URL": url, "CACHE_TIMEOUT": 0.1, "CACHE_BREAKER_SECONDS": 0.5,
                       "NEAR_CACHE_SIZE": 0, **config})


def ask(client, body, **headers):
    r = client.post("/v1/tricks/winner", json=body, headers=headers)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r


def test_memory_cache_miss_then_hit():
    client = create_app({}).test_client()
    first, second = ask(client, TRICK), ask(client, TRICK)
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")
    assert first.get_json() == second.get_json()


def test_no_cache_bypasses_and_does_not_store():
    client = create_app({}).test_client()
    assert ask(client, TRICK, **{"Cache-Control": "no-cache"}).headers["X-Cache"] == "bypass"
    assert ask(client, TRICK).headers["X-Cache"] == "miss"
    assert ask(client, TRICK, **{"Cache-Control": "no-cache"}).headers["X-Cache"] == "bypass"


WIDE_HAND = ["AH", "KH", "QH", "JH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H", "AC", "KC", "QC", "JC", "9C",
             "8C", "7C", "6C", "5C", "4C", "3C", "2C", "AD"]
WIDE = {**QQ_HEARTS, "hand": WIDE_HAND, "lead": ["3S", "3S"]}     # 300 legal plays: a 1.2 KiB answer


def test_memory_cache_is_bounded_in_bytes():
    store = MemoryStore(size=10_000, max_bytes=50_000)
    for n in range(100):
        store.set_many(((f"key-{n}", b"x" * 4000),))
        assert store.bytes <= 50_000
    assert store.bytes == sum(len(k) + len(v) + store.ENTRY_OVERHEAD for k, v in store._data.items())
    assert len(store._data) == 50_000 // (4000 + 5 + store.ENTRY_OVERHEAD + 1)
    assert store.get("key-99") is not None and store.get("key-0") is None
    store.set_many((("huge", b"x" * 60_000),))            # larger than the whole store: never stored
    assert store.get("huge") is None and store.get("key-99") is not None


def test_oversized_answers_are_served_not_stored():
    app = create_app({"CACHE_MAX_ANSWER": 1000})
    client = app.test_client()
    first = client.post("/v1/plays/legal", json=WIDE)
    second = client.post("/v1/plays/legal", json=WIDE)
    assert len(first.data) > 1000 and first.data == second.data
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "miss")
    assert app.extensions["answer_cache"].store._data == {}
    assert ask(client, TRICK).headers["X-Cache"] == "miss" and ask(client, TRICK).headers["X-Cache"] == "hit"


def test_raw_variants_of_one_body_store_one_answer(fresh_redis):
    """300 copies of one body differing only in trailing spaces: one copy of the answer in Redis, a
    small reference under each raw key, and every variant's second request a hit at the door."""
    client = redis_app(fresh_redis.url).test_client()
    body = json.dumps(WIDE).encode()
    answers = set()
    for n in range(300):
        r = client.post("/v1/plays/legal", data=body + b" " * n, headers={"Content-Type": "application/json"})
        assert r.status_code == 200
        answers.add(r.data)
    assert len(answers) == 1 and len(next(iter(answers))) > 1024
    server = redis.Redis.from_url(fresh_redis.url)
    values = [server.get(k) for k in server.keys("tractor:*:plays/legal:*")]
    assert len(values) == 301
    assert sum(1 for v in values if not v.startswith(REF)) == 1
    assert max(len(v) for v in values if v.startswith(REF)) < 200
    again = client.post("/v1/plays/legal", data=body + b" " * 7, headers={"Content-Type": "application/json"})
    assert again.headers["X-Cache"] == "hit" and again.data in answers


def test_memory_cache_is_bounded():
    app = create_app({"CACHE_SIZE": 2})
    client = app.test_client()
    for n in range(3):
        ask(client, trick(n))
    assert len(app.extensions["answer_cache"].store._data) == 2
    assert ask(client, trick(0)).headers["X-Cache"] == "miss"


def test_every_cached_endpoint_says_so(client):
    hand = {**QQ_HEARTS, "hand": ["9S", "8S"], "lead": ["3S"]}
    for path, body in (("/v1/plays/validate", {**hand, "play": ["9S"]}), ("/v1/plays/legal", hand)):
        assert client.post(path, json=body).headers["X-Cache"] in ("miss", "hit")
    assert "X-Cache" not in client.post("/v1/deals", json={"rules": "qq", "seed": 1}).headers


def test_key_is_canonical():
    a = {**QQ_HEARTS, "hand": parse_cards(["AS", "KS", "AS"])}
    b = {**QQ_HEARTS, "hand": parse_cards(["KS", "AS", "AS"])}
    from schemas.plays import LegalPlaysSchema
    x = LegalPlaysSchema().load({**QQ_HEARTS, "hand": ["AS", "KS", "AS"]})
    y = LegalPlaysSchema().load({**QQ_HEARTS, "hand": ["ks", "AS", "AS"]})
    z = LegalPlaysSchema().load({"rules": {"preset": "qq", "throw_penalty": 10}, "trump": QQ_HEARTS["trump"],
                                 "hand": ["AS", "KS", "AS"]})
    assert make_key("t", "1", "e", x) == make_key("t", "1", "e", y) != make_key("t", "1", "e", z)
    assert canonical(a) == canonical(b)
    assert make_key("t", "1", "e", x) != make_key("t", "2", "e", x)


def test_play_order_is_part_of_the_key(client):
    # the same seats in the same playing order, the cards played the other way round
    first, second = TRICK["plays"]
    swapped = {**TRICK, "plays": [{**first, "cards": second["cards"]}, {**second, "cards": first["cards"]}]}
    ask(client, TRICK)
    assert ask(client, swapped).headers["X-Cache"] == "miss"


def test_redis_hit_shared_by_two_instances(redis_server):
    one, two = redis_app(redis_server.url).test_client(), redis_app(redis_server.url).test_client()
    body = trick(11)
    assert ask(one, body).headers["X-Cache"] == "miss"
    assert ask(one, body).headers["X-Cache"] == "hit"
    shared = ask(two, body)
    assert shared.headers["X-Cache"] == "hit"
    assert shared.get_json() == ask(one, body, **{"Cache-Control": "no-cache"}).get_json()


def test_redis_keys_carry_the_engine_version(redis_server):
    client = redis_app(redis_server.url, ENGINE_VERSION="9.9.9-test").test_client()
    ask(client, trick(12))
    keys = [k.decode() for k in redis.Redis.from_url(redis_server.url).keys("tractor:9.9.9-test+*:tricks/winner:*")]
    assert sorted(k.split(":")[3] for k in keys) == ["can", "raw"]
    assert all(k.split(":")[1] == f"9.9.9-test+{SERVICE_FINGERPRINT[:16]}-{FINGERPRINT[:16]}" for k in keys)
    other = redis_app(redis_server.url, ENGINE_VERSION="9.9.10-test").test_client()
    assert ask(other, trick(12)).headers["X-Cache"] == "miss"


def test_redis_flushed_means_miss_not_failure(redis_server):
    client = redis_app(redis_server.url).test_client()
    ask(client, trick(13))
    redis.Redis.from_url(redis_server.url).flushall()
    assert ask(client, trick(13)).headers["X-Cache"] == "miss"


def test_redis_stopped_mid_test(fresh_redis):
    app = redis_app(fresh_redis.url)
    client = app.test_client()
    expected = ask(client, trick(14)).get_json()
    assert client.get("/readyz").get_json()["status"] == "ready"
    fresh_redis.stop()
    for _ in range(3):
        r = ask(client, trick(14))
        assert r.get_json() == expected and r.headers["X-Cache"] == "miss"
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.get_json() == {"status": "degraded", "cache": {"backend": "redis", "ok": False}}
    assert 'result="error"' in client.get("/metrics").get_data(as_text=True)


def test_redis_unreachable_at_start_and_breaker(redis_bin):
    app = redis_app(f"redis://127.0.0.1:{free_port()}/0", CACHE_BREAKER_SECONDS=30)
    client = app.test_client()
    started = time.monotonic()
    for n in range(5):
        assert ask(client, trick(20 + n)).headers["X-Cache"] == "miss"
    assert time.monotonic() - started < 2
    assert client.get("/readyz").get_json()["status"] == "degraded"


def test_redis_slow_costs_at_most_the_timeout(fresh_redis):
    client = redis_app(fresh_redis.url, CACHE_TIMEOUT=0.05).test_client()
    fresh_redis.proc.send_signal(signal.SIGSTOP)
    try:
        started = time.monotonic()
        r = ask(client, trick(30))
        assert r.headers["X-Cache"] == "miss"
        assert time.monotonic() - started < 1
    finally:
        fresh_redis.proc.send_signal(signal.SIGCONT)


def test_near_cache_answers_repeats_without_redis_and_redis_shares_between_instances(redis_server):
    one = redis_app(redis_server.url, NEAR_CACHE_SIZE=16).test_client()
    two = redis_app(redis_server.url, NEAR_CACHE_SIZE=16).test_client()
    assert ask(one, trick(21)).headers["X-Cache"] == "miss"
    assert ask(two, trick(21)).headers["X-Cache"] == "hit"          # from Redis
    redis.Redis.from_url(redis_server.url).flushall()
    assert ask(one, trick(21)).headers["X-Cache"] == "hit"          # from one's own near cache
    assert ask(two, trick(21)).headers["X-Cache"] == "hit"          # two kept it near too
    fresh = redis_app(redis_server.url, NEAR_CACHE_SIZE=16).test_client()
    assert ask(fresh, trick(21)).headers["X-Cache"] == "miss"       # Redis no longer has it


def test_near_cache_keeps_answering_while_redis_is_down(fresh_redis):
    client = redis_app(fresh_redis.url, NEAR_CACHE_SIZE=16).test_client()
    first = ask(client, trick(22))
    fresh_redis.stop()
    again = ask(client, trick(22))
    assert again.headers["X-Cache"] == "hit" and again.data == first.data
    other = ask(client, trick(23))
    assert other.headers["X-Cache"] == "miss"
