"""Rulebook section 9: Battle Royale helpers; ruling 13."""

from __future__ import annotations

from avarium.simulator.game.scenario import scenario

from tests.helpers import names, pass_windows


def test_uninvolved_players_are_asked_for_one_helper_each(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class benchwarmer
        p2: idol hojo | class kendo novice
        p3: idol coral | class space cadet
        """,
        bundled,
    )
    g.play("fight: Sculptor leads")
    g.play("attack Benchwarmer")
    pass_windows(g)
    for decision in ("attacker's support", "defender's support"):
        if g.decision == decision:
            g.play("pass")
        pass_windows(g)
    asked = []
    while g.decision == "helper":
        asked.append(g.current_player())
        assert "help the attackers with Kendo Novice" in names(g) or asked[-1] == 3
        g.play("pass")
        pass_windows(g)
    assert asked == [2, 3]  # in turn order from the attacker, the fighters' players skipped


def test_a_helper_joins_the_chosen_party_and_counts_for_damage(bundled):
    g = scenario(
        """
        p0: idol raj | class benchwarmer
        p1: idol amyba | class space cadet
        p2: idol hojo | class dojo senpai
        """,
        bundled,
    )
    g.fight("Benchwarmer", "Space Cadet", helpers={"Dojo Senpai": "attackers"})
    # Benchwarmer 1 + Dojo Senpai 5 = 6 expels Space Cadet (Defense 4)
    assert "Space Cadet" in g.names_in("expel pile")
    assert g.attack_token(g.find("dojo senpai"))  # a helper on the attacking side attacked
