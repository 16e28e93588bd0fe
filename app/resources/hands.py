"""Whole hands: settlement, step-by-step adjudication, and the hand as it stands."""
from __future__ import annotations

from rules import trick_winner
from rules.adjudicate import Play, adjudicate
from rules.order import order_for
from rules.scoring import settle
from rules.state import hand_state
from schemas import present
from schemas.hands import (
    AdjudicateSchema,
    AdjudicationSchema,
    HandStateRequestSchema,
    HandStateSchema,
    SettlementSchema,
    SettleSchema,
)
from schemas.records import hand_record
from schemas.rulesets import score_rows

from .. import engine, faults, i18n, pictures
from ..extensions import Blueprint
from . import seats

blp = Blueprint("hands", __name__, url_prefix="/v1/hands", description="Whole hands (docs/rules.md#points-the-kitty-and-the-last-trick, #settlement-scoring-and-levels).")

SETTLE_IN = {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "dealer": 0,
             "levels": ["10", "7", "10", "7"], "attackers_points": 70, "kitty": ["KD", "5C", "3S", "4S", "6D", "7C", "8C", "9D"],
             "last_trick": [{"seat": 1, "cards": ["AS", "AS"]}, {"seat": 2, "cards": ["3S", "4C"]},
                            {"seat": 3, "cards": ["6S", "7S"]}, {"seat": 0, "cards": ["8S", "9S"]}],
             "penalties": [], "ratings": [120, 95, 150, 88], "room_coefficient": 10}


def settlement_answer(data: dict) -> dict:
    rules, trump = data["rules"], data["trump"]
    last = engine.run("hands/settle", trick_winner, rules, trump,
                      plays=[(p["seat"], present.multiset(p["cards"])) for p in data["last_trick"]])
    s = engine.run("hands/settle", settle, rules, dealer=data["dealer"], levels=data["levels"],
                   attackers_points=data["attackers_points"], kitty=present.multiset(data["kitty"]),
                   last_trick=last, dealer_team=data["dealer_team"],
                   penalties=[(p["seat"], p["points"]) for p in data["penalties"]],
                   ratings=data["ratings"], room_coefficient=data["room_coefficient"],
                   friend_calls=data["friend_calls"], games_won=data["games_won"])
    return settlement_body(s)


def settlement_body(s) -> dict:
    body = {"kitty_points": s.kitty_points, "multiplier": s.multiplier, "kitty_bonus": s.kitty_bonus,
            "attackers_points": s.attackers_points, "penalty_points": s.penalty_points,
            "attackers_total": s.attackers_total, "outcome": s.outcome, "level_changes": list(s.level_changes),
            "new_levels": [present.rank(v) for v in s.new_levels], "next_dealer": s.next_dealer,
            "game_over": s.game_over, "winner": None if s.winner is None else list(s.winner),
            "dealer_team": list(s.dealer_team), "explanation": s.explanation,
            "new_games_won": list(s.new_games_won)}
    if s.ledger is not None:
        body["ledger"] = {"rating_changes": list(s.ledger.rating_changes),
                          "coin_changes": None if s.ledger.coin_changes is None
                          else [float(c) for c in s.ledger.coin_changes]}
    return body


def played(order, play: Play) -> dict:
    out = {"seat": play.seat, "cards": present.cards(order, play.cards)}
    if play.attempted is not None:
        out["attempted"] = present.cards(order, play.attempted)
    return out


def trick_body(order, t) -> dict:
    return {"index": t.index, "leader": t.leader, "winner": t.winner, "points": t.points,
            "point_cards": present.cards(order, t.point_cards), "format": present.fmt(order, t.format),
            "plays": [played(order, p) for p in t.plays]}


def teams_body(teams) -> dict:
    return {"dealer": teams.dealer, "dealer_team": list(teams.dealer_team), "attackers": list(teams.attackers),
            "friends": list(teams.friends)}


def illegal_body(illegal) -> dict:
    """The first illegal step of a record (``step``, ``seat``, ``reasons``), or none."""
    return {"step": illegal.step if illegal else None, "seat": illegal.seat if illegal else None,
            "reasons": present.reasons(illegal.reasons) if illegal else []}


