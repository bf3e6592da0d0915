"""Card behaviour: Schemes and Surprises AA-S21..S40, and the Council and Sports Students.

Each test builds a small position, makes the card's ability happen through the public API and
checks exactly what the ability changes. Kumara RAJ and AMYBA are the Idols unless a test needs
another; the other Students have no abilities (Benchwarmer, Sculptor, Kendo Novice, Space Cadet,
Dojo Senpai, Rocket Enthusiast, Back-Alley Brawler, Sentai Blue/Yellow, Karaoke Fiend, Rooftop
Slacker).
"""

from __future__ import annotations

from avarium.simulator.game.scenario import scenario

from tests.helpers import end_turn, names, pass_fight, pass_windows


def declare(g, leader: str, target: str) -> None:
    """Declare a fight led by `leader` against `target`; the first window is left open."""
    g.play(f"fight: {leader} leads")
    g.play(f"attack {target}")


def in_class(g, card: str, p: int) -> bool:
    return g.zone(g.find(card)) == "class" and g.owner(g.find(card)) == p


def expelled(g, card: str) -> bool:
    return g.zone(g.find(card)) == "expel pile"


# -- Schemes ---------------------------------------------------------------------------------------


def test_lockdown_exhausts_every_enemy_student_costing_two_or_less(bundled):
    g = scenario(
        """
        p0: idol raj | rep 4 | hand lockdown | class kendo novice
        p1: idol amyba | class benchwarmer, sentai yellow, sentai blue, sculptor
        """,
        bundled,
    )
    g.play("play Lockdown paying Reputation")
    pass_windows(g)
    assert g.rep(0) == 0
    assert g.exhausted(g.find("benchwarmer"))  # cost 1
    assert g.exhausted(g.find("sentai yellow"))  # cost 2
    assert not g.exhausted(g.find("sentai blue"))  # cost 3
    assert not g.exhausted(g.find("sculptor"))  # cost 4
    assert not g.exhausted(g.find("kendo novice"))  # an ally, cost 1
    assert "Lockdown" in g.names_in("trash")


def test_cleanup_duty_puts_a_courtyard_student_under_the_school_and_draws(bundled):
    g = scenario(
        """
        p0: idol raj | rep 0 | hand cleanup duty
        p1: idol amyba
        courtyard: sculptor, benchwarmer, kendo novice, space cadet, sentai blue, sentai yellow
        school: dojo senpai
        library: scholarship
        """,
        bundled,
    )
    g.play("play Cleanup Duty paying Reputation")
    assert sorted(names(g)) == [
        "target Benchwarmer",
        "target Kendo Novice",
        "target Sculptor",
        "target Sentai Blue",
        "target Sentai Yellow",
        "target Space Cadet",
    ]
    g.play("target Sculptor")
    pass_windows(g)
    assert g.zone(g.find("sculptor")) == "school"
    # the Courtyard is refilled from the top of the School, not with the Student put under it
    assert g.zone(g.find("dojo senpai")) == "courtyard"
    assert len(g.cards_in("courtyard")) == 6
    assert g.names_in("hand", 0) == ["Scholarship"]
    assert "Cleanup Duty" in g.names_in("trash")


def test_sabotage_deals_two_damage_expelling_a_defense_two_student(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand sabotage
        p1: idol amyba | class benchwarmer, space cadet
        """,
        bundled,
    )
    g.play("play Sabotage paying Reputation")
    assert sorted(names(g)) == ["target Benchwarmer", "target Space Cadet"]
    g.play("target Benchwarmer")
    pass_windows(g)
    assert expelled(g, "benchwarmer")
    assert not g.exhausted(g.find("space cadet"))
    assert g.rep(0) == 0


def test_sabotage_exhausts_a_student_with_more_defense_than_two(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand sabotage
        p1: idol amyba | class space cadet
        """,
        bundled,
    )
    g.play("play Sabotage paying Reputation")
    g.play("target Space Cadet")
    pass_windows(g)
    assert in_class(g, "space cadet", 1) and g.exhausted(g.find("space cadet"))


