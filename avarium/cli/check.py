"""`avarium check`: many random games on a card set with every engine invariant checked in every
state; a broken one is reported with the command that replays it as a transcript."""

from __future__ import annotations

from typing import Annotated

import typer

from avarium.cli.common import Cards, Jobs, Patches, Seed, Sets, jobs_to_use, load_cards_or_fail
from avarium.cli.errors import fail as _fail
from avarium.cli.errors import say
from avarium.runner.field_table import given

SHOWN = 10  # violations listed; the count says how many more there are


def _player_counts(text: str) -> list[int]:
    try:
        counts = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        counts = []
    if not counts or not all(2 <= c <= 4 for c in counts):
        raise _fail(f'--players "{text}": expected player counts from 2 to 4, e.g. 2,3,4', 2)
    return counts


def check_command(
    path: Cards = None,
    games: Annotated[int, typer.Option(min=1, help="Games in all, split across the counts.")] = (
        10_000
    ),
    players: Annotated[str, typer.Option(help="Player counts, e.g. 2,3,4.")] = "2,3,4",
    seed: Seed = None,
    jobs: Jobs = None,
    game: Annotated[
        int | None,
        typer.Option(help="Replay this game of the check (with one --players) as a transcript."),
    ] = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Play random games with every engine invariant checked in every state (every card in one
    zone, the Courtyard full while the School has cards, Classes and hands within their limits,
    a legal action whenever the game is on, ...). Exit code 1 if any state is broken."""
    from avarium.runner.experiment import check_seed
    from avarium.runner.fields import flagged
    from avarium.workflows.check import check_games, check_request, replay

    counts = _player_counts(players)
    seed = given("seed", seed)
    try:
        check_seed(seed)
        check_request(games, game)
    except ValueError as exc:
        raise _fail(flagged(str(exc)), 2) from None
    cards = load_cards_or_fail(path, sets, patch)
    try:
        if game is not None:
            if len(counts) != 1:
                raise _fail("--game: give one --players count with it", 2)
            lines, problem = replay(cards, counts[0], game, seed)
            say("\n".join(lines))
            raise typer.Exit(1 if problem else 0)
        result = check_games(cards, games, counts, seed, jobs=jobs_to_use(jobs))
    except ValueError as exc:
        raise _fail(str(exc), 2) from None
    split = ", ".join(f"{n:,} with {p} players" for p, n in result.games.items())
    say(f"checked {sum(result.games.values()):,} games ({split}) in {result.seconds:.1f} s")
    if not result.violations:
        say("every state of every game is sound")
        return
    say(f"{len(result.violations):,} game(s) broke an invariant:")
    where = f" --cards {path}" if path else ""
    for v in result.violations[:SHOWN]:
        say(
            f"  {v.players} players, game {v.game} ({', '.join(v.idols)}): {v.problem}\n"
            f"    replay: avarium check{where} --players {v.players} --seed {seed} --game {v.game}"
        )
    if len(result.violations) > SHOWN:
        say(f"  ... and {len(result.violations) - SHOWN:,} more")
    raise typer.Exit(1)
