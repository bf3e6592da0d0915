"""Problems found in card files, and the exceptions that carry them.

Every problem names the file, the card, the field and (where known) line and column, says what
was found and what was expected, and may suggest a correction. Loading collects all problems of a
set before failing, so a designer fixes them in one pass.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

from avarium.simulator.safetext import visible

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    severity: str  # ERROR or WARNING
    message: str
    file: str = ""
    card: str = ""
    field: str = ""
    line: int = 0
    column: int = 0
    suggestion: str = ""

    def __str__(self) -> str:
        where = self.file or "<cards>"
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        parts = [where]
        if self.card:
            parts.append(f'card "{self.card}"')
        if self.field:
            parts.append(f"field {self.field}")
        # One line per problem, always: a value quoted in a message may hold a line break.
        message = " ".join(self.message.splitlines())
        text = ", ".join(parts) + f": {self.severity}: {message}"
        if self.suggestion:
            text += f' (did you mean "{self.suggestion}"?)'
        return visible(text)  # a card id or value quoted here may hold any character


class AbilitySyntaxError(ValueError):
    """An ability line that does not follow the language; `column` is 1-based in the line."""

    def __init__(self, message: str, column: int, suggestion: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.suggestion = suggestion


class CardSetError(Exception):
    """A card set could not be loaded; `problems` lists every error (and warning) found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        errors = [p for p in self.problems if p.severity == ERROR]
        super().__init__(f"{len(errors)} error(s) in the card set:\n" + "\n".join(map(str, errors)))


class CardNameError(LookupError):
    """A card name or fragment that matches no card, or more than one."""

    def __init__(self, message: str, candidates: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.candidates = candidates


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """The closest spelling among `choices`, or "" when nothing is close."""
    found = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return found[0] if found else ""
