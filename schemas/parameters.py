"""What every ruleset parameter means, for the OpenAPI document (the long form is docs/rules.md).

``PARAMETERS[name]`` is ``(description, {value: meaning})``; the value map is filled for enums.
A test checks that every parameter the engine has is described here, with every enum value.
"""
from __future__ import annotations

RULES_DOC = "docs/rules.md"

PARAMETERS: dict[str, tuple[str, dict[str, str]]] = {
    "decks": ("Number of 54-card decks shuffled together, 1..8 (the scoring table must cover the count).", {}),
    "players": ("Seats at the table, 4..12.", {}),
    "partnership": ("How the two sides are formed.", {
        "fixed": "alternate seats are partners (needs an even number of players)",
        "find-friends": "找朋友: the dealer names friend cards after the kitty exchange; see `friend_join`",
    }),
    "first_level": ("The level (级牌 rank) every seat starts on: `2` or `3`.", {}),
    "last_level": ("The last level; passing it as dealer wins the game (usually `A`).", {}),
    "permanent_twos": ("Whether every 2 is a permanent trump (常主), ranked just below the level cards.", {}),
    "kitty_size": ("Cards set aside at the deal (底牌): an integer, or `auto` for "
                   "`(54·decks) mod players` (0 becomes `players`, then add `players` while below 5).", {}),
    "tractor_adjacency": ("Which ranks count as consecutive when forming tractors (拖拉机).", {
        "trump-order": "consecutive in the card order itself: the level rank and permanent 2s are skipped, "
                       "and among trumps the steps run A, off-suit level cards, trump-suit level card, SJ, BJ",
        "natural": "consecutive in printed order within one printed suit (A may start or end a run); "
                   "SJ and BJ are adjacent",
    }),
    "tractor_ranking": ("How two tractors of the same shape compare when following.", {
        "trump-order": "by their top card in the card order",
        "face-value": "by the printed rank of their top card (A high, but lowest in a run that wraps to 2)",
    }),
    "tractor_obligation": ("Whether adjacency counts in the follow obligation; false: only the widths owed "
                           "count (a led tractor of two pairs owes two pairs, consecutive or not).", {}),
    "follow_ladder": ("How the structure owed by a follower degrades when it cannot match the lead.", {
        "width-first": "shapes compare by their units' (width, length), widest first, padded with singles",
        "shengji-3deck": "fixed ladders for a lead of one titanic of length 2 or one triple (3-deck 升级); "
                         "every other lead follows width-first",
    }),
    "wider_substitutes": ("Whether a wider unit with the same number of cards stands for a unit when "
                          "following, and beats it (`5555` for `6677`).", {}),
    "throws": ("Whether a lead of several units of one suit (甩牌, a throw) is allowed.", {}),
    "throw_failure": ("Which unit a failed throw is reduced to.", {
        "lowest-beatable-unit": "the beatable unit whose top card ranks lowest (ties: fewer cards, then narrower)",
    }),
    "throw_penalty": ("Points per failed throw, a multiple of 5 (0: none); they go to the other side.", {}),
    "trick_compare": ("How plays that match the lead's format compare.", {
        "largest-unit-first": "the units matching the format's largest unit decide, then the next; singles only "
                              "count when the format is all singles",
        "highest-card": "the highest card decides",
        "all-units": "every unit must beat its counterpart",
    }),
    "kitty_multiplier": ("The multiplier on the kitty's points when the attackers win the last trick "
                         "(扣底/抠底), from the largest unit (width w, length L) of the last lead.", {
        "cards": "the number of cards led",
        "double-cards": "twice the number of cards led",
        "two-w-pow-l": "2·w^L of the widest, then longest unit",
        "unit-size": "w·L of the largest unit",
        "pow2-pairs": "2^(pairs+1), counting the pairs in the largest unit",
        "double-largest-unit": "2·w·L of the largest unit",
        "pow2-largest-unit": "2^(w·L) of the largest unit",
    }),
    "last_trick_penalty": ("Whether the dealer side winning the last trick with a lead of 2+ cards subtracts "
                           "the multiplied kitty (or last-trick) points from the attackers.", {}),
    "no_kitty_last_trick_multiplied": ("With no kitty: whether the last trick's own points are multiplied "
                                       "instead.", {}),
    "declaration_style": ("How declarations (亮主) follow one another.", {
        "count": "each must be stronger than the last; the declarer may reinforce (加固) but not overturn (反)",
        "qq": "the first card sets the trump; the first pair after it (反无主, 自保 or 反主) settles it for good",
        "count-min2-overturn": "as count, but every overturn needs at least two cards",
        "count-suit-order": "as count, and as many cards (two or more) also overturn in a higher suit, "
                            "♦ < ♣ < ♥ < ♠ (jokers above every suit)",
    }),
    "declare_with_twos": ("Whether 2s may declare in place of level cards; the first declaration fixes "
                          "which family may follow.", {}),
    "joker_declarations": ("Which joker sets declare no-trump (无主).", {
        "none": "jokers never declare",
        "pairs": "exactly two identical jokers",
        "any-multiple": "two or more identical jokers",
        "all-decks": "one copy of the joker from every deck (a single joker with one deck)",
    }),
    "no_declaration": ("What happens when nobody declares.", {
        "redeal": "the hand is dealt again",
        "no-trump": "the hand is played without a trump suit",
        "kitty-reveal": "after the first hand, the kitty is turned: its first level card sets the suit, "
                        "else its highest card",
        "kitty-first-card": "the kitty's first card decides: a joker makes the hand no-trump, any other card "
                            "sets the trump suit (the first hand as under kitty-reveal)",
    }),
    "scoring": ("The table that turns the attackers' points into level changes.", {
        "standard": "step 20·decks: 0 → dealer +3, below a step +2, below two +1; two steps take the deal, "
                    "one more level per step",
        "shengji-001": "the printed 升级 tables for 1, 2 and 3 decks (80 points take the deal with 2 decks)",
        "tuolaji": "the 拖拉机 home table: 40·decks take the deal, one level per further 20·decks",
        "four-deck": "step 20·decks; two steps take the deal with one level, one more per step",
        "steps": "a formula of `score_step`, `turnover_steps`, `deadzone_steps` and `zero_window`",
    }),
    "uncapped": ("Whether every further full step below 0 points adds one more dealer level (不封顶).", {}),
    "must_defend": ("Levels that can only be passed by winning them as dealer (A by default).", {}),
    "next_dealer": ("Who deals next.", {
        "partner-or-next": "the dealer's next teammate if the dealer side keeps the deal, else the seat after "
                           "the dealer",
        "next-winner-seat": "the next seat after the dealer that belongs to the winning side (find-friends)",
    }),
    "friend_join": ("Under find-friends, who becomes the dealer's friend.", {
        "first-played": "whoever plays the called copy of the card (earlier copies count towards the ordinal)",
        "holder": "fixed when the card is named: the holder of the other copy (2 decks only)",
        "first-outsider": "as first-played, but a called copy played by the dealer's own side does not spend "
                          "the call: the next copy played by a seat outside it joins",
    }),
    "jack_rule": ("At level J, what an attacker's single J winning the last trick does (勾J).", {
        "none": "nothing special",
        "back-to-two": "every seat of the dealer's team goes back to `first_level` before the levels move",
    }),
    "score_step": ("`scoring: steps`: the points of one step, a multiple of 5 from 10 to the decks' points, "
                   "or `auto` for 20 per deck.", {}),
    "turnover_steps": ("`scoring: steps`: the steps the attackers need to take the deal, 1..100.", {}),
    "deadzone_steps": ("`scoring: steps`: the steps past the turnover that give the attackers no level, "
                       "0..100.", {}),
    "zero_window": ("`scoring: steps`: how points below the first step count for the dealer team.", {
        "split": "0 (and below) is a step of its own: 5 points already cost the dealer team a level",
        "whole": "the first step runs from 0 to the step, as every other step",
    }),
    "bonus_level": ("Under find-friends, a level for a small dealer team.", {
        "none": "no bonus",
        "smaller-dealer-team": "a dealer team that keeps the deal with fewer seats than 1 + the friend calls "
                               "goes up one more level",
    }),
    "kitty_theft": ("Whether, after the kitty exchange, any seat may overturn the standing declaration, "
                    "pick up the buried kitty and bury as many cards (炒底); records carry `exchanges`.", {}),
    "friend_cards": ("Under find-friends, which cards a friend call may name.", {
        "any": "any card",
        "no-trumps": "no joker, level card or card of the trump suit",
        "no-trumps-no-top": "no trumps and no A (no K when the level is A)",
        "no-trumps-no-points": "no trumps and no 5, 10 or K (a K may be called when the level is A)",
    }),

    "tractor_min_width": ("The smallest tractor's width, 2..8 (section 14.3): a run is a tractor only with at "
                          "least this many copies of each card; anything narrower is pairs (or triples), in "
                          "the lead's format, the follow obligation, trick comparison, throws and the kitty "
                          "multiplier alike. Default 2 (every preset); above `decks` (and above 2) is invalid.", {}),
    "tractor_min_length": ("The smallest tractor's length, 2..13 (section 14.3): a run is a tractor only with "
                           "at least this many consecutive cards (3: `3344` led alone is two pairs, a throw; "
                           "`334455` is a tractor). Default 2 (every preset).", {}),
    "bombs": ("Bombs (炸弹, section 14.1): four or more identical cards (one suit and rank, or one joker), played "
              "to a lead of as many cards, are always legal and beat every play that is not a bomb; a trump bomb "
              "beats a side-suit bomb, trump bombs compare in card order, side-suit bombs by printed rank. They "
              "need 4 decks or more; with fewer none can occur.", {
        "none": "no bombs (every preset)",
        "any-suit": "a bomb of any suit may be played to any lead of its card count",
        "follow-suit": "a bomb of the led suit or of trumps may always be played; one of another side suit only "
                       "when void in the led suit",
    }),
    "rainbow_min": ("Rainbows (section 14.2): null (default, every preset) or 4..32, at most 4·decks. A lead of one "
                    "printed rank from at least 4 effective suits and at least this many cards is a rainbow "
                    "(several ranks at once: a rainbow throw, where throws are allowed). A follower who can split "
                    "their hand into groups of one rank of its group sizes must play such a split, else any cards; "
                    "plays compete by the ranks their groups get, largest group first, highest rank first.", {}),
    "follow_protection": ("Which of the follower's groups the structure obligation may not break "
                          "(`none` in every preset).", {
        "none": "nothing is protected",
        "longer-tuples": "owed units take whole groups only: a triple gives no pair",
        "tractors": "a lead of one rank never draws cards out of a held tractor",
        "longer-tuples-and-tractors": "both protections",
        "suit-only": "no structure obligation: any cards of the led suit",
    }),
}


def describe(name: str, values: list[str] | None = None) -> str:
    """The OpenAPI description of a parameter: its sentence, each enum value, and where to read more."""
    text, meanings = PARAMETERS[name]
    lines = [text]
    if values:
        lines.append("")
        lines += [f"- `{v}`: {meanings[v]}" for v in values]
    lines += ["", f"See `{RULES_DOC}`, parameter `{name}`."]
    return "\n".join(lines)
