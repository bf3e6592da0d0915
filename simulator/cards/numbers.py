"""The numbers of a card set that a search may vary, each named as on the command line.

- a numeric field: `CARD.FIELD`, e.g. `touka.combat`, `raj.merit`, `kitty.reputation`;
- a number inside the Win-Con: `CARD.wincon.N` (the N-th number of its text, from 1) or
  `CARD.wincon.WORD` (the first number after WORD), e.g. `coral.wincon.clubs` for the 6 of
  "at start of turn: your clubs >= 6";
- a number inside an ability: `CARD.abilities.K.N` or `CARD.abilities.K.WORD` (ability K, from
  1), e.g. `raj.abilities.1.gain` for the 1 of "on end of turn ...: gain 1 merit".

A changed number becomes an ordinary override (`--set`) or patch-file entry: a Win-Con or an
ability is rewritten whole with the new number in place, so the usual checks read it. Errors are
NumberErrors (ValueErrors) naming the card, the field and what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from avarium.simulator.cards.errors import CardNameError
from avarium.simulator.cards.model import Card, CardSet
from avarium.simulator.cards.schema import FIELDS

# A whole number standing alone in a card's text ("6" in ">= 6", "1" in "+1 combat"), not part
# of a word such as "p2".
_NUMBER = re.compile(r"(?<![A-Za-z_0-9])\d+(?![A-Za-z_0-9])")
TEXT_FIELDS = ("wincon", "abilities")


class NumberError(ValueError):
    """A number that cannot be named: the message says which card and field, and what was
    expected."""


@dataclass(frozen=True)
class CardNumber:
    """One number of a card: a numeric field, or the position-th number inside a text."""

    card: str  # the card's id
    field: str  # "combat", ..., "wincon" or "abilities"
    value: int  # its value in the starting set
    low: int  # the smallest value the card language accepts here
    high: int
    ability: int | None = None  # for abilities: which one, from 1
    position: int | None = None  # for texts: which number of the text, from 1
    text: str = ""  # the Win-Con or ability as written

    @property
    def name(self) -> str:
        """The canonical name: `hatsurugi_touka.combat`, `syeira_coral.wincon.1`."""
        parts = [self.card, self.field]
        if self.ability is not None:
            parts.append(str(self.ability))
        if self.position is not None:
            parts.append(str(self.position))
        return ".".join(parts)

    @property
    def where(self) -> tuple[str, str, int | None]:
        """The field a change writes (two numbers of one text write one field)."""
        return self.card, self.field, self.ability


def numbers_in(text: str) -> list[re.Match]:
    return list(_NUMBER.finditer(text))


def _card(cards: CardSet, query: str) -> Card:
    try:
        return cards.find(query)
    except CardNameError as exc:
        raise NumberError(exc.message) from None


def _numeric_fields(card: Card) -> dict[str, tuple[int, int]]:
    return {s.name: (s.low, s.high) for s in FIELDS[card.kind] if s.type == "int"}


def _in_text(card: Card, field: str, ability: int | None, key: str, text: str) -> CardNumber:
    """The number `key` (a position or a word) names inside `text`."""
    label = field if ability is None else f"{field}.{ability}"
    found = numbers_in(text)
    listed = ", ".join(f"{label}.{i} = {m.group()}" for i, m in enumerate(found, 1)) or "none"
    if not found:
        raise NumberError(f'{card.id}.{label}: "{text}" has no number to vary')
    if key.isdigit():
        position = int(key)
        if not 1 <= position <= len(found):
            raise NumberError(
                f'{card.id}.{label}.{key}: "{text}" has {len(found)} number(s) ({listed}); '
                f"expected a position from 1 to {len(found)}"
            )
    else:
        word = re.search(rf"\b{re.escape(key)}\b", text, re.I)
        after = [i for i, m in enumerate(found, 1) if word and m.start() >= word.end()]
        if not after:
            raise NumberError(
                f'{card.id}.{label}.{key}: no number follows "{key}" in "{text}"; expected a '
                f"position or a word before a number ({listed})"
            )
        position = after[0]
    value = int(found[position - 1].group())
    # A number in a text has no range of its own in the card language: the checks of the
    # rewritten text judge it; 0 and up is all that is assumed here.
    return CardNumber(card.id, field, value, 0, 10**6, ability, position, text)


def find_number(cards: CardSet, target: str) -> CardNumber:
    """The number `target` names (see the module doc); NumberError when it names none."""
    parts = [p.strip() for p in target.strip().split(".")]
    if len(parts) < 2 or not all(parts):
        raise NumberError(f'"{target}": expected CARD.FIELD, CARD.wincon.N or CARD.abilities.K.N')
    card = _card(cards, parts[0])
    field = parts[1].lower()
    numeric = _numeric_fields(card)
    if field in numeric and len(parts) == 2:
        low, high = numeric[field]
        return CardNumber(card.id, field, int(getattr(card, field)), low, high)
    if field == "wincon" and len(parts) == 3:
        if not card.wincon:
            raise NumberError(f"{card.id}.wincon: the card has no Win-Con")
        return _in_text(card, field, None, parts[2], card.wincon)
    if field == "abilities" and len(parts) == 4 and parts[2].isdigit():
        k = int(parts[2])
        if not 1 <= k <= len(card.abilities):
            raise NumberError(
                f"{card.id}.abilities.{k}: the card has {len(card.abilities)} abilities; "
                f"expected a number from 1 to {len(card.abilities)}"
            )
        return _in_text(card, field, k, parts[3], card.abilities[k - 1])
    expected = ", ".join(sorted(numeric)) + ", wincon.N or abilities.K.N"
    raise NumberError(
        f"{card.id}.{'.'.join(parts[1:])}: not a number of this card; expected {expected}"
    )


def _rewritten(text: str, values: dict[int, int]) -> str:
    """The text with its numbers at the given positions (from 1) replaced."""
    pieces, last = [], 0
    for i, m in enumerate(numbers_in(text), 1):
        if i in values:
            pieces += [text[last : m.start()], str(values[i])]
            last = m.end()
    return "".join(pieces) + text[last:]


def changed_fields(changes: Iterable[tuple[CardNumber, int]]) -> dict[tuple, object]:
    """Each field the changes write, (card, field, ability) -> its new value: a number, or the
    whole Win-Con or ability with every changed number of it in place."""
    texts: dict[tuple, tuple[str, dict[int, int]]] = {}
    out: dict[tuple, object] = {}
    for number, value in changes:
        if number.position is None:
            out[number.where] = int(value)
        else:
            text, values = texts.setdefault(number.where, (number.text, {}))
            values[number.position] = int(value)
    for where, (text, values) in texts.items():
        out[where] = _rewritten(text, values)
    return out


def set_expressions(changes: Iterable[tuple[CardNumber, int]]) -> list[str]:
    """The changes as `--set` overrides, in a stable order."""
    import json

    out = []
    for (card, field, ability), value in sorted(changed_fields(changes).items(), key=str):
        name = f"{card}.{field}" + ("" if ability is None else f".{ability}")
        out.append(f"{name}={json.dumps(value) if isinstance(value, str) else value}")
    return out


def patch_tables(changes: Iterable[tuple[CardNumber, int]]) -> dict[str, dict[str, object]]:
    """The changes as a patch file's tables: card id -> {field: value}, with a changed ability
    written as `abilities.K` (a patch replaces that ability only)."""
    out: dict[str, dict[str, object]] = {}
    for (card, field, ability), value in sorted(changed_fields(changes).items(), key=str):
        key = field if ability is None else f"abilities.{ability}"
        out.setdefault(card, {})[key] = value
    return out
