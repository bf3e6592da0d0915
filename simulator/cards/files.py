"""Reading card files: TOML or CSV text into raw cards (fields not yet checked).

The loader checks the raw cards (loader.py) and patches edit them before that (patches.py); both
build on this module, so neither needs the other's private helpers.

Only regular files are ever opened: a FIFO, a device or a socket is reported without being
opened (opening a FIFO for reading blocks until someone writes to it, which may be never).
"""

from __future__ import annotations

import csv
import errno
import io
import os
import re
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from avarium.simulator import tomlread
from avarium.simulator.cards.errors import (
    ERROR,
    Problem,
    did_you_mean,
)
from avarium.simulator.cards.schema import FIELDS, KIND_BY_TABLE
from avarium.simulator.constants import CardKind
from avarium.simulator.fileio import read_regular
from avarium.simulator.safetext import csv_text

#: The file types a card set is written in; a directory is read for these, the rest left alone.
CARD_SUFFIXES = (".toml", ".csv")


def bundled_path() -> Path:
    """The folder of the default bundled set's card files (simulator/cards/bundled.py)."""
    from avarium.simulator.cards import bundled

    return bundled.folder()


@dataclass
class RawCard:
    """A card as read from a file, before checking: field values plus where they were written."""

    kind: CardKind
    values: dict[str, object]
    file: str
    line: int = 0
    field_lines: dict[str, int] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)  # the file's lines, to place ability errors
    from_text: bool = False  # values are strings (CSV) and need converting
    # field (or "abilities[N]" for one ability) -> (patch or --set, line) that last wrote it
    origins: dict[str, tuple[str, int]] = field(default_factory=dict)

    @property
    def card_id(self) -> str:
        value = self.values.get("id")
        return value if isinstance(value, str) else ""

    def problem(
        self,
        message: str,
        name: str = "",
        column: int = 0,
        suggestion: str = "",
        severity: str = ERROR,
        line: int = 0,
    ) -> Problem:
        base = name.split("[")[0]
        origin = self.origins.get(name) or self.origins.get(base)
        if origin is not None:  # a patch wrote this field: point at the patch
            file, origin_line = origin
            return Problem(severity, message, file, self.card_id, name, origin_line, 0, suggestion)
        return Problem(
            severity,
            message,
            self.file,
            self.card_id,
            name,
            line or self.field_lines.get(base, self.line),
            column,
            suggestion,
        )


# -- what is at a path, without opening it ---------------------------------------------------


def look(path: Path, problems: list[Problem]) -> os.stat_result | None:
    """What `path` is, following symbolic links but opening nothing; None (and a problem) when
    there is nothing there to read."""
    try:
        return path.stat()
    except OSError as exc:
        problems.append(Problem(ERROR, _unreachable(path, exc), str(path)))
        return None


