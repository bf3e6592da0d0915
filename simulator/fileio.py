"""Writing files so that a crash never leaves a half-written file behind."""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

#: Every temporary file or folder the toolkit makes starts with this and the writer's process
#: id: `.avarium-tmp-<pid>-<what>.<random>`. A leftover is then found by a pattern no user file
#: matches, and only once its writer is gone (SQLite's and Git's rule: a tool removes only
#: names it made, never `.*.tmp`, which may be a user's notes or another command's live work).
TEMPORARY_PREFIX = ".avarium-tmp-"
_TEMPORARY = re.compile(r"^\.avarium-tmp-(\d{1,10})-")


def temporary_prefix(name: str) -> str:
    """The start of a temporary name for `name`, owned by this process."""
    return f"{TEMPORARY_PREFIX}{os.getpid()}-{name}."


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # no such process (or no such pid at all)
        return False
    except PermissionError:  # another user's live process
        return True
    return True


def remove_stale_temporary(folder: Path) -> int:
    """Remove from `folder` the temporary files and folders of toolkit processes that are gone
    (a killed `simulate`, a report killed mid-write); returns how many. Live writers' temporary
    names are left alone, and so is every name the toolkit does not make. A link is removed as
    a link, never followed."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return 0
    for entry in entries:
        m = _TEMPORARY.match(entry.name)
        if m is None or _alive(int(m.group(1))):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
        except FileNotFoundError:  # removed meanwhile by another cleaner
            continue
        removed += 1
    return removed


def write_atomically(path: Path, text: str) -> Path:
    """Write `text` (UTF-8) to `path` whole or not at all; see write_bytes_atomically."""
    return write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(
    path: Path, data: bytes | memoryview, before_replace: Callable[[], None] | None = None
) -> Path:
    """Write `data` to a hidden temporary file beside `path` (`temporary_prefix`), flush it to
    disk, rename it over `path`, then flush the directory, so that after a crash or a power cut
    `path` is either the old file or the whole new one. A crash leaves at most the temporary
    file, which readers skip (pyarrow ignores names starting with '.') and
    `remove_stale_temporary` removes once this process is gone.

    `before_replace` runs just before the rename and may raise to keep the old file (owned.py
    checks there that nobody wrote `path` while the new file was being written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd, tmp = tempfile.mkstemp(prefix=temporary_prefix(path.name), dir=path.parent)
    except OSError as exc:  # named by the file asked for: the temporary name is ours alone
        raise OSError(exc.errno, exc.strerror, os.fspath(path)) from None
    try:
        os.fchmod(fd, file_mode())  # mkstemp makes 0600; a file we write takes the umask's mode
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if before_replace is not None:
            before_replace()
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_directory(path.parent)
    return path


def absolute(path: Path) -> Path:
    """`path` made absolute with its symbolic links followed, as a run records it; a path whose
    links loop (pathlib raises RuntimeError before Python 3.13) or cannot be followed is made
    absolute as written, so that the reader that opens it names the problem in one line, as
    the card loader does for `cards validate` (cards.opening.look)."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        return Path(os.path.abspath(path))


def read_regular(path: Path) -> bytes:
    """The bytes of a regular file. O_NONBLOCK: should the file be swapped for a FIFO after it
    was looked at, opening it still returns at once, and fstat refuses it."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise OSError(errno.EINVAL, "it is not a regular file")
        return f.read()


def _umask() -> int:
    umask = os.umask(0)  # the only way to read it is to set it; set it straight back
    os.umask(umask)
    return umask


def file_mode() -> int:
    """The mode a new file gets under this process's umask (0644 under the usual 022)."""
    return 0o666 & ~_umask()


def directory_mode() -> int:
    """The mode a new directory gets under this process's umask (0755 under the usual 022)."""
    return 0o777 & ~_umask()


def _sync_directory(path: Path) -> None:
    """Make a rename in `path` durable (POSIX; elsewhere the rename is all we can do)."""
    if os.name != "posix":
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
