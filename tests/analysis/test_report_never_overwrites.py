"""`report` and `compare` never delete or overwrite what they did not write (issue 15, item 1)."""

from __future__ import annotations

import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports.output import MARKER, OutputError, write_directory
from typer.testing import CliRunner

from avarium.cli.main import app

runner = CliRunner()
SMALL = Plan(players={2: 1.0})


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def small_run(tmp_path):
    return synthetic_run(tmp_path / "run", 400, SMALL, seed=3, chunk_games=200)


def test_a_report_is_never_written_over_its_own_run(small_run):
    before = snapshot(small_run)
    result = run("report", small_run, "--out", small_run)
    assert result.exit_code != 0
    assert "is a run directory" in result.output
    assert "Traceback" not in result.output
    assert snapshot(small_run) == before


def test_compare_is_never_written_over_run_a(small_run, tmp_path):
    other = synthetic_run(tmp_path / "other", 400, SMALL, seed=3, chunk_games=200)
    before = snapshot(small_run)
    result = run("compare", small_run, other, "--out", small_run)
    assert result.exit_code != 0
    assert "is a run directory" in result.output
    assert snapshot(small_run) == before


def test_a_directory_holding_a_run_is_refused(small_run):
    parent = small_run.parent
    (parent / MARKER).write_text("planted")  # even a marker does not license deleting a run
    before = snapshot(parent)
    result = run("report", small_run, "--out", parent)
    assert result.exit_code != 0
    assert "holds a run" in result.output
    assert snapshot(parent) == before


def test_a_directory_of_someone_elses_files_is_refused(small_run, tmp_path):
    theirs = tmp_path / "notes"
    theirs.mkdir()
    (theirs / "plan.txt").write_text("keep me")
    result = run("report", small_run, "--out", theirs)
    assert result.exit_code != 0
    assert "did not write" in result.output
    assert (theirs / "plan.txt").read_text() == "keep me"


def test_a_file_is_never_replaced_by_a_report(small_run, tmp_path):
    target = tmp_path / "summary.html"
    target.write_text("mine")
    result = run("report", small_run, "--out", target)
    assert result.exit_code != 0
    assert "is a file" in result.output
    assert target.read_text() == "mine"


def test_a_page_of_ours_is_replaced_whole_and_an_empty_directory_is_used(small_run, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run("report", small_run, "--out", empty).exit_code == 0
    assert (empty / "index.html").is_file() and (empty / MARKER).is_file()
    (empty / "charts" / "stale.png").write_bytes(b"old")
    result = run("report", small_run, "--out", empty)
    assert result.exit_code == 0, result.output
    assert not (empty / "charts" / "stale.png").exists()  # replaced whole, not merged


def test_a_page_written_before_the_marker_is_still_replaced(tmp_path):
    old = tmp_path / "report"
    (old / "charts").mkdir(parents=True)
    (old / "index.html").write_text("<html></html>")
    write_directory(old, {"index.html": b"new"})
    assert (old / "index.html").read_bytes() == b"new"


def test_a_symbolic_link_is_refused(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(OutputError, match="symbolic link"):
        write_directory(tmp_path / "link", {"index.html": b"x"})
