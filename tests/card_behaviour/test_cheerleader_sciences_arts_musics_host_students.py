"""Per-card scenarios: Cheerleader, Sciences, Arts, Musics and Host Students (set B).

Each test sets up a small position, makes the card's ability happen through the public API and
checks exactly what it does. Kumara RAJ and AMYBA are the Idols wherever their own abilities
(RAJ: +1 Merit at the end of a turn with 3+ Students; AMYBA: cheaper recruits at the start of a
turn with at most 1 Student) cannot interfere.
"""

from __future__ import annotations

from avarium.simulator.game.scenario import scenario

from tests.helpers import end_turn, names, pass_fight, pass_windows


def activations(g, card: str) -> list[str]:
    return [n for n in names(g) if n.startswith(f"activate {card}")]


# -- Cheerleader ---------------------------------------------------------------------------------


def test_team_mascot_expelled_draws_a_scheme_for_its_controller(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class team mascot
        library: scholarship, study session
        """,
        bundled,
    )
    assert g.names_in("hand", 1) == []
    g.fight("Sculptor", "Team Mascot")
    assert "Team Mascot" in g.names_in("expel pile")
    assert g.names_in("hand", 1) == ["Scholarship"]  # the top of the Library
    assert g.names_in("hand", 0) == []
    assert not g.exhausted(g.find("sculptor"))  # Combat 0: nothing dealt back


def test_team_mascot_exhausted_but_not_expelled_draws_nothing(bundled):
    g = scenario(
        """
        p0: idol raj | class benchwarmer
        p1: idol amyba | class team mascot
        library: scholarship
        """,
        bundled,
    )
    g.fight("Benchwarmer", "Team Mascot")  # 1 damage < Defense 2
    assert g.zone(g.find("team mascot")) == "class" and g.exhausted(g.find("team mascot"))
    assert g.names_in("hand", 1) == []


def test_pep_squad_rookie_exhaust_gives_a_fighting_ally_plus_one_combat(bundled):
    # Karaoke Fiend (Combat 2) + 1 expels Back-Alley Brawler (Defense 3)
    g = scenario(
        """
        p0: idol raj | class karaoke fiend, pep squad rookie
        p1: idol amyba | class back alley brawler
        """,
        bundled,
    )
    assert activations(g, "Pep Squad Rookie") == []  # only in a fight
    g.play("fight: Karaoke Fiend leads")
    g.play("attack Back-Alley Brawler")
    while not activations(g, "Pep Squad Rookie"):
        g.play("pass")
    assert g.current_player() == 0
    g.play("activate Pep Squad Rookie")
    assert names(g) == ["target Karaoke Fiend"]  # the Rookie itself is not in the fight
    g.play("target Karaoke Fiend")
    pass_fight(g)
    assert g.exhausted(g.find("pep squad rookie"))
    assert "Back-Alley Brawler" in g.names_in("expel pile")


def test_pep_squad_rookie_not_used_the_target_only_gets_exhausted(bundled):
    g = scenario(
        """
        p0: idol raj | class karaoke fiend, pep squad rookie
        p1: idol amyba | class back alley brawler
        """,
        bundled,
    )
    g.fight("Karaoke Fiend", "Back-Alley Brawler")
    assert g.zone(g.find("back alley brawler")) == "class"
    assert g.exhausted(g.find("back alley brawler"))


def test_flyer_defending_prevents_the_first_point_of_damage(bundled):
    # AMYBA (Combat 1) attacks Flyer (Defense 1): the 1 damage is prevented
    g = scenario(
        """
        p0: idol amyba | merit 20
        p1: idol raj | class flyer
        """,
        bundled,
    )
    g.fight("AMYBA", "Flyer")
    flyer = g.find("flyer")
    assert g.zone(flyer) == "class" and not g.exhausted(flyer)
    assert g.merit(0) == 18  # Flyer's Combat 2 still hits AMYBA


def test_flyer_attacking_gets_no_prevention(bundled):
    g = scenario(
        """
        p0: idol raj | class flyer
        p1: idol amyba | class benchwarmer
        """,
        bundled,
    )
    g.fight("Flyer", "Benchwarmer")  # Benchwarmer's 1 damage reaches Defense 1
    assert "Flyer" in g.names_in("expel pile")
    assert "Benchwarmer" in g.names_in("expel pile")


def test_hype_girl_scheme_played_gives_target_ally_plus_one_combat(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | rep 2 | class hype girl, karaoke fiend | hand scholarship
        p1: idol amyba | class back alley brawler
        """,
        bundled,
    )
    g.play("play Scholarship paying Reputation")
    while g.decision == "priority":
        g.play("pass")
    assert g.decision == "target" and g.current_player() == 0
    assert sorted(names(g)) == ["target Hype Girl", "target Karaoke Fiend"]
    g.play("target Karaoke Fiend")
    pass_windows(g)
    assert g.merit(0) == 14
    # Karaoke Fiend now has Combat 3: it expels Back-Alley Brawler (Defense 3)
    g.fight("Karaoke Fiend", "Back-Alley Brawler")
    assert "Back-Alley Brawler" in g.names_in("expel pile")


