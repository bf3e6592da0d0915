"""Per-card scenarios: the eight Idols and the Schemes AA-S01 to AA-S20."""

from __future__ import annotations

from avarium.simulator.engine import layout as L
from avarium.simulator.engine.phases import check_state
from avarium.simulator.game.scenario import scenario

from tests.helpers import end_turn, names, pass_windows


def cast(g, scheme: str, *targets: str) -> None:
    """Play a Scheme paying Reputation, choose its targets, and let it resolve."""
    g.play(f"play {scheme} paying Reputation")
    for t in targets:
        g.play(t)
    pass_windows(g)


# -- Idols -----------------------------------------------------------------------------------------


def test_hatsurugi_touka_gets_plus_one_combat_when_she_attacks(bundled):
    # TOUKA (Combat 4, +1 on attack) expels Sculptor (Defense 5); 4 alone would only exhaust it
    g = scenario(
        """
        p0: idol touka | merit 18
        p1: idol raj | class sculptor
        """,
        bundled,
    )
    g.fight("Hatsurugi TOUKA", "Sculptor")
    assert "Sculptor" in g.names_in("expel pile")
    assert g.seat_stat(0, L.P_N_EXPELLED) == 1
    assert g.merit(0) == 18 - 4  # Sculptor's Combat 4 hit TOUKA back


def test_hatsurugi_touka_exhaust_gives_an_ally_student_plus_one_combat(bundled):
    # Benchwarmer (Combat 1) +1 = 2 expels Kendo Novice (Defense 2)
    g = scenario(
        """
        p0: idol touka | class benchwarmer
        p1: idol raj | class kendo novice
        """,
        bundled,
    )
    g.play("activate Hatsurugi TOUKA")
    assert g.decision == "target" and names(g) == ["target Benchwarmer"]
    g.play("target Benchwarmer")
    pass_windows(g)
    assert g.exhausted(g.find("hatsurugi_touka"))
    g.fight("Benchwarmer", "Kendo Novice")
    assert "Kendo Novice" in g.names_in("expel pile")


def test_hatsurugi_touka_exhaust_is_your_turn_only(bundled):
    g = scenario(
        """
        active p1
        p0: idol touka | class benchwarmer | hand emergency fund
        p1: idol raj | rep 5 | hand study session
        """,
        bundled,
    )
    g.play("play Study Session paying Reputation")
    assert g.decision == "priority" and g.current_player() == 0  # for Emergency Fund
    assert not any(n.startswith("activate Hatsurugi TOUKA") for n in names(g))


def test_hatsurugi_touka_wincon_six_expelled_students(bundled):
    g = scenario(
        """
        p0: idol touka
        p1: idol raj | class kendo novice
        """,
        bundled,
    )
    g.state[L.ROW_SEAT + 0, L.P_N_EXPELLED] = 5
    g.fight("Hatsurugi TOUKA", "Kendo Novice")
    r = g.result()
    assert g.is_terminal() and (r.winner, r.reason) == (0, "wincon")


def test_peppermint_kitty_gives_female_students_plus_one_defense(bundled):
    # Sentai Yellow (Combat 2) hits Kendo Novice (female, Defense 2 + 1): exhausted, not expelled;
    # the same hit expels Benchwarmer (male, Defense 2)
    g = scenario(
        """
        active p1
        p0: idol kitty | class kendo novice, benchwarmer
        p1: idol raj | class sentai yellow
        """,
        bundled,
    )
    other = g.clone()
    g.fight("Sentai Yellow", "Kendo Novice")
    novice = g.find("kendo novice")
    assert g.zone(novice) == "class" and g.exhausted(novice)
    other.fight("Sentai Yellow", "Benchwarmer")
    assert "Benchwarmer" in other.names_in("expel pile")


def test_peppermint_kitty_wincon_four_female_students_at_start_of_turn(bundled):
    text = """
        phase start
        p0: idol kitty | class kendo novice, dojo senpai, goalkeeper, {last}
        p1: idol raj
        """
    g = scenario(text.format(last="flyer"), bundled)
    r = g.result()
    assert g.is_terminal() and (r.winner, r.reason) == (0, "wincon")
    g = scenario(text.format(last="benchwarmer"), bundled)  # only three are female
    assert not g.is_terminal()


def test_kumara_raj_gains_one_merit_at_end_of_turn_with_three_students(bundled):
    text = """
        p0: idol raj | merit 10 | class {students}
        p1: idol amyba | merit 10
        """
    g = scenario(text.format(students="benchwarmer, sculptor, kendo novice"), bundled)
    end_turn(g)
    assert g.active == 1 and g.merit(0) == 11
    g = scenario(text.format(students="benchwarmer, sculptor"), bundled)
    end_turn(g)
    assert g.active == 1 and g.merit(0) == 10


