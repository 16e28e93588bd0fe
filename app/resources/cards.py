"""Card analysis: sorting, grouping, points, format."""
from __future__ import annotations

from rules import decompose
from rules.cards import points_of
from rules.order import order_for
from rules.rainbows import rainbow_format
from schemas import present
from schemas.cards import AnalysisSchema, AnalyzeSchema

from .. import engine
from ..extensions import Blueprint

blp = Blueprint("cards", __name__, url_prefix="/v1/cards", description="Cards under a ruleset and trump.")

ANALYZE_IN = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "cards": ["KS", "KS", "AS", "AS", "5S"]}


def analyze_cards(data: dict) -> dict:
    rules, trump, cards = data["rules"], data["trump"], present.multiset(data["cards"])
    order = order_for(rules, trump)
    ordered = order.sorted_cards(cards)
    groups: dict[str, list] = {}
    for c in ordered:
        groups.setdefault(order.suit_label(c), []).append(str(c))
    single_suit = len(groups) == 1 or rainbow_format(order, cards) is not None
    return {"cards": [str(c) for c in ordered],
            "groups": [{"suit": suit, "cards": members} for suit, members in groups.items()],
            "points": points_of(cards),
            "format": present.fmt(order, engine.run("cards/analyze", decompose, rules, trump, cards))
            if single_suit else None}


@blp.post_json("/analyze", AnalyzeSchema, AnalysisSchema, example_in=ANALYZE_IN,
               example_out=analyze_cards(AnalyzeSchema().load(ANALYZE_IN)))
def analyze(data: dict):
    """Sort and group cards, count their points, and decompose them into units.

    `groups` splits the cards by effective suit (trumps first); `format` is the canonical
    decomposition (docs/rules.md#units-and-tractors) when all cards are of one effective suit.
    """
    return analyze_cards(data)
