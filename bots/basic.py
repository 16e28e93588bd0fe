"""The ``basic`` strength: a policy with no search (rules section 15.5: a hint is advice).

Every choice is among the actions the engine lists as legal (:func:`rules.legal_plays`, the
declaration options of the seat's view, the callable cards), ranked by a few rules of thumb:

- **follow**: with the trick lost, the cheapest play (fewest points, lowest cards, no pair or
  tractor broken); with the trick winnable from an opponent, the cheapest play that wins it, ruffing
  only when the trick holds points or this seat plays last (where a later seat may still beat it,
  the higher play and no points of its own: to 3344 with 4455678888, 8888 and not 4455, seed 000); with a partner winning safely (this seat
  plays last, or the partner's cards are the highest left), the play that feeds most points.
- **lead**: a unit that cannot be beaten (a boss), tractors before pairs before singles, side suits
  before trumps (the dealer's side draws trumps with its bosses); else a low card of the shortest side
  suit, points kept back.  ``basic`` leads single units, never throws.
- **bury** (the kitty): no trumps, no points, no pairs, from the shortest side suits, lowest first.
- **call** (find-friends): the highest side-suit card the dealer holds fewest copies of, its next copy.
- **declare**: the option whose trump the seat holds most of, when those trumps are a third of the
  cards it holds and at least three, and no partner stands as declarer; else pass.
- **steal**: pass (a stealer buries what it finds in the kitty, which it has not seen when it must decide).

Each choice comes with the alternatives it was ranked against and a reason code (:data:`REASONS`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules import LeadOptions, legal_plays, trick_winner
from rules.cards import POINT_VALUES, Card, tally
from rules.declarations import DeclarationOption
from rules.formats import Unit
from rules.friends import FriendCall
from rules.order import TRUMP, Order, order_for
from rules.ruleset import Ruleset

from .table import Action, Table, is_trump, points

FOLLOW_LIMIT = 60          # legal follows ranked at most (the engine lists them in its own order)


@dataclass(frozen=True)
class Ranked:
    """An action with the policy's score (higher is better) and the reason code it was chosen by."""

    action: Action
    score: float
    reason: str


REASONS = ("lose-cheaply", "win-cheaply", "ruff", "feed-partner", "stay-under-partner", "lead-boss",
           "lead-trump-boss", "lead-short", "lead-low", "bury-short", "call-top", "declare", "pass",
           "no-steal", "only")


# -- playing ---------------------------------------------------------------------------------
def structure(order: Order, hand: Sequence[int]) -> dict[int, int]:
    """How much each card of ``hand`` is worth keeping as part of a group: a pair 1, a triple or
    more 2, a pair or more next to another pair in a tractor (section 5) 3 more."""
    counts = tally(hand)
    out: dict[int, int] = {}
    for c, k in counts.items():
        worth = 0 if k < 2 else (1 if k == 2 else 2)
        if k >= 2 and any(counts.get(d, 0) >= 2 for d in order.next_first[c] + order.next_mid[c]):
            worth += 3
        out[c] = worth
    for c, k in counts.items():
        if k >= 2:
            for d in order.next_first[c] + order.next_mid[c]:
                if counts.get(d, 0) >= 2:
                    out[d] = max(out.get(d, 0), 3)
    return out


def cost(table: Table, play: Sequence[int], keep: dict[int, int], held: dict[int, int], led_side: bool) -> float:
    """What ``play`` spends: its cards' strength, the groups it breaks, trumps spent on a side suit."""
    order = table.order
    counts = tally(play)
    eff, strength = order.eff, order.strength
    total = 0.0
    for c, k in counts.items():
        trump = eff[c] == TRUMP
        total += k * (strength[c] + (8 if trump else 0))
        worth = keep.get(c, 0)
        if worth:
            total += worth * (4 if k < held[c] else 2)
        if led_side and trump:
            total += 6 * k
    return total


