"""Declarations (亮主, 加固, 反)."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from rules.ruleset import FirstHandLevels

from .base import RequestSchema, check_levels, check_size, invalid
from .bounds import List
from .common import CardList, ReasonSchema
from .fields import Cards, RankField, RulesField, Seat
from .plays import PlaySchema
from .views import mark_public

MAX_HISTORY = 200


class TrumpAnswerSchema(Schema):
    level = fields.String(required=True)
    suit = fields.String(required=True, allow_none=True, metadata={"description": "null: no-trump."})


class DeclarationContextSchema(RequestSchema):
    rules = RulesField(required=True)
    level = RankField(required=True, metadata={"description": "The level being played."})
    history = List(fields.Nested(PlaySchema), load_default=list,
                          validate=validate.Length(max=MAX_HISTORY),
                          metadata={"description": "The earlier declarations of this hand, in order."})
    hand = Cards(allow_none=True, load_default=None, description="The declarer's hand (so far).")
    levels = List(RankField(), load_default=None, allow_none=True, validate=validate.Length(max=12),
                         metadata={"description": "Under `first_hand_levels: own`, in the first hand: each seat's "
                                                  "level, a list by seat; each seat then declares with its own "
                                                  "level's cards (docs/rules.md#declaration-policies). Ignored "
                                                  "under other rulesets."})

    def declarer(self, data: dict) -> int:
        raise NotImplementedError

    def reading(self, data: dict):
        if data["levels"] is not None and data["rules"].first_hand_levels is FirstHandLevels.OWN:
            return data["level"], data["levels"], True
        return data["level"], None, None

    def check(self, data: dict) -> None:
        rules = data["rules"]
        if not rules.first_level <= data["level"] <= rules.last_level:
            raise invalid(("level",), "the level lies outside the ruleset's first_level..last_level")
        check_levels(rules, data["levels"])
        for i, entry in enumerate(data["history"]):
            if entry["seat"] >= rules.players:
                raise invalid(("history", i, "seat"), f"seat {entry['seat']} does not exist "
                                                       f"with {rules.players} players")
        if data["hand"] is not None:
            check_size(("hand",), data["hand"], rules.hand_size, "a hand")

    def card_sources(self, data: dict):
        for i, entry in enumerate(data["history"]):
            yield entry["seat"], ("history", i, "cards"), entry["cards"]
        if data["hand"] is not None:
            yield self.declarer(data), ("hand",), data["hand"]


class ValidateDeclarationSchema(DeclarationContextSchema):
    declaration = fields.Nested(PlaySchema, required=True, metadata={"description": "The new declaration."})

    def declarer(self, data: dict) -> int:
        return data["declaration"]["seat"]

    def check(self, data: dict) -> None:
        super().check(data)
        if self.declarer(data) >= data["rules"].players:
            raise invalid(("declaration", "seat"), f"seat {self.declarer(data)} does not exist")

    def card_sources(self, data: dict):
        yield from super().card_sources(data)
        yield self.declarer(data), ("declaration", "cards"), data["declaration"]["cards"]


class DeclarationOptionsSchema(DeclarationContextSchema):
    seat = Seat("The seat that may declare (with `hand`); omit it and send `hands` for every seat at once.",
                load_default=None, allow_none=True)
    hand = Cards(allow_none=True, load_default=None, description="The seat's hand (so far); with `seat`.")
    hands = List(Cards(), load_default=None, allow_none=True, validate=validate.Length(max=12),
                        metadata={"description": "Every seat's hand (so far), by seat, instead of `seat` and "
                                                 "`hand`: `options` then lists each seat's options."})

    def declarer(self, data: dict) -> int:
        return data["seat"]

    def check(self, data: dict) -> None:
        super().check(data)
        rules = data["rules"]
        if data["seat"] is None:
            if data["hands"] is None:
                raise invalid(("seat",), "give seat and hand, or hands for every seat")
            if data["hand"] is not None:
                raise invalid(("hand",), "hand goes with seat; with hands, every seat's cards are in hands")
            if len(data["hands"]) != rules.players:
                raise invalid(("hands",), f"hands lists every seat's cards: {rules.players} hands, "
                                          f"not {len(data['hands'])}")
            for i, hand in enumerate(data["hands"]):
                check_size(("hands", i), hand, rules.hand_size, "a hand")
            return
        if data["seat"] >= rules.players:
            raise invalid(("seat",), f"seat {data['seat']} does not exist")
        if data["hands"] is not None:
            raise invalid(("hands",), "give seat and hand, or hands for every seat, not both")
        if data["hand"] is None:
            raise invalid(("hand",), "the seat's hand is required with seat")

    def card_sources(self, data: dict):
        if data["seat"] is not None:
            yield from super().card_sources(data)
            return
        for i, entry in enumerate(data["history"]):
            yield entry["seat"], ("history", i, "cards"), entry["cards"]
        for seat, hand in enumerate(data["hands"] or ()):
            yield seat, ("hands", seat), hand


class DeclarationVerdictSchema(Schema):
    valid = fields.Boolean(required=True)
    kind = fields.String(required=True, allow_none=True, metadata={"enum": ["declare", "reinforce", "overturn", None]})
    reasons = List(fields.Nested(ReasonSchema), required=True)
    trump = fields.Nested(TrumpAnswerSchema, required=True, allow_none=True,
                          metadata={"description": "The trump after this declaration (the standing one if "
                                                   "invalid; null while nobody has declared)."})
    declarer = fields.Integer(required=True, allow_none=True, metadata={"description": "The standing declarer."})


class DeclarationOptionSchema(Schema):
    cards = CardList()
    kind = fields.String(required=True, metadata={"enum": ["declare", "reinforce", "overturn"]})
    trump = fields.Nested(TrumpAnswerSchema, required=True)


class SeatDeclarationOptionsSchema(Schema):
    seat = fields.Integer(required=True)
    options = List(fields.Nested(DeclarationOptionSchema), required=True,
                          metadata={"description": "Every declaration the seat could make now, weakest first."})


class DeclarationOptionsAnswerSchema(Schema):
    options = List(
        fields.Raw(metadata={"oneOf": [{"$ref": "#/components/schemas/DeclarationOption"},
                                       {"$ref": "#/components/schemas/SeatDeclarationOptions"}]}),
        required=True,
        metadata={"description": "With `seat`: every declaration the seat could make now, weakest first "
                                 "(`DeclarationOption`). With `hands`: one entry per seat, in seat order, "
                                 "`{\"seat\", \"options\"}` (`SeatDeclarationOptions`)."})


# Who may be shown each answer field (docs/views.md, "Which fields are whose").
_DECLARED = ("the declaring seat's own while it weighs the declaration; once made, public, but under "
             "`declaration_visibility: dark` its cards and trump only to the declarer until declaring closes")
mark_public(DeclarationVerdictSchema, every=_DECLARED)
mark_public(TrumpAnswerSchema, every="as the field holding it")
_OPTIONS = "not public: each seat's own options (they show its cards)"
mark_public(DeclarationOptionSchema, every=_OPTIONS)
mark_public(SeatDeclarationOptionsSchema, every=_OPTIONS)
mark_public(DeclarationOptionsAnswerSchema, every=_OPTIONS)
