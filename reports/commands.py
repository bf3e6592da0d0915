"""The `avarium report` and `avarium compare` commands, and the library functions behind them.

Registered in simulator/cli.py; errors are one line on stderr with a non-zero exit code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from reports.output import OutputError, write_directory
from simulator.cli_errors import fail as _fail


def parse_band(text: str) -> tuple[float, float]:
    """ "0.45,0.55" (or percentages "45,55") -> (0.45, 0.55)."""
    try:
        low, high = (float(x) for x in text.split(","))
    except ValueError:
        raise ValueError(f'--band "{text}": expected two numbers such as 0.45,0.55') from None
    if low > 1 or high > 1:
        low, high = low / 100, high / 100
    if not 0 <= low < high <= 1:
        raise ValueError(f'--band "{text}": expected 0 <= low < high <= 1')
    return low, high


def build_report(
    run: Path,
    out: Path | None = None,
    band: tuple[float, float] | None = None,
    include_mirrors: bool = False,
    variant: str | None = None,
) -> Path:
    """Analyse a run and write RUN/report/ (or `out`): index.html, charts/, tables/; `band`
    defaults to analysis.flags.DEFAULT_BAND."""
    # The analysis (pandas, statsmodels, scipy: about 2 s to import) is imported when used, so
    # that every other command, `avarium simulate` first, starts without it.
    from analysis.dataset import load_run
    from analysis.flags import DEFAULT_BAND
    from analysis.summary import analyse
    from reports.html import files
    from reports.report import report_page

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
    from analysis.compare import compare_runs
    from analysis.dataset import load_run
    from reports.comparison import comparison_page
    from reports.html import files

    a, b = load_run(run_a, variant), load_run(run_b, variant)
    result = compare_runs(a.games, b.games)
    page, sections = comparison_page(a, b, result)
    target = Path(out) if out else Path(run_b) / f"compare-{Path(run_a).resolve().name}"
    return write_directory(target, files(page, sections), kind="comparison")


def report_command(
    run: Annotated[Path, typer.Argument(help="A run directory written by avarium simulate.")],
    band: Annotated[
        str, typer.Option(help="The two-player win-rate band, scaled to 1/N for more players.")
    ] = "0.45,0.55",
    include_mirrors: Annotated[
        bool, typer.Option("--include-mirrors", help="Keep games where two seats share an Idol.")
    ] = False,
    variant: Annotated[
        str | None, typer.Option(help="Analyse only this variant of the run.")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Where to write (default RUN/report).")] = None,
) -> None:
    """Write RUN/report/: one self-contained index.html, each chart as PNG, each table as CSV."""
    from analysis.dataset import DatasetError

    try:
        limits = parse_band(band)
    except ValueError as exc:
        raise _fail(str(exc), 2) from None
    try:
        target = build_report(run, out, limits, include_mirrors, variant)
    except DatasetError as exc:
        raise _fail(exc.message) from None
    except OutputError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write the report: {exc.strerror} ({exc.filename})") from None
    typer.echo(f"report: {target / 'index.html'}")


def compare_command(
    run_a: Annotated[Path, typer.Argument(help="The run before (A).")],
    run_b: Annotated[Path, typer.Argument(help="The run after (B).")],
    out: Annotated[
        Path | None, typer.Option(help="Where to write (default RUN_B/compare-<A's name>).")
    ] = None,
    variant: Annotated[
        str | None, typer.Option(help="Compare only this variant of both runs.")
    ] = None,
) -> None:
    """Compare two runs: per-Idol and per-seat win-rate differences.

    Paired when the runs share their deals; writes the same kind of report as `report`."""
    from analysis.dataset import DatasetError

    try:
        target = build_comparison(run_a, run_b, out, variant)
    except DatasetError as exc:
        raise _fail(exc.message) from None
    except OutputError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write the comparison: {exc.strerror} ({exc.filename})") from None
    typer.echo(f"comparison: {target / 'index.html'}")
