"""Files a command may replace: the ones it wrote, unchanged since.

A command that writes one file to a path the user names (`cards export`, `cards docs`) must not
replace what somebody else put there: a hand-written card file, notes, or its own output that a
designer has since edited. Where the format has comments, the command's file carries a stamp, a
first line naming the command and the SHA-256 of the rest, so an edit anywhere below it is
seen; a format without comments (CSV) gives its own test (`ours`).
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable
from pathlib import Path

from avarium.simulator.fileio import read_regular, write_bytes_atomically

#: How a comment line opens and closes, by format.
TOML_COMMENT = ("# ", "")
MARKDOWN_COMMENT = ("<!-- ", " -->")


class ForeignFileError(ValueError):
    """The path holds a file the command did not write (or one changed since); it was kept."""


def stamped(text: str, writer: str, comment: tuple[str, str]) -> str:
    """`text` under the stamp line saying `writer` wrote it, with the SHA-256 of `text`."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    opening, closing = comment
    return (
        f"{opening}written by {writer}, which replaces it only while unchanged: sha256 "
        f"{digest} of the lines below{closing}\n{text}"
    )


def stamp_holds(data: bytes, writer: str, comment: tuple[str, str]) -> bool:
    """True when `data` is a stamped text of `writer`, unchanged: its first line is exactly the
    stamp of the rest (any edit, to the stamp or below it, makes this False)."""
    _first, newline, rest = data.partition(b"\n")
    try:
        text = rest.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return bool(newline) and stamped(text, writer, comment).encode("utf-8") == data


def replace_own(path: Path, data: bytes, ours: Callable[[bytes], bool], writer: str) -> Path:
    """Write `data` to `path` atomically (fileio.write_bytes_atomically), unless `path` holds
    something `ours` does not recognise: then ForeignFileError, and that file is kept byte for
    byte. A symbolic link, a directory or any other non-file is never ours. Checked again just
    before the rename, so a file written there meanwhile is kept too."""

    def check() -> None:
        if _theirs(path, ours):
            raise ForeignFileError(
                f"{path} is not a file that {writer} wrote, or it was changed since; it was kept"
            )

    check()
    return write_bytes_atomically(path, data, before_replace=check)


def _theirs(path: Path, ours: Callable[[bytes], bool]) -> bool:
    try:
        info = path.lstat()
    except FileNotFoundError:
        return False
    if not stat.S_ISREG(info.st_mode):
        return True
    try:
        return not ours(read_regular(path))
    except FileNotFoundError:  # removed since it was looked at: nothing left to keep
        return False
    except OSError as exc:  # unreadable: we cannot tell it is ours, so it is kept
        reason = f"cannot read it to see who wrote it ({exc.strerror})"
        raise OSError(exc.errno, reason, os.fspath(path)) from None
