"""Cards in CSV: one row per card, a header naming the fields, read into raw cards whose
values are still text (a spreadsheet's cells, never run as formulas: simulator/safetext.py)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from avarium.simulator.cards.errors import ERROR, Problem, did_you_mean
from avarium.simulator.cards.opening import decode
from avarium.simulator.cards.raw import RawCard
from avarium.simulator.cards.schema import FIELDS, KIND_BY_TABLE
from avarium.simulator.safetext import csv_text


def read_csv(path: Path, problems: list[Problem]) -> list[RawCard]:
    text = decode(path, problems)
    if text is None:
        return []
    return csv_cards(text, str(path), problems)


def csv_cards(text: str, file: str, problems: list[Problem]) -> list[RawCard]:
    """The raw cards of a CSV card file's text (problems name `file`)."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = [h.strip().lower() for h in next(reader)]
        rows = []
        previous_end = reader.line_num
        for row in reader:
            rows.append((previous_end + 1, [csv_text(cell) for cell in row]))
            previous_end = reader.line_num
    except csv.Error as exc:
        problems.append(Problem(ERROR, f"CSV syntax: {exc}", file, line=reader.line_num))
        return []
    except StopIteration:  # no header row (read_csv never gets here: decode refuses it)
        problems.append(Problem(ERROR, "the CSV has no header row", file, line=1))
        return []
    if not _header_is_sound(header, file, problems):
        return []
    raws = []
    for line, row in rows:
        if not any(cell.strip() for cell in row):
            continue  # a blank row between groups of cards, as spreadsheets often have
        raw = _row_card(header, row, file, line, problems)
        if raw is not None:
            raws.append(raw)
    return raws


def _header_is_sound(header: list[str], file: str, problems: list[Problem]) -> bool:
    before = len(problems)
    if "kind" not in header:
        problems.append(
            Problem(ERROR, 'the CSV needs a "kind" column (idol, student or scheme)', file, line=1)
        )
    for name in sorted({h for h in header if h and header.count(h) > 1}):
        problems.append(
            Problem(
                ERROR,
                f'the column "{name}" appears {header.count(name)} times in the header '
                "(expected each column once)",
                file,
                field=name,
                line=1,
            )
        )
    return len(problems) == before


def _row_card(
    header: list[str], row: list[str], file: str, line: int, problems: list[Problem]
) -> RawCard | None:
    """One row as a raw card, or None (and a problem) when its cells cannot be trusted."""
    card_id = row[header.index("id")].strip() if "id" in header[: len(row)] else ""
    if len(row) != len(header):
        problems.append(_wrong_cell_count(header, row, file, line, card_id))
        return None
    unnamed = [
        n for n, (h, cell) in enumerate(zip(header, row, strict=True), 1) if not h and cell.strip()
    ]
    if unnamed:
        problems.append(
            Problem(
                ERROR,
                f"cell {unnamed[0]} holds a value but its column has no name in the header "
                "(expected a field name such as id, cost or abilities)",
                file,
                card_id,
                "",
                line,
            )
        )
        return None
    values = {h: cell for h, cell in zip(header, row, strict=True) if h and cell.strip() != ""}
    kind_text = str(values.pop("kind", "")).strip().lower()
    if kind_text not in KIND_BY_TABLE:
        problems.append(
            Problem(
                ERROR,
                f'kind "{kind_text}" is not idol, student or scheme',
                file,
                card_id,
                "kind",
                line,
                suggestion=did_you_mean(kind_text, KIND_BY_TABLE),
            )
        )
        return None
    kind = KIND_BY_TABLE[kind_text]
    known = {f.name for f in FIELDS[kind]}
    # A spreadsheet has every column; a value in another kind's column is a mistake.
    for name in list(values):
        if name not in known and any(name == f.name for k in FIELDS.values() for f in k):
            problems.append(
                Problem(
                    ERROR,
                    f'field "{name}" is not a field of a {kind_text}',
                    file,
                    card_id,
                    name,
                    line,
                )
            )
            values.pop(name)
    if "abilities" in values:
        values["abilities"] = [
            a.strip() for a in re.split(r"\n|\|", str(values["abilities"])) if a.strip()
        ]
    return RawCard(kind, values, file, line, {}, [], from_text=True)


def _wrong_cell_count(header: list[str], row: list[str], file: str, line: int, card_id: str):
    """A row longer or shorter than the header: its cells cannot be matched to columns."""
    expected = f"expected {len(header)}, one per column of the header on line 1"
    if len(row) > len(header):
        extra = ", ".join(f'"{c}"' for c in row[len(header) :][:3])
        more = ", ..." if len(row) - len(header) > 3 else ""
        message = f"the row has {len(row)} cells, {expected} (extra: {extra}{more})"
        return Problem(ERROR, message, file, card_id, "", line)
    missing = header[len(row) :]
    message = (
        f"the row has {len(row)} cells, {expected} (missing: "
        + ", ".join(missing[:5])
        + (", ..." if len(missing) > 5 else "")
        + ")"
    )
    return Problem(ERROR, message, file, card_id, missing[0], line)
