"""What every refusal must look like: one line on stderr, the exit code, no traceback; and the
Dask worker processes a command left running."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from avarium.cli.main import app


def invoke(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def one_line_error(result, code: int, *fragments: str) -> str:
    """Check the result is a refusal of one line naming every fragment; returns the line."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("error: ")]
    assert len(errors) == 1 and lines[-1] == errors[0], result.output
    assert errors[0] in result.stderr.splitlines()  # on stderr: stdout stays the output
    for fragment in fragments:
        assert fragment in errors[0], (fragment, errors[0])
    return errors[0]


def workers(pid: int) -> list[int]:
    """The Dask worker processes a driver started (multiprocessing's spawned children; not its
    resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z" and b"spawn_main" in command:
            found.append(int(entry.name))
    return found
