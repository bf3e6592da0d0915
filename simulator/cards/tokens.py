"""An ability line read word by word: the tokens, and the reader the parser is built on (where
it is in the line, what it may accept next, and the error, with a suggestion, when it is not
there)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from avarium.simulator.cards import registry as R
from avarium.simulator.cards.errors import AbilitySyntaxError
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


def describe_token(tok: Token) -> str:
    return "the end of the line" if tok.kind == "end" else f'"{tok.raw}"'


class TokenReader:
    """The tokens of one line and the position in them; the parser's grammar is built on top."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokenize(text)
        self.i = 0

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
            f"expected {expected}, found {describe_token(tok)}", tok.column, suggestion
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
