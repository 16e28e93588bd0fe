"""How a ruleset parameter is declared: once, as a field of :class:`rules.ruleset.Ruleset`.

Each field of ``Ruleset`` is written ``name: Type = parameter(default, ...)``: its type and default,
its kind (how the API spells it), its bounds, the rules section it belongs to, one sentence saying
what it changes, one line per value, the Chinese term where players have one, and its value in every
preset where that differs from the default.  Everything else is derived from that one declaration:

- :meth:`Parameter.coerce` and :meth:`Parameter.check` (``Ruleset.from_dict`` and ``validate``),
- :meth:`Parameter.api_value` (``Ruleset.to_dict``, so ``/v1/rulesets``),
- the marshmallow fields, the OpenAPI descriptions, the ``parameters`` list of ``GET /v1/rulesets`` and
  the parameter table of ``docs/rules.md`` (all in ``schemas/parameters.py``; ``make spec`` writes the
  table, and a test holds it equal).

``docs/engine.md`` shows how to add one.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any, Final

from .cards import CardError, rank_name, rank_value

AUTO: Final = "auto"


class Kind(StrEnum):
    """How a parameter is spelled in the API, and so how it is read and checked."""

    CHOICE = "choice"                # one of an enum's values
    FLAG = "flag"                    # true or false
    COUNT = "count"                  # an integer
    COUNT_OR_AUTO = "count-or-auto"  # an integer, or "auto" for a value derived from other parameters
    COUNT_OR_NULL = "count-or-null"  # an integer, or null for "off"
    RANK = "rank"                    # a rank name, held as 2..14
    RANKS = "ranks"                  # a list of rank names, held as a sorted tuple of 2..14


class RulesetError(ValueError):
    """An invalid ruleset; ``parameter`` names the offending parameter."""

    def __init__(self, parameter: str, message: str):
        super().__init__(message)
        self.parameter = parameter
        self.message = message


@dataclass(frozen=True)
class Parameter:
    """The declaration of one ruleset parameter (see the module docstring)."""

    name: str
    kind: Kind
    default: Any
    section: str
    summary: str
    values: Mapping[str, str]
    presets: Mapping[str, Any]
    choices: type[StrEnum] | None
    minimum: int | None
    maximum: int | None
    multiple_of: int | None
    term: str

    def coerce(self, raw: Any) -> Any:
        """The engine's value of ``raw``, the parameter as a request spells it."""
        name, kind = self.name, self.kind
        if kind is Kind.CHOICE:
            assert self.choices is not None
            try:
                return self.choices(raw)
            except ValueError:
                allowed = ", ".join(self.values)
                raise RulesetError(name, f"{name} must be one of {allowed}, not {raw!r}") from None
        if kind is Kind.FLAG:
            if not isinstance(raw, bool):
                raise RulesetError(name, f"{name} must be true or false")
            return raw
        if kind is Kind.COUNT_OR_AUTO and raw == AUTO:
            return AUTO
        if kind is Kind.COUNT_OR_NULL and raw is None:
            return None
        if kind is Kind.COUNT or kind is Kind.COUNT_OR_AUTO or kind is Kind.COUNT_OR_NULL:
            if isinstance(raw, bool) or not isinstance(raw, int):
                spelled = {Kind.COUNT: "an integer", Kind.COUNT_OR_AUTO: "an integer or 'auto'",
                           Kind.COUNT_OR_NULL: "null or an integer"}[kind]
                raise RulesetError(name, f"{name} must be {spelled}")
            return raw
        try:
            if kind is Kind.RANK:
                return rank_value(raw)
            if not isinstance(raw, (list, tuple)):
                raise RulesetError(name, f"{name} must be a list of ranks")
            return tuple(sorted({rank_value(r) for r in raw}))
        except CardError as exc:
            raise RulesetError(name, f"{name}: {exc}") from None

    def api_value(self, value: Any) -> Any:
        """``value`` as the API spells it (ranks as names, enums as their values)."""
        if self.kind is Kind.RANK:
            return rank_name(value)
        if self.kind is Kind.RANKS:
            return [rank_name(v) for v in value]
        if isinstance(value, Enum):
            return value.value
        return value

    def check(self, value: Any) -> None:
        """Raise :class:`RulesetError` when ``value`` lies outside the declared bounds (a count that may be
        ``auto`` is bounded by other parameters too, so ``Ruleset.validate`` checks it whole)."""
        if value is None or self.kind is Kind.RANKS or self.kind is Kind.COUNT_OR_AUTO:
            return
        if not isinstance(value, int) or isinstance(value, bool):
            return
        low, high, step = self.minimum, self.maximum, self.multiple_of
        if (low is None or value >= low) and (high is None or value <= high) and (step is None or value % step == 0):
            return
        raise RulesetError(self.name, f"{self.name} must be {self.bounds()}, not {self.api_value(value)}")

    def bounds(self) -> str:
        """The declared bounds in words: ``1..8``, ``null or 4..32``, ``a multiple of 5 from 0``."""
        low, high, step = self.minimum, self.maximum, self.multiple_of
        if self.kind is Kind.RANK:
            low, high = low or 2, high or 14
            span = f"{rank_name(low)} {'or' if high == low + 1 else '..'} {rank_name(high)}".replace(" .. ", "..")
        elif step is not None and low == 0 and high is None:
            span = f"a non-negative multiple of {step}"
        elif step is not None:
            span = f"a multiple of {step} from {low}" + ("" if high is None else f" to {high}")
        elif high is None:
            span = f"{low} or more"
        else:
            span = f"{low}..{high}"
        return f"null or {span}" if self.kind is Kind.COUNT_OR_NULL else span

    def preset_value(self, preset: str) -> Any:
        """The parameter's value in ``preset`` before the caller's overrides."""
        return self.presets.get(preset, self.default)


def parameter(default: Any, *, section: str, summary: str, values: Mapping[str, str] | None = None,
              presets: Mapping[str, Any] | None = None, kind: Kind | None = None, minimum: int | None = None,
              maximum: int | None = None, multiple_of: int | None = None, term: str = "") -> Any:
    """A field of ``Ruleset`` that declares a parameter (the name is the field's own)."""
    choices: type[StrEnum] | None = None
    if kind is None:
        if isinstance(default, StrEnum):
            kind, choices = Kind.CHOICE, type(default)
        elif isinstance(default, bool):
            kind = Kind.FLAG
        elif isinstance(default, int):
            kind = Kind.COUNT
        else:
            raise TypeError(f"say the kind of a parameter whose default is {default!r}")
    meanings = dict(values or {})
    if choices is not None and list(meanings) != [member.value for member in choices]:
        raise TypeError(f"{choices.__name__}: one line per value, in the enum's order")
    declared = Parameter("", kind, default, section, summary, meanings, dict(presets or {}), choices,
                         minimum, maximum, multiple_of, term)
    return dataclasses.field(default=default, metadata={"parameter": declared})


def declared_parameters(cls: type) -> tuple[Parameter, ...]:
    """The parameters a dataclass declares with :func:`parameter`, in field order, named."""
    return tuple(dataclasses.replace(f.metadata["parameter"], name=f.name)
                 for f in dataclasses.fields(cls) if "parameter" in f.metadata)
