"""The committed openapi.yaml is what the code generates (run `make spec` after changing the API)."""
import yaml

from app.spec import spec_yaml
from tests.docs_examples import outside_references

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
            assert any("example" in c or "examples" in c for c in ok["content"].values()), (method, path)
            assert op["responses"]["default"]["$ref"].endswith("DEFAULT_ERROR")
            if method == "post":
                assert op["description"], path
                body = op["requestBody"]["content"]["application/json"]
                assert "example" in body or "examples" in body, path
                assert {"400", "413", "415", "422"} <= set(op["responses"]), path
    for response in spec["components"]["responses"].values():
        assert list(response["content"]) == [PROBLEM]


def test_served_paths_match_the_api_contract(app):
    spec = yaml.safe_load(spec_yaml(app))
    expected = {"/v1/rulesets", "/v1/rulesets/{name}", "/v1/cards/analyze", "/v1/plays/validate", "/v1/plays/legal",
                "/v1/tricks/winner", "/v1/declarations/validate", "/v1/declarations/options", "/v1/hands/settle",
                "/v1/deals", "/healthz", "/readyz", "/metrics", "/openapi.yaml", "/docs", "/v1/rulesets/resolve"}
    assert expected <= set(spec["paths"])


def _walk(node, path=()):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, path + (i,))


def test_every_ruleset_parameter_is_described_with_each_enum_value(app):
    spec = yaml.safe_load(spec_yaml(app))
    properties = spec["components"]["schemas"]["RulesetParameters"]["properties"]
    from rules.ruleset import PARAMETER_NAMES
    assert set(PARAMETER_NAMES) <= set(properties)
    for name in PARAMETER_NAMES:
        prop = properties[name]
        assert "docs/rules.md" in prop["description"], name
        if name not in ("first_level", "last_level") and "enum" in prop:
            for value in prop["enum"]:
                assert f"- `{value}`: " in prop["description"], (name, value)
    assert {"type": "string", "enum": ["auto"]} in properties["kitty_size"]["oneOf"]


def test_spec_is_generator_friendly(app):
    """Typed enums, no bare const, every number says integer or number, no internal names."""
    text = spec_yaml(app)
    assert outside_references(text) == []
    spec = yaml.safe_load(text)
    for path, node in _walk(spec):
        if "examples" in path or "example" in path:
            continue
        assert "const" not in node, path
        if "enum" in node and "properties" not in path[-1:]:
            assert "type" in node, path
        assert node.get("type") not in ("number",) or path[-2:] in (("coin_changes", "items"),
                                                                    ("properties", "room_coefficient")), path


def test_presets_are_named_by_family(client):
    for entry in client.get("/v1/rulesets").get_json()["rulesets"]:
        assert "seed" not in (entry["title"] + entry["source"]).lower(), entry["name"]
        assert len(entry["title"]) > 20 and len(entry["source"]) > 20


def _answer_schemas(spec) -> set[str]:
    """Every schema an answer (a success or a problem document) holds, nested ones included."""
    schemas = spec["components"]["schemas"]
    found: set[str] = set()
    roots = [r for item in spec["paths"].values() for method, op in item.items() if method != "parameters"
             for r in op["responses"].values()] + list(spec["components"].get("responses", {}).values())
    todo = [n for r in roots for _, node in _walk(r) if "$ref" in node for n in [node["$ref"].split("/")[-1]]]
    while todo:
        name = todo.pop()
        if name in found or name not in schemas:
            continue
        found.add(name)
        todo += [node["$ref"].split("/")[-1] for _, node in _walk(schemas[name]) if "$ref" in node]
    return found


def test_every_answer_field_says_who_may_be_shown_it(app):
    """Issue 29: every answer field in openapi.yaml says whether it is public (docs/views.md), once."""
    spec = yaml.safe_load(spec_yaml(app))
    names = _answer_schemas(spec)
    assert {"HandState", "Verdict", "TrickAnswer", "Deal", "Ruleset", "Suggestion", "Worlds", "Problem"} <= names
    missing = [(name, field) for name in sorted(names)
               for field, prop in spec["components"]["schemas"][name].get("properties", {}).items()
               if (prop.get("description") or "").count("Public:") != 1]
    assert not missing, missing


def test_every_post_documents_x_work_and_the_shed_503_and_answers_them(app, client):
    """Every POST answer carries ``X-Work`` (app/shed.py) and the spec says so, with the 503 a saturated
    instance answers (and its ``Retry-After``)."""
    spec = yaml.safe_load(spec_yaml(app))
    shed = spec["components"]["responses"]["SERVICE_UNAVAILABLE"]
    assert "Retry-After" in shed["headers"]
    for path, item in spec["paths"].items():
        op = item.get("post")
        if op is None:
            continue
        assert "X-Work" in op["responses"]["200"]["headers"], path
        assert op["responses"]["503"]["$ref"].endswith("SERVICE_UNAVAILABLE"), path
        body = op["requestBody"]["content"]["application/json"]
        example = body["example"] if "example" in body else next(iter(body["examples"].values()))["value"]
        answer = client.post(path, json=example)
        assert answer.status_code == 200, (path, answer.get_json())
        assert int(answer.headers["X-Work"]) >= 0, path
