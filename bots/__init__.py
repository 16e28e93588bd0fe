"""Bots and hints (提示, 托管): advice from one seat's view, never a rule (rules section 15.5).

:func:`suggest` answers what a seat should do next; ``basic`` is a policy with no search, and
``standard`` and ``strong`` a fixed amount of Monte Carlo search over the deals the seat cannot tell
apart, played out with ``basic``.  Legality is always the engine's (:mod:`rules`).

The bots are compiled with the engine, as one build (``rules._build``): the engine is imported first,
so that its build is settled before any module of this package loads.
"""
import rules as _engine  # noqa: F401  (settles the build before the modules below load)

from .suggest import STRENGTHS, Strength, Suggestion, Valued, suggest
from .table import Action

__all__ = ["STRENGTHS", "Action", "Strength", "Suggestion", "Valued", "suggest"]