def test_prank_call_deals_three_damage_to_the_enemy_idol(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | rep 2 | hand prank call
        p1: idol amyba | merit 10 | class sculptor
        """,
        bundled,
    )
    g.play("play Prank Call paying Reputation")
    assert names(g) == ["target AMYBA"]  # an Idol, even with a ready Student in its Class
    g.play("target AMYBA")
    pass_windows(g)
    assert (g.merit(0), g.merit(1)) == (10, 7)
    assert not g.exhausted(g.find("amyba"))


def test_training_camp_gives_plus_one_combat_and_plus_two_defense(bundled):
    # Benchwarmer 1/2 becomes 2/4: it expels Rocket Enthusiast (3/2) and survives its 3 damage
    g = scenario(
        """
        p0: idol raj | rep 3 | hand training camp | class benchwarmer
        p1: idol amyba | class rocket enthusiast
        """,
        bundled,
    )
    g.play("play Training Camp paying Reputation")
    assert names(g) == ["target Benchwarmer"]
    g.play("target Benchwarmer")
    pass_windows(g)
    g.fight("Benchwarmer", "Rocket Enthusiast")
    assert expelled(g, "rocket enthusiast")
    assert in_class(g, "benchwarmer", 0) and g.exhausted(g.find("benchwarmer"))


def test_training_camp_lasts_beyond_the_turn(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand training camp | class benchwarmer
        p1: idol amyba | class rocket enthusiast
        library: scholarship, study session, detention
        """,
        bundled,
    )
    g.play("play Training Camp paying Reputation")
    g.play("target Benchwarmer")
    pass_windows(g)
    end_turn(g)  # p0's turn ends
    assert g.active == 1
    end_turn(g)  # p1's turn ends
    assert g.active == 0 and g.decision == "plan"
    g.fight("Benchwarmer", "Rocket Enthusiast")
    assert expelled(g, "rocket enthusiast")
    assert in_class(g, "benchwarmer", 0)


def test_dress_code_check_exhausts_every_enemy_delinquent(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand dress code check | class karaoke fiend
        p1: idol amyba | class rocket enthusiast, back alley brawler, sentai blue, benchwarmer
        """,
        bundled,
    )
    g.play("play Dress Code Check paying Reputation")
    pass_windows(g)
    assert g.exhausted(g.find("rocket enthusiast"))
    assert g.exhausted(g.find("back alley brawler"))
    assert not g.exhausted(g.find("sentai blue"))  # paragon
    assert not g.exhausted(g.find("benchwarmer"))  # neutral
    assert not g.exhausted(g.find("karaoke fiend"))  # an ally delinquent
    assert g.rep(0) == 0


def test_objection_cancels_a_scheme_being_played(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | rep 2 | hand prank call
        p1: idol amyba | merit 10 | rep 2 | hand objection
        """,
        bundled,
    )
    g.play("play Prank Call paying Reputation")
    g.play("target AMYBA")
    assert g.current_player() == 1 and g.decision == "priority"
    g.play("play Objection! paying Reputation")
    assert names(g) == ["target Prank Call"]
    g.play("target Prank Call")
    pass_windows(g)
    assert g.merit(1) == 10  # the Prank Call did nothing
    assert (g.rep(0), g.rep(1)) == (0, 0)
    assert sorted(g.names_in("trash")) == ["Objection!", "Prank Call"]
    assert g.decision == "plan" and g.current_player() == 0


def test_bodyguard_prevents_three_fight_damage_to_an_ally_student(bundled):
    # Sculptor (4) into Space Cadet (Defense 4): 3 prevented, 1 exhausts instead of expelling
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | rep 1 | hand bodyguard | class space cadet
        """,
        bundled,
    )
    declare(g, "Sculptor", "Space Cadet")
    assert g.current_player() == 1 and g.decision == "priority"
    g.play("play Bodyguard paying Reputation")
    assert names(g) == ["target Space Cadet"]
    g.play("target Space Cadet")
    pass_fight(g)
    assert in_class(g, "space cadet", 1) and g.exhausted(g.find("space cadet"))
    assert g.rep(1) == 0


def test_bodyguard_cannot_be_played_outside_a_fight(bundled):
    g = scenario(
        """
        p0: idol raj | rep 1 | hand bodyguard | class space cadet
        p1: idol amyba
        """,
        bundled,
    )
    assert not any("Bodyguard" in n for n in names(g))


def test_adrenaline_rush_gives_an_ally_in_the_fight_plus_two_combat(bundled):
    # Kendo Novice (1) + 2 = 3 expels Sentai Yellow (Defense 3)
    g = scenario(
        """
        p0: idol raj | rep 1 | hand adrenaline rush | class kendo novice, benchwarmer
        p1: idol amyba | class sentai yellow
        """,
        bundled,
    )
    declare(g, "Kendo Novice", "Sentai Yellow")
    assert g.current_player() == 0 and g.decision == "priority"
    g.play("play Adrenaline Rush paying Reputation")
    assert names(g) == ["target Kendo Novice"]  # Benchwarmer is not in the fight
    g.play("target Kendo Novice")
    pass_fight(g)
    assert expelled(g, "sentai yellow")


def test_stand_firm_gives_an_ally_in_the_fight_plus_three_defense(bundled):
    # Benchwarmer (Defense 2 + 3 = 5) survives Sculptor's 4 damage
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | rep 1 | hand stand firm | class benchwarmer, space cadet
        """,
        bundled,
    )
    declare(g, "Sculptor", "Benchwarmer")
    g.play("play Stand Firm paying Reputation")
    assert names(g) == ["target Benchwarmer"]  # Space Cadet is not in the fight
    g.play("target Benchwarmer")
    pass_fight(g)
    assert in_class(g, "benchwarmer", 1) and g.exhausted(g.find("benchwarmer"))


