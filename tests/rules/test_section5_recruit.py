"""Rulebook section 5: recruiting, the Hallway, ready and exhausted."""

from __future__ import annotations

from avarium.simulator.game.scenario import scenario

from tests.helpers import names


def test_recruiting_pays_reputation_and_refills_the_courtyard(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5
        p1: idol amyba
        courtyard: sculptor
        """,
        bundled,
    )
    g.play("recruit Sculptor")
    assert g.rep(0) == 1
    assert g.names_in("hallway", 0) == ["Sculptor"]
    assert len(g.cards_in("courtyard")) == 6


def test_cannot_recruit_without_enough_reputation(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3
        p1: idol amyba
        courtyard: sculptor, benchwarmer
        """,
        bundled,
    )
    assert "recruit Sculptor" not in names(g)
    assert "recruit Benchwarmer" in names(g)


def test_a_hallway_student_can_neither_fight_nor_be_attacked(bundled):
    g = scenario(
        """
        p0: idol raj | hallway sculptor
        p1: idol amyba | hallway benchwarmer
        """,
        bundled,
    )
    assert "fight: Sculptor leads" not in names(g)
    g.play("fight: Kumara RAJ leads")
    assert names(g) == ["attack AMYBA"]  # Hallway Students are no targets (ruling 5)


def test_an_exhausted_card_cannot_lead_a_fight(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor(exhausted)
        p1: idol amyba
        """,
        bundled,
    )
    assert "fight: Sculptor leads" not in names(g)
