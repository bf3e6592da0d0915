"""Reading card sets from TOML or CSV and checking every field and ability.

`load_cards(path)` reads a directory of `*.toml` files (or `*.csv` files), or one file, applies
any patches, checks everything and returns a `CardSet`; every error found is reported together in
one `CardSetError`. Nothing here ever lets another exception out for bad input.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from simulator.cards.check import check_ability, check_wincon
from simulator.cards.errors import (
    ERROR,
    AbilitySyntaxError,
    CardSetError,
    Problem,
    did_you_mean,
)
from simulator.cards.model import Card, CardSet
from simulator.cards.parser import parse_ability, parse_wincon
from simulator.cards.schema import FIELDS, ID_PATTERN, KIND_BY_TABLE, TABLE_NAMES, FieldSpec
from simulator.constants import CardKind, Club, Colour, Gender, Level

BUNDLED = "bundled prototype set"
MAX_ABILITIES = 16  # the engine records "used this turn" as one bit per ability of a card


def bundled_path() -> Path:
    return Path(str(resources.files("simulator") / "data"))


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


def _decode(path: Path, problems: list[Problem]) -> str | None:
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
_HEADER = re.compile(r"^\s*\[\[\s*(\w+)\s*\]\]")


def read_toml(path: Path, problems: list[Problem]) -> list[RawCard]:
    text = _decode(path, problems)
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
        m = _HEADER.match(line)
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
    text = _decode(path, problems)
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


# -- checking fields -------------------------------------------------------------------------


def _convert(raw: RawCard, spec: FieldSpec, value: object, problems: list[Problem]) -> object:
    """The value checked (and converted from text where the source is text), or None if bad."""

    def bad(found: str, suggestion: str = "") -> None:
        problems.append(
            raw.problem(
                f"found {found}, expected {spec.expected}", spec.name, suggestion=suggestion
            )
        )

    if spec.type == "int":
        if raw.from_text and isinstance(value, str):
            text = value.strip()
            if not re.fullmatch(r"[+-]?\d+", text):
                bad(f'"{value}"')
                return None
            value = int(text)
        if isinstance(value, bool) or not isinstance(value, int):
            bad(_shown(value))
            return None
        if not spec.low <= value <= spec.high:
            bad(str(value))
            return None
        return value
    if spec.type == "bool":
        if raw.from_text and isinstance(value, str):
            lowered = value.strip().lower()
            truth = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
            if lowered in truth:
                return truth[lowered]
        if not isinstance(value, bool):
            bad(_shown(value))
            return None
        return value
    if spec.type == "abilities":
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            bad(_shown(value))
            return None
        return tuple(value)
    if not isinstance(value, str):
        bad(_shown(value))
        return None
    value = value.strip()
    if spec.type == "id" and not re.fullmatch(ID_PATTERN, value):
        bad(f'"{value}"', re.sub(r"[^a-z0-9_]", "_", value.lower()).strip("_"))
        return None
    if spec.type == "choice":
        lowered = {c.lower().replace(" ", "_"): c for c in spec.choices}
        key = value.lower().replace(" ", "_")
        if key not in lowered:
            bad(f'{spec.name} "{value}"', lowered.get(did_you_mean(key, lowered), ""))
            return None
        return lowered[key]
    if spec.type in ("text", "wincon", "id") and spec.required and not value:
        bad("an empty value")
        return None
    return value


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    if isinstance(value, str):
        return f'text "{value}"'
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, float):
        return f"the decimal number {value}"
    return f"{value!r}"


def _ability_position(raw: RawCard, text: str, column: int) -> tuple[int, int]:
    """Line and column in the file of a column inside an ability line, when it can be found."""
    start = raw.line or 1
    for n in range(start - 1, len(raw.lines)):
        pos = raw.lines[n].find(text)
        if pos >= 0:
            return n + 1, pos + column
        if n > start and _HEADER.match(raw.lines[n]):
            break
    return raw.field_lines.get("abilities", raw.line), 0


def check_raw(raw: RawCard, problems: list[Problem]) -> Card | None:
    """Check one card's fields and abilities; returns the Card if it has no error."""
    before = len(problems)
    kind = raw.kind
    specs = {s.name: s for s in FIELDS[kind]}
    for name in raw.values:
        if name not in specs:
            if name == "wincon":
                problems.append(raw.problem("only Idols have a Win-Con", name))
            else:
                problems.append(
                    raw.problem(
                        f'unknown field "{name}" for a {kind.name.lower()} (fields: '
                        f"{', '.join(specs)})",
                        name,
                        suggestion=did_you_mean(name, specs),
                    )
                )
    out: dict[str, object] = {}
    for name, spec in specs.items():
        if name not in raw.values:
            if spec.required:
                problems.append(raw.problem(f"missing field {name} ({spec.expected})", name))
            else:
                out[name] = spec.default
            continue
        value = _convert(raw, spec, raw.values[name], problems)
        if value is not None:
            out[name] = value
    parsed = []
    if len(out.get("abilities", ()) or ()) > MAX_ABILITIES:
        problems.append(
            raw.problem(
                f"a card has at most {MAX_ABILITIES} abilities (found {len(out['abilities'])})",
                "abilities",
            )
        )
    for n, text in enumerate(out.get("abilities", ()) or (), 1):
        try:
            ability = parse_ability(text)
        except AbilitySyntaxError as exc:
            line, col = _ability_position(raw, text, exc.column)
            problems.append(
                raw.problem(
                    f"ability {n}, col {exc.column}: {exc.message}",
                    f"abilities[{n}]",
                    col,
                    exc.suggestion,
                    line=line,
                )
            )
            continue
        for message, col in check_ability(ability, kind, bool(out.get("surprise"))):
            line, fcol = _ability_position(raw, text, col)
            problems.append(
                raw.problem(
                    f"ability {n}, col {col}: {message}", f"abilities[{n}]", fcol, line=line
                )
            )
        parsed.append(ability)
    if kind == CardKind.SCHEME and "abilities" in out and not out["abilities"]:
        problems.append(raw.problem('a Scheme needs at least one "play: ..." ability', "abilities"))
    parsed_wincon = None
    if isinstance(out.get("wincon"), str):
        try:
            parsed_wincon = parse_wincon(out["wincon"])
            for message, col in check_wincon(parsed_wincon):
                problems.append(raw.problem(f"col {col}: {message}", "wincon", col))
        except AbilitySyntaxError as exc:
            problems.append(
                raw.problem(
                    f"col {exc.column}: {exc.message}", "wincon", exc.column, exc.suggestion
                )
            )
    if len(problems) > before:
        return None
    enums = {
        "club": lambda v: Club[v.upper().replace(" ", "_")],
        "level": lambda v: Level[v.upper()],
        "colour": lambda v: Colour[v.upper()],
        "gender": lambda v: Gender[v.upper()],
    }
    for name, conv in enums.items():
        if name in out:
            out[name] = conv(out[name])
    return Card(
        kind=kind, parsed=tuple(parsed), parsed_wincon=parsed_wincon, source=raw.file, **out
    )


