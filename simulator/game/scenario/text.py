"""The text form of a scenario: one line per part, read into the dict form `scenario` builds."""

from __future__ import annotations

import re
from typing import Any

from avarium.simulator.game.scenario.errors import ScenarioError

DECKS = ("school", "library")
SETTINGS = "settings"  # the part of a text scenario that holds turn, active and phase


def parse(text: str) -> dict[str, Any]:
    """The dict form of a text scenario."""
    return parse_with_lines(text)[0]


def _logical_lines(text: str) -> list[tuple[int, str]]:
    """The lines that say something, each with its first line number; a line starting with `|`
    is joined to the one before."""
    lines: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("|") and lines:
            lines[-1] = (lines[-1][0], lines[-1][1] + " " + line)
        else:
            lines.append((number, line))
    return lines


def parse_with_lines(text: str) -> tuple[dict[str, Any], dict[str, int]]:
    """The dict form, and the line each part starts on (for error messages)."""
    spec: dict[str, Any] = {"players": []}
    where: dict[str, int] = {}
    for number, line in _logical_lines(text):
        head, colon, rest = line.partition(":")
        head = head.strip().lower()
        try:
            if colon and re.fullmatch(r"p[0-3]", head):
                seat = int(head[1])
                while len(spec["players"]) <= seat:
                    spec["players"].append({})
                spec["players"][seat] = _player(rest, line)
                where.setdefault(head, number)
            elif colon and head in DECKS:
                spec[head], only = _deck(rest)
                if only:
                    spec[f"{head}_only"] = True
                where.setdefault(head, number)
            elif colon and head in ("courtyard", "expelled", "trash"):
                spec[head] = _names(rest)
                where.setdefault(head, number)
            elif colon:
                raise ScenarioError(
                    f'unknown part "{head}:" in line "{line}" (expected p0 to p3, courtyard, '
                    "school, library, expelled or trash)"
                )
            else:
                spec.update(_settings(line))
                where.setdefault(SETTINGS, number)
        except ScenarioError as exc:
            exc.line = number
            raise
    return spec, where


def _settings(line: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in line.split("|"):
        words = part.split()
        if len(words) != 2:
            raise ScenarioError(f'cannot read "{part.strip()}" in line "{line}"')
        key, value = words[0].lower(), words[1].lower()
        try:
            if key == "turn":
                out["turn"] = int(value)
            elif key == "active":
                out["active"] = int(value.removeprefix("p"))
            elif key == "phase":
                out["phase"] = value
            else:
                raise ScenarioError(f'unknown setting "{key}" in line "{line}"')
        except ValueError as exc:
            if isinstance(exc, ScenarioError):
                raise
            raise ScenarioError(f'"{part.strip()}": expected a number in line "{line}"') from None
    return out


def _names(text: str) -> list[str]:
    """Comma-separated card names; commas inside a status "(exhausted, attacked)" stay."""
    parts = re.split(r",(?![^()]*\))", text)
    return [n.strip() for n in parts if n.strip()]


def _deck(text: str) -> tuple[list[str], bool]:
    """A School or Library line: its named cards, and whether they are the whole deck
    (`empty`, `only a, b`) rather than its top."""
    words = text.strip()
    if words.lower() in ("empty", "only"):
        return [], True
    if words.lower().startswith("only "):
        return _names(words[5:]), True
    return _names(words), False


def _player(text: str, line: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in text.split("|"):
        part = part.strip()
        if not part:
            continue
        key, _, value = part.partition(" ")
        key = key.lower()
        if key == "first":
            out["first"] = True
        elif key in ("merit", "rep"):
            try:
                out[key] = int(value)
            except ValueError:
                raise ScenarioError(f'"{part}": expected a number in line "{line}"') from None
        elif key == "idol":
            out["idol"] = value.strip()
        elif key in ("class", "hand", "hallway"):
            out.setdefault(key, []).extend(_names(value))  # a part may be continued
        else:
            raise ScenarioError(f'unknown part "{key}" in line "{line}"')
    return out


_STATUS = re.compile(r"^(.*?)\s*\(([^)]*)\)\s*$")


def split_status(entry: str) -> tuple[str, list[str]]:
    """A name and its status: "sculptor(exhausted, +1 combat)" -> "sculptor", [those two]."""
    m = _STATUS.match(entry)
    if not m:
        return entry.strip(), []
    return m.group(1).strip(), [s.strip().lower() for s in m.group(2).split(",") if s.strip()]
