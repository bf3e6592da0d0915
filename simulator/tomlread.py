"""Reading TOML text: the standard library's reader, with its one crash made a syntax error.

Python's tomllib (3.11 to 3.13) reads an array or inline table inside another by calling itself,
so a document nested a few hundred levels deep (`a = [[[[...]]]]`) raises RecursionError, which
no reader expects: it was a traceback. Every reader of TOML calls `loads` here instead, so that
such a document takes the same path as any other unreadable one and the error names its file.
"""

from __future__ import annotations

import re
import sys
import tomllib
from typing import Any

#: Why a document that recursed too deeply is refused; no real file nests past a few levels.
TOO_DEEP = "arrays or inline tables nested hundreds of levels deep, too deep to read"


def loads(text: str) -> dict[str, Any]:
    """The TOML document; tomllib.TOMLDecodeError when it is not valid TOML or nests too deeply."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError(TOO_DEEP) from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # int() past Python's int_max_str_digits (4,300 digits)
        raise tomllib.TOMLDecodeError(_too_long(text)) from None


def _too_long(text: str) -> str:
    """Where the number too long for int() is, and under which key."""
    m = re.search(rf"[0-9_]{{{sys.get_int_max_str_digits() + 1},}}", text)
    if m is None:
        return "a number too long to read"
    start = text.rfind("\n", 0, m.start()) + 1
    key = text[start : m.start()].partition("=")[0].strip() or "a value"
    digits = len(m.group().replace("_", ""))
    line = text.count("\n", 0, m.start()) + 1
    return f"{key[:60]} holds a number of {digits:,} digits, too long to read (at line {line})"
