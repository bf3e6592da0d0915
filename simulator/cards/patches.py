"""Patches: what-if changes to a card set without editing its files.

Two forms, applied to the cards as read (before checking, so a patch is checked like any card):

- `--set CARD.FIELD=VALUE`, e.g. `--set kumara_raj.merit=18`, `--set raj.abilities.1="EXHAUST:
  gain 2 merit"` (replace ability 1), `--set touka.abilities=[]`. CARD is an id or any
  unambiguous part of a name; VALUE is read as a TOML value (a bare word is taken as text).
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

from avarium.simulator.cards.errors import ERROR, CardNameError, Problem
from avarium.simulator.cards.files import RawCard, decode, raw_cards_from_doc
from avarium.simulator.cards.names import resolve
from avarium.simulator.constants import CardKind

_SET = re.compile(r"^\s*([^=]+?)\.([A-Za-z_]+)(?:\.(\d+))?\s*=(.*)$", re.S)


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
        return tomllib.loads(f"v = {text.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        return text.strip()


def _assign(
    raw: RawCard, name: str, index: int | None, value: object, origin: str, problems: list[Problem]
) -> None:
    if index is None:
        raw.values[name] = value
    else:
        current = raw.values.get(name, [])
        if name != "abilities" or not isinstance(current, list):
            problems.append(
                Problem(
                    ERROR,
                    f"only abilities can be changed one by one (found {name}.{index})",
                    origin,
                    raw.card_id,
                    name,
                )
            )
            return
        if not 1 <= index <= len(current) + 1:
            problems.append(
                Problem(
                    ERROR,
                    f"the card has {len(current)} abilities; ability {index} can be "
                    f"replaced only for 1 to {len(current)} (or {len(current) + 1} to add one)",
                    origin,
                    raw.card_id,
                    name,
                )
            )
            return
        current = list(current)
        if index == len(current) + 1:
            current.append(value)
        else:
            current[index - 1] = value
        raw.values[name] = current
    raw.origins[name] = origin


def apply_sets(raws: list[RawCard], sets: list[str], problems: list[Problem]) -> list[RawCard]:
    raws = [_copy(r) for r in raws]
    for expr in sets:
        origin = f"--set {expr}"
        m = _SET.match(expr)
        if m is None:
            problems.append(
                Problem(ERROR, "expected CARD.FIELD=VALUE, e.g. kumara_raj.merit=18", origin)
            )
            continue
        query, name, index, text = m.groups()
        try:
            raw = _find(raws, query)
        except CardNameError as exc:
            problems.append(Problem(ERROR, exc.message, origin))
            continue
        _assign(
            raw, name, None if index is None else int(index), _toml_value(text), origin, problems
        )
    return raws


def apply_patch_file(raws: list[RawCard], path: Path, problems: list[Problem]) -> list[RawCard]:
    raws = [_copy(r) for r in raws]
    text = decode(path, problems)
    if text is None:
        return raws
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        problems.append(Problem(ERROR, f"TOML syntax: {exc}", str(path)))
        return raws
    origin = str(path)
    for query in doc.pop("remove", []) if isinstance(doc.get("remove"), list) else []:
        try:
            gone = _find(raws, str(query))
        except CardNameError as exc:
            problems.append(Problem(ERROR, f"remove: {exc.message}", origin))
            continue
        raws = [r for r in raws if r is not gone]
    added = doc.pop("add", {})
    if not isinstance(added, dict):
        problems.append(
            Problem(
                ERROR,
                "add must hold [[add.idol]], [[add.student]] or [[add.scheme]] tables",
                origin,
            )
        )
        added = {}
    for query, changes in doc.items():
        if not isinstance(changes, dict):
            problems.append(
                Problem(
                    ERROR, f'"{query}" must be a table of fields to change, e.g. [{query}]', origin
                )
            )
            continue
        try:
            raw = _find(raws, query)
        except CardNameError as exc:
            problems.append(Problem(ERROR, exc.message, origin))
            continue
        for name, value in changes.items():
            if name == "abilities" and isinstance(value, dict):
                for key, line in sorted(
                    value.items(), key=lambda kv: int(kv[0]) if str(kv[0]).isdigit() else 0
                ):
                    if not str(key).isdigit():
                        problems.append(
                            Problem(
                                ERROR,
                                f"abilities.{key}: expected a number",
                                origin,
                                raw.card_id,
                                "abilities",
                            )
                        )
                        continue
                    _assign(raw, name, int(key), line, origin, problems)
            else:
                _assign(raw, name, None, value, origin, problems)
    raws += raw_cards_from_doc(added, origin, text, problems)
    return raws


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
