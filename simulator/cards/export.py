"""Writing a card set to a card file: TOML (as designers write cards) or CSV (for spreadsheets).

The file's extension names its format. The CSV has one row per card and a `kind` column;
abilities share one cell, one per line. Either file loads back (`load_cards("cards.toml")`)
through the same checks and gives the same fingerprint.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

from avarium.simulator import tomlwrite
from avarium.simulator.cards.model import CardSet
from avarium.simulator.cards.schema import CSV_COLUMNS, TABLE_NAMES
from avarium.simulator.fileio import write_atomically


def to_csv(card_set: CardSet) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for card in card_set.cards:
        row: dict[str, object] = {"kind": card.kind_name}
        for name, value in card.record().items():
            if isinstance(value, bool):
                value = "true" if value else "false"
            elif isinstance(value, list):
                value = "\n".join(value)
            row[name] = value
        writer.writerow(row)
    return buf.getvalue()


def to_toml(card_set: CardSet) -> str:
    """A card file: one `[[idol]]`, `[[student]]` or `[[scheme]]` table per card, in set order."""
    tables: dict[str, list[dict[str, object]]] = {name: [] for name in TABLE_NAMES.values()}
    for card in card_set.cards:
        tables[TABLE_NAMES[card.kind]].append(card.record())
    note = {"source": card_set.source, "fingerprint": card_set.fingerprint}
    text = tomlwrite.dumps({"set": note} if card_set.source else {}, tables)
    # JSON's escapes (tomlwrite) leave DEL as it is, and TOML strings may not hold it raw; it
    # can only stand inside a string here, so escaping it everywhere is safe.
    return text.lstrip("\n").replace("\x7f", "\\u007f")


#: Each format by the extension that names it.
FORMATS: dict[str, Callable[[CardSet], str]] = {".toml": to_toml, ".csv": to_csv}


def export_cards(card_set: CardSet, path: str | Path) -> Path:
    """Write the set in the format `path`'s extension names (.toml or .csv), atomically: an
    existing file is replaced whole or not at all. Raises ValueError for another extension."""
    path = Path(path)
    render = FORMATS.get(path.suffix.lower())
    if render is None:
        raise ValueError(
            f'cannot export to "{path.name}": expected a file name ending in .toml or .csv'
        )
    # write_atomically gives the file the mode any new file would get (the umask's), not the
    # 0600 of its private temporary file: a card file is for sharing.
    return write_atomically(path, render(card_set))


def export_csv(card_set: CardSet, path: str | Path) -> Path:
    """Write the set to `path` as CSV, atomically, whatever its extension."""
    return write_atomically(Path(path), to_csv(card_set))
