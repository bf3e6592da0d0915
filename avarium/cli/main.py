"""The `avarium` command: a thin layer over the library functions the tests call too. This
module makes the app and registers every command from the module that holds it: cards in
cards.py, play in play.py, bench in bench.py, ladder in ladder.py, simulate and replay in
simulate.py, report and compare in report.py, tune-bonus and sweep in tuning.py."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from avarium.cli import memory_cap
from avarium.cli import play as play_module
from avarium.cli.balance import balance_command
from avarium.cli.bench import bench_command
from avarium.cli.cards import cards_app
from avarium.cli.check import check_command
from avarium.cli.errors import CommandGroup, say
from avarium.cli.head_to_head import head_to_head_command
from avarium.cli.ladder import ladder_command
from avarium.cli.report import compare_command, report_command
from avarium.cli.scenario import scenario_command
from avarium.cli.simulate import register as register_simulate
from avarium.cli.train import train_command
from avarium.cli.tune_bot import tune_bot_command
from avarium.cli.tuning import sweep_command, tune_bonus_command

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


app.command("play")(play_module.play_command)
app.command("bench")(bench_command)
app.command("ladder")(ladder_command)
app.command("head-to-head")(head_to_head_command)
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
    play_module.STANDALONE = True
    try:
        app()
    except SystemExit as done:
        if memory_cap.ran_out_and_said():
            memory_cap.end_now(done.code if isinstance(done.code, int) else 1)
        raise


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