def _unreachable(path: Path, exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "a symbolic link loop (following the links leads back to a link already followed)"
    if exc.errno == errno.ENOENT and path.is_symlink():
        return f"a broken symbolic link (it points at {_link_target(path)}, which does not exist)"
    if exc.errno == errno.ENOENT:
        return "no such file or directory"
    return f"cannot read it: {exc.strerror}"


def _link_target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "nothing readable"


def not_a_regular_file(path: Path, mode: int) -> Problem:
    """The problem of a path that is not a regular file; the path was not opened."""
    return Problem(
        ERROR,
        f"is not a regular file ({_what_it_is(mode)}); card and patch files must be regular "
        ".toml or .csv files, so it was not opened",
        str(path),
    )


def _what_it_is(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "it is a directory"
    if stat.S_ISFIFO(mode):
        return "it is a FIFO, a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device"
    if stat.S_ISSOCK(mode):
        return "it is a socket"
    return "it is a special file"


# -- reading files ---------------------------------------------------------------------------


def decode(path: Path, problems: list[Problem]) -> str | None:
    """The text of a card or patch file, or None (and a problem) if it cannot be read."""
    info = look(path, problems)
    if info is None:
        return None
    if not stat.S_ISREG(info.st_mode):
        problems.append(not_a_regular_file(path, info.st_mode))
        return None
    try:
        data = read_regular(path)
    except OSError as exc:
        problems.append(Problem(ERROR, f"cannot read the file: {exc.strerror}", str(path)))
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.append(
            Problem(
                ERROR,
                f"the file is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset "
                f"{exc.start}); save it as UTF-8",
                str(path),
                line=line,
            )
        )
        return None
    if not text.strip():
        problems.append(
            Problem(
                ERROR,
                "the file is empty (expected [[idol]], [[student]] or [[scheme]] "
                "tables, or CSV rows)",
                str(path),
            )
        )
        return None
    return text


_TOML_POS = re.compile(r"\(at line (\d+), column (\d+)\)")
#: `[[student]]`, or `[[add.student]]` in a patch file: group 1 the prefix, group 2 the kind.
TABLE_HEADER = re.compile(r"^\s*\[\[\s*(?:(\w+)\s*\.\s*)?(\w+)\s*\]\]")


def parse_toml(text: str, file: str, problems: list[Problem]) -> dict | None:
    """The TOML document, or None (and a problem at the line and column of the mistake)."""
    try:
        return tomlread.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_POS.search(str(exc))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
        msg = _TOML_POS.sub("", str(exc)).strip()
        problems.append(Problem(ERROR, f"TOML syntax: {msg}", file, line=line, column=col))
        return None


def read_toml(path: Path, problems: list[Problem]) -> list[RawCard]:
    text = decode(path, problems)
    if text is None:
        return []
    doc = parse_toml(text, str(path), problems)
    if doc is None:
        return []
    return raw_cards_from_doc(doc, str(path), text, problems)


def raw_cards_from_doc(
    doc: dict, file: str, text: str, problems: list[Problem], prefix: str = ""
) -> list[RawCard]:
    """The cards of `[[idol]]`, `[[student]]` and `[[scheme]]` tables (`[[add.student]]` and
    so on in a patch file, whose `prefix` is "add")."""
    lines = text.splitlines()
    headers: dict[str, list[int]] = {}
    for n, line in enumerate(lines, 1):
        m = TABLE_HEADER.match(line)
        if m and (m.group(1) or "") == prefix:
            headers.setdefault(m.group(2), []).append(n)
    shown = f"{prefix}." if prefix else ""
    raws: list[RawCard] = []
    for key, value in doc.items():
        if key == "set" and isinstance(value, dict) and not prefix:
            continue  # free-form notes about the set (name, note); not read by the toolkit
        if key not in KIND_BY_TABLE:
            problems.append(
                Problem(
                    ERROR,
                    f'unknown table "{shown}{key}" (expected [[{shown}idol]], '
                    f"[[{shown}student]] or [[{shown}scheme]]"
                    + ("" if prefix else " or [set]")
                    + ")",
                    file,
                    line=_first_line_naming(lines, key),
                    suggestion=did_you_mean(key, KIND_BY_TABLE),
                )
            )
            continue
        starts = headers.get(key, [])
        if not isinstance(value, list):
            where = starts[0] if starts else _first_line_naming(lines, key)
            problems.append(
                Problem(
                    ERROR,
                    f'"{key}": expected [[{shown}{key}]] tables, one per card',
                    file,
                    line=where,
                )
            )
            continue
        kind = KIND_BY_TABLE[key]
        for n, table in enumerate(value):
            start = starts[n] if n < len(starts) else 0
            end = starts[n + 1] if n + 1 < len(starts) else len(lines) + 1
            if not isinstance(table, dict):
                problems.append(
                    Problem(
                        ERROR,
                        f"{shown}{key} entry {n + 1}: expected a table of fields, one per card",
                        file,
                        line=start,
                    )
                )
                continue
            field_lines = _field_lines(lines, start, end)
            raws.append(RawCard(kind, dict(table), file, start, field_lines, lines))
    return raws


def _field_lines(lines: list[str], start: int, end: int) -> dict[str, int]:
    """The line of each `field = ...` between a table's header (line `start`) and the next."""
    found: dict[str, int] = {}
    for k in range(start, end - 1 if start else 0):
        m = re.match(r"^\s*([A-Za-z_][\w-]*)\s*=", lines[k])
        if m and m.group(1) not in found:
            found[m.group(1)] = k + 1
    return found


def _first_line_naming(lines: list[str], key: str) -> int:
    pattern = re.compile(rf"^\s*\[*\s*(?:\w+\s*\.\s*)?{re.escape(key)}\b")
    return next((n for n, line in enumerate(lines, 1) if pattern.match(line)), 0)


# -- CSV -------------------------------------------------------------------------------------


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


# -- a path: one file or a directory ---------------------------------------------------------


def read_source(path: Path, problems: list[Problem]) -> list[RawCard]:
    """The raw cards of a card file, or of every card file in a directory and its
    subdirectories."""
    info = look(path, problems)
    if info is None:
        return []
    if stat.S_ISDIR(info.st_mode):
        return read_directory(path, info, problems)
    return read_card_file(path, info, problems)


def read_card_file(path: Path, info: os.stat_result, problems: list[Problem]) -> list[RawCard]:
    if not stat.S_ISREG(info.st_mode):
        problems.append(not_a_regular_file(path, info.st_mode))
        return []
    if path.suffix.lower() == ".csv":
        return read_csv(path, problems)
    if path.suffix.lower() == ".toml":
        return read_toml(path, problems)
    problems.append(
        Problem(ERROR, f'unknown file type "{path.suffix}" (expected .toml or .csv)', str(path))
    )
    return []


def read_directory(top: Path, info: os.stat_result, problems: list[Problem]) -> list[RawCard]:
    """Every .toml and .csv file under `top` (see card_files), read in that order."""
    before = len(problems)
    files = card_files(top, info, problems)
    if not files and len(problems) == before:
        problems.append(
            Problem(
                ERROR,
                "the directory holds no .toml or .csv card files (subdirectories included)",
                str(top),
            )
        )
    raws: list[RawCard] = []
    for path, file_info in files:
        raws += read_card_file(path, file_info, problems)
    return raws


def card_files(
    top: Path, info: os.stat_result, problems: list[Problem]
) -> list[tuple[Path, os.stat_result]]:
    """The .toml and .csv files under `top`, subdirectories included, sorted by their path
    below `top` (so the order of the cards, and the fingerprint, never depend on the disk).

    Names starting with "." are skipped (editor backups, .git, the temporary file of an
    unfinished atomic write); other files are left alone (a README, __init__.py). A FIFO,
    device or socket is a problem whatever its name: it is not a card file and is not opened.
    """
    found: list[tuple[Path, os.stat_result]] = []
    _gather(top, problems, found, {(info.st_dev, info.st_ino): top})
    return found


def _gather(
    directory: Path,
    problems: list[Problem],
    found: list[tuple[Path, os.stat_result]],
    seen: dict[tuple[int, int], Path],
) -> None:
    try:
        names = sorted(entry.name for entry in os.scandir(directory))
    except OSError as exc:
        problems.append(
            Problem(ERROR, f"cannot list the directory: {exc.strerror}", str(directory))
        )
        return
    for name in names:
        if name.startswith("."):
            continue
        path = directory / name
        info = look(path, problems)
        if info is None:
            continue
        if stat.S_ISDIR(info.st_mode):
            first = seen.setdefault((info.st_dev, info.st_ino), path)
            if first != path:  # reached again through a symbolic link
                problems.append(_directory_seen_twice(path, first))
                continue
            _gather(path, problems, found, seen)
        elif not stat.S_ISREG(info.st_mode):
            problems.append(not_a_regular_file(path, info.st_mode))
        elif path.suffix.lower() in CARD_SUFFIXES:
            found.append((path, info))


def _directory_seen_twice(path: Path, first: Path) -> Problem:
    return Problem(
        ERROR,
        f"a symbolic link to {first}, which is already read (a link loop, or the same cards "
        "twice); expected each card directory once",
        str(path),
    )
