"""`avarium train`: the expert-iteration loop (workflows/train/generations.py), its options
checked and its steps said as they happen. Heavy imports stay inside the function (`avarium
--help` must start fast)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from avarium.cli.common import (
    Cards,
    Jobs,
    Json,
    Patches,
    Profiles,
    Quiet,
    Seed,
    Sets,
    jobs_to_use,
    load_cards_or_fail,
    print_json,
)
from avarium.cli.errors import fail, say
from avarium.runner.field_table import given
from avarium.workflows.train import MAX_GENERATIONS

# The fields a training run's messages name, as this command's flags.
FLAGS = {
    "games": "--games-per-generation",
    "check_games": "--check-games",
    "budget": "--budget",
    "players": "--players",
    "start": "--start",
    "out": "--out",
    "seed": "--seed",
    "profiles": "--profiles",
    "cards": "--cards",
    "start_weights": "--start",
    "format": "--out",
}


def _player_counts(text: str) -> tuple[int, ...]:
    try:
        counts = tuple(sorted({int(x) for x in text.split(",")}))
    except ValueError:
        counts = ()
    if not counts or not all(2 <= n <= 4 for n in counts):
        raise fail(
            f"--players: expected player counts from 2 to 4, e.g. 2 or 2,3,4; got {text!r}", 2
        )
    return counts


def train_command(
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            metavar="DIR",
            help="Folder of the run: each generation's profiles file (genK.toml, and "
            "profiles.toml the latest), its self-play positions, head-to-head results, "
            "generations.csv, and each Idol's rate by generation (idols.csv, "
            "skill_trace_<n>p.png). The same command again resumes it.",
        ),
    ],
    generations: Annotated[
        int, typer.Option(min=1, max=MAX_GENERATIONS, help="Generations to train.")
    ] = 2,
    games: Annotated[
        int,
        typer.Option(
            "--games-per-generation",
            min=50,
            max=1_000_000,
            help="Self-play games per generation and player count.",
        ),
    ] = 2000,
    players: Annotated[
        str, typer.Option(metavar="N[,N]", help="Player counts to train, e.g. 2 or 2,3,4.")
    ] = "2",
    budget: Annotated[
        int,
        typer.Option(
            min=1, max=10_000, help="Search iterations per decision (self-play and checks)."
        ),
    ] = 20,
    check_games: Annotated[
        int,
        typer.Option(
            min=1,
            max=1_000_000,
            help="Games per seat of each generation against the one before it (on shared "
            "deals, the new bot in each seat in turn).",
        ),
    ] = 500,
    start: Annotated[
        str,
        typer.Option(metavar="PROFILE", help="The profile generation 0 searches with."),
    ] = "mcts",
    seed: Seed = None,
    jobs: Jobs = None,
    quiet: Quiet = False,
    as_json: Json = False,
    profiles: Profiles = None,
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Train stronger search bots by expert iteration.

    Each generation plays self-play games with the one before it (generation 0: the mcts
    profile), fits a learned position value to who won them (a conditional logit over each
    seat's features, one per player count), and searches with it; then it plays the generation
    before it head to head on shared deals. Bots of the run are named mcts.genK/BUDGET with
    --profiles DIR/profiles.toml."""
    from avarium.runner.experiment import check_seed
    from avarium.runner.fields import flagged
    from avarium.strategies import BotError, bot_spec
    from avarium.workflows.train.generations import Plan, run

    counts = _player_counts(players)
    seed = given("seed", seed)
    try:
        check_seed(seed)
    except ValueError as exc:
        raise fail(f"--seed: {exc}", 2) from None
    cards = load_cards_or_fail(path, sets, patch)
    try:
        bot_spec(f"mcts.{start}", profiles)
    except BotError as exc:
        raise fail(f"--start: {exc}", 2) from None
    plan = Plan(
        cards=cards,
        out=out,
        generations=generations,
        games=games,
        players=counts,
        budget=budget,
        check_games=check_games,
        seed=seed,
        jobs=jobs_to_use(jobs),
        profiles=profiles,
        start=start,
    )

    from avarium.cli.progress import GamesOfSteps

    bars = GamesOfSteps(quiet or as_json)

    def talk(line: str) -> None:  # the steps as they happen, on stderr
        bars.close()
        if not (quiet or as_json):
            say(line, err=True)

    try:
        with bars:
            table = run(plan, say=talk, on_games=bars)
    except ValueError as exc:  # the folder's run, or a fit: the message names the field
        raise fail(flagged(str(exc), FLAGS), 2) from None
    except OSError as exc:
        raise fail(f"{exc.filename or out}: {exc.strerror}", 1) from None
    if as_json:
        print_json(table.to_dict(orient="records"))
        return
    from avarium.reports.tuning import markdown

    say(markdown(table))
    bots = f"mcts.gen{generations}/{budget}"
    if generations > 1:
        bots = f"mcts.gen1/{budget} to {bots}"
    say(f"Profiles: {out / 'profiles.toml'} (use {bots} with --profiles)")
    traces = sorted(out.glob("skill_trace_*p.png"))
    if traces:
        shown = ", ".join(str(p) for p in traces)
        say(f"Each Idol's rate by generation: {out / 'idols.csv'} and {shown}")
