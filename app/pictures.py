"""Pictures of a hand: the answers of ``hands/adjudicate`` and ``hands/state`` as a self-contained
HTML page (``Accept: text/html``), and one trick of ``tricks/winner`` as SVG (``Accept: image/svg+xml``).

A page has no external assets (its style is inline, it runs no script) and works offline: the deal,
the kitty, the declarations, the burial and any steals, the friend calls, each trick with its cards
as cards (suits coloured, trumps marked), its winner and points and the running totals, every fault
highlighted where it happened with the referee's sentence, and the settlement.  Every card carries
a text alternative (``aria-label``: "10 of hearts, trump").  Words are English, or Chinese with
``Accept-Language: zh-CN``.  Rendering reads the JSON answer and the request; it decides nothing.
"""
from __future__ import annotations

from html import escape

from rules.cards import CARDS
from rules.cards import card as _parse
from rules.order import order_for

from . import i18n
from .faults import prettify

SUIT_NAMES = {"S": ("spades", "黑桃", "♠"), "H": ("hearts", "红桃", "♥"), "C": ("clubs", "梅花", "♣"),
              "D": ("diamonds", "方块", "♦")}
RANK_WORDS = {"J": ("jack", "J"), "Q": ("queen", "Q"), "K": ("king", "K"), "A": ("ace", "A")}
WORDS = {  # English -> Chinese, the page's own words
    "Hand record": "牌局记录", "Trump": "主牌", "no trump": "无主", "Dealer": "庄家", "Level": "级",
    "seat": "座位", "Seat": "座位", "The deal": "发牌", "Kitty": "底牌", "Declarations": "亮主",
    "none": "无", "Burial": "扣底", "Steals of the kitty": "炒底", "Friend calls": "找朋友",
    "Tricks": "出牌", "Trick": "墩", "lead": "首出", "wins": "赢", "points": "分", "Running total": "累计",
    "attackers": "闲家", "dealer's side": "庄家方", "Faults": "违规", "No fault: every step is legal.": "没有违规：每一步都合法。",
    "Settlement": "结算", "not settled": "未结算", "as recorded": "按记录计算", "Rule": "规则",
    "Legal alternatives": "合法的选择", "e.g.": "例如", "trump": "主", "attempted": "试图甩",
    "Trick in progress": "进行中的一墩", "Phase": "阶段", "of": "的", "section": "第",
    "Teams": "队伍", "Replay": "牌局回放", "fault": "违规", "Penalties": "罚分",
    "declaring": "亮主中", "exchanging": "扣底中", "stealing": "炒底中", "calling": "找朋友中", "playing": "出牌中",
    "over": "已结束", "redeal": "重新发牌", "illegal": "有违规",
}
DEALER_SIDE = "dealer's side"
STYLE = """
:root{color-scheme:light;--red:#c0392b;--black:#1b1b1b;--bad:#fde2e1;--badline:#c0392b;--trump:#fff4c2}
body{font:16px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC",sans-serif;margin:0;
 padding:12px;color:#1b1b1b;background:#f6f7f4;max-width:960px}
h1{font-size:1.35em;margin:.2em 0}h2{font-size:1.1em;margin:1.1em 0 .4em;border-bottom:1px solid #ccd}
.meta{display:flex;flex-wrap:wrap;gap:.3em 1.2em}.cards{display:inline-flex;flex-wrap:wrap;gap:3px;vertical-align:middle}
.card{display:inline-block;min-width:2.1em;padding:.1em .25em;border:1px solid #99a;border-radius:5px;background:#fff;
 text-align:center;font-weight:600;white-space:nowrap;box-shadow:0 1px 0 #0002}
.card.red{color:var(--red)}.card.black{color:var(--black)}.card.joker{color:#6c3483}
.card.trump{background:var(--trump);border-color:#b7950b}.card.trump::after{content:"★";font-size:.6em;vertical-align:super;color:#9a7d0a}
.row{display:flex;flex-wrap:wrap;align-items:center;gap:.3em .6em;margin:.25em 0}
.who{min-width:5.5em;font-weight:600}.trick{background:#fff;border:1px solid #dde;border-radius:8px;padding:.4em .6em;margin:.5em 0}
.trick h3{font-size:1em;margin:.1em 0 .3em;display:flex;flex-wrap:wrap;gap:.2em 1em}
.play.winner .who::after{content:" ✔";color:#1e8449}
.bad{background:var(--bad);outline:2px solid var(--badline);border-radius:6px;padding:.15em .3em}
.sentence{color:#7b241c;font-size:.95em;margin:.2em 0 .3em}.faults li{margin:.3em 0}
.total{color:#445;font-size:.9em}.ok{color:#1e8449}.note{color:#555;font-size:.9em}
@media (max-width:480px){body{padding:8px;font-size:15px}.who{min-width:4.5em}}
"""