def test_cheer_captain_gives_other_cheerleaders_plus_one_combat_and_defense(bundled):
    # Pep Squad Rookie 1/1 becomes 2/2: it expels Benchwarmer (1/2) and survives its 1 damage
    g = scenario(
        """
        p0: idol raj | class cheer captain, pep squad rookie
        p1: idol amyba | class benchwarmer
        """,
        bundled,
    )
    g.fight("Pep Squad Rookie", "Benchwarmer")
    assert "Benchwarmer" in g.names_in("expel pile")
    rookie = g.find("pep squad rookie")
    assert g.zone(rookie) == "class" and g.exhausted(rookie)


def test_cheer_captain_does_not_boost_other_clubs(bundled):
    # Kendo Novice (Martial Arts, 1/2) gets nothing: Benchwarmer (Defense 2) is only exhausted
    g = scenario(
        """
        p0: idol raj | class cheer captain, kendo novice
        p1: idol amyba | class benchwarmer
        """,
        bundled,
    )
    g.fight("Kendo Novice", "Benchwarmer")
    bench = g.find("benchwarmer")
    assert g.zone(bench) == "class" and g.exhausted(bench)


# -- Sciences ------------------------------------------------------------------------------------


def test_record_o_matic_exhaust_gains_three_merit(bundled):
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
    assert activations(g, "Record-O-Matic") == []


def test_lab_assistant_exhaust_draws_a_scheme_on_your_turn(bundled):
    g = scenario(
        """
        p0: idol raj | class lab assistant
        p1: idol amyba
        library: scholarship, study session
        """,
        bundled,
    )
    g.play("activate Lab Assistant")
    pass_windows(g)
    assert g.names_in("hand", 0) == ["Scholarship"]
    assert g.exhausted(g.find("lab assistant"))
    assert activations(g, "Lab Assistant") == []


def test_lab_assistant_cannot_be_used_in_an_enemy_turn(bundled):
    g = scenario(
        """
        active p1
        p0: idol raj | class lab assistant | hand emergency fund
        p1: idol amyba | rep 5 | hand study session
        """,
        bundled,
    )
    g.play("play Study Session paying Reputation")
    assert g.decision == "priority" and g.current_player() == 0
    assert "play Emergency Fund paying Reputation" in names(g)
    assert activations(g, "Lab Assistant") == []


def test_chemistry_prodigy_deals_two_damage_expelling_a_defense_two_student(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | class chemistry prodigy
        p1: idol amyba | class benchwarmer, space cadet
        """,
        bundled,
    )
    g.play("activate Chemistry Prodigy")
    assert sorted(names(g)) == ["target Benchwarmer", "target Space Cadet"]  # enemy Students
    g.play("target Benchwarmer")
    pass_windows(g)
    assert "Benchwarmer" in g.names_in("expel pile")
    assert g.rep(0) == 1
    assert g.exhausted(g.find("chemistry prodigy"))


def test_chemistry_prodigy_two_damage_only_exhausts_a_sturdier_student(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2 | class chemistry prodigy
        p1: idol amyba | class space cadet
        """,
        bundled,
    )
    g.play("activate Chemistry Prodigy")
    g.play("target Space Cadet")
    pass_windows(g)
    cadet = g.find("space cadet")
    assert g.zone(cadet) == "class" and g.exhausted(cadet)  # 2 damage < Defense 4
    assert g.rep(0) == 0


def test_chemistry_prodigy_needs_two_reputation(bundled):
    g = scenario(
        """
        p0: idol raj | rep 1 | class chemistry prodigy
        p1: idol amyba | class benchwarmer
        """,
        bundled,
    )
    assert activations(g, "Chemistry Prodigy") == []


