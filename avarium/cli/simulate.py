"""`avarium simulate` and `avarium replay`: command-line glue over avarium.runner.runner and
replay (registered in cli/main.py). Everything heavier than typer is imported
inside the commands, so that `avarium --help` and the other commands start fast."""

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
    out_option,
    parse_band,
    print_json,
    run_errors,
)
from avarium.cli.errors import fail as _fail
from avarium.cli.errors import note, say
from avarium.cli.fields import option
from avarium.cli.progress import ProgressBar
from avarium.runner.tiers import plan_sentence

RunOut = out_option("Run directory (default: runs/<file name> or runs/<label>).")


def check_scheduler(scheduler: str | None) -> None:
    """Refuse a --scheduler that is no address before anything starts (the library's check,
    as bad input)."""
    from avarium.runner.cluster import check_address

    if scheduler is not None:
        try:
            check_address(scheduler)
        except ValueError as exc:
            raise _fail(f"--{exc}", 2) from None


def _experiment(config: Path | None, flags: dict[str, object]):
    from avarium.runner import experiment_file as experiment
    from avarium.runner.experiment import ExperimentError
    from avarium.runner.field_table import FLAGGED

    try:
        if config is None:
            return experiment.from_flags(flags)
        # The run-wide fields and the run's size (the file's games, or its games per pairing,
        # for every variant) may be given beside --config; every other field's flag is
        # refused: the file says it.
        refused = [f for f in FLAGGED if not f.beside_config]
        clash = [f.flag for f in refused if flags.get(f.name) not in (None, [])]
        if clash:
            raise _fail(
                f"{', '.join(clash)} cannot be combined with --config: set them in {config} "
                "(at its top level for every variant)",
                2,
            )
        beside = [f.name for f in FLAGGED if f.beside_config]
        overrides = {k: flags[k] for k in beside if flags.get(k) is not None}
        return experiment.load(config, overrides)
    except ExperimentError as exc:
        for line in exc.problems:
            say(line, err=True)
        raise _fail(
            f"{len(exc.problems)} problem(s) in the experiment; nothing was run", 2
        ) from None


def simulate(
    config: Annotated[
        Path | None,
        typer.Option("--config", "-c", help="Experiment file (TOML; may hold several variants)."),
    ] = None,
    out: RunOut = None,
    players: option("players", "simulate") = None,
    idols: option("idols", "simulate") = None,
    seating: option("seating", "simulate") = None,
    mirrors: option("mirrors", "simulate") = None,
    strategy: option("bots", "simulate") = None,
    tiers: option("tiers", "simulate") = None,
    bonus: option("bonus", "simulate") = None,
    rule: option("rules", "simulate") = None,
    games: option("games", "simulate") = None,
    games_per_pairing: option("games_per_pairing", "simulate") = None,
    seed: Seed = None,
    chunk_size: option("chunk_size", "simulate") = None,
    label: option("label", "simulate") = None,
    record_turns: option("record_turns", "simulate") = None,
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
    profiles: Profiles = None,
    jobs: Jobs = None,
    backend: Annotated[
        str | None, typer.Option(help="loky (default: processes on this machine) or dask.")
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(help="Dask scheduler address, e.g. tcp://host:8786 (default: a local one)."),
    ] = None,
    precision: Annotated[
        float | None,
        typer.Option(
            metavar="HALF",
            help="Play in rounds until every Idol's 95% interval is within +/-HALF (0.01: one "
            "point), per variant and tier; --games is the cap (see docs/simulate.md).",
        ),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option(
            metavar="settled",
            help="Play in rounds until every Idol's band verdict is decided (Holm, as the "
            "report); --games is the cap.",
        ),
    ] = None,
    band: Annotated[
        str, typer.Option(help="The two-player band for --until settled (as report --band).")
    ] = "0.45,0.55",
    set_aside: Annotated[
        bool,
        typer.Option(
            "--set-aside",
            help="When --out holds a run of another experiment, keep that run whole as "
            "OUT.before-N and play this one in OUT (without it, such a folder is refused).",
        ),
    ] = False,
    quiet: Quiet = False,
    as_json: Json = False,
) -> None:
    """Simulate an experiment into a Parquet dataset; rerun the same command to resume."""

    flags = {
        "players": players,
        "idols": idols,
        "seating": seating,
        "mirrors": mirrors,
        "bots": strategy,
        "tiers": tiers,
        "bonus": bonus,
        "rules": rule,
        "games": games,
        "games_per_pairing": games_per_pairing,
        "seed": seed,
        "chunk_size": chunk_size,
        "record_turns": record_turns,
        "label": label,
        "cards": None if path is None else str(path),
        "sets": sets,
        "patches": None if not patch else [str(p) for p in patch],
        "profiles": None if profiles is None else str(profiles),
    }
    check_scheduler(scheduler)
    stop_rule = check_rule(precision, until)
    try:
        limits = parse_band(band)
    except ValueError as exc:
        raise _fail(str(exc), 2) from None
    experiment = _experiment(config, flags)
    if out is None:
        first = experiment.variants[0]
        name = (label or "main") if first.tier else first.label  # a tier's label names its bot
        out = Path("runs") / (config.stem if config else name)
    if set_aside:
        from avarium.runner.run_folder import RunError
        from avarium.runner.run_folder import set_aside as keep_other_run

        try:
            kept = keep_other_run(out, experiment)
        except RunError as exc:
            raise _fail(str(exc)) from None
        if kept is not None and not (quiet or as_json):
            note(f"{out} held a run of another experiment: kept whole as {kept}")
    if backend is None:
        backend = "dask" if scheduler else "loky"
    planned = plan_sentence(experiment.variants)
    if planned and not (quiet or as_json) and stop_rule is None:
        note(planned)
    from avarium.runner.runner import unlearned_notes

    # A caveat on what the games are evidence of, so said under --quiet and --json too (on
    # stderr; stdout stays the JSON), as every other command that plays says it.
    for line in unlearned_notes(experiment):
        note(line)
    if scheduler and not (quiet or as_json):  # the local cluster's workers load our cache
        from avarium.runner.runner import searching
        from avarium.runner.warmup import worker_compile_note

        note(worker_compile_note(any(searching(v.bots) for v in experiment.variants)))
    if stop_rule is not None:
        from avarium.runner.fields import flagged
        from avarium.workflows.until import UntilResult, play_until

        jobs = jobs_to_use(jobs)
        again = "it reaches the same stop"
        with ProgressBar(quiet or as_json) as bar, run_errors(out, again, datasets=True):
            done, decision = play_until(
                experiment, out, stop_rule, precision, limits, jobs, backend, scheduler, bar
            )
        result = UntilResult(done, decision, out)
        if as_json:
            print_json(result.as_dict())
            return
        for line in result.lines():
            say(flagged(line))
        return
    summary = play_experiment(experiment, out, jobs, backend, scheduler, quiet or as_json)
    if as_json:
        print_json(summary.as_dict())
        return
    say(_summary_text(summary))


