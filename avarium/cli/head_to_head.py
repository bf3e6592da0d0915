"""`avarium head-to-head`: one bot against another at two, three or four players, on shared
deals (workflows/head_to_head.py; registered in cli/main.py). Heavy imports stay inside the
function (`avarium --help` must start fast)."""

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
from avarium.cli.errors import fail, note, say
from avarium.cli.fields import option
from avarium.runner.field_table import given
from avarium.workflows.head_to_head import GAMES_PER_SEAT


def head_to_head_command(
    new: Annotated[str, typer.Argument(metavar="NEW", help="The bot to measure, e.g. mcts/80.")],
    old: Annotated[
        str, typer.Argument(metavar="OLD", help="The bot in every other seat, e.g. mcts/20.")
    ],
    players: option("players", "head-to-head") = None,
    games_per_seat: Annotated[
        int,
        typer.Option(
            metavar="N",
            show_default=False,
            help=f"Games with NEW in each seat (default: {GAMES_PER_SEAT}; at 3 or 4 players "
            "rounded up to whole rounds of the seating).",
        ),
    ] = GAMES_PER_SEAT,
    seed: Seed = None,
    jobs: Jobs = None,
    quiet: Quiet = False,
    as_json: Json = False,
    profiles: Profiles = None,
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Measure one bot against another at any table size: NEW in each seat in turn and OLD in
    every other, on the same deals, and NEW's share of the wins against a fair seat's (1/N).

    `avarium ladder` ranks several bots at two players; this compares two at three and four
    (docs/bots.md, "Comparing two bots")."""
    from avarium.cli.progress import ProgressBar
    from avarium.runner import runner
    from avarium.runner.experiment import check_seed
    from avarium.runner.fields import flagged
    from avarium.strategies import BotError, canonical
    from avarium.workflows.head_to_head import head_to_head_experiment, play

    players = given("players", players)
    if not 2 <= players <= 4:
        raise fail(f"--players: expected 2, 3 or 4, got {players}", 2)
    if games_per_seat < 1:
        raise fail(
            f"--games-per-seat: expected a whole number of at least 1, got {games_per_seat}", 2
        )
    seed = given("seed", seed)
    try:
        check_seed(seed)
        labels = [canonical(bot, profiles) for bot in (new, old)]
    except (BotError, ValueError) as exc:
        raise fail(flagged(str(exc)), 2) from None
    if labels[0] == labels[1]:
        raise fail(f"NEW and OLD: expected two different bots, got {labels[0]} twice", 2)
    jobs = jobs_to_use(jobs)
    cs = load_cards_or_fail(path, sets, patch)
    try:
        experiment = head_to_head_experiment(cs, *labels, players, games_per_seat, seed, profiles)
    except (BotError, ValueError) as exc:
        flags = {"games": "--games-per-seat", "players": "--players"}
        raise fail(flagged(str(exc), flags), 2) from None
    try:
        with ProgressBar(quiet or as_json) as bar:
            result = play(experiment, *labels, jobs=jobs, on_progress=bar)
    except runner.RunError as exc:  # a worker lost, memory: one line, nothing was written
        raise fail(flagged(str(exc))) from None
    if as_json:
        print_json(result.as_dict())
    else:
        say(describe(result))
    for text in runner.unlearned_notes(experiment):
        note(text)


def describe(result) -> str:
    """The terminal's three lines: the games, the share with its interval, the verdict."""
    fair = 1 / result.players
    per_seat = result.games // result.players
    verdict = {
        "stronger": f"{result.new} is stronger: the interval lies above a fair seat's share",
        "weaker": f"{result.new} is weaker: the interval lies below a fair seat's share",
        "level": "level: the interval holds a fair seat's share (too few games to tell "
        "apart, or no difference)",
    }[result.verdict]
    return (
        f"{result.new} against {result.old}, {result.players} players: {result.wins:,} wins in "
        f"{result.games:,} games ({per_seat:,} with {result.new} in each seat, {result.old} in "
        "the others, on the same deals)\n"
        f"{result.new}'s share of the wins: {result.share:.1%} (95%: {result.low:.1%}-"
        f"{result.high:.1%}); a fair seat's: {fair:.1%}\n{verdict}"
    )
