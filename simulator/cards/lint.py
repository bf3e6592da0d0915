"""Warnings about a card set that loads but may not be what the designer meant.

None of these stops a set from loading: a designer may want an unusual set on purpose. A set
too small to set up a game at all is an error instead (loader.too_small_for_the_rules).
"""

from __future__ import annotations

import re

from avarium.simulator.cards.ast import Cards, Comparison, Value
from avarium.simulator.cards.describe import canonical
from avarium.simulator.cards.errors import WARNING, Problem
from avarium.simulator.cards.model import Card, CardSet
from avarium.simulator.constants import (
    CLASS_LIMIT,
    CardKind,
    Cmp,
    Field,
    Kind,
    PlayerRef,
    Quantifier,
    Side,
    Stat,
    ValueKind,
    WinTiming,
)

STANDARD = {CardKind.IDOL: 8, CardKind.STUDENT: 60, CardKind.SCHEME: 40}

_CMP = {
    Cmp.EQ: lambda a, b: a == b,
    Cmp.NE: lambda a, b: a != b,
    Cmp.LT: lambda a, b: a < b,
    Cmp.LE: lambda a, b: a <= b,
    Cmp.GT: lambda a, b: a > b,
    Cmp.GE: lambda a, b: a >= b,
}


def _warn(card: Card | None, field: str, message: str) -> Problem:
    return Problem(WARNING, message, card.source if card else "", card.id if card else "", field)


def lint_set(cs: CardSet) -> list[Problem]:
    out: list[Problem] = []
    for kind, n in STANDARD.items():
        have = cs.count(kind)
        if have != n:
            out.append(
                _warn(
                    None,
                    "",
                    f"the set has {have} {kind.name.lower()} cards; the game ships with {n}",
                )
            )
    names: dict[str, Card] = {}
    for card in cs.cards:
        key = card.name.lower()
        if key in names:
            out.append(
                _warn(
                    card,
                    "name",
                    f'the name "{card.name}" is also used by '
                    f"{names[key].id}; refer to these cards by id",
                )
            )
        names.setdefault(key, card)
        out += _text_mismatch(card)
        for n, ability in enumerate(card.parsed, 1):
            for effect in ability.effects:
                if effect.cards is not None and _matches_nothing(cs, effect.cards):
                    out.append(
                        _warn(
                            card,
                            f"abilities[{n}]",
                            "no card in the set matches this effect's cards, "
                            "so it can never do anything",
                        )
                    )
        if card.parsed_wincon is not None and not _reachable(cs, card):
            out.append(_warn(card, "wincon", "this Win-Con can never be met with this set"))
    return out


def _static_match(card: Card, c: Cards) -> bool:
    if c.kind == Kind.STUDENT and card.kind != CardKind.STUDENT:
        return False
    if c.kind == Kind.IDOL and card.kind != CardKind.IDOL:
        return False
    if c.kind == Kind.CHARACTER and card.kind == CardKind.SCHEME:
        return False
    values = {
        Field.CLUB: card.club,
        Field.COLOUR: card.colour,
        Field.GENDER: card.gender,
        Field.COST: card.cost,
        Field.COMBAT: card.combat,
        Field.DEFENSE: card.defense,
    }
    for f in c.filters:
        if f.field in values:
            v = values[f.field]
            if v is None or not _CMP[f.cmp](int(v), f.value):
                return False
    return True


def _matches_nothing(cs: CardSet, c: Cards) -> bool:
    if c.quantifier == Quantifier.THIS or c.kind == Kind.SCHEME:
        return False
    return not any(_static_match(card, c) for card in cs.cards)


def _max_value(cs: CardSet, idol: Card, v: Value, timing: int) -> float:
    """An upper bound of a value for the Idol's player; infinity when there is none."""
    if v.kind == ValueKind.CONST:
        return v.constant
    if v.kind == ValueKind.COUNT:
        c = v.cards
        if c.side != Side.ALLY:
            return float("inf")
        students = sum(k.copies for k in cs.students if _static_match(k, c))
        if timing == WinTiming.START_OF_TURN:
            students = min(students, CLASS_LIMIT)
        idol_counts = c.kind != Kind.STUDENT and _static_match(idol, c)
        return students * (c.kind != Kind.IDOL) + int(idol_counts)
    if v.player != PlayerRef.YOUR:
        return float("inf")
    if v.stat == Stat.CLASS:
        return CLASS_LIMIT if timing == WinTiming.START_OF_TURN else cs.count(CardKind.STUDENT)
    if v.stat == Stat.CLUBS:
        clubs = {k.club for k in cs.students} | {idol.club}
        limit = CLASS_LIMIT + 1 if timing == WinTiming.START_OF_TURN else len(clubs)
        return min(len(clubs), limit)
    if v.stat == Stat.RECRUITED:
        return cs.count(CardKind.STUDENT)
    if v.stat == Stat.EXPELLED:
        return cs.count(CardKind.STUDENT)
    return float("inf")


def _clause_possible(cs: CardSet, idol: Card, c: Comparison, timing: int) -> bool:
    if c.cmp not in (Cmp.GE, Cmp.GT, Cmp.EQ) or c.right.kind != ValueKind.CONST:
        return True
    top = _max_value(cs, idol, c.left, timing)
    need = c.right.constant + (1 if c.cmp == Cmp.GT else 0)
    return top >= need


def _reachable(cs: CardSet, idol: Card) -> bool:
    w = idol.parsed_wincon
    return all(_clause_possible(cs, idol, c, w.timing) for c in w.condition.clauses)


_NUMBER = re.compile(r"(?<![\w.])[+-]?(\d+)")


def _text_mismatch(card: Card) -> list[Problem]:
    """Printed text whose numbers differ from the abilities' numbers (a cheap Oracle check)."""
    if not card.text or not card.parsed:
        return []
    written = {int(n) for n in _NUMBER.findall(card.text)}
    done = {int(n) for a in card.parsed for n in _NUMBER.findall(canonical(a))}
    if written == done:
        return []
    said = ", ".join(map(str, sorted(written))) or "none"
    does = ", ".join(map(str, sorted(done))) or "none"
    return [
        _warn(
            card,
            "text",
            f"the printed text's numbers ({said}) differ from what its "
            f"abilities do ({does}): {' | '.join(canonical(a) for a in card.parsed)}",
        )
    ]
