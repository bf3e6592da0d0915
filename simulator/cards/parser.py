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
column and, where one is close, a suggestion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
from avarium.simulator.cards.errors import AbilitySyntaxError
from avarium.simulator.constants import (
    AbilityKind,
    Cmp,
    Duration,
    Field,
    Op,
    PlayerSel,
    Quantifier,
    Resource,
    Side,
    ValueKind,
)
from avarium.simulator.safetext import MAX_DIGITS

_TOKEN = re.compile(
    r"(?P<space>\s+)|(?P<int>[0-9]+)|(?P<word>[A-Za-z_][A-Za-z0-9_']*)"
    r"|(?P<sym><=|>=|!=|==|[:;,()+\-=<>])"
)
MAX_NUMBER = 99


@dataclass(frozen=True)
class Token:
    kind: str  # "int", "word", "sym" or "end"
    text: str  # lower case for words
    column: int  # 1-based
    raw: str = ""


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise AbilitySyntaxError(f'unexpected character "{text[pos]}"', pos + 1)
        kind = m.lastgroup or ""
        if kind != "space":
            raw = m.group()
            tokens.append(Token(kind, raw.lower() if kind == "word" else raw, pos + 1, raw))
        pos = m.end()
    tokens.append(Token("end", "", len(text) + 1, "end of line"))
    return tokens