def adjudication_answer(data: dict, lang: str | None = None) -> dict:
    every = data.get("faults") == "all"
    result = engine.run("hands/adjudicate", adjudicate, hand_record(data), partial=data["partial"],
                        ratings=data["ratings"], room_coefficient=data["room_coefficient"], every_fault=every)
    order = order_for(data["rules"], result.trump) if result.trump is not None else None
    illegal, teams = result.illegal, result.teams
    answer = {
        "legal": result.legal,
        **illegal_body(illegal),
        "trump": present.trump(result.trump),
        "tricks": [trick_body(order, t) for t in result.tricks],
        "teams": None if teams is None else teams_body(teams),
        "attackers_points": result.attackers_points,
        "penalties": [{"seat": seat, "points": points} for seat, points in result.penalties],
        "settlement": None if result.settlement is None else settlement_body(result.settlement),
    }
    if every:
        answer["faults"] = faults.describe(data["rules"], result.level, result.faults, order, MAX_DESCRIBED,
                                           lang or i18n.current(), result.tricks)
        answer["as_recorded"] = bool(result.faults)
    return answer


MAX_DESCRIBED = 50          # faults past the 50th are listed without their alternatives (a bound on the work)

ADJUDICATE_IN = {
    "rules": {"preset": "qq", "decks": 1}, "dealer": 0, "levels": ["2", "2", "2", "2"], "partial": True,
    "deal": {"hands": [["2D", "KS", "10S", "8S", "6S", "AH", "KH", "QH", "9C", "5C", "AD", "7D"],
                       ["JS", "7S", "3S", "9H", "8H", "7H", "JC", "7C", "6C", "KD", "8D", "4D"],
                       ["SJ", "2S", "9S", "4S", "JH", "6H", "AC", "10C", "8C", "4C", "QD", "3D"],
                       ["2C", "QS", "10H", "5H", "4H", "3H", "KC", "QC", "JD", "10D", "9D", "6D"]],
             "kitty": ["5D", "5S", "BJ", "2H", "3C", "AS"]},
    "declarations": [], "kitty_discard": ["5D", "5S", "BJ", "2H", "3C", "AS"],
    "tricks": [[{"seat": 0, "cards": ["2D"]}, {"seat": 1, "cards": ["JS"]}, {"seat": 2, "cards": ["SJ"]},
                {"seat": 3, "cards": ["2C"]}],
               [{"seat": 2, "cards": ["2S"]}, {"seat": 3, "cards": ["QS"]}, {"seat": 0, "cards": ["KS"]},
                {"seat": 1, "cards": ["7S"]}]]}


def adjudication_page(data: dict) -> str:
    """The hand as a page, walked for every fault (a picture shows the whole hand)."""
    lang = i18n.current()
    every = {**data, "faults": "all"}
    return pictures.hand_page(data, i18n.localize(adjudication_answer(every, lang), lang), lang)


def state_page(data: dict) -> str:
    lang = i18n.current()
    return pictures.hand_page(data, i18n.localize(state_answer(data), lang), lang)


# issue 31: the same hand with two faults planted (a buried J♠ the dealer never held, an illegal follow)
FAULTS_IN = {**ADJUDICATE_IN, "faults": "all", "kitty_discard": ["5D", "5S", "BJ", "2H", "3C", "JS"],
             "tricks": [[*ADJUDICATE_IN["tricks"][0][:2], {"seat": 2, "cards": ["4C"]}, ADJUDICATE_IN["tricks"][0][3]],
                        ADJUDICATE_IN["tricks"][1]]}


@blp.post_json("/adjudicate", AdjudicateSchema, AdjudicationSchema, examples={
    "hand": ("A hand checked step by step (`partial`: the tricks so far)", ADJUDICATE_IN,
             adjudication_answer(AdjudicateSchema().load(ADJUDICATE_IN))),
    "faults": ("Every fault (`faults: all`): each where it happened, in the referee's words", FAULTS_IN,
               adjudication_answer(AdjudicateSchema().load(FAULTS_IN), i18n.EN))},
    pictures={"text/html": adjudication_page})
def adjudicate_hand(data: dict):
    """Check a whole recorded hand, step by step.

    In order: the deal, each declaration, the kitty discard, the friend calls, then every play of
    every trick (turn, legality, throws against the real hands) and the final card count. The
    answer names the first illegal `step` (a path into the request such as `tricks/4/1`), its
    `seat` and `reasons`; a legal hand gets each trick's winner and points, the teams and the
    settlement (as `/v1/hands/settle`). A failed throw is recorded with `cards` (its forced play)
    and `attempted` (the whole throw).
    """
    return i18n.localize(adjudication_answer(data))


def state_answer(data: dict) -> dict:
    record = hand_record(data)
    s = engine.run("hands/state", hand_state, record, declarations_closed=data["declarations_closed"],
                   ratings=data["ratings"], room_coefficient=data["room_coefficient"],
                   sample=data["sample"] or 0, seed=data["seed"] if data["seed"] is not None else 0)
    body = state_body(data, s)
    if data["view"] is None and data["views"] is None:
        return body
    return seats.views_answer(data, record, s, body)


