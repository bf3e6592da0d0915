"""A run's stop record: `RUN/stopped.json`, written by a run that stops when a rule is met
(`simulate --precision` or `--until settled`, `compare --sequential`) instead of at its planned
games.

Such a run plans its cap (the manifest's games) and plays the first rounds of it; the record
says which rule stopped it, after how many games, and why, so that a reader (the report, a
comparison) counts the run as finished at that point rather than as an unfinished run of the
cap. Plain json, like the manifest: every layer may read it.
"""

from __future__ import annotations

import json
from pathlib import Path

from avarium.simulator.fileio import write_atomically

STOPPED = "stopped.json"


def write(run: Path, record: dict) -> None:
    write_atomically(run / STOPPED, json.dumps(record, indent=2, sort_keys=True) + "\n")


def read(run: Path) -> dict | None:
    """The run's stop record, or None when it has none (or one that cannot be read: the run
    is then read as the manifest plans it, which only ever says more games are missing)."""
    try:
        record = json.loads((Path(run) / STOPPED).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    return record if isinstance(record, dict) and isinstance(record.get("games"), int) else None