def test_cheap_shot_gives_an_enemy_in_the_fight_minus_two_combat(bundled):
    # Sculptor (4 - 2 = 2) only exhausts Space Cadet (Defense 4)
    g = scenario(
        """
        p0: idol raj | class sculptor, dojo senpai
        p1: idol amyba | rep 2 | hand cheap shot | class space cadet
        """,
        bundled,
    )
    declare(g, "Sculptor", "Space Cadet")
    g.play("play Cheap Shot paying Reputation")
    assert names(g) == ["target Sculptor"]  # Dojo Senpai is not in the fight
    g.play("target Sculptor")
    pass_fight(g)
    assert in_class(g, "space cadet", 1) and g.exhausted(g.find("space cadet"))


def test_cheap_shot_can_target_an_enemy_idol_in_the_fight(bundled):
    # Kumara RAJ (Combat 2 - 2 = 0) attacks AMYBA: no Merit lost
    g = scenario(
        """
        p0: idol raj | merit 18
        p1: idol amyba | merit 10 | rep 2 | hand cheap shot
        """,
        bundled,
    )
    declare(g, "Kumara RAJ", "AMYBA")
    g.play("play Cheap Shot paying Reputation")
    assert names(g) == ["target Kumara RAJ"]
    g.play("target Kumara RAJ")
    pass_fight(g)
    assert g.merit(1) == 10
    assert g.merit(0) == 17  # AMYBA's Combat 1 still lands


def test_tripwire_exhausts_a_ready_enemy_student(bundled):
    g = scenario(
        """
        p0: idol raj | rep 1 | hand tripwire | class kendo novice
        p1: idol amyba | class benchwarmer, sculptor(exhausted)
        """,
        bundled,
    )
    g.play("play Tripwire paying Reputation")
    assert names(g) == ["target Benchwarmer"]  # ready enemies only
    g.play("target Benchwarmer")
    pass_windows(g)
    assert g.exhausted(g.find("benchwarmer"))
    assert not g.exhausted(g.find("kendo novice"))


