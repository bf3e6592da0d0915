"""A fuzz harness (issue 15, item 11): hypothesis drives every command through typer's test
runner with generated options, values and files, and each call must end as a command should:

- no Python traceback, only a clear message and an exit code;
- no hang: every call has a time limit;
- no file written outside what the call named (its --out, its OUT argument, its run
  directory) or the command's documented default output (runs/, docs/).

The commands are found by walking the command tree, so a new command is fuzzed without a line
here. Work that would take minutes by default (a ladder of six bots, a 10,000-game check) is
given small sizes first; the generated options come after and may override them.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from avarium.cli.main import app

runner = CliRunner()
SECONDS = 120  # per call: far above any small call, far below a hang
ROOT_COMMAND = typer.main.get_command(app)


def leaves(command, path=()):
    subcommands = getattr(command, "commands", {})
    if not subcommands:
        return [(path, command)]
    return [leaf for name, sub in subcommands.items() for leaf in leaves(sub, (*path, name))]


COMMANDS = leaves(ROOT_COMMAND)
# Sizes that keep a call short unless the fuzz overrides them.
SMALL = {
    "--games": "20",
    "--games-per-point": "100",
    "--rounds": "1",
    "--bots": "random,heuristic",
    "--lookahead-games": "2",
    "--mcts-games": "0",
    "--max-bonus": "1",
    "--generations": "1",  # tune-bot: one generation of two candidates, one round each
    "--population": "2",
}
# Where a command may write when told nothing (its documented defaults).
DEFAULT_OUTPUTS = ("runs", "docs")

NASTY = [
    "",
    "0",
    "1",
    "2",
    "-1",
    "3",
    "abc",
    "1..3",
    "3..1",
    "0.45,1.5",
    "2,3,4",
    ",,",
    "touka,raj",
    "touka,touka",
    "random",
    "heuristic",
    "lookahead/0",
    "os:system",
    "kumara_raj.merit=18",
    "raj.merit=1..1000000",
    "x" * 300,
    "18446744073709551616",
    "missing/nowhere",
    "junk.toml",
    "junk.csv",
    "folder",
    "out",
    "out.toml",
    "run",
]


def option_names(command) -> list[tuple[str, bool]]:
    """Each option's first spelling and whether it is a flag (takes no value)."""
    out = []
    for p in command.params:
        if getattr(p, "param_type_name", "") == "option" and p.opts:
            out.append((p.opts[0], bool(getattr(p, "is_flag", False))))
    return out


def arguments(command) -> int:
    return sum(1 for p in command.params if getattr(p, "param_type_name", "") == "argument")


@st.composite
def calls(draw):
    path, command = draw(st.sampled_from(COMMANDS))
    options = option_names(command)
    args = list(path)
    for name, value in SMALL.items():
        if any(o == name for o, _ in options):
            args += [name, value]
    args += [draw(st.sampled_from(NASTY)) for _ in range(arguments(command))]
    for name, flag in draw(st.lists(st.sampled_from(options), max_size=4)) if options else []:
        args += [name] if flag else [name, draw(st.sampled_from(NASTY))]
    return args


def files(root: Path) -> dict[str, int]:
    return {str(p.relative_to(root)): p.stat().st_mtime_ns for p in root.rglob("*") if p.is_file()}


def named(args: list[str]) -> set[str]:
    """The top-level names a call may write under: every value it was given, the same with .csv
    (tune-bot's log is OUT with .csv unless --log says), and the defaults."""
    given = {Path(a).parts[0] for a in args if a and Path(a).parts}
    return given | {_with_csv(n) for n in given} | set(DEFAULT_OUTPUTS)


def _with_csv(name: str) -> str:
    try:
        return str(Path(name).with_suffix(".csv"))
    except ValueError:  # "." or "/": no name to give a suffix
        return name


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang


@pytest.fixture
def workplace(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz")
    (root / "junk.toml").write_text("[[idol]\nid = 3\n")
    (root / "junk.csv").write_text("kind,id\nidol,,,\n")
    (root / "folder").mkdir()
    (root / "folder" / "a.toml").write_text("not = [valid")
    return root


# Derandomized: CI tries the same 100 calls every run, so a red run is a real regression, not a
# new draw. To explore further, set derandomize=False and run with --hypothesis-seed=N.
@settings(
    max_examples=100,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(args=calls())
def test_no_command_shows_a_traceback_hangs_or_writes_elsewhere(workplace, args):
    before = files(workplace)
    old = os.getcwd()
    os.chdir(workplace)
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        result = runner.invoke(app, args)
    except Hang:
        pytest.fail(f"avarium {' '.join(args)}: still running after {SECONDS} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(old)
    shown = f"avarium {' '.join(args)}\n{result.output}"
    assert "Traceback" not in result.output, shown
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), (shown, repr(result.exception))
    allowed = named(args)
    written = {
        name
        for name, stamp in files(workplace).items()
        if before.get(name) != stamp and Path(name).parts[0] not in allowed
    }
    assert not written, (shown, sorted(written))


@pytest.mark.parametrize("out", ["", "folder"])
def test_cards_docs_refuses_a_directory_as_its_output(workplace, out, monkeypatch):
    """Found by this harness: `cards docs --out ''` tried to write over the current directory."""
    monkeypatch.chdir(workplace)
    result = runner.invoke(app, ["cards", "docs", "--out", out])
    assert result.exit_code == 2 and "expected a file to write" in result.output
    assert "Traceback" not in result.output
