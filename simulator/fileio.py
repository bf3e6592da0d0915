"""Writing files so that a crash never leaves a half-written file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> Path:
    """Write `text` (UTF-8) to `path` whole or not at all; see write_bytes_atomically."""
    return write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(path: Path, data: bytes | memoryview) -> Path:
    """Write `data` to a hidden temporary file beside `path` (`.NAME.<random>.tmp`), flush it to
    disk, rename it over `path`, then flush the directory, so that after a crash or a power cut
    `path` is either the old file or the whole new one. A crash leaves at most the temporary
    file, which readers skip (pyarrow ignores names starting with '.')."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, file_mode())  # mkstemp makes 0600; a file we write takes the umask's mode
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_directory(path.parent)
    return path


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
