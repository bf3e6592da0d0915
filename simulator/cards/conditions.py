"""The parts of an ability that name cards and values: which cards (a selector and its
filters), a value (a number, a count, a player's statistic), a condition of comparisons, and an
Idol's Win-Con, a timing and a condition. The grammar is parser.py's."""

from __future__ import annotations

from avarium.simulator.cards import registry as R
from avarium.simulator.cards.ast import Cards, Comparison, Condition, Filter, Value, WinCon
from avarium.simulator.cards.errors import AbilitySyntaxError
from avarium.simulator.cards.tokens import TokenReader, describe_token
from avarium.simulator.constants import Cmp, Field, Quantifier, Side, ValueKind


class ConditionReader(TokenReader):
    """Selectors, values and conditions, for the abilities' effects and headers (parser.py)."""

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
                    f"unknown {word.text} {describe_token(tok)} (expected one of: "
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
