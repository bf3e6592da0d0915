"""A mistyped flag, a value of the wrong type, an unknown command or a missing argument is one
line, like every domain error: the command, what was wrong, click's own suggestion, and where
the help is; exit code 2."""

from __future__ import annotations

import pytest

from tests.hostile_input.helpers import invoke, one_line_error


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["simulate", "--gmaes", "5"], ["avarium simulate: No such option: --gmaes", "--games"]),
        (["simulate", "--games", "many"], ["avarium simulate:", "'--games'", "integer"]),
        (["simulat"], ["avarium: No such command 'simulat'", "Did you mean 'simulate'?"]),
        (["replay"], ["avarium replay: Missing argument"]),
        (["cards", "shwo"], ["avarium cards: No such command 'shwo'", "'show'"]),
        (["--nope"], ["avarium: No such option: --nope"]),
        (["simulate", "--games"], ["avarium simulate: Option '--games' requires an argument"]),
        (["cards", "show", "--kind"], ["avarium cards: Option '--kind' requires an argument"]),
    ],
    ids=[
        "flag typo", "wrong type", "command typo", "missing argument", "subcommand typo",
        "the group's own flag", "a flag without its value", "a subcommand's flag without its value",
    ],
)  # fmt: skip
def test_a_usage_error_is_one_line_naming_the_command_and_its_help(args, fragments):
    line = one_line_error(invoke(*args), 2, *fragments)
    command = fragments[0].split(":")[0]
    assert line.endswith(f"(see {command} --help)")


@pytest.mark.parametrize("args", [[], ["cards"]], ids=["avarium", "cards"])
def test_a_group_given_no_command_shows_its_help_not_an_error(args):
    result = invoke(*args)
    assert result.output.startswith("Usage: ") and "error:" not in result.output
