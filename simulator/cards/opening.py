"""What is at a path, and the text of a card or patch file.

Only regular files are ever opened: a FIFO, a device or a socket is reported without being
opened (opening a FIFO for reading blocks until someone writes to it, which may be never).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from avarium.simulator.cards.errors import ERROR, Problem
from avarium.simulator.fileio import read_regular


def look(path: Path, problems: list[Problem]) -> os.stat_result | None:
    """What `path` is, following symbolic links but opening nothing; None (and a problem) when
    there is nothing there to read."""
    try:
        return path.stat()
    except OSError as exc:
        problems.append(Problem(ERROR, _unreachable(path, exc), str(path)))
        return None


def _unreachable(path: Path, exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "a symbolic link loop (following the links leads back to a link already followed)"
    if exc.errno == errno.ENOENT and path.is_symlink():
        return f"a broken symbolic link (it points at {_link_target(path)}, which does not exist)"
    if exc.errno == errno.ENOENT:
        return "no such file or directory"
    return f"cannot read it: {exc.strerror}"


def _link_target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "nothing readable"


def not_a_regular_file(path: Path, mode: int) -> Problem:
    """The problem of a path that is not a regular file; the path was not opened."""
    return Problem(
        ERROR,
        f"is not a regular file ({_what_it_is(mode)}); card and patch files must be regular "
        ".toml or .csv files, so it was not opened",
        str(path),
    )


def _what_it_is(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "it is a directory"
    if stat.S_ISFIFO(mode):
        return "it is a FIFO, a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device"
    if stat.S_ISSOCK(mode):
        return "it is a socket"
    return "it is a special file"


def decode(path: Path, problems: list[Problem]) -> str | None:
    """The text of a card or patch file, or None (and a problem) if it cannot be read."""
    info = look(path, problems)
    if info is None:
        return None
    if not stat.S_ISREG(info.st_mode):
        problems.append(not_a_regular_file(path, info.st_mode))
        return None
    try:
        data = read_regular(path)
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
