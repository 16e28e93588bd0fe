"""Each seat's table (docs/views.md): the request fields that ask for views, and what a view adds to
the ``hands/state`` answer."""
from __future__ import annotations

import copy

from marshmallow import Schema, ValidationError, fields, validate

from .bounds import List

PUBLIC = "public"


def cards_or_null(description: str) -> fields.List:
    return List(fields.String(metadata={"examples": ["AS"]}), allow_none=True,
                       metadata={"description": description})


class ViewerField(fields.Field):
    """A seat number or ``"public"`` (a spectator)."""

    def __init__(self, description: str, **kwargs):
        super().__init__(metadata={"description": description, "oneOf": [
            {"type": "integer", "minimum": 0, "maximum": 11}, {"type": "string", "enum": [PUBLIC]},
            {"type": "null"}]}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if value == PUBLIC:
            return PUBLIC
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 11:
            return value
        raise ValidationError('a viewer is a seat number or "public"')


def check_viewer(data: dict, players: int, name: str) -> None:
    viewer = data.get(name)
    if isinstance(viewer, int) and viewer >= players:
        raise ValidationError({name: [f"seat {viewer} does not exist with {players} players"]})


class DeclaredSchema(Schema):
    seat = fields.Integer(required=True)
    count = fields.Integer(required=True, metadata={"description": "How many cards were shown."})
    cards = cards_or_null("The cards shown; null for a dark declaration (`declaration_visibility: dark`) while "
                          "declaring is open, to every seat but the declarer's.")


VIEW_FIELDS = {
    "viewer": ViewerField("A view (public: no): the seat whose view this is, or `public`; absent in the "
                          "referee's answer."),
    "hand_counts": List(fields.Integer(), metadata={
        "description": "A view (public: yes): how many cards each seat holds now."}),
    "declared": List(fields.Nested(DeclaredSchema), metadata={
        "description": "A view (public: yes, dark cards excepted): every declaration and steal made, in order."}),
    "kitty": cards_or_null("A view (public: no; the seat's own): the kitty this seat picked up (the dealer: as "
                           "dealt; a stealer: the burial it took); null for every other viewer."),
    "kitty_discard": cards_or_null("A view: the cards this seat buried (public: no); once the hand is over, the "
                                   "scored kitty, for every viewer (public: yes)."),
}


def views_request_fields() -> dict:
    return {
        "view": ViewerField("Answer as this seat knows the hand (section 15 of the rules; docs/views.md): a seat number "
                            "or `public` (a spectator). Absent: the referee's answer, which holds everything.",
                            load_default=None, allow_none=True),
        "views": fields.String(load_default=None, allow_none=True, validate=validate.OneOf(["all"]), metadata={
            "description": "`all`: the referee's answer with `views` (every seat's view, by seat) and `public` "
                           "(a spectator's) added, and `referee` repeating the referee's answer: one request "
                           "per action for the whole table."}),
    }


# Who may be shown each field of the hands/state answer (docs/views.md, "Which fields are whose"): added to
# the field's description in the spec, so a client generated from it knows what it may forward.
PUBLIC_NOTES = {
    "HandStateSchema": {
        "phase": "public", "step": "public (an illegal record has no views)", "seat": "public",
        "reasons": "public", "trump": "public, but a dark declaration's trump only to its declarer while declaring "
        "is open", "declarer": "public", "dealer": "public", "level": "public",
        "hands": "not public: each seat's own", "next": "public but for `must`, `may`, `count`, `plays` and "
        "`record_plays`, the seat to act's own", "declarations": "not public: each seat's own options",
        "current_trick": "public", "tricks": "public, as `hide_played_cards` and `hide_throw_blocker` allow",
        "points": "public, as `hide_defender_points` allows; a view's sides only as the viewer knows them",
        "penalties": "public", "teams": "a view holds what the viewer knows; the referee's reads the cards",
        "settlement": "public", "outcome": "not public while it counts the buried kitty: a view shows it to the "
        "seat that buried the kitty, and to everyone once the hand is over", "viewer": "the viewer's", "hand_counts": "public", "declared": "public",
        "kitty": "not public: the seat that picked the kitty up", "kitty_discard": "not public until the hand is over",
        "views": "not public: each entry is its seat's own", "public": "public", "referee": "not public: the whole table",
    },
    "NextActionSchema": {
        "seat": "public", "action": "public", "cards": "public", "calls": "public", "callable": "public",
        "lead": "public", "must": "not public: the seat to act's own", "may": "not public: the seat to act's own",
        "count": "not public: the seat to act's own", "count_exact": "not public: the seat to act's own",
        "plays": "not public: the seat to act's own", "record_plays": "not public: the seat to act's own (in a "
        "view a drawn throw is whole, without `attempted`: whether it stands depends on the hidden hands)",
    },
    "PointsSchema": {"by_seat": "public (a view nulls the dealer side's under `hide_defender_points`)",
                     "attackers": "public", "defenders": "public unless `hide_defender_points`"},
    "CallSchema": {"card": "public", "ordinal": "public",
                   "status": "the referee's reads the cards; a view's is what its seat can know",
                   "seat": "as `status`"},
    "WorldsSchema": {"worlds": "not public: deals of the seat's unseen cards, for that seat (or a bot playing it)",
                     "count_worlds": "as `worlds`", "count_exact": "as `worlds`", "complete": "as `worlds`"},
}

_REFEREE = ("the referee's, read from every hand: public once the hand is over (every card then played or "
            "shown), and before that only as a view shows it")
_TRICKS = "public, as `hide_played_cards` and `hide_throw_blocker` allow"
# The same for every field of these schemas (by name).
PUBLIC_EVERY = {
    "AdjudicationSchema": _REFEREE, "FaultSchema": _REFEREE, "RuleRefSchema": "public",
    "AlternativesSchema": _REFEREE, "TrickSummarySchema": _TRICKS, "TrickPlaySchema": _TRICKS,
    "TeamsSchema": "the referee's reads the cards (under `holder`, before any seat could know); a view's is "
                   "what its seat knows",
    "StateTeamsSchema": "a view holds what the viewer knows; the referee's reads the cards",
    "PenaltySchema": "public", "LedgerSchema": "public", "SettlementSchema": "public",
    "CurrentPlaySchema": "public", "CurrentTrickSchema": "public",
    "SeatOptionsSchema": "not public: each seat's own options",
    "OutcomeSchema": "as `outcome`",
}


def mark_public(schema: type, notes: dict[str, str] | None = None, every: str | None = None) -> None:
    """Add ``Public: ...`` to the spec description of each field of ``schema`` named in ``notes``, and
    ``every`` to each other field.  A field a base schema shares is copied first, so each schema keeps
    its own note."""
    notes = notes or {}
    declared = schema._declared_fields
    unknown = set(notes) - set(declared)
    if unknown:
        raise KeyError(f"{schema.__name__} has no field {sorted(unknown)}")
    for name, field in list(declared.items()):
        note = notes.get(name, every)
        if note is None:
            continue
        text = field.metadata.get("description", "")
        if "Public:" in text:
            text = text[:text.index("Public:")].rstrip()
        marked = copy.copy(field)
        marked.metadata = {**field.metadata, "description": (text + " " if text else "") + f"Public: {note}."}
        declared[name] = marked


mark_public(DeclaredSchema, every="public, but a dark declaration's cards only to its declarer while declaring is open")
