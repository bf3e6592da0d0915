"""Writing a report directory: never over what we did not write, never half-written.

A page directory carries a marker file (`MARKER`) naming what wrote it. An existing target is
replaced only when it carries that marker (an older page of ours) or is an empty directory; a
file, a symbolic link, a directory of someone else's files, and above all a run directory (or a
directory holding one) are refused with a clear error before anything is written.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from avarium.simulator.fileio import directory_mode

MARKER = ".avarium-page"


class OutputError(ValueError):
    """A page cannot be written where asked; the message names the path and the reason."""


def marker_text(kind: str) -> bytes:
    return f"written by avarium ({kind}); replaced whole by the next {kind} written here\n".encode()


def _is_run(folder: Path) -> bool:
    return (folder / "experiment.toml").is_file() or (folder / "games").is_dir()


def _legacy_page(folder: Path) -> bool:
    """A page written before pages carried the marker: index.html, charts/ and tables/ only."""
    names = {p.name for p in folder.iterdir()}
    return "index.html" in names and names <= {"index.html", "charts", "tables"}


def _run_inside(folder: Path) -> Path | None:
    """The first run directory below `folder` (a page of ours never holds one)."""
    for root, dirs, _files in os.walk(folder):
        for d in dirs:
            if _is_run(Path(root) / d):
                return Path(root) / d
    return None


def check_target(target: Path) -> None:
    """Refuse a target we may not replace (see the module doc); return if it is safe."""
    if target.is_symlink():
        raise OutputError(f"{target}: is a symbolic link; give a directory path to write into")
    if not target.exists():
        return
    if not target.is_dir():
        raise OutputError(f"{target}: is a file, not a report directory; refusing to replace it")
    if _is_run(target):
        raise OutputError(
            f"{target}: is a run directory; a report is never written over a run "
            "(choose another --out)"
        )
    if not any(target.iterdir()):
        return
    if not (target / MARKER).is_file() and not _legacy_page(target):
        raise OutputError(
            f"{target}: holds files that avarium did not write (no {MARKER}); refusing to "
            "replace it (choose another --out, or empty the directory)"
        )
    run = _run_inside(target)
    if run is not None:
        raise OutputError(
            f"{target}: holds a run ({run}); a report is never written over a run "
            "(choose another --out)"
        )


def write_directory(target: Path, files: dict[str, bytes], kind: str = "report") -> Path:
    """Write every file into a temporary sibling directory, then swap it in for `target`.

    `check_target` decides first whether `target` may be replaced. An existing page stays whole
    until the new one is complete; the swap is two renames on the same filesystem, and the old
    page is removed only after the new one is in place."""
    target = Path(target)
    check_target(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        for name, data in {**files, MARKER: marker_text(kind)}.items():
            path = tmp / name
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        # mkdtemp makes a 0700 directory; a page takes the umask's mode like any other output.
        tmp.chmod(directory_mode())
        old = None
        if target.exists():
            check_target(target)  # checked again: another process may have written meanwhile
            old = Path(
                tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent)
            )
            os.replace(target, old / target.name)
        os.replace(tmp, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target
