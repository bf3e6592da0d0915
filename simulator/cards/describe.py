"""Syntax trees back to text: the canonical ability line and plain English.

`canonical(ability)` is the one spelling the language prefers; parsing it gives the same tree
(a test checks this for every bundled card). `english(ability)` is rules text a player can read.
"""

from __future__ import annotations

from avarium.simulator.cards import registry as R
from avarium.simulator.cards.ast import (
    Ability,
    Cards,
    Comparison,
    Condition,
    Effect,
    Filter,
    Value,
    WinCon,
)
from avarium.simulator.constants import (
    AbilityKind,
    Club,
    Colour,
    Field,
    Gender,
    Kind,
    Op,
    PlayerSel,
    Quantifier,
    Restriction,
    Side,
    ValueKind,
)


def _text(words: tuple[R.Word, ...], code: int) -> str:
    for w in words:
        if w.code == code:
            return w.text
    raise KeyError(code)


def _filter(f: Filter) -> str:
    name = _text(R.FILTERS, f.field)
    if f.field == Field.CLUB:
        return f"club={R.club_word(Club(f.value))}"
    if f.field == Field.COLOUR:
        return f"colour={Colour(f.value).name.lower()}"
    if f.field == Field.GENDER:
        return f"gender={Gender(f.value).name.lower()}"
    if f.field in (Field.COST, Field.COMBAT, Field.DEFENSE):
        return f"{name} {_text(R.COMPARISONS, f.cmp)} {f.value}"
    return name


def cards_text(c: Cards) -> str:
    if c.quantifier == Quantifier.THIS:
        return "this"
    words = [] if c.quantifier == Quantifier.ALL else [_text(R.QUANTIFIERS, c.quantifier)]
    if any(f.field == Field.OTHER for f in c.filters):
        words.append("other")
    if c.side != Side.ANY:
        words.append(_text(R.SIDES, c.side))
    kind = _text(R.KINDS, c.kind)
    words.append(kind + "s" if c.quantifier == Quantifier.ALL else kind)  # count(ally students)
    words += [_filter(f) for f in c.filters if f.field != Field.OTHER]
    return " ".join(words)


def value_text(v: Value) -> str:
    if v.kind == ValueKind.CONST:
        return str(v.constant)
    if v.kind == ValueKind.COUNT:
        return f"count({cards_text(v.cards)})"
    return f"{_text(R.PLAYER_REFS, v.player)} {_text(R.STATS, v.stat)}"


def condition_text(cond: Condition) -> str:
    return " and ".join(_comparison(c) for c in cond.clauses)


def _comparison(c: Comparison) -> str:
    return f"{value_text(c.left)} {_text(R.COMPARISONS, c.cmp)} {value_text(c.right)}"


def _verb(op: Op, player: PlayerSel) -> str:
    word = _text(R.VERBS, op)
    if player == PlayerSel.YOU:
        return word
    third = {"gain": "gains", "lose": "loses", "draw": "draws", "trash": "trashes"}
    return f"{_text(R.PLAYERS, player)} {third.get(word, word)}"


def _duration(e: Effect) -> str:
    return "" if e.duration < 0 else " " + _text(R.DURATIONS, e.duration)


def effect_text(e: Effect) -> str:
    op = e.op
    if op in (Op.GAIN, Op.LOSE):
        return f"{_verb(op, e.player)} {value_text(e.amount)} {_text(R.RESOURCES, e.resource)}"
    if op == Op.DRAW:
        return f"{_verb(op, e.player)} {value_text(e.amount)}"
    if op == Op.TRASH:
        n = value_text(e.amount)
        return f"{_verb(op, e.player)} {n} {'scheme' if n == '1' else 'schemes'}"
    if op == Op.STEAL:
        return (
            f"steal {value_text(e.amount)} {_text(R.RESOURCES, e.resource)} "
            f"from {_text(R.PLAYERS, e.player)}"
        )
    if op in (Op.DAMAGE, Op.PREVENT):
        word = _text(R.VERBS, op)
        return f"{word} {value_text(e.amount)} damage to {cards_text(e.cards)}{_duration(e)}"
    if op == Op.MODIFY:
        mods = []
        if e.combat or 0 in e.stats:
            mods.append(f"{e.combat:+d} combat")
        if e.defense or 1 in e.stats or not mods:
            mods.append(f"{e.defense:+d} defense")
        return f"{cards_text(e.cards)} gets {', '.join(mods)}{_duration(e)}"
    if op == Op.RECRUIT:
        tail = " for free" if e.free else (f" for {e.discount} less" if e.discount else "")
        return f"recruit {cards_text(e.cards)}{tail}"
    if op == Op.RETURN:
        return f"return {cards_text(e.cards)} {_text(R.DESTINATIONS, e.destination)}"
    if op == Op.DISCOUNT:
        return f"reduce {_text(R.DISCOUNTED, e.discounted)} by {e.discount}{_duration(e)}"
    return f"{_text(R.VERBS, op)} {cards_text(e.cards)}"


