"""Every command and subcommand prints its help and exits 0 (help texts are plain text: a bot
spec such as lookahead[.PROFILE][/PLAYOUTS] once made `play --help` a traceback)."""

from __future__ import annotations

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


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "avarium")
def test_the_help_of_every_command_prints_and_exits_0(path):
    result = runner.invoke(app, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output and "Traceback" not in result.output