def test_kumara_raj_wincon_thirty_merit_at_start_of_turn(bundled):
    g = scenario(
        """
        phase start
        p0: idol raj | merit 30
        p1: idol amyba
        """,
        bundled,
    )
    r = g.result()
    assert g.is_terminal() and (r.winner, r.reason) == (0, "wincon")


def test_amyba_recruits_cost_one_less_with_one_or_fewer_students(bundled):
    # AMYBA gains 3 Reputation at the start of the turn; Sculptor (cost 4) then costs 3
    text = """
        active p1
        p0: idol amyba | rep 0 | class {students}
        p1: idol raj
        courtyard: sculptor
        """
    g = scenario(text.format(students="benchwarmer"), bundled)
    end_turn(g)
    assert g.active == 0 and g.rep(0) == 3
    g.play("recruit Sculptor")
    assert g.rep(0) == 0 and g.zone(g.find("sculptor")) == "hallway"
    g = scenario(text.format(students="benchwarmer, kendo novice"), bundled)
    end_turn(g)
    assert g.active == 0 and g.rep(0) == 3
    assert "recruit Sculptor" not in names(g)


def test_amyba_wincon_twelve_recruits(bundled):
    g = scenario(
        """
        p0: idol amyba | rep 5
        p1: idol raj
        courtyard: benchwarmer
        """,
        bundled,
    )
    g.state[L.ROW_SEAT + 0, L.P_N_RECRUITED] = 11
    g.play("recruit Benchwarmer")
    pass_windows(g)
    r = g.result()
    assert g.is_terminal() and (r.winner, r.reason) == (0, "wincon")


def test_sebastian_wolfgang_draws_at_start_of_turn_with_one_or_fewer_schemes(bundled):
    # hand 0: the Start Phase draw makes 1, then WOLFGANG draws 1 more
    g = scenario(
        """
        active p1
        p0: idol wolfgang
        p1: idol raj
        """,
        bundled,
    )
    end_turn(g)
    assert g.active == 0 and len(g.cards_in("hand", 0)) == 2
    # hand 1: the Start Phase draw makes 2, so WOLFGANG's condition fails
    g = scenario(
        """
        active p1
        p0: idol wolfgang | hand scholarship
        p1: idol raj
        """,
        bundled,
    )
    end_turn(g)
    assert g.active == 0 and len(g.cards_in("hand", 0)) == 2


def test_sebastian_wolfgang_gives_musics_students_plus_one_combat(bundled):
    # Karaoke Fiend (Musics, Combat 2 + 1) expels Sentai Yellow (Defense 3)
    g = scenario(
        """
        p0: idol wolfgang | class karaoke fiend
        p1: idol raj | class sentai yellow
        """,
        bundled,
    )
    g.fight("Karaoke Fiend", "Sentai Yellow")
    assert "Sentai Yellow" in g.names_in("expel pile")


def test_sebastian_wolfgang_gives_musics_students_plus_one_defense(bundled):
    # Benchwarmer (Combat 1) hits Karaoke Fiend (Defense 1 + 1): exhausted, not expelled
    g = scenario(
        """
        active p1
        p0: idol wolfgang | class karaoke fiend
        p1: idol raj | class benchwarmer
        """,
        bundled,
    )
    g.fight("Benchwarmer", "Karaoke Fiend")
    fiend = g.find("karaoke fiend")
    assert g.zone(fiend) == "class" and g.exhausted(fiend)


def test_sebastian_wolfgang_wincon_five_schemes_and_five_students(bundled):
    g = scenario(
        """
        phase start
        p0: idol wolfgang | class benchwarmer, sculptor, kendo novice, space cadet, sentai blue
            | hand scholarship, study session, part time job, rumour mill, blackmail
        p1: idol raj
        """,
        bundled,
    )
    r = g.result()
    assert g.is_terminal() and (r.winner, r.reason) == (0, "wincon")


def test_hazenmyier_hojo_schemes_cost_one_less(bundled):
    g = scenario(
        """
        p0: idol hojo | rep 1 | merit 10 | hand scholarship
        p1: idol raj
        """,
        bundled,
    )
    cast(g, "Scholarship")
    assert (g.rep(0), g.merit(0)) == (0, 14)


