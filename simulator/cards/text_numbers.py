"""The numbers written inside a card's text (a Win-Con, an ability): each named by its position
(from 1) or by the word before it, and rewritten in place. `--set CARD.wincon.N=V` (patches)
and the balance search's numbers (numbers) name them the same way, so a change the search
reports can be typed back as an override."""

from __future__ import annotations

import re

from avarium.simulator.safetext import whole_number

# A whole number standing alone in a card's text ("6" in ">= 6", "1" in "+1 combat"), not part
# of a word such as "p2".
_NUMBER = re.compile(r"(?<![A-Za-z_0-9])[0-9]+(?![A-Za-z_0-9])")


class NumberError(ValueError):
    """A number that cannot be named: the message says which card and field, and what was
    expected."""


def numbers_in(text: str) -> list[re.Match]:
    return list(_NUMBER.finditer(text))


def position_of(text: str, key: str, card: str, label: str) -> int:
    """The position (from 1) of the number `key` names in `text`: a position, or a word the
    number follows. `card` and `label` (`wincon`, `abilities.2`) name the text in the errors."""
    found = numbers_in(text)
    listed = ", ".join(f"{label}.{i} = {m.group()}" for i, m in enumerate(found, 1)) or "none"
    if not found:
        raise NumberError(f'{card}.{label}: "{text}" has no number to vary')
    if key.isdigit():
        position = whole_number(key) or 0  # 0 for another script's digits or too many
        if not 1 <= position <= len(found):
            raise NumberError(
                f'{card}.{label}.{key}: "{text}" has {len(found)} number(s) ({listed}); '
                f"expected a position from 1 to {len(found)}"
            )
        return position
    word = re.search(rf"\b{re.escape(key)}\b", text, re.I)
    after = [i for i, m in enumerate(found, 1) if word and m.start() >= word.end()]
    if not after:
        raise NumberError(
            f'{card}.{label}.{key}: no number follows "{key}" in "{text}"; expected a '
            f"position or a word before a number ({listed})"
        )
    return after[0]


def rewritten(text: str, values: dict[int, int]) -> str:
    """The text with its numbers at the given positions (from 1) replaced."""
    pieces, last = [], 0
    for i, m in enumerate(numbers_in(text), 1):
        if i in values:
            pieces += [text[last : m.start()], str(values[i])]
            last = m.end()
    return "".join(pieces) + text[last:]