def parse_card(value):
    """A card from a request (already a card) or an answer (its name)."""
    return CARDS[value] if isinstance(value, int) else _parse(value)


def word(text: str, lang: str) -> str:
    return text if lang == i18n.EN else WORDS.get(text, text)


def card_label(name: str, is_trump: bool, lang: str) -> str:
    """The text alternative of a card: "10 of hearts, trump" (红桃10，主)."""
    zh = lang != i18n.EN
    if name in ("SJ", "BJ"):
        label = ("小王" if name == "SJ" else "大王") if zh else ("small joker" if name == "SJ" else "big joker")
    else:
        rank, suit = name[:-1], name[-1]
        en, cn, _ = SUIT_NAMES[suit]
        label = f"{cn}{rank}" if zh else f"{RANK_WORDS.get(rank, (rank,))[0]} of {en}"
    if is_trump and name not in ("SJ", "BJ"):
        label += "，主" if zh else ", trump"
    return label


class Cards:
    """Cards as cards under one trump (or none yet)."""

    def __init__(self, rules, trump, lang: str):
        self.order = order_for(rules, trump) if trump is not None else None
        self.lang = lang

    def one(self, value) -> str:
        c = parse_card(value)
        name = str(c)
        trump = self.order is not None and self.order.is_trump(c)
        if c.is_joker:
            text, colour = ("小王" if name == "SJ" else "大王") if self.lang != i18n.EN else name, "joker"
        else:
            rank, suit = name[:-1], name[-1]
            text, colour = rank + SUIT_NAMES[suit][2], "red" if suit in "HD" else "black"
        classes = f"card {colour}" + (" trump" if trump else "")
        return (f'<span class="{classes}" role="img" aria-label="{escape(card_label(name, trump, self.lang))}">'
                f'{escape(text)}</span>')

    def many(self, names) -> str:
        names = list(names or ())
        if not names:
            return f'<span class="note">{word("none", self.lang)}</span>'
        if self.order is not None:
            names = [str(c) for c in self.order.sorted_cards(parse_card(n) for n in names)]
        return '<span class="cards">' + "".join(self.one(n) for n in names) + "</span>"


def _seat(seat, lang: str) -> str:
    return f"{word('Seat', lang)} {seat}" if lang == i18n.EN else f"{seat} 号座位"


def _faults_by_step(answer: dict) -> dict[str, list[dict]]:
    faults = answer.get("faults")
    if faults is None and answer.get("step"):
        faults = [{"number": 1, "step": answer["step"], "seat": answer.get("seat"),
                   "sentence": prettify(" ".join(r["message"] for r in answer.get("reasons", []))),
                   "rule": {"code": answer["reasons"][0]["code"] if answer.get("reasons") else "", "section": "",
                            "ref": ""}}]
    out: dict[str, list[dict]] = {}
    for f in faults or ():
        out.setdefault(f["step"], []).append(f)
    return out


def _fault_notes(faults: list[dict], lang: str) -> str:
    out = []
    for f in faults:
        rule = f.get("rule") or {}
        ref = f' · {word("Rule", lang)} {escape(rule.get("code", ""))}'
        if rule.get("section"):
            ref += f" (§{escape(rule['section'])})"
        alt = f.get("alternatives") or {}
        if alt.get("count") is not None:
            ref += f' · {word("Legal alternatives", lang)}: {alt["count"]}'
        out.append(f'<p class="sentence" id="fault-{f["number"]}">⚠ {escape(f["sentence"])}'
                   f'<span class="note">{ref}</span></p>')
    return "".join(out)