def test_tripwire_in_an_enemy_turn_stops_a_fight_leader_from_dealing_damage(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | rep 1 | hand tripwire | class space cadet
        """,
        bundled,
    )
    declare(g, "Sculptor", "Space Cadet")
    g.play("play Tripwire paying Reputation")
    g.play("target Sculptor")
    pass_fight(g)
    assert g.exhausted(g.find("sculptor"))
    # an exhausted leader deals no damage: Space Cadet is untouched
    assert in_class(g, "space cadet", 1) and not g.exhausted(g.find("space cadet"))


def test_rally_cry_gives_each_ally_in_the_fight_plus_one_combat(bundled):
    # Sculptor (4+1) + Benchwarmer (1+1) = 7 expels Dojo Senpai (Defense 6)
    g = scenario(
        """
        p0: idol raj | rep 2 | hand rally cry | class sculptor, benchwarmer
        p1: idol amyba | class dojo senpai
        """,
        bundled,
    )
    declare(g, "Sculptor", "Dojo Senpai")
    g.play("pass")  # Set!: the attacker holds priority first
    g.play("support the attack with Benchwarmer")
    g.play("pass")  # AMYBA does not support the defense
    assert g.current_player() == 0 and g.decision == "priority"
    g.play("play Rally Cry paying Reputation")
    pass_fight(g)
    assert expelled(g, "dojo senpai")
    assert g.rep(0) == 0


def test_food_fight_deals_one_damage_to_every_student_in_the_fight(bundled):
    # Karaoke Fiend (Defense 1) is expelled before Fight!, so it never deals its 2 damage;
    # Benchwarmer (Defense 2) takes 1 and is exhausted; Rooftop Slacker is not in the fight
    g = scenario(
        """
        p0: idol raj | rep 2 | hand food fight | class benchwarmer
        p1: idol amyba | merit 10 | class karaoke fiend, rooftop slacker
        """,
        bundled,
    )
    declare(g, "Benchwarmer", "Karaoke Fiend")
    assert g.current_player() == 0 and g.decision == "priority"
    g.play("play Food Fight paying Reputation")
    pass_fight(g)
    assert expelled(g, "karaoke fiend")
    assert in_class(g, "benchwarmer", 0) and g.exhausted(g.find("benchwarmer"))
    assert in_class(g, "rooftop slacker", 1) and not g.exhausted(g.find("rooftop slacker"))
    assert g.attack_token(g.find("benchwarmer"))
    assert g.merit(1) == 10 and g.rep(0) == 0


def test_insurance_policy_prevents_three_damage_to_your_idol(bundled):
    # Sculptor deals 4 to AMYBA: 3 are prevented
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | merit 10 | rep 1 | hand insurance policy
        """,
        bundled,
    )
    declare(g, "Sculptor", "AMYBA")
    g.play("play Insurance Policy paying Reputation")
    assert names(g) == ["target AMYBA"]
    g.play("target AMYBA")
    pass_fight(g)
    assert g.merit(1) == 9


def test_insurance_policy_prevents_scheme_damage_outside_a_fight(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2 | hand prank call
        p1: idol amyba | merit 10 | rep 1 | hand insurance policy
        """,
        bundled,
    )
    g.play("play Prank Call paying Reputation")
    g.play("target AMYBA")
    assert g.current_player() == 1
    g.play("play Insurance Policy paying Reputation")
    g.play("target AMYBA")
    pass_windows(g)
    assert g.merit(1) == 10  # all 3 damage prevented
    assert sorted(g.names_in("trash")) == ["Insurance Policy", "Prank Call"]


def test_insurance_policy_is_used_up_by_the_first_three_damage(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2 | hand prank call | class sculptor
        p1: idol amyba | merit 10 | rep 1 | hand insurance policy
        """,
        bundled,
    )
    g.play("play Prank Call paying Reputation")
    g.play("target AMYBA")
    g.play("play Insurance Policy paying Reputation")
    g.play("target AMYBA")
    pass_windows(g)
    assert g.merit(1) == 10
    g.fight("Sculptor", "AMYBA")
    assert g.merit(1) == 6  # the shield is spent: Sculptor's 4 land in full


def test_insurance_policy_lasts_until_end_of_turn_not_end_of_fight(bundled):
    # played during a fight that never reaches AMYBA, it still stops a Prank Call afterwards
    g = scenario(
        """
        p0: idol raj | rep 2 | hand prank call | class sculptor
        p1: idol amyba | merit 10 | rep 1 | hand insurance policy | class benchwarmer
        """,
        bundled,
    )
    declare(g, "Sculptor", "Benchwarmer")
    g.play("pass")  # p0 could play Prank Call in its own fight: it holds priority first
    assert g.current_player() == 1
    g.play("play Insurance Policy paying Reputation")
    g.play("target AMYBA")
    pass_fight(g)
    assert expelled(g, "benchwarmer") and g.merit(1) == 10
    g.play("play Prank Call paying Reputation")
    g.play("target AMYBA")
    pass_windows(g)
    assert g.merit(1) == 10


def test_kick_them_while_down_expels_an_exhausted_enemy_costing_three_or_less(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand kick them while | class kendo novice(exhausted)
        p1: idol amyba | class benchwarmer(exhausted), sentai yellow, sculptor(exhausted)
        """,
        bundled,
    )
    g.play("play Kick Them While They're Down paying Reputation")
    # Sentai Yellow is ready, Sculptor costs 4, Kendo Novice is an ally
    assert names(g) == ["target Benchwarmer"]
    g.play("target Benchwarmer")
    pass_windows(g)
    assert expelled(g, "benchwarmer")
    assert g.rep(0) == 0


def test_kick_them_while_down_only_during_your_turn(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand scholarship | class benchwarmer(exhausted), kendo novice
        p1: idol amyba | rep 3 | hand kick them while, tripwire
        """,
        bundled,
    )
    g.play("play Scholarship paying Reputation")
    assert g.current_player() == 1 and g.decision == "priority"
    offered = names(g)
    assert "play Tripwire paying Reputation" in offered  # a Surprise without the restriction
    assert not any("Kick Them" in n for n in offered)


