"""How every command reports a problem: one line on stderr, an exit code, no traceback; and
how it says something worth knowing that is no problem: one note line on stderr."""

from __future__ import annotations

import typer

from avarium.simulator.safetext import visible_lines


def say(message: object = "", err: bool = False) -> None:
    """Print a line (or lines) of a command's output; every command prints through here, so a
    card or Idol name's escape sequences and bidirectional overrides are shown, never run by the
    terminal (safetext.visible)."""
    typer.echo(visible_lines(message), err=err)


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print `error: message` on stderr and return the Exit to raise (1: the command could not
    do its job, 2: bad input, 130: interrupted)."""
    say(f"error: {message}", err=True)
    return typer.Exit(code)


def note(message: str) -> None:
    """Print `note: message` on stderr (stdout stays the command's output)."""
    say(f"note: {message}", err=True)
