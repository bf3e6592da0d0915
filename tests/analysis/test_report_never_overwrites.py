"""`report` and `compare` never delete or overwrite what they did not write (issue 15, item 1),
and a rerun keeps what a user put into their page: it refuses, naming it, and changes nothing."""

from __future__ import annotations

import shutil

import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports.output import MARKER, OutputError, write_directory
from avarium.reports.pages import build_report
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


@pytest.fixture(scope="module")
def reported_once(tmp_path_factory):
    """A small run with the report `avarium report` wrote into it, written once for the module:
    a report costs about 5 s of CPU however small the run, mostly drawing its charts."""
    run_dir = synthetic_run(
        tmp_path_factory.mktemp("once") / "run", 400, SMALL, seed=3, chunk_games=200
    )
    assert run("report", run_dir).exit_code == 0
    return run_dir


@pytest.fixture
def reported_run(reported_once, tmp_path):
    """A copy of that run and its report for one test to change: the page is checked by the
    SHA-256 of each file its marker lists, so a copy is the page the report wrote."""
    return shutil.copytree(reported_once, tmp_path / "run", symlinks=True)


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


def test_a_page_of_ours_is_replaced_and_an_empty_directory_is_used(small_run, tmp_path):
    # Without charts: a rerun over a charted page is the file browser's litter test below.
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run("report", small_run, "--out", empty, "--no-charts").exit_code == 0
    assert (empty / "index.html").is_file() and (empty / MARKER).is_file()
    result = run("report", small_run, "--out", empty, "--no-charts")
    assert result.exit_code == 0, result.output


def test_a_page_of_ours_is_replaced_whole_without_the_files_it_no_longer_writes(tmp_path):
    page = tmp_path / "report"
    write_directory(page, {"index.html": b"old", "charts/gone.png": b"a variant since removed"})
    write_directory(page, {"index.html": b"new"})
    assert (page / "index.html").read_bytes() == b"new"
    assert not (page / "charts").exists()


# -- a rerun keeps what the page did not write: it refuses, naming it, and changes nothing -----


def refused_naming(result, *names) -> bool:
    """Exit code 2 and one line on stderr that names every one of `names`."""
    lines = result.stderr.strip().splitlines()
    return (
        result.exit_code == 2
        and len(lines) == 1
        and all(name in lines[0] for name in names)
        and "nothing was changed" in lines[0]
        and "Traceback" not in result.output
    )


def test_a_rerun_keeps_a_note_saved_in_the_report(reported_run):
    page = reported_run / "report"
    (page / "notes.md").write_text("Touka looks strong; ask the designers", encoding="utf-8")
    before = snapshot(page)
    result = run("report", reported_run)
    assert refused_naming(result, str(page), "notes.md"), result.output
    assert snapshot(page) == before


def test_a_rerun_keeps_a_chart_edited_in_place(reported_run):
    page = reported_run / "report"
    chart = sorted((page / "charts").glob("*.png"))[0]
    chart.write_bytes(chart.read_bytes() + b"annotated")
    before = snapshot(page)
    result = run("report", reported_run)
    assert refused_naming(result, f"charts/{chart.name} (changed)"), result.output
    assert snapshot(page) == before


def test_a_rerun_keeps_an_empty_folder_and_a_link_put_in_the_report(reported_run, tmp_path):
    page = reported_run / "report"
    (page / "drafts").mkdir()
    (page / "tables" / "mine.csv").symlink_to(tmp_path)
    result = run("report", reported_run)
    assert refused_naming(result, "drafts/", "tables/mine.csv"), result.output
    assert (page / "drafts").is_dir() and (page / "tables" / "mine.csv").is_symlink()


def test_what_a_file_browser_leaves_in_the_report_does_not_stop_a_rerun(reported_run):
    page = reported_run / "report"
    for litter in (page / ".DS_Store", page / "charts" / "Thumbs.db"):
        litter.write_bytes(b"view settings")
    result = run("report", reported_run)
    assert result.exit_code == 0, result.output


def test_a_compare_rerun_keeps_what_it_did_not_write(small_run, tmp_path):
    other = synthetic_run(tmp_path / "other", 400, SMALL, seed=4, chunk_games=200)
    out = tmp_path / "comparison"
    assert run("compare", small_run, other, "--out", out).exit_code == 0
    (out / "verdict.txt").write_text("keep me", encoding="utf-8")
    before = snapshot(out)
    result = run("compare", small_run, other, "--out", out)
    assert refused_naming(result, "verdict.txt"), result.output
    assert snapshot(out) == before


def test_a_refused_report_is_said_before_the_analysis(small_run):
    page = small_run / "report"
    write_directory(page, {"index.html": b"page"})
    (page / "notes.md").write_text("mine", encoding="utf-8")
    steps = []
    with pytest.raises(OutputError, match=r"notes\.md"):
        build_report(small_run, on_step=steps.append)
    assert steps == []


def test_a_page_written_before_the_marker_listed_its_files_keeps_a_note_beside_it(tmp_path):
    old = tmp_path / "report"
    (old / "charts").mkdir(parents=True)
    (old / "charts" / "rates.png").write_bytes(b"chart")
    (old / "index.html").write_text("<html></html>")
    (old / MARKER).write_text("written by avarium (report); replaced whole by the next report\n")
    (old / "notes.md").write_text("mine", encoding="utf-8")
    with pytest.raises(OutputError, match=r"notes\.md"):
        write_directory(old, {"index.html": b"new"})
    (old / "notes.md").unlink()
    write_directory(old, {"index.html": b"new"})  # its own files only: replaced
    assert (old / "index.html").read_bytes() == b"new"


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
