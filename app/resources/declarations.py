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


def history(data: dict) -> list:
    return [(h["seat"], present.multiset(h["cards"])) for h in data["history"]]


def declaration_answer(data: dict) -> dict:
    declaration = data["declaration"]
    result = engine.run("declarations/validate", check_declaration, data["rules"], data["level"], history(data),
                        declaration["seat"], present.multiset(declaration["cards"]),
                        hand=present.multiset(data["hand"]))
    return {"valid": result.valid, "kind": result.kind, "reasons": present.reasons(result.violations),
            "trump": present.trump(result.trump), "declarer": result.declarer}


def options_answer(data: dict) -> dict:
    options = engine.run("declarations/options", declaration_options, data["rules"], data["level"], history(data),
                         data["seat"], present.multiset(data["hand"]))
    return {"options": [{"cards": present.natural(o.cards), "kind": o.kind, "trump": present.trump(o.trump)}
                        for o in options]}


@blp.post_json("/validate", ValidateDeclarationSchema, DeclarationVerdictSchema, example_in=VALIDATE_IN,
               example_out=declaration_answer(ValidateDeclarationSchema().load(VALIDATE_IN)))
def validate_declaration(data: dict):
    """Is this declaration valid after the earlier ones?

    `kind` says whether it declares, reinforces (加固) or overturns (反) a trump; `trump` is the trump
    after it. With `hand`, the declared cards must be in it. Every `history` entry must itself have
    been valid (else 422, naming the entry).
    """
    return i18n.localize(declaration_answer(data))


@blp.post_json("/options", DeclarationOptionsSchema, DeclarationOptionsAnswerSchema, example_in=OPTIONS_IN,
               example_out=options_answer(DeclarationOptionsSchema().load(OPTIONS_IN)))
def list_options(data: dict):
    """Every declaration the seat could make now from its hand, weakest first.

    Weakest first: by number of cards, then tier (suits, SJ, BJ), then suit S, H, C, D. Each option
    says whether it would declare, reinforce or overturn, and the trump it would name.
    """
    return options_answer(data)
