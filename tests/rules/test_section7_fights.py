"""Rulebook section 7: fights, damage and getting expelled; rulings 5-7."""

from __future__ import annotations

from avarium.simulator.game.scenario import scenario

from tests.helpers import names, pass_fight, pass_windows


def fight(g, leader: str, target: str) -> None:
    g.play(f"fight: {leader} leads")
    g.play(f"attack {target}")
    pass_fight(g)


def test_no_fight_on_a_players_first_turn(bundled):
    g = scenario(
        """
        turn 1
        p0: idol raj | first | class sculptor
        p1: idol amyba | first | class benchwarmer
        """,
        bundled,
    )
    assert not any(n.startswith("fight") for n in names(g))


def test_an_idol_is_a_target_only_when_its_class_has_no_ready_student(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class benchwarmer, kendo novice(exhausted)
        """,
        bundled,
    )
    g.play("fight: Sculptor leads")
    assert sorted(names(g)) == ["attack Benchwarmer", "attack Kendo Novice"]


def test_an_idol_is_a_target_when_every_student_is_exhausted(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class kendo novice(exhausted)
        """,
        bundled,
    )
    g.play("fight: Sculptor leads")
    assert sorted(names(g)) == ["attack AMYBA", "attack Kendo Novice"]


def test_damage_goes_to_the_leader_first_and_the_rest_is_lost_if_it_survives(bundled):
    # Sculptor (Combat 4) attacks Dojo Senpai (Defense 6) supported by Benchwarmer (Def 2)
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class dojo senpai, benchwarmer
        """,
        bundled,
    )
    g.fight("Sculptor", "Dojo Senpai", supporters=["Benchwarmer"])
    assert g.exhausted(g.find("dojo senpai"))  # 4 < 6: exhausted, not expelled
    assert not g.exhausted(g.find("benchwarmer"))  # nothing reached the supporter
    # Senpai 5 + Benchwarmer 1 = 6 damage expels Sculptor (Defense 5)
    assert "Sculptor" in g.names_in("expel pile")


def test_leftover_damage_is_divided_once_the_leader_is_expelled(bundled):
    # Dojo Senpai (5) + Sculptor (4) = 9 into Benchwarmer (Def 2) + Kendo Novice (Def 2)
    g = scenario(
        """
        p0: idol raj | class dojo senpai, sculptor
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
    pass_windows(g)
    # the leader takes 2 and is expelled; the rest may go to Kendo Novice (capacity 2) only
    assert g.decision in ("damage", "plan", "priority")
    assert "Benchwarmer" in g.names_in("expel pile")
    assert "Kendo Novice" in g.names_in("expel pile")


def test_the_dealing_player_divides_the_rest_point_by_point(bundled):
    # Dojo Senpai (5) + Sculptor (4) into Benchwarmer (2) with Kendo Novice (2) and AMYBA helping
    g = scenario(
        """
        p0: idol raj | class dojo senpai, sculptor
        p1: idol amyba | class benchwarmer
        p2: idol hojo | class kendo novice
        """,
        bundled,
    )
    g.fight(
        "Dojo Senpai",
        "Benchwarmer",
        supporters=["Sculptor", "AMYBA"],
        helpers={"Kendo Novice": "defenders"},
    )
    assert g.decision == "damage" and g.current_player() == 0
    assert sorted(names(g)) == ["1 damage to AMYBA", "1 damage to Kendo Novice"]
    g.play("1 damage to Kendo Novice")
    g.play("1 damage to Kendo Novice")
    while g.decision == "damage":
        g.play("1 damage to AMYBA")
    assert "Kendo Novice" in g.names_in("expel pile")
    assert g.merit(1) == bundled["amyba"].merit - 5  # 9 - 2 (leader) - 2 (helper)


def test_a_student_hit_for_less_than_its_defense_is_exhausted(bundled):
    g = scenario(
        """
        p0: idol raj | class benchwarmer
        p1: idol amyba | class space cadet
        """,
        bundled,
    )
    fight(g, "Benchwarmer", "Space Cadet")
    assert g.exhausted(g.find("space cadet")) and g.zone(g.find("space cadet")) == "class"


def test_idol_damage_is_merit_loss_and_the_idol_stays_ready(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | merit 10
        """,
        bundled,
    )
    fight(g, "Sculptor", "AMYBA")
    assert g.merit(1) == 6
    assert not g.exhausted(g.find("amyba"))


def test_exhausted_members_deal_no_damage(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor | hand detention | rep 5
        p1: idol amyba | class dojo senpai
        """,
        bundled,
    )
    fight(g, "Sculptor", "Dojo Senpai")
    # Dojo Senpai was ready: 5 damage expels Sculptor (Defense 5)
    assert "Sculptor" in g.names_in("expel pile")


def test_attackers_get_attack_tokens_and_cannot_attack_again(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class space cadet, kendo novice
        """,
        bundled,
    )
    fight(g, "Sculptor", "Kendo Novice")
    assert g.attack_token(g.find("sculptor"))
    assert "fight: Sculptor leads" not in names(g)


def test_fight_damage_is_simultaneous(bundled):
    # Rocket Enthusiast (3/2) and Back-Alley Brawler (4/3) expel each other
    g = scenario(
        """
        p0: idol raj | class rocket enthusiast
        p1: idol amyba | class back alley brawler
        """,
        bundled,
    )
    fight(g, "Rocket Enthusiast", "Back-Alley Brawler")
    expelled = g.names_in("expel pile")
    assert "Rocket Enthusiast" in expelled and "Back-Alley Brawler" in expelled
    assert g.seat_stat(0, 5) == 1 and g.seat_stat(1, 5) == 1  # both credited (P_N_EXPELLED)
