"""Whole hands: settlement, adjudication and the hand as it stands."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from rules.cards import rank_name

from .base import RequestSchema, check_seats, check_size, invalid
from .bounds import List
from .common import CardList, FormatSchema, ReasonSchema
from .deals import SeedField
from .declarations import DeclarationOptionSchema, TrumpAnswerSchema
from .fields import CardField, Cards, RankField, RulesField, Seat, StrictBoolean, TrumpSchema
from .plays import SeatCardsSchema
from .rulesets import ScoreRowSchema
from .views import PUBLIC_EVERY, PUBLIC_NOTES, VIEW_FIELDS, check_viewer, mark_public, views_request_fields

MAX_POINTS = 100 * 8 * 10
MAX_SAMPLE = 100


class PenaltySchema(Schema):
    seat = Seat(required=True)
    points = fields.Integer(strict=True, required=True, validate=validate.Range(0, MAX_POINTS))


def Levels() -> fields.List:
    return List(RankField(), required=True, validate=validate.Length(min=4, max=12),
                       metadata={"description": "Each seat's level, a list by seat."})


def GamesWon() -> fields.List:
    return List(fields.Integer(strict=True, validate=validate.Range(0, 10 ** 6)), load_default=None,
                       allow_none=True, validate=validate.Length(max=12),
                       metadata={"description": "Each seat's games won so far, a list by seat (default zeros; "
                                                "docs/rules.md#the-match-levels-past-a-and-games-won)."})


def Ratings() -> fields.List:
    return List(fields.Integer(strict=True, validate=validate.Range(-10 ** 9, 10 ** 9)),
                       load_default=None, allow_none=True, validate=validate.Length(max=12),
                       metadata={"description": "Each seat's rating points (the `qq` rating and coin ledger, docs/rules.md#settlement-scoring-and-levels)."})


def RoomCoefficient() -> fields.Float:
    return fields.Float(load_default=None, allow_none=True, validate=validate.Range(0, 10 ** 6),
                        metadata={"description": "The room's coin coefficient N of the `qq` ledger."})


def check_table(data: dict) -> int:
    """The dealer is a seat; levels and ratings list every seat.  Returns the number of players."""
    n = data["rules"].players
    if data["dealer"] >= n:
        raise invalid(("dealer",), f"seat {data['dealer']} does not exist with {n} players")
    for key in ("levels", "ratings", "games_won"):
        if data[key] is not None and len(data[key]) != n:
            raise invalid((key,), f"{key} lists one entry per seat: {n}, not {len(data[key])}")
    return n


class SettleSchema(RequestSchema):
    rules = RulesField(required=True)
    trump = fields.Nested(TrumpSchema, required=True,
                          metadata={"description": "The hand's trump; its `level` is the dealer's level, "
                                                   "`levels[dealer]` (else 422 at `/trump/level`)."})
    dealer = Seat("The dealer's seat.", required=True)
    levels = Levels()
    dealer_team = List(Seat(), load_default=None, allow_none=True, validate=validate.Length(max=12),
                              metadata={"description": "The dealer's side (needed under find-friends)."})
    attackers_points = fields.Integer(strict=True, required=True, validate=validate.Range(0, MAX_POINTS),
                                      metadata={"description": "Card points in every trick the attackers won.",
                                                "multipleOf": 5})
    kitty = Cards(required=True, description="The kitty the dealer put down.")
    last_trick = List(fields.Nested(SeatCardsSchema), required=True, validate=validate.Length(min=1, max=12),
                             metadata={"description": "The last trick in play order (each seat the one after the "
                                                      "previous play's; else 422 at `/last_trick/i/seat`)."})
    penalties = List(fields.Nested(PenaltySchema), load_default=list, validate=validate.Length(max=1000),
                            metadata={"description": "Failed throws: (seat, points)."})
    ratings = Ratings()
    room_coefficient = RoomCoefficient()
    friend_calls = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(0, 11),
                                  metadata={"description": "Find-friends: the number of friend calls the dealer "
                                                           "made (for `bonus_level`; default ⌊players/2⌋ − 1)."})
    games_won = GamesWon()

    def check(self, data: dict) -> None:
        rules = data["rules"]
        n = check_table(data)
        if data["friend_calls"] is not None and data["friend_calls"] > n - 1:
            raise invalid(("friend_calls",), f"at most {n - 1} friend calls with {n} players")
        level = data["levels"][data["dealer"]]
        if data["trump"].level != level:
            raise invalid(("trump", "level"), f"the hand is played at the dealer's level {rank_name(level)}, "
                                              f"not {rank_name(data['trump'].level)}")
        for i, seat in enumerate(data["dealer_team"] or ()):
            if seat >= n:
                raise invalid(("dealer_team", i), f"seat {seat} does not exist with {n} players")
        if len(data["kitty"]) != rules.kitty:
            raise invalid(("kitty",), f"the kitty holds {rules.kitty} cards under these rules, not {len(data['kitty'])}")
        if data["attackers_points"] % 5:
            raise invalid(("attackers_points",), "points are multiples of 5")
        trick = data["last_trick"]
        if len(trick) != n:
            raise invalid(("last_trick",), f"the last trick has one play per seat: {n}")
        check_seats(("last_trick",), [p["seat"] for p in trick], n, in_order=True)
        for i, play in enumerate(trick):
            check_size(("last_trick", i, "cards"), play["cards"], rules.hand_size, "a hand")
        for i, penalty in enumerate(data["penalties"]):
            if penalty["seat"] >= n:
                raise invalid(("penalties", i, "seat"), f"seat {penalty['seat']} does not exist with {n} players")

    def reading(self, data: dict):
        return data["trump"].level, data["levels"], None

    def card_sources(self, data: dict):
        yield None, ("kitty",), data["kitty"]
        for i, play in enumerate(data["last_trick"]):
            yield None, ("last_trick", i, "cards"), play["cards"]


class LedgerSchema(Schema):
    rating_changes = List(fields.Integer(), required=True)
    coin_changes = List(fields.Float(), required=True, allow_none=True)


class SettlementSchema(Schema):
    kitty_points = fields.Integer(required=True)
    multiplier = fields.Integer(required=True)
    kitty_bonus = fields.Integer(required=True, metadata={"description": "The change the kitty makes to the attackers."})
    attackers_points = fields.Integer(required=True)
    penalty_points = fields.Integer(required=True)
    attackers_total = fields.Integer(required=True)
    outcome = fields.String(required=True, metadata={"enum": ["dealer-keeps", "attackers-take-over"]})
    level_changes = List(fields.Integer(), required=True, metadata={"description": "Levels moved, by seat."})
    new_levels = List(fields.String(), required=True, metadata={"description": "Levels after the hand, by seat."})
    next_dealer = fields.Integer(required=True)
    game_over = fields.Boolean(required=True)
    winner = List(fields.Integer(), required=True, allow_none=True,
                         metadata={"description": "The seats that won the game, or null."})
    dealer_team = List(fields.Integer(), required=True)
    explanation = fields.String(required=True)
    new_games_won = List(fields.Integer(), required=True, metadata={
        "description": "Each seat's games won after the hand: one more for each seat of a team that passed "
                       "`last_level`."})
    ledger = fields.Nested(LedgerSchema, metadata={"description": "With ratings: the rating (积分) and coin ledger of online rooms."})


class DealInSchema(Schema):
    hands = List(Cards(), required=True, validate=validate.Length(min=1, max=12),
                        metadata={"description": "Every hand as dealt, by seat."})
    kitty = Cards(load_default=list, description="The kitty as dealt, in dealt order.")


class FriendCallSchema(Schema):
    card = CardField(required=True)
    ordinal = fields.Integer(strict=True, load_default=1, validate=validate.Range(1, 8),
                             metadata={"description": "Which copy: 1 = the first played."})


class RecordedPlaySchema(SeatCardsSchema):
    attempted = Cards(load_default=None, allow_none=True,
                      description="A failed throw: the whole attempt (`cards` is then its forced play).")


class ExchangeSchema(Schema):
    seat = Seat("The seat that steals the kitty.", required=True)
    declaration = Cards(required=True, description="The declaration it shows, which must overturn the standing one.")
    discard = Cards(required=True, description="The cards it buries (as many as the kitty).")


class RecordSchema(RequestSchema):
    """A recorded hand, as ``hands/adjudicate`` and ``hands/state`` take it."""

    rules = RulesField(required=True)
    dealer = Seat("The dealer's seat.", required=True)
    levels = Levels()
    deal = fields.Nested(DealInSchema, required=True)
    declarations = List(fields.Nested(SeatCardsSchema), load_default=list, validate=validate.Length(max=200))
    kitty_discard = Cards(load_default=list, description="The cards the dealer put down.")
    exchanges = List(fields.Nested(ExchangeSchema), load_default=list, validate=validate.Length(max=100),
                            metadata={"description": "`kitty_theft`: the steals of the kitty after the exchange, in "
                                                     "order (section 14.7)."})
    friends = List(fields.Nested(FriendCallSchema), load_default=list, validate=validate.Length(max=11),
                          metadata={"description": "Find-friends: the dealer's friend calls."})
    tricks = List(List(fields.Nested(RecordedPlaySchema), validate=validate.Length(min=1, max=12)),
                         load_default=list, validate=validate.Length(max=432),
                         metadata={"description": "The tricks in order, each in play order."})
    first_hand = StrictBoolean(load_default=False,
                               metadata={"description": "The first hand: the declarer deals."})
    ratings = Ratings()
    room_coefficient = RoomCoefficient()
    games_won = GamesWon()

    def check(self, data: dict) -> None:
        n = check_table(data)
        for i, entry in enumerate(data["declarations"]):
            if entry["seat"] >= n:
                raise invalid(("declarations", i, "seat"), f"seat {entry['seat']} does not exist with {n} players")
        for t, trick in enumerate(data["tricks"]):
            check_seats(("tricks", t), [p["seat"] for p in trick], n)
        check_seats(("exchanges",), [x["seat"] for x in data["exchanges"]], n, unique=False)

    def reading(self, data: dict):
        if data["first_hand"]:
            return None, data["levels"], True
        return data["levels"][data["dealer"]], None, False

    def card_sources(self, data: dict):
        for s, hand in enumerate(data["deal"]["hands"]):
            yield None, ("deal", "hands", s), hand
        yield None, ("deal", "kitty"), data["deal"]["kitty"]


class AdjudicateSchema(RecordSchema):
    partial = StrictBoolean(load_default=False,
                            metadata={"description": "The tricks so far only: no final count, no settlement."})
    # issue 31: every fault
    faults = fields.String(load_default="first", validate=validate.OneOf(["first", "all"]), metadata={
        "description": "`first` (the default): the answer stops at the first illegal step. `all`: the walk goes on "
                       "past each illegal step, which stands as recorded, and `faults` lists every one in order; "
                       "the tricks, teams and settlement are then the hand as recorded (`as_recorded`)."})


class HandStateRequestSchema(RecordSchema):
    partial = StrictBoolean(load_default=False, metadata={
        "description": "Accepted so that a `hands/adjudicate` record can be sent as it is; the state reads "
                       "every cut the same way."})
    declarations_closed = StrictBoolean(
        load_default=None, allow_none=True,
        metadata={"description": "Declaring is over (default: true once the record holds a `kitty_discard`, "
                                 "`exchanges`, `friends` or a trick). While it is open the phase is `declaring`, and "
                                 "`deal.hands` may hold only the cards dealt so far. Under `kitty_theft`, `true` also closes "
                                 "stealing: the answer is then the dealer's call or lead."})

    sample = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(1, MAX_SAMPLE),
                            metadata={"description": "When a seat is to lead or follow: `next.plays` holds this many (at most 100) "
                                                     "distinct legal plays drawn uniformly from all of them (throws "
                                                     "included where allowed); needs `seed`."})
    seed = SeedField("With `sample`: the same seed always draws the same plays.", load_default=None, allow_none=True)
    locals().update(views_request_fields())

    def check(self, data: dict) -> None:
        super().check(data)
        check_viewer(data, data["rules"].players, "view")
        if data["view"] is not None and data["views"] is not None:
            raise invalid(("views",), "ask for one view (`view`) or for every view (`views: all`), not both")
        if data["sample"] is not None and data["seed"] is None:
            raise invalid(("seed",), "a sample needs a seed (a string or an integer)")
        later = data["kitty_discard"] or data["exchanges"] or data["friends"] or data["tricks"]
        if data["declarations_closed"] is False and later:
            raise invalid(("declarations_closed",), "declaring cannot still be open once the record holds a "
                                                    "kitty discard, friend calls or tricks")


class TrickPlaySchema(Schema):
    """One play of a completed trick, as recorded."""

    seat = fields.Integer(required=True)
    cards = List(fields.String(), required=True)
    attempted = List(fields.String(), metadata={"description": "A failed throw: the whole attempt (`cards` "
                                                                      "is its forced play)."})


class TrickSummarySchema(Schema):
    index = fields.Integer(required=True)
    leader = fields.Integer(required=True)
    winner = fields.Integer(required=True)
    points = fields.Integer(required=True)
    point_cards = List(fields.String(), required=True)
    format = fields.Nested(FormatSchema, required=True, allow_none=True,
                           metadata={"description": "null in a view that does not show the trick's cards."})
    plays = List(fields.Nested(TrickPlaySchema), required=True)
    cards_shown = fields.Boolean(metadata={
        "description": "A view: false when `hide_played_cards` leaves this trick's cards out (then `plays`, "
                       "`point_cards` are empty and `format` null; `leader`, `winner`, `points` stay)."})
    beaten_by = fields.Integer(allow_none=True, metadata={
        "description": "A view: the seat that beat the lead's failed throw (null: none, or `hide_throw_blocker`)."})


class TeamsSchema(Schema):
    dealer = fields.Integer(required=True)
    dealer_team = List(fields.Integer(), required=True)
    attackers = List(fields.Integer(), required=True)
    friends = List(fields.Integer(allow_none=True), required=True,
                          metadata={"description": "Per friend call: the seat it made a friend, or null."})


class RuleRefSchema(Schema):
    code = fields.String(required=True, metadata={"description": "The reason code of the rule broken."})
    section = fields.String(required=True, metadata={"description": "The rules section (`7`, `14.7`)."})
    ref = fields.String(required=True, metadata={"description": "Where docs/rules.md explains it."})


class AlternativesSchema(Schema):
    count = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The exact number of legal choices the seat had (null: the step was no choice, such as the "
                       "deal or the turn, or past the work bound)."})
    examples = List(List(fields.String()), required=True,
                           metadata={"description": "A few of them (at most 3)."})


class FaultSchema(Schema):
    number = fields.Integer(required=True, metadata={"description": "1, 2, ... in the order of the hand."})
    step = fields.String(required=True, metadata={"description": "The path into the request, as `step`."})
    phase = fields.String(required=True, metadata={
        "enum": ["deal", "declaring", "redeal", "exchanging", "stealing", "calling", "playing", "over"]})
    trick = fields.Integer(required=True, allow_none=True, metadata={"description": "The trick as people count: 1, 2, ..."})
    play = fields.Integer(required=True, allow_none=True,
                          metadata={"description": "The play within the trick as people count: 1 is the lead."})
    seat = fields.Integer(required=True, allow_none=True)
    cards = List(fields.String(), required=True,
                        metadata={"description": "The cards of the step: played, declared, buried or called."})
    lead = List(fields.String(), required=True, allow_none=True,
                       metadata={"description": "A follow: the cards led."})
    rule = fields.Nested(RuleRefSchema, required=True)
    reasons = List(fields.Nested(ReasonSchema), required=True)
    alternatives = fields.Nested(AlternativesSchema, required=True, allow_none=True,
                                 metadata={"description": "What the seat could have done (null past the 50th fault)."})
    follows_from = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The `number` of the earlier fault this one is a trace of: that step stood as recorded and "
                       "left the cards off (a card it played or buried is missing later, cards are left at the end); "
                       "null for a fault of its own."})
    played_in = fields.Integer(required=True, allow_none=True, metadata={
        "description": "A play of cards the seat no longer holds, no earlier fault explaining it: the trick (counted "
                       "from 1) where the seat already played them."})
    sentence = fields.String(required=True, metadata={
        "description": "The fault in one sentence for the referee, cards as people write them: \"Trick 7, the 2nd "
                       "play: seat 0 played 7♣ to A♦ while holding 5 trumps; a trump had to be played.\""})


class AdjudicationSchema(Schema):
    legal = fields.Boolean(required=True, metadata={"description": "Every step of the hand is legal."})
    step = fields.String(required=True, allow_none=True,
                         metadata={"description": "The first illegal step, as a path into the request "
                                                  "(`deal`, `declarations/2`, `tricks/4/1`, ...)."})
    seat = fields.Integer(required=True, allow_none=True, metadata={"description": "Who made the illegal step."})
    reasons = List(fields.Nested(ReasonSchema), required=True)
    trump = fields.Nested(TrumpAnswerSchema, required=True, allow_none=True)
    tricks = List(fields.Nested(TrickSummarySchema), required=True,
                         metadata={"description": "Each completed trick (before the illegal step, if any)."})
    teams = fields.Nested(TeamsSchema, allow_none=True, required=True)
    attackers_points = fields.Integer(allow_none=True, required=True)
    penalties = List(fields.Nested(PenaltySchema), required=True)
    settlement = fields.Nested(SettlementSchema, allow_none=True, required=True)
    faults = List(fields.Nested(FaultSchema), metadata={
        "description": "With `faults: all` only: every illegal step in order (the first is also `step`, `seat`, "
                       "`reasons`)."})
    as_recorded = fields.Boolean(metadata={
        "description": "With `faults: all` only: true when the hand has faults, and the tricks, teams and "
                       "settlement are then the hand as recorded, each illegal step standing."})


class CallSchema(Schema):
    card = fields.String(required=True)
    ordinal = fields.Integer(required=True)
    status = fields.String(required=True, metadata={
        "enum": ["pending", "joined", "spent"],
        "description": "`joined`: `seat` is the friend; `spent`: nobody joins by it (`seat`: the dealer-side "
                       "seat whose play reached the ordinal; null when no copy is left to join by); `pending`: "
                       "not decided yet."})
    seat = fields.Integer(required=True, allow_none=True)


class StateTeamsSchema(TeamsSchema):
    calls = List(fields.Nested(CallSchema), required=True,
                        metadata={"description": "Find-friends: each call and its status (empty otherwise)."})


class CurrentPlaySchema(Schema):
    seat = fields.Integer(required=True)
    cards = CardList()
    attempted = List(fields.String(), metadata={"description": "A failed throw: the whole attempt."})


class NextActionSchema(Schema):
    seat = fields.Integer(required=True)
    action = fields.String(required=True, metadata={
        "enum": ["discard", "steal", "call", "lead", "follow"],
        "description": "What the seat must do. While declaring there is no `next`: every seat may declare at "
                       "any time, and `declarations` lists each seat's options."})
    cards = fields.Integer(allow_none=True, metadata={"description": "`discard`: how many cards to put down; "
                                                                    "`follow`: how many cards to play."})
    calls = fields.Integer(allow_none=True, metadata={"description": "`call`: how many friend calls (the default)."})
    callable = List(fields.String(), allow_none=True,
                           metadata={"description": "`call`: the cards that may be called."})
    lead = List(fields.String(), allow_none=True, metadata={"description": "`follow`: the cards led."})
    must = List(fields.String(), allow_none=True,
                       metadata={"description": "`lead`/`follow`: cards in every legal play (multiset intersection)."})
    may = List(fields.String(), allow_none=True,
                      metadata={"description": "`lead`/`follow`: cards in at least one legal play (each as often as "
                                               "the play using the most copies)."})
    count = fields.Integer(allow_none=True, metadata={"description": "`lead`/`follow`: the number of legal plays "
                                                                    "(exact; `must`, `may`, `count` are null only in a "
                                                                    "position past the service's work bound)."})
    count_exact = fields.Boolean(allow_none=True)
    plays = List(List(fields.String()), allow_none=True,
                        metadata={"description": "With `sample`: the legal plays drawn, in the order drawn."})
    record_plays = List(fields.Nested(CurrentPlaySchema), allow_none=True, metadata={
        "description": "With `sample`: the same plays as the record holds them, ready to append to the trick "
                       "(a lead that is a failed throw: `cards` its forced play, `attempted` the throw)."})


class SeatOptionsSchema(Schema):
    seat = fields.Integer(required=True)
    options = List(fields.Nested(DeclarationOptionSchema), required=True, allow_none=True,
                          metadata={"description": "null in a view, for every seat but the viewer's."})


class CurrentTrickSchema(Schema):
    leader = fields.Integer(required=True)
    plays = List(fields.Nested(CurrentPlaySchema), required=True, metadata={"description": "In play order."})
    winning_seat = fields.Integer(required=True, metadata={"description": "Who wins the trick so far."})
    points = fields.Integer(required=True, metadata={"description": "Card points on the table."})


class PointsSchema(Schema):
    by_seat = List(fields.Integer(allow_none=True), required=True,
                          metadata={"description": "Card points of the tricks each seat won."})
    attackers = fields.Integer(required=True, allow_none=True,
                               metadata={"description": "Card points of the attackers' tricks with the throw "
                                                        "penalties; null while the teams are undecided."})
    defenders = fields.Integer(required=True, allow_none=True,
                               metadata={"description": "The same for the dealer's side."})


class OutcomeSchema(Schema):
    decided = fields.Boolean(required=True, metadata={"description": "Only one row is still reachable."})
    rows = List(fields.Nested(ScoreRowSchema), required=True,
                       metadata={"description": "The rows of `rulesets/resolve`'s `score_table` still reachable."})
    points_left = fields.Integer(required=True, metadata={
        "description": "Card points not yet won in tricks, and the kitty's at the largest multiplier a last "
                       "lead can still have."})


class HandStateSchema(Schema):
    phase = fields.String(required=True, metadata={
        "enum": ["declaring", "exchanging", "stealing", "calling", "playing", "over", "redeal", "illegal"]})
    step = fields.String(required=True, allow_none=True,
                         metadata={"description": "`illegal` (and `redeal`): the step, exactly as `hands/adjudicate`."})
    seat = fields.Integer(required=True, allow_none=True, metadata={"description": "Who made the illegal step."})
    reasons = List(fields.Nested(ReasonSchema), required=True)
    trump = fields.Nested(TrumpAnswerSchema, required=True, allow_none=True,
                          metadata={"description": "null while it is not decided."})
    declarer = fields.Integer(required=True, allow_none=True, metadata={"description": "The standing declarer."})
    dealer = fields.Integer(required=True)
    level = fields.String(required=True, metadata={"description": "The level played (the dealer's)."})
    hands = List(List(fields.String(), allow_none=True), required=True, metadata={
        "description": "Every seat's cards now, high to low (public: no; a view holds its own seat's only, null "
                       "for the others)."})
    next = fields.Nested(NextActionSchema, required=True, allow_none=True,
                         metadata={"description": "Who must act and how; null while declaring and when over."})
    declarations = List(fields.Nested(SeatOptionsSchema), required=True, allow_none=True,
                               metadata={"description": "While declaring: every seat's declaration options now."})
    current_trick = fields.Nested(CurrentTrickSchema, required=True, allow_none=True)
    tricks = List(fields.Nested(TrickSummarySchema), required=True,
                         metadata={"description": "The completed tricks, as `hands/adjudicate`."})
    points = fields.Nested(PointsSchema, required=True)
    penalties = List(fields.Nested(PenaltySchema), required=True)
    teams = fields.Nested(StateTeamsSchema, required=True)
    settlement = fields.Nested(SettlementSchema, required=True, allow_none=True,
                               metadata={"description": "When the phase is `over`, as `hands/settle`."})
    outcome = fields.Nested(OutcomeSchema, required=True, allow_none=True, metadata={
        "description": "While playing and once over (when the teams are known): what the score still allows "
                       "(docs/rules.md#what-the-score-still-allows)."})
    locals().update(VIEW_FIELDS)
    views = List(fields.Nested(lambda: HandStateSchema()), metadata={
        "description": "`views: all`: every seat's view, by seat."})
    public = fields.Nested(lambda: HandStateSchema(), metadata={"description": "`views: all`: a spectator's view."})
    referee = fields.Nested(lambda: HandStateSchema(), metadata={
        "description": "`views: all`: the referee's answer (as without `view`), repeated."})


for _schema in (HandStateSchema, NextActionSchema, PointsSchema, CallSchema, AdjudicationSchema, FaultSchema,
                RuleRefSchema, AlternativesSchema, TrickSummarySchema, TrickPlaySchema, TeamsSchema, StateTeamsSchema,
                PenaltySchema, LedgerSchema, SettlementSchema, CurrentPlaySchema, CurrentTrickSchema,
                SeatOptionsSchema, OutcomeSchema):
    mark_public(_schema, PUBLIC_NOTES.get(_schema.__name__), PUBLIC_EVERY.get(_schema.__name__))
