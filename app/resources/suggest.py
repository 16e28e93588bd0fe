"""Hints (提示) and bots for empty seats (托管): ``POST /v1/plays/suggest`` (docs/bots.md)."""
from __future__ import annotations

from bots import suggest
from bots.table import Action
from rules.cards import CARDS
from rules.order import order_for
from schemas import present
from schemas.records import hand_record
from schemas.suggest import SuggestionSchema, SuggestRequestSchema

from .. import engine
from ..extensions import Blueprint
from .hands import STATE_IN

blp = Blueprint("suggest", __name__, url_prefix="/v1/plays",
                description="Hints and bots: what a seat should do next, from its own view (docs/bots.md).")

# One English sentence per reason code; app.i18n answers the Chinese from the catalog (msgctxt "hint").
REASONS = {
    "lose-cheaply": "The trick is lost: play {cards}, the cheapest cards you may play.",
    "win-cheaply": "Take the trick with {cards}, the cheapest play that wins it.",
    "ruff": "Ruff with {cards}: the trick holds points worth taking.",
    "feed-partner": "Your partner is winning the trick: give points with {cards}.",
    "stay-under-partner": "Your partner is winning: play {cards} and leave the trick to them.",
    "lead-boss": "Lead {cards}: nothing left unseen can beat it.",
    "lead-trump-boss": "Lead the top trumps {cards} to draw the other trumps.",
    "lead-short": "Lead {cards} from a short suit, to be void of it soon and ruff.",
    "lead-low": "Lead the low {cards} and keep your strong cards and points.",
    "bury-short": "Bury {cards}: no trumps, no points, short suits emptied.",
    "call-top": "Call {cards}: a top card you lack finds a strong friend.",
    "declare": "Declare {cards}: it makes the most of your cards trumps.",
    "pass": "Pass: no declaration would give you enough trumps.",
    "no-steal": "Pass: a steal buries a kitty you have not seen.",
}
SEARCHED = ("Play {cards}: in {worlds} deals of the unseen cards it did clearly better for your side than the "
            "rule-of-thumb play.")

SUGGEST_IN = {**STATE_IN, "strength": "standard", "seed": "example"}
SUGGEST_IN.pop("sample")
EXAMPLES = {
    "standard": ("The seat to act, searched", SUGGEST_IN),
    "basic": ("The same seat, rules of thumb only", {**SUGGEST_IN, "strength": "basic"}),
}


def action_body(order, action: Action) -> dict:
    def show(cards) -> list[str]:
        return present.cards(order, cards) if order is not None else present.natural(cards)
    if action.kind == "pass":
        return {"pass": True}
    if action.kind == "friends":
        return {"friends": [{"card": str(CARDS[c.card]), "ordinal": c.ordinal} for c in action.calls]}
    return {action.kind: show(action.cards)}


def sentence(code: str, order, action: Action, worlds: int, searched: bool) -> str:
    """``searched``: the search replaced the rule-of-thumb play (its own reason otherwise)."""
    if action.kind == "friends":
        cards = ", ".join(f"{CARDS[c.card].pretty()} ({c.ordinal})" for c in action.calls) or "nobody"
    else:
        shown = sorted(action.cards, key=order.sort_key) if order is not None else sorted(action.cards)
        cards = "".join(CARDS[c].pretty() for c in shown)
    template = SEARCHED if searched else REASONS[code]
    return template.format(cards=cards, worlds=worlds)


def suggest_answer(data: dict) -> dict:
    record = hand_record(data)
    s = engine.run("plays/suggest", suggest, record, data["seat"], data["strength"], data["seed"],
                   declarations_closed=data["declarations_closed"])
    order = order_for(record.rules, s.trump) if s.trump is not None else None
    searched = s.replaced and s.action.kind == "play"
    return {
        "seat": s.seat,
        "action": action_body(order, s.action),
        "reason": sentence(s.reason, order, s.action, s.worlds, searched),
        "reason_code": s.reason,
        "alternatives": [{"action": action_body(order, a.action),
                          "value": None if a.value is None else round(a.value, 4),
                          "attackers_points": None if a.points is None else round(a.points, 2),
                          "reason": a.reason} for a in s.alternatives],
        "worlds": s.worlds,
        "strength": s.strength,
        "seed": s.seed,
    }


@blp.post_json("/suggest", SuggestRequestSchema, SuggestionSchema, cached="plays/suggest",
               examples={k: (summary, body, suggest_answer(SuggestRequestSchema().load(body)))
                         for k, (summary, body) in EXAMPLES.items()})
def suggest_action(data: dict):
    """A hint (提示), or a bot's move for an empty seat (托管): what the seat should do next.

    The record is the `hands/state` record, cut where the seat must act: declaring or passing
    (name the `seat`: any seat may declare), burying the kitty, calling friends, stealing or passing,
    leading or following. The answer is decided from that seat's view alone (its hand and the
    public record: two records the seat cannot tell apart get the same answer), is always a legal
    action, and is the same for the same body (`strength` is a fixed amount of search, `seed` picks
    the worlds searched). `action` is in the record's own shape; `alternatives` are the best few
    actions with their estimated values (the acting seat's mean level change; null for `basic`).
    """
    return suggest_answer(data)
