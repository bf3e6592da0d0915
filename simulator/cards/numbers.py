"""The numbers of a card set that a search may vary, each named as on the command line.

- a numeric field: `CARD.FIELD`, e.g. `touka.combat`, `raj.merit`, `kitty.reputation`;
- a number inside the Win-Con: `CARD.wincon.N` (the N-th number of its text, from 1) or
  `CARD.wincon.WORD` (the first number after WORD), e.g. `coral.wincon.clubs` for the 6 of
  "at start of turn: your clubs >= 6";
- a number inside an ability: `CARD.abilities.K.N` or `CARD.abilities.K.WORD` (ability K, from
  1), e.g. `raj.abilities.1.gain` for the 1 of "on end of turn ...: gain 1 merit".

A changed number becomes an ordinary override (`--set`) or patch-file entry: a Win-Con or an
ability is rewritten whole with the new number in place, so the usual checks read it. Errors are
NumberErrors (ValueErrors) naming the card, the field and what was expected. A number inside a
text is found and rewritten by text_numbers, which `--set CARD.wincon.N=V` uses too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from avarium.simulator.cards.errors import CardNameError
from avarium.simulator.cards.model import Card, CardSet
from avarium.simulator.cards.schema import FIELDS
from avarium.simulator.cards.text_numbers import NumberError, numbers_in, position_of, rewritten
from avarium.simulator.constants import MAX_CARD_NUMBER
from avarium.simulator.safetext import whole_number

TEXT_FIELDS = ("wincon", "abilities")


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
    position = position_of(text, key, card.id, label)
    value = int(numbers_in(text)[position - 1].group())
    # A number in a text has no range of its own in the card language: the checks of the
    # rewritten text judge it; 0 and up is all that is assumed here.
    return CardNumber(card.id, field, value, 0, MAX_CARD_NUMBER, ability, position, text)


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
        k = whole_number(parts[2]) or 0  # 0 (out of range) for too many or non-ASCII digits
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
        out[where] = rewritten(text, values)
    return out


def set_expressions(changes: Iterable[tuple[CardNumber, int]]) -> list[str]:
    """The changes as `--set` overrides, in a stable order."""
    import json

    out = []
    for (card, field, ability), value in sorted(changed_fields(changes).items(), key=str):
        name = f"{card}.{field}" + ("" if ability is None else f".{ability}")
        out.append(f"{name}={json.dumps(value) if isinstance(value, str) else value}")
    return out


def patch_tables(
    changes: Iterable[tuple[CardNumber, int]], cards: CardSet | None = None
) -> dict[str, dict[str, object]]:
    """The changes as a patch file's tables: card id -> {field: value}, with a changed ability
    written as `abilities.K` (a patch replaces that ability only). Given the `cards`, a card
    whose abilities changed gets its printed `text` rewritten to match, where printed_text can
    (the text is what a player reads: a stale number there misleads a playtest)."""
    out: dict[str, dict[str, object]] = {}
    for (card, field, ability), value in sorted(changed_fields(changes).items(), key=str):
        key = field if ability is None else f"abilities.{ability}"
        out.setdefault(card, {})[key] = value
    for card, fields in out.items() if cards is not None else ():
        abilities = abilities_in(fields)
        text = printed_text(cards[card], abilities) if abilities else None
        if text is not None and text != cards[card].text:
            fields["text"] = text
    return out


def abilities_in(fields: dict[str, object]) -> dict[int, str]:
    """A patch table's changed abilities: K -> the ability's new text (from `abilities.K`)."""
    return {int(k.split(".")[1]): str(v) for k, v in fields.items() if k.startswith("abilities.")}


def printed_text(card: Card, abilities: dict[int, str]) -> str | None:
    """`card`'s printed text with its numbers following its abilities, ability K now reading
    `abilities[K]`: when the text's numbers, in order, are the abilities' numbers as written, in
    order (the text says what they do, number for number), each is replaced by the new one in
    its place. None when they do not line up: which number of the text is which is then a
    guess, and the text is left for the designer (`cards validate` warns of the mismatch)."""
    if not card.text:
        return None
    before = [m.group() for a in card.abilities for m in numbers_in(a)]
    now = [abilities.get(k, a) for k, a in enumerate(card.abilities, 1)]
    after = [m.group() for a in now for m in numbers_in(a)]
    written = [m.group() for m in numbers_in(card.text)]
    if written == after:
        return card.text  # it says what the changed abilities do already
    if written != before or len(after) != len(before):
        return None
    return rewritten(card.text, {i: int(v) for i, v in enumerate(after, 1)})
