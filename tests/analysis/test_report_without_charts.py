"""`avarium report --no-charts`: the same page, tables and headline with no chart drawn, a page
that says so where its charts would be, and a rerun that replaces the report whole."""

from __future__ import annotations

import json

import pytest
from avarium.analysis.synthetic import synthetic_run
from avarium.reports.html import WITHOUT_CHARTS
from avarium.reports.output import MARKER
from typer.testing import CliRunner

from avarium.cli.main import app
from tests.analysis.conftest import PLANTED

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def files(folder, under):
    return {p.relative_to(folder): p.read_bytes() for p in (folder / under).rglob("*")}


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    """One planted run of two, three and four players, reported with and without charts; each
    report's --json headline beside it."""
    run_dir = synthetic_run(tmp_path_factory.mktemp("bare") / "run", 3_000, PLANTED, seed=5)
    made = {}
    for name, flags in (("charted", []), ("bare", ["--no-charts"])):
        result = run("report", run_dir, "--out", run_dir.parent / name, "--json", *flags)
        assert result.exit_code == 0, result.output
        made[name] = (run_dir.parent / name, json.loads(result.stdout))
    return made


def test_a_report_without_charts_writes_the_same_tables(both):
    (charted, _), (bare, _) = both["charted"], both["bare"]
    assert files(bare, "tables") == files(charted, "tables")


def test_a_report_without_charts_prints_the_same_headline(both):
    (_, charted), (bare, facts) = both["charted"], both["bare"]
    assert facts["page"] == str(bare / "index.html")
    assert {**facts, "page": ""} == {**charted, "page": ""}


def test_a_report_without_charts_writes_no_chart_and_its_marker_lists_none(both):
    bare, _ = both["bare"]
    assert not (bare / "charts").exists()
    assert "charts/" not in (bare / MARKER).read_text(encoding="utf-8")


def test_the_page_says_where_each_section_would_show_charts_that_it_was_written_without(both):
    (charted, _), (bare, _) = both["charted"], both["bare"]
    with_charts = (charted / "index.html").read_text(encoding="utf-8")
    page = (bare / "index.html").read_text(encoding="utf-8")
    # One note in each section that shows charts in the charted page, and no image or link.
    assert page.count(WITHOUT_CHARTS) == with_charts.count("<section") - sections_without_figures(
        with_charts
    )
    assert "<figure" not in page and 'href="charts/' not in page
    assert "without --no-charts" in WITHOUT_CHARTS


def sections_without_figures(page: str) -> int:
    return sum("<figure" not in part for part in page.split("<section")[1:])


def test_a_rerun_without_charts_leaves_no_chart_of_the_report_before_it(tmp_path):
    run_dir = synthetic_run(tmp_path / "run", 400, PLANTED, seed=3)
    assert run("report", run_dir, "-q").exit_code == 0
    page = run_dir / "report"
    assert any((page / "charts").glob("*.png"))
    result = run("report", run_dir, "-q", "--no-charts")
    assert result.exit_code == 0, result.output
    assert not (page / "charts").exists()
    # ...and the report after it, with charts again, draws them all again.
    assert run("report", run_dir, "-q").exit_code == 0
    assert any((page / "charts").glob("*.svg"))


def test_a_rerun_without_charts_still_refuses_a_report_holding_a_users_file(tmp_path):
    run_dir = synthetic_run(tmp_path / "run", 400, PLANTED, seed=3)
    assert run("report", run_dir, "-q", "--no-charts").exit_code == 0
    page = run_dir / "report"
    (page / "notes.md").write_text("mine", encoding="utf-8")
    before = {p: p.read_bytes() for p in page.rglob("*") if p.is_file()}
    result = run("report", run_dir, "-q", "--no-charts")
    assert result.exit_code == 2 and "notes.md" in result.stderr
    assert "Traceback" not in result.output
    assert {p: p.read_bytes() for p in page.rglob("*") if p.is_file()} == before