def next_body(order, nxt, show) -> dict | None:
    """``next`` as ``hands/state`` answers it (the referee's and every view's)."""
    if nxt is None:
        return None
    return {
        "seat": nxt.seat, "action": nxt.action, "cards": nxt.cards, "calls": nxt.calls,
        "callable": None if nxt.callable is None else present.natural(nxt.callable),
        "lead": None if nxt.lead is None else show(nxt.lead),
        "must": None if nxt.must is None else show(nxt.must),
        "may": None if nxt.may is None else show(nxt.may),
        "count": nxt.count, "count_exact": nxt.count_exact,
        "plays": None if nxt.plays is None else [show(p.attempted or p.cards) for p in nxt.plays],
        "record_plays": None if nxt.plays is None else [played(order, p) for p in nxt.plays]}


def state_body(data: dict, s) -> dict:
    order = order_for(data["rules"], s.trump) if s.trump is not None else None

    def show(cards) -> list[str]:
        return present.cards(order, cards) if order is not None else present.natural(cards)

    nxt = s.next
    illegal = s.illegal
    return {
        "phase": s.phase,
        **illegal_body(illegal),
        "trump": present.trump(s.trump),
        "declarer": s.declarer,
        "dealer": s.dealer,
        "level": present.rank(s.level),
        "hands": [show(h) for h in s.hands],
        "next": next_body(order, nxt, show),
        "declarations": None if s.declarations is None else [
            {"seat": seat, "options": [{"cards": present.natural(o.cards), "kind": o.kind,
                                        "trump": present.trump(o.trump)} for o in options]}
            for seat, options in enumerate(s.declarations)],
        "current_trick": None if s.current_trick is None else {
            "leader": s.current_trick.leader, "plays": [played(order, p) for p in s.current_trick.plays],
            "winning_seat": s.current_trick.winning_seat, "points": s.current_trick.points},
        "tricks": [trick_body(order, t) for t in s.tricks],
        "points": {"by_seat": list(s.points.by_seat), "attackers": s.points.attackers,
                   "defenders": s.points.defenders},
        "penalties": [{"seat": seat, "points": points} for seat, points in s.penalties],
        "teams": {**teams_body(s.teams), "calls": [
            {"card": str(c.call.card), "ordinal": c.call.ordinal, "status": c.status, "seat": c.seat}
            for c in s.calls]},
        "settlement": None if s.settlement is None else settlement_body(s.settlement),
        "outcome": None if s.outlook is None else {
            "decided": s.outlook.decided, "rows": score_rows(s.outlook.rows), "points_left": s.outlook.points_left},
    }


STATE_IN = {**{k: v for k, v in ADJUDICATE_IN.items() if k != "partial"},
            "tricks": [ADJUDICATE_IN["tricks"][0], ADJUDICATE_IN["tricks"][1][:2]], "sample": 2, "seed": "example"}


@blp.post_json("/state", HandStateRequestSchema, HandStateSchema, example_in=STATE_IN,
               example_out=state_answer(HandStateRequestSchema().load(STATE_IN)), cached="hands/state",
               pictures={"text/html": state_page})
def hand_state_now(data: dict):
    """The hand as it stands: the record of a hand cut anywhere, and everything a game needs next.

    The record is the `hands/adjudicate` record, stopped anywhere: while declaring (`deal.hands`
    holding only the cards dealt so far, `deal.kitty` possibly empty; `declarations_closed` says
    declaring is over), before the kitty discard, before the friend calls, in the middle of a
    trick. The answer gives the `phase`, the trump, every seat's cards now, who must act `next`
    and how (for a play: `must`, `may` and the `count` of legal plays), every seat's declaration
    options while declaring, the trick in progress and who is winning it, the points so far, the
    teams with each friend call's status, and the settlement once the hand is over. With `sample`
    and `seed`, `next.plays` holds legal plays for that seat drawn uniformly (a game loop's random
    move, in the same request). It is the same
    walk as `/v1/hands/adjudicate`: an illegal step is `phase: illegal` with the same `step`,
    `seat` and `reasons`, and everything else as it stood before that step.
    """
    return state_answer(data)


@blp.post_json("/settle", SettleSchema, SettlementSchema, example_in=SETTLE_IN,
               example_out=settlement_answer(SettleSchema().load(SETTLE_IN)))
def settle_hand(data: dict):
    """Settle a hand: the kitty bonus, the attackers' total, levels, the next dealer.

    The engine finds the last trick's winner and format from `last_trick`; `attackers_points`
    already counts its point cards when the attackers won it. With `ratings` (and
    `room_coefficient`), the online-room rating (积分) and coin ledger is added.
    """
    return i18n.localize(settlement_answer(data))