def test_girls_night_out_gives_female_allies_plus_one_combat_and_defense(bundled):
    # Kendo Novice 2/3 + Benchwarmer 1 = 3 expel Sentai Yellow (2/3); Kendo survives its 2
    g = scenario(
        """
        p0: idol raj | rep 2 | hand girls night out | class kendo novice, benchwarmer
        p1: idol amyba | class sentai yellow
        """,
        bundled,
    )
    g.play("play Girls' Night Out paying Reputation")
    pass_windows(g)
    declare(g, "Kendo Novice", "Sentai Yellow")
    pass_windows(g)
    g.play("support the attack with Benchwarmer")
    pass_fight(g)
    assert expelled(g, "sentai yellow")
    assert in_class(g, "kendo novice", 0) and g.exhausted(g.find("kendo novice"))


def test_girls_night_out_does_not_help_male_students(bundled):
    # Benchwarmer (male, Defense 2) gets nothing and falls to Karaoke Fiend's 2 damage
    g = scenario(
        """
        p0: idol raj | rep 2 | hand girls night out | class benchwarmer
        p1: idol amyba | class karaoke fiend
        """,
        bundled,
    )
    g.play("play Girls' Night Out paying Reputation")
    pass_windows(g)
    g.fight("Benchwarmer", "Karaoke Fiend")
    assert expelled(g, "benchwarmer")


def test_weigh_in_exhausts_every_enemy_student_with_combat_four_or_more(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand weigh in | class back alley brawler
        p1: idol amyba | class sculptor, dojo senpai, rocket enthusiast, sentai yellow
        """,
        bundled,
    )
    g.play("play Weigh-In paying Reputation")
    pass_windows(g)
    assert g.exhausted(g.find("sculptor"))  # Combat 4
    assert g.exhausted(g.find("dojo senpai"))  # Combat 5
    assert not g.exhausted(g.find("rocket enthusiast"))  # Combat 3
    assert not g.exhausted(g.find("sentai yellow"))  # Combat 2
    assert not g.exhausted(g.find("back alley brawler"))  # an ally, Combat 4
    assert g.rep(0) == 0


def test_flu_season_damages_each_enemy_student_with_defense_two_or_less(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand flu season | class kendo novice
        p1: idol amyba | class karaoke fiend, benchwarmer, space cadet
        """,
        bundled,
    )
    g.play("play Flu Season paying Reputation")
    pass_windows(g)
    assert expelled(g, "karaoke fiend")  # Defense 1
    assert in_class(g, "benchwarmer", 1) and g.exhausted(g.find("benchwarmer"))  # Defense 2
    assert not g.exhausted(g.find("space cadet"))  # Defense 4
    assert not g.exhausted(g.find("kendo novice"))  # an ally
    assert g.rep(0) == 0


def test_emergency_fund_gains_two_merit(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | rep 0 | hand emergency fund
        p1: idol amyba | merit 10
        """,
        bundled,
    )
    g.play("play Emergency Fund paying Reputation")
    pass_windows(g)
    assert (g.merit(0), g.merit(1)) == (12, 10)
    assert "Emergency Fund" in g.names_in("trash")


def test_emergency_fund_in_an_enemy_turn(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2 | hand scholarship
        p1: idol amyba | merit 10 | hand emergency fund
        """,
        bundled,
    )
    g.play("play Scholarship paying Reputation")
    g.play("play Emergency Fund paying Reputation")
    pass_windows(g)
    assert g.merit(1) == 12


# -- Council Students ------------------------------------------------------------------------------


