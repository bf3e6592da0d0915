"""Rulebook section 1 and the FAQ: every way a game ends; rulings 3, 8, 9 and 14."""

from __future__ import annotations

from avarium.simulator.engine import layout as L
from avarium.simulator.engine.phases import check_state
from avarium.simulator.engine.zones import move
from avarium.simulator.game.api import Rules
from avarium.simulator.game.scenario import scenario

from tests.helpers import end_turn, pass_windows


def test_an_instant_wincon_wins_the_moment_it_is_met(bundled):
    """LOVE: instant, Reputation at least 20 and more than every enemy."""
    g = scenario(
        """
        p0: idol love | merit 10 | rep 19
        p1: idol amyba | rep 3
        """,
        bundled,
    )
    g.play("activate Lourvarius LOVE")
    pass_windows(g)
    assert g.is_terminal()
    r = g.result()
    assert (r.winner, r.reason) == (0, "wincon")


def test_a_start_of_turn_wincon_waits_for_the_start_phase(bundled):
    """RAJ: at start of turn, Merit at least 30 (FAQ: "Start your turn")."""
    g = scenario(
        """
        p0: idol raj | merit 29 | rep 5 | hand scholarship
        p1: idol amyba
        """,
        bundled,
    )
    g.play("play Scholarship paying Reputation")
    pass_windows(g)
    assert g.merit(0) == 33 and not g.is_terminal()
    end_turn(g)  # p0's turn ends
    end_turn(g)  # p1's turn ends; p0's Start Phase step 1 checks the Win-Con
    assert g.is_terminal() and g.result().winner == 0 and g.result().reason == "wincon"


def test_losing_all_merit_beats_a_wincon_met_at_the_same_moment(bundled):
    """FAQ: "If you aren't in the school to savour the spoils of your victory, you have still
    lost." LOVE's instant Win-Con (Reputation 20+, more than every enemy) and 0 Merit at once."""
    g = scenario(
        """
        p0: idol love | merit 5 | rep 10
        p1: idol amyba | rep 3
        """,
        bundled,
    )
    g.state[L.ROW_SEAT + 0, L.P_REP] = 25
    g.state[L.ROW_SEAT + 0, L.P_MERIT] = 0
    check_state(g.state, g.tables)
    r = g.result()
    assert (r.winner, r.reason) == (1, "last standing")


def test_expelling_every_other_player_wins(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5 | hand prank call
        p1: idol amyba | merit 3
        """,
        bundled,
    )
    g.play("play Prank Call paying Reputation")
    g.play("target AMYBA")
    pass_windows(g)
    r = g.result()
    assert (r.winner, r.reason) == (0, "last standing")
    assert r.placement == (0, 1)


def test_when_the_school_runs_out_most_merit_wins(bundled):
    """Ruling 3: the School has run out when a Courtyard refill finds it empty."""
    g = scenario(
        """
        p0: idol raj | merit 12 | rep 9
        p1: idol amyba | merit 15
        """,
        bundled,
    )
    for c in g.cards_in("school"):  # every Student left in the School goes elsewhere
        move(g.state, c, L.Z_EXPEL, -1)
    g.state[L.G_SCHOOL_N] = 0
    assert not g.is_terminal()  # a full Courtyard needs no refill yet
    g.step(next(a for a in g.legal_actions() if g.action_name(a).startswith("recruit")))
    r = g.result()
    assert (r.winner, r.reason) == (1, "school out")


def test_a_tie_when_the_school_runs_out_goes_to_turn_order(bundled):
    g = scenario(
        """
        p0: idol raj | merit 12
        p1: idol amyba | merit 12
        """,
        bundled,
    )
    g.state[L.G_SCHOOL_EMPTY] = 1
    check_state(g.state, g.tables)
    r = g.result()
    assert (r.winner, r.reason) == (0, "school out (tie)")


def test_a_game_that_cannot_end_is_stalled_never_won(bundled):
    g = scenario(
        """
        turn 3
        p0: idol raj
        p1: idol amyba
        """,
        bundled,
        rules=Rules(max_turns=4),
    )
    end_turn(g)
    end_turn(g)
    r = g.result()
    assert (r.winner, r.reason) == (None, "stalled")
