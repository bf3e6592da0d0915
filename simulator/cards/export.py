"""Writing a card set to CSV for designers who keep their cards in a spreadsheet.

The CSV has one row per card and a `kind` column; abilities share one cell, one per line. Loading
the CSV back (`load_cards("cards.csv")`) goes through the same checks as TOML and gives the same
fingerprint.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from avarium.simulator.cards.model import CardSet
from avarium.simulator.cards.schema import CSV_COLUMNS
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


def export_csv(card_set: CardSet, path: str | Path) -> Path:
    """Write the set to `path` atomically: an existing file is replaced whole or not at all."""
    return write_atomically(Path(path), to_csv(card_set))