def test_hazenmyier_hojo_wincon_ten_schemes_played(bundled):
    g = scenario(
        """
        p0: idol hojo | rep 0 | hand part time job
        p1: idol raj
        """,
        bundled,
    )
    g.state[L.ROW_SEAT + 0, L.P_N_SCHEMES] = 9
    g.play("play Part-Time Job paying Reputation")
    pass_windows(g)
    r = g.result()
    assert g.is_terminal() and (r.winner, r.reason) == (0, "wincon")


def test_syeira_coral_exhaust_puts_a_courtyard_student_at_the_bottom_of_the_school(bundled):
    g = scenario(
        """
        p0: idol coral
        p1: idol raj
        courtyard: sculptor
        """,
        bundled,
    )
    g.play("activate Syeira CORAL")
    g.play("target Sculptor")
    pass_windows(g)
    assert g.zone(g.find("sculptor")) == "school"
    assert g.exhausted(g.find("syeira_coral"))
    assert len(g.cards_in("courtyard")) == 6  # refilled from the top of the School


def test_syeira_coral_exhaust_is_your_turn_only(bundled):
    g = scenario(
        """
        active p1
        p0: idol coral | hand emergency fund
        p1: idol raj | rep 5 | hand study session
        """,
        bundled,
    )
    g.play("play Study Session paying Reputation")
    assert g.decision == "priority" and g.current_player() == 0  # for Emergency Fund
    assert not any(n.startswith("activate Syeira CORAL") for n in names(g))


def test_syeira_coral_wincon_six_clubs_at_start_of_turn(bundled):
    # Faiths (CORAL), Sports, Arts, Martial Arts, Space, Sentai
    g = scenario(
        """
        phase start
        p0: idol coral | class benchwarmer, sculptor, kendo novice, space cadet, sentai blue
        p1: idol raj
        """,
        bundled,
    )
    r = g.result()
    assert g.is_terminal() and (r.winner, r.reason) == (0, "wincon")


def test_lourvarius_love_pays_one_merit_for_one_rep_once_per_turn(bundled):
    g = scenario(
        """
        p0: idol love | merit 10 | rep 2
        p1: idol raj
        """,
        bundled,
    )
    g.play("activate Lourvarius LOVE")
    pass_windows(g)
    assert (g.merit(0), g.rep(0)) == (9, 3)
    assert not any(n.startswith("activate Lourvarius LOVE") for n in names(g))


def test_lourvarius_love_wincon_twenty_rep_and_more_than_every_enemy(bundled):
    g = scenario(
        """
        p0: idol love | merit 10 | rep 19
        p1: idol raj | rep 20
        """,
        bundled,
    )
    g.play("activate Lourvarius LOVE")
    pass_windows(g)
    assert g.rep(0) == 20 and not g.is_terminal()  # 20 is not more than 20
    g.state[L.ROW_SEAT + 1, L.P_REP] = 19
    check_state(g.state, g.tables)
    r = g.result()
    assert g.is_terminal() and (r.winner, r.reason) == (0, "wincon")


# -- Schemes -----------------------------------------------------------------------------------


def test_study_session_draws_two_schemes(bundled):
    g = scenario(
        """
        p0: idol raj | rep 1 | hand study session
        p1: idol amyba
        library: scholarship, blackmail
        """,
        bundled,
    )
    cast(g, "Study Session")
    assert sorted(g.names_in("hand", 0)) == ["Blackmail", "Scholarship"]
    assert g.rep(0) == 0 and "Study Session" in g.names_in("trash")


def test_part_time_job_gains_two_rep(bundled):
    g = scenario(
        """
        p0: idol raj | rep 0 | hand part time job
        p1: idol amyba | rep 0
        """,
        bundled,
    )
    cast(g, "Part-Time Job")
    assert (g.rep(0), g.rep(1)) == (2, 0)


def test_scholarship_gains_four_merit(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | rep 2 | hand scholarship
        p1: idol amyba | merit 10
        """,
        bundled,
    )
    cast(g, "Scholarship")
    assert (g.merit(0), g.merit(1), g.rep(0)) == (14, 10, 0)


def test_rumour_mill_each_enemy_loses_two_rep(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5 | hand rumour mill
        p1: idol amyba | rep 5
        p2: idol touka | rep 1
        """,
        bundled,
    )
    cast(g, "Rumour Mill")
    assert (g.rep(0), g.rep(1), g.rep(2)) == (3, 3, 0)  # never below 0


