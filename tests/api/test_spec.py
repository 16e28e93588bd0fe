"""The committed openapi.yaml is what the code generates (run `make spec` after changing the API)."""
import yaml

from app.spec import spec_yaml

PROBLEM = "application/problem+json"


def test_committed_spec_is_current(app, root):
    committed = (root / "openapi.yaml").read_text(encoding="utf-8")
    assert committed == spec_yaml(app), "openapi.yaml is stale: run `make spec`"


def test_every_operation_has_description_example_and_problem_errors(app):
    spec = yaml.safe_load(spec_yaml(app))
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method == "parameters":
                continue
            assert op.get("summary"), (method, path)
            ok = op["responses"]["200"]
            assert any("example" in c for c in ok["content"].values()), (method, path)
            assert op["responses"]["default"]["$ref"].endswith("DEFAULT_ERROR")
            if method == "post":
                assert op["description"], path
                assert "example" in op["requestBody"]["content"]["application/json"]
                assert {"400", "413", "415", "422"} <= set(op["responses"]), path
    for response in spec["components"]["responses"].values():
        assert list(response["content"]) == [PROBLEM]


def test_served_paths_match_the_api_contract(app):
    spec = yaml.safe_load(spec_yaml(app))
    expected = {"/v1/rulesets", "/v1/rulesets/{name}", "/v1/cards/analyze", "/v1/plays/validate", "/v1/plays/legal",
                "/v1/tricks/winner", "/v1/declarations/validate", "/v1/declarations/options", "/v1/hands/settle",
                "/v1/deals", "/healthz", "/readyz", "/metrics", "/openapi.yaml", "/docs"}
    assert expected <= set(spec["paths"])
