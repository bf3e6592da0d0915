"""`avarium tune-bonus` and `avarium sweep`: one variant per sweep point, played on the same
deals (the variants of a run share their seeds and seatings game for game), then the seat or
Idol win rates at every point, the recommendation, and the run's full report.

A sweep is an ordinary run: its directory holds `experiment.toml`, `games/`, `cards/` and
`report/`, so rerunning the same command resumes it (or just reads it when it is complete), and
`avarium report` and `avarium compare` work on it as on any run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from avarium.cli.errors import fail as _fail
from avarium.reports.output import OutputError
from avarium.reports.pages import build_report
from avarium.reports.tuning import idol_table, markdown, seat_table
from avarium.simulator.run.fields import flagged
from avarium.simulator.run.variants import (
    MAX_POINTS,
    base_doc,
    bonus_label,
    bonus_vectors,
    parse_sweep,
    sweep_points,
)

SweepCards = Annotated[
    Path | None, typer.Option("--cards", help="Card set (default: the bundled one).")
]
BASE_SETS_HELP = "A fixed override for every point, e.g. raj.merit=18 (repeatable)."
# The options tune-bonus and sweep share.
Strategy = Annotated[
    str | None,
    typer.Option(help="Bot for every seat, or one per seat, instead of tiers (e.g. heuristic)."),
]
Tiers = Annotated[
    str | None,
    typer.Option(
        help="Skill tiers played on the same deals, weakest first, each BOT, BOT=GAMES or "
        "BOT=P% (default: heuristic,mcts=5%); the recommendation is given per tier."
    ),
]
Jobs = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")]
Patches = Annotated[list[Path] | None, typer.Option("--patch", help="Patch file.")]
Profiles = Annotated[Path | None, typer.Option(help="Bot weight profiles.")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]
MaxPoints = Annotated[
    int,
    typer.Option(
        min=1, help=f"Refuse more points than this (default {MAX_POINTS}): a guard against typos."
    ),
]


def _run(doc: dict, out: Path, jobs: int, quiet: bool) -> None:
    """Resolve the experiment and play it into out (resuming or reading what is there)."""
    from avarium.cli.simulate import play_experiment
    from avarium.simulator.run.experiment import ExperimentError
    from avarium.simulator.run.experiment_file import resolve

    try:
        experiment = resolve(doc, None, Path.cwd())
    except ExperimentError as exc:
        raise _fail(str(exc), 2) from None
    summary = play_experiment(experiment, out, jobs, quiet=quiet)
    if summary.games_played:
        typer.echo(f"played {summary.games_played:,} games in {summary.seconds:.0f} s into {out}")
    else:
        typer.echo(f"{out} is complete: reading it")


def tune_bonus_command(
    players: Annotated[int, typer.Option(help="Players per game, 2 to 4.")] = 2,
    max_bonus: Annotated[
        int, typer.Option(help="The largest starting bonus any seat is given.")
    ] = 4,
    games_per_point: Annotated[
        int, typer.Option(min=100, help="Games at every bonus vector tried.")
    ] = 2_000,
    strategy: Strategy = None,
    tiers: Tiers = None,
    seed: Annotated[int, typer.Option(help="Run seed: the same deals at every point.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Run directory (default runs/tune-<N>p).")
    ] = None,
    jobs: Jobs = 2,
    path: SweepCards = None,
    sets: Annotated[list[str] | None, typer.Option("--set", help=BASE_SETS_HELP)] = None,
    patch: Patches = None,
    profiles: Profiles = None,
    quiet: Quiet = False,
    max_points: MaxPoints = MAX_POINTS,
) -> None:
    """Find the starting Reputation bonus per seat that makes the seats fairest.

    Plays every bonus vector (first seat 0, later seats never less than earlier ones) on the
    same deals, prints the seat win rates at each with 95% intervals and recommends the fairest,
    with the probability that it truly is; writes the run's report (seat win rate against
    bonus). Rerunning resumes the sweep, or reads it when complete."""
    try:  # checked before anything heavy is imported: a refusal is immediate
        vectors = bonus_vectors(players, max_bonus, max_points)
    except ValueError as exc:
        raise _fail(flagged(str(exc)), 2) from None
    from avarium.analysis.sweeps import closest_to_fair, seat_winrates_by_variant

    out = out or Path("runs") / f"tune-{players}p"
    doc = base_doc(players, strategy, games_per_point, seed, path, sets, patch, profiles, tiers)
    doc["variant"] = [{"label": bonus_label(v), "bonus": list(v)} for v in vectors]
    typer.echo(f"{len(vectors)} bonus vectors x {games_per_point:,} games, {players} players")
    _run(doc, out, jobs, quiet)
    for tier, games in _tiers_of(out):
        seats = seat_winrates_by_variant(games)
        fairness = closest_to_fair(seats)
        typer.echo(f"\n{_tier_head(tier)}" + markdown(seat_table(seats, fairness)))
        chosen = fairness[fairness["chosen"]].iloc[0]
        typer.echo(
            f"\nrecommended{_tier_note(tier)}: {chosen.variant} (worst seat "
            f"{chosen.worst_gap:.1%} from the fair {1 / players:.0%}; the fairest of those "
            f"tried with probability {chosen.prob_best:.0%})"
        )
    _report(out)


def _tiers_of(out: Path):
    """The run's games split by skill tier (one part when it names no tiers)."""
    from avarium.analysis.dataset import DatasetError, load_run
    from avarium.analysis.tiers import by_tier

    try:
        data = load_run(out)
    except DatasetError as exc:
        raise _fail(str(exc)) from None
    return by_tier(data.games, data.provenance.experiment)


