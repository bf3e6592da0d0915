"""Plain-text tables of a card set, for `avarium cards show` and `avarium cards describe`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from avarium.simulator.cards.describe import canonical, canonical_wincon, english, english_wincon
from avarium.simulator.cards.errors import did_you_mean
from avarium.simulator.cards.model import Card
from avarium.simulator.cards.schema import CLUB_CHOICES
from avarium.simulator.constants import CardKind

_COLUMNS = {
    CardKind.IDOL: ("id", "name", "level", "club", "reputation", "combat", "merit", "wincon"),
    CardKind.STUDENT: (
        "id",
        "name",
        "cost",
        "colour",
        "gender",
        "club",
        "combat",
        "defense",
        "abilities",
    ),
    CardKind.SCHEME: ("id", "name", "cost", "surprise", "number", "abilities"),
}


def _cell(card: Card, column: str) -> str:
    if column == "abilities":
        return " | ".join(canonical(a) for a in card.parsed)
    if column == "wincon":
        return canonical_wincon(card.parsed_wincon) if card.parsed_wincon else ""
    value = card.record()[column]
    if isinstance(value, bool):
        return "yes" if value else ""
    return str(value)


def table(cards: list[Card], kind: CardKind) -> str:
    """An aligned text table of the cards of one kind."""
    columns = _COLUMNS[kind]
    rows = [list(columns)] + [[_cell(c, col) for col in columns] for c in cards]
    widths = [max(len(r[i]) for r in rows) for i in range(len(columns) - 1)]
    lines = []
    for n, row in enumerate(rows):
        text = "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False))
        lines.append(f"{text}  {row[-1]}".rstrip())
        if n == 0:
            lines.append("-" * min(120, len(lines[0])))
    return "\n".join(lines)


def describe_card(card: Card) -> str:
    """Every part of one card, each ability in canonical form and in plain English."""
    lines = [f"{card.name} ({card.id}), {card.kind_name}: {card.title}"]
    for name, value in card.record().items():
        if name in ("id", "name", "title", "abilities", "wincon"):
            continue
        lines.append(f"  {name}: {value}")
    if card.parsed_wincon is not None:
        lines.append(f"  Win-Con: {canonical_wincon(card.parsed_wincon)}")
        lines.append(f"           {english_wincon(card.parsed_wincon)}")
    for n, ability in enumerate(card.parsed, 1):
        lines.append(f"  ability {n}: {canonical(ability)}")
        lines.append(f"             {english(ability)}")
    return "\n".join(lines)


# -- choosing the cards to show --------------------------------------------------------------


def _club_key(text: str) -> str:
    return text.strip().lower().replace("_", " ")


def club_named(text: str) -> str:
    """The club `text` names, in the rulebook's spelling, in any case ("martial_arts" too).
    Raises ValueError naming the twelve clubs when it names none."""
    clubs = {_club_key(c): c for c in CLUB_CHOICES}
    if _club_key(text) in clubs:
        return clubs[_club_key(text)]
    hint = did_you_mean(_club_key(text), clubs)
    extra = f' (did you mean "{clubs[hint]}"?)' if hint else ""
    raise ValueError(f'"{text}" is not a club{extra}; the clubs are ' + ", ".join(CLUB_CHOICES))


_RANGE = re.compile(r"^\s*([+-]?\d+)\s*(?:\.\.\s*([+-]?\d+)\s*)?$")


def cost_range(text: str) -> tuple[int, int]:
    """`3` or `2..4` as (lowest, highest) cost. Raises ValueError otherwise, or when the range
    is backwards (it would match nothing, which is surely not what was meant)."""
    m = _RANGE.match(text)
    if m is None:
        raise ValueError(f'"{text}": expected a cost or a range FROM..TO, such as 2..4')
    low = int(m.group(1))
    high = low if m.group(2) is None else int(m.group(2))
    if low > high:
        raise ValueError(
            f'"{text}": expected a range FROM..TO with FROM <= TO, such as {high}..{low}'
        )
    return low, high


@dataclass(frozen=True)
class Selection:
    """The cards `avarium cards show` prints: of a kind, of a club, costing within a range."""

    kind: CardKind | None = None
    club: str | None = None  # as club_named gives it
    cost: tuple[int, int] | None = None

    def matches(self, card: Card) -> bool:
        if self.kind is not None and card.kind != self.kind:
            return False
        if self.club is not None and card.club_name != self.club:
            return False
        if self.cost is not None:
            low, high = self.cost
            # Idols have no cost: a cost filter leaves them out rather than reading 0.
            return card.kind != CardKind.IDOL and low <= card.cost <= high
        return True

    def nothing_matches(self) -> str:
        """The line saying that no card matches, naming the filters."""
        parts = []
        if self.kind is not None:
            parts.append(f"--kind {self.kind.name.lower()}")
        if self.club is not None:
            parts.append(f'--club "{self.club}"')
        if self.cost is not None:
            low, high = self.cost
            parts.append(f"--cost {low}" if low == high else f"--cost {low}..{high}")
        hint = " (Idols have no cost)" if self.kind == CardKind.IDOL and self.cost else ""
        return "no card matches " + " ".join(parts) + hint