def test_blackmail_steals_two_merit_from_target_enemy(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | rep 3 | hand blackmail
        p1: idol amyba | merit 10
        p2: idol touka | merit 10
        """,
        bundled,
    )
    g.play("play Blackmail paying Reputation")
    assert g.decision == "target player"
    g.play("target player 2")
    pass_windows(g)
    assert (g.merit(0), g.merit(1), g.merit(2)) == (12, 10, 8)


def test_confiscation_each_enemy_trashes_one_scheme(bundled):
    g = scenario(
        """
        p0: idol raj | rep 1 | hand confiscation, scholarship
        p1: idol amyba | hand blackmail, rumour mill
        """,
        bundled,
    )
    g.play("play Confiscation paying Reputation")
    pass_windows(g)
    assert g.decision == "trash" and g.current_player() == 1
    assert sorted(names(g)) == ["trash Blackmail", "trash Rumour Mill"]
    g.play("trash Blackmail")
    pass_windows(g)
    assert g.names_in("hand", 1) == ["Rumour Mill"]
    assert g.names_in("hand", 0) == ["Scholarship"]
    assert "Blackmail" in g.names_in("trash")


def test_detention_exhausts_target_enemy_student(bundled):
    g = scenario(
        """
        p0: idol raj | rep 1 | hand detention | class benchwarmer
        p1: idol amyba | class sculptor
        """,
        bundled,
    )
    g.play("play Detention paying Reputation")
    assert names(g) == ["target Sculptor"]  # only enemy Students
    g.play("target Sculptor")
    pass_windows(g)
    assert g.exhausted(g.find("sculptor")) and not g.exhausted(g.find("benchwarmer"))


def test_expulsion_hearing_expels_target_enemy_student_cost_three_or_less(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5 | hand expulsion hearing
        p1: idol amyba | class back alley brawler, sculptor
        """,
        bundled,
    )
    g.play("play Expulsion Hearing paying Reputation")
    assert names(g) == ["target Back-Alley Brawler"]  # Sculptor costs 4
    g.play("target Back-Alley Brawler")
    pass_windows(g)
    assert g.names_in("expel pile") == ["Back-Alley Brawler"]
    assert g.zone(g.find("sculptor")) == "class" and g.rep(0) == 0


def test_pep_rally_gives_ally_students_plus_one_combat_until_end_of_turn(bundled):
    # Benchwarmer (Combat 1 + 1) expels Kendo Novice (Defense 2)
    g = scenario(
        """
        p0: idol raj | rep 2 | hand pep rally | class benchwarmer
        p1: idol amyba | class kendo novice
        """,
        bundled,
    )
    cast(g, "Pep Rally")
    g.fight("Benchwarmer", "Kendo Novice")
    assert "Kendo Novice" in g.names_in("expel pile")


def test_pep_rally_ends_with_the_turn(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2 | hand pep rally | class benchwarmer
        p1: idol amyba | class kendo novice
        """,
        bundled,
    )
    cast(g, "Pep Rally")
    end_turn(g)
    # AMYBA's turn: Kendo Novice (Combat 1) hits Benchwarmer (Defense 2), which now deals only 1
    g.fight("Kendo Novice", "Benchwarmer")
    assert g.zone(g.find("kendo novice")) == "class"
    assert g.exhausted(g.find("kendo novice"))


def test_open_house_recruits_a_courtyard_student_for_two_less(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand open house
        p1: idol amyba
        courtyard: sculptor
        """,
        bundled,
    )
    cast(g, "Open House", "target Sculptor")
    # 1 for Open House, then Sculptor's 4 - 2
    assert g.zone(g.find("sculptor")) == "hallway" and g.owner(g.find("sculptor")) == 0
    assert g.rep(0) == 0
    assert g.seat_stat(0, L.P_N_RECRUITED) == 1


def test_scouting_report_recruits_a_student_cost_three_or_less_for_free(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand scouting report
        p1: idol amyba
        courtyard: back alley brawler, sculptor, dojo senpai, team captain, cheer captain,
            | gang boss
        """,
        bundled,
    )
    g.play("play Scouting Report paying Reputation")
    assert names(g) == ["target Back-Alley Brawler"]  # every other one costs 4 or more
    g.play("target Back-Alley Brawler")
    pass_windows(g)
    brawler = g.find("back alley brawler")
    assert g.zone(brawler) == "hallway" and g.owner(brawler) == 0
    assert g.rep(0) == 0  # only the Scheme's 3 was paid


def test_transfer_papers_returns_enemy_student_cost_two_or_less_to_the_courtyard(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2 | hand transfer papers
        p1: idol amyba | class benchwarmer, back alley brawler
        """,
        bundled,
    )
    g.play("play Transfer Papers paying Reputation")
    assert names(g) == ["target Benchwarmer"]  # Back-Alley Brawler costs 3
    g.play("target Benchwarmer")
    pass_windows(g)
    assert g.zone(g.find("benchwarmer")) == "courtyard"
    assert len(g.cards_in("courtyard")) == 7
    assert g.names_in("class", 1) == ["AMYBA", "Back-Alley Brawler"]


