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
    """The command's result (it must succeed). These tests read results, never a chart: each
    workflow is asked for its report without charts, from Python and on the command line."""
    done = CliRunner().invoke(app, list(args))
    assert done.exit_code == 0, done.output
    return done


def test_a_sweep_from_python_gives_the_commands_figures(tmp_path):
    result = avarium.sweep(
        "kumara_raj.merit=10,30", games_per_point=100, bots="heuristic", seed=4,
        out=tmp_path / "py", charts=False,
    )  # fmt: skip
    printed = json.loads(
        command(
            "sweep", "--set", "kumara_raj.merit=10,30", "--games-per-point", "100",
            "--strategy", "heuristic", "--seed", "4", "-o", str(tmp_path / "cli"), "-j", "1",
            "--json", "--no-charts",
        ).stdout
    )  # fmt: skip
    returned = result.as_dict()
    assert returned["points"] == printed["points"] == ["kumara_raj.merit=10", "kumara_raj.merit=30"]
    assert returned["tiers"] == printed["tiers"]
    assert returned["run"]["games"] == printed["run"]["games"] == 200
    assert not (tmp_path / "py" / "report" / "charts").exists()  # charts=False: none drawn
    assert set(result.tiers[0].tables["idols"]["variant"]) == set(returned["points"])
    # The command reading the run Python played prints what the result's lines say.
    text = command(
        "sweep", "--set", "kumara_raj.merit=10,30", "--games-per-point", "100",
        "--strategy", "heuristic", "--seed", "4", "-o", str(tmp_path / "py"), "-q", "--no-charts",
    ).stdout  # fmt: skip
    expected = [f"{tmp_path / 'py'} is complete: reading it", *result.lines()[1:]]
    assert text == "\n".join(["2 points x 100 games, 2 players", *expected]) + "\n"


def test_tune_bonus_from_python_gives_the_commands_recommendation(tmp_path):
    result = avarium.tune_bonus(
        max_bonus=1, games_per_point=100, tiers=["random", "heuristic"], out=tmp_path / "py",
        charts=False,
    )  # fmt: skip
    printed = json.loads(
        command(
            "tune-bonus", "--max-bonus", "1", "--games-per-point", "100", "--tiers",
            "random,heuristic", "-o", str(tmp_path / "cli"), "-j", "1", "--json", "--no-charts",
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
    with pytest.raises(TypeError, match=r"^charts: expected True or False, got 'no'"):
        avarium.tune_bonus(charts="no", out=tmp_path / "t")
    assert not (tmp_path / "t").exists() and not (tmp_path / "s").exists()


@pytest.mark.parametrize(
    ("keywords", "named", "flags", "flagged"),
    [
        ({"vary": "touka.nope=1..3"}, 'vary "touka.nope": ', [], '--vary "touka.nope": '),
        ({"vary": ()}, "vary: name at least one field", None, "--vary: name at least one field"),
        ({"turns": "9-3"}, 'turns "9-3": expected', ["--turns", "9-3"], '--turns "9-3": expected'),
        ({"budget": "5x"}, 'budget "5x": expected', ["--budget", "5x"], '--budget "5x": expected'),
        ({"players": [2, 2]}, "tier and `players`: each value once", ["--players", "2,2"],
         "--tier and --players: each value once"),
    ],
)  # fmt: skip
def test_a_balance_refusal_names_the_keyword_in_python_and_the_flag_on_the_command_line(
    tmp_path, keywords, named, flags, flagged
):
    asked = {"vary": "touka.combat=2..5"} | keywords
    with pytest.raises(ValueError) as refused:
        avarium.balance(out=tmp_path / "py", **asked)
    assert str(refused.value).startswith(named) and "--" not in str(refused.value)
    vary = ["--vary", asked["vary"]] if asked["vary"] else []
    done = CliRunner().invoke(app, ["balance", *vary, *(flags or []), "-o", str(tmp_path / "cli")])
    assert done.exit_code == 2 and f"error: {flagged}" in done.output, done.output
    assert not (tmp_path / "py").exists() and not (tmp_path / "cli").exists()


def test_a_sweep_refusal_names_the_keyword_in_python_and_the_flag_on_the_command_line(tmp_path):
    with pytest.raises(ValueError, match=r"^sweep: touka.combat and hatsurugi_touka.combat are"):
        avarium.sweep(["touka.combat=1..3", "hatsurugi_touka.combat=1..3"], out=tmp_path / "s")
    done = CliRunner().invoke(
        app, ["sweep", "--set", "touka.combat=1..3", "--set", "hatsurugi_touka.combat=1..3"]
    )
    assert done.exit_code == 2 and "error: --set: touka.combat and" in done.output, done.output


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


def test_run_until_from_python_reaches_the_commands_stop(tmp_path):
    asked = avarium.Experiment(games=1_200, bots="random", seed=3, chunk_size=100)
    result = avarium.run_until(asked, tmp_path / "py", precision=0.1)
    printed = json.loads(
        command(
            "simulate", "--games", "1200", "--bots", "random", "--seed", "3", "--chunk-size",
            "100", "--precision", "0.1", "-j", "1", "-o", str(tmp_path / "cli"), "--json",
        ).stdout
    )  # fmt: skip
    facts = result.as_dict()
    assert facts.pop("out") == str(tmp_path / "py") and printed.pop("out") == str(tmp_path / "cli")
    assert facts == printed and facts["stopped"] and facts["games"] < 1_200
    assert result.lines()[-1].startswith(f"data: {tmp_path / 'py'}/games")
    again = avarium.run_until(asked, tmp_path / "py", precision=0.1)  # the same stop, read back
    assert again.as_dict()["games_played_now"] == 0 and again.as_dict()["games"] == facts["games"]


def test_run_until_refuses_a_precision_or_band_it_cannot_use_naming_the_keyword(tmp_path):
    asked = avarium.Experiment(games=100, bots="random")
    with pytest.raises(ValueError, match=r"^precision: expected the half-width"):
        avarium.run_until(asked, tmp_path / "p", precision=0.7)
    with pytest.raises(ValueError, match=r"^band: expected two fractions"):
        avarium.run_until(asked, tmp_path / "b", band=(0.6, 0.4))
    assert not (tmp_path / "p").exists() and not (tmp_path / "b").exists()


def test_run_until_and_simulate_until_settled_share_the_default_band():
    import inspect

    import typer
    from avarium.analysis.flags import DEFAULT_BAND

    from avarium.cli.common import parse_band

    simulate = typer.main.get_command(app).commands["simulate"]
    (flag,) = [p for p in simulate.params if p.name == "band"]
    python = inspect.signature(avarium.run_until).parameters["band"].default
    assert parse_band(flag.default) == tuple(python) == DEFAULT_BAND
