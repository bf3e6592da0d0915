"""Card tables in TOML: `[[idol]]`, `[[student]]` and `[[scheme]]` (`[[add.student]]` and so on in
a patch file) read into raw cards, each field with the line it is written on."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from avarium.simulator import tomlread
from avarium.simulator.cards.errors import ERROR, Problem, did_you_mean
from avarium.simulator.cards.opening import decode
from avarium.simulator.cards.raw import RawCard
from avarium.simulator.cards.schema import KIND_BY_TABLE

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
