"""tractor-rules: the pure rules engine for Tractor / Shengji (升级 · 拖拉机).

The names below are the package's public Python API (see the README); everything else may change.
"""
from .cards import Card, CardError, card, format_cards, parse_cards
from .follow import LeadOptions, LegalPlays, SuitUnits, Verdict, check_play, is_legal, legal_plays
from .order import Order, Trump, order_for
from .ruleset import PRESETS, Ruleset, RulesetError
from .throws import ThrowResult, adjudicate_throw
from .tricks import PlayOutcome, TrickResult, trick_winner
from .units import Format, Unit, decompose
from .violations import CODES, InputError, Violation

__version__ = "0.1.0"

__all__ = [
    "CODES", "Card", "CardError", "Format", "InputError", "LeadOptions", "LegalPlays", "Order",
    "PRESETS", "PlayOutcome", "Ruleset", "RulesetError", "SuitUnits", "ThrowResult", "TrickResult",
    "Trump", "Unit", "Verdict", "Violation", "adjudicate_throw", "card", "check_play", "decompose",
    "format_cards", "is_legal", "legal_plays", "order_for", "parse_cards", "trick_winner",
]