def _restrictions(bits: int) -> list[str]:
    return [w.text for w in R.RESTRICTIONS if bits & w.code]


def header_text(a: Ability) -> str:
    if a.kind == AbilityKind.STATIC:
        return R.STATIC_HEADER.text
    if a.kind == AbilityKind.TRIGGERED:
        head = _text(R.TRIGGERS, a.trigger)
    elif a.kind == AbilityKind.SCHEME:
        head = ", ".join(["play", *_restrictions(a.restrictions)])
    else:
        items = ["EXHAUST"] if a.exhaust else []
        items += [f"{a.rep} rep"] if a.rep else []
        items += [f"{a.merit} merit"] if a.merit else []
        items += [f"trash {a.trash} scheme{'s' if a.trash != 1 else ''}"] if a.trash else []
        return ", ".join(items + _restrictions(a.restrictions))
    if a.condition is not None:
        head += f" if {condition_text(a.condition)}"
    return head


def canonical(a: Ability) -> str:
    """The preferred spelling of an ability; parsing it gives back the same tree."""
    return f"{header_text(a)}: {'; '.join(effect_text(e) for e in a.effects)}"


def canonical_wincon(w: WinCon) -> str:
    return f"{_text(R.WIN_TIMINGS, w.timing)}: {condition_text(w.condition)}"


# -- plain English ------------------------------------------------------------------------------

_PLAYER_EN = {
    PlayerSel.YOU: "you",
    PlayerSel.TARGET_ENEMY: "target enemy",
    PlayerSel.EACH_ENEMY: "each enemy",
    PlayerSel.EACH_PLAYER: "each player",
    PlayerSel.RANDOM_ENEMY: "a random enemy",
}


def _cards_en(c: Cards) -> str:
    if c.quantifier == Quantifier.THIS:
        return "this card"
    side = {
        Side.ALLY: "your ",
        Side.ENEMY: "enemy ",
        Side.ANY: "",
        Side.COURTYARD: "Courtyard ",
        Side.EXPELLED: "expelled ",
        Side.STACK: "",
    }[c.side]
    kind = {
        Kind.STUDENT: "Student",
        Kind.IDOL: "Idol",
        Kind.CHARACTER: "Idol or Student",
        Kind.SCHEME: "Scheme",
    }[c.kind]
    many = c.quantifier in (Quantifier.EACH, Quantifier.ALL)
    if many:
        kind = "Idols and Students" if c.kind == Kind.CHARACTER else kind + "s"
    quant = {
        Quantifier.TARGET: "target ",
        Quantifier.EACH: "all ",
        Quantifier.RANDOM: "a random ",
        Quantifier.ALL: "",
    }[c.quantifier]
    adjectives = {
        Field.OTHER: "other",
        Field.READY: "ready",
        Field.EXHAUSTED: "exhausted",
        Field.ATTACKED: "attacked",
    }
    adj = " ".join(adjectives[f.field] for f in c.filters if f.field in adjectives)
    rest = [
        _filter(f) for f in c.filters if f.field not in adjectives and f.field != Field.IN_FIGHT
    ]
    text = f"{quant}{side}{adj + ' ' if adj else ''}{kind}"
    if rest:
        text += " with " + " and ".join(rest)
    if any(f.field == Field.IN_FIGHT for f in c.filters):
        text += " in the fight"
    return text


def _value_en(v: Value) -> str:
    if v.kind == ValueKind.CONST:
        return str(v.constant)
    if v.kind == ValueKind.COUNT:
        return f"the number of {_cards_en(v.cards)}"
    who = {0: "your", 1: "the highest enemy", 2: "the lowest enemy"}[int(v.player)]
    return f"{who} {_text(R.STATS, v.stat)}"


