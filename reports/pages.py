"""A run's report page and a before/after comparison page, analysed and written in one call.

The commands `avarium report` and `avarium compare` (avarium/cli/report.py) are thin layers over
these two functions; the Python API's `Run.report()` calls the first.
"""

from __future__ import annotations

from pathlib import Path

from avarium.reports.output import write_directory


def build_report(
    run: Path,
    out: Path | None = None,
    band: tuple[float, float] | None = None,
    include_mirrors: bool = False,
    variant: str | None = None,
) -> Path:
    """Analyse a run and write RUN/report/ (or `out`): index.html, charts/, tables/; `band`
    defaults to avarium.analysis.flags.DEFAULT_BAND."""
    # The analysis (pandas, statsmodels, scipy: about 2 s to import) is imported when used, so
    # that every other command, `avarium simulate` first, starts without it.
    from avarium.analysis.dataset import load_run
    from avarium.analysis.flags import DEFAULT_BAND
    from avarium.analysis.summary import analyse
    from avarium.reports.html import files
    from avarium.reports.report import report_page

    data = load_run(run, variant, seeds=False)
    band = DEFAULT_BAND if band is None else band
    analysis = analyse(data.games, data.cards, band=band, include_mirrors=include_mirrors)
    bots = [str(b) for b in data.games["bot"].unique()]
    page, sections = report_page(analysis, data.provenance, bots)
    return write_directory(Path(out) if out else Path(run) / "report", files(page, sections))


def build_comparison(
    run_a: Path, run_b: Path, out: Path | None = None, variant: str | None = None
) -> Path:
    """Compare two runs and write the comparison report (default RUN_B/compare-<A's name>/)."""
    from avarium.analysis.compare import compare_runs
    from avarium.analysis.dataset import load_run
    from avarium.reports.comparison import comparison_page
    from avarium.reports.html import files

    a, b = load_run(run_a, variant), load_run(run_b, variant)
    result = compare_runs(a.games, b.games)
    page, sections = comparison_page(a, b, result)
    target = Path(out) if out else Path(run_b) / f"compare-{Path(run_a).resolve().name}"
    return write_directory(target, files(page, sections), kind="comparison")
