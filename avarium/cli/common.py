"""What several commands share: the options every command that plays or writes takes, declared
once here so that they read and behave alike everywhere (`--jobs/-j`, `--quiet/-q`, `--json`,
`--out/-o`; `--seed` and the card-set options built from the experiment's field table,
avarium/cli/fields.py), loading the card set a command was given, or failing with every problem
listed (one line each) and one closing line, and printing a result as one JSON object."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from avarium.cli.errors import fail, note, say
from avarium.cli.fields import option
from avarium.simulator.cards.errors import ERROR, CardSetError, Problem

# -- the shared options ---------------------------------------------------------------------------
# Every option gets a metavar of its own: typer's defaults are Python types (<list[str]>, <bool>),
# which tell a designer nothing about what to write.

Jobs = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        metavar="N",
        help="Worker processes (default: every usable core; more than those is capped, with "
        "a note).",
    ),
]
Seed = option("seed")
Quiet = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress bar on stderr (errors still print).")
]
NoCharts = Annotated[
    bool,
    typer.Option(
        "--no-charts",
        help="Write the report without charts: its page (which says so where they would be) "
        "and tables, the same headline, in a fraction of the time.",
    ),
]
Json = Annotated[
    bool,
    typer.Option("--json", help="Print the result as one JSON object on stdout, nothing else."),
]


def out_option(what: str, metavar: str = "DIR"):
    """The --out/-o option, with the command's own words for what it writes and where (a
    directory, or with metavar FILE a file)."""
    return Annotated[Path | None, typer.Option("--out", "-o", metavar=metavar, help=what)]


# The card set, its overrides and patches, and the bots' profiles: experiment fields, read alike
# by every command that takes them.
Cards = option("cards")
Sets = option("sets")
Patches = option("patches")
Profiles = option("profiles")


def jobs_to_use(jobs: int | None) -> int:
    """--jobs as the runner will use it (every usable core when not given), with a note on
    stderr when more were asked than this machine lets us use."""
    from avarium.runner import runner
    from avarium.runner.fields import flagged

    if jobs is None:
        return runner.usable_cores()
    try:
        used = runner.check_jobs(jobs)
    except runner.RunError as exc:
        raise fail(flagged(str(exc)), 2) from None
    message = runner.jobs_note(jobs, used)
    if message:
        note(flagged(message))
    return used


@contextmanager
def run_errors(out: Path, again: str = "", datasets: bool = False) -> Iterator[None]:
    """Playing into `out`: a run's failure (RunError) becomes one line and exit code 1, Ctrl-C
    "every chunk written to OUT is kept" and exit code 130 (`again` adds what rerunning
    reaches), and with `datasets` a dataset that cannot be read (DatasetError, for the commands
    that read their games back between rounds) one line and exit code 1. DatasetError is
    imported only then: it lives with pandas, which `simulate` does not load to start."""
    from avarium.runner import runner
    from avarium.runner.fields import flagged

    unreadable: tuple[type[Exception], ...] = ()
    if datasets:
        from avarium.analysis.dataset import DatasetError

        unreadable = (DatasetError,)
    try:
        yield
    except runner.RunError as exc:
        raise fail(flagged(str(exc))) from None
    except unreadable as exc:
        raise fail(exc.message) from None
    except KeyboardInterrupt:
        rerun = f" ({again})" if again else ""
        raise fail(
            f"interrupted; every chunk written to {out} is kept: run the same command again "
            f"to continue{rerun}",
            130,
        ) from None


def nameable(flag: str, path: Path) -> None:
    """Refuse now, as bad input, a path the file system cannot even look up (a part longer
    than it allows, a loop of links): asked later, where the command first touches it, the
    question raises instead of answering."""
    try:
        path.is_dir()
    except OSError as exc:
        problem = exc.strerror or str(exc)
        raise fail(f'{flag} "{path}": {problem}; expected a path this system can name', 2) from None


def parse_band(text: str) -> tuple[float, float]:
    """ "0.45,0.55" (or percentages "45,55") -> (0.45, 0.55); a fraction beside a percentage
    ("0.45,1.5") is refused rather than guessed."""
    try:
        low, high = (float(x) for x in text.split(","))
    except ValueError:
        raise ValueError(f'--band "{text}": expected two numbers such as 0.45,0.55') from None
    if (low > 1) != (high > 1):
        raise ValueError(
            f'--band "{text}": write both bounds as fractions (0.45,0.55) or both as '
            "percentages (45,55)"
        )
    if low > 1:
        low, high = low / 100, high / 100
    if not 0 <= low < high <= 1:
        raise ValueError(f'--band "{text}": expected 0 <= low < high <= 1')
    return low, high


def print_json(data: object) -> None:
    """The command's result as one JSON object on stdout (a workflow's result gives its
    tables' rows through pandas' own JSON writer: reports/balance.records_of)."""
    say(json.dumps(data, indent=2, default=str))


# -- card sets ------------------------------------------------------------------------------------


def report_problems(problems: list[Problem]) -> None:
    for p in sorted(problems, key=lambda p: (p.severity != ERROR, p.file, p.line, p.column)):
        say(str(p), err=True)


def load_cards_or_fail(path: Path | None, sets: list[str] | None, patches: list[Path] | None):
    """The card set (the bundled one when `path` is None), with overrides and patches."""
    from avarium.simulator.cards.loader import load_cards

    try:
        return load_cards(path, sets or (), patches or ())
    except CardSetError as exc:
        raise card_set_failure(exc) from None


def card_set_failure(exc: CardSetError) -> typer.Exit:
    """A card set that did not load: every problem on stderr, then one closing line."""
    report_problems(exc.problems)
    errors = sum(p.severity == ERROR for p in exc.problems)
    return fail(f"{errors} error(s); the card set was not loaded")
