"""Card behaviour: Martial Arts, Faiths, Sentai, Space and club-less Students.

Each test sets up a small position, makes the card's ability happen through the public API and
checks exactly what it does. Students without an ability are checked on their printed Combat
(damage dealt to an Idol, or enough to expel) and Defense (exhausted below it, expelled at it).
Kumara RAJ (Combat 2, Merit 18) and AMYBA (Combat 1, Merit 20) are the quiet Idols used here.
"""

from __future__ import annotations

from avarium.simulator.game.scenario import scenario

from tests.helpers import names, pass_fight, pass_windows


def in_expel_pile(g, name: str) -> bool:
    return name in g.names_in("expel pile")


def in_class(g, name: str) -> bool:
    return g.zone(g.find(name)) == "class"


# -- Martial Arts ------------------------------------------------------------------------------


def test_kendo_novice_deals_one_damage_to_an_idol(bundled):
    g = scenario(
        """
        p0: idol raj | class kendo novice
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Kendo Novice", "AMYBA")
    assert g.merit(1) == 19
    assert g.attack_token(g.find("kendo novice"))


def test_kendo_novice_is_exhausted_by_one_damage_and_expelled_by_two(bundled):
    g = scenario(
        """
        p0: idol raj | class benchwarmer, rooftop slacker
        p1: idol amyba | class kendo novice
        """,
        bundled,
    )
    g.fight("Benchwarmer", "Kendo Novice")  # Combat 1 < Defense 2
    assert in_class(g, "kendo novice") and g.exhausted(g.find("kendo novice"))
    g.fight("Rooftop Slacker", "Kendo Novice")  # Combat 2 = Defense 2
    assert in_expel_pile(g, "Kendo Novice")
    # Kendo Novice was exhausted for the second fight: Rooftop Slacker (Defense 1) survives
    assert in_class(g, "rooftop slacker")


def test_back_alley_brawler_deals_four_damage_to_an_idol(bundled):
    g = scenario(
        """
        p0: idol raj | class back alley brawler
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Back-Alley Brawler", "AMYBA")
    assert g.merit(1) == 16


def test_back_alley_brawler_survives_two_damage_and_expels_defense_three(bundled):
    g = scenario(
        """
        p0: idol raj | class sentai yellow
        p1: idol amyba | class back alley brawler
        """,
        bundled,
    )
    g.fight("Sentai Yellow", "Back-Alley Brawler")  # 2 < Defense 3
    assert in_class(g, "back alley brawler") and g.exhausted(g.find("back alley brawler"))
    assert in_expel_pile(g, "Sentai Yellow")  # Combat 4 >= Defense 3


def test_karate_black_belt_pays_one_merit_for_two_combat_in_a_fight(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | class karate black belt
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    ability = "activate Karate Black Belt"
    assert not any(n.startswith(ability) for n in names(g))  # only during a fight
    g.play("fight: Karate Black Belt leads")
    g.play("attack AMYBA")
    assert g.decision == "priority" and g.current_player() == 0
    g.play(ability)
    pass_windows(g)
    assert g.merit(0) == 9  # paid 1 Merit
    assert not any(n.startswith(ability) for n in names(g))  # once per turn
    pass_fight(g)
    assert g.merit(1) == 15  # Combat 3 + 2


def test_karate_black_belt_without_its_ability_deals_three(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | class karate black belt
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Karate Black Belt", "AMYBA")
    assert (g.merit(0), g.merit(1)) == (10, 17)


def test_dojo_senpai_survives_four_damage_and_expels_defense_five(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class dojo senpai
        """,
        bundled,
    )
    g.fight("Sculptor", "Dojo Senpai")
    assert in_class(g, "dojo senpai") and g.exhausted(g.find("dojo senpai"))  # 4 < 6
    assert in_expel_pile(g, "Sculptor")  # 5 >= 5


def test_dojo_senpai_deals_five_damage_to_an_idol(bundled):
    g = scenario(
        """
        p0: idol raj | class dojo senpai
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Dojo Senpai", "AMYBA")
    assert g.merit(1) == 15


def test_sumo_heavyweight_defending_leader_gives_the_attacker_minus_one_combat(bundled):
    # Kendo Novice (Combat 1) deals 0: Sumo is not even exhausted
    g = scenario(
        """
        p0: idol raj | class kendo novice
        p1: idol amyba | class sumo heavyweight
        """,
        bundled,
    )
    g.fight("Kendo Novice", "Sumo Heavyweight")
    sumo = g.find("sumo heavyweight")
    assert in_class(g, "sumo heavyweight") and not g.exhausted(sumo)
    # Sumo's own Combat 2 is untouched: Kendo Novice (Defense 2) is expelled
    assert in_expel_pile(g, "Kendo Novice")


def test_sumo_heavyweight_supporting_the_defense_weakens_the_whole_attacking_party(bundled):
    # Kendo Novice (1) + Benchwarmer (1) into Transfer Student (Defense 2): both drop to 0
    g = scenario(
        """
        p0: idol raj | class kendo novice, benchwarmer
        p1: idol amyba | class transfer student, sumo heavyweight
        """,
        bundled,
    )
    g.play("fight: Kendo Novice leads")
    g.play("attack Transfer Student")
    pass_windows(g)
    g.play("support the attack with Benchwarmer")
    pass_windows(g)
    g.play("support the defense with Sumo Heavyweight")
    pass_fight(g)
    student = g.find("transfer student")
    assert g.zone(student) == "class" and not g.exhausted(student)


def test_sumo_heavyweight_minus_one_combat_lets_it_survive_its_defense(bundled):
    # Sumo at Defense 2 this turn; Rooftop Slacker's 2 Combat becomes 1: exhausted, not expelled
    g = scenario(
        """
        p0: idol raj | class rooftop slacker
        p1: idol amyba | class sumo heavyweight(-4 defense)
        """,
        bundled,
    )
    g.fight("Rooftop Slacker", "Sumo Heavyweight")
    assert in_class(g, "sumo heavyweight") and g.exhausted(g.find("sumo heavyweight"))
    assert in_expel_pile(g, "Rooftop Slacker")


# -- Faiths ------------------------------------------------------------------------------------


def test_shrine_maiden_joining_shields_an_ally_student_for_two_damage(bundled):
    g = scenario(
        """
        p0: idol raj | class kendo novice | hallway shrine maiden
        p1: idol amyba | class rocket enthusiast
        library: study session, scholarship, part time job
        """,
        bundled,
    )
    pass_windows(g)
    g.play("end turn")
    assert g.decision == "target" and g.current_player() == 0
    assert sorted(names(g)) == ["target Kendo Novice", "target Shrine Maiden"]
    g.play("target Kendo Novice")
    pass_windows(g)
    assert g.active == 1 and g.decision == "plan"
    # Rocket Enthusiast (Combat 3) into Kendo Novice (Defense 2): 2 prevented, 1 gets through
    g.fight("Rocket Enthusiast", "Kendo Novice")
    novice = g.find("kendo novice")
    assert g.zone(novice) == "class" and g.exhausted(novice)


def test_shrine_maiden_shield_is_used_up_after_two_damage(bundled):
    g = scenario(
        """
        p0: idol raj | class kendo novice | hallway shrine maiden
        p1: idol amyba | class rocket enthusiast, sentai yellow
        library: study session, scholarship, part time job
        """,
        bundled,
    )
    pass_windows(g)
    g.play("end turn")
    g.play("target Kendo Novice")
    pass_windows(g)
    g.fight("Rocket Enthusiast", "Kendo Novice")  # 3 - 2 prevented = 1
    assert in_class(g, "kendo novice")
    g.fight("Sentai Yellow", "Kendo Novice")  # the shield is spent: 2 expels it
    assert in_expel_pile(g, "Kendo Novice")


def test_temple_monk_gains_one_merit_at_start_of_turn_below_ten(bundled):
    g = scenario(
        """
        phase start
        p0: idol raj | merit 9 | class temple monk
        p1: idol amyba
        library: study session
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan" and g.merit(0) == 10


def test_temple_monk_gains_nothing_at_ten_merit(bundled):
    g = scenario(
        """
        phase start
        p0: idol raj | merit 10 | class temple monk
        p1: idol amyba
        library: study session
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan" and g.merit(0) == 10


def test_exorcist_exhaust_deals_one_damage_to_an_enemy_delinquent(bundled):
    g = scenario(
        """
        p0: idol raj | class exorcist
        p1: idol amyba | class rooftop slacker, kendo novice
        """,
        bundled,
    )
    g.play("activate Exorcist")
    # only the Delinquent is a target; Kendo Novice is a Paragon
    assert names(g) == ["target Rooftop Slacker"]
    g.play("target Rooftop Slacker")
    pass_windows(g)
    assert g.exhausted(g.find("exorcist"))
    assert in_expel_pile(g, "Rooftop Slacker")  # Defense 1
    assert in_class(g, "kendo novice")


def test_exorcist_damage_exhausts_a_tougher_delinquent(bundled):
    g = scenario(
        """
        p0: idol raj | class exorcist
        p1: idol amyba | class back alley brawler
        """,
        bundled,
    )
    g.play("activate Exorcist")
    if g.decision == "target":
        g.play("target Back-Alley Brawler")
    pass_windows(g)
    brawler = g.find("back alley brawler")
    assert g.zone(brawler) == "class" and g.exhausted(brawler)


def test_exorcist_has_no_use_without_an_enemy_delinquent(bundled):
    g = scenario(
        """
        p0: idol raj | class exorcist
        p1: idol amyba | class kendo novice, sentai blue
        """,
        bundled,
    )
    assert not any(n.startswith("activate Exorcist") for n in names(g))


def test_doomsayer_expelled_deals_one_damage_to_a_random_enemy_student(bundled):
    g = scenario(
        """
        active p1
        p0: idol raj | class doomsayer
        p1: idol amyba | rep 3 | class rooftop slacker | hand sabotage
        """,
        bundled,
    )
    g.play("play Sabotage paying Reputation")
    if g.decision == "target":
        g.play("target Doomsayer")
    pass_windows(g)
    assert in_expel_pile(g, "Doomsayer")
    # the only enemy Student of Doomsayer's controller is Rooftop Slacker (Defense 1)
    assert in_expel_pile(g, "Rooftop Slacker")


def test_doomsayer_gains_one_reputation_when_an_enemy_has_six_merit(bundled):
    g = scenario(
        """
        phase start
        p0: idol raj | rep 0 | class doomsayer
        p1: idol amyba | merit 6
        library: study session
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan" and g.rep(0) == 3 + 1  # RAJ's 3 and Doomsayer's 1


def test_doomsayer_gains_nothing_when_every_enemy_has_seven_merit(bundled):
    g = scenario(
        """
        phase start
        p0: idol raj | rep 0 | class doomsayer
        p1: idol amyba | merit 7
        library: study session
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan" and g.rep(0) == 3


def test_fortune_teller_recruited_gains_one_reputation(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2
        p1: idol amyba
        courtyard: fortune teller
        """,
        bundled,
    )
    g.play("recruit Fortune Teller")
    pass_windows(g)
    assert g.rep(0) == 2 - 2 + 1
    assert g.zone(g.find("fortune teller")) == "hallway"


def test_fortune_teller_expelled_draws_one_scheme(bundled):
    g = scenario(
        """
        active p1
        p0: idol raj | class fortune teller
        p1: idol amyba | rep 3 | hand sabotage
        library: study session, scholarship
        """,
        bundled,
    )
    assert g.names_in("hand", 0) == []
    g.play("play Sabotage paying Reputation")
    if g.decision == "target":
        g.play("target Fortune Teller")
    pass_windows(g)
    assert in_expel_pile(g, "Fortune Teller")
    assert g.names_in("hand", 0) == ["Study Session"]


# -- Sentai ------------------------------------------------------------------------------------


def test_sentai_red_gives_other_sentai_plus_one_combat(bundled):
    g = scenario(
        """
        p0: idol raj | class sentai red, sentai yellow
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Sentai Yellow", "AMYBA")
    assert g.merit(1) == 17  # Combat 2 + 1


def test_sentai_red_does_not_boost_itself(bundled):
    g = scenario(
        """
        p0: idol raj | class sentai red, sentai yellow
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Sentai Red", "AMYBA")
    assert g.merit(1) == 17  # its printed Combat 3


def test_sentai_red_defending_gives_sentai_in_the_fight_plus_one_defense(bundled):
    # Sculptor's 4 damage would expel Sentai Red (Defense 4); with +1 Defense it is exhausted
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class sentai red
        """,
        bundled,
    )
    g.fight("Sculptor", "Sentai Red")
    red = g.find("sentai red")
    assert g.zone(red) == "class" and g.exhausted(red)


def test_sentai_blue_survives_four_damage_and_is_expelled_by_five(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor, dojo senpai
        p1: idol amyba | class sentai blue
        """,
        bundled,
    )
    g.fight("Sculptor", "Sentai Blue")  # 4 < Defense 5
    assert in_class(g, "sentai blue") and g.exhausted(g.find("sentai blue"))
    g.fight("Dojo Senpai", "Sentai Blue")  # 5 = Defense 5
    assert in_expel_pile(g, "Sentai Blue")


def test_sentai_blue_deals_two_damage_to_an_idol(bundled):
    g = scenario(
        """
        p0: idol raj | class sentai blue
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Sentai Blue", "AMYBA")
    assert g.merit(1) == 18


def test_sentai_pink_defending_prevents_one_damage(bundled):
    # Rocket Enthusiast's 3 damage would expel Sentai Pink (Defense 3); 1 is prevented
    g = scenario(
        """
        p0: idol raj | class rocket enthusiast
        p1: idol amyba | class sentai pink
        """,
        bundled,
    )
    g.play("fight: Rocket Enthusiast leads")
    g.play("attack Sentai Pink")
    while g.decision == "target" or g.decision in (
        "priority",
        "attacker's support",
        "defender's support",
    ):
        if g.decision == "target":
            assert g.current_player() == 1
            g.play("target Sentai Pink")
        else:
            g.play("pass")
    pass_fight(g)
    pink = g.find("sentai pink")
    assert g.zone(pink) == "class" and g.exhausted(pink)
    assert in_expel_pile(g, "Rocket Enthusiast")  # Pink's 2 Combat = its Defense 2


def test_sentai_pink_supporting_can_shield_its_leader(bundled):
    # Rocket Enthusiast's 3 damage would expel Sentai Yellow (Defense 3); Pink shields it
    g = scenario(
        """
        p0: idol raj | class rocket enthusiast
        p1: idol amyba | class sentai yellow, sentai pink
        """,
        bundled,
    )
    g.play("fight: Rocket Enthusiast leads")
    g.play("attack Sentai Yellow")
    pass_windows(g)
    if g.decision == "attacker's support":
        g.play("pass")
    pass_windows(g)
    g.play("support the defense with Sentai Pink")
    assert g.decision == "target" and g.current_player() == 1
    assert sorted(names(g)) == ["target Sentai Pink", "target Sentai Yellow"]
    g.play("target Sentai Yellow")
    pass_fight(g)
    yellow = g.find("sentai yellow")
    assert g.zone(yellow) == "class" and g.exhausted(yellow)
    assert not g.exhausted(g.find("sentai pink"))  # the leader survived: nothing reached Pink


def test_sentai_yellow_survives_two_damage_and_expels_defense_one(bundled):
    g = scenario(
        """
        p0: idol raj | class rooftop slacker, rocket enthusiast
        p1: idol amyba | class sentai yellow
        """,
        bundled,
    )
    g.fight("Rooftop Slacker", "Sentai Yellow")  # 2 < Defense 3
    assert in_class(g, "sentai yellow") and g.exhausted(g.find("sentai yellow"))
    assert in_expel_pile(g, "Rooftop Slacker")  # Combat 2 >= Defense 1
    g.fight("Rocket Enthusiast", "Sentai Yellow")  # 3 = Defense 3
    assert in_expel_pile(g, "Sentai Yellow")


def test_sentai_black_gets_two_combat_with_three_sentai(bundled):
    g = scenario(
        """
        p0: idol raj | class sentai black, sentai blue, sentai yellow
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Sentai Black", "AMYBA")
    assert g.merit(1) == 15  # Combat 3 + 2


def test_sentai_black_gets_nothing_with_two_sentai(bundled):
    g = scenario(
        """
        p0: idol raj | class sentai black, sentai blue, kendo novice
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Sentai Black", "AMYBA")
    assert g.merit(1) == 17


# -- Space -------------------------------------------------------------------------------------


def test_space_cadet_survives_three_damage_and_is_expelled_by_four(bundled):
    g = scenario(
        """
        p0: idol raj | class rocket enthusiast, sculptor
        p1: idol amyba | class space cadet
        """,
        bundled,
    )
    g.fight("Rocket Enthusiast", "Space Cadet")  # 3 < Defense 4
    assert in_class(g, "space cadet") and g.exhausted(g.find("space cadet"))
    assert in_class(g, "rocket enthusiast")  # Space Cadet's 1 < Defense 2
    g.fight("Sculptor", "Space Cadet")
    assert in_expel_pile(g, "Space Cadet")


def test_space_cadet_deals_one_damage_to_an_idol(bundled):
    g = scenario(
        """
        p0: idol raj | class space cadet
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Space Cadet", "AMYBA")
    assert g.merit(1) == 19


def test_alien_exchange_student_makes_recruits_cost_one_less(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | class alien exchange student
        p1: idol amyba
        courtyard: sculptor, back alley brawler
        """,
        bundled,
    )
    assert "recruit Sculptor" in names(g)  # cost 4 for 3 Reputation
    g.play("recruit Back-Alley Brawler")
    pass_windows(g)
    assert g.rep(0) == 1
    assert g.zone(g.find("back alley brawler")) == "hallway"


def test_alien_exchange_student_discount_is_only_for_its_controller(bundled):
    g = scenario(
        """
        active p1
        p0: idol raj | class alien exchange student
        p1: idol amyba | rep 3
        courtyard: sculptor, back alley brawler
        """,
        bundled,
    )
    assert "recruit Sculptor" not in names(g)
    g.play("recruit Back-Alley Brawler")
    pass_windows(g)
    assert g.rep(1) == 0


def test_rocket_enthusiast_deals_three_damage_to_an_idol(bundled):
    g = scenario(
        """
        p0: idol raj | class rocket enthusiast
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Rocket Enthusiast", "AMYBA")
    assert g.merit(1) == 17


def test_rocket_enthusiast_survives_one_damage_and_is_expelled_by_two(bundled):
    g = scenario(
        """
        p0: idol raj | class kendo novice, sentai yellow
        p1: idol amyba | class rocket enthusiast
        """,
        bundled,
    )
    g.fight("Kendo Novice", "Rocket Enthusiast")  # 1 < Defense 2
    assert in_class(g, "rocket enthusiast") and g.exhausted(g.find("rocket enthusiast"))
    assert in_expel_pile(g, "Kendo Novice")  # Combat 3 >= Defense 2
    g.fight("Sentai Yellow", "Rocket Enthusiast")  # 2 = Defense 2
    assert in_expel_pile(g, "Rocket Enthusiast")


def test_stargazer_draws_a_scheme_at_start_of_turn_with_fewer_than_two(bundled):
    g = scenario(
        """
        phase start
        p0: idol raj | class stargazer
        p1: idol amyba
        library: study session, scholarship, part time job
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan"
    # Start Phase step 4 draws Study Session (hand 1 < 2), then Stargazer draws Scholarship
    assert sorted(g.names_in("hand", 0)) == ["Scholarship", "Study Session"]


def test_stargazer_draws_nothing_with_two_schemes_in_hand(bundled):
    g = scenario(
        """
        phase start
        p0: idol raj | class stargazer | hand detention
        p1: idol amyba
        library: study session, scholarship, part time job
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan"
    assert sorted(g.names_in("hand", 0)) == ["Detention", "Study Session"]


def test_ufo_hunter_returns_a_cheap_enemy_student_to_the_courtyard(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | class ufo hunter
        p1: idol amyba | class kendo novice, sculptor
        """,
        bundled,
    )
    g.play("activate UFO Hunter")
    assert names(g) == ["target Kendo Novice"]  # Sculptor costs 4
    g.play("target Kendo Novice")
    pass_windows(g)
    assert g.zone(g.find("kendo novice")) == "courtyard"
    assert g.rep(0) == 0 and g.exhausted(g.find("ufo hunter"))
    assert in_class(g, "sculptor")


def test_ufo_hunter_needs_three_reputation(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2 | class ufo hunter
        p1: idol amyba | class kendo novice
        """,
        bundled,
    )
    assert not any(n.startswith("activate UFO Hunter") for n in names(g))


# -- no club -----------------------------------------------------------------------------------


def test_transfer_student_deals_one_damage_to_an_idol(bundled):
    g = scenario(
        """
        p0: idol raj | class transfer student
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Transfer Student", "AMYBA")
    assert g.merit(1) == 19


def test_transfer_student_survives_one_damage_and_is_expelled_by_two(bundled):
    g = scenario(
        """
        p0: idol raj | class benchwarmer, sentai yellow
        p1: idol amyba | class transfer student
        """,
        bundled,
    )
    g.fight("Benchwarmer", "Transfer Student")  # 1 < Defense 2
    assert in_class(g, "transfer student") and g.exhausted(g.find("transfer student"))
    g.fight("Sentai Yellow", "Transfer Student")  # 2 = Defense 2
    assert in_expel_pile(g, "Transfer Student")


def test_rooftop_slacker_deals_two_damage_to_an_idol(bundled):
    g = scenario(
        """
        p0: idol raj | class rooftop slacker
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Rooftop Slacker", "AMYBA")
    assert g.merit(1) == 18


def test_rooftop_slacker_is_expelled_by_one_damage(bundled):
    g = scenario(
        """
        p0: idol raj | class kendo novice
        p1: idol amyba | class rooftop slacker
        """,
        bundled,
    )
    g.fight("Kendo Novice", "Rooftop Slacker")  # 1 = Defense 1
    assert in_expel_pile(g, "Rooftop Slacker")
    assert in_expel_pile(g, "Kendo Novice")  # Combat 2 = Defense 2, simultaneously


def test_school_bully_attacking_steals_one_reputation(bundled):
    g = scenario(
        """
        p0: idol raj | rep 0 | class school bully
        p1: idol amyba | merit 20 | rep 2
        """,
        bundled,
    )
    g.play("fight: School Bully leads")
    g.play("attack AMYBA")
    while g.decision in ("priority", "attacker's support", "defender's support"):
        g.play("pass")  # "on attack" triggers once the parties are confirmed (ruling 24)
    if g.decision == "target player":
        assert g.current_player() == 0
        g.play("target player 1")
    pass_fight(g)
    assert (g.rep(0), g.rep(1)) == (1, 1)
    assert g.merit(1) == 17


def test_school_bully_steals_nothing_when_enemies_have_no_reputation(bundled):
    g = scenario(
        """
        p0: idol raj | rep 0 | class school bully
        p1: idol amyba | rep 0
        """,
        bundled,
    )
    g.fight("School Bully", "AMYBA")
    assert (g.rep(0), g.rep(1)) == (0, 0)


def test_gang_boss_supporting_the_attack_gives_the_leader_plus_one_combat(bundled):
    g = scenario(
        """
        p0: idol raj | class gang boss, kendo novice
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.play("fight: Kendo Novice leads")
    g.play("attack AMYBA")
    pass_windows(g)
    g.play("support the attack with Gang Boss")
    pass_fight(g)
    assert g.merit(1) == 20 - (1 + 1 + 5)  # Kendo Novice 1 + 1, Gang Boss 5


def test_gang_boss_attacking_does_not_boost_itself(bundled):
    g = scenario(
        """
        p0: idol raj | class gang boss
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Gang Boss", "AMYBA")
    assert g.merit(1) == 15


def test_gang_boss_defending_gets_plus_one_combat(bundled):
    # Gang Boss deals 6: Dojo Senpai (Defense 6) is expelled; Boss takes 5 = its Defense
    g = scenario(
        """
        p0: idol raj | class dojo senpai
        p1: idol amyba | class gang boss
        """,
        bundled,
    )
    g.fight("Dojo Senpai", "Gang Boss")
    assert in_expel_pile(g, "Dojo Senpai")
    assert in_expel_pile(g, "Gang Boss")


def test_lone_wolf_alone_gets_two_combat(bundled):
    g = scenario(
        """
        p0: idol raj | class lone wolf
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Lone Wolf", "AMYBA")
    assert g.merit(1) == 16  # Combat 2 + 2


def test_lone_wolf_with_company_gets_nothing(bundled):
    g = scenario(
        """
        p0: idol raj | class lone wolf, kendo novice
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.fight("Lone Wolf", "AMYBA")
    assert g.merit(1) == 18
