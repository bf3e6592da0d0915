"""Ability lines to syntax trees: a tokenizer and a recursive-descent parser.

The grammar (see docs/card-language.md for every word):

    ability   := header ":" effect {";" effect}
    header    := "while in class"
               | TRIGGER ["if" condition]
               | "play" {"," RESTRICTION} ["if" condition]
               | item {"," item}            item := COST | RESTRICTION (one cost at least)
    effect    := [PLAYER] PLAYER_VERB ...   | VERB ...   | CARDS "gets" MOD {"," MOD} [DURATION]
    CARDS     := "this" | QUANTIFIER ["other"] [SIDE] KIND {FILTER}
    value     := INT | "count(" [SIDE] KIND {FILTER} ")" | PLAYER_REF STAT
    condition := value CMP value {"and" value CMP value}
    wincon    := TIMING ":" condition

Every word comes from `registry.py`; anything else is an `AbilitySyntaxError` that carries the
column and, where one is close, a suggestion. The line is read token by token (tokens.py); the
cards, values and conditions an ability names are read by conditions.py, its header and
effects here.
"""

from __future__ import annotations

from avarium.simulator.cards import registry as R
from avarium.simulator.cards.ast import Ability, Cards, Effect, WinCon
from avarium.simulator.cards.conditions import ConditionReader
from avarium.simulator.cards.errors import AbilitySyntaxError
from avarium.simulator.constants import AbilityKind, Duration, Op, PlayerSel, Resource


