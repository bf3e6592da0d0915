"""A card as read from a file, before its fields are checked (loader.py checks them; patches.py
edits them before that)."""

from __future__ import annotations

from dataclasses import dataclass, field

from avarium.simulator.cards.errors import ERROR, Problem
from avarium.simulator.constants import CardKind


@dataclass
class RawCard:
    """A card as read from a file, before checking: field values plus where they were written."""

    kind: CardKind
    values: dict[str, object]
    file: str
    line: int = 0
    field_lines: dict[str, int] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)  # the file's lines, to place ability errors
    from_text: bool = False  # values are strings (CSV) and need converting
    # field (or "abilities[N]" for one ability) -> (patch or --set, line) that last wrote it
    origins: dict[str, tuple[str, int]] = field(default_factory=dict)

    @property
    def card_id(self) -> str:
        value = self.values.get("id")
        return value if isinstance(value, str) else ""

    def problem(
        self,
        message: str,
        name: str = "",
        column: int = 0,
        suggestion: str = "",
        severity: str = ERROR,
        line: int = 0,
    ) -> Problem:
        base = name.split("[")[0]
        origin = self.origins.get(name) or self.origins.get(base)
        if origin is not None:  # a patch wrote this field: point at the patch
            file, origin_line = origin
            return Problem(severity, message, file, self.card_id, name, origin_line, 0, suggestion)
        return Problem(
            severity,
            message,
            self.file,
            self.card_id,
            name,
            line or self.field_lines.get(base, self.line),
            column,
            suggestion,
        )
