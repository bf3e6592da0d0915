"""`avarium play`: one game between bots, its transcript printed (registered in cli/main.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from avarium.cli.common import (
    Cards,
    Patches,
    Profiles,
    Seed,
    Sets,
    load_cards_or_fail,
)
from avarium.cli.errors import fail as _fail
from avarium.cli.errors import note, say
from avarium.cli.fields import option
from avarium.runner.field_table import given
from avarium.simulator.cards.errors import CardNameError

# True in the `avarium` command's own process (main), False when the app is called in-process
# (a test's CliRunner, a script): only then may `play` switch numba off for its one game.
STANDALONE = False


def play_command(
    idols: Annotated[
        str, typer.Option(help="Idols by seat, comma-separated (2 to 4), e.g. TOUKA,RAJ.")
    ] = "touka,raj",
    seed: Seed = None,
    bonus: option("bonus", "play") = None,
    strategy: Annotated[
        str,
        typer.Option(
            "--bots",
            "--strategy",
            metavar="BOTS",
            help="Bot for every seat, or one per seat comma-separated: random, "
            "heuristic[.PROFILE], lookahead[.PROFILE][/PLAYOUTS], mcts[.PROFILE][/ITERATIONS] "
            "or module:function (--strategy is the same flag).",
        ),
    ] = "heuristic",
    profiles: Profiles = None,
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Play one game between bots (the heuristic by default, as play_games) and print its
    transcript."""
    engine = "compiled"
    if STANDALONE:  # a process of its own: one game may be quicker uncompiled (first_game.py)
        from avarium.workflows.first_game import choose_engine

        engine = choose_engine(strategy.split(","))
    from avarium.runner.batch import Chooser
    from avarium.runner.experiment import check_bonus, check_seed
    from avarium.runner.fields import flagged
    from avarium.runner.python_bots import BotFailed, watched
    from avarium.simulator.game.api import new_game
    from avarium.simulator.game.transcript import play_logged
    from avarium.strategies import BotError, bot_spec, unlearned_note, without_learned_value
    from avarium.strategies.profiles import load as load_profiles

    seats = [q.strip() for q in idols.split(",") if q.strip()]
    seed = given("seed", seed)
    try:  # the numbers first: the engine's own complaint about them is a traceback
        check_seed(seed)
        bonuses = None if bonus is None else check_bonus(_whole_numbers(bonus), len(seats))
    except ValueError as exc:
        raise _fail(flagged(str(exc)), 2) from None
    cs = load_cards_or_fail(path, sets, patch)
    try:
        game = new_game(cs, seats, seed=seed, bonus=None if bonuses is None else list(bonuses))
        names = [b for b in strategy.split(",") if b.strip()]
        if len(names) not in (1, len(seats)):
            raise ValueError(f"--bots: give one bot or {len(seats)}, got {len(names)}")
        if profiles is not None:  # read even when no bot weighs with it: a bad file is named
            load_profiles(profiles)
        chosen = names * len(seats) if len(names) == 1 else names
        specs = [bot_spec(b, profiles) for b in chosen]
        unlearned = dict.fromkeys(
            b for b, s in zip(chosen, specs, strict=True) if without_learned_value(s, len(seats))
        )
        specs = [watched(spec, flag="--bots") for spec in specs]
    except (CardNameError, ValueError, BotError) as exc:
        raise _fail(getattr(exc, "message", str(exc)), 2) from None
    for name in unlearned:  # as every command that plays says
        note(unlearned_note(name, len(seats)))
    choose = Chooser(game, specs, seed)
    if engine == "plain":
        from avarium.workflows.first_game import compile_for_next_time

        compile_for_next_time()
    try:
        lines = play_logged(game, choose)
    except BotFailed as exc:
        raise _fail(str(exc)) from None
    if engine == "compiled":
        from avarium.workflows.first_game import mark_compiled

        mark_compiled()
    for line in lines:
        say(line)


def _whole_numbers(text: str) -> list[int]:
    """ "0,2" -> [0, 2]; a ValueError naming the field for anything else."""
    try:
        return [int(b) for b in text.split(",")]
    except ValueError:
        raise ValueError(
            f"bonus: expected whole numbers separated by commas, got {text!r}"
        ) from None
