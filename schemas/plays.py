"""Plays: validate one play, list the legal plays."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from .base import RequestSchema, check_seats, check_size, invalid
from .bounds import List
from .common import SUIT_LABELS, CardList, FormatSchema, ReasonSchema, UnitSchema
from .deals import SeedField
from .fields import Cards, RulesField, Seat, TrumpSchema
from .views import mark_public

MAX_LIMIT = 1000


class SeatCardsSchema(Schema):
    seat = Seat(required=True)
    cards = Cards(required=True, description="That seat's cards.")


class PlaySchema(SeatCardsSchema):
    cards = Cards(required=True, min_items=1, description="The cards played.")


class PositionSchema(RequestSchema):
    rules = RulesField(required=True)
    trump = fields.Nested(TrumpSchema, required=True)
    hand = Cards(required=True, description="The player's hand, including the cards being played.")
    lead = Cards(allow_none=True, load_default=None, min_items=1,
                 description="The trick's first play; absent (or null) when the play is itself a lead.")

    def check(self, data: dict) -> None:
        rules, hand, lead = data["rules"], data["hand"], data["lead"]
        check_size(("hand",), hand, rules.hand_size, "a hand")
        if lead is not None:
            if not lead:
                raise invalid(("lead",), "a lead has at least one card")
            check_size(("lead",), lead, rules.hand_size, "a lead")
            if len(hand) < len(lead):
                raise invalid(("hand",), f"a follower holds at least as many cards as the lead "
                                         f"({len(lead)}), not {len(hand)}")

    def card_sources(self, data: dict):
        yield None, ("hand",), data["hand"]
        if data["lead"]:
            yield None, ("lead",), data["lead"]


SEEN = ("Every card this player has seen that is not in `hand`: the cards played so far this hand (every "
        "trick, the current one included) and, for the dealer, the cards it buried. The service derives "
        "`unseen` from it (the decks' cards less `hand` and `seen`), so a throw is judged as `unseen` would "
        "judge it.")


def seen_sources(data: dict):
    """``seen`` for the copy check, less the lead's cards it holds (the lead was seen, not held twice)."""
    if data["seen"]:
        lead = {}
        for c in data["lead"] or ():
            lead[c] = lead.get(c, 0) + 1
        rest = []
        for c in data["seen"]:
            if lead.get(c):
                lead[c] -= 1
            else:
                rest.append(c)
        yield None, ("seen",), rest


def check_seen(data: dict) -> None:
    """``seen`` and ``hand`` together hold no more than the decks (the copy check says which card)."""
    if data["seen"] is not None:
        check_size(("seen",), data["seen"], data["rules"].total_cards - len(data["hand"]), "the rest of the decks")


class ValidatePlaySchema(PositionSchema):
    play = Cards(required=True, description="The cards played (they are part of `hand`).")
    seat = Seat(load_default=None, allow_none=True, description="The player's own seat.")
    others = List(fields.Nested(SeatCardsSchema), load_default=None, allow_none=True,
                         validate=validate.Length(max=11),
                         metadata={"description": "The other players' hands, to adjudicate a throw."})
    unseen = Cards(load_default=None, allow_none=True,
                   description="Every card the leader has not seen, to adjudicate a throw without the hands.")
    seen = Cards(load_default=None, allow_none=True, description=SEEN)

    def check(self, data: dict) -> None:
        super().check(data)
        rules = data["rules"]
        if data["seat"] is not None and data["seat"] >= rules.players:
            raise invalid(("seat",), f"seat {data['seat']} does not exist with {rules.players} players")
        given = [name for name in ("others", "unseen", "seen") if data[name] is not None]
        if len(given) > 1:
            raise invalid((given[1],), f"give one of others, unseen or seen, not {' and '.join(given)}")
        check_seen(data)
        if data["others"]:
            others = data["others"]
            check_seats(("others",), [o["seat"] for o in others], rules.players, exclude=data["seat"])
            for i, other in enumerate(others):
                check_size(("others", i, "cards"), other["cards"], rules.hand_size, "a hand")
        if data["unseen"]:
            check_size(("unseen",), data["unseen"], rules.total_cards - len(data["hand"]), "the rest of the decks")

    def card_sources(self, data: dict):
        yield from super().card_sources(data)
        for i, other in enumerate(data["others"] or ()):
            yield None, ("others", i, "cards"), other["cards"]
        if data["unseen"]:
            yield None, ("unseen",), data["unseen"]
        yield from seen_sources(data)


class LegalPlaysSchema(PositionSchema):
    limit = fields.Integer(strict=True, load_default=100, validate=validate.Range(1, MAX_LIMIT),
                           metadata={"description": f"At most this many plays are listed (1..{MAX_LIMIT})."})
    selected = Cards(load_default=None, allow_none=True,
                     description="The cards the player has picked so far (part of `hand`): the answer adds "
                                 "`selectable`, `complete`, `completable`, `must` and `may`.")
    sample = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(1, MAX_LIMIT),
                            metadata={"description": f"List this many distinct legal plays (1..{MAX_LIMIT}) drawn "
                                                     "uniformly at random from all of them (throws included "
                                                     "where allowed), instead of the first `limit`; needs `seed`."})
    seed = SeedField(load_default=None, allow_none=True,
                     description="With `sample`: the same seed always draws the same plays.")
    unseen = Cards(load_default=None, allow_none=True,
                   description="Leading with `selected`: every card the player has not seen; when `selected` is a "
                               "complete throw, the answer's `throw` says whether it surely stands.")
    seen = Cards(load_default=None, allow_none=True, description=SEEN + " Leading with `selected`: when `selected` "
                 "is a complete throw, the answer's `throw` says whether it surely stands.")

    def check(self, data: dict) -> None:
        super().check(data)
        if data["sample"] is not None and data["seed"] is None:
            raise invalid(("seed",), "a sample needs a seed (a string or an integer)")
        if data["unseen"] is not None and data["seen"] is not None:
            raise invalid(("seen",), "give one of unseen or seen, not unseen and seen")
        check_seen(data)
        if data["unseen"]:
            check_size(("unseen",), data["unseen"], data["rules"].total_cards - len(data["hand"]), "the rest of the decks")
        if data["selected"]:
            left = {}
            for c in data["hand"]:
                left[c] = left.get(c, 0) + 1
            for i, c in enumerate(data["selected"]):
                if not left.get(c):
                    raise invalid(("selected", i), f"{c} is not in the hand (or is selected more often than "
                                                   "the hand holds it)")
                left[c] -= 1

    def card_sources(self, data: dict):
        yield from super().card_sources(data)
        if data["unseen"]:
            yield None, ("unseen",), data["unseen"]
        yield from seen_sources(data)


