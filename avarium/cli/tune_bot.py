"""`avarium tune-bot`: fit a heuristic profile's weights by self-play (workflows/tune_bot.py
holds the search; this maps flags to it and its errors to one line)."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Annotated

import typer

from avarium.cli.common import (
    Cards,
    Jobs,
    Patches,
    Profiles,
    Seed,
    Sets,
    jobs_to_use,
    load_cards_or_fail,
    nameable,
)
from avarium.cli.errors import fail, say
from avarium.cli.fields import option
from avarium.runner.field_table import given


def _flag(message: str) -> str:
    """A library message naming a field, with the field shown as this command's flag."""
    head, colon, rest = message.partition(":")
    flags = {"start": "--start", "against": "--against", "name": "--name", "cards": "--cards"}
    flags["log"] = "--log"
    flags |= {
        k: f"--{k}" for k in ("generations", "population", "rounds", "seed", "jobs", "players")
    }
    return f"{flags[head]}:{rest}" if colon and head in flags else message


def tune_bot_command(
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            metavar="FILE",
            help="Profiles file to write: tuned and incumbent profiles.",
        ),
    ],
    log: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="CSV of every candidate of every generation (default OUT with .csv).",
        ),
    ] = None,
    generations: Annotated[
        int, typer.Option(metavar="N", help="CMA-ES generations (the budget).")
    ] = 30,
    population: Annotated[int, typer.Option(metavar="N", help="Candidates per generation.")] = 12,
    rounds: Annotated[
        int,
        typer.Option(
            metavar="N",
            help="Games per ordered seating of the Idols and seat of the candidate, for each "
            "candidate.",
        ),
    ] = 4,
    players: option("players", "tune-bot") = None,
    seed: Seed = None,
    start: Annotated[str, typer.Option(metavar="PROFILE", help="Profile to start from.")] = (
        "balanced"
    ),
    against: Annotated[
        str, typer.Option(metavar="PROFILE", help="Incumbent profile every candidate plays.")
    ] = "balanced",
    name: Annotated[
        str, typer.Option(metavar="NAME", help="Name of the tuned profile in OUT.")
    ] = "tuned",
    jobs: Jobs = None,
    profiles: Profiles = None,
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Fit a heuristic profile's weights by self-play with CMA-ES.

    Every candidate plays the incumbent in both seat orders over every ordered pairing of
    Idols (at --players 3 or 4: in each seat, the incumbent in every other), on the same deals;
    its score is its share of wins. Writes OUT (a profiles file for --profiles) and the log of
    every generation."""
    from avarium.strategies.profiles import ProfileError, load
    from avarium.workflows.tune_bot import LogError, check_inputs, tune, write_profiles

    players_flag = [] if players is None else [f"--players={players}"]  # the command, as asked
    seed, players = given("seed", seed), given("players", players)
    log = log if log is not None else out.with_suffix(".csv")
    for flag, target in (("--out", out), ("--log", log)):
        nameable(flag, target)
        if target.is_dir() or str(target) in ("", "."):
            raise fail(f"{flag}: expected a file to write, got the directory {str(target)!r}", 2)
    if out.resolve() == log.resolve():
        raise fail("--log: the log needs a file other than --out", 2)
    for flag, target in (("--out", out), ("--log", log)):
        if target.is_symlink():  # written through, it would replace what the link points to
            raise fail(f"{flag}: {target} is a symbolic link; it was kept: choose another file", 2)
        # A profiles file (--profiles itself, say) is kept; a log is resumed when it is one of
        # this very tuning (tune() reads it, and refuses any other file).
        if flag == "--out" and target.exists():
            raise fail(
                f"{flag}: {target} exists; nothing was changed. Choose another file, or delete "
                "that one to write it anew",
                2,
            )
        folder = next((p for p in target.resolve().parents if p.exists()), None)
        if folder is None or not os.access(folder, os.W_OK):  # found now, not after the games
            raise fail(f"{flag}: cannot write {target} (no permission in {folder})", 2)
    try:
        table = load(profiles)
    except ProfileError as exc:
        raise fail(str(exc), 2) from None
    cs = load_cards_or_fail(path, sets, patch)
    try:
        check_inputs(
            cs, generations, population, rounds, seed, start, against, name, table, players
        )
    except ValueError as exc:
        raise fail(_flag(str(exc)), 2) from None
    jobs = jobs_to_use(jobs)

    def report(gen) -> None:
        scores = sorted(gen.scores)
        say(
            f"generation {gen.index + 1}/{generations}: best {gen.best:.1%}, median "
            f"{scores[len(scores) // 2]:.1%}, step {gen.sigma:.3f}"
            + (f" (read back from {log})" if gen.logged else ""),
            err=True,
        )

    try:
        result = tune(
            cs, table, generations, population, rounds, seed, log, start, against, jobs, report,
            players,
        )  # fmt: skip
        flags = [f"--generations={generations}", f"--population={population}"]
        flags += players_flag
        flags += [f"--rounds={rounds}", f"--seed={seed}", f"--start={start}"]
        flags += [f"--against={against}", f"--name={name}", f"--out={out}"]
        flags += [f"--profiles={profiles}"] if profiles is not None else []
        flags += [f"--cards={path}"] if path is not None else []
        flags += [f"--set={expr}" for expr in sets or ()]
        flags += [f"--patch={file}" for file in patch or ()]
        command = "avarium tune-bot " + shlex.join(flags)
        write_profiles(out, name, result, against, _weights(table, against), command)
    except LogError as exc:
        raise fail(_flag(str(exc)), 2) from None
    except OSError as exc:
        raise fail(f"cannot write {exc.filename or out}: {exc.strerror or exc}") from None
    fair = "" if players == 2 else f" (a fair share at {players} players: {1 / players:.1%})"
    say(
        f"{name}: {result.train_score:.1%} of its games won against {against} on the tuning "
        f"deals, {result.check_score:.1%} on other deals (seed {seed + 1}){fair}; "
        f"{result.games:,} games in {result.seconds:.0f} s"
        + (f" (resumed after {result.resumed} logged generations)" if result.resumed else "")
        + f"; wrote {out} and {log}"
    )


def _weights(table, profile: str) -> dict[str, float]:
    from avarium.strategies.weights import NAMES

    return dict(zip(NAMES, (float(x) for x in table[profile]), strict=True))
