"""A run verifies itself (issue 15): damaged, stray, foreign and missing part files are found by
name, resume repairs what it wrote, one process writes a run at a time, and files take the
umask's mode."""

from __future__ import annotations

import json
import os
import shutil
import stat

import pandas as pd
import pytest
from avarium.analysis.dataset import DatasetError, load_run
from avarium.reports.pages import build_report
from avarium.runner import manifest, stopped
from avarium.runner.runner import LOCK_FILE, RunError, run
from filelock import FileLock
from typer.testing import CliRunner

from avarium.cli.main import app
from tests.simulate.conftest import games_of, small

cli = CliRunner()


@pytest.fixture
def finished(reference_run, tmp_path):
    """A private copy of the reference run (4 chunks of 60 games)."""
    out = tmp_path / "run"
    shutil.copytree(reference_run, out)
    return out


def zero_the_middle(path, count=4000):
    data = bytearray(path.read_bytes())
    middle = len(data) // 2 - count // 2
    data[middle : middle + count] = bytes(count)
    path.write_bytes(bytes(data))


def test_every_part_is_listed_in_the_manifest_with_its_checksum(reference_run):
    record = manifest.read(reference_run)
    assert record.games == 240 and record.chunks == 4
    names = sorted(p.relative_to(reference_run).as_posix() for p in reference_run.rglob("part-*"))
    assert sorted(record.parts) == names
    for name, part in record.parts.items():
        assert manifest.check_part(reference_run, name, part) is None
    assert record.games_written() == 240


def test_a_part_with_zeroed_bytes_is_refused_by_name_and_resume_replays_it(finished, reference_run):
    part = finished / "games" / "part-00001.parquet"
    zero_the_middle(part)
    with pytest.raises(DatasetError, match=r"part-00001\.parquet: is damaged"):
        load_run(finished)
    result = cli.invoke(app, ["report", str(finished)])
    assert result.exit_code != 0 and "part-00001.parquet: is damaged" in result.output
    summary = run(small(), finished, jobs=1)
    assert summary.games_played == 60  # that chunk only
    pd.testing.assert_frame_equal(games_of(finished), games_of(reference_run))
    assert load_run(finished).provenance.verified


def test_a_stray_copy_is_refused_by_name_and_never_counted(finished):
    shutil.copy(
        finished / "games" / "part-00002.parquet", finished / "games" / "part-00002 copy.parquet"
    )
    with pytest.raises(DatasetError, match=r"part-00002 copy\.parquet: not a part of this run"):
        load_run(finished)
    with pytest.raises(RunError, match=r"part-00002 copy\.parquet"):
        run(small(), finished, jobs=1)
    assert (finished / "games" / "part-00002 copy.parquet").exists()  # never deleted


def test_a_part_copied_in_from_another_run_is_refused_and_resume_replays_it(
    finished, reference_run, tmp_path
):
    other = tmp_path / "other"
    run(small(seed=12), other, jobs=1)
    shutil.copy(other / "games" / "part-00003.parquet", finished / "games" / "part-00003.parquet")
    with pytest.raises(DatasetError, match=r"part-00003\.parquet"):
        load_run(finished)
    assert run(small(), finished, jobs=1).games_played == 60
    pd.testing.assert_frame_equal(games_of(finished), games_of(reference_run))


def test_a_run_with_a_part_missing_says_it_is_unfinished(finished):
    (finished / "games" / "part-00000.parquet").unlink()
    prov = load_run(finished).provenance
    assert prov.incomplete and (prov.games_present, prov.games_planned) == (180, 240)
    out = finished.parent / "page"
    result = cli.invoke(app, ["report", str(finished), "--out", str(out), "--no-charts"])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Unfinished run</span>: 180 of 240 games" in page
    assert result.output.startswith("unfinished run: 180 of 240 games")  # the terminal too


def test_a_run_written_before_manifests_gets_one_on_resume(finished):
    (finished / manifest.MANIFEST).unlink()
    assert not load_run(finished).provenance.verified
    assert run(small(), finished, jobs=1).games_played == 0
    assert manifest.read(finished).games_written() == 240
    assert load_run(finished).provenance.verified


