"""The ruleset parameters as the API documents them, all read from their declarations (``rules.ruleset``).

- :data:`RulesetParametersSchema`: one marshmallow field per parameter, typed and described for the
  OpenAPI document (``RulesetParameters``).
- :func:`catalogue`: every parameter as ``GET /v1/rulesets`` lists it.
- :func:`markdown_table`: the parameter table of ``docs/rules.md``; ``python -m schemas.parameters``
  writes it there (``make spec`` does), and a test holds the committed table equal to it.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from marshmallow import Schema, fields, validate

from rules.cards import rank_name
from rules.parameters import Kind, Parameter
from rules.ruleset import PARAMETERS, PRESETS
from rules.violations import count_of

from .bounds import List
from .fields import RANK_DESCRIPTION, RANK_PATTERN

RULES_DOC = "docs/rules.md"

# Where each rules section is taught in docs/rules.md (its heading): a parameter links to its section.
SECTIONS = {
    "3": "Cards and notation",
    "4": "Trump and card order",
    "5": "Units and tractors",
    "6": "Leading and throws",
    "7": "Following",
    "7.1": "Protected groups (`follow_protection`)",
    "8": "Who wins a trick",
    "9": "Points, the kitty and the last trick",
    "10": "Declarations",
    "11": "Settlement: scoring and levels",
    "12": "Find friends",
    "14.1": "Bombs (`bombs`, 炸弹)",
    "14.2": "Rainbows (`rainbow_min`)",
    "14.3": "Tractor requirements (`tractor_min_width`, `tractor_min_length`)",
    "14.4": "House rules of the hand",
    "14.5": "House rules of the hand",
    "14.6": "House rules of the hand",
    "14.7": "House rules of the hand",
    "14.8": "When nobody declares",
    "14.9": "The match: levels past A and games won",
    "14.10": "Short decks and fitting the kitty",
    "14.11": "Declaration policies",
    "15": "What each seat sees",
}
TABLE_BEGIN = "<!-- parameters: generated from the declarations in rules/ruleset.py (make spec) -->"
TABLE_END = "<!-- parameters: end -->"


def anchor(heading: str) -> str:
    """A heading's anchor as the docs' renderers make it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def where(p: Parameter) -> str:
    """The place in the docs that teaches the parameter's section."""
    return f"{RULES_DOC}#{anchor(SECTIONS[p.section])}"


def spelled(p: Parameter, value: Any) -> str:
    """A value as a request writes it, in JSON."""
    value = p.api_value(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(f'"{v}"' for v in value) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value)


def values_in_words(p: Parameter) -> str:
    """The values a parameter takes, in a few words."""
    if p.kind is Kind.CHOICE:
        return ", ".join(f"`{v}`" for v in p.values)
    if p.kind is Kind.FLAG:
        return "true, false"
    if p.kind is Kind.RANKS:
        return "list of ranks"
    if p.kind is Kind.RANK:
        return p.bounds().replace(" or ", ", ") if p.maximum == (p.minimum or 2) + 1 else "a rank"
    if p.kind is Kind.COUNT_OR_AUTO:
        return f"{p.bounds()}, or `auto`"
    return p.bounds()


def in_presets(p: Parameter) -> str:
    """The presets whose value differs from the default, as ``preset: value`` (with the tables by deck
    and player count that ``kitty_size`` and ``follow_ladder`` take in some presets)."""
    out = [f"`{name}`: {spelled(p, p.presets[name])}" for name in PRESETS if name in p.presets]
    for name, spec in PRESETS.items():
        if p.name == "kitty_size" and spec.kitty_sizes:
            out.append(f"`{name}`: " + ", ".join(f"{size} with {count_of(decks, 'deck')} and {players} players"
                                                 for (decks, players), size in spec.kitty_sizes.items()))
        if p.name == "follow_ladder" and spec.ladder_by_decks:
            out.append(f"`{name}`: " + ", ".join(f'"{ladder}" with {count_of(decks, "deck")}'
                                                 for decks, ladder in spec.ladder_by_decks.items()))
    return ", ".join(out)