class _Parser(ConditionReader):
    """An ability's header and effects; the cards and values they name are ConditionReader's."""

    def ability(self) -> Ability:
        fields: dict = {}
        if self.phrase({R.STATIC_HEADER.text: R.STATIC_HEADER}):
            fields["kind"] = AbilityKind.STATIC
        elif self.at("on"):
            trigger = self.expect_phrase(R.TRIGGER_BY_TEXT, 'a trigger such as "on join"')
            fields.update(kind=AbilityKind.TRIGGERED, trigger=trigger.code)
            if self.accept("if"):
                fields["condition"] = self.condition()
            if self.at(","):
                raise AbilitySyntaxError(
                    "a triggered ability takes no cost or restriction "
                    '(costs before ":" make an activated ability, e.g. "EXHAUST: ...")',
                    self.tok.column,
                )
        elif self.accept("play"):
            fields["kind"] = AbilityKind.SCHEME
            restrictions = 0
            while self.accept(","):
                restrictions |= self.expect_phrase(R.RESTRICTION_BY_TEXT, "a restriction").code
            fields["restrictions"] = restrictions
            if self.accept("if"):
                fields["condition"] = self.condition()
        else:
            fields.update(kind=AbilityKind.ACTIVATED, **self.costs())
        if not self.accept(":"):
            raise self.fail('":" after the ability\'s header')
        effects = [self.effect()]
        while self.accept(";"):
            effects.append(self.effect())
        if self.tok.kind != "end":
            raise self.fail('";" or the end of the ability')
        return Ability(effects=tuple(effects), **fields)

    def costs(self) -> dict:
        out = {"exhaust": False, "rep": 0, "merit": 0, "trash": 0, "restrictions": 0}
        has_cost = False
        starts = (
            'a trigger, "while in class", "play" or a cost '
            "(EXHAUST, N rep, N merit, trash N scheme)"
        )
        candidates = (
            *R.TRIGGER_BY_TEXT,
            R.STATIC_HEADER.text,
            "play",
            "EXHAUST",
            *R.RESTRICTION_BY_TEXT,
        )
        while True:
            column = self.tok.column
            if self.accept("exhaust"):
                self._once(out["exhaust"], "EXHAUST", column)
                out["exhaust"] = has_cost = True
            elif self.tok.kind == "int":
                n = self.integer()
                word = self.expect_phrase(
                    {**R.RESOURCE_BY_TEXT}, '"rep" or "merit" after a number in a cost'
                )
                key = "rep" if word.code == Resource.REPUTATION else "merit"
                self._once(out[key], f"a {key} cost", column)
                out[key] = n
                has_cost = True
            elif self.accept("trash"):
                n = self.integer()
                if not (self.accept("scheme") or self.accept("schemes")):
                    raise self.fail('"scheme" or "schemes"')
                self._once(out["trash"], "a trash cost", column)
                out["trash"] = n
                has_cost = True
            elif self.looking_at(R.RESTRICTION_BY_TEXT):
                out["restrictions"] |= self.phrase(R.RESTRICTION_BY_TEXT).code
            else:
                raise self.fail(starts if not has_cost else "a cost or restriction", candidates)
            if not self.accept(","):
                break
        if not has_cost:
            raise AbilitySyntaxError(
                "an activated ability needs a cost before its restrictions", self.toks[0].column
            )
        return out

    @staticmethod
    def _once(already, what: str, column: int) -> None:
        if already:
            raise AbilitySyntaxError(f"{what} is written twice", column)

    # -- effects ---------------------------------------------------------------------------
    def effect(self) -> Effect:
        column = self.tok.column
        start = self.i
        player = PlayerSel.YOU
        subject = self.phrase(R.PLAYER_BY_TEXT)
        if subject is not None:
            verb = self.phrase(R.VERB_BY_TEXT)
            if verb is not None and verb.text in R.PLAYER_VERBS:
                return self.player_effect(verb, subject.code, column)
            self.i = start  # "each enemy student gets ...": a card subject, not a player
        verb = self.phrase(R.VERB_BY_TEXT)
        if verb is not None and verb.text != "gets":
            if verb.text in R.PLAYER_VERBS:
                return self.player_effect(verb, player, column)
            return self.card_effect(verb, column)
        self.i = start
        if self.looking_at(R.QUANTIFIER_BY_TEXT):
            cards = self.cards()
            if not (self.accept("gets") or self.accept("get")):
                raise self.fail('"gets" after the cards it changes', ("gets",))
            return self.modify(cards, column)
        raise self.fail(
            "an effect (a verb such as gain, deal, exhaust, or cards followed by gets)",
            (*R.VERB_BY_TEXT, *R.PLAYER_BY_TEXT, *R.QUANTIFIER_BY_TEXT),
        )

    def player_effect(self, verb: R.Word, player: int, column: int) -> Effect:
        amount = self.value()
        if verb.code in (Op.GAIN, Op.LOSE):
            resource = self.expect_phrase(R.RESOURCE_BY_TEXT, '"merit" or "rep"')
            return Effect(
                verb.code, PlayerSel(player), amount, Resource(resource.code), column=column
            )
        if verb.code == Op.TRASH and not (self.accept("scheme") or self.accept("schemes")):
            raise self.fail('"scheme" or "schemes"', ("schemes",))
        return Effect(verb.code, PlayerSel(player), amount, column=column)

    def card_effect(self, verb: R.Word, column: int) -> Effect:
        op = Op(verb.code)
        if op == Op.STEAL:
            amount = self.value()
            resource = self.expect_phrase(R.RESOURCE_BY_TEXT, '"merit" or "rep"')
            self.expect("from")
            player = self.expect_phrase(R.PLAYER_BY_TEXT, 'a player such as "target enemy"')
            return Effect(
                op, PlayerSel(player.code), amount, Resource(resource.code), column=column
            )
        if op in (Op.DAMAGE, Op.PREVENT):
            amount = self.value()
            self.expect("damage")
            self.expect("to")
            cards = self.cards()
            return Effect(op, amount=amount, cards=cards, duration=self.duration(), column=column)
        if op == Op.RECRUIT:
            cards = self.cards()
            free, discount = False, 0
            if self.accept("for"):
                if self.accept("free"):
                    free = True
                else:
                    discount = self.integer('"free" or a number')
                    self.expect("less")
            return Effect(op, cards=cards, free=free, discount=discount, column=column)
        if op == Op.RETURN:
            cards = self.cards()
            dest = self.expect_phrase(
                R.DESTINATION_BY_TEXT, 'a destination such as "to the courtyard"'
            )
            return Effect(op, cards=cards, destination=dest.code, column=column)
        if op == Op.DISCOUNT:
            what = self.expect_phrase(R.DISCOUNTED_BY_TEXT, '"recruit cost" or "scheme cost"')
            self.expect("by")
            discount = self.integer()
            return Effect(
                op,
                discounted=what.code,
                discount=discount,
                duration=self.duration(),
                column=column,
            )
        # exhaust, ready, expel, take, remove attack token from, cancel
        return Effect(op, cards=self.cards(), column=column)

    def modify(self, cards: Cards, column: int) -> Effect:
        combat = defense = 0
        seen: set[int] = set()
        while True:
            sign_col = self.tok.column
            if self.accept("+"):
                sign = 1
            elif self.accept("-"):
                sign = -1
            else:
                raise self.fail('"+N combat" or "-N defense"')
            n = sign * self.integer()
            stat = self.expect_phrase(R.COMBAT_STAT_BY_TEXT, '"combat" or "defense"')
            if stat.code in seen:
                raise AbilitySyntaxError(f"{stat.text} is changed twice", sign_col)
            seen.add(stat.code)
            if stat.code == 0:
                combat = n
            else:
                defense = n
            if not (self.at(",") and self.toks[self.i + 1].text in ("+", "-")):
                break
            self.i += 1
        return Effect(
            Op.MODIFY,
            cards=cards,
            combat=combat,
            defense=defense,
            duration=self.duration(),
            column=column,
            stats=tuple(sorted(seen)),
        )

    def duration(self) -> Duration:
        word = self.phrase(R.DURATION_BY_TEXT)
        return Duration.NONE if word is None else Duration(word.code)


def parse_ability(text: str) -> Ability:
    """Parse one ability line; raises `AbilitySyntaxError` (and only that) on bad text."""
    if not isinstance(text, str) or not text.strip():
        raise AbilitySyntaxError("an ability is empty", 1)
    return _Parser(text).ability()


def parse_wincon(text: str) -> WinCon:
    """Parse an Idol's Win-Con, `TIMING: CONDITION`; raises `AbilitySyntaxError` on bad text."""
    if not isinstance(text, str) or not text.strip():
        raise AbilitySyntaxError("the Win-Con is empty", 1)
    return _Parser(text).wincon()
