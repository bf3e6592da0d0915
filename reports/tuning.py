"""`avarium tune-bonus` and `avarium sweep`: one variant per sweep point, played on the same
deals (the variants of a run share their seeds and seatings game for game), then the seat or
Idol win rates at every point, the recommendation, and the run's full report.

A sweep is an ordinary run: its directory holds `experiment.toml`, `games/`, `cards/` and
`report/`, so rerunning the same command resumes it (or just reads it when it is complete), and
`avarium report` and `avarium compare` work on it as on any run.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    import pandas as pd

from reports.commands import build_report
from reports.output import OutputError
from simulator.cli_errors import fail as _fail

SweepCards = Annotated[
    Path | None, typer.Option("--cards", help="Card set (default: the bundled one).")
]
BASE_SETS_HELP = "A fixed override for every point, e.g. raj.merit=18 (repeatable)."
# The options tune-bonus and sweep share.
Strategy = Annotated[
    str, typer.Option(help="Bot for every seat, or one per seat (default heuristic).")
]
Jobs = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")]
Patches = Annotated[list[Path] | None, typer.Option("--patch", help="Patch file.")]
Profiles = Annotated[Path | None, typer.Option(help="Bot weight profiles.")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]


def bonus_vectors(players: int, max_bonus: int) -> list[tuple[int, ...]]:
    """Starting bonuses to try: the first seat 0, each later seat at least the one before (a
    later seat never gets less), up to max_bonus."""
    if not 2 <= players <= 4:
        raise ValueError(f"--players: expected 2 to 4, got {players}")
    if max_bonus < 0:
        raise ValueError(f"--max-bonus: expected 0 or more, got {max_bonus}")
    out = []
    for rest in itertools.product(range(max_bonus + 1), repeat=players - 1):
        if all(a <= b for a, b in itertools.pairwise(rest)):
            out.append((0, *rest))
    return out


def bonus_label(bonus: tuple[int, ...]) -> str:
    return "bonus=" + ",".join(str(b) for b in bonus)


_RANGE = re.compile(r"^\s*([^=\s]+)\s*=\s*(.+?)\s*$")


def parse_sweep(text: str) -> tuple[str, list[int]]:
    """`kumara_raj.merit=16..22` (or `16..22..2`, or `16,18,20`) -> (card.field, values)."""
    m = _RANGE.match(text)
    if not m or "." not in m.group(1):
        raise ValueError(
            f'--set "{text}": expected CARD.FIELD=FROM..TO, e.g. kumara_raj.merit=16..22'
        )
    target, spec = m.group(1), m.group(2)
    try:
        if ".." in spec:
            parts = [int(p) for p in spec.split("..")]
            if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] < 1):
                raise ValueError
            low, high = parts[0], parts[1]
            step = parts[2] if len(parts) == 3 else 1
            if high < low:
                raise ValueError
            values = list(range(low, high + 1, step))
        else:
            values = [int(p) for p in spec.split(",")]
    except ValueError:
        raise ValueError(
            f'--set "{text}": expected whole numbers FROM..TO (FROM <= TO), FROM..TO..STEP or '
            "a comma list"
        ) from None
    if len(values) < 2:
        raise ValueError(f'--set "{text}": a sweep needs at least two values')
    return target, values


def _run(doc: dict, out: Path, jobs: int, quiet: bool) -> None:
    """Resolve the experiment and play it into out (resuming or reading what is there)."""
    from simulator.experiment import ExperimentError, resolve
    from simulator.simulate_cli import play_experiment

    try:
        experiment = resolve(doc, None, Path.cwd())
    except ExperimentError as exc:
        raise _fail(str(exc), 2) from None
    summary = play_experiment(experiment, out, jobs, quiet=quiet)
    if summary.games_played:
        typer.echo(f"played {summary.games_played:,} games in {summary.seconds:.0f} s into {out}")
    else:
        typer.echo(f"{out} is complete: reading it")


def _interval(row) -> str:
    return f"{row.rate:.1%} ({row.lo:.1%}-{row.hi:.1%})"


def seat_table(seats: pd.DataFrame, fairness: pd.DataFrame) -> pd.DataFrame:
    """One row per sweep point: each seat's win rate with its interval, the worst seat's gap
    from fair and the probability this point is the fairest."""
    from analysis.sweeps import variant_order

    rows = []
    for variant in variant_order(seats["variant"].unique()):
        part = seats[seats["variant"] == variant].sort_values("seat")
        row = {"point": variant}
        for r in part.itertuples():
            row[f"seat {int(r.seat)}"] = _interval(r)
        fair = fairness[fairness["variant"] == variant].iloc[0]
        row["worst gap"] = f"{fair.worst_gap:.1%}"
        row["P(fairest)"] = f"{fair.prob_best:.0%}"
        rows.append(row)
    import pandas as pd  # imported when used: see reports/commands.build_report

    return pd.DataFrame(rows)


def idol_table(idols: pd.DataFrame) -> pd.DataFrame:
    """One row per Idol, one column per sweep point: win rate with its interval."""
    from analysis.sweeps import variant_order

    order = variant_order(idols["variant"].unique())
    cells = idols.assign(cell=[_interval(r) for r in idols.itertuples()])
    wide = cells.pivot_table(index="idol", columns="variant", values="cell", aggfunc="first")
    return wide[order].reset_index()


def _markdown(frame: pd.DataFrame) -> str:
    head = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "---|" * len(frame.columns)
    body = ["| " + " | ".join(map(str, row)) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([head, rule, *body])


def _base_doc(players, strategy, games_per_point, seed, path, sets, patch, profiles) -> dict:
    doc: dict = {"seed": seed, "players": players, "bots": strategy, "games": games_per_point}
    if path is not None:
        doc["cards"] = str(path)
    if sets:
        doc["sets"] = list(sets)
    if patch:
        doc["patches"] = [str(p) for p in patch]
    if profiles is not None:
        doc["profiles"] = str(profiles)
    return doc


def tune_bonus_command(
    players: Annotated[int, typer.Option(help="Players per game, 2 to 4.")] = 2,
    max_bonus: Annotated[
        int, typer.Option(help="The largest starting bonus any seat is given.")
    ] = 4,
    games_per_point: Annotated[
        int, typer.Option(min=100, help="Games at every bonus vector tried.")
    ] = 2_000,
    strategy: Strategy = "heuristic",
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
) -> None:
    """Find the starting Reputation bonus per seat that makes the seats fairest.

    Plays every bonus vector (first seat 0, later seats never less than earlier ones) on the
    same deals, prints the seat win rates at each with 95% intervals and recommends the fairest,
    with the probability that it truly is; writes the run's report (seat win rate against
    bonus). Rerunning resumes the sweep, or reads it when complete."""
    from analysis.dataset import DatasetError, load_run
    from analysis.sweeps import closest_to_fair, seat_winrates_by_variant

    try:
        vectors = bonus_vectors(players, max_bonus)
    except ValueError as exc:
        raise _fail(str(exc), 2) from None
    out = out or Path("runs") / f"tune-{players}p"
    doc = _base_doc(players, strategy, games_per_point, seed, path, sets, patch, profiles)
    doc["variant"] = [{"label": bonus_label(v), "bonus": list(v)} for v in vectors]
    typer.echo(f"{len(vectors)} bonus vectors x {games_per_point:,} games, {players} players")
    _run(doc, out, jobs, quiet)
    try:
        games = load_run(out).games
    except DatasetError as exc:
        raise _fail(str(exc)) from None
    seats = seat_winrates_by_variant(games)
    fairness = closest_to_fair(seats)
    typer.echo("\n" + _markdown(seat_table(seats, fairness)))
    chosen = fairness[fairness["chosen"]].iloc[0]
    typer.echo(
        f"\nrecommended: {chosen.variant} (worst seat {chosen.worst_gap:.1%} from the fair "
        f"{1 / players:.0%}; the fairest of those tried with probability {chosen.prob_best:.0%})"
    )
    _report(out)


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
    strategy: Strategy = "heuristic",
    seed: Annotated[int, typer.Option(help="Run seed: the same deals at every value.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Run directory (default runs/sweep-...).")
    ] = None,
    jobs: Jobs = 2,
    path: SweepCards = None,
    patch: Patches = None,
    profiles: Profiles = None,
    quiet: Quiet = False,
) -> None:
    """Sweep one or two card fields: each Idol's win rate at every value.

    Plays every value (or pair of values) on the same deals, prints each Idol's win rate at
    each with 95% intervals and writes the run's report (win rate against the swept value): the
    curve to read a fix from. Rerunning resumes the sweep, or reads it when complete."""
    from analysis.dataset import DatasetError, load_run
    from analysis.sweeps import idol_winrates_by_variant

    try:
        axes = [parse_sweep(s) for s in sweep]
        if not 1 <= len(axes) <= 2:
            raise ValueError(f"--set: sweep one or two fields, got {len(axes)}")
    except ValueError as exc:
        raise _fail(str(exc), 2) from None
    points = list(itertools.product(*[[(t, v) for v in values] for t, values in axes]))
    out = out or Path("runs") / ("sweep-" + "-".join(t for t, _ in axes))
    doc = _base_doc(players, strategy, games_per_point, seed, path, None, patch, profiles)
    doc["variant"] = [
        {
            "label": " ".join(f"{t}={v}" for t, v in point),
            "sets": [f"{t}={v}" for t, v in point],
        }
        for point in points
    ]
    typer.echo(f"{len(points)} points x {games_per_point:,} games, {players} players")
    _run(doc, out, jobs, quiet)
    try:
        games = load_run(out).games
    except DatasetError as exc:
        raise _fail(str(exc)) from None
    typer.echo("\n" + _markdown(idol_table(idol_winrates_by_variant(games))))
    _report(out)
