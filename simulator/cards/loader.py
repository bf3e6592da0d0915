"""Reading card sets from TOML or CSV and checking every field and ability.

`load_cards(path)` reads one card file, or every `.toml` and `.csv` file of a directory and its
subdirectories, applies any patches, checks everything and returns a `CardSet`; every error
found is reported together in one `CardSetError`. Nothing here ever lets another exception out
for bad input.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from avarium.simulator.cards import bundled
from avarium.simulator.cards.check import check_ability, check_wincon
from avarium.simulator.cards.errors import (
    ERROR,
    AbilitySyntaxError,
    CardSetError,
    Problem,
    did_you_mean,
)
from avarium.simulator.cards.files import bundled_path, read_source
from avarium.simulator.cards.model import Card, CardSet
from avarium.simulator.cards.parser import parse_ability, parse_wincon
from avarium.simulator.cards.patches import apply_patch_file, apply_sets
from avarium.simulator.cards.raw import RawCard
from avarium.simulator.cards.schema import FIELDS, ID_PATTERN, TABLE_NAMES, FieldSpec
from avarium.simulator.cards.schema import spec as field_spec
from avarium.simulator.cards.toml_cards import TABLE_HEADER
from avarium.simulator.constants import COURTYARD_SIZE, CardKind, Club, Colour, Gender, Level
from avarium.simulator.fileio import absolute
from avarium.simulator.safetext import MAX_DIGITS, described, first_control, whole_number

BUNDLED = "bundled prototype set"
MAX_ABILITIES = 16  # the engine records "used this turn" as one bit per ability of a card

# The smallest set the rules can be played with (docs/cards.md, "How small a set may be").
# Two Idols: a Duel seats two players, each with an Idol of their own (every Idol card exists
# once, so two seats never share one). Six Students: setup step 4 flips six Students from the
# School into the Courtyard; with fewer the School runs out during setup and the game is over
# before the first turn. No Scheme is needed: drawing from an empty Library with an empty Trash
# Pile draws nothing (ruling 12), and the game plays on.
MIN_IDOLS = 2
MIN_STUDENTS = COURTYARD_SIZE


# -- checking fields -------------------------------------------------------------------------


def _convert(raw: RawCard, spec: FieldSpec, value: object, problems: list[Problem]) -> object:
    """The value checked (and converted from text where the source is text), or None if bad."""

    def bad(found: str, suggestion: str = "") -> None:
        problems.append(
            raw.problem(
                f"found {found}, expected {spec.expected}", spec.name, suggestion=suggestion
            )
        )

    if not _free_of_controls(raw, spec, value, problems):
        return None
    if spec.type == "int":
        if raw.from_text and isinstance(value, str):
            number = whole_number(value)  # ASCII digits, refused by length before int()
            if number is None:
                bad(described(value.strip()))
                return None
            value = number
        if isinstance(value, bool) or not isinstance(value, int):
            bad(_shown(value))
            return None
        if not spec.low <= value <= spec.high:
            bad(described(str(value), MAX_DIGITS).strip('"'))
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
    if spec.longest and len(value) > spec.longest:
        bad(f"{len(value):,} characters")
        return None
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


def _free_of_controls(raw: RawCard, spec: FieldSpec, value: object, problems: list[Problem]):
    """False (and a problem naming the field) when a text of the card holds a control character:
    NUL, ESC and the rest would reach terminals, pages and spreadsheets from every name and line
    printed. A line break is allowed only in the printed rules text, which may run over lines."""
    texts = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    for n, text in enumerate(texts, 1):
        if not isinstance(text, str):
            continue
        found = first_control(text.replace("\n", " ") if spec.name == "text" else text)
        if found is not None:
            field = spec.name if isinstance(value, str) else f"{spec.name}[{n}]"
            problems.append(
                raw.problem(
                    f"found the control character {found[1]} at character {found[0]}, "
                    "expected text without control characters",
                    field,
                )
            )
            return False
    return True


def _a(kind: CardKind) -> str:
    """The kind with its article: an idol, a student, a scheme."""
    word = kind.name.lower()
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    if isinstance(value, str):
        shown = described(value)
        return shown if shown.startswith("a number") else f"text {shown}"
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
        if n > start and TABLE_HEADER.match(raw.lines[n]):
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
                        f'unknown field "{name}" for {_a(kind)} (expected one of '
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
    from avarium.simulator.cards.lint import lint_set

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
    problems += too_small_for_the_rules(raws, source)
    if any(p.severity == ERROR for p in problems):
        raise CardSetError(problems)
    order = {CardKind.IDOL: 0, CardKind.STUDENT: 1, CardKind.SCHEME: 2}
    cards.sort(key=lambda c: order[c.kind])  # stable: file order within a kind
    card_set = CardSet(cards, source=source)
    card_set.warnings = problems + lint_set(card_set)
    return card_set


def too_small_for_the_rules(raws: list[RawCard], source: str) -> list[Problem]:
    """A set with too few Idols or Students to set up a game is an error, not a warning."""
    idols = sum(_copies(r) for r in raws if r.kind == CardKind.IDOL)
    students = sum(_copies(r) for r in raws if r.kind == CardKind.STUDENT)
    problems = []
    if idols < MIN_IDOLS:
        problems.append(
            Problem(
                ERROR,
                f"the set has {idols} Idol{'s' * (idols != 1)}; expected at least {MIN_IDOLS}: "
                "a Duel seats two players, each with their own Idol",
                source,
            )
        )
    if students < MIN_STUDENTS:
        problems.append(
            Problem(
                ERROR,
                f"the set has {students} Student{'s' * (students != 1)} (copies included); "
                f"expected at least {MIN_STUDENTS}: setup flips {COURTYARD_SIZE} Students into "
                "the Courtyard, and with fewer the School runs out before the first turn",
                source,
            )
        )
    return problems


def _copies(raw: RawCard) -> int:
    """The physical cards a raw card stands for; 1 when `copies` is missing or wrong (a wrong
    value is reported by the field checks)."""
    value = raw.values.get("copies", 1)
    if isinstance(value, str) and raw.from_text and whole_number(value) is not None:
        value = whole_number(value)
    limits = field_spec(CardKind.STUDENT, "copies")
    if isinstance(value, bool) or not isinstance(value, int) or limits is None:
        return 1
    return value if limits.low <= value <= limits.high else 1


def load_cards(
    path: str | Path | None = None,
    sets: list[str] | tuple[str, ...] = (),
    patches: list[str | Path] | tuple[str | Path, ...] = (),
) -> CardSet:
    """Load, patch and check a card set: a path, a bundled set's name (simulator/cards/
    bundled.py), or the default bundled set when `path` is None.

    `sets` are `card.field=value` overrides, `patches` TOML patch files; see `patches.py`.
    Raises `CardSetError` listing every problem found.
    """
    problems: list[Problem] = []
    name = bundled.named(path)
    source = Path(path) if name is None else bundled.folder(name)
    if name is None and not os.path.lexists(source):
        said = f"no such file or directory, nor a bundled set ({', '.join(bundled.SETS)})"
        hint = did_you_mean(str(path), list(bundled.SETS))
        raise CardSetError([Problem(ERROR, said, str(path), suggestion=hint)])
    raws = read_source(source, problems)
    if any(p.severity == ERROR for p in problems):
        raise CardSetError(problems)  # a file that could not be read: patches would misfire
    # A bundled set's own patches (how version 2 is made from version 1), then the caller's.
    own = bundled.patches(name) if name is not None else []
    for patch in [*own, *patches]:
        raws = apply_patch_file(raws, Path(patch), problems)
    raws = apply_sets(raws, list(sets), problems)
    # Bad patch entries do not stop here: the checks below report the bad values as well, so
    # that one run lists every problem of every patch.
    label = str(path) if name is None else f"{BUNDLED} {name}"
    card_set = build_set(raws, problems, label)
    # None names the default set (as every run recorded before sets had names); a named
    # bundled set keeps its name, a path its absolute form.
    card_set.path = (
        None if path is None else name if name is not None else str(absolute(Path(path)))
    )
    card_set.sets = tuple(sets)
    card_set.patches = tuple(str(absolute(Path(p))) for p in patches)
    return card_set


__all__ = ["BUNDLED", "TABLE_NAMES", "RawCard", "build_set", "bundled_path", "load_cards"]
