"""Every command that plays into a run directory says a run's failure and Ctrl-C alike, through
one context manager (avarium.cli.common.run_errors): a RunError is one line and exit code 1;
Ctrl-C keeps every chunk written, says so, and exits with 130; a dataset that cannot be read
between rounds is one line, for the commands that read their games back."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer
from avarium.analysis.dataset import DatasetError
from avarium.runner.runner import RunError
from typer.testing import CliRunner

from avarium.cli.common import run_errors
from avarium.cli.main import app

cli = CliRunner()


def test_a_run_error_is_one_line_and_exit_code_1(tmp_path, capsys):
    with pytest.raises(typer.Exit) as stop, run_errors(tmp_path):
        raise RunError("the disk is full")
    assert stop.value.exit_code == 1
    assert capsys.readouterr().err == "error: the disk is full\n"


def test_ctrl_c_keeps_every_chunk_and_exits_with_130(tmp_path, capsys):
    with pytest.raises(typer.Exit) as stop, run_errors(tmp_path, "it reaches the same stop"):
        raise KeyboardInterrupt
    assert stop.value.exit_code == 130
    assert capsys.readouterr().err == (
        f"error: interrupted; every chunk written to {tmp_path} is kept: run the same command "
        "again to continue (it reaches the same stop)\n"
    )


def test_an_unreadable_dataset_is_one_line_only_where_datasets_are_read(tmp_path, capsys):
    with pytest.raises(typer.Exit) as stop, run_errors(tmp_path, datasets=True):
        raise DatasetError("games/part-0.parquet: not a Parquet file")
    assert stop.value.exit_code == 1
    assert capsys.readouterr().err == "error: games/part-0.parquet: not a Parquet file\n"
    # A command that reads no dataset has no such error to expect: it is a bug, shown as one.
    with pytest.raises(DatasetError), run_errors(tmp_path):
        raise DatasetError("unexpected")


def test_playing_without_reading_datasets_loads_no_pandas():
    """`simulate` goes through run_errors without DatasetError, whose module loads pandas."""
    code = (
        "import sys; from pathlib import Path; from avarium.cli.common import run_errors\n"
        "with run_errors(Path('x')):\n    pass\n"
        "print(sorted(m for m in ('pandas', 'avarium.analysis.dataset') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("where", "flags", "again"),
    [
        ("avarium.runner.runner.run", [], "to continue\n"),
        (
            "avarium.workflows.until.run_until",
            ["--until", "settled"],
            "to continue (it reaches the same stop)\n",
        ),
    ],
)
def test_simulate_interrupted_says_what_is_kept(tmp_path, monkeypatch, where, flags, again):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(where, interrupted)
    out = tmp_path / "run"
    args = ["simulate", "--games", "60", "-j", "1", "--strategy", "random", "--out", str(out)]
    result = cli.invoke(app, [*args, *flags])
    assert result.exit_code == 130, result.output
    assert f"every chunk written to {out} is kept: run the same command again {again}" in (
        result.output
    )
