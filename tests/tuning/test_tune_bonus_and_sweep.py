"""tune-bonus and sweep: the points tried, the same deals at every point, the recommendation,
the report, and clear errors for a bad sweep."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from avarium.runner.variants import bonus_vectors, parse_sweep
from typer.testing import CliRunner

from avarium.cli.main import app


def run(*args: str):
    """The command's result. A test that reads only the terminal, --json or the tables asks for
    --no-charts (the same headline and tables, most of the report's CPU saved); the first
    tune-bonus and sweep tests draw the charts."""
    return CliRunner().invoke(app, list(args))


def test_bonus_vectors_give_the_first_seat_nothing_and_later_seats_never_less():
    assert bonus_vectors(2, 3) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    three = bonus_vectors(3, 4)
    assert len(three) == 15 and (0, 1, 2) in three and (0, 2, 1) not in three
    assert len(bonus_vectors(4, 4)) == 35
    assert all(v[0] == 0 and list(v) == sorted(v) for v in bonus_vectors(4, 3))


@pytest.mark.parametrize(
    ("text", "target", "values"),
    [
        ("kumara_raj.merit=16..18", "kumara_raj.merit", [16, 17, 18]),
        ("raj.merit=16..22..3", "raj.merit", [16, 19, 22]),
        ("touka.combat=3,5", "touka.combat", [3, 5]),
    ],
)
def test_a_sweep_is_a_card_field_and_its_values(text, target, values):
    parsed_target, parsed_values = parse_sweep(text)
    assert (parsed_target, list(parsed_values)) == (target, values)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("merit=16..18", "expected CARD.FIELD=FROM..TO"),
        ("raj.merit=18..16", "FROM <= TO"),
        ("raj.merit=16", "at least two values"),
        ("raj.merit=a..b", "whole numbers"),
    ],
)
def test_a_bad_sweep_is_a_clear_error(text, message):
    with pytest.raises(ValueError, match=message):
        parse_sweep(text)


def test_tune_bonus_plays_every_point_on_the_same_deals_and_recommends_one(tmp_path):
    out = tmp_path / "tune"
    result = run(
        "tune-bonus", "--players", "2", "--max-bonus", "1", "--games-per-point", "112",
        "--out", str(out), "--jobs", "1", "-q", "--strategy", "heuristic",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "| bonus=0,0 |" in result.output and "| bonus=0,1 |" in result.output
    assert "recommended: bonus=0," in result.output and "probability" in result.output
    # The recommended gap is corrected for the choice and comes with its interval.
    assert "95% interval" in result.output and "112 deals resampled" in result.output
    assert any((out / "report" / "charts").glob("*.png"))  # the tune-bonus report with charts
    games = pd.read_parquet(out / "games")
    first = games[games["variant"] == "bonus=0,0"].sort_values(["game_seed", "seat"])
    second = games[games["variant"] == "bonus=0,1"].sort_values(["game_seed", "seat"])
    assert list(first["game_seed"]) == list(second["game_seed"])  # the same deals
    assert list(first["idol"]) == list(second["idol"])  # seated alike
    assert set(second.loc[second["seat"] == 1, "bonus"]) == {1}
    again = run(
        "tune-bonus", "--players", "2", "--max-bonus", "1", "--games-per-point", "112",
        "--out", str(out), "--jobs", "1", "-q", "--strategy", "heuristic", "--no-charts",
    )  # fmt: skip
    assert again.exit_code == 0 and "is complete: reading it" in again.output


def test_sweep_prints_each_idols_win_rate_at_every_value(tmp_path):
    out = tmp_path / "sweep"
    result = run(
        "sweep", "--set", "kumara_raj.merit=10,30", "--games-per-point", "112",
        "--out", str(out), "--jobs", "1", "-q", "--strategy", "heuristic",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "| kumara_raj.merit=10 | kumara_raj.merit=30 |" in result.output
    # Idols by the name their card gives them, as the report names them; points as typed.
    assert "| Kumara RAJ |" in result.output and "| kumara_raj |" not in result.output
    assert any((out / "report" / "charts").glob("*.png"))  # the sweep's report with charts
    # The swept Idol's best value, with its corrected gap's interval (deal bootstrap).
    assert "recommended: kumara_raj.merit=" in result.output
    assert "Kumara RAJ about" in result.output and "95% interval" in result.output
    games = pd.read_parquet(out / "games")
    raj = games[games["idol"] == "kumara_raj"].groupby("variant", observed=True)["won"].mean()
    assert raj["kumara_raj.merit=30"] > raj["kumara_raj.merit=10"]  # more Merit, more wins


def test_tune_bonus_recommends_a_vector_at_every_skill_tier(tmp_path):
    out = tmp_path / "tiers"
    result = run(
        "tune-bonus", "--players", "2", "--max-bonus", "1", "--games-per-point", "112",
        "--out", str(out), "--jobs", "1", "-q", "--tiers", "random,heuristic", "--no-charts",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    for tier in ("random", "heuristic.balanced"):
        assert f"tier {tier}:\n| point |" in result.output
        assert f"recommended at tier {tier}: bonus=0," in result.output
    heading = "every tier at once (random, heuristic.balanced: each point's worst seat at any tier)"
    assert heading + ":\n| point |" in result.output
    assert "recommended at every tier: bonus=0," in result.output
    games = pd.read_parquet(out / "games")
    assert set(games["variant"].astype(str)) == {
        f"bonus=0,{b} · {tier}" for b in (0, 1) for tier in ("random", "heuristic.balanced")
    }
    page = (out / "report" / "index.html").read_text(encoding="utf-8")
    assert '<section id="skill-tiers">' in page
    assert not (out / "report" / "charts").exists()  # --no-charts: the page and tables only
    # The report names the same point fairest at every tier at once as the terminal does.
    every = pd.read_csv(out / "report" / "tables" / "tier_fairest.csv")
    (chosen,) = every.loc[every["chosen"], "variant"]
    assert f"recommended at every tier: {chosen} (" in result.output


def test_a_sweep_of_a_field_that_does_not_exist_names_it_and_writes_nothing(tmp_path):
    out = tmp_path / "bad"
    result = run("sweep", "--set", "raj.mreit=1..2", "--games-per-point", "100", "--out",
                 str(out), "-q")  # fmt: skip
    assert result.exit_code == 2
    assert 'unknown field "mreit"' in result.output and 'did you mean "merit"' in result.output
    assert not out.exists()


def test_tune_bonus_json_is_one_object_with_each_tiers_rows_and_recommendation(tmp_path):
    result = run(
        "tune-bonus", "--max-bonus", "1", "--games-per-point", "112", "-o", str(tmp_path / "t"),
        "-j", "1", "--tiers", "random,heuristic", "--json", "--no-charts",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # nothing else on stdout
    assert data["points"] == ["bonus=0,0", "bonus=0,1"] and data["run"]["games_played"] == 448
    assert [t["tier"] for t in data["tiers"]] == ["random", "heuristic.balanced"]
    for tier in data["tiers"]:
        assert tier["recommended"]["variant"] in data["points"]
        assert [p["variant"] for p in tier["points"] if p["chosen"]] == [
            tier["recommended"]["variant"]
        ]
        assert {(s["variant"], s["seat"]) for s in tier["seats"]} == {
            (p, seat) for p in data["points"] for seat in (0, 1)
        }
    # Over every tier at once, a point's worst gap is its worst seat at either tier.
    every = {p["variant"]: p for p in data["every_tier"]["points"]}
    for point in data["points"]:
        worst = max(
            p["worst_gap"] for t in data["tiers"] for p in t["points"] if p["variant"] == point
        )
        assert every[point]["worst_gap"] == pytest.approx(worst)
    assert data["every_tier"]["recommended"]["variant"] == min(
        data["points"], key=lambda p: every[p]["worst_gap"]
    )
    assert data["report"] == str(tmp_path / "t" / "report" / "index.html")


def test_sweep_json_gives_each_idols_win_rate_per_point(tmp_path):
    result = run(
        "sweep", "--set", "kumara_raj.merit=10,30", "--games-per-point", "112",
        "-o", str(tmp_path / "s"), "-j", "1", "--strategy", "heuristic", "--json", "--no-charts",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["points"] == ["kumara_raj.merit=10", "kumara_raj.merit=30"]
    (tier,) = data["tiers"]
    assert tier["tier"] is None  # one bot, no tiers
    assert "every_tier" not in data  # nothing to hold together
    raj = {r["variant"]: r["rate"] for r in tier["idols"] if r["idol"] == "kumara_raj"}
    assert raj["kumara_raj.merit=30"] > raj["kumara_raj.merit=10"]
