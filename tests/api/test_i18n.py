"""Answers in Simplified Chinese with Accept-Language: zh-CN / zh-Hans / zh; English otherwise."""
import json
import re
from pathlib import Path

import pytest

from app import i18n
from rules.violations import CODES

from ..docs_examples import parse

ZH = {"Accept-Language": "zh-CN"}
FOLLOW = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "AS", "KS", "KS", "3D"],
          "play": ["KS", "3D"], "lead": ["QS", "QS"]}
HAN = re.compile(r"[\u4e00-\u9fff]")
DOCS = Path(__file__).resolve().parent.parent.parent / "docs"


@pytest.mark.parametrize("header, lang", [
    ("zh-CN", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh", "zh-Hans"), ("zh-hans-CN", "zh-Hans"),
    ("en-US,en;q=0.9", "en"), (None, "en"), ("fr", "en"), ("zh-TW", "en"),
    ("en;q=0.5, zh-CN;q=0.8", "zh-Hans"), ("zh-CN;q=0.3, en", "en"), ("fr, zh;q=0.1", "zh-Hans")])
def test_language_negotiation(header, lang):
    assert i18n.negotiate(header) == lang


def test_every_code_and_template_has_both_languages():
    entries = list(i18n.templates())
    contexts = {ctx for ctx, _, _ in entries}
    assert set(CODES) <= contexts
    for code, text in CODES.items():
        assert (code, text) in {(c, e) for c, e, _ in entries}, code
    for ctx, english, chinese in entries:
        assert english and chinese and chinese != english or ctx in ("word", "explanation"), (ctx, english)
        if ctx not in ("word", "explanation"):
            assert HAN.search(chinese), (ctx, english)
        placeholders = set(re.findall(r"\{(\w+)\}", english))
        assert placeholders == set(re.findall(r"\{(\w+)\}", chinese)), (ctx, english)


def test_illegal_play_gives_chinese_reasons_with_the_same_codes(client):
    en = client.post("/v1/plays/validate", json=FOLLOW, headers={"Cache-Control": "no-cache"})
    zh = client.post("/v1/plays/validate", json=FOLLOW, headers={**ZH, "Cache-Control": "no-cache"})
    assert en.headers["Content-Language"] == "en" and zh.headers["Content-Language"] == "zh-Hans"
    assert "Accept-Language" in zh.headers["Vary"] and "Accept-Language" in en.headers["Vary"]
    codes = [r["code"] for r in en.get_json()["reasons"]]
    assert codes == [r["code"] for r in zh.get_json()["reasons"]] == ["MUST_FOLLOW_SUIT", "MUST_PLAY_UNIT"]
    assert [r["message"] for r in zh.get_json()["reasons"]] == ["你有 4 张♠：出的 2 张牌必须都是♠", "你有对子K♠K♠，必须跟出"]
    assert en.get_json()["reasons"][1]["message"] == "you hold the pair K♠K♠ and must play it"


def test_cached_answers_are_keyed_by_language(app):
    client = app.test_client()
    body = dict(FOLLOW, hand=["AS", "AS", "KS", "KS", "4D"])
    first = client.post("/v1/plays/validate", json=body, headers=ZH)
    again = client.post("/v1/plays/validate", json=body, headers=ZH)
    english = client.post("/v1/plays/validate", json=body)
    assert (first.headers["X-Cache"], again.headers["X-Cache"], english.headers["X-Cache"]) == ("miss", "hit", "miss")
    assert again.get_json() == first.get_json() and HAN.search(again.get_json()["reasons"][0]["message"])
    assert not HAN.search(english.get_json()["reasons"][0]["message"])
    assert client.post("/v1/plays/validate", json=body).headers["X-Cache"] == "hit"


def test_problem_documents_in_chinese(client):
    body = client.post("/v1/plays/validate", json={"rules": "qq"}, headers=ZH).get_json()
    assert body["title"] == "无法处理的内容" and body["status"] == 422
    assert body["errors"][0] == {"pointer": "/trump", "detail": "缺少必填字段。"}
    assert HAN.search(body["detail"])
    missing = client.get("/v1/rulesets/bridge", headers={"Accept-Language": "zh"})
    assert missing.status_code == 404 and missing.headers["Content-Language"] == "zh-Hans"
    assert missing.get_json()["title"] == "未找到" and "bridge" in missing.get_json()["detail"]
    unsupported = client.post("/v1/plays/validate", data="x", headers={**ZH, "Content-Type": "text/plain"})
    assert unsupported.status_code == 415 and HAN.search(unsupported.get_json()["detail"])
    english = client.get("/v1/rulesets/bridge").get_json()
    assert english["title"] == "Not Found"


def test_settlement_explanation_in_chinese(client):
    request = next(ex for ex in parse(DOCS / "rules.md") if ex.path == "/v1/hands/settle")
    zh = client.post(request.path, json=request.body, headers=ZH).get_json()
    assert zh["explanation"] == "闲家得 130 分（赢墩 70 分 + 底牌 15 分 ×4）：闲家上台坐庄，升 1 级，从 7 升到 8"


def _reasons(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "reasons":
                yield from value
            else:
                yield from _reasons(value)
    elif isinstance(node, list):
        for value in node:
            yield from _reasons(value)


def test_every_engine_message_in_the_docs_and_recorded_hands_has_its_own_template(client):
    """No reason seen in the docs' examples or the illegal recorded hands falls back to the generic sentence."""
    seen = []
    for ex in parse(DOCS / "rules.md"):
        answer = client.open(ex.path, method=ex.method, json=ex.body).get_json()
        seen += list(_reasons(answer))
    for path in sorted((DOCS.parent / "tests" / "data" / "hands").glob("9*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        record.pop("expected")
        seen += client.post("/v1/hands/adjudicate", json=record).get_json()["reasons"]
    assert {r["code"] for r in seen} >= {"MUST_FOLLOW_SUIT", "MUST_PLAY_UNIT", "THROWS_NOT_ALLOWED", "WRONG_TURN",
                                         "DECLARATION_CLOSED", "NO_DECLARATION"}
    for reason in seen:
        translated = i18n._fill(reason["code"], reason["message"])
        assert translated is not None, reason
        assert HAN.search(translated), reason


def test_every_field_problem_answers_in_chinese(client):
    """Field messages with a template of their own are translated; the rest are quoted inside a
    Chinese sentence, so no 422 detail is English only."""
    bodies = [
        {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "XX"], "play": ["AS"]},
        {"rules": {"preset": "qq", "decks": 9}, "trump": {"level": "10", "suit": "H"}, "hand": ["AS"], "play": ["AS"]},
        {"rules": {"preset": "qq", "first_level": "5"}, "trump": {"level": "10", "suit": "H"}, "hand": ["AS"],
         "play": ["AS"]},
        {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS"], "play": ["AS"], "lead": ["KS", "KS"]},
    ]
    for body in bodies:
        r = client.post("/v1/plays/validate", json=body, headers={"Accept-Language": "zh-CN"})
        assert r.status_code == 422
        answer = r.get_json()
        for text in [answer["detail"]] + [e["detail"] for e in answer["errors"]]:
            assert any("\u4e00" <= ch <= "\u9fff" for ch in text), text
