"""`avarium report` and `avarium compare`: flags to reports.pages, errors as one line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from avarium.cli.common import (
    Jobs,
    Json,
    NoCharts,
    Patches,
    Quiet,
    Seed,
    Sets,
    out_option,
    parse_band,
    print_json,
)
from avarium.cli.errors import fail as _fail
from avarium.cli.errors import say
from avarium.cli.progress import Bars, StepBar
from avarium.reports.comparison_headline import comparison_facts, comparison_lines
from avarium.reports.headline import report_facts, report_lines
from avarium.reports.output import OutputError
from avarium.reports.pages import build_comparison, build_report, report_steps
from avarium.runner.fields import flagged
from avarium.workflows.sequential import CompareRequest

ReportOut = out_option("Where to write (default RUN/report).")
CompareOut = out_option("Where to write (default RUN_B/compare-<A's name>).")


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
    out: ReportOut = None,
    no_charts: NoCharts = False,
    quiet: Quiet = False,
    as_json: Json = False,
) -> None:
    """Write RUN/report/: one self-contained index.html, each chart as PNG, each table as CSV;
    then print the page's headline (the flagged Idols, the seat win rates, the page). The page
    picks a tier, card set or player count and sorts its tables in the browser, offline.

    A rerun replaces the report it wrote, charts included (after --no-charts none is left from
    before), and refuses (exit code 2, nothing changed) while the folder holds files it did not
    write or a chart edited since."""
    from avarium.analysis.dataset import DatasetError

    try:
        limits = parse_band(band)
    except ValueError as exc:
        raise _fail(str(exc), 2) from None
    try:
        with StepBar(quiet or as_json, report_steps(not no_charts)) as bar:
            target = build_report(
                run, out, limits, include_mirrors, variant, on_step=bar, charts=not no_charts
            )
    except DatasetError as exc:
        raise _fail(exc.message) from None
    except OutputError as exc:  # an --out it may not write: bad input
        raise _fail(str(exc), 2) from None
    except OSError as exc:  # a full disk names no file: the report's folder is named instead
        where = exc.filename or (out if out is not None else run / "report")
        raise _fail(
            f"cannot write the report {where}: {exc.strerror or exc}; a page written there "
            "before is kept whole (free the space or fix the permission, then run it again)"
        ) from None
    facts = report_facts(target, run)
    if as_json:
        print_json(facts)
        return
    for line in report_lines(facts):
        say(line)


def compare_command(
    run_a: Annotated[
        Path,
        typer.Argument(
            help="The run before (A); with --sequential, A's experiment file or run directory."
        ),
    ],
    run_b: Annotated[
        Path | None,
        typer.Argument(
            help="The run after (B); with --sequential, B's experiment file or run "
            "directory, or leave it out and give --patch/--set."
        ),
    ] = None,
    out: CompareOut = None,
    variant: Annotated[
        str | None, typer.Option(help="Compare only this variant of both runs.")
    ] = None,
    pool_tiers: Annotated[
        bool,
        typer.Option(
            "--pool-tiers",
            help="Two tiered runs: count every tier's games together, one number per Idol "
            "(the page says so), instead of comparing each tier on its own.",
        ),
    ] = False,
    sequential: Annotated[
        bool,
        typer.Option(
            "--sequential",
            help="Play A and B round by round on the same deals until every Idol is decided "
            "changed or unchanged by as much as --delta (see docs/analysis.md).",
        ),
    ] = False,
    delta: Annotated[
        float, typer.Option(help="With --sequential: the change that matters (0.03: 3 points).")
    ] = 0.03,
    alpha: Annotated[
        float,
        typer.Option(
            help="With --sequential: the chance to call any unchanged Idol "
            "changed (over every Idol)."
        ),
    ] = 0.05,
    beta: Annotated[
        float,
        typer.Option(
            help="With --sequential: the chance to call an Idol that moved by delta unchanged."
        ),
    ] = 0.10,
    max_games: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="With --sequential: the most games each side plays, the cap (default: the "
            "experiment's games).",
        ),
    ] = None,
    sets: Sets = None,
    patch: Patches = None,
    seed: Seed = None,
    jobs: Jobs = None,
    no_charts: NoCharts = False,
    quiet: Quiet = False,
    as_json: Json = False,
) -> None:
    """Compare two runs: per-Idol and per-seat win-rate differences, tier by tier when both
    runs are tiered, and the card fields B changed.

    The runs must differ only in cards, patches, --set overrides, bonus or rules (the same bots,
    players, Idol pool and seating); paired, game by game, when they share their deals and
    seatings. Writes the same kind of report as `report`, then prints what differs between
    the two experiments, the Idols and seats whose win rate changed, and where the page is.
    With --sequential, plays the two experiments itself and stops as soon as it has decided."""
    if sequential:
        if variant is not None:
            raise _fail("--variant: not with --sequential (every variant is compared)", 2)
        if no_charts:
            raise _fail("--no-charts: not with --sequential (it writes no page)", 2)
        request = CompareRequest(
            run_a, run_b, out, sets or (), patch or (), delta, alpha, beta, seed, max_games
        )
        _compare_sequentially(request, jobs, quiet or as_json, as_json)
        return
    only_sequential = {
        "--set": sets, "--patch": patch, "--seed": seed, "--jobs": jobs,
        "--max-games": max_games,
    }  # fmt: skip
    given = [flag for flag, value in only_sequential.items() if value]
    if given:
        raise _fail(f"{', '.join(given)}: only with --sequential (which plays the games)", 2)
    if run_b is None:
        raise _fail("RUN_B: missing; compare needs two runs (or --sequential)", 2)
    from avarium.analysis.compare import CompareError
    from avarium.analysis.dataset import DatasetError

    try:
        with StepBar(quiet or as_json, report_steps(not no_charts)) as bar:
            target = build_comparison(
                run_a, run_b, out, variant, bar, pool_tiers, charts=not no_charts
            )
    except CompareError as exc:
        raise _fail(str(exc), 2) from None
    except DatasetError as exc:
        raise _fail(exc.message) from None
    except OutputError as exc:  # an --out it may not write: bad input
        raise _fail(str(exc), 2) from None
    except OSError as exc:  # a full disk names no file: the comparison's folder is named
        where = exc.filename or out or Path(run_b) / f"compare-{Path(run_a).resolve().name}"
        raise _fail(
            f"cannot write the comparison {where}: {exc.strerror or exc}; a page written there "
            "before is kept whole (free the space or fix the permission, then run it again)"
        ) from None
    facts = comparison_facts(target, run_a, run_b, variant)
    if as_json:
        print_json(facts)
        return
    for line in comparison_lines(facts):
        say(line)


# The request's `games`, each side's cap, is --max-games here: --games is a run's total elsewhere.
_CAP = {"games": "--max-games", "max_games": "--max-games"}


def _compare_sequentially(request: CompareRequest, jobs: int | None, quiet: bool,
                          as_json: bool) -> None:  # fmt: skip
    """Play the comparison (avarium/workflows/sequential.py) and print its decisions."""
    from avarium.cli.common import jobs_to_use, run_errors
    from avarium.runner.experiment import ExperimentError
    from avarium.workflows.sequential import SequentialError, compare

    jobs = jobs_to_use(jobs)
    again = "it reaches the same decisions"
    try:
        with run_errors(request.where(), again, datasets=True):
            result = compare(request, jobs, Bars(quiet))
    except ExperimentError as exc:
        for line in exc.problems[:-1]:
            say(flagged(line, _CAP), err=True)
        raise _fail(flagged(exc.problems[-1], _CAP), 2) from None
    except SequentialError as exc:
        raise _fail(flagged(str(exc), {"out": "--out"}), 2) from None
    except ValueError as exc:  # a design that means nothing
        raise _fail(f"--{exc}", 2) from None
    if as_json:
        print_json(result.as_dict())
        return
    for line in result.lines():
        say(flagged(line, _CAP))