def test_theory_club_nerd_scheme_played_gains_one_merit(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | rep 2 | class theory club nerd | hand scholarship
        p1: idol amyba | merit 10
        """,
        bundled,
    )
    g.play("play Scholarship paying Reputation")
    pass_windows(g)
    assert (g.merit(0), g.merit(1)) == (15, 10)  # 4 from Scholarship, 1 from the Nerd


def test_theory_club_nerd_ignores_an_enemy_scheme(bundled):
    g = scenario(
        """
        active p1
        p0: idol raj | merit 10 | class theory club nerd
        p1: idol amyba | merit 10 | rep 2 | hand scholarship
        """,
        bundled,
    )
    g.play("play Scholarship paying Reputation")
    pass_windows(g)
    assert (g.merit(0), g.merit(1)) == (10, 14)


def test_robotics_tinkerer_draws_when_the_hand_is_empty_at_start_of_turn(bundled):
    # The Start Phase draws Emergency Fund; played at once, the hand is empty when the turn's
    # "on start of turn" abilities trigger, so the Tinkerer draws Scholarship.
    g = scenario(
        """
        turn 5 | active p0 | phase start
        p0: idol raj | merit 10 | rep 0 | class robotics tinkerer
        p1: idol amyba
        library: emergency fund, scholarship
        """,
        bundled,
    )
    while "play Emergency Fund paying Reputation" not in names(g):
        g.play("pass")
    g.play("play Emergency Fund paying Reputation")
    pass_windows(g)
    assert g.decision == "plan"
    assert g.names_in("hand", 0) == ["Scholarship"]
    assert g.merit(0) == 12


def test_robotics_tinkerer_draws_nothing_with_a_scheme_in_hand(bundled):
    g = scenario(
        """
        turn 5 | active p0 | phase start
        p0: idol raj | rep 0 | class robotics tinkerer
        p1: idol amyba
        library: emergency fund, scholarship
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan"
    assert g.names_in("hand", 0) == ["Emergency Fund"]  # only the Start Phase draw


# -- Arts ----------------------------------------------------------------------------------------


def test_art_critic_joining_makes_the_enemy_trash_a_scheme(bundled):
    g = scenario(
        """
        p0: idol raj | hallway art critic
        p1: idol amyba | hand scholarship, rumour mill
        library: study session
        """,
        bundled,
    )
    pass_windows(g)
    g.play("end turn")
    while g.decision == "priority":
        g.play("pass")
    assert g.decision == "target player" and g.current_player() == 0
    assert names(g) == ["target player 1 (AMYBA)"]
    g.play("target player 1")
    pass_windows(g)
    assert g.decision == "trash" and g.current_player() == 1
    assert sorted(names(g)) == ["trash Rumour Mill", "trash Scholarship"]
    g.play("trash Rumour Mill")
    pass_windows(g)
    assert g.names_in("trash") == ["Rumour Mill"]
    assert "Art Critic" in g.names_in("class", 0)
    # p1's turn began with its Start Phase draw
    assert sorted(g.names_in("hand", 1)) == ["Scholarship", "Study Session"]


def test_portrait_painter_joining_gains_merit_per_arts_student(bundled):
    # Sculptor and Drama Queen are Arts, and so is the Painter itself: 3 Merit
    g = scenario(
        """
        p0: idol amyba | merit 10 | class sculptor, drama queen, space cadet
            | hallway portrait painter
        p1: idol raj | merit 10
        """,
        bundled,
    )
    end_turn(g)
    assert "Portrait Painter" in g.names_in("class", 0)
    assert (g.merit(0), g.merit(1)) == (13, 10)


def test_portrait_painter_alone_counts_itself(bundled):
    g = scenario(
        """
        p0: idol amyba | merit 10 | class space cadet | hallway portrait painter
        p1: idol raj | merit 10
        """,
        bundled,
    )
    end_turn(g)
    assert g.merit(0) == 11


def test_sculptor_combat_four_defense_five(bundled):
    # Sculptor (4/5) expels Back-Alley Brawler (4/3) and survives its 4 damage, exhausted
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class back alley brawler
        """,
        bundled,
    )
    g.fight("Sculptor", "Back-Alley Brawler")
    assert "Back-Alley Brawler" in g.names_in("expel pile")
    sculptor = g.find("sculptor")
    assert g.zone(sculptor) == "class" and g.exhausted(sculptor)


def test_sculptor_combat_four_expels_a_defense_four_student(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class space cadet
        """,
        bundled,
    )
    g.fight("Sculptor", "Space Cadet")
    assert "Space Cadet" in g.names_in("expel pile")
    sculptor = g.find("sculptor")
    assert g.zone(sculptor) == "class" and g.exhausted(sculptor)  # 1 damage < 5