def test_a_second_writer_is_refused_while_the_first_holds_the_run(finished):
    lock = FileLock(finished / LOCK_FILE)
    with lock, pytest.raises(RunError, match="being written by another process"):
        run(small(), finished, jobs=1)
    # the lock file stays behind, as after a killed run: it is not a stale lock
    assert (finished / LOCK_FILE).exists()
    assert run(small(), finished, jobs=1).games_played == 0


def test_a_lock_left_by_a_killed_run_does_not_block_a_new_run(tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    (out / LOCK_FILE).write_text("")  # what a killed process leaves: the file, no holder
    assert run(small(games=60), out, jobs=1).games_played == 60


def test_a_full_disk_is_one_clear_error_and_the_run_stays_resumable(tmp_path, monkeypatch):
    from avarium.runner import dataset

    out = tmp_path / "run"
    real = dataset.write_bytes_atomically
    calls = []

    def full(path, data):
        calls.append(path)
        if len(calls) > 2:  # the first chunk's two files fit, then the disk is full
            raise OSError(28, "No space left on device", str(path))
        return real(path, data)

    monkeypatch.setattr(dataset, "write_bytes_atomically", full)
    with pytest.raises(RunError, match=r"No space left on device.*run the same command again"):
        run(small(), out, jobs=1)
    monkeypatch.undo()
    summary = run(small(), out, jobs=1)
    assert summary.games_before == 60 and summary.games_played == 180


@pytest.mark.parametrize("umask", [0o022, 0o002])
def test_every_file_and_folder_of_a_run_and_its_report_takes_the_umask_mode(tmp_path, umask):
    """A teammate on a shared drive opens a run and its report: under umask 022 every file is
    0644 and every folder 0755, whatever temporary file or folder each was written through."""
    old = os.umask(umask)
    try:
        out = tmp_path / "run"
        run(small(games=60), out, jobs=1)
        build_report(out)
    finally:
        os.umask(old)
    files = [out / "experiment.toml", out / manifest.MANIFEST, *out.rglob("part-*")]
    report = out / "report"
    assert (report / "index.html") in set(report.rglob("*"))
    for path in [*files, *report.rglob("*"), out, report]:
        mode = 0o777 if path.is_dir() else 0o666
        assert stat.S_IMODE(path.stat().st_mode) == mode & ~umask, path


def test_the_manifest_names_the_run(reference_run):
    doc = json.loads((reference_run / manifest.MANIFEST).read_text())
    assert doc["run_id"] == manifest.experiment_id(small().to_json())


@pytest.mark.parametrize(
    "damage",
    [
        lambda m: m | {"games": "many"},
        lambda m: m | {"parts": [1, 2]},
        lambda m: m | {"parts": {k: v | {"bytes": "x"} for k, v in m["parts"].items()}},
        lambda m: None,
    ],
    ids=["games as text", "parts as a list", "a part's bytes as text", "null"],
)
def test_a_manifest_with_the_wrong_types_is_named_not_a_traceback(finished, damage):
    path = finished / manifest.MANIFEST
    path.write_text(json.dumps(damage(json.loads(path.read_text()))), encoding="utf-8")
    for command in (["report", str(finished)], ["replay", str(finished), "--game", "0"]):
        result = cli.invoke(app, command)
        assert result.exit_code != 0
        assert isinstance(result.exception, SystemExit), result.exception  # no traceback
        assert f"{path}: not a readable run manifest" in result.output


def test_a_manifest_nested_thousands_deep_is_named_not_a_traceback(finished):
    # Python's json reads an array inside another by recursing: RecursionError, not a ValueError
    path = finished / manifest.MANIFEST
    path.write_text("[" * 100_000, encoding="utf-8")
    result = cli.invoke(app, ["report", str(finished)])
    assert result.exit_code != 0
    assert isinstance(result.exception, SystemExit), result.exception  # no traceback
    assert f"{path}: not a readable run manifest" in result.output


def test_a_stop_record_nested_thousands_deep_is_read_as_none(tmp_path):
    (tmp_path / stopped.STOPPED).write_text("[" * 100_000, encoding="utf-8")
    assert stopped.read(tmp_path) is None
