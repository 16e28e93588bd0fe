"""Faults in the referee's words: where (trick 7, the 2nd play), who, what was played and to what,
the rule broken (its code and section), the legal alternatives, and one sentence, in English or
Chinese.  Cards in sentences and messages are written as people write them (K♠, 10♥, SJ).

The sentence templates live in the catalog under ``msgctxt "referee"`` (:mod:`app.i18n`).
"""
from __future__ import annotations

import re
from dataclasses import replace

from rules.cards import CARDS
from rules.faults import alternatives, traces

from . import i18n

# code -> (section, docs/rules.md anchor); a lead's NOT_IN_HAND and EMPTY_PLAY read section 6, a follow's 7
SECTIONS = {
    "EMPTY_PLAY": ("6", "leading-and-throws"),
    "NOT_IN_HAND": ("7", "following"),
    "LEAD_NOT_ONE_SUIT": ("6", "leading-and-throws"),
    "THROWS_NOT_ALLOWED": ("6", "leading-and-throws"),
    "THROW_NOT_REDUCED": ("6", "leading-and-throws"),
    "THROW_STANDS": ("6", "leading-and-throws"),
    "WRONG_CARD_COUNT": ("7", "following"),
    "MUST_FOLLOW_SUIT": ("7", "following"),
    "MUST_PLAY_UNIT": ("7", "following"),
    "MUST_PLAY_GROUPS": ("14.2", "rainbows-rainbow_min"),
    "DECLARATION_NOT_IN_HAND": ("10", "declarations"),
    "DECLARATION_INVALID_CARDS": ("10", "declarations"),
    "DECLARATION_TOO_WEAK": ("10", "declarations"),
    "DECLARATION_OWN_OVERTURN": ("10", "declarations"),
    "DECLARATION_CLOSED": ("10", "declarations"),
    "DECLARATION_WRONG_FAMILY": ("10", "declarations"),
    "DECLARATION_JOKERS_NOT_ALLOWED": ("10", "declarations"),
    "DECLARATION_TOO_FEW_CARDS": ("10", "declarations"),
    "DECLARATION_LEVEL": ("14.9", "the-match-levels-past-a-and-games-won"),
    "NO_DECLARATION": ("10", "when-nobody-declares"),
    "WRONG_DEALER": ("10", "when-nobody-declares"),
    "DEAL_SIZE": ("3", "ruleset-parameters"),
    "DEAL_CARDS": ("3", "ruleset-parameters"),
    "KITTY_DISCARD": ("9", "points-the-kitty-and-the-last-trick"),
    "KITTY_THEFT": ("14.7", "house-rules-of-the-hand"),
    "WRONG_TURN": ("8", "who-wins-a-trick"),
    "WRONG_TRICK_COUNT": ("8", "who-wins-a-trick"),
    "FRIEND_CALL": ("12", "find-friends"),
}
CARD_NAME = re.compile(r"(?<![\w♠♥♣♦])(10|[2-9JQKA])([SHCD])(?![\w♠♥♣♦])")
SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SUIT_WORDS = {"trump": ("trump", "trumps"), "S": ("♠", "♠ cards"), "H": ("♥", "♥ cards"), "C": ("♣", "♣ cards"),
              "D": ("♦", "♦ cards")}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def pretty(cards) -> str:
    """Cards as people write them: ``K♠ K♠ 10♥``."""
    return " ".join(CARDS[c].pretty() if isinstance(c, int) else _pretty_name(c) for c in cards)


def _pretty_name(name: str) -> str:
    return CARD_NAME.sub(lambda m: m.group(1) + SYMBOLS[m.group(2)], name)


def prettify(message: str) -> str:
    """A message with every card written as people write them (``4S`` → ``4♠``)."""
    return CARD_NAME.sub(lambda m: m.group(1) + SYMBOLS[m.group(2)], message)


def rule_of(fault) -> dict:
    code = fault.illegal.reasons[0].code if fault.illegal.reasons else "WRONG_TURN"
    section, anchor = SECTIONS.get(code, ("", "reason-codes"))
    if code in ("NOT_IN_HAND", "EMPTY_PLAY") and fault.illegal.play == 0:
        section, anchor = "6", "leading-and-throws"
    return {"code": code, "section": section, "ref": f"docs/rules.md#{anchor}"}