def follow_scores(table: Table, plays: Sequence[tuple[Card, ...]]) -> list[tuple[float, str]]:
    """Each legal follow of ``plays`` scored, with its reason (see the module docstring)."""
    rules, trump, order, seat = table.rules, table.trump, table.order, table.seat
    trick = table.trick
    lead = trick[0][1]
    eff, strength = order.eff, order.strength
    led_side = eff[lead[0]] != TRUMP
    keep = structure(order, table.hand)
    held = tally(table.hand)
    now = trick_winner(rules, trump, trick)
    trick_points = 0
    for _, cards in trick:
        trick_points += points(cards)
    last = table.last
    partner_winning = now.winner in table.partners
    safe = partner_winning and (last or all(table.boss(c, max(tally(now.winning_cards).values()))
                                            for c in now.winning_cards))
    out: list[tuple[float, str]] = []
    for play in plays:
        spend = cost(table, play, keep, held, led_side)
        pts = points(play)
        wins = trick_winner(rules, trump, [*trick, (seat, play)]).winner == seat
        if partner_winning:
            if safe:
                out.append((100 + 10 * pts - spend, "feed-partner"))
            else:
                out.append((-30 * wins - 3 * pts - spend, "stay-under-partner"))
            continue
        ruff = wins and led_side and any(eff[c] == TRUMP for c in play)
        if wins and (not ruff or trick_points + pts > 0 or last):
            if last or all(table.boss(c) for c in play):
                score = 60 + 2 * pts - spend
            else:               # later seats may still beat it: points at risk, a higher play safer
                score = 50 - 2 * pts - spend + max(strength[c] for c in play)
            out.append((score, "ruff" if ruff else "win-cheaply"))
        else:
            out.append((-3 * pts - spend, "lose-cheaply"))
    return out


def rank_follows(table: Table, plays: Sequence[tuple[Card, ...]]) -> list[Ranked]:
    """The legal follows ``plays`` ranked, best first (see the module docstring)."""
    out = [Ranked(Action("play", play), score, reason)
           for play, (score, reason) in zip(plays, follow_scores(table, plays), strict=True)]
    out.sort(key=lambda r: -r.score)
    return out


def lead_scores(table: Table, options: LeadOptions) -> list[tuple[Unit, float, str]]:
    """Every unit the hand may lead, scored, with its reason (see the module docstring)."""
    eff = table.order.eff
    lengths: dict[int, int] = {}
    for c in table.hand:
        s = eff[c]
        lengths[s] = lengths.get(s, 0) + 1
    trumps = lengths.get(TRUMP, 0)
    draw = table.dealer_side and trumps * 3 >= len(table.hand)
    out: list[tuple[Unit, float, str]] = []
    for suit in options.suits:
        for unit in suit.units:
            score, reason = _lead_score(table, unit, lengths, draw)
            out.append((unit, score, reason))
    return out


def rank_leads(table: Table, options: LeadOptions) -> list[Ranked]:
    """Every unit the hand may lead, ranked, best first (see the module docstring)."""
    out = [Ranked(Action("play", unit_cards(unit)), score, reason)
           for unit, score, reason in lead_scores(table, options)]
    out.sort(key=lambda r: -r.score)
    return out


def unit_cards(unit: Unit) -> tuple[Card, ...]:
    """The cards of ``unit``, sorted."""
    return tuple(sorted(c for c in unit.cards for _ in range(unit.width)))


def _lead_score(table: Table, unit: Unit, lengths: dict[int, int], draw: bool) -> tuple[float, str]:
    order = table.order
    strength = order.strength
    top = unit.cards[-1]              # a run is low to high
    trump = order.eff[top] == TRUMP
    width = unit.width
    size = width * len(unit.cards)
    pts = width * points(unit.cards)
    boss = table.boss(top, width)
    if boss and not trump:
        return 200 + 20 * size + pts, "lead-boss"
    if boss and trump and draw:
        return 150 + 20 * size, "lead-trump-boss"
    low = sum(strength[c] for c in unit.cards) / len(unit.cards)
    if not trump:
        length = lengths[order.eff[top]]
        return 100 - 4 * length - low - 4 * pts + 5 * (width - 1), "lead-short" if length <= 3 else "lead-low"
    return 40 - low - 4 * pts, "lead-low"