def build_set(raws: list[RawCard], problems: list[Problem], source: str = "") -> CardSet:
    """Check every raw card and the set as a whole; raise `CardSetError` on any error."""
    from simulator.cards.lint import lint_set

    cards: list[Card] = []
    seen: dict[str, RawCard] = {}
    for raw in raws:
        card = check_raw(raw, problems)
        cid = raw.card_id
        if cid and cid in seen:
            first = seen[cid]
            problems.append(
                raw.problem(
                    f'duplicate id "{cid}" (first used in {first.file}'
                    + (f" line {first.line}" if first.line else "")
                    + ")",
                    "id",
                )
            )
            continue
        if cid:
            seen[cid] = raw
        if card is not None:
            cards.append(card)
    if any(p.severity == ERROR for p in problems):
        raise CardSetError(problems)
    order = {CardKind.IDOL: 0, CardKind.STUDENT: 1, CardKind.SCHEME: 2}
    cards.sort(key=lambda c: order[c.kind])  # stable: file order within a kind
    card_set = CardSet(cards, source=source)
    card_set.warnings = problems + lint_set(card_set)
    return card_set


def load_cards(
    path: str | Path | None = None,
    sets: list[str] | tuple[str, ...] = (),
    patches: list[str | Path] | tuple[str | Path, ...] = (),
) -> CardSet:
    """Load, patch and check a card set (the bundled one when `path` is None).

    `sets` are `card.field=value` overrides, `patches` TOML patch files; see `patches.py`.
    Raises `CardSetError` listing every problem found.
    """
    from simulator.cards.patches import apply_patch_file, apply_sets

    problems: list[Problem] = []
    source = Path(path) if path is not None else bundled_path()
    raws = read_source(source, problems)
    for patch in patches:
        raws = apply_patch_file(raws, Path(patch), problems)
    raws = apply_sets(raws, list(sets), problems)
    if any(p.severity == ERROR for p in problems):
        raise CardSetError(problems)
    return build_set(raws, problems, BUNDLED if path is None else str(path))


__all__ = ["BUNDLED", "TABLE_NAMES", "RawCard", "build_set", "bundled_path", "load_cards"]
