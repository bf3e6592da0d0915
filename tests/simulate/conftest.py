"""Small experiments and ways to look at their datasets."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pandas as pd
import pytest
from avarium.runner.experiment import Experiment
from avarium.runner.experiment_file import from_flags
from avarium.runner.runner import LOCK_FILE


def small(games: int = 240, chunk_size: int = 60, **flags) -> Experiment:
    """A quick experiment (random bots): a few chunks of a few dozen games."""
    return from_flags(
        {"games": games, "chunk_size": chunk_size, "seed": 11, "bots": "random"} | flags
    )


def games_of(run: Path) -> pd.DataFrame:
    """The games table, in game and seat order, categories as plain strings (so two runs whose
    files list names in different orders compare equal)."""
    df = pd.read_parquet(run / "games")
    for column in df.select_dtypes("category"):
        df[column] = df[column].astype(str)
    return df.sort_values(["game_id", "seat"]).reset_index(drop=True)


def cards_of(run: Path) -> pd.DataFrame:
    df = pd.read_parquet(run / "cards")
    for column in df.select_dtypes("category"):
        df[column] = df[column].astype(str)
    keys = ["variant", "players", "idol", "seat", "bot", "card"]
    return df.groupby(keys, as_index=False)[["offered", "offered_won", "taken", "taken_won"]].sum()


def snapshot(run: Path) -> dict[str, str]:
    """Every file under `run` with a hash of its content and its modification time (but the
    run's lock file, which every writer opens to take the lock)."""
    return {
        str(p.relative_to(run)): hashlib.sha256(p.read_bytes()).hexdigest()
        + str(p.stat().st_mtime_ns)
        for p in sorted(run.rglob("*"))
        if p.is_file() and p.name != LOCK_FILE
    }


@pytest.fixture(scope="session")
def reference_run(tmp_path_factory) -> Path:
    """The uninterrupted run of `small()` with one job, for comparisons."""
    from avarium.runner.runner import run

    out = tmp_path_factory.mktemp("reference") / "run"
    run(small(), out, jobs=1)
    return out


def gone_pid() -> int:
    """The process id of a process that has ended (what a killed writer leaves in its
    temporary names)."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid
