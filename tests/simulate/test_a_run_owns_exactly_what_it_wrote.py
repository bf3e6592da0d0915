"""A run owns exactly what it wrote: its temporary files are found by names only the toolkit
makes and only once their writer is gone; a user's file is never removed, whatever its name; a
report killed mid-write blocks nothing; and a run never writes through a link it did not make."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys

import pytest
from avarium.reports.output import write_directory
from avarium.runner.runner import RunError, run
from avarium.simulator.fileio import TEMPORARY_PREFIX, remove_stale_temporary, temporary_prefix

from tests.hostile_input.helpers import invoke, one_line_error
from tests.simulate.conftest import gone_pid, small


def _digests(folder):
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


@pytest.fixture
def finished(reference_run, tmp_path):
    out = tmp_path / "run"
    shutil.copytree(reference_run, out)
    return out


def test_a_users_file_named_like_a_temporary_file_survives_a_rerun(finished):
    notes = [finished / ".mynotes.tmp", finished / "games" / ".part-00001.parquet.mine.tmp"]
    for path in notes:
        path.write_text("notes\n")
    run(small(), finished, jobs=1)
    assert [p.read_text() for p in notes] == ["notes\n", "notes\n"]


def test_a_report_killed_mid_write_blocks_no_later_simulate_and_is_cleaned_away(finished):
    # what a report killed while writing its page leaves beside it: a temporary folder of files
    left = finished / f"{TEMPORARY_PREFIX}{gone_pid()}-report.k1ll"
    (left / "charts").mkdir(parents=True)
    (left / "charts" / "idol_win_rates.png").write_bytes(b"\x89PNG half")
    summary = run(small(), finished, jobs=1)
    assert summary.games_before == 240
    assert not left.exists()


def test_a_report_cleans_what_an_earlier_report_killed_mid_write_left(tmp_path):
    left = tmp_path / f"{TEMPORARY_PREFIX}{gone_pid()}-report.k1ll"
    left.mkdir()
    (left / "index.html").write_text("<html>half")
    write_directory(tmp_path / "report", {"index.html": b"<html>whole</html>"})
    assert not left.exists()
    assert (tmp_path / "report" / "index.html").read_bytes() == b"<html>whole</html>"


def test_a_live_writers_temporary_file_is_left_alone(tmp_path):
    writer = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        live = tmp_path / f"{TEMPORARY_PREFIX}{writer.pid}-part-00000.parquet.w1"
        live.write_bytes(b"being written")
        gone = tmp_path / f"{temporary_prefix('x')}"  # this process's own: alive too
        gone.write_bytes(b"ours, in use")
        assert remove_stale_temporary(tmp_path) == 0
        assert live.exists() and gone.exists()
    finally:
        writer.kill()
        writer.wait()
    assert remove_stale_temporary(tmp_path) == 1
    assert not live.exists()


def test_a_linked_temporary_name_is_removed_as_a_link_and_its_target_kept(tmp_path):
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / "precious.csv").write_text("keep me\n")
    link = tmp_path / "run" / f"{TEMPORARY_PREFIX}{gone_pid()}-report.l1nk"
    link.parent.mkdir()
    link.symlink_to(target, target_is_directory=True)
    assert remove_stale_temporary(link.parent) == 1
    assert not link.is_symlink()
    assert (target / "precious.csv").read_text() == "keep me\n"


@pytest.mark.parametrize("linked", ["games", "cards"])
def test_a_run_whose_folder_links_to_another_runs_folder_is_refused_and_both_kept(
    reference_run, tmp_path, linked
):
    other = tmp_path / "other"
    shutil.copytree(reference_run, other)
    mine = tmp_path / "mine"
    shutil.copytree(reference_run, mine)
    shutil.rmtree(mine / linked)
    (mine / linked).symlink_to(other / linked, target_is_directory=True)
    (other / linked / "part-00001.parquet").write_bytes(b"damaged: mine would replay it")
    before = _digests(other)
    with pytest.raises(RunError, match=rf"symbolic links .*: {linked}; nothing was changed"):
        run(small(), mine, jobs=1)
    assert _digests(other) == before


def test_a_linked_part_or_manifest_is_refused_by_name_and_its_target_kept(finished, tmp_path):
    outside = tmp_path / "outside.parquet"
    outside.write_bytes(b"somebody's file")
    os.replace(finished / "games" / "part-00002.parquet", tmp_path / "moved.parquet")
    (finished / "games" / "part-00002.parquet").symlink_to(outside)
    refused = one_line_error(
        invoke(
            "simulate",
            "--games",
            240,
            "--chunk-size",
            60,
            "--seed",
            11,
            "--strategy",
            "random",
            "--out",
            finished,
        ),
        1,
        "games/part-00002.parquet",
        "nothing was changed",
    )
    assert "symbolic link" in refused
    assert outside.read_bytes() == b"somebody's file"


def test_an_out_that_is_a_dangling_link_is_named_as_one(tmp_path):
    out = tmp_path / "run"
    out.symlink_to(tmp_path / "gone")
    line = one_line_error(
        invoke("simulate", "--games", 20, "--strategy", "random", "--out", out),
        1,
        "is a symbolic link to",
        "which does not exist",
    )
    assert "free the space" not in line and not (tmp_path / "gone").exists()
