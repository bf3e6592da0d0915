"""`avarium report` prints the page's headline in the terminal, and `avarium --version` the
toolkit's version."""

from __future__ import annotations

from importlib import metadata

from avarium.analysis.synthetic import Plan, synthetic_run
from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()


def test_report_prints_the_flagged_idols_the_seat_rates_and_where_the_page_is(tmp_path):
    plan = Plan(bot="heuristic.balanced", strength={"hatsurugi_touka": 1.5})
    run = synthetic_run(tmp_path / "run", 6_000, plan, seed=2)
    result = cli.invoke(app, ["report", str(run)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    # By name, as on the page (read from the same CSV; a synthetic set's names come from ids).
    assert lines[0].startswith("Hatsurugi Touka is above the band: ")
    assert any(line.startswith("2 players, win rate by seat (fair 50%): seat 0 ") for line in lines)
    assert lines[-1] == f"report: {run / 'report' / 'index.html'}"


def test_a_tiered_report_prints_the_verdicts_across_tiers(tmp_path):
    plans = [
        Plan(variant=t, tier=t, bot=t, strength={"syeira_coral": -1.5})
        for t in ("heuristic.balanced", "mcts/40")
    ]
    run = synthetic_run(tmp_path / "run", 6_000, plans, seed=3)
    result = cli.invoke(app, ["report", str(run)])
    assert result.exit_code == 0, result.output
    assert "too weak at every tier: Syeira Coral" in result.output.splitlines()


def test_version_prints_the_installed_version():
    result = cli.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"avarium-balance-lab {metadata.version('avarium-balance-lab')}\n"
