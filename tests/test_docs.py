"""The docs cannot drift: every worked example in docs/*.md is sent to the app and its answer checked,
and docs/rules.md names every ruleset parameter the service serves and every reason code."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.violations import CODES

from .docs_examples import keys_shown, mismatch, outside_references, parse

DOCS = Path(__file__).resolve().parent.parent / "docs"
EXAMPLES = [ex for doc in sorted(DOCS.glob("*.md")) for ex in parse(doc)]


def test_the_docs_have_worked_examples_for_every_endpoint_family():
    paths = {ex.path for ex in EXAMPLES}
    assert {"/v1/cards/analyze", "/v1/plays/validate", "/v1/plays/legal", "/v1/tricks/winner",
            "/v1/declarations/validate", "/v1/declarations/options", "/v1/hands/settle",
            "/v1/hands/adjudicate"} <= paths
    assert len(EXAMPLES) >= 40


@pytest.mark.parametrize("example", EXAMPLES, ids=[ex.name for ex in EXAMPLES])
def test_worked_example_gives_the_answer_shown(client, example):
    assert keys_shown(example.answer) >= 1, "an answer must show something to check"
    response = client.open(example.path, method=example.method, json=example.body, headers=example.headers)
    assert response.status_code == example.status, response.get_data(as_text=True)
    found = mismatch(example.answer, response.get_json())
    assert found is None, f"{example.name}: {found}"


def test_rules_doc_parameter_table_is_the_one_the_declarations_make():
    """The table is generated (`make spec`); a parameter declared, changed or removed without
    regenerating it fails here."""
    from schemas.parameters import markdown_table
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    assert markdown_table() in text


def test_rules_doc_names_every_served_parameter_and_value(client):
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    listing = client.get("/v1/rulesets").get_json()
    declared = {p["name"]: p for p in listing["parameters"]}
    for preset in listing["rulesets"]:
        assert f"`{preset['name']}`" in text
        assert list(preset["parameters"]) == list(declared)
    for name, p in declared.items():
        assert f"| `{name}` |" in text, name
        for option in p["values"]:
            assert f"`{option['value']}`" in text, (name, option)


def test_rules_doc_names_every_reason_code():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for code in CODES:
        assert re.search(rf"^\| `{code}` \|", text, re.M), code


def test_rules_doc_uses_the_players_terms():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for term in ("主", "副", "级牌", "常主", "对子", "拖拉机", "甩牌", "毙", "盖毙", "扣底", "抠底", "庄家", "闲家",
                 "亮主", "反主", "找朋友"):
        assert term in text, term


def test_docs_link_their_own_files_and_name_no_internal_sources(root):
    files = [root / "README.md", *DOCS.glob("*.md")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert outside_references(text) == [], path.name
        for target in re.findall(r"\]\(((?:docs/)?[\w.-]+\.md)(?:#[\w-]+)?\)", text):
            base = path.parent if path.parent.name == "docs" and not target.startswith("docs/") else root
            assert (base / target).exists(), (path.name, target)
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "docs/rules.md" in readme and "docs/clients.md" in readme


def test_anchor_links_in_rules_doc_resolve():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    anchors = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in re.findall(r"^#+ (.+)$", text, re.M)}
    for anchor in re.findall(r"\]\(#([\w-]+)\)", text):
        assert anchor in anchors, anchor
