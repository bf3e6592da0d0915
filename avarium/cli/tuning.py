"""`avarium tune-bonus` and `avarium sweep`: flags to the workflow's request
(avarium/workflows/sweep.py), one call, and its result printed; errors as one line."""

from __future__ import annotations

from typing import Annotated

import typer

from avarium.cli.common import (
    Cards,
    Jobs,
    Json,
    NoCharts,
    Patches,
    Profiles,
    Quiet,
    Seed,
    Sets,
    out_option,
    print_json,
)
from avarium.cli.errors import fail as _fail
from avarium.cli.errors import note, say
from avarium.cli.fields import option
from avarium.cli.progress import Bars
from avarium.runner.field_table import given
from avarium.runner.fields import flagged
from avarium.runner.variants import LEVERS, MAX_POINTS, MOST_POINTS
from avarium.workflows.sweep import SweepRequest, TuneBonusRequest

MaxPoints = Annotated[
    int,
    typer.Option(
        min=1, help=f"Refuse more points than this (up to {MOST_POINTS:,}): a guard against typos."
    ),
]
TuneOut = out_option("Run directory (default runs/tune-<N>p).")
SweepOut = out_option("Run directory (default runs/sweep-<field>).")


def _play(request, jobs: int | None, quiet: bool, as_json: bool) -> None:
    """Say what is played, play it and print the result (with --json as one object)."""
    try:  # checked before anything heavy is imported: a refusal is immediate
        plan = request.plan()
    except ValueError as exc:
        raise _fail(flagged(str(exc), {"sweep": "--set"}), 2) from None
    if not as_json:
        say(plan.heading)
    from avarium.cli.common import jobs_to_use, run_errors
    from avarium.reports.output import OutputError
    from avarium.runner.experiment import ExperimentError
    from avarium.workflows.sweep import play

    try:
        with run_errors(plan.out, datasets=True):
            result = play(plan, jobs_to_use(jobs), Bars(quiet or as_json))
    except ExperimentError as exc:
        raise _fail(str(exc), 2) from None
    except OutputError as exc:  # an --out it may not write: bad input
        raise _fail(str(exc), 2) from None
    if as_json:
        print_json(result.as_dict())
    else:
        for line in result.lines():
            say(line)
    for line in result.notes:
        note(line)


def tune_bonus_command(
    players: option("players", "tune-bonus") = None,
    max_bonus: Annotated[
        int, typer.Option(help="The largest starting bonus any seat is given.")
    ] = 4,
    games_per_point: Annotated[
        int, typer.Option(min=100, help="Games at every bonus vector tried.")
    ] = 2_000,
    strategy: option("bots", "tune-bonus") = None,
    tiers: option("tiers", "tune-bonus") = None,
    seed: Seed = None,
    out: TuneOut = None,
    jobs: Jobs = None,
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
    profiles: Profiles = None,
    no_charts: NoCharts = False,
    quiet: Quiet = False,
    as_json: Json = False,
    max_points: MaxPoints = MAX_POINTS,
    lever: Annotated[
        list[str] | None,
        typer.Option(
            "--lever",
            metavar="LEVER",
            help=f"A seat lever searched with the bonuses, on and off ({', '.join(LEVERS)}; "
            "repeatable; docs/rulings.md, ruling 25): its effect on every seat is printed.",
        ),
    ] = None,
) -> None:
    """Find the starting Reputation bonus per seat that makes the seats fairest.

    Plays every bonus vector (first seat 0, later seats never less than earlier ones) on the
    same deals, prints the seat win rates at each with 95% intervals and recommends the fairest,
    with the probability that it truly is, at each skill tier and then for every tier at once
    (the vector whose worst seat at any tier is nearest fair); writes the run's report (seat
    win rate against bonus). Rerunning resumes the sweep, or reads it when complete. The same
    seed plays the same deals at every point.

    With --lever, every bonus vector is played with every combination of the levers named
    (rules options that change one seat's first turn, steps of another size than a point of
    starting Reputation), the
    fairest is chosen among them all, and each lever's change of every seat's win rate is
    printed with its 95% interval, paired on the shared deals."""
    request = TuneBonusRequest(
        players=given("players", players), max_bonus=max_bonus, games_per_point=games_per_point,
        bots=strategy, tiers=tiers, seed=given("seed", seed), out=out, cards=path, sets=sets or (),
        patches=patch or (), profiles=profiles, max_points=max_points, levers=lever or (),
        charts=not no_charts,
    )  # fmt: skip
    _play(request, jobs, quiet, as_json)


def sweep_command(
    sweep: Annotated[
        list[str],
        typer.Option(
            "--set",
            metavar="CARD.FIELD=FROM..TO",
            help="A card field to sweep (or FROM..TO..STEP, or a comma list); give one or two.",
        ),
    ],
    players: option("players", "sweep") = None,
    games_per_point: Annotated[
        int, typer.Option(min=100, help="Games at every value tried.")
    ] = 2_000,
    strategy: option("bots", "sweep") = None,
    tiers: option("tiers", "sweep") = None,
    seed: Seed = None,
    out: SweepOut = None,
    jobs: Jobs = None,
    path: Cards = None,
    patch: Patches = None,
    profiles: Profiles = None,
    no_charts: NoCharts = False,
    quiet: Quiet = False,
    as_json: Json = False,
    max_points: MaxPoints = MAX_POINTS,
) -> None:
    """Sweep one or two card fields: each Idol's win rate at every value.

    Plays every value (or pair of values) on the same deals, prints each Idol's win rate at
    each with 95% intervals and writes the run's report (win rate against the swept value): the
    curve to read a fix from. Rerunning resumes the sweep, or reads it when complete."""
    request = SweepRequest(
        sweep=sweep, players=given("players", players), games_per_point=games_per_point,
        bots=strategy, tiers=tiers, seed=given("seed", seed), out=out, cards=path,
        patches=patch or (), profiles=profiles, max_points=max_points, charts=not no_charts,
    )  # fmt: skip
    _play(request, jobs, quiet, as_json)
