"""CORS: only the configured origins get preflights answered and CORS headers."""
import pytest

from app import create_app
from app.cors import parse_origins

ALLOWED = "https://table.example"
BODY = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D"],
        "play": ["AS", "KS"], "lead": ["QS", "QS"]}


def preflight(client, origin):
    return client.options("/v1/plays/validate", headers={
        "Origin": origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, accept-language, x-evil"})


@pytest.fixture
def cors_client():
    return create_app({"CORS_ORIGINS": f"{ALLOWED}, https://other.example/"}).test_client()


def test_origins_parse_from_a_comma_list_or_star():
    assert parse_origins(None) == () and parse_origins("") == ()
    assert parse_origins("*") == ("*",)
    assert parse_origins(" https://a.example/ ,https://b.example") == ("https://a.example", "https://b.example")


def test_preflight_from_a_configured_origin_is_allowed(cors_client):
    response = preflight(cors_client, ALLOWED)
    assert response.status_code == 204
    assert response.headers["Access-Control-Allow-Origin"] == ALLOWED
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    assert response.headers["Access-Control-Allow-Headers"] == "content-type, accept-language"
    assert "Origin" in response.headers["Vary"]
    assert preflight(cors_client, "https://other.example").headers["Access-Control-Allow-Origin"] == \
        "https://other.example"


def test_preflight_from_another_origin_is_not_allowed(cors_client):
    response = preflight(cors_client, "https://evil.example")
    assert "Access-Control-Allow-Origin" not in response.headers
    assert "Access-Control-Allow-Methods" not in response.headers


def test_answers_carry_cors_headers_for_allowed_origins_only(cors_client):
    response = cors_client.post("/v1/plays/validate", json=BODY, headers={"Origin": ALLOWED})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == ALLOWED
    exposed = {h.strip() for h in response.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"X-Cache", "X-Request-ID"} <= exposed
    other = cors_client.post("/v1/plays/validate", json=BODY, headers={"Origin": "https://evil.example"})
    assert other.status_code == 200 and "Access-Control-Allow-Origin" not in other.headers
    problem = cors_client.post("/v1/plays/validate", json={}, headers={"Origin": ALLOWED})
    assert problem.status_code == 422 and problem.headers["Access-Control-Allow-Origin"] == ALLOWED


def test_star_allows_every_origin():
    client = create_app({"CORS_ORIGINS": "*"}).test_client()
    assert preflight(client, "https://any.example").headers["Access-Control-Allow-Origin"] == "*"
    response = client.get("/v1/rulesets", headers={"Origin": "https://any.example"})
    assert response.headers["Access-Control-Allow-Origin"] == "*"


def test_default_sends_no_cors_headers(client):
    response = preflight(client, ALLOWED)
    assert "Access-Control-Allow-Origin" not in response.headers
    response = client.post("/v1/plays/validate", json=BODY, headers={"Origin": ALLOWED})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_env_config_reads_cors_origins(monkeypatch):
    from app import env_config
    monkeypatch.setenv("CORS_ORIGINS", "https://a.example,https://b.example")
    assert env_config()["CORS_ORIGINS"] == ("https://a.example", "https://b.example")
