"""`simulate --precision` and `--until settled`: a run played in rounds stops at the first round
whose games satisfy the rule, the same round whatever the number of workers and after a kill,
and says what a fixed-size run of the same guarantee would have needed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from avarium.analysis.dataset import load_run
from avarium.analysis.stopping import games_so_far, idol_intervals
from avarium.runner import stopped
from avarium.runner.experiment_file import from_flags
from avarium.workflows.until import run_until
from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()
EASY = ["--strategy", "random", "--games", "4000", "--chunk-size", "250", "--seed", "3", "-q"]


def simulate(out: Path, *flags: str) -> dict:
    result = cli.invoke(app, ["simulate", *EASY, "-o", str(out), "--json", *flags])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_precision_run_stops_early_with_every_interval_within_the_target(tmp_path):
    facts = simulate(tmp_path / "run", "--precision", "0.05", "-j", "1")
    assert facts["stopped"] and facts["games"] < facts["cap"] == 4000
    games = load_run(tmp_path / "run", seeds=False).games
    table = idol_intervals(games)
    assert (table["within"] <= 0.05).all()
    # the round before would not have done: the stop is the first precise look
    assert facts["round"] > 1
    # 8 Idols, each in about a quarter of two-player games (the share the rounds so far show):
    # 0.25 x 1.96^2 / 0.05^2 = 385 games of its own, about 1,540 in all
    assert facts["fixed_size_games"]["worst case p = 0.5"] == pytest.approx(4 * 385, rel=0.01)
    assert stopped.read(tmp_path / "run")["games"] == facts["games"]


def test_the_same_seed_stops_at_the_same_round_with_one_worker_or_two(tmp_path):
    one = simulate(tmp_path / "one", "--precision", "0.05", "-j", "1")
    two = simulate(tmp_path / "two", "--precision", "0.05", "-j", "2")
    assert (one["round"], one["games"], one["why"]) == (two["round"], two["games"], two["why"])
    assert stopped.read(tmp_path / "one") == stopped.read(tmp_path / "two")


class Killed(Exception):
    pass


def test_a_killed_precision_run_resumes_and_reaches_the_same_stop(tmp_path):
    whole = simulate(tmp_path / "whole", "--precision", "0.05", "-j", "1")
    experiment = from_flags({"bots": "random", "games": 4000, "chunk_size": 250, "seed": 3})

    def kill_after_five_chunks(progress):
        if progress.chunk is not None:
            kill_after_five_chunks.seen += 1
            if kill_after_five_chunks.seen == 5:
                raise Killed

    kill_after_five_chunks.seen = 0
    never = lambda look: (False, "")  # noqa: E731 - the kill comes first
    with pytest.raises(Killed):
        run_until(experiment, tmp_path / "killed", never, "x", on_progress=kill_after_five_chunks)
    assert stopped.read(tmp_path / "killed") is None  # killed mid-way: no stop yet
    resumed = simulate(tmp_path / "killed", "--precision", "0.05", "-j", "1")
    assert (resumed["round"], resumed["games"]) == (whole["round"], whole["games"])
    assert resumed["games_played_now"] < resumed["games"]  # the five chunks were kept


def test_a_look_sees_only_the_games_of_its_rounds(tmp_path):
    simulate(tmp_path / "run", "--precision", "0.05", "-j", "1")
    games = load_run(tmp_path / "run", seeds=False).games
    first = games_so_far(games, {"main": (0, 500)})
    assert sorted(first["game_id"].unique()) == list(range(500))


def test_until_settled_stops_once_a_planted_strong_idol_and_the_rest_are_decided(tmp_path):
    # Version 1: its Coral is far from the band; version 2's sits at its edge and is not decided.
    facts = simulate(
        tmp_path / "run", "--until", "settled", "--idols", "touka,raj,coral",
        "--set", "raj.merit=40", "-j", "1", "--cards", "prototype-v1",
    )  # fmt: skip
    assert facts["stopped"], facts["why"]
    assert facts["games"] < facts["cap"]
    assert "every Idol's band verdict is decided" in facts["why"]
    report = cli.invoke(
        app, ["report", str(tmp_path / "run"), "-o", str(tmp_path / "r"), "--json", "--no-charts"]
    )
    assert report.exit_code == 0, report.output
    headline = json.loads(report.stdout)
    assert any("RAJ" in str(row) for row in headline["outside"])  # the report agrees
    page = (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    assert (
        f"Stopped early by its rule</strong> (until settled, band 0.45-0.55): after round "
        f"{facts['round']} of {facts['rounds']}, at {facts['games']:,} of the {facts['cap']:,} "
        "games it could have played, because every Idol&#x27;s band verdict is decided"
    ) in page


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--precision", "0"], "--precision"),
        (["--precision", "0.7"], "--precision"),
        (["--until", "sure"], "--until"),
        (["--until", "settled", "--precision", "0.01"], "--precision and --until"),
        (["--until", "settled", "--band", "0.6,0.4"], "--band"),
    ],
)
def test_a_bad_stopping_flag_is_one_line_naming_it(tmp_path, flags, named):
    result = cli.invoke(app, ["simulate", *EASY, "-o", str(tmp_path / "x"), *flags])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {named}"), lines
    assert "Traceback" not in result.output
    assert not (tmp_path / "x").exists()


def test_a_stopped_run_played_on_without_a_rule_reaches_its_cap_and_forgets_the_stop(tmp_path):
    stop = simulate(tmp_path / "run", "--precision", "0.05", "-j", "1")
    assert stop["games"] < 4000
    result = cli.invoke(app, ["simulate", *EASY, "-o", str(tmp_path / "run"), "-j", "1"])
    assert result.exit_code == 0, result.output
    assert stopped.read(tmp_path / "run") is None
    assert load_run(tmp_path / "run", seeds=False).provenance.games_present == 4000