def hand_page(data: dict, answer: dict, lang: str, title: str | None = None) -> str:
    """The page of a recorded hand and its adjudication (or state) answer."""
    rules = data["rules"]
    trump_d = answer.get("trump")
    trump = None
    if trump_d is not None:
        from rules.order import Trump
        trump = Trump(trump_d["level"], trump_d["suit"])
    cards = Cards(rules, trump, lang)
    faults = _faults_by_step(answer)
    w = lambda text: word(text, lang)  # noqa: E731
    parts: list[str] = []
    head = title or w("Hand record")
    trump_text = "—"
    if trump_d is not None:
        suit = trump_d.get("suit")
        trump_text = f'{trump_d["level"]} ' + (SUIT_NAMES[suit][2] if suit else w("no trump"))
    parts.append(f"<h1>{escape(head)}</h1>")
    parts.append('<div class="meta">'
                 f'<span>{w("Dealer")}: {_seat(data["dealer"], lang)}</span>'
                 f'<span>{w("Level")}: {escape(str(data["levels"][data["dealer"]]))}</span>'
                 f'<span>{w("Trump")}: {escape(trump_text)}</span>'
                 f'<span>{escape(rules.name)}</span>'
                 + (f'<span>{w("Phase")}: {escape(w(answer["phase"]))}</span>' if "phase" in answer else "")
                 + "</div>")

    # faults, first: the list a referee reads
    parts.append(f'<h2 id="faults">{w("Faults")}</h2>')
    all_faults = [f for fs in faults.values() for f in fs]
    if not all_faults:
        parts.append(f'<p class="ok">{w("No fault: every step is legal.")}</p>')
    else:
        all_faults.sort(key=lambda f: f["number"])
        parts.append('<ol class="faults">' + "".join(
            f'<li><a href="#at-{escape(f["step"]).replace("/", "-")}">{escape(f["sentence"])}</a></li>'
            for f in all_faults) + "</ol>")

    # the deal and what came before the tricks
    deal = data["deal"]
    parts.append(f'<h2>{w("The deal")}</h2>')
    for key in ("deal", "deal/kitty"):
        parts.append(_fault_block(faults.get(key), "", lang, key))
    for s, hand in enumerate(deal["hands"]):
        parts.append(_row(_seat(s, lang), cards.many(hand), faults.get(f"deal/hands/{s}"), lang, f"deal/hands/{s}"))
    parts.append(_row(w("Kitty"), cards.many(deal["kitty"]), None, lang, "kitty"))
    parts.append(f'<h2>{w("Declarations")}</h2>')
    if not data["declarations"]:
        parts.append(f'<p class="note">{w("none")}</p>')
    for i, d in enumerate(data["declarations"]):
        parts.append(_row(_seat(d["seat"], lang), cards.many(d["cards"]), faults.get(f"declarations/{i}"), lang,
                          f"declarations/{i}"))
    for key in ("declarations", "dealer"):
        parts.append(_fault_block(faults.get(key), "", lang, key))
    parts.append(f'<h2>{w("Burial")}</h2>')
    parts.append(_row(_seat(data["dealer"], lang), cards.many(data["kitty_discard"]), faults.get("kitty_discard"),
                      lang, "kitty_discard"))
    if data.get("exchanges"):
        parts.append(f'<h2>{w("Steals of the kitty")}</h2>')
        for i, x in enumerate(data["exchanges"]):
            parts.append(_row(_seat(x["seat"], lang), cards.many(x["declaration"]) + " → " + cards.many(x["discard"]),
                              faults.get(f"exchanges/{i}"), lang, f"exchanges/{i}"))
    if data.get("friends"):
        parts.append(f'<h2>{w("Friend calls")}</h2>')
        calls = "".join(f'<span>{cards.one(f["card"])} ×{f["ordinal"]}</span> ' for f in data["friends"])
        key = next((k for k in faults if k.startswith("friends")), "friends")
        parts.append(_row(_seat(data["dealer"], lang), calls, faults.get(key), lang, key))

    # the tricks
    parts.append(f'<h2>{w("Tricks")}</h2>')
    teams = answer.get("teams") or {}
    dealer_team = set(teams.get("dealer_team") or ())
    attackers = defenders = 0
    for t in answer.get("tricks", []):
        number = t["index"] + 1
        if dealer_team:
            if t["winner"] in dealer_team:
                defenders += t["points"]
            else:
                attackers += t["points"]
        total = (f'<span class="total">{w("Running total")}: {w("attackers")} {attackers} · '
                 f'{escape(w(DEALER_SIDE))} {defenders}</span>' if dealer_team else "")
        trick_label = f'{w("Trick")} {number}' if lang == i18n.EN else f"第 {number} 墩"
        parts.append(f'<section class="trick" id="trick-{number}" aria-label="{escape(trick_label)}">'
                     f'<h3><span>{escape(trick_label)}</span><span>{_seat(t["winner"], lang)} {w("wins")}</span>'
                     f'<span>{t["points"]} {w("points")}</span>{total}</h3>')
        parts.append(_fault_block(faults.get(f"tricks/{t['index']}"), "", lang, f"tricks/{t['index']}"))
        for j, p in enumerate(t["plays"]):
            key = f"tricks/{t['index']}/{j}"
            extra = ""
            if p.get("attempted"):
                extra = f' <span class="note">({w("attempted")} {cards.many(p["attempted"])})</span>'
            body = cards.many(p["cards"]) + extra
            cls = "play winner" if p["seat"] == t["winner"] else "play"
            parts.append(_row(_seat(p["seat"], lang) + (f' · {w("lead")}' if j == 0 else ""), body, faults.get(key),
                              lang, key, cls))
        parts.append("</section>")
    current = answer.get("current_trick")
    if current:
        parts.append(f'<section class="trick"><h3>{w("Trick in progress")}</h3>')
        for p in current["plays"]:
            parts.append(_row(_seat(p["seat"], lang), cards.many(p["cards"]), None, lang, ""))
        parts.append("</section>")
    for key in sorted(faults):
        if key == "tricks" or (key.startswith("tricks/") and key.count("/") == 2
                               and int(key.split("/")[1]) >= len(answer.get("tricks", []))):
            parts.append(_fault_block(faults[key], "", lang, key))

    # the settlement
    parts.append(f'<h2>{w("Settlement")}</h2>')
    settlement = answer.get("settlement")
    if settlement is None:
        parts.append(f'<p class="note">{w("not settled")}</p>')
    else:
        marked = f' <strong>({w("as recorded")})</strong>' if answer.get("as_recorded") else ""
        parts.append(f'<p>{escape(settlement["explanation"])}{marked}</p>')
        parts.append(f'<p class="note">{w("Teams")}: {escape(w(DEALER_SIDE))} '
                     f'{", ".join(str(s) for s in settlement["dealer_team"])} · '
                     f'{w("attackers")} {settlement["attackers_total"]} {w("points")}</p>')
    if answer.get("penalties"):
        parts.append(f'<p class="note">{w("Penalties")}: ' + ", ".join(
            f'{_seat(p["seat"], lang)} −{p["points"]}' for p in answer["penalties"]) + "</p>")
    return page(head, "".join(parts), lang)


