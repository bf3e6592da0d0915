"""A Python bot that raises or answers an illegal action in a worker stops `avarium simulate`
with one line naming the bot, and the run stays resumable (a chunk written is kept)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from avarium.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("bot", "says"),
    [("raises", "raised"), ("illegal", "not one of the"), ("too_few_arguments", "takes")],
)
def test_a_broken_python_bot_stops_simulate_with_one_line(tmp_path, bot, says):
    spec = f"tests.hostile_input.bots:{bot},random"
    result = runner.invoke(
        app,
        ["simulate", "--games", "4", "--strategy", spec, "--out", str(tmp_path / "run"), "-q"],
    )
    assert result.exit_code != 0
    assert f"tests.hostile_input.bots:{bot}" in result.output and says in result.output
    assert "Traceback" not in result.output