def test_sculptor_is_expelled_by_five_damage(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | class dojo senpai
        """,
        bundled,
    )
    g.fight("Sculptor", "Dojo Senpai")  # Senpai's Combat 5 reaches Sculptor's Defense 5
    assert "Sculptor" in g.names_in("expel pile")
    senpai = g.find("dojo senpai")
    assert g.zone(senpai) == "class" and g.exhausted(senpai)  # 4 < 6


def test_drama_queen_expelled_makes_each_enemy_lose_two_merit(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | class sculptor
        p1: idol amyba | merit 10 | class drama queen
        p2: idol hojo | merit 10
        """,
        bundled,
    )
    g.fight("Sculptor", "Drama Queen")
    assert "Drama Queen" in g.names_in("expel pile")
    assert (g.merit(0), g.merit(1), g.merit(2)) == (8, 10, 8)


def test_yearbook_photographer_recruited_draws_a_scheme(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2
        p1: idol amyba
        courtyard: yearbook photographer
        library: scholarship, study session
        """,
        bundled,
    )
    g.play("recruit Yearbook Photographer")
    pass_windows(g)
    assert g.names_in("hallway", 0) == ["Yearbook Photographer"]
    assert g.names_in("hand", 0) == ["Scholarship"]
    assert g.rep(0) == 0


def test_yearbook_photographer_joining_the_class_draws_nothing(bundled):
    g = scenario(
        """
        p0: idol amyba | hallway yearbook photographer
        p1: idol raj
        library: scholarship, study session
        """,
        bundled,
    )
    end_turn(g)
    assert "Yearbook Photographer" in g.names_in("class", 0)
    assert g.names_in("hand", 0) == []
    assert g.names_in("hand", 1) == ["Scholarship"]  # p1's Start Phase draw


# -- Musics --------------------------------------------------------------------------------------


def test_karaoke_fiend_combat_two_defense_one(bundled):
    # Karaoke Fiend (2/1) and Benchwarmer (1/2) expel each other
    g = scenario(
        """
        p0: idol raj | class karaoke fiend
        p1: idol amyba | class benchwarmer
        """,
        bundled,
    )
    g.fight("Karaoke Fiend", "Benchwarmer")
    expelled = g.names_in("expel pile")
    assert "Karaoke Fiend" in expelled and "Benchwarmer" in expelled


def test_pop_trainee_end_of_turn_gains_one_merit(bundled):
    g = scenario(
        """
        p0: idol amyba | merit 10 | class pop trainee
        p1: idol raj | merit 10
        """,
        bundled,
    )
    end_turn(g)
    assert g.active == 1
    assert (g.merit(0), g.merit(1)) == (11, 10)


def test_pop_trainee_ignores_an_enemy_end_of_turn(bundled):
    g = scenario(
        """
        p0: idol amyba | merit 10
        p1: idol raj | merit 10 | class pop trainee
        """,
        bundled,
    )
    end_turn(g)
    assert (g.merit(0), g.merit(1)) == (10, 10)


def test_punk_drummer_attacking_makes_the_enemy_lose_one_rep(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | class punk drummer
        p1: idol amyba | rep 3 | class space cadet
        """,
        bundled,
    )
    g.play("fight: Punk Drummer leads")
    g.play("attack Space Cadet")
    while g.decision in ("priority", "attacker's support", "defender's support"):
        g.play("pass")  # "on attack" triggers once the parties are confirmed (ruling 24)
    assert g.decision == "target player" and names(g) == ["target player 1 (AMYBA)"]
    g.play("target player 1")
    pass_fight(g)
    assert (g.rep(0), g.rep(1)) == (3, 2)


