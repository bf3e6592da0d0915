"""Every command and subcommand prints its help and exits 0 (help texts are plain text: a bot
spec such as lookahead[.PROFILE][/PLAYOUTS] once made `play --help` a traceback)."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from avarium.cli.main import app

runner = CliRunner()


def command_paths(command, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    paths = [path]
    for name, sub in getattr(command, "commands", {}).items():  # a group: its subcommands
        paths += command_paths(sub, (*path, name))
    return paths


PATHS = command_paths(typer.main.get_command(app))


def test_every_command_is_reached():
    names = {" ".join(p) for p in PATHS}
    assert {"play", "simulate", "report", "cards validate", "scenario"} <= names


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "avarium")
def test_the_help_of_every_command_prints_and_exits_0(path, flag):
    result = runner.invoke(app, [*path, flag])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "avarium")
def test_help_shows_what_to_write_not_python_types(path):
    """A metavar says what to write (N, FILE, CARD.FIELD=VALUE), never a Python type such as
    <bool> or <list[str]>."""
    result = runner.invoke(app, [*path, "--help"], terminal_width=200)
    for shown in ("<bool>", "<list[", "[str]>", "[Path]>"):
        assert shown not in result.output, f"{shown} in the help of {' '.join(path)}"


def _options(path: tuple[str, ...]):
    command = typer.main.get_command(app)
    for name in path:
        command = command.commands[name]
    return [p for p in command.params if p.param_type_name == "option"]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "avarium")
def test_no_option_states_its_default_twice(path):
    """typer prints [default: ...] after the help of an option with a default; a help text
    that says "(default ...)" as well prints it twice (sweep --strategy once did)."""
    for option in _options(path):
        shown = option.show_default is not False and option.default not in (None, False, (), "")
        said = re.search(r"\(default\b", option.help or "", re.I) is not None
        assert not (shown and said), f"{' '.join(path)} {option.opts[0]}: {option.help}"
