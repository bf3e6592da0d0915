"""Semantic checks: abilities that parse but make no sense on the card they are written on.

Each check returns `(message, column)` pairs; the loader adds the file, card and field.
"""

from __future__ import annotations

from collections.abc import Iterator

from avarium.simulator.cards.ast import Ability, Cards, Condition, Effect, Value, WinCon
from avarium.simulator.constants import (
    AbilityKind,
    CardKind,
    Destination,
    Duration,
    Field,
    Kind,
    Op,
    PlayerSel,
    Quantifier,
    Restriction,
    Side,
    ValueKind,
)

Issue = tuple[str, int]
MAX_EFFECTS = 8  # the engine keeps one target per effect in a fixed-size row

_CLASS_SIDES = (Side.ALLY, Side.ENEMY, Side.ANY)
_STATUS_FIELDS = (Field.READY, Field.EXHAUSTED, Field.ATTACKED, Field.IN_FIGHT)


def check_ability(a: Ability, kind: CardKind, surprise: bool) -> list[Issue]:
    issues: list[Issue] = []
    add = issues.append
    if kind == CardKind.SCHEME and a.kind != AbilityKind.SCHEME:
        add(('a Scheme\'s abilities start with "play:" (it has no other kind of ability)', 1))
    if kind != CardKind.SCHEME and a.kind == AbilityKind.SCHEME:
        add(
            (
                '"play:" is for Schemes; an Idol or Student uses a trigger, a cost or '
                '"while in class"',
                1,
            )
        )
    if a.kind == AbilityKind.SCHEME and a.restrictions & Restriction.ONCE_PER_TURN:
        add(('"once per turn" means nothing on a Scheme: it is trashed when played', 1))
    if (
        a.kind == AbilityKind.SCHEME
        and not surprise
        and a.restrictions & (Restriction.YOUR_TURN | Restriction.IN_FIGHT)
    ):
        add(
            (
                "restrictions on when to play are for Surprises; an ordinary Scheme is only "
                "played in its player's Plan Phase",
                1,
            )
        )
    if len(a.effects) > MAX_EFFECTS:
        add((f"an ability has at most {MAX_EFFECTS} effects", 1))
    for e in a.effects:
        issues += [(m, c or e.column) for m, c in _check_effect(e, a, kind, surprise)]
    if a.condition is not None:
        issues += _check_condition(a.condition, kind)
    return issues


def _check_effect(e: Effect, a: Ability, kind: CardKind, surprise: bool) -> Iterator[Issue]:
    static = a.kind == AbilityKind.STATIC
    if static and e.op not in (Op.MODIFY, Op.DISCOUNT):
        yield (
            'a static ability ("while in class") can only change Combat/Defense with "gets" '
            'or costs with "reduce"; other effects need a trigger or a cost',
            0,
        )
    if static and e.duration != Duration.NONE:
        yield ("a static ability takes no duration: it lasts while the card is in a Class", 0)
    if not static and e.op in (Op.MODIFY, Op.PREVENT, Op.DISCOUNT) and e.duration == Duration.NONE:
        yield (
            'this effect needs a written duration ("until end of turn", "until end of fight" '
            'or "permanently")',
            0,
        )
    if e.op == Op.DISCOUNT and e.duration == Duration.PERMANENT:
        yield (
            '"reduce ... permanently" is not allowed: use "while in class" for a lasting reduction',
            0,
        )
    if e.op == Op.STEAL and e.player in (PlayerSel.YOU, PlayerSel.EACH_PLAYER):
        yield (
            'steal takes from enemies: "from target enemy", "from each enemy" or '
            '"from random enemy"',
            0,
        )
    if e.op == Op.CANCEL and not (kind == CardKind.SCHEME and surprise):
        yield ("cancel is only for Surprises (only they can be played while a Scheme waits)", 0)
    if e.cards is not None:
        yield from _check_cards(e.cards, e, kind)
    for v in (e.amount,):
        if v is not None:
            yield from _check_value(v, kind)


