"""Patches: what-if changes to a card set without editing its files.

Two forms, applied to the cards as read (before checking, so a patch is checked like any card):

- `--set CARD.FIELD=VALUE`, e.g. `--set kumara_raj.merit=18`, `--set raj.abilities.1="EXHAUST:
  gain 2 merit"` (replace ability 1), `--set touka.abilities=[]`. CARD is an id or any
  unambiguous part of a name; VALUE is read as a TOML value (a bare word is taken as text).
  One number inside a Win-Con or an ability is named as `avarium balance` names it:
  `--set coral.wincon.clubs=3`, `--set amyba.wincon.1=20`, `--set kitty.abilities.1.1=2`.
- a patch file (TOML): one table per card to change, `remove = [ids]`, and `[[add.student]]`
  (or idol, scheme) tables for new cards::

      remove = ["record_o_matic"]

      [kumara_raj]
      merit = 18
      abilities.2 = "on join: draw 1"     # replace ability 2 only

      [[add.scheme]]
      id = "late_pass"
      ...
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from avarium.simulator import tomlread
from avarium.simulator.cards.errors import ERROR, CardNameError, Problem
from avarium.simulator.cards.names import resolve
from avarium.simulator.cards.opening import decode
from avarium.simulator.cards.raw import RawCard
from avarium.simulator.cards.text_numbers import NumberError, position_of, rewritten
from avarium.simulator.cards.toml_cards import parse_toml, raw_cards_from_doc
from avarium.simulator.constants import CardKind
from avarium.simulator.safetext import MAX_DIGITS, described, whole_number

_SET = re.compile(r"^\s*([^=]+?)\.([A-Za-z_]+)(?:\.([0-9]+))?\s*=(.*)$", re.S)
# One number inside a text, named as the balance search names it: `coral.wincon.clubs=3`,
# `amyba.wincon.1=20`, `kitty.abilities.1.1=2` (ability 1, its first number). A whole ability
# (`raj.abilities.1="..."`) has no key after its index, so it never reads as one.
_SET_NUMBER = re.compile(
    r"^\s*([^=]+?)\.(wincon|abilities\.([0-9]+))\.([A-Za-z_]+|[0-9]+)\s*=\s*(\S*)\s*$", re.I
)

#: Where a patch wrote something: the patch file (or the --set expression) and its line.
Origin = tuple[str, int]


@dataclass(frozen=True)
class _Named:
    id: str
    name: str
    kind: CardKind


def _find(raws: list[RawCard], query: str) -> RawCard:
    named = [_Named(r.card_id, str(r.values.get("name", r.card_id)), r.kind) for r in raws]
    card_id = resolve(named, query)
    return next(r for r in raws if r.card_id == card_id)


def _toml_value(text: str) -> object:
    try:
        return tomlread.loads(f"v = {text.strip()}")["v"]
    except tomllib.TOMLDecodeError:  # (a number too long for TOML is one) the text as written
        return text.strip()


def _assign(
    raw: RawCard,
    name: str,
    index: int | None,
    value: object,
    origin: Origin,
    problems: list[Problem],
) -> None:
    """Set a field (or, with `index`, one ability) and remember which patch line wrote it, so
    that a problem with the new value points at the patch."""
    file, line = origin
    if index is None:
        raw.values[name] = value
        for key in [k for k in raw.origins if k.startswith(f"{name}[")]:
            del raw.origins[key]  # the whole field is replaced: no ability keeps an older origin
        raw.origins[name] = origin
        return
    current = raw.values.get(name, [])
    if name != "abilities" or not isinstance(current, list):
        problems.append(
            Problem(
                ERROR,
                f"only abilities can be changed one by one (found {name}.{index}; "
                f"expected {name} = VALUE)",
                file,
                raw.card_id,
                name,
                line,
            )
        )
        return
    if not 1 <= index <= len(current) + 1:
        problems.append(
            Problem(
                ERROR,
                f"{name}.{index}: the card has {len(current)} abilities, so expected a number "
                f"from 1 to {len(current) + 1} ({len(current) + 1} adds one)",
                file,
                raw.card_id,
                f"{name}[{index}]",
                line,
            )
        )
        return
    current = list(current)
    if index == len(current) + 1:
        current.append(value)
    else:
        current[index - 1] = value
    raw.values[name] = current
    raw.origins[f"{name}[{index}]"] = origin


def _set_number(raw: RawCard, m: re.Match, origin: str, problems: list[Problem]) -> None:
    """`--set CARD.wincon.KEY=N` or `CARD.abilities.K.KEY=N`: the text rewritten with that one
    number changed, then set like any field, so the usual checks read the new text."""
    _, where, ability, key, value = m.groups()
    field = "abilities" if ability else "wincon"
    label = where.lower()  # wincon, abilities.K
    try:
        current = raw.values.get(field)
        if ability:
            listed = current if isinstance(current, list) else []
            index = whole_number(ability) or 0  # 0: too many digits, no such ability
            text = listed[index - 1] if 1 <= index <= len(listed) else None
        else:
            text = current
        if not isinstance(text, str):
            what = f"ability {ability}" if ability else "Win-Con"
            raise NumberError(f"{raw.card_id}.{label}: the card has no {what}")
        number = whole_number(value) if value.isdigit() else None
        if number is None:
            shown = repr(value) if len(value) <= MAX_DIGITS else described(value)
            why = f" (ASCII digits 0-9, at most {MAX_DIGITS})" if value.isdigit() else ""
            raise NumberError(
                f"{raw.card_id}.{label}.{key}: expected a whole number, found {shown}{why}"
            )
        position = position_of(text, key, raw.card_id, label)
    except NumberError as exc:
        problems.append(Problem(ERROR, str(exc), origin, raw.card_id, field))
        return
    new_text = rewritten(text, {position: number})
    _assign(raw, field, int(ability) if ability else None, new_text, (origin, 0), problems)


def apply_sets(raws: list[RawCard], sets: list[str], problems: list[Problem]) -> list[RawCard]:
    raws = [_copy(r) for r in raws]
    for expr in sets:
        # A problem names the expression as its file: a long one (a number of thousands of
        # digits) is named by its start.
        origin = (
            f"--set {expr}"
            if len(expr) <= 100
            else f"--set {expr[:60]}... ({len(expr):,} characters)"
        )
        number = _SET_NUMBER.match(expr)  # one number in a text, else a whole field
        m = number or _SET.match(expr)
        if m is None:
            problems.append(
                Problem(ERROR, "expected CARD.FIELD=VALUE, e.g. kumara_raj.merit=18", origin)
            )
            continue
        query = m.group(1)
        try:
            raw = _find(raws, query)
        except CardNameError as exc:
            problems.append(Problem(ERROR, exc.message, origin, query.strip()))
            continue
        if number:
            _set_number(raw, number, origin, problems)
            continue
        _, name, index, text = m.groups()
        position = None if index is None else whole_number(index)
        if index is not None and position is None:
            problems.append(
                Problem(
                    ERROR,
                    f"{name}.{index[:MAX_DIGITS]}...: expected an ability number of at most "
                    f"{MAX_DIGITS} digits (found {len(index):,})",
                    origin,
                    raw.card_id,
                    name,
                )
            )
            continue
        _assign(
            raw,
            name,
            position,
            _toml_value(text),
            (origin, 0),
            problems,
        )
    return raws


# -- patch files -----------------------------------------------------------------------------

_KEY_PART = r"(?:\"[^\"]*\"|'[^']*'|[A-Za-z0-9_-]+)"
_DOTTED = rf"{_KEY_PART}(?:\s*\.\s*{_KEY_PART})*"
_TABLE_LINE = re.compile(rf"^\s*\[\[?\s*({_DOTTED})\s*\]")
_KEY_LINE = re.compile(rf"^\s*({_DOTTED})\s*=")


def _key_path(text: str) -> tuple[str, ...]:
    return tuple(part.strip("\"'") for part in re.findall(_KEY_PART, text))


class PatchLines:
    """Where each key of a patch file is written (tomllib gives values, not lines), so that
    every problem in a patch names its line."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.keys: list[tuple[tuple[str, ...], int]] = []
        table: tuple[str, ...] = ()
        for n, line in enumerate(self.lines, 1):
            if m := _TABLE_LINE.match(line):
                table = _key_path(m.group(1))
                self.keys.append((table, n))
            elif m := _KEY_LINE.match(line):
                self.keys.append((table + _key_path(m.group(1)), n))

    def line(self, *path: str) -> int:
        """The first line writing `path` (or a key below it); failing that, its parent's."""
        while path:
            for key, n in self.keys:
                if key[: len(path)] == path:
                    return n
            path = path[:-1]
        return 0

    def line_of_removal(self, query: str) -> int:
        """The line of `query` in the `remove = [...]` list, which may span several lines."""
        start = self.line("remove")
        for n in range(start, len(self.lines) + 1) if start else ():
            if re.search(rf"[\"']{re.escape(query)}[\"']", self.lines[n - 1]):
                return n
        return start