def _place(fault, lang: str) -> tuple[str, dict]:
    """The template of where the fault happened, and its values (numbers people count, from 1)."""
    illegal = fault.illegal
    step = illegal.step
    index = step.rsplit("/", 1)[-1]
    n = int(index) + 1 if index.isdigit() else None
    if step.startswith("tricks/") and illegal.play is not None:
        play = illegal.play + 1
        if play == 1:
            return "Trick {trick}, the lead", {"trick": illegal.trick + 1}
        word = ORDINALS.get(play, f"{play}th") if lang == i18n.EN else str(play)
        return "Trick {trick}, the {nth} play", {"trick": illegal.trick + 1, "nth": word}
    if step.startswith("tricks/"):
        return "Trick {trick}", {"trick": illegal.trick + 1}
    if step == "tricks":
        return "After the last trick", {}
    if step.startswith("declarations/"):
        return "Declaration {n}", {"n": n}
    if step == "declarations":
        return "Declaring", {}
    if step == "kitty_discard":
        return "The burial", {}
    if step.startswith("exchanges/"):
        return "Steal {n} of the kitty", {"n": n}
    if step == "friends":
        return "The friend calls", {}
    if step.startswith("friends/"):
        return "Friend call {n}", {"n": n}
    if step == "dealer":
        return "The first hand's dealer", {}
    return "The deal", {}


def _action(fault) -> tuple[str | None, dict]:
    illegal = fault.illegal
    seat, cards = illegal.seat, pretty(fault.cards)
    step = illegal.step
    if step.startswith("tricks/") and illegal.play is not None:
        if fault.lead:
            return "seat {seat} played {cards} to {lead}", {"seat": seat, "cards": cards, "lead": pretty(fault.lead)}
        return "seat {seat} led {cards}", {"seat": seat, "cards": cards}
    if step.startswith("declarations/"):
        return "seat {seat} declared {cards}", {"seat": seat, "cards": cards}
    if step == "kitty_discard":
        return "seat {seat} buried {cards}", {"seat": seat, "cards": cards}
    if step.startswith("exchanges/"):
        if illegal.reasons and illegal.reasons[0].code == "KITTY_DISCARD":
            return "seat {seat} took the kitty and buried {cards}", {"seat": seat, "cards": cards}
        return "seat {seat} showed {cards} to steal the kitty", {"seat": seat, "cards": cards}
    if step.startswith("friends") and cards:
        return "the dealer (seat {seat}) called {cards}", {"seat": seat, "cards": cards}
    return None, {}


def _why(fault, lang: str) -> tuple[str, dict]:
    reason = fault.illegal.reasons[0]
    code, detail = reason.code, reason.detail if isinstance(reason.detail, dict) else {}
    n = len(fault.lead) if fault.lead else 0
    if code == "MUST_FOLLOW_SUIT" and fault.lead:
        held = int(detail.get("held", 0))
        one, many = SUIT_WORDS.get(str(detail.get("suit")), ("trump", "trumps"))
        name = many if held != 1 else one if one == "trump" else f"{one} card"
        if lang != i18n.EN:
            one = i18n.gettext("word", "trump") if one == "trump" else one
            name = one
        if n == 1:
            return "while holding {held} {suit}; a {one} had to be played", {"held": held, "suit": name, "one": one}
        return "while holding {held} {suit}; {owed} of them had to be played", {
            "held": held, "suit": name, "owed": min(held, n)}
    if code == "MUST_PLAY_UNIT" and detail.get("example"):
        return "while holding {example}; those had to be played to match the lead's pairs and tractors", {
            "example": pretty(detail["example"])}
    if code == "NOT_IN_HAND":
        return "it did not hold those cards", {}
    if code == "WRONG_CARD_COUNT" and fault.lead:
        return "the lead was {n} cards, so {n} had to be played", {"n": n}
    if code == "LEAD_NOT_ONE_SUIT":
        return "a lead must be all of one suit", {}
    if code == "THROWS_NOT_ALLOWED":
        return "this ruleset forbids throws", {}
    if code == "THROW_NOT_REDUCED" and "forced_play" in detail:
        return "seat {beaten_by} could beat the throw, so only {forced} stays on the table", {
            "beaten_by": detail.get("beaten_by"), "forced": pretty(detail["forced_play"])}
    if code == "THROW_STANDS":
        return "nobody could beat that lead, so it was no failed throw", {}
    if code == "KITTY_DISCARD" and detail.get("cards"):
        return "{missing} was in neither its hand nor the kitty", {"missing": pretty(detail["cards"])}
    if code == "KITTY_DISCARD" and "expected" in detail:
        return "the kitty holds {expected} cards, not {got}", {"expected": detail["expected"], "got": detail["got"]}
    if code == "WRONG_TRICK_COUNT" and fault.cards:
        return "seat {seat} still holds {cards}", {"seat": fault.illegal.seat, "cards": pretty(fault.cards)}
    if code == "WRONG_TURN" and "expected" in detail:
        return "it was seat {expected}'s turn", {"expected": detail["expected"]}
    message = prettify(i18n.reason_message(code, reason.message, lang)).rstrip(".。")
    return "{message}", {"message": message[:1].lower() + message[1:] if lang == i18n.EN else message}