def _anchor(key: str) -> str:
    return "at-" + key.replace("/", "-")


def _row(who: str, body: str, faults: list[dict] | None, lang: str, key: str, cls: str = "") -> str:
    bad = " bad" if faults else ""
    anchor = f' id="{_anchor(key)}"' if key else ""
    return (f'<div class="row {cls}{bad}"{anchor}><span class="who">{who}</span>{body}</div>'
            + (_fault_notes(faults, lang) if faults else ""))


def _fault_block(faults: list[dict] | None, body: str, lang: str, key: str) -> str:
    if not faults:
        return ""
    return f'<div class="bad" id="{_anchor(key)}">{body}{_fault_notes(faults, lang)}</div>'


def page(title: str, body: str, lang: str, script: str = "") -> str:
    html_lang = "en" if lang == i18n.EN else "zh-Hans"
    return ('<!DOCTYPE html>\n'
            f'<html lang="{html_lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>{body}{script}</body></html>\n")


def trick_svg(data: dict, answer: dict, lang: str) -> str:
    """One trick as SVG: each play's cards as cards in play order, the winner marked."""
    rules, trump = data["rules"], data["trump"]
    order = order_for(rules, trump)
    plays = data["plays"]
    title = ("Trick: seat {w} wins, {p} points" if lang == i18n.EN else "这一墩：{w} 号座位赢，{p} 分").format(
        w=answer["winner"], p=answer["points"])
    width = max(80 + 34 * max(len(p["cards"]) for p in plays) + 20, 20 + 9 * len(title) * (1 if lang == i18n.EN else 2))
    row = 58
    height = 34 + row * len(plays)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'role="img" aria-labelledby="t"><title id="t">{escape(title)}</title>'
           f'<rect width="100%" height="100%" fill="#f6f7f4"/>'
           f'<text x="10" y="22" font-family="sans-serif" font-size="15" font-weight="bold">{escape(title)}</text>']
    for i, p in enumerate(plays):
        y = 34 + i * row
        won = p["seat"] == answer["winner"]
        seat = f"Seat {p['seat']}" if lang == i18n.EN else f"{p['seat']} 号"
        out.append(f'<text x="10" y="{y + 30}" font-family="sans-serif" font-size="14"'
                   f'{" font-weight=" + chr(34) + "bold" + chr(34) if won else ""}>{escape(seat)}{" ✔" if won else ""}</text>')
        for k, c in enumerate(order.sorted_cards(parse_card(n) for n in p["cards"])):
            name = str(c)
            trump_card = order.is_trump(c)
            x = 80 + 34 * k
            colour = "#6c3483" if c.is_joker else "#c0392b" if name[-1] in "HD" else "#1b1b1b"
            text = name if c.is_joker else name[:-1] + SUIT_NAMES[name[-1]][2]
            out.append(f'<g><title>{escape(card_label(name, trump_card, lang))}</title>'
                       f'<rect x="{x}" y="{y + 4}" width="30" height="44" rx="4" '
                       f'fill="{"#fff4c2" if trump_card else "#fff"}" stroke="{"#b7950b" if trump_card else "#99a"}"/>'
                       f'<text x="{x + 15}" y="{y + 31}" text-anchor="middle" font-family="sans-serif" font-size="12" '
                       f'font-weight="bold" fill="{colour}">{escape(text)}</text></g>')
    out.append("</svg>\n")
    return "".join(out)
