"""How every command reports a problem: one line on stderr, an exit code, no traceback; and
how it says something worth knowing that is no problem: one note line on stderr."""

from __future__ import annotations

import typer
from typer.core import TyperGroup

from avarium.cli import memory_cap
from avarium.simulator.safetext import visible_lines

# click's UsageError, which typer may carry a copy of (typer 0.2x vendors click): found from
# typer's own BadParameter, so the command line catches the class its parser raises.
_USAGE_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


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


def _is_help(exc: Exception) -> bool:
    """`avarium` or `avarium cards` alone: click shows the help, as asked, not an error."""
    return type(exc).__name__ == "NoArgsIsHelpError"


class CommandGroup(TyperGroup):
    """The command line's group: what no command catches itself still ends in one line.

    A usage error (an unknown flag, a value of the wrong type, a missing argument) is one line
    naming the command, with click's own suggestion ("Did you mean --games?") and where the
    help is.
    Ctrl-C anywhere (typer's own handling exits 130 without a word) says what was kept: every
    file the toolkit writes is written whole or not at all, so nothing is left half-written.
    Memory running out (a cap such as `ulimit -v`, a large run on a small machine) says what
    to change instead of showing numpy's traceback, or the traceback of a library that could
    not be loaded under the cap (memory_cap.py)."""

    def make_context(self, info_name, args, parent=None, **extra):
        try:  # the group's own options (`avarium --nope`) are read here, before any command
            return super().make_context(info_name, args, parent, **extra)
        except _USAGE_ERROR as exc:
            if _is_help(exc):
                raise
            raise fail(
                f"avarium: {exc.format_message()} (see avarium --help)", exc.exit_code
            ) from None

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except _USAGE_ERROR as exc:
            if _is_help(exc):
                raise
            # click's form is four lines (usage, hint, blank, error); a domain error is one.
            at = exc.ctx if exc.ctx is not None else ctx
            # named as typed, `avarium ...`, however the process was started (python -m, a test)
            where = "avarium" + at.command_path[len(at.find_root().info_name or "") :]
            if exc.ctx is None and ctx.invoked_subcommand:  # an option left without its value:
                where += f" {ctx.invoked_subcommand}"  # click's error names no command
            raise fail(
                f"{where}: {exc.format_message()} (see {where} --help)", exc.exit_code
            ) from None
        except KeyboardInterrupt:
            raise fail(
                "interrupted; every file written so far is kept whole and none was left "
                "half-written (a run resumes where it stopped: run the same command again)",
                130,
            ) from None
        except Exception as exc:
            # A MemoryError, or under a cap a library the loader could not map while a command
            # imports numba, pyarrow or scipy (an ImportError, or llvmlite's OSError).
            if not memory_cap.ran_out(exc):
                raise
            raise fail(memory_cap.message(exc), 1) from None
