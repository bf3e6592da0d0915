"""A stopped run continues where it stopped: nothing written is lost, no game is written twice,
and the finished dataset is the uninterrupted one. Another experiment's directory is refused
untouched."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from avarium.runner import manifest
from avarium.runner.experiment_file import from_flags
from avarium.runner.runner import RunError, run
from avarium.simulator.fileio import TEMPORARY_PREFIX

from tests.simulate.conftest import cards_of, games_of, gone_pid, small, snapshot


class Crash(Exception):
    pass


def crash_after(chunks: int):
    def hook(progress):
        if progress.chunk is not None and progress.chunk.index >= 0:
            hook.seen += 1
            if hook.seen >= chunks:
                raise Crash

    hook.seen = 0
    return hook


def assert_same_dataset(a: Path, b: Path) -> None:
    games = games_of(a)
    assert not games.duplicated(["game_id", "seat"]).any()
    pd.testing.assert_frame_equal(games, games_of(b))
    pd.testing.assert_frame_equal(cards_of(a), cards_of(b))


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_run_that_crashed_after_two_chunks_resumes_to_the_uninterrupted_dataset(
    reference_run, tmp_path, jobs
):
    out = tmp_path / "run"
    with pytest.raises(Crash):
        run(small(), out, jobs=jobs, on_progress=crash_after(2))
    assert len(list((out / "games").glob("part-*.parquet"))) >= 2
    summary = run(small(), out, jobs=jobs)
    assert summary.games_before >= 120 and summary.games_before + summary.games_played == 240
    assert_same_dataset(out, reference_run)


KILLABLE = """
import sys
from pathlib import Path
from avarium.runner.experiment_file import from_flags
from avarium.runner.runner import run
run(
    from_flags({"games": 2000, "chunk_size": 100, "seed": 5, "bots": "random"}),
    Path(sys.argv[1]),
    jobs=2,
)
"""


def test_a_run_killed_with_sigkill_resumes_to_the_uninterrupted_dataset(tmp_path):
    out = tmp_path / "killed"
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLABLE, str(out)], start_new_session=True, cwd=tmp_path
    )
    deadline = time.monotonic() + 120
    while len(list((out / "games").glob("part-*.parquet"))) < 3:
        assert proc.poll() is None, "the run ended before it could be killed"
        assert time.monotonic() < deadline, "the run wrote nothing in two minutes"
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)  # the driver and its workers, as a power cut would
    proc.wait()
    written = len(list((out / "games").glob("part-*.parquet")))
    assert 3 <= written < 20, "killed mid-way"
    # what a power cut can leave: a torn temporary file, and a part file cut short
    torn = f"{TEMPORARY_PREFIX}{proc.pid}-part-00019.parquet.x1y2"  # the killed driver's
    (out / "games" / torn).write_bytes(b"PAR1 torn")
    (out / "cards" / "part-00018.parquet").write_bytes(b"PAR1 not a whole file")
    # a chunk counts as written once the manifest lists it: both of its files were whole on disk
    listed = manifest.read(out).parts
    kept = [
        i
        for i in range(20)
        if all(f"{folder}/part-{i:05d}.parquet" in listed for folder in ("games", "cards"))
        and i != 18
    ]
    experiment = {"games": 2000, "chunk_size": 100, "seed": 5, "bots": "random"}
    summary = run(from_flags(experiment), out, jobs=2)
    assert summary.games_before == 100 * len(kept)
    assert summary.games_played == 2000 - 100 * len(kept)
    assert not list(out.rglob(f"{TEMPORARY_PREFIX}*"))
    run(from_flags(experiment), tmp_path / "whole", jobs=2)
    assert_same_dataset(out, tmp_path / "whole")


def test_damaged_and_leftover_files_are_replaced_and_only_their_chunks_replayed(
    reference_run, tmp_path
):
    out = tmp_path / "run"
    shutil.copytree(reference_run, out)
    part = out / "games" / "part-00002.parquet"
    part.write_bytes(part.read_bytes()[: part.stat().st_size // 2])  # cut short
    (out / "cards" / "part-00003.parquet").unlink()
    (out / "games" / f"{TEMPORARY_PREFIX}{gone_pid()}-part-00001.parquet.abcd").write_bytes(b"x")
    summary = run(small(), out, jobs=1)
    assert summary.chunks_played == 2 and summary.games_played == 120
    assert not list(out.rglob(f"{TEMPORARY_PREFIX}*"))
    assert_same_dataset(out, reference_run)


def test_a_finished_run_is_not_played_again(reference_run, tmp_path):
    out = tmp_path / "run"
    shutil.copytree(reference_run, out)
    before = snapshot(out)
    summary = run(small(), out, jobs=1)
    assert summary.games_played == 0 and summary.games_before == 240
    assert snapshot(out) == before


def test_another_experiment_in_the_same_directory_is_refused_and_nothing_touched(
    reference_run, tmp_path
):
    out = tmp_path / "run"
    shutil.copytree(reference_run, out)
    crashed = f"{TEMPORARY_PREFIX}{gone_pid()}-part-00001.parquet.abcd"
    (out / "games" / crashed).write_bytes(b"left by a crash")
    before = snapshot(out)
    with pytest.raises(RunError) as refused:
        run(small(seed=12, bots="heuristic"), out, jobs=1)
    message = str(refused.value)
    assert "holds a run of a different experiment; nothing was changed" in message
    assert "seed (11 against 12)" in message
    assert 'variant[1].bots (["random", "random"] against' in message
    assert snapshot(out) == before


def test_a_directory_that_holds_something_else_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(RunError, match="holds no run"):
        run(small(), tmp_path, jobs=1)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
