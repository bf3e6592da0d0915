"""`avarium report` and `avarium compare`: flags to reports.pages, errors as one line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from avarium.cli.errors import fail as _fail
from avarium.reports.headline import headline
from avarium.reports.output import OutputError
from avarium.reports.pages import build_comparison, build_report


def parse_band(text: str) -> tuple[float, float]:
    """ "0.45,0.55" (or percentages "45,55") -> (0.45, 0.55); a fraction beside a percentage
    ("0.45,1.5") is refused rather than guessed."""
    try:
        low, high = (float(x) for x in text.split(","))
    except ValueError:
        raise ValueError(f'--band "{text}": expected two numbers such as 0.45,0.55') from None
    if (low > 1) != (high > 1):
        raise ValueError(
            f'--band "{text}": write both bounds as fractions (0.45,0.55) or both as '
            "percentages (45,55)"
        )
    if low > 1:
        low, high = low / 100, high / 100
    if not 0 <= low < high <= 1:
        raise ValueError(f'--band "{text}": expected 0 <= low < high <= 1')
    return low, high


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
    from avarium.analysis.dataset import DatasetError

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
    for line in headline(target):
        typer.echo(line)


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

    The runs must differ only in cards, patches, --set overrides, bonus or rules (the same bots,
    players, Idol pool and seating); paired, game by game, when they share their deals and
    seatings. Writes the same kind of report as `report`."""
    from avarium.analysis.compare import CompareError
    from avarium.analysis.dataset import DatasetError

    try:
        target = build_comparison(run_a, run_b, out, variant)
    except CompareError as exc:
        raise _fail(str(exc), 2) from None
    except DatasetError as exc:
        raise _fail(exc.message) from None
    except OutputError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write the comparison: {exc.strerror} ({exc.filename})") from None
    typer.echo(f"comparison: {target / 'index.html'}")
