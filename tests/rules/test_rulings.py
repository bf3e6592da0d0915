"""Rulings on points the rulebook leaves open (docs/rulings.md), one test each, and their
alternative readings as rules options."""

from __future__ import annotations

from avarium.simulator.engine import layout as L
from avarium.simulator.engine.phases import check_state
from avarium.simulator.engine.zones import draw_scheme, move
from avarium.simulator.game.api import Rules
from avarium.simulator.game.scenario import scenario

from tests.helpers import end_turn, names, pass_fight, pass_windows


def test_ruling_12_an_empty_library_is_rebuilt_from_the_trash_pile(bundled):
    g = scenario(
        """
        p0: idol raj
        p1: idol amyba
        trash: scholarship
        """,
        bundled,
    )
    for c in g.cards_in("library"):
        move(g.state, c, L.Z_BOX, -1)
    g.state[L.G_LIB_N] = 0
    drawn = draw_scheme(g.state, 0)
    assert g.card_name(drawn) == "Scholarship" and g.zone(drawn) == "hand"
    assert draw_scheme(g.state, 0) == -1  # Library and Trash both empty: nothing is drawn


def test_ruling_16_a_student_returned_to_the_courtyard_stays_there(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5 | hand transfer papers
        p1: idol amyba | class benchwarmer
        """,
        bundled,
    )
    g.play("play Transfer Papers paying Reputation")
    g.play("target Benchwarmer")
    pass_windows(g)
    assert g.zone(g.find("benchwarmer")) == "courtyard"
    assert len(g.cards_in("courtyard")) == 7


def test_ruling_17_combat_never_below_0_and_defense_never_below_1(bundled):
    from avarium.simulator.engine.effective import combat_of, defense_of

    g = scenario(
        """
        p0: idol raj | class benchwarmer(-5 combat, -5 defense)
        p1: idol amyba
        """,
        bundled,
    )
    c = g.find("benchwarmer")
    assert combat_of(g.state, g.tables, c) == 0
    assert defense_of(g.state, g.tables, c) == 1


def test_ruling_18_a_triggered_ability_with_no_target_is_not_played(bundled):
    """Hype Girl: "on scheme played: target ally student gets +1 combat until end of turn";
    triggered while she waits in the Hallway and no ally Student is in the Class."""
    from avarium.simulator.constants import Trigger
    from avarium.simulator.engine.step import step
    from avarium.simulator.engine.triggers import fire

    g = scenario(
        """
        p0: idol raj | hallway hype girl
        p1: idol amyba
        """,
        bundled,
    )
    fire(g.state, g.tables, g.find("hype girl"), int(Trigger.SCHEME_PLAYED), 0)
    assert g.state[L.G_TRIG_N] == 1
    g.state[L.G_DEC] = L.D_NONE
    step(g.state, g.tables, L.A_START)
    assert g.state[L.G_TRIG_N] == 0 and g.state[L.G_STACK_N] == 0
    assert g.decision == "plan"


def test_ruling_19_until_end_of_fight_outside_a_fight_ends_with_the_turn(bundled):
    g = scenario(
        """
        p0: idol raj | class benchwarmer
        p1: idol amyba
        """,
        bundled,
    )
    c = g.find("benchwarmer")
    g.state[L.ROW_CARD + c, L.C_MC_FIGHT] = 3
    end_turn(g)
    assert g.state[L.ROW_CARD + c, L.C_MC_FIGHT] == 0


def test_ruling_21_prevention_absorbs_fight_damage(bundled):
    g = scenario(
        """
        p0: idol raj | class sculptor
        p1: idol amyba | rep 3 | class benchwarmer | hand bodyguard
        """,
        bundled,
    )
    g.play("fight: Sculptor leads")
    g.play("attack Benchwarmer")
    g.play("play Bodyguard paying Reputation")
    g.play("target Benchwarmer")
    pass_fight(g)
    # 4 damage - 3 prevented = 1 < Defense 2: exhausted, not expelled
    c = g.find("benchwarmer")
    assert g.zone(c) == "class" and g.exhausted(c)


def test_ruling_22_cost_reductions_apply_to_reputation_payments_only(bundled):
    """HOJO: "while in class: reduce scheme cost by 1"."""
    g = scenario(
        """
        p0: idol hojo | rep 1 | hand scholarship | class benchwarmer
        p1: idol amyba
        """,
        bundled,
    )
    offered = names(g)
    assert "play Scholarship paying Reputation" in offered  # 2 - 1 = 1 Reputation
    assert "play Scholarship exhausting a Student" not in offered  # Benchwarmer costs 1 < 2


def test_ruling_23_an_effect_whose_target_has_gone_does_nothing(bundled):
    g = scenario(
        """
        p0: idol raj | rep 5 | hand sabotage
        p1: idol amyba | class sculptor, benchwarmer
        """,
        bundled,
    )
    g.play("play Sabotage paying Reputation")
    g.play("target Benchwarmer")
    move(g.state, g.find("benchwarmer"), L.Z_EXPEL, -1)  # gone before Sabotage resolves
    pass_windows(g)
    assert g.zone(g.find("sculptor")) == "class" and not g.exhausted(g.find("sculptor"))
    assert "Sabotage" in g.names_in("trash")


def test_option_the_school_runs_out_with_its_last_card(bundled):
    g = scenario(
        """
        p0: idol raj | rep 9 | merit 20
        p1: idol amyba | merit 10
        """,
        bundled,
        rules=Rules(school_runs_out="last card"),
    )
    keep = g.cards_in("school")[:1]
    for c in g.cards_in("school")[1:]:
        move(g.state, c, L.Z_BOX, -1)
    g.state[L.G_SCHOOL_N] = 1
    g.state[L.ROW_CARD + 0, L.C_SCHOOL] = keep[0]
    g.state[L.G_SCHOOL_HEAD] = 0
    g.step(next(a for a in g.legal_actions() if g.action_name(a).startswith("recruit")))
    r = g.result()
    assert (r.winner, r.reason) == (0, "school out")


def test_option_all_remaining_players_expelled_at_once_is_a_draw(bundled):
    g = scenario(
        """
        p0: idol raj
        p1: idol amyba
        """,
        bundled,
        rules=Rules(simultaneous_expulsion="draw"),
    )
    g.state[L.ROW_SEAT + 0, L.P_MERIT] = 0
    g.state[L.ROW_SEAT + 1, L.P_MERIT] = 0
    check_state(g.state, g.tables)
    r = g.result()
    assert (r.winner, r.reason) == (None, "draw")


def test_players_expelled_at_the_same_moment_share_their_expulsion_order(bundled):
    g = scenario(
        """
        p0: idol raj
        p1: idol amyba
        p2: idol hojo
        p3: idol touka
        """,
        bundled,
        rules=Rules(simultaneous_expulsion="draw"),
    )
    g.state[L.ROW_SEAT + 3, L.P_MERIT] = 0
    check_state(g.state, g.tables)
    for p in (0, 1, 2):
        g.state[L.ROW_SEAT + p, L.P_MERIT] = 0
    check_state(g.state, g.tables)
    r = g.result()
    assert (r.winner, r.reason) == (None, "draw")
    assert r.placement == (2, 2, 2, 1)  # Touka out first, then the other three together


def test_simultaneous_expulsion_goes_to_turn_order_by_default(bundled):
    g = scenario(
        """
        p0: idol raj
        p1: idol amyba
        """,
        bundled,
    )
    g.state[L.ROW_SEAT + 0, L.P_MERIT] = 0
    g.state[L.ROW_SEAT + 1, L.P_MERIT] = 0
    check_state(g.state, g.tables)
    assert g.result().winner == 0


def test_option_automatic_damage_split(bundled):
    g = scenario(
        """
        p0: idol raj | class dojo senpai, sculptor
        p1: idol amyba | class benchwarmer
        p2: idol hojo | class kendo novice
        """,
        bundled,
        rules=Rules(damage_split="auto"),
    )
    g.play("fight: Dojo Senpai leads")
    g.play("attack Benchwarmer")
    pass_windows(g)
    g.play("support the attack with Sculptor")
    pass_windows(g)
    g.play("support the defense with AMYBA")
    pass_windows(g)
    g.play("help the defenders with Kendo Novice")
    pass_windows(g)
    assert g.decision != "damage"  # nobody is asked: the rest is divided automatically


def test_ruling_24_attack_and_defend_abilities_trigger_when_the_parties_are_confirmed(bundled):
    """Gang Boss leading: "on attack: each other ally student in fight gets +1 combat" reaches
    the supporter who joined after the fight was declared."""
    g = scenario(
        """
        p0: idol raj | class gang boss, kendo novice
        p1: idol amyba | merit 20
        """,
        bundled,
    )
    g.play("fight: Gang Boss leads")
    g.play("attack AMYBA")
    pass_windows(g)
    g.play("support the attack with Kendo Novice")
    pass_fight(g)
    assert g.merit(1) == 20 - (5 + 1 + 1)


def test_ruling_24_a_defending_leaders_ability_reaches_the_attackers_supporter(bundled):
    """Sumo Heavyweight: "on defend: each enemy student in fight gets -1 combat"."""
    g = scenario(
        """
        p0: idol raj | class kendo novice, benchwarmer
        p1: idol amyba | class sumo heavyweight
        """,
        bundled,
    )
    g.play("fight: Kendo Novice leads")
    g.play("attack Sumo Heavyweight")
    pass_windows(g)
    g.play("support the attack with Benchwarmer")
    pass_fight(g)
    c = g.find("sumo heavyweight")
    assert not g.exhausted(c)  # both attackers at 0 Combat: no damage
