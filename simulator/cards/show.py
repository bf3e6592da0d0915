"""Plain-text tables of a card set, for `avarium cards show` and `avarium cards describe`."""

from __future__ import annotations

from avarium.simulator.cards.describe import canonical, canonical_wincon, english, english_wincon
from avarium.simulator.cards.model import Card
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
