"""`avarium report --no-charts` (and `compare --no-charts`) builds no figure and shows no charts
step; run again over a report, it replaces the report whole and still refuses a folder holding
a user's file. (The page, tables and headline of a report without charts, against the same
report with them, are checked on the planted run's report in test_report.py, which draws its
charts anyway.)"""

from __future__ import annotations

import pytest
from avarium.analysis.synthetic import synthetic_run
from avarium.reports.html import WITHOUT_CHARTS
from avarium.reports.pages import build_comparison, build_report, report_steps
from matplotlib.figure import Figure
from typer.testing import CliRunner

from avarium.cli.main import app
from tests.analysis.conftest import PLANTED

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture
def figures(monkeypatch):
    """Every matplotlib figure made while the test runs, as it is made."""
    made = []
    build = Figure.__init__

    def counted(self, *args, **kwargs):
        made.append(self)
        build(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "__init__", counted)
    return made


def test_a_report_without_charts_builds_no_figure_and_its_rerun_leaves_no_chart(tmp_path, figures):
    run_dir = synthetic_run(tmp_path / "run", 400, PLANTED, seed=3)
    assert run("report", run_dir, "-q").exit_code == 0
    page = run_dir / "report"
    assert any((page / "charts").glob("*.png"))
    charted = len(figures)
    assert charted >= len(list((page / "charts").glob("*.png")))
    result = run("report", run_dir, "-q", "--no-charts")
    assert result.exit_code == 0, result.output
    assert len(figures) == charted  # not one figure built, to be closed unseen
    assert not (page / "charts").exists()
    # ...and the report after it, with charts again, draws them all again.
    assert run("report", run_dir, "-q").exit_code == 0
    assert any((page / "charts").glob("*.svg"))


def test_a_report_without_charts_has_no_charts_step(tmp_path):
    run_dir = synthetic_run(tmp_path / "run", 400, PLANTED, seed=3)
    steps = []
    build_report(run_dir, on_step=steps.append, charts=False)
    assert steps == ["loading", "analysing", "writing"] == list(report_steps(charts=False))


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


def test_a_comparison_without_charts_builds_no_figure_and_has_no_charts_step(tmp_path, figures):
    a = synthetic_run(tmp_path / "a", 400, PLANTED, seed=3)
    b = synthetic_run(tmp_path / "b", 400, PLANTED, seed=4)
    steps = []
    page = build_comparison(a, b, tmp_path / "plain", on_step=steps.append, charts=False)
    assert steps == list(report_steps(charts=False))
    assert figures == [] and not (page / "charts").exists()
    assert WITHOUT_CHARTS in (page / "index.html").read_text(encoding="utf-8")
    # The command says it the same way; and with charts, the same comparison draws them.
    result = run("compare", a, b, "-q", "--no-charts", "--out", tmp_path / "cli")
    assert result.exit_code == 0, result.output
    assert figures == [] and not (tmp_path / "cli" / "charts").exists()
    assert run("compare", a, b, "-q", "--out", tmp_path / "charted").exit_code == 0
    assert figures and any((tmp_path / "charted" / "charts").glob("*.png"))


def test_a_sequential_comparison_refuses_no_charts_as_it_writes_no_page(tmp_path):
    result = run("compare", tmp_path / "a.toml", "--sequential", "--no-charts")
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1].startswith("error: --no-charts: not with")