def describe(p: Parameter) -> str:
    """The OpenAPI description of a parameter: its sentence, each value, its default, where to read more."""
    lines = [p.summary]
    if p.values:
        lines += [""] + [f"- `{v}`: {meaning}" for v, meaning in p.values.items()]
    differs = in_presets(p)
    lines += ["", f"Default {spelled(p, p.default)}" + (f"; {differs}." if differs else "."),
              "", f"See `{where(p)}`, parameter `{p.name}`."]
    return "\n".join(lines)


def _field(p: Parameter) -> fields.Field:
    doc = {"description": describe(p)}
    kind = p.kind
    if kind is Kind.CHOICE:
        return fields.String(metadata={"enum": list(p.values), **doc})
    if kind is Kind.FLAG:
        return fields.Boolean(metadata=doc)
    if kind is Kind.RANK:
        if p.maximum == (p.minimum or 2) + 1:
            return fields.String(metadata={"enum": [rank_name(p.minimum or 2), rank_name(p.maximum)], **doc})
        return fields.String(metadata={"pattern": RANK_PATTERN, "description": doc["description"] + " " + RANK_DESCRIPTION})
    if kind is Kind.RANKS:
        return List(fields.String(metadata={"pattern": RANK_PATTERN, "description": RANK_DESCRIPTION}),
                           metadata=doc)
    bounds: dict[str, Any] = {key: value for key, value in (("minimum", p.minimum), ("maximum", p.maximum),
                                                            ("multipleOf", p.multiple_of)) if value is not None}
    if kind is Kind.COUNT_OR_AUTO:
        return fields.Raw(metadata={"oneOf": [{"type": "integer", **bounds}, {"type": "string", "enum": ["auto"]}],
                                    **doc})
    return fields.Integer(allow_none=kind is Kind.COUNT_OR_NULL, metadata={**bounds, **doc})


RulesetParametersSchema = Schema.from_dict(
    {"preset": fields.String(validate=validate.OneOf(list(PRESETS)),
                             metadata={"description": "The preset whose parameters apply first."}),
     **{p.name: _field(p) for p in PARAMETERS}},
    name="RulesetParametersSchema")


def catalogue() -> list[dict[str, Any]]:
    """Every parameter as ``GET /v1/rulesets`` lists it."""
    return [{"name": p.name, "kind": p.kind.value, "values": [{"value": v, "meaning": m} for v, m in p.values.items()],
             "minimum": p.minimum, "maximum": p.maximum, "multiple_of": p.multiple_of,
             "default": p.api_value(p.default), "presets": {name: p.api_value(p.presets[name]) for name in PRESETS
                                                           if name in p.presets},
             "see": where(p), "term": p.term or None, "description": p.summary}
            for p in PARAMETERS]


def markdown_table() -> str:
    """The parameter table of ``docs/rules.md``, between its markers."""
    rows = [TABLE_BEGIN, "", "| parameter | values | default | presets that differ | what it changes |",
            "|---|---|---|---|---|"]
    for p in PARAMETERS:
        effect = p.summary
        if p.values:
            effect += " " + "; ".join(f"`{v}`: {meaning}" for v, meaning in p.values.items()) + "."
        heading = SECTIONS[p.section]
        effect += f" ([{heading.split(' (')[0]}](#{anchor(heading)}))"
        rows.append(f"| `{p.name}` | {values_in_words(p)} | `{spelled(p, p.default)}` | {in_presets(p) or '—'} "
                    f"| {effect.replace('|', '∣')} |")
    return "\n".join(rows + ["", TABLE_END])


def write_table(path: Path) -> bool:
    """Rewrite the table in ``path``; True when it changed."""
    text = path.read_text(encoding="utf-8")
    begin, end = text.index(TABLE_BEGIN), text.index(TABLE_END) + len(TABLE_END)
    new = text[:begin] + markdown_table() + text[end:]
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    sys.exit(1 if write_table(root / RULES_DOC) and "--check" in sys.argv else 0)
