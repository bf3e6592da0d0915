"""Rulebook sections 8 and 10: playing multiple effects, priority and timing; ruling 10."""

from __future__ import annotations

from avarium.simulator.game.scenario import scenario

from tests.helpers import end_turn, names, pass_windows


def test_effects_resolve_last_in_first_out(bundled):
    """Scenario A: the Surprise played in answer resolves before the Scheme it answers."""
    g = scenario(
        """
        p0: idol raj | rep 5 | hand rumour mill
        p1: idol amyba | rep 2 | hand emergency fund
        """,
        bundled,
    )
    g.play("play Rumour Mill paying Reputation")  # each enemy loses 2 Reputation
    assert g.current_player() == 1 and g.rep(1) == 2
    g.play("play Emergency Fund paying Reputation")  # costs 0: gain 2 Merit
    pass_windows(g)
    # Emergency Fund resolved first (Merit +2), then Rumour Mill took the 2 Reputation
    assert g.merit(1) == bundled["amyba"].merit + 2
    assert g.rep(1) == 0


def test_a_cancelled_scheme_does_nothing_and_is_trashed(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5 | hand scholarship
        p1: idol amyba | rep 2 | hand objection
        """,
        bundled,
    )
    merit = g.merit(0)
    g.play("play Scholarship paying Reputation")
    g.play("play Objection! paying Reputation")
    g.play("target Scholarship")
    pass_windows(g)
    assert g.merit(0) == merit
    assert {"Scholarship", "Objection!"} <= set(g.names_in("trash"))


def test_the_active_players_triggers_resolve_first(bundled):
    """Scenario B: Students of both players join at once in the active player's End Phase; the
    active player's effects are played out first. p0's Art Critic ("on join: target enemy
    trashes 1 scheme") resolves before p1's Council Secretary ("on join: draw 1"): p1 trashes
    its only Scheme without a choice, then draws the Library's top card."""
    g = scenario(
        """
        p0: idol raj | hallway art critic
        p1: idol amyba | hallway council secretary | hand detention
        library: study session
        """,
        bundled,
    )
    pass_windows(g)
    g.play("end turn")
    while g.decision in ("target player", "priority"):
        g.play("target player 1" if g.decision == "target player" else "pass")
    assert g.decision != "trash"  # p1 was never asked which Scheme to trash
    assert g.names_in("hand", 1)[:1] == ["Study Session"]
    assert "Detention" in g.names_in("trash")


def test_a_player_orders_their_own_simultaneous_triggers(bundled):
    """Scenario C: two different triggers of one player at once; the player chooses the order."""
    g = scenario(
        """
        p0: idol raj | hallway tea hostess, council secretary
        p1: idol amyba
        """,
        bundled,
    )
    pass_windows(g)
    g.play("end turn")
    assert g.decision == "trigger order" and g.current_player() == 0
    assert len(g.legal_actions()) == 2


def test_priority_passes_to_the_next_player_after_a_declaration(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5 | hand study session
        p1: idol amyba | hand emergency fund
        """,
        bundled,
    )
    g.play("play Study Session paying Reputation")
    assert g.decision == "priority" and g.current_player() == 1
    assert "pass" in names(g)


def test_windows_where_nobody_can_act_are_skipped(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5
        p1: idol amyba
        """,
        bundled,
    )
    end_turn(g)
    assert g.active == 1 and g.decision == "plan"
