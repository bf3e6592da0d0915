"""The workflows from Python (`avarium.sweep`, `avarium.tune_bonus`, ...) are the commands'
workflows: on the same seed they play the same games and give the same figures, and their
results print as the commands print them."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import avarium
from avarium.cli.main import app


def command(*args: str):
    done = CliRunner().invoke(app, list(args))
    assert done.exit_code == 0, done.output
    return done


def test_a_sweep_from_python_gives_the_commands_figures(tmp_path):
    result = avarium.sweep(
        "kumara_raj.merit=10,30", games_per_point=100, bots="heuristic", seed=4,
        out=tmp_path / "py",
    )  # fmt: skip
    printed = json.loads(
        command(
            "sweep", "--set", "kumara_raj.merit=10,30", "--games-per-point", "100",
            "--strategy", "heuristic", "--seed", "4", "-o", str(tmp_path / "cli"), "-j", "1",
            "--json",
        ).stdout
    )  # fmt: skip
    returned = result.as_dict()
    assert returned["points"] == printed["points"] == ["kumara_raj.merit=10", "kumara_raj.merit=30"]
    assert returned["tiers"] == printed["tiers"]
    assert returned["run"]["games"] == printed["run"]["games"] == 200
    assert set(result.tiers[0].tables["idols"]["variant"]) == set(returned["points"])
    # The command reading the run Python played prints what the result's lines say.
    text = command(
        "sweep", "--set", "kumara_raj.merit=10,30", "--games-per-point", "100",
        "--strategy", "heuristic", "--seed", "4", "-o", str(tmp_path / "py"), "-q",
    ).stdout  # fmt: skip
    expected = [f"{tmp_path / 'py'} is complete: reading it", *result.lines()[1:]]
    assert text == "\n".join(["2 points x 100 games, 2 players", *expected]) + "\n"


def test_tune_bonus_from_python_gives_the_commands_recommendation(tmp_path):
    result = avarium.tune_bonus(
        max_bonus=1, games_per_point=100, tiers=["random", "heuristic"], out=tmp_path / "py"
    )
    printed = json.loads(
        command(
            "tune-bonus", "--max-bonus", "1", "--games-per-point", "100", "--tiers",
            "random,heuristic", "-o", str(tmp_path / "cli"), "-j", "1", "--json",
        ).stdout
    )  # fmt: skip
    returned = result.as_dict()
    for key in ("players", "points", "games_per_point", "tiers", "every_tier"):
        assert returned[key] == printed[key], key
    assert [t.tier for t in result.tiers] == ["random", "heuristic.balanced"]
    assert result.every_tier.tables["recommended"]["chosen"].all()


def test_a_workflows_bad_argument_names_the_argument_not_the_flag(tmp_path):
    with pytest.raises(ValueError, match=r"^players: expected a whole number from 2 to 4"):
        avarium.tune_bonus(players=7, out=tmp_path / "t")
    with pytest.raises(TypeError, match=r"^sweep: expected card fields"):
        avarium.sweep(3, out=tmp_path / "s")
    assert not (tmp_path / "t").exists() and not (tmp_path / "s").exists()


def test_a_sequential_comparison_from_python_reaches_the_commands_decisions(tmp_path):
    a = tmp_path / "a.toml"
    a.write_text('seed = 5\ngames = 3000\nchunk_size = 250\nbots = "random"\nidols = "touka,raj"\n')
    result = avarium.compare(a, set="raj.merit=40", out=tmp_path / "py")
    printed = json.loads(
        command(
            "compare", "--sequential", str(a), "--set", "raj.merit=40", "-o",
            str(tmp_path / "cli"), "-j", "1", "-q", "--json",
        ).stdout
    )  # fmt: skip
    returned = result.as_dict()
    assert returned["idols"] == printed["idols"] and returned["design"] == printed["design"]
    assert returned["games_per_side"] == printed["games_per_side"] < printed["cap_per_side"]
    raj = result.table[result.table["idol"] == "kumara_raj"]
    assert list(raj["verdict"]) == ["changed"]
    assert json.loads((tmp_path / "py" / "sequential.json").read_text()) == returned


def test_a_balance_search_from_python_finds_what_the_command_finds(tmp_path):
    how = {"vary": ["touka.combat=2..4"], "budget": 3000, "tier": "heuristic"}
    check = {"check_tiers": "heuristic", "check_games": 200, "seed": 3}
    result = avarium.balance(**how, **check, out=tmp_path / "py")
    printed = json.loads(
        command(
            "balance", "--vary", "touka.combat=2..4", "--budget", "3000", "--tier", "heuristic",
            "--check-tiers", "heuristic", "--check-games", "200", "--seed", "3",
            "-o", str(tmp_path / "cli"), "-j", "1", "-q", "--json",
        ).stdout
    )  # fmt: skip
    returned = result.as_dict()
    for key in ("status", "start", "best", "changes", "candidates", "games", "rungs",
                "check_outside", "effects", "before_after"):  # fmt: skip
        assert returned[key] == printed[key], key
    assert result.lines()[0].startswith("start at heuristic.balanced (")
    assert (tmp_path / "py" / "patch.toml").exists()
    with pytest.raises(ValueError, match=r"^players: expected a whole number from 2 to 4"):
        avarium.balance(**how, players=[2, 5], out=tmp_path / "bad")
    assert not (tmp_path / "bad").exists()