def test_punk_drummer_defending_takes_no_rep(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | class space cadet
        p1: idol amyba | rep 3 | class punk drummer
        """,
        bundled,
    )
    g.fight("Space Cadet", "Punk Drummer")
    assert (g.rep(0), g.rep(1)) == (3, 3)


def test_violin_prodigy_start_of_turn_gains_merit_per_musics_student(bundled):
    # Violin Prodigy and Karaoke Fiend are Musics; Sculptor is not: 2 Merit
    g = scenario(
        """
        turn 5 | active p0 | phase start
        p0: idol raj | merit 10 | class violin prodigy, karaoke fiend, sculptor
        p1: idol amyba | merit 10
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan"
    assert (g.merit(0), g.merit(1)) == (12, 10)


def test_band_leader_gives_other_students_plus_one_combat(bundled):
    # Karaoke Fiend (Combat 2) + 1 expels Back-Alley Brawler (Defense 3)
    g = scenario(
        """
        p0: idol raj | class band leader, karaoke fiend
        p1: idol amyba | class back alley brawler
        """,
        bundled,
    )
    g.fight("Karaoke Fiend", "Back-Alley Brawler")
    assert "Back-Alley Brawler" in g.names_in("expel pile")


def test_band_leader_does_not_boost_itself(bundled):
    # Band Leader (Combat 2) only exhausts Sentai Yellow (Defense 3)
    g = scenario(
        """
        p0: idol raj | class band leader
        p1: idol amyba | class sentai yellow
        """,
        bundled,
    )
    g.fight("Band Leader", "Sentai Yellow")
    yellow = g.find("sentai yellow")
    assert g.zone(yellow) == "class" and g.exhausted(yellow)


# -- Host ----------------------------------------------------------------------------------------


def test_tea_hostess_joining_gains_two_merit(bundled):
    g = scenario(
        """
        p0: idol amyba | merit 10 | hallway tea hostess
        p1: idol raj | merit 10
        """,
        bundled,
    )
    end_turn(g)
    assert "Tea Hostess" in g.names_in("class", 0)
    assert (g.merit(0), g.merit(1)) == (12, 10)


def test_card_shark_trashes_a_scheme_for_two_rep_once_per_turn(bundled):
    g = scenario(
        """
        p0: idol raj | rep 0 | class card shark | hand scholarship, study session
        p1: idol amyba
        """,
        bundled,
    )
    g.play("activate Card Shark")
    assert g.decision == "trash cost" and g.current_player() == 0
    assert sorted(names(g)) == ["trash Scholarship", "trash Study Session"]
    g.play("trash Scholarship")
    pass_windows(g)
    assert g.rep(0) == 2
    assert g.names_in("hand", 0) == ["Study Session"]
    assert g.names_in("trash") == ["Scholarship"]
    assert not g.exhausted(g.find("card shark"))  # no EXHAUST in the cost
    assert activations(g, "Card Shark") == []  # once per turn


def test_card_shark_needs_a_scheme_to_trash(bundled):
    g = scenario(
        """
        p0: idol raj | class card shark
        p1: idol amyba
        """,
        bundled,
    )
    assert activations(g, "Card Shark") == []


def test_smooth_talker_recruited_steals_two_rep(bundled):
    g = scenario(
        """
        p0: idol raj | rep 4
        p1: idol amyba | rep 3
        courtyard: smooth talker
        """,
        bundled,
    )
    g.play("recruit Smooth Talker")
    assert g.decision == "target player" and g.current_player() == 0
    g.play("target player 1")
    pass_windows(g)
    assert g.names_in("hallway", 0) == ["Smooth Talker"]
    assert (g.rep(0), g.rep(1)) == (2, 1)


def test_smooth_talker_steals_only_what_the_enemy_has(bundled):
    g = scenario(
        """
        p0: idol raj | rep 4
        p1: idol amyba | rep 1
        courtyard: smooth talker
        """,
        bundled,
    )
    g.play("recruit Smooth Talker")
    assert g.decision == "target player" and g.current_player() == 0
    g.play("target player 1")
    pass_windows(g)
    assert (g.rep(0), g.rep(1)) == (1, 0)


def test_host_club_prince_start_of_turn_steals_one_merit(bundled):
    g = scenario(
        """
        turn 5 | active p0 | phase start
        p0: idol raj | merit 10 | class host club prince
        p1: idol amyba | merit 10
        """,
        bundled,
    )
    pass_windows(g)
    assert g.decision == "plan"
    assert (g.merit(0), g.merit(1)) == (11, 9)


def test_fight_bookie_gains_rep_when_an_enemy_declares_a_fight(bundled):
    g = scenario(
        """
        active p1
        p0: idol raj | rep 2 | class fight bookie
        p1: idol amyba | rep 2 | class sculptor
        """,
        bundled,
    )
    g.play("fight: Sculptor leads")
    g.play("attack Fight Bookie")
    pass_fight(g)
    assert (g.rep(0), g.rep(1)) == (3, 2)


def test_fight_bookie_gains_rep_when_its_controller_declares_a_fight(bundled):
    g = scenario(
        """
        p0: idol raj | rep 4 | class fight bookie, sculptor
        p1: idol amyba | class space cadet
        """,
        bundled,
    )
    g.fight("Sculptor", "Space Cadet")
    assert g.rep(0) == 5


def test_fight_bookie_gains_nothing_at_five_rep(bundled):
    g = scenario(
        """
        active p1
        p0: idol raj | rep 5 | class fight bookie
        p1: idol amyba | class sculptor
        """,
        bundled,
    )
    g.fight("Sculptor", "Fight Bookie")
    assert g.rep(0) == 5