def _effect_en(e: Effect) -> str:
    text = effect_text(e)
    if e.op in (Op.GAIN, Op.LOSE, Op.DRAW, Op.TRASH):
        subject = _PLAYER_EN[e.player]
        verb = _text(R.VERBS, e.op)
        what = {Op.DRAW: "Scheme(s)", Op.TRASH: "Scheme(s) from hand"}.get(e.op, "")
        if e.op in (Op.GAIN, Op.LOSE):
            what = "Merit" if e.resource == 0 else "Reputation"
        if e.player == PlayerSel.YOU:  # the default target needs no word (FAQ)
            return f"{verb} {_value_en(e.amount)} {what}"
        s = "es" if verb == "trash" else "s"
        return f"{subject} {verb}{s} {_value_en(e.amount)} {what}"
    if e.op == Op.STEAL:
        what = "Merit" if e.resource == 0 else "Reputation"
        return f"steal {_value_en(e.amount)} {what} from {_PLAYER_EN[e.player]}"
    if e.op in (Op.DAMAGE, Op.PREVENT):
        return f"{_text(R.VERBS, e.op)} {_value_en(e.amount)} damage to {_cards_en(e.cards)}" + (
            _duration(e)
        )
    if e.op == Op.MODIFY:
        mods = []
        if e.combat or 0 in e.stats:
            mods.append(f"{e.combat:+d} Combat")
        if e.defense or 1 in e.stats or not mods:
            mods.append(f"{e.defense:+d} Defense")
        many = e.cards.quantifier in (Quantifier.EACH, Quantifier.ALL)
        verb = "get" if many else "gets"
        return f"{_cards_en(e.cards)} {verb} {' and '.join(mods)}{_duration(e)}"
    if e.op in (Op.EXHAUST, Op.READY, Op.EXPEL, Op.TAKE, Op.CANCEL, Op.REMOVE_TOKEN):
        verb = R.VERB_BY_TEXT[_text(R.VERBS, e.op)].english
        return f"{verb} {_cards_en(e.cards)}"
    if e.op == Op.RECRUIT:
        tail = " for free" if e.free else (f" for {e.discount} less" if e.discount else "")
        return f"recruit {_cards_en(e.cards)}{tail}"
    if e.op == Op.RETURN:
        return f"return {_cards_en(e.cards)} {_text(R.DESTINATIONS, e.destination)}"
    return text


def english(a: Ability) -> str:
    """Plain rules text, e.g. 'Exhaust this card: you gain 3 Merit.'"""
    body = "; ".join(_effect_en(e) for e in a.effects)
    if a.kind == AbilityKind.STATIC:
        head = "While this card is in a Class"
    elif a.kind == AbilityKind.SCHEME:
        head = "When played"
        if a.restrictions & Restriction.IN_FIGHT:
            head = "When played during a fight"
        if a.restrictions & Restriction.YOUR_TURN:
            head += " on your turn"
    elif a.kind == AbilityKind.TRIGGERED:
        head = "When " + R.TRIGGER_BY_TEXT[_text(R.TRIGGERS, a.trigger)].summary
    else:
        items = ["exhaust this card"] if a.exhaust else []
        items += [f"pay {a.rep} Reputation"] if a.rep else []
        items += [f"pay {a.merit} Merit"] if a.merit else []
        items += [f"trash {a.trash} Scheme(s)"] if a.trash else []
        head = ", ".join(items)
        head = head[0].upper() + head[1:]
        rs = _restrictions(a.restrictions)
        if rs:
            head += f" ({', '.join(rs)})"
    if a.condition is not None:
        head += ", if " + " and ".join(
            f"{_value_en(c.left)} {_text(R.COMPARISONS, c.cmp)} {_value_en(c.right)}"
            for c in a.condition.clauses
        )
    return f"{head}: {body[0].upper()}{body[1:]}."


def english_wincon(w: WinCon) -> str:
    when = "At the start of your turn" if w.timing == 1 else "The moment that"
    cond = " and ".join(
        f"{_value_en(c.left)} {_text(R.COMPARISONS, c.cmp)} {_value_en(c.right)}"
        for c in w.condition.clauses
    )
    return f"{when}, if {cond}, you win." if w.timing == 1 else f"{when} {cond}, you win."
