"""`avarium report --no-charts` run again over a report: it replaces the report whole and still
refuses a folder holding a user's file. (The page, tables and headline of a report without
charts, against the same report with them, are checked on the planted run's report in
test_report.py, which draws its charts anyway.)"""

from __future__ import annotations

from avarium.analysis.synthetic import synthetic_run
from typer.testing import CliRunner

from avarium.cli.main import app
from tests.analysis.conftest import PLANTED

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


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