@dataclass
class _Patch:
    """One patch file being applied: where it is, where its keys are, what went wrong."""

    file: str
    where: PatchLines
    problems: list[Problem]

    def problem(self, message: str, card: str = "", field: str = "", line: int = 0) -> None:
        self.problems.append(Problem(ERROR, message, self.file, card, field, line))

    def remove(self, raws: list[RawCard], queries: object) -> list[RawCard]:
        if not isinstance(queries, list):
            self.problem(
                'remove must be a list of card ids or names, e.g. remove = ["record_o_matic"]',
                field="remove",
                line=self.where.line("remove"),
            )
            return raws
        for query in queries:
            try:
                gone = _find(raws, str(query))
            except CardNameError as exc:
                line = self.where.line_of_removal(str(query))
                self.problem(f"remove: {exc.message}", str(query), "remove", line)
                continue
            raws = [r for r in raws if r is not gone]
        return raws

    def change(self, raws: list[RawCard], query: str, changes: object) -> None:
        line = self.where.line(query)
        if not isinstance(changes, dict):
            self.problem(
                f'"{query}": expected a table of fields to change, e.g. [{query}] then '
                "field = value lines",
                query,
                line=line,
            )
            return
        try:
            raw = _find(raws, query)
        except CardNameError as exc:
            self.problem(exc.message, query, line=line)
            return
        for name, value in changes.items():
            if name == "abilities" and isinstance(value, dict):
                self._change_abilities(raw, query, value)
            else:
                origin = (self.file, self.where.line(query, name))
                _assign(raw, name, None, value, origin, self.problems)

    def _change_abilities(self, raw: RawCard, query: str, lines: dict) -> None:
        """`abilities.2 = "..."`: replace (or add) abilities one by one, in number order."""
        for key, text in sorted(lines.items(), key=lambda kv: _number_or_zero(kv[0])):
            line = self.where.line(query, "abilities", key)
            index = _number_or_zero(key)
            if not key.isdigit() or (not index and key.strip("0")):  # "0": out of range
                self.problem(
                    f"abilities.{described(key)}: expected an ability number such as "
                    'abilities.2 = "..."',
                    raw.card_id,
                    "abilities",
                    line,
                )
                continue
            _assign(raw, "abilities", index, text, (self.file, line), self.problems)

    def add(self, added: object, text: str) -> list[RawCard]:
        if not isinstance(added, dict):
            self.problem(
                "add must hold [[add.idol]], [[add.student]] or [[add.scheme]] tables",
                field="add",
                line=self.where.line("add"),
            )
            return []
        return raw_cards_from_doc(added, self.file, text, self.problems, prefix="add")


def _number_or_zero(key: str) -> int:
    """The ability number a key writes; 0 for any other key (ASCII digits only, not too many)."""
    return (whole_number(key) or 0) if key.isdigit() else 0


def apply_patch_file(raws: list[RawCard], path: Path, problems: list[Problem]) -> list[RawCard]:
    """The cards with one patch file applied: removals, then changes, then additions. Every
    problem is reported (with its line) and the rest of the patch still applied, so that the
    checks that follow report the bad values too."""
    raws = [_copy(r) for r in raws]
    text = decode(path, problems)
    if text is None:
        return raws
    doc = parse_toml(text, str(path), problems)
    if doc is None:
        return raws
    patch = _Patch(str(path), PatchLines(text), problems)
    if "remove" in doc:
        raws = patch.remove(raws, doc.pop("remove"))
    added = doc.pop("add", {})
    for query, changes in doc.items():
        patch.change(raws, query, changes)
    return raws + patch.add(added, text)


def _copy(raw: RawCard) -> RawCard:
    return RawCard(
        raw.kind,
        dict(raw.values),
        raw.file,
        raw.line,
        raw.field_lines,
        raw.lines,
        raw.from_text,
        dict(raw.origins),
    )
