"""Reading card files: TOML or CSV text into raw cards (fields not yet checked).

The loader checks the raw cards (loader.py) and patches edit them before that (patches.py); both
build on this module, so neither needs the other's private helpers.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from avarium.simulator.cards.errors import (
    ERROR,
    Problem,
    did_you_mean,
)
from avarium.simulator.cards.schema import FIELDS, KIND_BY_TABLE
from avarium.simulator.constants import CardKind


def bundled_path() -> Path:
    return Path(str(resources.files("avarium.simulator") / "data"))


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
    origins: dict[str, str] = field(default_factory=dict)  # field -> patch that last set it

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
        if base in self.origins:  # a patch wrote this field: point at the patch
            return Problem(
                severity, message, self.origins[base], self.card_id, name, 0, 0, suggestion
            )
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


# -- reading files ---------------------------------------------------------------------------


def decode(path: Path, problems: list[Problem]) -> str | None:
    try:
        data = path.read_bytes()
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
TABLE_HEADER = re.compile(r"^\s*\[\[\s*(\w+)\s*\]\]")


def read_toml(path: Path, problems: list[Problem]) -> list[RawCard]:
    text = decode(path, problems)
    if text is None:
        return []
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_POS.search(str(exc))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
        msg = _TOML_POS.sub("", str(exc)).strip()
        problems.append(Problem(ERROR, f"TOML syntax: {msg}", str(path), line=line, column=col))
        return []
    return raw_cards_from_doc(doc, str(path), text, problems)


def raw_cards_from_doc(doc: dict, file: str, text: str, problems: list[Problem]) -> list[RawCard]:
    lines = text.splitlines()
    headers: dict[str, list[int]] = {}
    for n, line in enumerate(lines, 1):
        m = TABLE_HEADER.match(line)
        if m:
            headers.setdefault(m.group(1), []).append(n)
    raws: list[RawCard] = []
    for key, value in doc.items():
        if key == "set" and isinstance(value, dict):
            continue  # free-form notes about the set (name, note); not read by the toolkit
        if key not in KIND_BY_TABLE:
            problems.append(
                Problem(
                    ERROR,
                    f'unknown table "{key}" (expected [[idol]], [[student]], [[scheme]] or [set])',
                    file,
                    suggestion=did_you_mean(key, KIND_BY_TABLE),
                )
            )
            continue
        if not isinstance(value, list):
            problems.append(Problem(ERROR, f'"{key}" must be written as [[{key}]] tables', file))
            continue
        kind = KIND_BY_TABLE[key]
        starts = headers.get(key, [])
        for n, table in enumerate(value):
            start = starts[n] if n < len(starts) else 0
            end = starts[n + 1] if n + 1 < len(starts) else len(lines) + 1
            field_lines = {}
            for k in range(start, end - 1 if start else 0):
                m = re.match(r"^\s*([A-Za-z_][\w-]*)\s*=", lines[k])
                if m and m.group(1) not in field_lines:
                    field_lines[m.group(1)] = k + 1
            if not isinstance(table, dict):
                problems.append(Problem(ERROR, f"[[{key}]] entry {n + 1} is not a table", file))
                continue
            raws.append(RawCard(kind, dict(table), file, start, field_lines, lines))
    return raws


def read_csv(path: Path, problems: list[Problem]) -> list[RawCard]:
    text = decode(path, problems)
    if text is None:
        return []
    reader = csv.reader(io.StringIO(text))
    raws = []
    try:
        header = [h.strip().lower() for h in next(reader)]
        if "kind" not in header:
            problems.append(
                Problem(
                    ERROR,
                    'the CSV needs a "kind" column (idol, student or scheme)',
                    str(path),
                    line=1,
                )
            )
            return []
        rows = []
        previous_end = reader.line_num
        for row in reader:
            rows.append((previous_end + 1, row))
            previous_end = reader.line_num
    except csv.Error as exc:
        problems.append(Problem(ERROR, f"CSV syntax: {exc}", str(path), line=reader.line_num))
        return []
    for line, row in rows:
        if not any(cell.strip() for cell in row):
            continue
        values = {h: cell for h, cell in zip(header, row, strict=False) if h and cell.strip() != ""}
        kind_text = str(values.pop("kind", "")).strip().lower()
        if kind_text not in KIND_BY_TABLE:
            problems.append(
                Problem(
                    ERROR,
                    f'kind "{kind_text}" is not idol, student or scheme',
                    str(path),
                    values.get("id", ""),
                    "kind",
                    line,
                    suggestion=did_you_mean(kind_text, KIND_BY_TABLE),
                )
            )
            continue
        kind = KIND_BY_TABLE[kind_text]
        known = {f.name for f in FIELDS[kind]}
        # A spreadsheet has every column; only complain about columns no kind of card has.
        for name in list(values):
            if name not in known and any(name == f.name for k in FIELDS.values() for f in k):
                problems.append(
                    Problem(
                        ERROR,
                        f'field "{name}" is not a field of a {kind_text}',
                        str(path),
                        values.get("id", ""),
                        name,
                        line,
                    )
                )
                values.pop(name)
        if "abilities" in values:
            values["abilities"] = [
                a.strip() for a in re.split(r"\n|\|", str(values["abilities"])) if a.strip()
            ]
        raws.append(RawCard(kind, values, str(path), line, {}, [], from_text=True))
    return raws


def read_source(path: Path, problems: list[Problem]) -> list[RawCard]:
    if not path.exists():
        problems.append(Problem(ERROR, "no such file or directory", str(path)))
        return []
    if path.is_dir():
        files = sorted(path.glob("*.toml")) or sorted(path.glob("*.csv"))
        if not files:
            problems.append(
                Problem(ERROR, "the directory holds no .toml or .csv card files", str(path))
            )
        raws: list[RawCard] = []
        for f in files:
            raws += read_source(f, problems)
        return raws
    if path.suffix.lower() == ".csv":
        return read_csv(path, problems)
    if path.suffix.lower() == ".toml":
        return read_toml(path, problems)
    problems.append(
        Problem(ERROR, f'unknown file type "{path.suffix}" (expected .toml or .csv)', str(path))
    )
    return []
