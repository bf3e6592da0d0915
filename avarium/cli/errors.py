"""How every command reports a problem: one line on stderr, an exit code, no traceback; and
how it says something worth knowing that is no problem: one note line on stderr."""

from __future__ import annotations

import typer


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print `error: message` on stderr and return the Exit to raise (1: the command could not
    do its job, 2: bad input, 130: interrupted)."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def note(message: str) -> None:
    """Print `note: message` on stderr (stdout stays the command's output)."""
    typer.echo(f"note: {message}", err=True)
