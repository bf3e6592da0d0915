"""`avarium bench`: how fast the engine and the bots play (registered in cli/main.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from avarium.cli.common import (
    Cards,
    Json,
    Patches,
    Quiet,
    Seed,
    Sets,
    load_cards_or_fail,
    print_json,
)
from avarium.cli.errors import fail as _fail
from avarium.cli.errors import say
from avarium.runner.field_table import given


def bench_command(
    games: Annotated[
        int, typer.Option(min=100, help="Games to time, random and heuristic (2 players).")
    ] = 10_000,
    lookahead_games: Annotated[
        int, typer.Option(min=0, help="Lookahead-vs-heuristic games to time (0: skip).")
    ] = 200,
    mcts_games: Annotated[
        int,
        typer.Option(min=0, help="MCTS-vs-MCTS games to time, default budget (0: skip)."),
    ] = 20,
    cold: Annotated[
        bool,
        typer.Option(
            "--cold",
            help="Also time a cold start: a new process with an empty cache compiling the "
            "engine and the random and heuristic bots on one core (a minute or two).",
        ),
    ] = False,
    seed: Seed = None,
    quiet: Quiet = False,
    as_json: Json = False,
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Measure speed: games and decisions per second per core, start-up times.

    Random players first (the engine alone), then heuristic against heuristic, then lookahead
    against heuristic (its cost per game), then the MCTS bot against itself (games per second
    per core and milliseconds per game). One process: the figures are per core, so there is
    no --jobs."""
    from avarium.cli.progress import StepBar
    from avarium.runner.experiment import check_seed
    from avarium.runner.fields import flagged
    from avarium.workflows import bench as bench_module

    seed = given("seed", seed)
    try:
        bench_module.check_counts(games, lookahead_games, mcts_games)
        check_seed(seed)
    except ValueError as exc:
        raise _fail(flagged(str(exc)), 2) from None
    cs = load_cards_or_fail(path, sets, patch)
    if len(cs.idols) < 2:  # it plays every ordered pairing of the set's Idols
        raise _fail(f"--cards: bench needs 2 Idols or more; {cs.source} has {len(cs.idols)}", 2)
    with StepBar(quiet or as_json, bench_module.STEPS) as bar:
        figures = bench_module.run(
            cs,
            games,
            cold=cold,
            seed=seed,
            lookahead_games=lookahead_games,
            mcts_games=mcts_games,
            on_step=bar,
        )
    if as_json:
        print_json(figures)
        return
    say("\n".join(bench_module.table_lines(figures)))