def play(table: Table) -> list[Ranked]:
    """The seat's plays ranked, best first (never empty)."""
    if not table.trick:
        options = legal_plays(table.rules, table.trump, table.hand)
        assert isinstance(options, LeadOptions)
        return rank_leads(table, options)
    listed = legal_plays(table.rules, table.trump, table.hand, table.trick[0][1], limit=FOLLOW_LIMIT)
    assert not isinstance(listed, LeadOptions)
    return rank_follows(table, listed.plays)


def choose(table: Table) -> tuple[Card, ...]:
    """The cards of :func:`play`'s first choice (a playout's move: a forced follow is not scored)."""
    if table.trick:
        listed = legal_plays(table.rules, table.trump, table.hand, table.trick[0][1], limit=FOLLOW_LIMIT)
        assert not isinstance(listed, LeadOptions)
        plays = listed.plays
        if len(plays) == 1:
            return plays[0]
        return plays[first_best([score for score, _ in follow_scores(table, plays)])]
    options = legal_plays(table.rules, table.trump, table.hand)
    assert isinstance(options, LeadOptions)
    leads = lead_scores(table, options)
    return unit_cards(leads[first_best([score for _, score, _ in leads])][0])


def first_best(scores: Sequence[float]) -> int:
    """The index of the first highest score (the order a stable sort by score would put first)."""
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return best


# -- before play -----------------------------------------------------------------------------
def bury(rules: Ruleset, order: Order, hand: Sequence[Card], size: int) -> list[Ranked]:
    """The burial: ``size`` cards, no trumps, points or pairs if the hand allows, shortest side suits first."""
    keep = structure(order, hand)
    lengths: dict[int, int] = {}
    for c in hand:
        lengths[order.eff[c]] = lengths.get(order.eff[c], 0) + 1

    def badness(c: Card) -> tuple[bool, bool, int, int, int, int]:
        return (is_trump(order, c), POINT_VALUES[c] > 0, keep.get(c, 0), lengths[order.eff[c]],
                order.strength[c], order.seq[c])

    chosen = sorted(hand, key=badness)[:size]
    action = Action("discard", tuple(sorted(chosen)))
    return [Ranked(action, 0.0, "bury-short")]


def call(rules: Ruleset, order: Order, hand: Sequence[int], callable_cards: Sequence[int], calls: int) -> list[Ranked]:
    """``calls`` friend calls: the highest side-suit cards, each its next copy after the dealer's own."""
    held = tally(hand)

    def worth(c: int) -> tuple[int, int, int]:
        return (is_trump(order, c), held.get(c, 0), -order.strength[c])

    picks = sorted((c for c in set(callable_cards) if held.get(c, 0) < rules.decks),
                   key=lambda c: (*worth(c), order.seq[c]))[:calls]
    chosen = tuple(FriendCall(Card(c), held.get(c, 0) + 1) for c in picks)
    return [Ranked(Action("friends", calls=chosen), 0.0, "call-top")]


def declare(rules: Ruleset, hand: Sequence[int], options: Sequence[DeclarationOption],
            partner_declared: bool) -> list[Ranked]:
    """Declare or pass (see the module docstring): every option scored by the trumps it would give."""
    out = [Ranked(Action("pass"), 0.0, "pass")]
    for option in options:
        order = order_for(rules, option.trump)
        trumps = sum(1 for c in hand if is_trump(order, c))
        share = trumps / max(1, len(hand))
        score = (share - 1 / 3) * 10 + 0.1 * len(option.cards)
        if trumps < 3 or partner_declared:
            score = min(score, -0.5)
        out.append(Ranked(Action("declare", tuple(sorted(option.cards))), score, "declare"))
    out.sort(key=lambda r: -r.score)
    return out
