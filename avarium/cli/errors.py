"""How every command reports a problem: one line on stderr, an exit code, no traceback."""

from __future__ import annotations

import typer


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print `error: message` on stderr and return the Exit to raise (1: the command could not
    do its job, 2: bad input, 130: interrupted)."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)
