"""`turn N`, `active` and `first` agree: seats take turns from p0, each seat's first turn is
turn (seat + 1), and a scenario that says otherwise is refused with the reason."""

from __future__ import annotations

import pytest
from avarium.simulator.engine import layout as L
from avarium.simulator.game.scenario import ScenarioError, scenario

from tests.helpers import end_turn, names


def turns_taken(g, p: int) -> int:
    return g.seat_stat(p, L.P_TURNS_TAKEN)


def test_a_seat_marked_first_on_a_later_turn_is_refused(bundled):
    with pytest.raises(ScenarioError, match="p0 is marked first, but turn 5 is its 3rd turn"):
        scenario("turn 5\np0: idol raj | first\np1: idol amyba", bundled)


def test_the_active_seat_on_its_first_turn_must_be_marked_first(bundled):
    with pytest.raises(ScenarioError, match="turn 2 is p1's first turn: mark it first") as exc:
        scenario("turn 2\np0: idol raj\np1: idol amyba", bundled)
    assert (exc.value.part, exc.value.line) == ("p1", 3)


def test_a_waiting_seat_marked_first_must_not_have_had_its_turn(bundled):
    with pytest.raises(ScenarioError, match="p0 is marked first, but by turn 2 it has had"):
        scenario("turn 2\np0: idol raj | first\np1: idol amyba | first", bundled)


def test_the_turn_decides_the_active_seat(bundled):
    with pytest.raises(ScenarioError, match="turn 4 is p0's turn, not p1's") as exc:
        scenario("turn 4 | active p1\np0: idol raj\np1: idol amyba\np2: idol hojo", bundled)
    assert (exc.value.part, exc.value.line) == ("settings", 1)
    assert scenario("turn 6\np0: idol raj\np1: idol amyba\np2: idol hojo", bundled).active == 2


def test_without_a_turn_the_active_seat_is_on_its_second_turn(bundled):
    g = scenario("active p1\np0: idol raj\np1: idol amyba\np2: idol hojo", bundled)
    assert (g.turn, [turns_taken(g, p) for p in range(3)]) == (5, [2, 2, 1])


def test_without_a_turn_a_first_seat_is_on_its_first_turn(bundled):
    g = scenario("p0: idol raj | first | class sculptor\np1: idol amyba", bundled)
    assert (g.turn, turns_taken(g, 0), turns_taken(g, 1)) == (1, 1, 0)


def test_the_seat_after_a_first_seat_also_has_its_first_turn_next(bundled):
    g = scenario(
        """
        p0: idol raj | first | class benchwarmer
        p1: idol amyba | first | class sculptor
        """,
        bundled,
    )
    end_turn(g)
    assert (g.turn, g.active) == (2, 1)
    assert not any(n.startswith("fight") for n in names(g))  # p1's first turn: no fights
