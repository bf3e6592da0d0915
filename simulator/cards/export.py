"""Writing a card set to a card file: TOML (as designers write cards) or CSV (for spreadsheets).

The file's extension names its format. The CSV has one row per card and a `kind` column;
abilities share one cell, one per line; a text cell a spreadsheet would run as a formula is
written with a leading single quote (safetext.csv_cell), which the reader takes off. Either
file loads back (`load_cards("cards.toml")`) through the same checks and gives the same
fingerprint.

An export replaces only an earlier export, unchanged (simulator/owned.py): the TOML starts
with a stamp comment; a CSV has no comments, so it is recognised as a file that loads and
exports again to the very same bytes. Anything else there (a card file a designer writes by
hand, an export edited since) is kept and refused.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

from avarium.simulator import tomlwrite
from avarium.simulator.cards.csv_cards import csv_cards
from avarium.simulator.cards.errors import CardSetError, Problem
from avarium.simulator.cards.loader import build_set
from avarium.simulator.cards.model import CardSet
from avarium.simulator.cards.schema import CSV_COLUMNS, TABLE_NAMES
from avarium.simulator.owned import TOML_COMMENT, replace_own, stamp_holds, stamped
from avarium.simulator.safetext import csv_cell

WRITER = "avarium cards export"


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
            row[name] = csv_cell(value)
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
    return stamped(text.lstrip("\n").replace("\x7f", "\\u007f"), WRITER, TOML_COMMENT)


#: Each format by the extension that names it.
FORMATS: dict[str, Callable[[CardSet], str]] = {".toml": to_toml, ".csv": to_csv}


def export_cards(card_set: CardSet, path: str | Path) -> Path:
    """Write the set in the format `path`'s extension names (.toml or .csv), atomically: an
    earlier export there, unchanged, is replaced whole or not at all; any other file is kept
    (ForeignFileError). Raises ValueError for another extension."""
    path = Path(path)
    render = FORMATS.get(path.suffix.lower())
    if render is None:
        raise ValueError(
            f'cannot export to "{path.name}": expected a file name ending in .toml or .csv'
        )
    return _write(path, render(card_set))


def export_csv(card_set: CardSet, path: str | Path) -> Path:
    """Write the set to `path` as CSV, atomically, whatever its extension."""
    return _write(Path(path), to_csv(card_set))


def _write(path: Path, text: str) -> Path:
    """Write an export over nothing or an earlier export, unchanged; ForeignFileError (the file
    kept) over anything else. The file takes the mode any new file would get (the umask's), not
    the 0600 of its private temporary file: a card file is for sharing."""
    return replace_own(path, text.encode("utf-8"), _an_export, WRITER)


def _an_export(data: bytes) -> bool:
    """True for a file an export wrote, unchanged: a stamped TOML file, or a CSV (whatever the
    name says) that loads and exports again to exactly these bytes."""
    if stamp_holds(data, WRITER, TOML_COMMENT):
        return True
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    problems: list[Problem] = []
    try:
        again = build_set(csv_cards(text, "", problems), problems)
    except CardSetError:
        return False
    return to_csv(again) == text
