"""Trick winners."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from .base import RequestSchema, check_seats, check_size, invalid
from .bounds import List
from .common import CardList, FormatSchema, UnitSchema
from .fields import Cards, RulesField, TrumpSchema
from .plays import PlaySchema
from .views import mark_public


class TrickPlayInSchema(PlaySchema):
    attempted = Cards(load_default=None, allow_none=True, description=(
        "A failed throw, as `hands/state` and `hands/adjudicate` answer it: the whole attempt, of which `cards` "
        "is the forced play. Only the lead may carry it; the trick is decided by `cards`."))


class TrickSchema(RequestSchema):
    rules = RulesField(required=True)
    trump = fields.Nested(TrumpSchema, required=True)
    plays = List(fields.Nested(TrickPlayInSchema), required=True, validate=validate.Length(min=1, max=12),
                        metadata={"description": "The trick's plays in play order, the lead first: each play's "
                                                 "seat is the one after the previous play's, modulo `players` "
                                                 "(else 422 at `/plays/i/seat`, the first play out of turn)."})

    def check(self, data: dict) -> None:
        rules, plays = data["rules"], data["plays"]
        if len(plays) > rules.players:
            raise invalid(("plays",), f"{len(plays)} plays, but a trick has at most {rules.players}")
        check_seats(("plays",), [p["seat"] for p in plays], rules.players, in_order=True)
        for i, play in enumerate(plays):
            if not play["cards"]:
                raise invalid(("plays", i, "cards"), "a play has at least one card")
            check_size(("plays", i, "cards"), play["cards"], rules.hand_size, "a hand")
            if play["attempted"] is not None:
                if i:
                    raise invalid(("plays", i, "attempted"), "only the lead can be a failed throw")
                left = {}
                for c in play["attempted"]:
                    left[c] = left.get(c, 0) + 1
                for c in play["cards"]:
                    if not left.get(c):
                        raise invalid(("plays", i, "cards"), "a failed throw's forced play is part of the attempt")
                    left[c] -= 1
                check_size(("plays", i, "attempted"), play["attempted"], rules.hand_size, "a hand")

    def card_sources(self, data: dict):
        for i, play in enumerate(data["plays"]):
            if play["attempted"] is not None:
                yield None, ("plays", i, "attempted"), play["attempted"]
            else:
                yield None, ("plays", i, "cards"), play["cards"]


class PlayOutcomeSchema(Schema):
    seat = fields.Integer(required=True)
    matches_format = fields.Boolean(required=True)
    trump = fields.Boolean(required=True, metadata={"description": "The play is all trumps."})
    beats_previous_best = fields.Boolean(required=True)
    bomb = fields.Boolean(required=True, metadata={
        "description": "The play is a bomb (炸弹, `bombs` other than `none`): four or more identical cards, "
                       "which beat every play that is not one."})


class TrickAnswerSchema(Schema):
    winner = fields.Integer(required=True, metadata={"description": "The winning seat."})
    winning_index = fields.Integer(required=True, metadata={"description": "Index of the winning play."})
    points = fields.Integer(required=True)
    point_cards = CardList()
    format = fields.Nested(FormatSchema, required=True)
    plays = List(fields.Nested(PlayOutcomeSchema), required=True)
    largest_unit = fields.Nested(UnitSchema, required=True)


# Who may be shown each answer field (docs/views.md, "Which fields are whose").
_PLAYED = "public: a trick is played in the open (a view shows only the last completed trick's cards under " \
          "`hide_played_cards`)"
mark_public(TrickAnswerSchema, every=_PLAYED)
mark_public(PlayOutcomeSchema, every=_PLAYED)
