"""What differs between two card sets, field by field, as a designer writes it: `lourvarius_love
.combat 3 -> 5`, a card added or removed. A comparison of two runs says what B changed with it,
whichever way the change was made (another card file, a --set override, a patch)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from avarium.simulator.cards.model import Card, CardSet

ADDED, REMOVED, CHANGED = "added", "removed", "changed"


@dataclass(frozen=True)
class CardChange:
    card: str  # the card's id, as --set names it
    what: str  # ADDED, REMOVED or CHANGED
    field: str = ""  # the field changed ("abilities[2]" for one ability line); "" otherwise
    a: str = ""  # the value in A, as a card file writes it ("" when added)
    b: str = ""  # the value in B ("" when removed)

    def text(self) -> str:
        if self.what != CHANGED:
            return f"{self.card} {self.what}"
        return f"{self.card}.{self.field} {self.a} -> {self.b}"


def _shown(value: object) -> str:
    """A field's value as a card file writes it: numbers bare, text quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def _fields(card: Card) -> dict[str, object]:
    """The card's fields, one entry per ability line, so a changed ability is one line and not
    the whole list (and its kind, which a card file says by its table)."""
    out: dict[str, object] = {"kind": card.kind_name}
    for name, value in card.record().items():
        if isinstance(value, list):
            out |= {f"{name}[{i + 1}]": line for i, line in enumerate(value)}
        else:
            out[name] = value
    return out


def card_changes(a: CardSet, b: CardSet) -> list[CardChange]:
    """Every difference between two sets: changed fields in A's card order, then the cards B
    added; a card A has and B lacks is removed. A field one card has and the other lacks (an
    ability line added) shows as "none" on that side."""
    out: list[CardChange] = []
    for card in a.cards:
        if card.id not in b.index:
            out.append(CardChange(card.id, REMOVED))
            continue
        fa, fb = _fields(card), _fields(b[card.id])
        for name in list(fa) + [n for n in fb if n not in fa]:
            if fa.get(name) != fb.get(name):
                shown = [_shown(f[name]) if name in f else "none" for f in (fa, fb)]
                out.append(CardChange(card.id, CHANGED, name, *shown))
    out += [CardChange(c.id, ADDED) for c in b.cards if c.id not in a.index]
    return out