def _tier_head(tier: str) -> str:
    return f"tier {tier}:\n" if tier else ""


def _tier_note(tier: str) -> str:
    return f" at tier {tier}" if tier else ""


def _report(out: Path) -> None:
    try:
        typer.echo(f"report: {build_report(out) / 'index.html'}")
    except OutputError as exc:
        raise _fail(str(exc)) from None


def sweep_command(
    sweep: Annotated[
        list[str],
        typer.Option(
            "--set",
            help="CARD.FIELD=FROM..TO to sweep (or FROM..TO..STEP, or a comma list); give one "
            "or two.",
        ),
    ],
    players: Annotated[int, typer.Option(help="Players per game, 2 to 4.")] = 2,
    games_per_point: Annotated[
        int, typer.Option(min=100, help="Games at every value tried.")
    ] = 2_000,
    strategy: Strategy = None,
    tiers: Tiers = None,
    seed: Annotated[int, typer.Option(help="Run seed: the same deals at every value.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Run directory (default runs/sweep-...).")
    ] = None,
    jobs: Jobs = 2,
    path: SweepCards = None,
    patch: Patches = None,
    profiles: Profiles = None,
    quiet: Quiet = False,
    max_points: MaxPoints = MAX_POINTS,
) -> None:
    """Sweep one or two card fields: each Idol's win rate at every value.

    Plays every value (or pair of values) on the same deals, prints each Idol's win rate at
    each with 95% intervals and writes the run's report (win rate against the swept value): the
    curve to read a fix from. Rerunning resumes the sweep, or reads it when complete."""
    try:  # checked before anything heavy is imported: a refusal is immediate
        axes = [parse_sweep(s) for s in sweep]
        card_id = _card_ids(path, patch) if len(axes) == 2 else None
        points = sweep_points(axes, max_points, card_id)
    except ValueError as exc:
        raise _fail(flagged(str(exc)), 2) from None
    from avarium.analysis.sweeps import idol_winrates_by_variant

    out = out or Path("runs") / ("sweep-" + "-".join(t for t, _ in axes))
    doc = base_doc(players, strategy, games_per_point, seed, path, None, patch, profiles, tiers)
    doc["variant"] = [
        {
            "label": " ".join(f"{t}={v}" for t, v in point),
            "sets": [f"{t}={v}" for t, v in point],
        }
        for point in points
    ]
    typer.echo(f"{len(points)} points x {games_per_point:,} games, {players} players")
    _run(doc, out, jobs, quiet)
    for tier, games in _tiers_of(out):
        typer.echo(f"\n{_tier_head(tier)}" + markdown(idol_table(idol_winrates_by_variant(games))))
    _report(out)


def _card_ids(path: Path | None, patch: list[Path] | None):
    """A card name as written to the card's id, so that `raj.merit` and `kumara_raj.merit` are
    seen as one field; None when the set does not load (resolving the sweep then says why)."""
    from avarium.simulator.cards.errors import CardNameError, CardSetError
    from avarium.simulator.cards.loader import load_cards

    try:
        cards = load_cards(path, [], patch or [])
    except CardSetError:
        return None

    def card_id(name: str) -> str:
        try:
            return cards.find(name).id
        except CardNameError:
            return name

    return card_id
