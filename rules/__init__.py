"""tractor-rules: the pure rules engine for Tractor / Shengji (升级 · 拖拉机).

The names below are the package's public Python API (see the README); everything else may change.

``COMPILED`` says whether the compiled build of the engine runs (``BUILD``: ``compiled`` or ``pure``);
see ``rules._build``.
"""
from ._build import BUILD, COMPILED
from .adjudicate import Adjudication, HandRecord, IllegalStep, Play, adjudicate
from .cards import Card, CardError, card, format_cards, parse_cards
from .deal import Deal, deal
from .declarations import (
    DeclarationOption,
    DeclarationResult,
    check_declaration,
    declaration_options,
    first_hand_dealer,
    no_declaration_outcome,
    standing_trump,
)
from .follow import Verdict, check_play, is_legal
from .formats import Format, Unit
from .friends import FriendCall, Teams, teams_after
from .listing import LeadOptions, LegalPlays, SuitUnits, legal_plays
from .order import Order, Trump, order_for
from .rainbows import decompose
from .ruleset import PRESETS, Ruleset, RulesetError
from .scoring import LastTrick, Ledger, ScoringError, Settlement, kitty_multiplier, settle, table_outcome
from .state import HandState, NextAction, hand_state
from .throws import ThrowResult, adjudicate_throw
from .tricks import PlayOutcome, TrickResult, trick_winner
from .violations import CODES, InputError, Violation

__version__ = "0.1.0"

__all__ = [
    "BUILD", "CODES", "COMPILED", "Adjudication", "Card", "CardError", "Deal", "DeclarationOption", "DeclarationResult",
    "Format", "FriendCall", "HandRecord", "HandState", "IllegalStep", "InputError", "LastTrick", "LeadOptions",
    "Ledger", "LegalPlays", "NextAction", "Order", "PRESETS", "Play", "PlayOutcome", "Ruleset", "RulesetError",
    "ScoringError", "Settlement", "SuitUnits", "Teams", "ThrowResult", "TrickResult", "Trump", "Unit",
    "Verdict", "Violation", "adjudicate", "adjudicate_throw", "card", "check_declaration", "check_play",
    "deal", "declaration_options", "decompose", "first_hand_dealer", "format_cards", "hand_state", "is_legal",
    "kitty_multiplier", "legal_plays", "no_declaration_outcome", "order_for", "parse_cards", "settle",
    "standing_trump", "table_outcome", "teams_after", "trick_winner",
]
