"""Writing the few TOML shapes the toolkit writes itself (a resolved experiment): the standard
library reads TOML but does not write it, and these shapes need no extra dependency.

Values are strings, integers, booleans and lists of those; tables nest one level below an
array of tables (`[[variant]]` with `[variant.rules]`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping


def value(v: object) -> str:
    """One TOML value. JSON's string escapes are valid TOML basic-string escapes."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def table_lines(body: Mapping[str, object], name: str = "") -> list[str]:
    """Key = value lines of a table, then its sub-tables as `[name.key]` sections. A key whose
    value is None is left out; a key starting with '#' is written as a comment line."""
    lines: list[str] = []
    subtables = []
    for key, v in body.items():
        if key.startswith("#"):
            lines.append(f"# {v}")
        elif isinstance(v, Mapping):
            subtables.append((key, v))
        elif v is not None:
            lines.append(f"{key} = {value(v)}")
    for key, sub in subtables:
        lines.append("")
        lines.append(f"[{name}.{key}]" if name else f"[{key}]")
        lines += table_lines(sub, f"{name}.{key}" if name else key)
    return lines


def dumps(top: Mapping[str, object], arrays: Mapping[str, list[Mapping[str, object]]]) -> str:
    """A document: the top-level table, then each array of tables (`[[name]]`) in order."""
    lines = table_lines(top)
    for name, items in arrays.items():
        for item in items:
            lines += ["", f"[[{name}]]"]
            lines += table_lines(item, name)
    return "\n".join(lines) + "\n"
