"""`avarium ladder`: bots ranked by their games against each other (registered in
cli/main.py)."""

from __future__ import annotations

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
from avarium.cli.errors import fail as _fail
from avarium.cli.errors import say
from avarium.runner.field_table import given


def ladder_command(
    bots: Annotated[
        str,
        typer.Option(
            metavar="BOTS",
            help="Bots to rank, comma-separated (default: random, the four heuristic "
            "profiles and lookahead).",
        ),
    ] = "",
    rounds: Annotated[
        int,
        typer.Option(min=1, help="Games per ordered Idol pairing, per seat order, per pair."),
    ] = 5,
    seed: Seed = None,
    jobs: Jobs = None,
    quiet: Quiet = False,
    as_json: Json = False,
    profiles: Profiles = None,
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Rank bots: win rates with 95% intervals and Bradley-Terry ratings.

    Every pair of bots plays both seat orders over every ordered pairing of Idols, on the same
    deals for both seat orders."""
    from avarium.cli.errors import note as _note
    from avarium.cli.progress import ProgressBar
    from avarium.reports.ladder import render
    from avarium.runner.experiment import check_seed
    from avarium.runner.fields import flagged
    from avarium.strategies import BotError
    from avarium.workflows.ladder import DEFAULT_BOTS, rank

    names = tuple(b.strip() for b in bots.split(",")) if bots.strip() else DEFAULT_BOTS
    if not all(names):  # ",," or "random,": a typo, not a wish for the default ladder
        raise _fail(f"--bots: expected bot names separated by commas, got {bots!r}", 2)
    if len(names) < 2:
        raise _fail("--bots: the ladder needs at least two bots", 2)
    seed = given("seed", seed)
    try:
        check_seed(seed)
    except ValueError as exc:
        raise _fail(flagged(str(exc)), 2) from None
    jobs = jobs_to_use(jobs)
    cs = load_cards_or_fail(path, sets, patch)
    try:
        with ProgressBar(quiet or as_json) as bar:
            ranking = rank(
                cs, names, rounds=rounds, seed=seed, jobs=jobs, profiles=profiles, on_progress=bar
            )
    except (BotError, ValueError) as exc:  # the bots, the rounds: the rest was checked above
        raise _fail(flagged(str(exc), {"bots": "--bots"}), 2) from None
    notes = ranking.notes  # the rating fit's warnings, as sentences rather than raw on stderr
    played = ranking.played
    if as_json:
        print_json(ranking.as_dict())
    else:
        say(
            render(
                ranking.tables, played.games, played.stalled, played.longest_game, played.seconds
            )
        )
    for text in notes:
        _note(text)
