"""What several commands share: loading the card set a command was given, or failing with
every problem listed (one line each) and one closing line."""

from __future__ import annotations

from pathlib import Path

import typer

from avarium.cli.errors import fail
from avarium.simulator.cards.errors import ERROR, CardSetError, Problem


def report_problems(problems: list[Problem]) -> None:
    for p in sorted(problems, key=lambda p: (p.severity != ERROR, p.file, p.line, p.column)):
        typer.echo(str(p), err=True)


def load_cards_or_fail(path: Path | None, sets: list[str] | None, patches: list[Path] | None):
    """The card set (the bundled one when `path` is None), with overrides and patches."""
    from avarium.simulator.cards.loader import load_cards

    try:
        return load_cards(path, sets or (), patches or ())
    except CardSetError as exc:
        report_problems(exc.problems)
        errors = sum(p.severity == ERROR for p in exc.problems)
        raise fail(f"{errors} error(s); the card set was not loaded") from None
