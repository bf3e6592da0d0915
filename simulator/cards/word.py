"""A word of the ability language: its canonical spelling, aliases, integer code and docs.

headers.py, selectors.py, values.py and verbs.py list the words by what they do; registry.py
gathers them, with the index of each list by text.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Word:
    """One word (or fixed phrase) of the language.

    `text` is the canonical spelling; `aliases` are accepted too and rewritten to `text` by the
    describer. `code` is the integer compiled into the card tables. `shape` is the grammar of a
    verb, `example` a complete ability line that uses the word (the docs show it, a test parses it).
    """

    text: str
    code: int
    summary: str
    example: str
    aliases: tuple[str, ...] = ()
    shape: str = ""
    english: str = ""

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.text, *self.aliases)


def index_by_text(words: tuple[Word, ...]) -> dict[str, Word]:
    return {spelling: w for w in words for spelling in w.spellings}
