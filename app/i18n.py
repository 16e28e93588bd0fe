"""Answers in English or Simplified Chinese, chosen by ``Accept-Language``.

The engine speaks English; this module translates at the edge.  The templates live in a Babel
catalog (``app/translations/zh_Hans/LC_MESSAGES/messages.po``), compiled in memory at start-up:
``msgctxt`` is a reason code (or ``word``, ``kind``, ``explanation``, ``title``, ``detail``),
``msgid`` an English template whose ``{name}`` placeholders are read back from the English message,
``msgstr`` the Chinese.  A reason whose message no template matches falls back to the Chinese
sentence for its code, so a reworded engine message still answers in Chinese.  Codes never change.
"""
from __future__ import annotations

import io
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from flask import g, has_request_context, request

from .encoding import Shared

EN, ZH = "en", "zh-Hans"
CATALOG = Path(__file__).resolve().parent / "translations" / "zh_Hans" / "LC_MESSAGES" / "messages.po"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
WORDS = r"[\w.\-]+(?:, [\w.\-]+)*"  # numbers and ranks, the only values inside explanations
SIMPLIFIED = {"zh", "zh-cn", "zh-hans", "zh-sg", "zh-hans-cn", "zh-hans-sg"}


def load_catalog():
    with CATALOG.open("rb") as f:
        return read_po(f, locale="zh_Hans")


@lru_cache(maxsize=1)
def _compiled() -> tuple[Translations, dict[str, list[tuple[str, re.Pattern]]]]:
    catalog = load_catalog()
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    translations = Translations(buffer)
    templates: dict[str, list[tuple[str, re.Pattern]]] = {}
    for message in catalog:
        if message.id and message.context:
            value = WORDS if message.context == "explanation" else ".+?"
            templates.setdefault(message.context, []).append((message.id, _pattern(message.id, value)))
    return translations, templates


def _pattern(template: str, value: str = ".+?") -> re.Pattern:
    out, seen, pos = [], set(), 0
    for m in PLACEHOLDER.finditer(template):
        out.append(re.escape(template[pos:m.start()]))
        name = m.group(1)
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>{value})")
        seen.add(name)
        pos = m.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out), re.S)


_NEGOTIATED: dict[str, str] = {}
_NEGOTIATED_SIZE = 1024


def negotiate(header: str | None) -> str:
    """The answer language for an ``Accept-Language`` value: ``zh-Hans`` or ``en`` (the default).

    ``zh``, ``zh-CN``, ``zh-Hans`` (and other Simplified tags) → Simplified Chinese; the supported
    language with the highest q wins (the first listed on a tie); anything else → English.  This is
    the one negotiation of the service: Flask's answers (``Content-Language``, problem documents) and
    the cache at the door (:mod:`app.door`, whose keys include the language) both use it, so a cached
    answer is always in the language its key names.  Results are memoized (bounded), as the door
    negotiates every request.
    """
    if not header:
        return EN
    found = _NEGOTIATED.get(header)
    if found is None:
        found = _negotiate(header)
        if len(_NEGOTIATED) < _NEGOTIATED_SIZE:
            _NEGOTIATED[header] = found
    return found


def _negotiate(header: str) -> str:
    best, best_q = EN, 0.0
    for part in header.split(","):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip().lower()
        quality = 1.0
        for p in params.split(";"):
            key, _, value = p.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality <= best_q:
            continue
        if tag in SIMPLIFIED:
            best, best_q = ZH, quality
        elif tag == "en" or tag.startswith("en-") or tag == "*":
            best, best_q = EN, quality
    return best


def current() -> str:
    if not has_request_context():
        return EN
    if "lang" not in g:
        g.lang = negotiate(request.headers.get("Accept-Language"))
    return g.lang


def gettext(context: str, message: str) -> str:
    translations, _ = _compiled()
    return translations.pgettext(context, message)


def _fill(context: str, text: str, full: bool = True) -> str | None:
    """``text`` translated by the first template of ``context`` it matches, or None."""
    _, templates = _compiled()
    for template, pattern in templates.get(context, ()):
        m = pattern.fullmatch(text) if full else None
        if m:
            values = {k: _param(v) for k, v in m.groupdict().items()}
            return gettext(context, template).format(**values)
    return None


UNIT = re.compile(r"the (single|pair|triple|quad|n-kind|tractor) (\S+)")


def _param(value: str) -> str:
    """Words inside a message: units (``the pair K♠K♠``), ``trump``, families of declaration."""
    if UNIT.search(value):
        value = UNIT.sub(lambda m: gettext("kind", m.group(1)) + m.group(2), value)
        return value.replace(" and ", "和").replace(", ", "、")
    word = gettext("word", value)
    return word


def reason_message(code: str, message: str, lang: str) -> str:
    if lang == EN:
        return message
    return _fill(code, message) or gettext(code, _generic(code))


def _generic(code: str) -> str:
    from rules.violations import CODES
    return CODES.get(code, code)


def explanation(text: str, lang: str) -> str:
    if lang == EN:
        return text
    _, templates = _compiled()
    for template, pattern in templates.get("explanation", ()):
        target = gettext("explanation", template)

        def replace(m, target=target):
            return target.format(**m.groupdict())
        text = pattern.sub(replace, text)
    return text


def title(phrase: str, lang: str) -> str:
    return phrase if lang == EN else gettext("title", phrase)


def detail(text: str, lang: str) -> str:
    """A problem detail in ``lang``: by its template, else a Chinese sentence that quotes the
    English one (field messages too specific to have templates of their own)."""
    if lang == EN:
        return text
    return _fill("detail", text) or gettext("detail", FALLBACK_DETAIL).format(text=text)


FALLBACK_DETAIL = "This value is invalid: {text}"


def localize(body: Any, lang: str | None = None) -> Any:
    """An answer with its reason messages and settlement explanations in ``lang`` (default: the request's)."""
    lang = lang or current()
    if lang == EN:
        return body
    if type(body) is Shared:        # its repeated parts translated once, and still one object each
        return Shared(_walk(body, lang, {}))
    return _walk(body, lang)


def _walk(node: Any, lang: str, memo: dict[int, Any] | None = None) -> Any:
    if memo is not None and isinstance(node, (dict, list)):
        done = memo.get(id(node))
        if done is not None:
            return done
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "reasons" and isinstance(value, list):
                out[key] = [dict(r, message=reason_message(r["code"], r["message"], lang)) for r in value]
            elif key == "explanation" and isinstance(value, str):
                out[key] = explanation(value, lang)
            elif key == "reason" and isinstance(value, str):     # a hint's sentence (plays/suggest)
                out[key] = _fill("hint", value) or value
            else:
                out[key] = _walk(value, lang, memo)
    elif isinstance(node, list):
        out = [_walk(v, lang, memo) for v in node]
    else:
        return node
    if memo is not None:
        memo[id(node)] = out
    return out


def templates() -> Iterable[tuple[str, str, str]]:
    """Every (context, English template, Chinese) of the catalog."""
    for message in load_catalog():
        if message.id:
            yield message.context, message.id, message.string
