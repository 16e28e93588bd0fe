"""The usual request bodies loaded without marshmallow's per-field machinery, to the same values.

:func:`compile_loader` reads a request schema's declared fields once and builds a loader for the
field kinds this module knows: card lists (:class:`schemas.fields.CardsField`), a preset name for
``rules``, the ``trump`` object, strict integers with a range, and lists of nested schemas made of
those; any other field (a ruleset object, say) is loaded by its own marshmallow field code.  The
loader returns the loaded dict, or None as soon as the body holds anything it is not sure of: an
unknown or missing-but-required field, a value of another type, a card or rank spelled unusually,
a value out of range, a field or a request the schema's checks refuse.  The caller then loads the
body with marshmallow, which gives the exact answer and the exact error with its pointer, so the
loader never has to produce an error.

What a loader accepts, marshmallow accepts with the same result: ``tests/api/test_fastload.py``
checks it on the documented examples, the bench bodies and generated variations of them.  In a
cached-endpoint miss, marshmallow's field dispatch was about half the time spent outside the engine.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import Schema, ValidationError, fields, missing, validate

from rules.cards import rank_value
from rules.order import Trump

from .bounds import List
from .fields import PRESET_RULESETS, RANKS, CardsField, RulesField, TrumpSchema, fast_cards

Loader = Callable[[Any], "dict | None"]
Convert = Callable[[Any], Any]


class Unsure(Exception):
    """The value is not one the fast loader is sure about: marshmallow decides."""


def _length(field: fields.Field) -> tuple[int, float]:
    low, high = 0, float("inf")
    for v in field.validators:
        if not isinstance(v, validate.Length) or v.equal is not None:
            raise TypeError(f"validator {v!r}")
        low = max(low, v.min or 0)
        high = min(high, v.max if v.max is not None else float("inf"))
    return low, high


def _cards(field: CardsField) -> Convert:
    low, high = _length(field)

    def convert(value: Any) -> Any:
        out = fast_cards(value)
        if out is None or not low <= len(out) <= high:
            raise Unsure
        return out
    return convert


# Rank spellings the trump schema accepts, as marshmallow would load them (a string, no spaces).
_LEVELS = {**{r: r for r in RANKS}, **{r.lower(): r.lower() for r in RANKS}, "T": "T", "t": "t"}
_SUITS = (None, "S", "H", "C", "D")
_TRUMPS = {(level, suit): Trump(rank_value(level), suit) for level in _LEVELS for suit in _SUITS}


def _rules(value: Any) -> Any:
    if type(value) is str:
        found = PRESET_RULESETS.get(value)
        if found is not None:
            return found
    raise Unsure


def _trump(value: Any) -> Any:
    if type(value) is dict and len(value) == 2:
        try:
            found = _TRUMPS.get((value["level"], value["suit"]))
        except (KeyError, TypeError):
            raise Unsure from None
        if found is not None:
            return found
    raise Unsure


def _integer(field: fields.Integer) -> Convert:
    if not field.strict:
        raise TypeError("only strict integers")
    low, high = -float("inf"), float("inf")
    for v in field.validators:
        if not isinstance(v, validate.Range) or not (v.min_inclusive and v.max_inclusive):
            raise TypeError(f"validator {v!r}")
        low = max(low, v.min if v.min is not None else -float("inf"))
        high = min(high, v.max if v.max is not None else float("inf"))

    def convert(value: Any) -> Any:
        if type(value) is not int or not low <= value <= high:
            raise Unsure
        return value
    return convert


def _nested_list(field: fields.List) -> Convert:
    inner = field.inner
    if not isinstance(inner, fields.Nested) or inner.many:
        raise TypeError("only lists of nested schemas")
    schema = inner.schema
    if any(schema._hooks.values()):
        raise TypeError(f"{type(schema).__name__} has hooks")
    load = _object(schema)
    low, high = _length(field)

    def convert(value: Any) -> Any:
        if type(value) is not list or not low <= len(value) <= high:
            raise Unsure
        return [load(item) for item in value]
    return convert


def _marshmallow_field(field: fields.Field, name: str) -> Convert:
    """The field's own marshmallow code (what a schema load runs for it); its errors defer."""
    def convert(value: Any) -> Any:
        try:
            return field.deserialize(value, name)
        except ValidationError:
            raise Unsure from None
    return convert


def _converter(field: fields.Field, name: str) -> Convert:
    """The field's fast conversion, falling back to its own marshmallow code for what it is not sure of."""
    slow = _marshmallow_field(field, name)
    try:
        fast = _fast_converter(field)
    except TypeError:
        return slow
    if fast is None:
        return slow

    def convert(value: Any) -> Any:
        try:
            return fast(value)
        except Unsure:
            return slow(value)
    return convert


def _fast_converter(field: fields.Field) -> Convert | None:
    if isinstance(field, CardsField):
        return _cards(field)
    if isinstance(field, RulesField) and not field.validators:
        return _rules
    if isinstance(field, fields.Nested) and type(field.schema) is TrumpSchema and not field.validators:
        return _trump
    if type(field) is fields.Integer:
        return _integer(field)
    if type(field) in (fields.List, List):
        return _nested_list(field)
    return None


def _object(schema: Schema) -> Convert:
    """A converter for a dict holding exactly ``schema``'s fields (unknown keys defer)."""
    plan = []
    for name, field in schema.load_fields.items():
        if field.data_key not in (None, name) or field.attribute not in (None, name):
            raise TypeError("renamed fields")
        default = field.load_default
        plan.append((name, _converter(field, name), field.required, field.allow_none, default))
    names = frozenset(schema.load_fields)

    def convert(value: Any) -> Any:
        if type(value) is not dict or not names.issuperset(value):
            raise Unsure
        out = {}
        for name, convert_field, required, allow_none, default in plan:
            if name in value:
                item = value[name]
                out[name] = None if item is None and allow_none else convert_field(item)
            elif required:
                raise Unsure
            elif default is not missing:
                out[name] = default() if callable(default) else default
        return out
    return convert


def compile_loader(schema: Schema) -> Loader | None:
    """A fast loader for ``schema``, or None when the schema has hooks this module does not run.

    The only hook run is the request schemas' own check (``RequestSchema._check_request``): a
    request it refuses defers to marshmallow, which refuses it with the exact error.
    """
    hooks = {tag: [name for name, *_ in entries] for tag, entries in schema._hooks.items() if entries}
    if hooks not in ({}, {"validates_schema": ["_check_request"]}):
        return None
    try:
        convert = _object(schema)
    except TypeError:
        return None
    check = getattr(schema, "_check_request", None)

    def load(data: Any) -> dict | None:
        try:
            out = convert(data)
            if check is not None:
                check(out)
        except (Unsure, ValidationError):
            return None
        return out
    return load
