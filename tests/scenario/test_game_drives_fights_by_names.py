"""Game.pass_until and Game.fight: a fight told by card names, whoever is asked what."""

from __future__ import annotations

import pytest
from avarium.simulator.game.api import IllegalActionError
from avarium.simulator.game.scenario import scenario

ROYALE = """
p0: idol raj | class dojo senpai, sculptor
p1: idol amyba | class benchwarmer
p2: idol hojo | class kendo novice
"""


def test_pass_until_stops_at_the_first_decision_that_is_not_a_window(bundled):
    g = scenario(ROYALE, bundled)
    g.play("fight: Dojo Senpai leads")
    g.play("attack Benchwarmer")
    g.pass_until()
    assert (g.decision, g.current_player()) == ("attacker's support", 0)


def test_pass_until_a_seat_declines_the_optional_choices_on_the_way(bundled):
    g = scenario(ROYALE, bundled)
    g.play("fight: Dojo Senpai leads")
    g.play("attack Benchwarmer")
    g.pass_until(seat=2)  # no attacker's or defender's supporter
    assert (g.decision, g.current_player()) == ("helper", 2)
    assert g.fight_members() == {"attackers": ["Dojo Senpai"], "defenders": ["Benchwarmer"]}


def test_pass_until_a_decision_passes_every_seats_optional_choices(bundled):
    g = scenario(ROYALE, bundled)
    g.play("fight: Dojo Senpai leads")
    g.play("attack Benchwarmer")
    g.pass_until(decision="helper")
    assert (g.decision, g.current_player()) == ("helper", 2)
    g.pass_until(seat=0, decision="plan")  # Kendo Novice stays out; the fight is fought
    assert not g.in_fight and "Benchwarmer" in g.contents("expelled")


def test_pass_until_a_decision_that_never_comes_stops_where_it_cannot_pass(bundled):
    g = scenario(ROYALE, bundled)
    with pytest.raises(IllegalActionError, match="seat 0 must make the plan decision first"):
        g.pass_until(seat=1)
    with pytest.raises(ValueError, match='no decision "supporter"'):
        g.pass_until(decision="supporter")


def test_a_fight_by_names_puts_each_supporter_on_its_own_side(bundled):
    # Dojo Senpai (5) + Sculptor (4) = 9 into Benchwarmer (2) with AMYBA; Kendo Novice helps
    g = scenario(ROYALE, bundled)
    g.fight(
        "Dojo Senpai",
        "Benchwarmer",
        supporters=["Sculptor", "AMYBA"],
        helpers={"Kendo Novice": "defenders"},
    )
    # the leader is expelled: the dealing player divides the rest point by point
    assert (g.decision, g.current_player()) == ("damage", 0)
    assert g.fight_members() == {
        "attackers": ["Dojo Senpai", "Sculptor"],
        "defenders": ["Benchwarmer", "AMYBA", "Kendo Novice"],
    }
    g.play_out_fight(damage=["Kendo Novice", "Kendo Novice", *["AMYBA"] * 5])
    assert "Kendo Novice" in g.contents("expelled")
    assert (g.decision, g.current_player(), g.in_fight) == ("plan", 0, False)


def test_a_fight_with_no_choices_runs_to_the_next_plan_decision(bundled):
    g = scenario("p0: idol raj | class sculptor\np1: idol amyba | merit 10", bundled)
    g.fight("sculptor", "amyba")
    assert g.merit(1) == 6 and g.decision == "plan" and not g.in_fight


def test_a_supporter_who_is_never_asked_for_is_an_error(bundled):
    g = scenario("p0: idol raj | class sculptor\np1: idol amyba | merit 10", bundled)
    with pytest.raises(IllegalActionError, match="never asked to join the fight: Benchwarmer"):
        g.fight("Sculptor", "AMYBA", supporters=["Benchwarmer"])


def test_a_leader_who_cannot_lead_is_an_error_naming_the_legal_actions(bundled):
    g = scenario("p0: idol raj | class sculptor(exhausted)\np1: idol amyba", bundled)
    with pytest.raises(IllegalActionError, match='no legal action "fight: Sculptor leads"'):
        g.fight("Sculptor", "AMYBA")
