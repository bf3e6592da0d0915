"""The flags of the experiment's fields, built from runner/field_table.py: a command's
signature names the field (`players: option("players", "simulate") = None`) and the table gives
the flag's type, name, metavar and help, so that no command writes them again
(tests/test_one_source_for_each_contract.py checks that none does).

A flag not given is None: the experiment fills in the field's default (`simulate`, where a
--config file's value stands unless a flag is given), or the command does (`given`)."""

from __future__ import annotations

from typing import Annotated

import typer

from avarium.runner.field_table import BY_NAME


def option(name: str, command: str = ""):
    """The Annotated type of field `name`'s flag in `command` (its help with what the command
    adds); without a command, the flag as every command that takes it shares it."""
    field = BY_NAME[name]
    if command and command not in field.commands:
        raise LookupError(f"{name}: runner/field_table.py lists no {command!r} among its commands")
    extra = {"metavar": field.metavar} if field.metavar else {}
    return Annotated[
        field.cli | None, typer.Option(*field.names, help=field.help_for(command), **extra)
    ]
