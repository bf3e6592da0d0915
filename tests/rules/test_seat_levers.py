"""The seat levers (docs/rulings.md, ruling 25): rules options that change one seat's first turn,
each off by default. A game without them plays as the rulebook says (tests/playthroughs and
tests/test_same_games_as_before.py hold those games)."""

from __future__ import annotations

import pytest
from avarium.simulator.game.api import Rules
from avarium.simulator.game.scenario import scenario

from tests.helpers import end_turn, names, pass_windows

# Two seats at the start of the game: p0's first turn, Start Phase step 1.
OPENING = """
turn 1 | active p0 | phase start
p0: idol raj | first | rep 5
p1: idol amyba | first | rep 5
courtyard: sculptor, benchwarmer
library: study session, part time job, scholarship, rumour mill
"""


def _opening(bundled, **levers):
    g = scenario(OPENING, bundled, rules=Rules(**levers))
    pass_windows(g)
    return g


def test_the_first_seat_draws_nothing_on_its_first_turn_with_the_draw_lever(bundled):
    g = _opening(bundled, first_turn_draw="not the first seat")
    assert g.names_in("hand", 0) == []
    assert g.rep(0) == 5 + 3  # steps 1-3 as the rulebook says: RAJ's gold star
    end_turn(g)
    assert g.names_in("hand", 1) == ["Study Session"]  # the next seat draws the top card


def test_the_first_seat_draws_again_from_its_second_turn(bundled):
    g = _opening(bundled, first_turn_draw="not the first seat")
    end_turn(g)
    end_turn(g)
    assert g.names_in("hand", 0) == ["Part-Time Job"]


def test_without_the_draw_lever_the_first_seat_draws_on_its_first_turn(bundled):
    g = _opening(bundled)
    assert g.names_in("hand", 0) == ["Study Session"]


def test_the_first_seat_cannot_recruit_on_its_first_turn_with_the_recruit_lever(bundled):
    g = _opening(bundled, first_turn_recruit="not the first seat")
    assert not any(n.startswith("recruit") for n in names(g))
    assert g.names_in("hand", 0) == ["Study Session"]  # the rest of the turn is the rulebook's
    end_turn(g)
    assert "recruit Sculptor" in names(g)  # the next seat recruits as usual


def test_the_first_seat_recruits_again_from_its_second_turn(bundled):
    g = _opening(bundled, first_turn_recruit="not the first seat")
    end_turn(g)
    end_turn(g)
    assert "recruit Sculptor" in names(g)


def test_without_the_recruit_lever_the_first_seat_recruits_on_its_first_turn(bundled):
    g = _opening(bundled)
    assert "recruit Sculptor" in names(g)


def test_the_last_seat_draws_two_schemes_on_its_first_turn_with_the_draw_two_lever(bundled):
    g = _opening(bundled, last_seat_first_draw="two")
    assert g.names_in("hand", 0) == ["Study Session"]  # the first seat draws one
    end_turn(g)
    assert sorted(g.names_in("hand", 1)) == ["Part-Time Job", "Scholarship"]
    end_turn(g)
    end_turn(g)
    assert len(g.names_in("hand", 1)) == 3  # and one a turn after


def test_the_draw_two_lever_is_the_last_seats_alone_at_three_players(bundled):
    g = scenario(
        """
        turn 1 | active p0 | phase start
        p0: idol raj | first
        p1: idol amyba | first
        p2: idol touka | first
        library: study session, part time job, scholarship, rumour mill
        """,
        bundled,
        rules=Rules(last_seat_first_draw="two"),
    )
    pass_windows(g)
    end_turn(g)
    assert g.names_in("hand", 1) == ["Part-Time Job"]
    end_turn(g)
    assert sorted(g.names_in("hand", 2)) == ["Rumour Mill", "Scholarship"]


def test_a_rules_option_names_the_readings_a_seat_lever_allows():
    with pytest.raises(ValueError, match="not the first seat"):
        Rules(first_turn_draw="never")
