"""Rulebook section 11: every answer of the General Rules FAQ."""

from __future__ import annotations

from avarium.simulator.engine import layout as L
from avarium.simulator.game.scenario import scenario

from tests.helpers import end_turn, names, pass_fight, pass_windows


def test_faq_an_instant_wincon_kicks_in_the_moment_it_is_met(bundled):
    """Q: When does my Idol's Win-Con kick in? Touka (instant: 6 expelled) wins mid-fight."""
    g = scenario(
        """
        p0: idol touka | class sculptor
        p1: idol amyba | class benchwarmer, kendo novice
        """,
        bundled,
    )
    g.state[L.ROW_SEAT + 0, L.P_N_EXPELLED] = 5
    g.play("fight: Sculptor leads")
    g.play("attack Benchwarmer")
    pass_fight(g)
    assert g.result() is not None and g.result().winner == 0
    assert g.result().reason == "wincon" and g.turn == 3  # the same turn, no Start Phase needed


def test_faq_a_start_of_turn_wincon_waits_for_the_start_phase(bundled):
    """Q: When does my Idol's Win-Con kick in? Raj ("Start your turn") waits."""
    g = scenario(
        """
        p0: idol raj | merit 30
        p1: idol amyba
        """,
        bundled,
    )
    assert not g.is_terminal()
    end_turn(g)
    end_turn(g)
    assert g.result().winner == 0 and g.result().reason == "wincon"


def test_faq_exhausting_a_member_does_not_remove_it_from_the_fight(bundled):
    """Q: Does exhausting an Idol/Student remove it from the fight? No: it stays, exhausted."""
    g = scenario(
        """
        p0: idol raj | rep 5 | class dojo senpai, sculptor | hand tripwire
        p1: idol amyba | class benchwarmer, kendo novice
        """,
        bundled,
    )
    g.play("fight: Dojo Senpai leads")
    g.play("attack Benchwarmer")
    pass_windows(g)
    g.play("support the attack with Sculptor")
    pass_windows(g)
    g.play("support the defense with Kendo Novice")
    # the last window: p0 exhausts the defending supporter with Tripwire
    while g.decision == "priority" and g.current_player() != 0:
        g.play("pass")
    g.play("play Tripwire paying Reputation")
    g.play("target Kendo Novice")
    pass_fight(g)
    # Kendo Novice dealt nothing (Sculptor survives) but still took the rest of the damage
    assert "Kendo Novice" in g.names_in("expel pile")
    assert g.zone(g.find("sculptor")) == "class" and g.zone(g.find("dojo senpai")) == "class"


def test_faq_damage_is_never_over_assigned_and_the_rest_is_ignored(bundled):
    """Q: Can I choose not to assign damage? No; and 10 damage to a 3-Defense Student is 3."""
    g = scenario(
        """
        p0: idol raj | class dojo senpai, sculptor
        p1: idol amyba | merit 20 | class sentai yellow
        """,
        bundled,
    )
    g.play("fight: Dojo Senpai leads")
    g.play("attack Sentai Yellow")
    pass_windows(g)
    g.play("support the attack with Sculptor")
    pass_fight(g)
    assert "Sentai Yellow" in g.names_in("expel pile")
    assert g.merit(1) == 20  # the Idol was not in the defending party: nothing reaches it


def test_faq_a_join_ability_triggers_every_time_the_student_joins(bundled):
    """Q: If a Student with a "Join my class" ability joins several times, does it trigger each
    time? Yes. Tea Hostess: "on join: gain 2 merit"."""
    g = scenario(
        """
        p0: idol raj | merit 10 | rep 9 | hallway tea hostess | hand second chance
        p1: idol amyba
        """,
        bundled,
    )
    end_turn(g)
    assert g.merit(0) == 12
    from avarium.simulator.engine.zones import move

    move(g.state, g.find("tea hostess"), L.Z_EXPEL, -1)
    end_turn(g)  # back to p0
    pass_windows(g)
    g.play("play Second Chance paying Reputation")
    g.play("target Tea Hostess")
    pass_windows(g)
    assert g.merit(0) == 14


def test_faq_no_effect_is_played_in_the_middle_of_an_action(bundled):
    """Q: Can I play an effect while an action is being played? No: the recruit is complete
    (the Student is in the Hallway, the Courtyard refilled) before anyone gets priority."""
    g = scenario(
        """
        p0: idol raj | rep 5
        p1: idol amyba | hand emergency fund
        courtyard: sculptor
        """,
        bundled,
    )
    g.play("recruit Sculptor")
    assert g.decision == "priority" and g.current_player() == 1
    assert g.names_in("hallway", 0) == ["Sculptor"]
    assert len(g.cards_in("courtyard")) == 6
    assert "pass" in names(g)
