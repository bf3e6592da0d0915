"""Reading TOML text: the standard library's reader, with its one crash made a syntax error.

Python's tomllib (3.11 to 3.13) reads an array or inline table inside another by calling itself,
so a document nested a few hundred levels deep (`a = [[[[...]]]]`) raises RecursionError, which
no reader expects: it was a traceback. Every reader of TOML calls `loads` here instead, so that
such a document takes the same path as any other unreadable one and the error names its file.
"""

from __future__ import annotations

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
