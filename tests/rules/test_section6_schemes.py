"""Rulebook section 6: Schemes, Surprises and abilities; ruling 4 and the FAQ's default target."""

from __future__ import annotations

from avarium.simulator.game.scenario import scenario

from tests.helpers import names, pass_windows


def test_a_scheme_is_paid_with_reputation_then_trashed(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand scholarship
        p1: idol amyba
        """,
        bundled,
    )
    g.play("play Scholarship paying Reputation")
    pass_windows(g)
    assert g.rep(0) == 1 and g.merit(0) == bundled["kumara_raj"].merit + 4
    assert "Scholarship" in g.names_in("trash")


def test_a_scheme_can_be_paid_by_exhausting_a_student_costing_as_much_or_more(bundled):
    g = scenario(
        """
        p0: idol raj | rep 0 | hand scholarship | class benchwarmer, sculptor
        p1: idol amyba
        """,
        bundled,
    )
    g.play("play Scholarship exhausting a Student")
    # Benchwarmer costs 1 < 2: only Sculptor (cost 4) may pay
    assert names(g) == ["pay by exhausting Sculptor"]
    g.play("pay by exhausting Sculptor")
    pass_windows(g)
    assert g.exhausted(g.find("sculptor")) and g.rep(0) == 0
    assert g.merit(0) == bundled["kumara_raj"].merit + 4


def test_idols_and_exhausted_students_never_pay(bundled):
    g = scenario(
        """
        p0: idol raj | rep 0 | hand scholarship | class sculptor(exhausted)
        p1: idol amyba
        """,
        bundled,
    )
    assert not any("Scholarship" in n for n in names(g))


def test_ordinary_schemes_only_in_your_own_plan_phase(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | rep 5 | hand scholarship, emergency fund
        """,
        bundled,
    )
    g.play("fight: Sculptor leads")
    g.play("attack AMYBA")
    assert g.decision == "priority" and g.current_player() == 1
    offered = names(g)
    assert "play Emergency Fund paying Reputation" in offered  # a Surprise
    assert not any("Scholarship" in n for n in offered)


def test_a_surprise_is_played_in_an_enemy_turn_and_resolves_when_all_pass(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5 | hand study session
        p1: idol amyba | hand emergency fund
        """,
        bundled,
    )
    g.play("play Study Session paying Reputation")
    assert g.current_player() == 1  # priority passes to the next player (section 10)
    merit = g.merit(1)
    g.play("play Emergency Fund paying Reputation")
    pass_windows(g)
    assert g.merit(1) == merit + 2
    assert len(g.cards_in("hand", 0)) == 2


def test_record_o_matic_gains_three_merit_for_its_controller(bundled):
    """FAQ: an effect that names no target is for the player controlling the card."""
    g = scenario(
        """
        p0: idol raj | merit 10 | class record o matic
        p1: idol amyba | merit 10
        """,
        bundled,
    )
    g.play("activate Record-O-Matic")
    pass_windows(g)
    assert (g.merit(0), g.merit(1)) == (13, 10)
    assert g.exhausted(g.find("record_o_matic"))
    assert not any("Record-O-Matic:" in n for n in names(g))  # exhausted: no second use


def test_an_activated_ability_may_be_used_in_an_enemy_turn(bundled):
    g = scenario(
        """
        active p1
        p0: idol raj | merit 10 | class record o matic
        p1: idol amyba | hand study session | rep 5
        """,
        bundled,
    )
    g.play("play Study Session paying Reputation")
    assert g.current_player() == 0
    g.play("activate Record-O-Matic")
    pass_windows(g)
    assert g.merit(0) == 13


def test_a_merit_cost_is_paid_only_while_merit_stays_above_zero(bundled):
    """Ruling 8: LOVE's "1 merit: gain 1 rep" cannot take him to 0."""
    g = scenario(
        """
        p0: idol love | merit 1
        p1: idol amyba
        """,
        bundled,
    )
    assert not any("LOVE:" in n for n in names(g))


def test_a_scheme_with_no_possible_target_cannot_be_played(bundled):
    """Ruling 15: a Scheme or ability is only started when every target it names exists."""
    g = scenario(
        """
        p0: idol raj | rep 5 | hand detention
        p1: idol amyba
        """,
        bundled,
    )
    assert not any("Detention" in n for n in names(g))