def test_second_chance_returns_expelled_student_cost_three_or_less_ready(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand second chance
        p1: idol amyba
        expelled: back alley brawler, sculptor
        """,
        bundled,
    )
    g.play("play Second Chance paying Reputation")
    assert names(g) == ["target Back-Alley Brawler"]  # Sculptor costs 4
    g.play("target Back-Alley Brawler")
    pass_windows(g)
    brawler = g.find("back alley brawler")
    assert g.zone(brawler) == "class" and g.owner(brawler) == 0 and not g.exhausted(brawler)
    assert g.names_in("expel pile") == ["Sculptor"]


def test_poaching_takes_enemy_student_cost_three_or_less_ready(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5 | hand poaching
        p1: idol amyba | class back alley brawler(exhausted), sculptor
        """,
        bundled,
    )
    g.play("play Poaching paying Reputation")
    assert names(g) == ["target Back-Alley Brawler"]  # Sculptor costs 4
    g.play("target Back-Alley Brawler")
    pass_windows(g)
    brawler = g.find("back alley brawler")
    assert g.zone(brawler) == "class" and g.owner(brawler) == 0 and not g.exhausted(brawler)
    assert g.names_in("class", 1) == ["AMYBA", "Sculptor"]


def test_energy_drink_readies_each_ally_student(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand energy drink | class benchwarmer(exhausted), sculptor(exhausted)
        p1: idol amyba | class kendo novice(exhausted)
        """,
        bundled,
    )
    cast(g, "Energy Drink")
    assert not g.exhausted(g.find("benchwarmer")) and not g.exhausted(g.find("sculptor"))
    assert g.exhausted(g.find("kendo novice"))


def test_extra_practice_removes_the_attack_token_so_the_student_attacks_again(bundled):
    g = scenario(
        """
        p0: idol raj | rep 2 | hand extra practice | class sculptor
        p1: idol amyba | class benchwarmer(exhausted), kendo novice
        """,
        bundled,
    )
    g.fight("Sculptor", "Benchwarmer")  # an exhausted defender deals no damage back
    assert not g.exhausted(g.find("sculptor")) and g.attack_token(g.find("sculptor"))
    assert "fight: Sculptor leads" not in names(g)
    g.play("play Extra Practice paying Reputation")
    assert names(g) == ["target Sculptor"]
    g.play("target Sculptor")
    pass_windows(g)
    assert not g.attack_token(g.find("sculptor"))
    g.fight("Sculptor", "Kendo Novice")
    assert sorted(g.names_in("expel pile")) == ["Benchwarmer", "Kendo Novice"]


def test_budget_approval_schemes_cost_two_less_until_end_of_turn(bundled):
    g = scenario(
        """
        p0: idol raj | rep 1 | merit 10 | hand budget approval, scholarship
        p1: idol amyba
        """,
        bundled,
    )
    cast(g, "Budget Approval")
    assert g.rep(0) == 0
    cast(g, "Scholarship")  # costs 2 - 2 = 0
    assert (g.rep(0), g.merit(0)) == (0, 14)


def test_recruitment_drive_recruits_cost_one_less_and_draws_one(bundled):
    g = scenario(
        """
        p0: idol raj | rep 4 | hand recruitment drive
        p1: idol amyba
        courtyard: sculptor
        library: scholarship
        """,
        bundled,
    )
    cast(g, "Recruitment Drive")
    assert g.names_in("hand", 0) == ["Scholarship"]
    assert g.rep(0) == 3
    g.play("recruit Sculptor")  # 4 - 1 = 3
    assert g.rep(0) == 0 and g.zone(g.find("sculptor")) == "hallway"


def test_anonymous_letter_random_enemy_loses_two_merit(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | rep 1 | hand anonymous letter
        p1: idol amyba | merit 10
        p2: idol touka | merit 10
        """,
        bundled,
    )
    cast(g, "Anonymous Letter")
    assert g.merit(0) == 10
    assert sorted((g.merit(1), g.merit(2))) == [8, 10]


def test_school_festival_each_player_draws_two(bundled):
    g = scenario(
        """
        p0: idol raj | rep 0 | hand school festival
        p1: idol amyba
        p2: idol touka | hand scholarship
        """,
        bundled,
    )
    cast(g, "School Festival")
    assert [len(g.cards_in("hand", p)) for p in range(3)] == [2, 2, 3]
