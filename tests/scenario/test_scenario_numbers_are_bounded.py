"""Every number a scenario sets is one a game can hold: Merit from 1 (0 is expelled), Reputation
from 0, both up to 32,767 (a game's Merit and Reputation are 16-bit in the dataset), a turn up to
the game's safety cap, a change of Combat or Defense within +-32,767 in all. Anything else is a
ScenarioError naming the part, the line and the range (a number past 64 bits was a traceback)."""

from __future__ import annotations

import numpy as np
import pytest
from avarium.simulator.game.api import Rules
from avarium.simulator.game.scenario import MAX_NUMBER, ScenarioError, scenario

from tests.hostile_input.helpers import invoke, one_line_error

TWO_SEATS = "p0: idol touka | {p0}\np1: idol raj"
HUGE = 10**20  # past 64 bits


@pytest.mark.parametrize(
    ("part", "expected"),
    [
        (f"merit {HUGE}", "merit 100000000000000000000: expected a whole number from 1 to 32,767"),
        ("merit 32768", "merit 32768: expected a whole number from 1 to 32,767"),
        ("merit 0", "merit 0: expected a whole number from 1 to 32,767 (a player at 0 Merit is"),
        ("merit -3", "merit -3: expected a whole number from 1 to 32,767"),
        (f"rep {HUGE}", "rep 100000000000000000000: expected a whole number from 0 to 32,767"),
        ("rep -1", "rep -1: expected a whole number from 0 to 32,767"),
    ],
)
def test_a_scenario_merit_or_reputation_beyond_what_a_game_holds_is_refused(
    bundled, part, expected
):
    with pytest.raises(ScenarioError) as caught:
        scenario(TWO_SEATS.format(p0=part), bundled)
    assert caught.value.message.startswith(expected)
    assert (caught.value.part, caught.value.line) == ("p0", 1)


def test_the_largest_merit_and_reputation_are_set_as_written(bundled):
    g = scenario(TWO_SEATS.format(p0=f"merit {MAX_NUMBER} | rep {MAX_NUMBER}"), bundled)
    assert (g.merit(0), g.rep(0)) == (MAX_NUMBER, MAX_NUMBER)


def test_the_dict_form_takes_numpy_integers_as_whole_numbers(bundled):
    spec = {
        "players": [{"idol": "touka", "merit": np.int64(12), "rep": np.int16(3)}, {"idol": "raj"}]
    }
    g = scenario(spec, bundled)
    assert (g.merit(0), g.rep(0)) == (12, 3)


@pytest.mark.parametrize("value", [True, "12", 12.5])
def test_the_dict_form_takes_whole_numbers_only(bundled, value):
    spec = {"players": [{"idol": "touka", "merit": value}, {"idol": "raj"}]}
    with pytest.raises(ScenarioError, match=r"merit .*: expected a whole number from 1 to 32,767"):
        scenario(spec, bundled)


@pytest.mark.parametrize("turn", [HUGE, 301, 0])
def test_a_turn_past_the_games_safety_cap_is_refused(bundled, turn):
    with pytest.raises(ScenarioError, match=f"turn {turn}: expected a whole number from 1 to 300"):
        scenario(f"turn {turn}\np0: idol touka\np1: idol raj", bundled)


def test_a_higher_safety_cap_allows_a_later_turn(bundled):
    assert scenario("turn 401\np0: idol touka\np1: idol raj", bundled, rules=Rules(max_turns=500))


@pytest.mark.parametrize(
    "status",
    [f"+{HUGE} combat", "-32768 defense", "+30000 combat, +30000 combat"],
)
def test_a_change_of_combat_or_defense_beyond_what_a_game_holds_is_refused(bundled, status):
    text = f"p0: idol touka | class sculptor({status})\np1: idol raj"
    with pytest.raises(ScenarioError, match=r"in all; expected a change from -32,767 to \+32,767"):
        scenario(text, bundled)


def test_the_scenario_command_names_the_file_the_line_and_the_range(tmp_path):
    path = tmp_path / "combo.txt"
    path.write_text(f"p0: idol touka\np1: idol raj | merit {HUGE}\nplays:\n", encoding="utf-8")
    one_line_error(invoke("scenario", path), 2, f"{path}:2: merit {HUGE}", "from 1 to 32,767")
