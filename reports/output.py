"""Writing a report directory so that a failure never leaves a half-written report behind."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def write_directory(target: Path, files: dict[str, bytes]) -> Path:
    """Write every file into a temporary sibling directory, then swap it in for `target`.

    An existing report stays whole until the new one is complete; the swap is two renames on the
    same filesystem, and the old report is removed only after the new one is in place."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        for name, data in files.items():
            path = tmp / name
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        old = None
        if target.exists():
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
