"""Writing a report directory: never over what we did not write, never half-written.

A page directory carries a marker file (`MARKER`) naming what wrote it and listing every file
it wrote with its SHA-256. An existing target is replaced only when it is an empty directory or
a page of ours that holds nothing else: exactly the listed files, unchanged. A file, a symbolic
link, a directory of someone else's files, a page beside which a user saved notes or in which
they edited a chart, and above all a run directory (or a directory holding one) are refused
with a clear error before anything is written, and left as they are.

Why refuse rather than replace our files and keep the user's: a note or an edited chart is
about the page it sat in; kept beside a new page it would describe numbers that are no longer
there, and the swap that makes a page appear whole (below) would have to move the user's files
along, where a crash could strand them in a hidden directory. The refusal names them, so moving
them out is one step.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path, PurePosixPath

from avarium.simulator.fileio import (
    directory_mode,
    read_regular,
    remove_stale_temporary,
    temporary_prefix,
)

MARKER = ".avarium-page"
#: One line of the marker's list: the SHA-256 of a file, two spaces, its path in the page.
_LISTED = re.compile(r"^([0-9a-f]{64})  (.+)$")
#: What a page written before the marker listed its files holds (charts/, tables/, the page).
_OLD_LAYOUT = re.compile(r"^(index\.html|charts/[^/]+\.(png|svg)|tables/[^/]+\.csv)$")
#: How many of the files we did not write a refusal names.
_SHOWN = 5
#: What a file browser leaves in a folder it merely showed (macOS Finder, Windows Explorer):
#: nobody's work, and refusing for it would refuse every rerun after a look at the charts.
_BROWSER_LITTER = re.compile(r"^(\.DS_Store|Thumbs\.db|desktop\.ini|\._.*)$")


class OutputError(ValueError):
    """A page cannot be written where asked; the message names the path and the reason."""


def marker_text(kind: str, files: dict[str, bytes]) -> bytes:
    """The marker: what wrote the page, then each file it wrote (`sha256  path`)."""
    lines = [
        f"written by avarium ({kind}); the next {kind} written here replaces the files listed "
        "below, and refuses to while this directory holds anything else or a listed file changed"
    ]
    lines += [f"{_digest(data)}  {name}" for name, data in sorted(files.items())]
    return ("\n".join(lines) + "\n").encode("utf-8")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


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
    theirs = _not_written_here(target)
    if theirs:
        more = f" and {len(theirs) - _SHOWN} more" if len(theirs) > _SHOWN else ""
        raise OutputError(
            f"{target}: holds {', '.join(theirs[:_SHOWN])}{more}, which avarium did not write "
            "there (or changed since); nothing was changed. Move them out of it, or choose "
            "another --out"
        )


def _listed(target: Path) -> dict[str, str] | None:
    """The files the marker lists, path -> SHA-256; None when it lists none (a page written
    before the marker listed its files, or with no marker)."""
    try:
        text = read_regular(target / MARKER).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = dict(reversed(m.groups()) for m in map(_LISTED.match, text.splitlines()[1:]) if m)
    return found or None


def _not_written_here(target: Path) -> list[str]:
    """What in `target` the page did not write, or changed since, by path in it (a folder the
    page did not make, with a trailing /, when no file in it is named)."""
    listed = _listed(target)
    folders = {"charts", "tables"} if listed is None else set()
    folders |= {p.as_posix() for name in listed or {} for p in PurePosixPath(name).parents}
    theirs = []
    for root, dirs, files in os.walk(target):
        for name in sorted(dirs + files):
            path = Path(root) / name
            rel = path.relative_to(target).as_posix()
            mode = path.lstat().st_mode
            if stat.S_ISDIR(mode):
                if rel not in folders and _bare(path):  # one with files is named by them
                    theirs.append(f"{rel}/")
            elif rel == MARKER or _BROWSER_LITTER.match(name):
                continue
            elif not (stat.S_ISREG(mode) and _ours(rel, path, listed)):
                theirs.append(f"{rel} (changed)" if rel in (listed or {}) else rel)
    return theirs


def _bare(folder: Path) -> bool:
    """Nothing in `folder` but what a file browser left there."""
    return all(_BROWSER_LITTER.match(p.name) for p in folder.iterdir())


def _ours(name: str, path: Path, listed: dict[str, str] | None) -> bool:
    """A regular file the page wrote: listed with this very content, or, for a page that
    lists nothing, where such a page put its files."""
    if listed is None:
        return bool(_OLD_LAYOUT.match(name))
    return name in listed and listed[name] == _digest(read_regular(path))


def write_directory(target: Path, files: dict[str, bytes], kind: str = "report") -> Path:
    """Write every file into a temporary sibling directory, then swap it in for `target`.

    `check_target` decides first whether `target` may be replaced. An existing page stays whole
    until the new one is complete; the swap is two renames on the same filesystem, and the old
    page is removed only after the new one is in place."""
    target = Path(target)
    check_target(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporary(target.parent)  # what an earlier page killed mid-write left
    tmp = Path(tempfile.mkdtemp(prefix=temporary_prefix(target.name), dir=target.parent))
    try:
        for name, data in {**files, MARKER: marker_text(kind, files)}.items():
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
            old = Path(tempfile.mkdtemp(prefix=temporary_prefix(target.name), dir=target.parent))
            os.replace(target, old / target.name)
        os.replace(tmp, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target