def check_rule(precision: float | None, until: str | None) -> str | None:
    """Which rule the flags ask for (None: play every game), or a one-line error naming the
    flag."""
    from avarium.workflows.until import PRECISION, SETTLED, check_precision

    if precision is not None and until is not None:
        raise _fail("--precision and --until: give one of them, not both", 2)
    if until is not None and until != SETTLED:
        raise _fail(
            f"--until: expected {SETTLED!r} (every Idol's verdict decided), got {until!r}", 2
        )
    if precision is not None:
        try:
            check_precision(precision)
        except ValueError as exc:
            raise _fail("--" + str(exc), 2) from None
    if precision is not None:
        return PRECISION
    return SETTLED if until is not None else None


def play_experiment(experiment, out: Path, jobs: int | None, backend: str = "loky",
                    scheduler: str | None = None, quiet: bool = False):  # fmt: skip
    """Run an experiment into `out` with the progress bar; a failure or Ctrl-C becomes a clear
    message and an exit code (1, or 130 when interrupted), what was written is kept. `jobs`
    None is every usable core; more than those is capped, with a note."""
    from avarium.runner import runner

    jobs = jobs_to_use(jobs)
    with ProgressBar(quiet) as bar, run_errors(out):
        return runner.run(experiment, out, jobs, backend, scheduler, on_progress=bar)


def _summary_text(s) -> str:
    from avarium.workflows.until import data_folders

    if s.games_played == 0:
        return f"nothing to do: all {s.games:,} games are already in {s.out}"
    lines = []
    if s.games_before:
        lines.append(f"resumed: {s.games_before:,} games were already written")
    lines.append(
        f"simulated {s.games_played:,} games in {s.seconds:,.1f} s ({s.games_per_second:,.0f} "
        f"games/s, start-up included) with {s.jobs} job(s) ({s.backend}); "
        f"{'largest worker' if s.jobs > 1 else 'memory'} {s.worker_peak_mb:,.0f} MB"
    )
    lines.append(f"data: {data_folders(s.out)} ({s.chunks} parts; experiment.toml)")
    return "\n".join(lines)


def replay(
    run: Annotated[Path, typer.Argument(help="A run directory written by avarium simulate.")],
    game: Annotated[int, typer.Option("--game", "-g", min=0, help="The game id to replay.")],
) -> None:
    """Play one game of a run again and print its transcript."""
    from avarium.runner.experiment import ExperimentError
    from avarium.runner.replay import ReplayError, replay_game

    try:
        lines, recorded, replayed = replay_game(run, game)
    except ExperimentError as exc:
        for line in exc.problems:
            say(line, err=True)
        raise _fail(f"cannot replay from {run}") from None
    except ReplayError as exc:
        raise _fail(str(exc)) from None
    for line in lines:
        say(line)
    say(f"\nrecorded in {run}: {recorded}")
    if replayed is not None and replayed != recorded:
        raise _fail(
            f"the replay ({replayed}) differs from the recorded game: the engine or the bots "
            "changed since the run"
        )


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
    app.command("replay")(replay)
