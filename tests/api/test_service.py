import yaml

from rules.violations import CODES


def test_healthz(client):
    assert client.get("/healthz").get_json()["status"] == "ok"


def test_readyz_with_memory_cache(client):
    assert client.get("/readyz").get_json() == {"status": "ready", "cache": {"backend": "memory", "ok": True}}


def test_metrics_count_requests_and_engine_time(client):
    client.post("/v1/cards/analyze", json={"rules": "qq", "trump": {"level": "2", "suit": None}, "cards": ["AS"]})
    r = client.get("/metrics")
    assert r.status_code == 200 and r.mimetype == "text/plain"
    text = r.get_data(as_text=True)
    assert 'tractor_http_requests_total{endpoint="/v1/cards/analyze",method="POST",status="200"}' in text
    assert 'tractor_engine_seconds_count{endpoint="cards/analyze"}' in text
    assert "tractor_http_request_seconds_bucket" in text


def test_openapi_yaml_served(client):
    r = client.get("/openapi.yaml")
    assert r.status_code == 200 and r.mimetype == "application/yaml"
    spec = yaml.safe_load(r.get_data(as_text=True))
    assert spec["openapi"] == "3.1.0"
    assert "/v1/plays/validate" in spec["paths"]


def test_docs_page_works_offline(client):
    page = client.get("/docs").get_data(as_text=True)
    assert "http" not in page.split("<body>")[1]
    for asset in ("docs/swagger-ui-bundle.js", "docs/swagger-ui.css", "docs/init.js"):
        assert asset in page
        assert client.get("/" + asset).status_code == 200
    assert "openapi.yaml" in client.get("/docs/init.js").get_data(as_text=True)
    assert client.get("/docs/secret.txt").status_code == 404


def test_every_reason_code_is_documented(client):
    spec = yaml.safe_load(client.get("/openapi.yaml").get_data(as_text=True))
    assert spec["components"]["schemas"]["Reason"]["properties"]["code"]["enum"] == list(CODES)
    for code in CODES:
        assert f"`{code}`" in spec["info"]["description"]


def test_the_wsgi_entry_point_freezes_what_start_up_made(root):
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", "import gc, wsgi; print(gc.get_freeze_count())"], cwd=root,
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert int(out) > 10_000
