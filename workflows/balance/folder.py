"""A balance search's directory: what it holds, and whether a command may resume it.

    OUT/balance.json        the request (everything that decides the games), the objective,
                            the budget, the command, and at the end the result
    OUT/evaluations.jsonl   every step's counts as played (the journal of candidates.py)
    OUT/candidates.parquet  every candidate tried
    OUT/patch.toml          the recommended card changes, a --patch file
    OUT/check/              the check run (an ordinary run: `avarium report OUT/check` works)
    OUT/report/             the before/after page and its CSV tables

The same command on the same directory resumes it; a different one is refused, nothing changed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from avarium.runner.experiment import diff_fields
from avarium.simulator.fileio import write_atomically

REQUEST_FILE = "balance.json"
LOCK_FILE = ".avarium-balance.lock"
_BUDGET = re.compile(r"^\s*(\d[\d_,]*)\s*(m|min|minutes?|h|s)?\s*$", re.I)


class BalanceDirError(ValueError):
    """A directory the search may not use; the message says why and what to do."""


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """`200000` or `200_000` -> (200000 games, None); `20m` -> (None, 1200 seconds); also
    `90s` and `1h`. ValueError naming `budget` otherwise."""
    m = _BUDGET.match(str(text))
    if not m:
        raise ValueError(
            f'budget "{text}": expected a number of games (200000) or of minutes (20m)'
        )
    number = int(m.group(1).replace("_", "").replace(",", ""))
    unit = (m.group(2) or "").lower()
    if number < 1:
        raise ValueError(f'budget "{text}": expected more than 0')
    if not unit:
        return number, None
    seconds = {"s": 1, "h": 3600}.get(unit, 60) * number
    return None, float(seconds)


def check_out(out: Path, request: dict) -> bool:
    """True to resume the search in `out`, False for a new one (an empty or missing `out`);
    BalanceDirError, nothing changed, when it holds something else."""
    if not out.exists():
        return False
    if not out.is_dir():
        raise BalanceDirError(f"{out} is a file; choose a directory for --out")
    names = [p.name for p in out.iterdir() if p.name != LOCK_FILE]
    if not names:
        return False
    stored_file = out / REQUEST_FILE
    if not stored_file.is_file():
        raise BalanceDirError(
            f"{out} is not empty and holds no balance search (no {REQUEST_FILE}); nothing was "
            "changed. Choose a new or empty directory for --out."
        )
    try:
        stored = json.loads(stored_file.read_text(encoding="utf-8"))["request"]
    except (OSError, ValueError, RecursionError, KeyError, TypeError) as exc:
        raise BalanceDirError(
            f"{stored_file} cannot be read ({exc}); nothing was changed"
        ) from None
    differences = diff_fields(stored, json.loads(json.dumps(request)))
    if differences:
        shown = "\n".join(f"  {d}" for d in differences[:12])
        raise BalanceDirError(
            f"{out} holds a different balance search; nothing was changed.\n"
            f"Differences (that search's value against this one's):\n{shown}\n"
            + _older(stored, request)
            + "Choose another directory (--out), or delete that one to start over."
        )
    return True


# What a search written before each of these defaults existed lacks, and the flag that makes a
# command today the search it was: (where the key is, the key, the flag).
OLDER_DEFAULTS = (
    ("objective", "margin", "--margin 0"),
    ("objective", "others", "--others-weight 0"),
    ("objective", "held", "--no-hold-unvaried"),
    (None, "finalists", "--finalists 0"),
)


def _older(stored: dict, request: dict) -> str:
    """A line naming the flags that match a search written before today's defaults, if any."""
    flags = [
        flag
        for where, key, flag in OLDER_DEFAULTS
        if key in (request.get(where, {}) if where else request)
        and key not in (stored.get(where, {}) if where else stored)
    ]
    if not flags:
        return ""
    added = " ".join(flags)
    return f"That search was made before some of today's defaults; add {added} to match it.\n"


def write_record(out: Path, record: dict) -> None:
    write_atomically(out / REQUEST_FILE, json.dumps(record, indent=2, default=str) + "\n")
