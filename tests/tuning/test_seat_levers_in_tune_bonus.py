"""The seat levers (docs/rulings.md, ruling 25) travel like the bonus: a rules option of an
experiment and of `simulate`, named in the run's experiment.toml, and searched by tune-bonus
with the bonuses, which reports each lever's effect on every seat, paired on the shared deals."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from avarium.analysis.levers import lever_effects
from avarium.runner.variants import lever_points
from typer.testing import CliRunner

from avarium.cli.main import app


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_tune_bonus_plays_every_bonus_with_every_combination_of_the_levers():
    points = lever_points([(0, 1), (0, 2)], ["no-first-draw", "last-draws-two"])
    assert [p["label"] for p in points[:4]] == [
        "bonus=0,1",
        "bonus=0,1 +no-first-draw",
        "bonus=0,1 +last-draws-two",
        "bonus=0,1 +no-first-draw +last-draws-two",
    ]
    assert len(points) == 8
    assert "rules" not in points[0]  # the rulebook's first turns
    assert points[3]["rules"] == {
        "first_turn_draw": "not the first seat",
        "last_seat_first_draw": "two",
    }


def test_too_many_lever_combinations_are_refused_before_anything_plays():
    with pytest.raises(ValueError, match="levers: 5 bonus vectors x 8 combinations"):
        lever_points([(0, b) for b in range(5)], ["a", "b", "c"], max_points=20)


def test_an_unknown_lever_is_named_by_its_flag_in_one_line(tmp_path):
    result = run("tune-bonus", "--lever", "skip-everything", "--out", str(tmp_path / "t"))
    assert result.exit_code == 2
    assert "--lever: expected seat levers among no-first-draw" in result.output
    assert "'skip-everything'" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "t").exists()


def _games(with_lever_wins: list[bool], without_wins: list[bool]) -> pd.DataFrame:
    """Two points of a two-seat run on the same deals: seat 0 wins as given, seat 1 otherwise."""
    rows = []
    for label, wins, first in (
        ("bonus=0,2", without_wins, 0),
        ("bonus=0,2 +no-first-draw", with_lever_wins, len(without_wins)),
    ):
        for deal, won in enumerate(wins):
            for seat in (0, 1):
                rows.append(
                    {
                        "variant": label,
                        "game_id": first + deal,
                        "players": 2,
                        "seat": seat,
                        "won": won if seat == 0 else not won,
                        "reason": "win-con",
                    }
                )
    return pd.DataFrame(rows)


def test_a_levers_effect_is_each_seats_change_on_the_same_deals():
    # 400 deals: without the lever seat 0 wins the first 240; with it, 40 of those turn to losses
    without = [d < 240 for d in range(400)]
    with_lever = [d < 200 for d in range(400)]
    effects = lever_effects(_games(with_lever, without))
    seat0 = effects[effects["seat"] == 0].iloc[0]
    seat1 = effects[effects["seat"] == 1].iloc[0]
    assert (seat0["lever"], seat0["point"], seat0["deals"]) == ("no-first-draw", "bonus=0,2", 400)
    assert seat0["change"] == pytest.approx(-0.10) and seat1["change"] == pytest.approx(0.10)
    # Paired: only the 40 deals that changed count, so the interval is narrow and excludes 0.
    assert seat0["change_lo"] < -0.10 < seat0["change_hi"] < 0
    assert seat0["change_hi"] - seat0["change_lo"] < 0.07


def test_a_run_without_levers_has_no_lever_effects():
    games = _games([True, False], [True, False])
    games = games[games["variant"] == "bonus=0,2"]
    assert lever_effects(games).empty


def test_simulate_records_a_seat_lever_in_the_runs_experiment(tmp_path):
    lever, plain = tmp_path / "lever", tmp_path / "plain"
    for out, rules in ((lever, ["--rule", "first_turn_draw=not the first seat"]), (plain, [])):
        result = run(
            "simulate", "--games", "40", "--players", "2", "--bots", "random", "--seed", "5",
            "--out", str(out), "-q", *rules,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
    assert 'first_turn_draw = "not the first seat"' in (lever / "experiment.toml").read_text()
    # A run at the rulebook's first turns records no lever (and reads as runs made before them).
    assert "first_turn_draw" not in (plain / "experiment.toml").read_text()
    a, b = (pd.read_parquet(d / "games").sort_values(["game_id", "seat"]) for d in (lever, plain))
    assert list(a["game_seed"]) == list(b["game_seed"])  # the same deals
    assert not np.array_equal(a["turns"].to_numpy(), b["turns"].to_numpy())  # other games


def test_tune_bonus_reports_each_levers_effect_on_every_seat(tmp_path):
    out = tmp_path / "tune"
    args = [
        "tune-bonus", "--players", "2", "--max-bonus", "0", "--games-per-point", "150",
        "--lever", "no-first-recruit", "--out", str(out), "--jobs", "1", "-q",
        "--strategy", "heuristic", "--no-charts",
    ]  # fmt: skip
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "| bonus=0,0 +no-first-recruit |" in result.output  # a point the fairest is chosen from
    assert "seat levers: each seat's change of win rate" in result.output
    assert "no-first-recruit: the first seat recruits no Student" in result.output
    row = next(line for line in result.output.splitlines() if "| no-first-recruit |" in line)
    assert row.count(" pts (") == 2  # both seats, each with its interval
    record = (out / "experiment.toml").read_text()
    assert 'first_turn_recruit = "not the first seat"' in record
    page = out / "report"
    on_page = pd.read_csv(page / "tables" / "lever_effects.csv")
    assert set(on_page["lever"]) == {"no-first-recruit"} and set(on_page["seat"]) == {0, 1}
    assert "first_turn_recruit = not the first seat" in (page / "index.html").read_text()
    as_json = json.loads(run(*args, "--json").output)
    effects = as_json["tiers"][0]["levers"]
    assert {e["seat"] for e in effects} == {0, 1} and all(e["deals"] > 100 for e in effects)
    assert effects[0]["change_lo"] <= effects[0]["change"] <= effects[0]["change_hi"]
    assert as_json["levers"] == ["no-first-recruit"]


def test_the_python_call_takes_the_levers_and_names_an_unknown_one(tmp_path):
    import avarium

    with pytest.raises(ValueError, match="levers: expected seat levers among"):
        avarium.tune_bonus(levers=["no-first-draw", "skip-it"], out=tmp_path / "t")
    assert not (tmp_path / "t").exists()