class ThrowSchema(Schema):
    stands = fields.Boolean(required=True, allow_none=True,
                            metadata={"description": "null: unverified — neither `others` nor `unseen` given, "
                                                     "or `unseen` cards could beat a unit (see `at_risk`)."})
    forced_play = List(fields.String(), allow_none=True, required=True,
                              metadata={"description": "The unit a failed throw is reduced to."})
    beaten_by = fields.Integer(allow_none=True, required=True,
                               metadata={"description": "The first seat after the leader that beats the forced unit."})
    penalty = fields.Integer(required=True, metadata={"description": "Points the failed throw costs."})
    at_risk = List(List(fields.String()), required=True,
                          metadata={"description": "With `unseen` only: the units those cards could beat, "
                                                   "lowest first (empty otherwise)."})


class VerdictSchema(Schema):
    legal = fields.Boolean(required=True)
    reasons = List(fields.Nested(ReasonSchema), required=True)
    format = fields.Nested(FormatSchema, allow_none=True, required=True,
                           metadata={"description": "The play's format when it is of one effective suit."})
    throw = fields.Nested(ThrowSchema, allow_none=True,
                          metadata={"description": "Present for a multi-unit lead."})


class SuitUnitsSchema(Schema):
    suit = fields.String(required=True, metadata={"enum": SUIT_LABELS})
    units = List(fields.Nested(UnitSchema), required=True)


class LegalPlaysAnswerSchema(Schema):
    count = fields.Integer(metadata={"description": "Following (and leading with `selected` or `sample`): the "
                                                    "number of distinct legal plays."})
    count_exact = fields.Boolean(metadata={"description": "False when `count` is a lower bound (never with "
                                                          "`selected` or `sample`, which count exactly or answer 422)."})
    plays = List(CardList(), metadata={"description": "Following: every distinct legal play, up to `limit`; "
                                                             "with `sample` (leading too): the plays drawn, in the "
                                                             "order drawn."})
    truncated = fields.Boolean(metadata={"description": "More plays exist than are listed."})
    selectable = CardList("With `selected`: each card of the hand of which one more copy can be added to "
                          "`selected` with a legal play still containing it, once.")
    complete = fields.Boolean(metadata={"description": "With `selected`: `selected` is itself a legal play."})
    completable = fields.Boolean(metadata={"description": "With `selected`: some legal play contains `selected`."})
    must = CardList("With `selected`: the cards in every legal play (their multiset intersection).")
    may = CardList("With `selected`: the cards in at least one legal play (their multiset union: each card as "
                   "many times as the legal play holding most copies of it).")
    units = List(fields.Nested(SuitUnitsSchema),
                        metadata={"description": "Leading: the units the hand can lead, by effective suit."})
    throws_allowed = fields.Boolean(metadata={"description": "Leading: whether several units may be led at once."})
    throw = fields.Nested(ThrowSchema, metadata={
        "description": "Leading with `selected` that is a complete throw: whether it surely stands against "
                       "`unseen` (or the cards `seen` leaves unseen): `stands: true` when no unseen card can beat "
                       "it, null when some could (`at_risk`) or when neither `seen` nor `unseen` is given."})
    rainbows = List(fields.Nested(UnitSchema), metadata={
        "description": "Leading, where the ruleset sets `rainbow_min` (docs/rules.md#rainbows-rainbow_min): per "
                       "printed rank of which the hand can lead a rainbow, highest first, the group of every "
                       "copy of that rank it holds (kind `rainbow`). Each part of it that still holds every "
                       "suit's card and at least `rainbow_min` cards is a rainbow lead too; where "
                       "`throws_allowed`, groups of several ranks may be led together. `count`, `sample` and "
                       "the selection help count these leads."})


# Who may be shown each answer field (docs/views.md, "Which fields are whose").
mark_public(VerdictSchema, every="the asking seat's own while it weighs the play (it reads its hand); once the play "
            "is made, public, as every play is")
mark_public(ThrowSchema, {"beaten_by": "asked with `others`, the referee's (it reads the other hands); once the throw "
                                       "is led, public unless `hide_throw_blocker`",
                          "at_risk": "the asking seat's own: read from the cards it has not seen"},
            every="asked with `others`, the referee's (it reads the other hands); asked with `unseen` or `seen`, the "
            "asking seat's own; once the throw is led, public")
mark_public(LegalPlaysAnswerSchema, every="not public: the seat whose hand was sent (the plays show its cards)")
mark_public(SuitUnitsSchema, every="not public: the seat whose hand was sent")
