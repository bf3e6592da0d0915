"""The `avarium` command: a thin layer over the library functions the tests call too.

The cards, play, bench and ladder commands are here; simulate and replay in simulate.py, report
and compare in report.py, tune-bonus and sweep in tuning.py."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from avarium.cli import memory_cap
from avarium.cli.balance import balance_command
from avarium.cli.check import check_command
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
    nameable,
    out_option,
    print_json,
    report_problems,
)
from avarium.cli.errors import CommandGroup, say
from avarium.cli.errors import fail as _fail
from avarium.cli.report import compare_command, report_command
from avarium.cli.scenario import scenario_command
from avarium.cli.simulate import register as register_simulate
from avarium.cli.train import train_command
from avarium.cli.tune_bot import tune_bot_command
from avarium.cli.tuning import sweep_command, tune_bonus_command
from avarium.simulator.cards.errors import ERROR, CardNameError, CardSetError
from avarium.simulator.constants import CardKind

# True in the `avarium` command's own process (main), False when the app is called in-process
# (a test's CliRunner, a script): only then may `play` switch numba off for its one game.
STANDALONE = False

app = typer.Typer(
    cls=CommandGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Avarium Balance Lab: Monte Carlo balance analysis for Avarium Academy.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    # Help texts are plain text: bot specs such as lookahead[.PROFILE][/PLAYOUTS] must not be
    # read as rich markup (a closing tag [/PLAYOUTS] made `play --help` a traceback).
    rich_markup_mode=None,
)
cards_app = typer.Typer(
    help="Check, show, describe and export card sets.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(cards_app, name="cards")


def _print_version(value: bool) -> None:
    if value:
        from importlib import metadata

        try:
            version = metadata.version("avarium-balance-lab")
        except metadata.PackageNotFoundError:  # a source tree that is not installed
            version = "unknown (not installed)"
        say(f"avarium-balance-lab {version}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Avarium Balance Lab: Monte Carlo balance analysis for Avarium Academy."""


PathArg = Annotated[
    Path | None,
    typer.Argument(
        help="The card set, as --cards gives it (either form; --cards is what every other "
        "command takes).",
        show_default=False,
    ),
]
# The card-set options are avarium/cli/common.py's, shared with every other command.
SetOpt, CardsOpt, PatchOpt, ProfilesOpt = Sets, Cards, Patches, Profiles
DocsOut = out_option("The file to write the reference to (default docs/card-language.md).", "FILE")


def _kind(value: str | None) -> CardKind | None:
    if value is None:
        return None
    key = value.strip().lower().rstrip("s")
    for kind in CardKind:
        if kind.name.lower() == key:
            return kind
    raise _fail(f'--kind "{value}": expected idol, student or scheme', 2)


def _card_path(path: Path | None, cards: Path | None) -> Path | None:
    """The card set given as the positional PATH or as --cards (the grammar of every other
    command); both at once only when they agree."""
    if path is not None and cards is not None and path != cards:
        raise _fail(
            f"--cards: give the card set once, as PATH or --cards (got {path} and {cards})", 2
        )
    return cards if cards is not None else path


@cards_app.command("validate")
def cards_validate(
    path: PathArg = None,
    cards: CardsOpt = None,
    sets: SetOpt = None,
    patch: PatchOpt = None,
    as_json: Json = False,
) -> None:
    """Check a card set: every error at once, then its counts and fingerprint."""
    from avarium.simulator.cards.loader import load_cards

    path = _card_path(path, cards)
    try:
        cs = load_cards(path, sets or (), patch or ())
    except CardSetError as exc:
        if as_json:
            say(json.dumps({"ok": False, "problems": [vars(p) for p in exc.problems]}, indent=2))
        report_problems(exc.problems)
        errors = sum(p.severity == ERROR for p in exc.problems)
        raise _fail(f"{errors} error(s) in {path or 'the bundled set'}") from None
    summary = {
        "ok": True,
        "source": cs.source,
        "fingerprint": cs.fingerprint,
        "idols": cs.count(CardKind.IDOL),
        "students": cs.count(CardKind.STUDENT),
        "schemes": cs.count(CardKind.SCHEME),
        "surprises": sum(c.copies for c in cs.schemes if c.surprise),
        "abilities": len(cs.table.ab_card),
        "warnings": [str(w) for w in cs.warnings],
    }
    if as_json:
        say(json.dumps(summary, indent=2))
        return
    report_problems(cs.warnings)
    say(
        f"{cs.source}: OK, {summary['idols']} Idols, {summary['students']} Students, "
        f"{summary['schemes']} Schemes ({summary['surprises']} Surprises), "
        f"{summary['abilities']} abilities, {len(cs.warnings)} warning(s)\n"
        f"fingerprint {cs.fingerprint}"
    )


@cards_app.command("show")
def cards_show(
    path: PathArg = None,
    kind: Annotated[str | None, typer.Option(help="idol, student or scheme.")] = None,
    club: Annotated[str | None, typer.Option(help="Only cards of this club.")] = None,
    cost: Annotated[
        str | None, typer.Option(help="Only this cost, or a range FROM..TO such as 2..4.")
    ] = None,
    cards: CardsOpt = None,
    sets: SetOpt = None,
    patch: PatchOpt = None,
) -> None:
    """Print the set as readable tables, optionally filtered by kind, club and cost.

    Exit code 1, with a line on stderr, when no card matches the filters."""
    from avarium.simulator.cards.show import table

    wanted = _selection(kind, club, cost)  # bad filters fail before the set is read
    cs = load_cards_or_fail(_card_path(path, cards), sets, patch)
    shown = 0
    for k in CardKind:
        cards = [c for c in cs.of_kind(k) if wanted.matches(c)]
        if cards:
            say(f"\n{k.name.title()}s ({len(cards)})")
            say(table(cards, k))
            shown += len(cards)
    if not shown:
        say(wanted.nothing_matches(), err=True)
        raise typer.Exit(1)


