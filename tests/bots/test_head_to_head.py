"""`avarium head-to-head`: one bot against another at any table size, NEW in each seat in turn
and OLD in every other, on the same deals; NEW's share of the wins against a fair seat's."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()


def head_to_head(*args: str):
    return cli.invoke(app, ["head-to-head", *args, "--json"])


@pytest.fixture(scope="module")
def tuned_against_random():
    result = head_to_head(
        "heuristic.tuned", "random", "--players", "3", "--games-per-seat", "30", "-j", "1"
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_new_bot_plays_each_seat_in_turn_as_often(tuned_against_random):
    facts = tuned_against_random
    assert (facts["new"], facts["old"], facts["players"]) == ("heuristic.tuned", "random", 3)
    assert facts["games"] % 3 == 0 and facts["games"] >= 90  # 30 a seat, whole rounds
    assert facts["fair"] == pytest.approx(1 / 3)


def test_a_far_stronger_bot_is_called_stronger_with_its_interval(tuned_against_random):
    facts = tuned_against_random
    assert facts["share"] == pytest.approx(facts["wins"] / facts["games"])
    assert facts["low"] < facts["share"] < facts["high"]
    assert facts["low"] > facts["fair"] and facts["verdict"] == "stronger"


def test_turned_around_the_same_pair_is_called_weaker():
    result = head_to_head(
        "random", "heuristic.tuned", "--players", "4", "--games-per-seat", "20", "-j", "1"
    )
    assert result.exit_code == 0, result.output
    facts = json.loads(result.stdout)
    assert facts["high"] < 0.25 and facts["verdict"] == "weaker"


def test_the_same_seed_gives_the_same_wins_whatever_the_jobs(tuned_against_random):
    again = head_to_head(
        "heuristic.tuned", "random", "--players", "3", "--games-per-seat", "30", "-j", "2"
    )
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout) == tuned_against_random


def test_the_terminal_says_the_share_the_fair_share_and_the_verdict():
    args = ["head-to-head", "heuristic", "random", "--games-per-seat", "4", "-j", "1"]
    result = cli.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("heuristic.balanced against random, 2 players: ")
    assert "a fair seat's: 50.0%" in lines[1]
    assert lines[2].split(" ")[0] in {"heuristic.balanced", "level:"}


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["heuristic", "heuristic.balanced"], "NEW and OLD: expected two different bots"),
        (["heuristic", "nobody"], 'unknown bot "nobody"'),
        (["heuristic", "random", "--players", "5"], "--players: expected 2, 3 or 4, got 5"),
        (["heuristic", "random", "--games-per-seat", "0"], "--games-per-seat: expected a whole"),
    ],
)
def test_bad_input_is_one_line_naming_the_flag_and_nothing_is_played(args, says):
    result = cli.invoke(app, ["head-to-head", *args])
    assert result.exit_code == 2
    assert says in result.output and "Traceback" not in result.output


def test_a_learned_bot_at_a_size_it_has_no_value_for_says_so():
    args = ["head-to-head", "mcts.learned/1", "heuristic", "--games-per-seat", "1", "-j", "1", "-q"]
    result = cli.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "mcts.learned/1 has no learned value for 2 players" in result.stderr
