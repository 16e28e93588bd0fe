"""Each seat's table: the views of ``hands/state`` (``view``, ``views: all``) as answers."""
from __future__ import annotations

from rules.order import order_for
from rules.views import PUBLIC, view, views
from schemas import present
from schemas.rulesets import score_rows

from .. import engine
from ..encoding import Shared
from . import hands as H


def viewer_of(value) -> int:
    return PUBLIC if value == "public" else value


def views_answer(data: dict, record, state, referee: dict) -> dict:
    """``referee`` (the answer without view) as ``data`` asks for it: one seat's view, or every view
    (:func:`rules.views.views`: what they have in common computed once, rendered once and, the answer
    being :class:`app.encoding.Shared`, encoded once)."""
    closed = data["declarations_closed"]
    if state.phase == "illegal":
        if data["views"] is None:
            return referee
        return Shared({**referee, "views": [referee] * record.rules.players, "public": referee, "referee": referee})
    if data["views"] is None:
        return view_body(record.rules, engine.run("hands/state", view, record, state, viewer_of(data["view"]),
                                    declarations_closed=closed))
    *seats, public = engine.run("hands/state", views, record, state, declarations_closed=closed)
    shared: dict = {}
    return Shared({**referee, "views": [view_body(record.rules, v, shared) for v in seats],
                   "public": view_body(record.rules, public, shared), "referee": referee})


def view_body(rules, v, shared: dict | None = None) -> dict:
    """A :class:`rules.views.View` in the ``hands/state`` answer's shape, cards sorted by the trump the
    viewer knows (in natural order while it knows none).  ``shared``: a dict kept across the views of
    one state, in which each part that several views show alike (the tricks, the trick in progress, the
    settlement, ``next`` to the seats not to act, the counts, the declarations made, the penalties, and
    the points and teams where the views know the same) is rendered once and is then the same object in
    each of them (the encoder writes it once: :class:`app.encoding.Shared`)."""
    order = order_for(rules, v.trump) if v.trump is not None else None
    shared = {} if shared is None else shared
    by = id(order)

    def once(key, make):
        found = shared.get(key, shared)
        if found is shared:
            found = shared[key] = make()
        return found

    def show(cards) -> list[str]:
        return present.cards(order, cards) if order is not None else present.natural(cards)

    return {
        "phase": v.phase,
        "step": None, "seat": None, "reasons": [],
        "trump": present.trump(v.trump),
        "declarer": v.declarer,
        "dealer": v.dealer,
        "level": present.rank(v.level),
        "hands": [None if h is None else show(h) for h in v.hands],
        "next": once(("next", by, id(v.next)), lambda: H.next_body(order, v.next, show)),
        "declarations": None if v.declarations is None else [
            {"seat": seat, "options": None if options is None else [
                {"cards": present.natural(o.cards), "kind": o.kind, "trump": present.trump(o.trump)} for o in options]}
            for seat, options in enumerate(v.declarations)],
        "current_trick": once(("current_trick", by, id(v.current_trick)), lambda: None if v.current_trick is None else {
            "leader": v.current_trick.leader, "plays": [H.played(order, p) for p in v.current_trick.plays],
            "winning_seat": v.current_trick.winning_seat, "points": v.current_trick.points}),
        "tricks": once(("tricks", by, id(v.tricks), id(v.tricks_shown), id(v.beaten_by)), lambda: [
            trick_body(order, t, shown, beaten) for t, shown, beaten in zip(v.tricks, v.tricks_shown, v.beaten_by,
                                                                            strict=True)]),
        "points": once(("points", v.points), lambda: {
            "by_seat": list(v.points.by_seat), "attackers": v.points.attackers, "defenders": v.points.defenders}),
        "penalties": once(("penalties", v.penalties),
                          lambda: [{"seat": seat, "points": points} for seat, points in v.penalties]),
        "teams": once(("teams", v.teams, v.calls), lambda: {**H.teams_body(v.teams), "calls": [
            {"card": str(c.call.card), "ordinal": c.call.ordinal, "status": c.status, "seat": c.seat}
            for c in v.calls]}),
        "settlement": once(("settlement", id(v.settlement)),
                           lambda: None if v.settlement is None else H.settlement_body(v.settlement)),
        "outcome": None if v.outlook is None else {
            "decided": v.outlook.decided, "rows": score_rows(v.outlook.rows), "points_left": v.outlook.points_left},
        "viewer": "public" if v.viewer == PUBLIC else v.viewer,
        "hand_counts": once(("hand_counts", v.hand_counts), lambda: list(v.hand_counts)),
        "declared": once(("declared", v.declared), lambda: [
            {"seat": d.seat, "count": d.count, "cards": None if d.cards is None else present.natural(d.cards)}
            for d in v.declared]),
        "kitty": None if v.kitty is None else show(v.kitty),
        "kitty_discard": None if v.kitty_discard is None else show(v.kitty_discard),
    }


def trick_body(order, t, shown: bool, beaten: int | None) -> dict:
    if shown:
        return {**H.trick_body(order, t), "cards_shown": True, "beaten_by": beaten}
    return {"index": t.index, "leader": t.leader, "winner": t.winner, "points": t.points, "point_cards": [],
            "format": None, "plays": [], "cards_shown": False, "beaten_by": beaten}
