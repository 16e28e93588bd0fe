"""Declarations: is this declaration valid, and which could a seat make."""
from __future__ import annotations

from rules.declarations import check_declaration, declaration_options
from schemas import present
from schemas.declarations import (
    DeclarationOptionsAnswerSchema,
    DeclarationOptionsSchema,
    DeclarationVerdictSchema,
    ValidateDeclarationSchema,
)

from .. import engine, i18n
from ..extensions import Blueprint

blp = Blueprint("declarations", __name__, url_prefix="/v1/declarations",
                description="Declarations: 亮主, 加固, 反 (docs/rules.md#declarations).")

VALIDATE_IN = {"rules": "shengji", "level": "10", "history": [{"seat": 0, "cards": ["10S"]}],
               "declaration": {"seat": 1, "cards": ["10H", "10H"]}, "hand": ["10H", "10H", "AS", "3C"]}
OPTIONS_IN = {"rules": "shengji", "level": "10", "history": [{"seat": 0, "cards": ["10S"]}],
              "seat": 1, "hand": ["10H", "10H", "SJ", "SJ", "AS", "3C"]}
EVERY_SEAT_IN = {"rules": "shengji", "level": "10", "history": [{"seat": 0, "cards": ["10S"]}],
                 "hands": [["10S", "AS", "4D"], ["10H", "10H", "SJ", "SJ", "3C"], ["BJ", "10D", "KC"], ["5H", "5H"]]}


def history(data: dict) -> list:
    return [(h["seat"], present.multiset(h["cards"])) for h in data["history"]]


def declaration_answer(data: dict) -> dict:
    declaration = data["declaration"]
    result = engine.run("declarations/validate", check_declaration, data["rules"], data["level"], history(data),
                        declaration["seat"], present.multiset(declaration["cards"]),
                        hand=present.multiset(data["hand"]), levels=data["levels"])
    return {"valid": result.valid, "kind": result.kind, "reasons": present.reasons(result.violations),
            "trump": present.trump(result.trump), "declarer": result.declarer}


def options_answer(data: dict) -> dict:
    if data.get("seat") is None:
        return {"options": [{"seat": seat, "options": seat_options(data, seat, hand)}
                            for seat, hand in enumerate(data["hands"])]}
    return {"options": seat_options(data, data["seat"], data["hand"])}


def seat_options(data: dict, seat: int, hand) -> list[dict]:
    options = engine.run("declarations/options", declaration_options, data["rules"], data["level"], history(data),
                         seat, present.multiset(hand), data["levels"])
    return [{"cards": present.natural(o.cards), "kind": o.kind, "trump": present.trump(o.trump)} for o in options]


@blp.post_json("/validate", ValidateDeclarationSchema, DeclarationVerdictSchema, example_in=VALIDATE_IN,
               example_out=declaration_answer(ValidateDeclarationSchema().load(VALIDATE_IN)))
def validate_declaration(data: dict):
    """Is this declaration valid after the earlier ones?

    `kind` says whether it declares, reinforces (加固) or overturns (反) a trump; `trump` is the trump
    after it. With `hand`, the declared cards must be in it. Every `history` entry must itself have
    been valid (else 422, naming the entry).
    """
    return i18n.localize(declaration_answer(data))


@blp.post_json("/options", DeclarationOptionsSchema, DeclarationOptionsAnswerSchema,
               examples={name: (summary, body, options_answer(DeclarationOptionsSchema().load(body)))
                         for name, (summary, body) in {"seat": ("One seat", OPTIONS_IN),
                                                       "every-seat": ("Every seat at once", EVERY_SEAT_IN)}.items()})
def list_options(data: dict):
    """Every declaration the seat could make now from its hand, weakest first.

    Weakest first: by number of cards, then tier (suits, SJ, BJ), then suit S, H, C, D. Each option
    says whether it would declare, reinforce or overturn, and the trump it would name. Without
    `seat`, send `hands` (every seat's cards so far): `options` then holds `{"seat", "options"}`
    for every seat, in seat order.
    """
    return options_answer(data)