def _check_cards(c: Cards, e: Effect, kind: CardKind) -> Iterator[Issue]:
    op = e.op
    if c.quantifier == Quantifier.THIS and kind == CardKind.SCHEME:
        yield ('"this" is the card with the ability; a Scheme is not in a Class', 0)
        return
    if kind == CardKind.SCHEME and any(f.field == Field.OTHER for f in c.filters):
        yield ('"other" means "not the card with the ability"; a Scheme is not in a Class', 0)
    if c.kind == Kind.SCHEME and op != Op.CANCEL:
        yield ('schemes can only be selected by "cancel target scheme"', 0)
    if op == Op.CANCEL and not (c.kind == Kind.SCHEME and c.quantifier == Quantifier.TARGET):
        yield ('cancel takes "target scheme"', 0)
    if c.side in (Side.COURTYARD, Side.EXPELLED) and c.kind != Kind.STUDENT:
        yield ("only Students are in the Courtyard or the Expel Pile", 0)
    if c.side in (Side.COURTYARD, Side.EXPELLED) and any(
        f.field in _STATUS_FIELDS for f in c.filters
    ):
        yield ("ready, exhausted, attacked and in fight describe cards in a Class", 0)
    if op == Op.RECRUIT and c.side != Side.COURTYARD:
        yield ('recruit takes Students from the Courtyard: "target courtyard student"', 0)
    if (
        op != Op.RECRUIT
        and c.side == Side.COURTYARD
        and not (op == Op.RETURN and e.destination == Destination.SCHOOL_BOTTOM)
    ):
        yield (
            "Courtyard Students can only be recruited or returned to the bottom of the School",
            0,
        )
    if op == Op.RETURN:
        if e.destination == Destination.YOUR_CLASS and c.side != Side.EXPELLED:
            yield (
                '"to your class" brings back Students from the Expel Pile: '
                '"target expelled student"',
                0,
            )
        if e.destination != Destination.YOUR_CLASS and c.side == Side.EXPELLED:
            yield ('expelled Students can only be returned "to your class"', 0)
        if c.kind != Kind.STUDENT:
            yield ("only Students can be returned", 0)
    elif c.side == Side.EXPELLED:
        yield ('the Expel Pile can only be used by "return ... to your class"', 0)
    if op == Op.TAKE and not (c.side == Side.ENEMY and c.kind == Kind.STUDENT):
        yield ('take moves an enemy Student: "target enemy student"', 0)
    if op == Op.EXPEL and c.kind != Kind.STUDENT:
        yield ("only Students can be expelled by an effect (Idols leave at 0 Merit)", 0)
    if op in (Op.GAIN, Op.LOSE, Op.DRAW, Op.TRASH, Op.STEAL, Op.DISCOUNT):
        yield ("this verb applies to players, not cards", 0)


def _check_value(v: Value, kind: CardKind) -> Iterator[Issue]:
    if v.kind == ValueKind.COUNT:
        c = v.cards
        if c.kind == Kind.SCHEME:
            yield ('count() counts Idols and Students, not Schemes (use "your hand")', 0)
        if Field.OTHER in (f.field for f in c.filters) and kind == CardKind.SCHEME:
            yield ('"other" needs a card with the ability; a Scheme has none', 0)


def _check_condition(cond: Condition, kind: CardKind) -> list[Issue]:
    issues: list[Issue] = []
    for clause in cond.clauses:
        for v in (clause.left, clause.right):
            issues += list(_check_value(v, kind))
    return issues


def check_wincon(w: WinCon) -> list[Issue]:
    issues = _check_condition(w.condition, CardKind.IDOL)
    if all(
        c.left.kind == ValueKind.CONST and c.right.kind == ValueKind.CONST
        for c in w.condition.clauses
    ):
        issues.append(("a Win-Con compares only constants: it is always or never met", 1))
    return issues