def _selection(kind: str | None, club: str | None, cost: str | None):
    """The cards --kind, --club and --cost ask for; a value that can never match is a usage
    error (exit code 2) rather than an empty table."""
    from avarium.simulator.cards.show import Selection, club_named, cost_range

    try:
        chosen_club = None if club is None else club_named(club)
    except ValueError as exc:
        raise _fail(f"--club {exc}", 2) from None
    try:
        costs = None if cost is None else cost_range(cost)
    except ValueError as exc:
        raise _fail(f"--cost {exc}", 2) from None
    return Selection(_kind(kind), chosen_club, costs)


@cards_app.command("describe")
def cards_describe(
    card: Annotated[str, typer.Argument(help="Card id or any unambiguous part of its name.")],
    path: CardsOpt = None,
    sets: SetOpt = None,
    patch: PatchOpt = None,
) -> None:
    """Show one card with each ability in canonical form and in plain English."""
    from avarium.simulator.cards.show import describe_card

    cs = load_cards_or_fail(path, sets, patch)
    try:
        say(describe_card(cs.find(card)))
    except CardNameError as exc:
        raise _fail(exc.message) from None


# What to do about a file an export or the reference will not replace (owned.py).
_ELSEWHERE = "Choose another file, or delete that one to write it anew"


@cards_app.command("export")
def cards_export(
    out: Annotated[
        Path,
        typer.Argument(help="The file to write: .toml or .csv, the format its extension names."),
    ],
    path: CardsOpt = None,
    sets: SetOpt = None,
    patch: PatchOpt = None,
) -> None:
    """Export a card set to one TOML or CSV file (validate reads either back, same fingerprint).

    OUT may be new or an earlier export, unchanged; any other file there is kept and refused."""
    from avarium.simulator.cards.export import FORMATS, export_cards
    from avarium.simulator.owned import ForeignFileError

    if out.suffix.lower() not in FORMATS:
        raise _fail(f'OUT "{out}": expected a file name ending in .toml or .csv', 2)
    cs = load_cards_or_fail(path, sets, patch)
    try:
        export_cards(cs, out)
    except ForeignFileError as exc:
        raise _fail(f"OUT: {exc}. {_ELSEWHERE}", 2) from None
    except OSError as exc:
        raise _fail(f"cannot write {out}: {exc.strerror or exc}") from None
    say(f"wrote {len(cs.cards)} cards to {out} (fingerprint {cs.fingerprint})")


@cards_app.command("docs")
def cards_docs(
    out: DocsOut = None,
) -> None:
    """Regenerate docs/card-language.md from the language's registry.

    The file may be new or a reference written before; any other file there is kept and
    refused."""
    from avarium.simulator.cards.docs import write_reference
    from avarium.simulator.owned import ForeignFileError

    out = Path("docs/card-language.md") if out is None else out
    nameable("--out", out)
    if out.is_dir() or not out.name:
        raise _fail(f'--out "{out}": expected a file to write, e.g. docs/card-language.md', 2)
    try:
        write_reference(out)
    except ForeignFileError as exc:
        raise _fail(f"--out: {exc}. {_ELSEWHERE}", 2) from None
    except OSError as exc:
        raise _fail(f"cannot write {out}: {exc.strerror or exc}") from None
    say(f"wrote {out}")


@app.command("play")
def play(
    idols: Annotated[
        str, typer.Option(help="Idols by seat, comma-separated (2 to 4), e.g. TOUKA,RAJ.")
    ] = "touka,raj",
    seed: Seed = None,
    bonus: Annotated[
        str | None, typer.Option(help="Starting Reputation per seat, e.g. 0,2 (default: rules).")
    ] = None,
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
    profiles: ProfilesOpt = None,
    path: CardsOpt = None,
    sets: SetOpt = None,
    patch: PatchOpt = None,
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
    from avarium.strategies import BotError, bot_spec
    from avarium.strategies.profiles import load as load_profiles

    seats = [q.strip() for q in idols.split(",") if q.strip()]
    seed = 0 if seed is None else seed
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
        specs = [bot_spec(b, profiles) for b in (names * len(seats) if len(names) == 1 else names)]
        specs = [watched(spec, flag="--bots") for spec in specs]
    except (CardNameError, ValueError, BotError) as exc:
        raise _fail(getattr(exc, "message", str(exc)), 2) from None
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


@app.command("bench")
def bench(
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
    path: CardsOpt = None,
    sets: SetOpt = None,
    patch: PatchOpt = None,
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

    seed = 0 if seed is None else seed
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


@app.command("ladder")
def ladder(
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
    profiles: ProfilesOpt = None,
    path: CardsOpt = None,
    sets: SetOpt = None,
    patch: PatchOpt = None,
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
    seed = 0 if seed is None else seed
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


app.command("report")(report_command)
app.command("compare")(compare_command)
app.command("tune-bonus")(tune_bonus_command)
app.command("sweep")(sweep_command)
app.command("tune-bot")(tune_bot_command)
app.command("train")(train_command)
app.command("scenario")(scenario_command)
app.command("check")(check_command)
app.command("balance")(balance_command)

register_simulate(app)  # simulate, replay: avarium/cli/simulate.py


def main() -> None:  # pragma: no cover - console entry point
    """The `avarium` command (pyproject's console script): a process of its own."""
    global STANDALONE
    STANDALONE = True
    try:
        app()
    except SystemExit as done:
        if memory_cap.ran_out_and_said():
            memory_cap.end_now(done.code if isinstance(done.code, int) else 1)
        raise


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
