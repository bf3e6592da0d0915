"""Game.combat, Game.defense, Game.fight_members, Game.contents: the state in the game's words."""

from __future__ import annotations

import pytest
from avarium.simulator.game.scenario import scenario

from tests.helpers import pass_windows


def test_combat_and_defense_count_the_changes_until_end_of_turn(bundled):
    g = scenario("p0: idol raj | class sculptor(+2 combat, -1 defense)\np1: idol amyba", bundled)
    assert (g.combat("sculptor"), g.defense("sculptor")) == (4 + 2, 5 - 1)


def test_combat_and_defense_count_a_scheme_and_the_statics_of_a_class(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2 | class cheer captain, flyer | hand pep rally
        p1: idol amyba
        """,
        bundled,
    )
    assert (g.combat("flyer"), g.defense("flyer")) == (2 + 1, 1 + 1)  # Cheer Captain's static
    g.play("play Pep Rally paying Reputation")
    pass_windows(g)
    assert g.combat("flyer") == 2 + 1 + 1 and g.combat("cheer captain") == 2 + 1


def test_fight_members_is_empty_without_a_fight(bundled):
    g = scenario("p0: idol raj\np1: idol amyba", bundled)
    assert g.fight_members() == {"attackers": [], "defenders": []}


def test_contents_reads_a_seats_zone_and_the_decks_from_the_top(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor | hand scholarship, detention | hallway benchwarmer
        p1: idol amyba | class kendo novice
        school: dojo senpai, space cadet
        library: study session
        expelled: rooftop slacker
        """,
        bundled,
    )
    assert g.contents("class", 0) == ["Kumara RAJ", "Sculptor"]
    assert sorted(g.contents("hand", 0)) == ["Detention", "Scholarship"]
    assert g.contents("hallway", 0) == ["Benchwarmer"] and g.contents("hallway", 1) == []
    assert g.contents("school")[:2] == ["Dojo Senpai", "Space Cadet"]
    assert g.contents("library")[0] == "Study Session"
    assert g.contents("expelled") == g.contents("expel pile") == ["Rooftop Slacker"]
    with pytest.raises(ValueError, match='no zone "graveyard"'):
        g.contents("graveyard")