def _say(template: str, values: dict, lang: str) -> str:
    text = template if lang == i18n.EN or template == "{message}" else i18n.gettext("referee", template)
    return text.format(**values)


def sentence(fault, lang: str = i18n.EN) -> str:
    """One sentence for the referee: where, who did what, and why it was wrong."""
    place = _say(*_place(fault, lang), lang)
    action, values = _action(fault)
    template, why_values = _why(fault, lang)
    why = _say(template, why_values, lang)
    if lang != i18n.EN:
        return (f"{place}：{why}" if action is None else f"{place}：{_say(action, values, lang)}，{why}") + "。"
    if action is None:
        return f"{place}: {why}."
    return f"{place}: {_say(action, values, lang)}{' ' if template.startswith('while') else '; '}{why}."


def trace(found, fault, lang: str) -> str:
    """The words that say what a fault is a trace of (:func:`rules.faults.traces`)."""
    if found is None:
        return ""
    space = " " if lang == i18n.EN else ""
    if found.fault is not None:
        return space + _say("(A trace of fault {n}.)", {"n": found.fault + 1}, lang)
    return space + _say("(Seat {seat} played it in trick {trick}.)",
                        {"seat": fault.illegal.seat, "trick": found.trick + 1}, lang)


def describe(rules, level: int, faults, order, limit: int, lang: str, tricks=()) -> list[dict]:
    """Every fault as the answer lists it (``limit``: how many get their alternatives computed;
    ``tricks``: the hand's tricks, where a card a seat lacks was played before)."""
    out = []
    origins = traces(faults, tricks)
    for number, fault in enumerate(faults, 1):
        if order is not None:           # cards high to low, in the sentence as in the lists
            fault = replace(fault, cards=tuple(order.sorted_cards(fault.cards)),
                            lead=None if fault.lead is None else tuple(order.sorted_cards(fault.lead)))
        illegal = fault.illegal
        alt = alternatives(rules, level, fault) if number <= limit else None
        show = (lambda cs: [str(c) for c in order.sorted_cards(cs)]) if order is not None else (
            lambda cs: [str(c) for c in sorted(cs)])
        out.append({
            "number": number,
            "step": illegal.step,
            "phase": str(fault.phase),
            "trick": None if illegal.trick is None or not illegal.step.startswith("tricks/") else illegal.trick + 1,
            "play": None if illegal.play is None else illegal.play + 1,
            "seat": illegal.seat,
            "cards": show(fault.cards),
            "lead": None if fault.lead is None else show(fault.lead),
            "rule": rule_of(fault),
            "reasons": [{"code": v.code, "message": prettify(v.message)} for v in illegal.reasons],
            "alternatives": None if alt is None else {
                "count": alt.count, "examples": [show(e) for e in alt.examples]},
            "follows_from": None if origins[number - 1] is None or origins[number - 1].fault is None
            else origins[number - 1].fault + 1,
            "played_in": None if origins[number - 1] is None or origins[number - 1].trick is None
            else origins[number - 1].trick + 1,
            "sentence": sentence(fault, lang) + trace(origins[number - 1], fault, lang),
        })
    return out
