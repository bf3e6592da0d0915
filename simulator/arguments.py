"""The Python API's arguments checked by name (docs/python.md): what a notebook passes.

A notebook computes numbers with numpy, so a numpy integer is taken wherever a Python int is and
a numpy array wherever a list is. Any other wrong type is a TypeError, and a wrong value a
ValueError, whose message starts with the argument's name and says what was expected, rather
than whatever the first library to touch the value says ("'int' object is not iterable").
"""

from __future__ import annotations

import numbers
import os
from collections.abc import Mapping, Sequence
from pathlib import Path


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def whole(name: str, value: object, low: int, high: int | None = None) -> int:
    """A whole number from low to high (a Python or numpy integer; not a bool, not a float)."""
    span = f"from {low:,}" + ("" if high is None else f" to {high:,}")
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name}: expected a whole number {span}, got {_shown(value)}")
    number = int(value)
    if number < low or (high is not None and number > high):
        raise ValueError(f"{name}: expected a whole number {span}, got {number}")
    return number


def plain(value: object) -> object:
    """The value with numpy integers as ints and arrays as lists, in lists and dicts too (what
    an experiment document holds): an experiment file could hold only those."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool | int):
        return int(value)
    if hasattr(value, "tolist") and hasattr(value, "ndim"):  # a numpy array or scalar
        return plain(value.tolist())
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def path(name: str, value: object, what: str = "a path") -> Path:
    """A path given as text or a path object."""
    if isinstance(value, str | os.PathLike) and not isinstance(value, bytes):
        found = os.fspath(value)
        if isinstance(found, str):
            return Path(found)
    raise TypeError(f"{name}: expected {what} (text or a pathlib.Path), got {_shown(value)}")


def texts(name: str, value: object, what: str) -> list[str]:
    """One text, or a list (tuple, array) of texts."""
    value = plain(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, Sequence) and all(isinstance(v, str) for v in value):
        return list(value)
    raise TypeError(f"{name}: expected {what}: text or a list of texts, got {_shown(value)}")


def paths(name: str, value: object, what: str) -> list[Path]:
    """One path, or a list (tuple) of paths."""
    if isinstance(value, str | os.PathLike):
        return [path(name, value, what)]
    if isinstance(value, Sequence) and not isinstance(value, bytes):
        return [path(name, v, what) for v in value]
    raise TypeError(f"{name}: expected {what}: a path or a list of paths, got {_shown(value)}")


def whole_numbers(name: str, value: object, low: int, high: int) -> list[int]:
    """A list (tuple, array) of whole numbers from low to high."""
    value = plain(value)
    if not isinstance(value, Sequence) or isinstance(value, str | bytes):
        raise TypeError(
            f"{name}: expected a list of whole numbers from {low:,} to {high:,}, got "
            f"{_shown(value)}"
        )
    return [whole(f"{name}[{i}]", v, low, high) for i, v in enumerate(value)]


def mapping(name: str, value: object, what: str) -> dict:
    """A dict (any mapping) with text keys."""
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise TypeError(f"{name}: expected {what}: a dict with text keys, got {_shown(value)}")
    return dict(value)


def mapping_of(name: str, value: object, what: str) -> dict:
    """A dict (any mapping), keys unchecked."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{name}: expected {what}: a dict, got {_shown(value)}")
    return dict(value)


def of_type(name: str, value: object, kind: type, what: str) -> None:
    if not isinstance(value, kind):
        raise TypeError(f"{name}: expected {what}, got {_shown(value)}")
