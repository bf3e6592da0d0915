"""Rulebook section 4: Start Phase, Plan Phase, End Phase; rulings 2 and 11."""

from __future__ import annotations

from avarium.simulator.game.scenario import scenario

from tests.helpers import end_turn, names, pass_windows


def test_first_turn_skips_the_ready_step(bundled):
    g = scenario(
        """
        turn 1 | active p0 | phase start
        p0: idol raj | first | rep 0 | class sculptor(exhausted)
        p1: idol amyba | first
        """,
        bundled,
    )
    pass_windows(g)
    assert g.exhausted(g.find("sculptor"))
    assert g.rep(0) == 3  # step 3 still happens: RAJ's gold star
    assert len(g.cards_in("hand", 0)) == 1  # and step 4


def test_start_phase_readies_gains_reputation_and_draws(bundled):
    g = scenario(
        """
        turn 5 | active p0 | phase start
        p0: idol raj | rep 1 | class sculptor(exhausted)
        p1: idol amyba
        library: study session
        """,
        bundled,
    )
    pass_windows(g)
    assert not g.exhausted(g.find("sculptor"))
    assert g.rep(0) == 4
    assert g.names_in("hand", 0) == ["Study Session"]


def test_end_phase_moves_the_hallway_into_the_class_ready(bundled):
    g = scenario(
        """
        p0: idol raj | hallway sculptor, benchwarmer
        p1: idol amyba
        """,
        bundled,
    )
    end_turn(g)
    assert sorted(g.names_in("class", 0)) == ["Benchwarmer", "Kumara RAJ", "Sculptor"]
    assert not g.exhausted(g.find("sculptor"))


def test_class_limit_expels_down_to_five_of_the_players_choice(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor, benchwarmer, kendo novice, transfer student, space cadet
            | hallway rooftop slacker
        p1: idol amyba
        """,
        bundled,
    )
    pass_windows(g)
    g.play("end turn")
    pass_windows(g)
    assert g.decision == "class limit" and g.current_player() == 0
    g.play("expel Benchwarmer")
    assert "Benchwarmer" in g.names_in("expel pile")
    assert len(g.cards_in("class", 0)) == 6  # 5 Students and the Idol


def test_hand_limit_trashes_down_to_five(bundled):
    g = scenario(
        """
        p0: idol raj | hand study session, part time job, scholarship, rumour mill, detention,
            | hand pep rally
        p1: idol amyba
        """,
        bundled,
    )
    assert len(g.cards_in("hand", 0)) == 6
    pass_windows(g)
    g.play("end turn")
    pass_windows(g)
    assert g.decision == "hand limit"
    g.play("trash Detention")
    assert len(g.cards_in("hand", 0)) == 5 and "Detention" in g.names_in("trash")


def test_attack_tokens_and_end_of_turn_changes_are_cleared(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor(attacked, +2 combat)
        p1: idol amyba
        """,
        bundled,
    )
    end_turn(g)
    c = g.find("sculptor")
    assert not g.attack_token(c)
    assert g.active == 1


def test_the_plan_phase_offers_recruit_scheme_fight_and_end(bundled):
    g = scenario(
        """
        p0: idol raj | rep 9 | class sculptor | hand scholarship
        p1: idol amyba | class benchwarmer
        courtyard: kendo novice
        """,
        bundled,
    )
    offered = names(g)
    assert "end turn" in offered
    assert "recruit Kendo Novice" in offered
    assert "play Scholarship paying Reputation" in offered
    assert "fight: Sculptor leads" in offered


def test_end_phase_ends_turn_effects_on_cards_no_seat_controls(bundled):
    """End Phase step 4 ends every "until end of turn" effect, also one an effect put on a
    Courtyard card (the engine clears the seats' cards, and every card once one is flagged)."""
    from avarium.simulator.constants import Duration
    from avarium.simulator.engine.effects import modify
    from avarium.simulator.engine.layout import C_MC_TURN, G_STRAY_EFFECTS, ROW_CARD

    g = scenario(
        """
        turn 5 | active p0
        p0: idol raj | class sculptor
        p1: idol amyba
        courtyard: benchwarmer
        """,
        bundled,
    )
    yard, mine = g.find("benchwarmer"), g.find("sculptor")
    modify(g.state, yard, 2, 0, int(Duration.END_OF_TURN))  # as "target courtyard student ..."
    modify(g.state, mine, 1, 0, int(Duration.END_OF_TURN))
    assert g.state[G_STRAY_EFFECTS] == 1
    end_turn(g)
    assert g.state[ROW_CARD + yard, C_MC_TURN] == 0
    assert g.state[ROW_CARD + mine, C_MC_TURN] == 0
    assert g.state[G_STRAY_EFFECTS] == 0
