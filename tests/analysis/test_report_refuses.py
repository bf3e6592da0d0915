"""`avarium report` refuses what it cannot read in one line, with the file and no traceback,
and leaves an earlier report as it was; a band it cannot read is a usage error."""

from __future__ import annotations

import shutil

import pytest
from typer.testing import CliRunner

from avarium.cli.common import parse_band
from avarium.cli.main import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda run_dir: shutil.rmtree(run_dir), "no such run directory"),
        (lambda run_dir: shutil.rmtree(run_dir / "games"), "no games data"),
        (
            lambda run_dir: (run_dir / "games" / "part-00000.parquet").write_bytes(b"junk"),
            "part-00000.parquet: has 4 bytes where",
        ),
    ],
)
def test_errors_are_one_line_with_the_file_and_no_traceback(planted_run, tmp_path, setup, message):
    broken = tmp_path / "run"
    shutil.copytree(planted_run, broken, ignore=shutil.ignore_patterns("report"))
    (broken / "report").mkdir()
    (broken / "report" / "index.html").write_text("an earlier report")
    setup(broken)
    result = run("report", broken)
    assert result.exit_code == 1
    assert message in result.output and "Traceback" not in result.output
    assert result.output.count("\n") == 1
    if broken.exists():  # an earlier report is left as it was
        assert (broken / "report" / "index.html").read_text() == "an earlier report"
        assert [p.name for p in broken.iterdir() if p.name.startswith(".")] == []


def test_a_bad_band_is_a_usage_error(planted_run):
    result = run("report", planted_run, "--band", "0.6")
    assert result.exit_code == 2 and "--band" in result.output


def test_a_band_mixing_a_fraction_and_a_percentage_is_refused_not_guessed(planted_run):
    result = run("report", planted_run, "--band", "0.45,1.5")
    assert result.exit_code == 2 and "both as percentages" in result.output
    assert parse_band("45,55") == (0.45, 0.55)