def _describe_token(tok: Token) -> str:
    return "the end of the line" if tok.kind == "end" else f'"{tok.raw}"'


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokenize(text)
        self.i = 0

    # -- token helpers -------------------------------------------------------------------
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def at(self, text: str) -> bool:
        return self.tok.text == text and self.tok.kind != "end"

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.i += 1
            return True
        return False

    def fail(self, expected: str, candidates: tuple[str, ...] = ()) -> AbilitySyntaxError:
        tok = self.tok
        suggestion = self._suggest(candidates) if tok.kind == "word" else ""
        return AbilitySyntaxError(
            f"expected {expected}, found {_describe_token(tok)}", tok.column, suggestion
        )

    def _suggest(self, candidates: tuple[str, ...]) -> str:
        import difflib

        best, best_ratio = "", 0.0
        for cand in candidates:
            n = len(cand.split())
            found = " ".join(t.text for t in self.toks[self.i : self.i + n] if t.kind != "end")
            ratio = difflib.SequenceMatcher(None, found, cand.lower()).ratio()
            if ratio > best_ratio:
                best, best_ratio = cand, ratio
        return best if best_ratio >= 0.75 else ""

    def expect(self, text: str) -> None:
        if not self.accept(text):
            raise self.fail(f'"{text}"', (text,))

    def integer(self, what: str = "a number") -> int:
        tok = self.tok
        if tok.kind != "int":
            raise self.fail(what)
        if len(tok.text) > MAX_DIGITS:  # refused by length: int() raises past 4,300 digits
            raise AbilitySyntaxError(
                f"a number of {len(tok.text):,} digits is out of range "
                f"(expected 0 to {MAX_NUMBER})",
                tok.column,
            )
        value = int(tok.text)
        if value > MAX_NUMBER:
            raise AbilitySyntaxError(
                f"number {value} is out of range (expected 0 to {MAX_NUMBER})", tok.column
            )
        self.i += 1
        return value

    def phrase(self, table: dict[str, R.Word]) -> R.Word | None:
        """Consume the longest spelling in `table` that starts here."""
        best: tuple[int, R.Word] | None = None
        for spelling, word in table.items():
            parts = spelling.lower().split()
            end = self.i + len(parts)
            if (
                end < len(self.toks)
                and all(
                    self.toks[self.i + k].text == part and self.toks[self.i + k].kind != "end"
                    for k, part in enumerate(parts)
                )
                and (best is None or len(parts) > best[0])
            ):
                best = (len(parts), word)
        if best is None:
            return None
        self.i += best[0]
        return best[1]

    def expect_phrase(self, table: dict[str, R.Word], what: str) -> R.Word:
        word = self.phrase(table)
        if word is None:
            raise self.fail(what, tuple(table))
        return word

    def looking_at(self, table: dict[str, R.Word]) -> bool:
        start = self.i
        found = self.phrase(table) is not None
        self.i = start
        return found

    # -- abilities -------------------------------------------------------------------------
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

    # -- selectors and values ----------------------------------------------------------------
    def cards(self, counting: bool = False) -> Cards:
        filters: list[Filter] = []
        if counting:
            quantifier = Quantifier.ALL
        else:
            q = self.expect_phrase(
                R.QUANTIFIER_BY_TEXT, 'cards ("this", "target ...", "each ...", "random ...")'
            )
            quantifier = Quantifier(q.code)
            if quantifier == Quantifier.THIS:
                return Cards(Quantifier.THIS)
        if self.accept("other"):
            filters.append(Filter(Field.OTHER))
        side_word = self.phrase(R.SIDE_BY_TEXT)
        side = Side.ANY if side_word is None else Side(side_word.code)
        kind_tok = self.tok
        kind = self.expect_phrase(R.KIND_BY_TEXT, "student, idol, character or scheme")
        plural = kind_tok.text.endswith("s")
        while True:
            f = self.filter()
            if f is None:
                break
            filters.append(f)
        # "other" may be written anywhere; its canonical place is first (after the quantifier).
        filters.sort(key=lambda f: f.field != Field.OTHER)
        return Cards(quantifier, side, kind.code, tuple(filters), plural)

    def filter(self) -> Filter | None:
        if self.tok.kind != "word" or not self.looking_at(R.FILTER_BY_TEXT):
            return None
        column = self.tok.column
        word = self.phrase(R.FILTER_BY_TEXT)
        field = Field(word.code)
        if field in (Field.CLUB, Field.COLOUR, Field.GENDER):
            self.expect("=")
            table = {
                Field.CLUB: R.CLUB_WORDS,
                Field.COLOUR: R.COLOUR_WORDS,
                Field.GENDER: R.GENDER_WORDS,
            }[field]
            tok = self.tok
            if tok.kind != "word" or tok.text not in table:
                raise AbilitySyntaxError(
                    f"unknown {word.text} {_describe_token(tok)} (expected one of: "
                    f"{', '.join(table)})",
                    tok.column,
                    self._suggest(tuple(table)),
                )
            self.i += 1
            return Filter(field, Cmp.EQ, int(table[tok.text]))
        if field in (Field.COST, Field.COMBAT, Field.DEFENSE):
            cmp = self.expect_phrase(R.COMPARISON_BY_TEXT, "a comparison such as <=")
            return Filter(field, Cmp(cmp.code), self.integer())
        del column
        return Filter(field)

    def value(self) -> Value:
        tok = self.tok
        if tok.kind == "int":
            return Value(ValueKind.CONST, constant=self.integer())
        if self.accept("count"):
            self.expect("(")
            cards = self.cards(counting=True)
            self.expect(")")
            return Value(ValueKind.COUNT, cards=cards)
        ref = self.phrase(R.PLAYER_REF_BY_TEXT)
        if ref is None:
            raise self.fail(
                'a number, "count(...)" or a player value such as "your merit"',
                ("count", *R.PLAYER_REF_BY_TEXT),
            )
        stat = self.expect_phrase(R.STAT_BY_TEXT, "a statistic such as merit, rep or hand")
        return Value(ValueKind.STAT, player=ref.code, stat=stat.code)

    def condition(self) -> Condition:
        clauses = [self.comparison()]
        while self.accept("and"):
            clauses.append(self.comparison())
        return Condition(tuple(clauses))

    def comparison(self) -> Comparison:
        left = self.value()
        cmp = self.expect_phrase(R.COMPARISON_BY_TEXT, "a comparison (=, !=, <, <=, >, >=)")
        return Comparison(left, Cmp(cmp.code), self.value())

    def wincon(self) -> WinCon:
        timing = self.expect_phrase(
            R.WIN_TIMING_BY_TEXT, 'the Win-Con\'s timing, "instant" or "at start of turn"'
        )
        if not self.accept(":"):
            raise self.fail('":" after the timing')
        cond = self.condition()
        if self.tok.kind != "end":
            raise self.fail('"and" or the end of the Win-Con')
        return WinCon(timing.code, cond)


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