def test_hall_monitor_exhausts_an_enemy_student_costing_two_or_less(bundled):
    g = scenario(
        """
        p0: idol raj | class hall monitor
        p1: idol amyba | class benchwarmer, sculptor
        """,
        bundled,
    )
    g.play("activate Hall Monitor")
    assert names(g) == ["target Benchwarmer"]  # Sculptor costs 4
    g.play("target Benchwarmer")
    pass_windows(g)
    assert g.exhausted(g.find("hall monitor"))
    assert g.exhausted(g.find("benchwarmer"))
    assert not g.exhausted(g.find("sculptor"))
    assert not any("activate Hall Monitor" in n for n in names(g))


def test_hall_monitor_only_during_your_turn(bundled):
    g = scenario(
        """
        active p1
        p0: idol raj | class hall monitor | hand emergency fund
        p1: idol amyba | rep 2 | hand scholarship | class benchwarmer
        """,
        bundled,
    )
    g.play("play Scholarship paying Reputation")
    assert g.current_player() == 0 and g.decision == "priority"
    offered = names(g)
    assert "play Emergency Fund paying Reputation" in offered
    assert not any("Hall Monitor" in n for n in offered)


def test_council_treasurer_gains_one_rep_at_start_of_turn_below_three(bundled):
    # TOUKA gains 2 in Start Phase step 3: 0 + 2 = 2 < 3, so the Treasurer adds 1
    g = scenario(
        """
        phase start
        p0: idol touka | rep 0 | class council treasurer
        p1: idol amyba
        library: scholarship
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan" and g.active == 0
    assert g.rep(0) == 3


def test_council_treasurer_does_nothing_at_three_rep_or_more(bundled):
    g = scenario(
        """
        phase start
        p0: idol touka | rep 1 | class council treasurer
        p1: idol amyba
        library: scholarship
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan" and g.active == 0
    assert g.rep(0) == 3


def test_council_secretary_draws_a_scheme_when_it_joins(bundled):
    g = scenario(
        """
        p0: idol raj | hallway council secretary
        p1: idol amyba
        library: scholarship, study session
        """,
        bundled,
    )
    assert g.names_in("hand", 0) == []
    end_turn(g)
    assert in_class(g, "council secretary", 0)
    assert g.names_in("hand", 0) == ["Scholarship"]


def test_council_vice_president_gives_other_paragon_allies_plus_one_defense(bundled):
    # Kendo Novice (paragon, Defense 2 + 1 = 3) survives Karaoke Fiend's 2 damage
    g = scenario(
        """
        p0: idol raj | class council vice president, kendo novice
        p1: idol amyba | class karaoke fiend
        """,
        bundled,
    )
    g.fight("Kendo Novice", "Karaoke Fiend")
    assert expelled(g, "karaoke fiend")
    assert in_class(g, "kendo novice", 0) and g.exhausted(g.find("kendo novice"))


def test_council_vice_president_does_not_help_neutral_students(bundled):
    # Benchwarmer (neutral, Defense 2) is expelled by Karaoke Fiend's 2 damage
    g = scenario(
        """
        p0: idol raj | class council vice president, benchwarmer
        p1: idol amyba | class karaoke fiend
        """,
        bundled,
    )
    g.fight("Benchwarmer", "Karaoke Fiend")
    assert expelled(g, "benchwarmer")


def test_disciplinary_officer_gives_enemy_delinquents_minus_one_defense(bundled):
    # Back-Alley Brawler (Defense 3 + 1 this turn = 4, then - 1) is expelled by Combat 3
    g = scenario(
        """
        p0: idol raj | class disciplinary officer
        p1: idol amyba | class back alley brawler(+1 defense)
        """,
        bundled,
    )
    g.fight("Disciplinary Officer", "Back-Alley Brawler")
    assert expelled(g, "back alley brawler")


def test_disciplinary_officer_leaves_non_delinquents_alone(bundled):
    # Space Cadet (neutral, Defense 4) is only exhausted by Combat 3
    g = scenario(
        """
        p0: idol raj | class disciplinary officer
        p1: idol amyba | class space cadet
        """,
        bundled,
    )
    g.fight("Disciplinary Officer", "Space Cadet")
    assert in_class(g, "space cadet", 1) and g.exhausted(g.find("space cadet"))


# -- Sports Students -------------------------------------------------------------------------------


def test_benchwarmer_combat_one_exhausts_a_defense_two_student(bundled):
    # Benchwarmer (1/2) and Kendo Novice (1/2) each take 1: both exhausted, neither expelled
    g = scenario(
        """
        p0: idol raj | class benchwarmer
        p1: idol amyba | class kendo novice
        """,
        bundled,
    )
    g.fight("Benchwarmer", "Kendo Novice")
    assert in_class(g, "kendo novice", 1) and g.exhausted(g.find("kendo novice"))
    assert in_class(g, "benchwarmer", 0) and g.exhausted(g.find("benchwarmer"))


def test_benchwarmer_expels_a_defense_one_student_and_falls_to_two_damage(bundled):
    # Benchwarmer's 1 expels Karaoke Fiend (2/1); Karaoke Fiend's 2 reach Defense 2
    g = scenario(
        """
        p0: idol raj | class benchwarmer
        p1: idol amyba | class karaoke fiend
        """,
        bundled,
    )
    g.fight("Benchwarmer", "Karaoke Fiend")
    assert expelled(g, "karaoke fiend")
    assert expelled(g, "benchwarmer")


def test_track_ace_gets_plus_one_combat_when_it_attacks(bundled):
    # Track Ace (2 + 1) expels Sentai Yellow (Defense 3)
    g = scenario(
        """
        p0: idol raj | class track ace
        p1: idol amyba | class sentai yellow
        """,
        bundled,
    )
    g.fight("Track Ace", "Sentai Yellow")
    assert expelled(g, "sentai yellow")


def test_track_ace_gets_no_bonus_when_it_defends(bundled):
    # Sentai Yellow attacks Track Ace: Track Ace's 2 only exhausts Sentai Yellow (Defense 3)
    g = scenario(
        """
        active p1
        p0: idol raj | class track ace
        p1: idol amyba | class sentai yellow
        """,
        bundled,
    )
    g.fight("Sentai Yellow", "Track Ace")
    assert expelled(g, "track ace")
    assert in_class(g, "sentai yellow", 1) and g.exhausted(g.find("sentai yellow"))


def test_goalkeeper_gets_plus_two_defense_when_it_defends(bundled):
    # Sculptor's 4 damage does not expel Goalkeeper (Defense 4 + 2)
    g = scenario(
        """
        active p1
        p0: idol raj | class goalkeeper
        p1: idol amyba | class sculptor
        """,
        bundled,
    )
    g.fight("Sculptor", "Goalkeeper")
    assert in_class(g, "goalkeeper", 0) and g.exhausted(g.find("goalkeeper"))


def test_goalkeeper_gets_no_bonus_when_it_attacks(bundled):
    # Goalkeeper (Defense 4) leads into Sculptor and is expelled by its 4 damage
    g = scenario(
        """
        p0: idol raj | class goalkeeper
        p1: idol amyba | class sculptor
        """,
        bundled,
    )
    g.fight("Goalkeeper", "Sculptor")
    assert expelled(g, "goalkeeper")


def test_relay_anchor_pays_two_rep_to_remove_its_attack_token(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5 | class relay anchor(attacked)
        p1: idol amyba | class benchwarmer, kendo novice
        """,
        bundled,
    )
    assert "fight: Relay Anchor leads" not in names(g)
    g.play("activate Relay Anchor")
    pass_windows(g)
    assert g.rep(0) == 3
    assert not g.attack_token(g.find("relay anchor"))
    assert "fight: Relay Anchor leads" in names(g)
    g.fight("Relay Anchor", "Benchwarmer")
    assert expelled(g, "benchwarmer")
    assert g.attack_token(g.find("relay anchor"))
    # once per turn: not offered again, though it carries a token and 3 Reputation are left
    assert g.rep(0) == 3
    assert not any("activate Relay Anchor" in n for n in names(g))


def test_team_captain_gives_other_sports_allies_plus_one_combat(bundled):
    # Benchwarmer (Sports, 1 + 1) expels Kendo Novice (Defense 2)
    g = scenario(
        """
        p0: idol raj | class team captain, benchwarmer
        p1: idol amyba | class kendo novice
        """,
        bundled,
    )
    g.fight("Benchwarmer", "Kendo Novice")
    assert expelled(g, "kendo novice")


def test_team_captain_does_not_help_other_clubs(bundled):
    # Kendo Novice (Martial Arts, 1) only exhausts Benchwarmer (Defense 2)
    g = scenario(
        """
        p0: idol raj | class team captain, kendo novice
        p1: idol amyba | class benchwarmer
        """,
        bundled,
    )
    g.fight("Kendo Novice", "Benchwarmer")
    assert in_class(g, "benchwarmer", 1) and g.exhausted(g.find("benchwarmer"))
