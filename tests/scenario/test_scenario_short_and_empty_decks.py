"""Short and empty decks, and where the Courtyard comes from: the Students named nowhere."""

from __future__ import annotations

import pytest
from avarium.simulator.constants import CardKind
from avarium.simulator.engine import layout as L
from avarium.simulator.game.scenario import ScenarioError, parse, scenario

from tests.helpers import end_turn, pass_windows
from tests.scenario.helpers import check_every_card_is_dealt_once

DUEL = "p0: idol raj | rep 9\np1: idol amyba\n"


def test_an_empty_school_holds_no_card_and_the_courtyard_is_still_full(bundled):
    g = scenario(DUEL + "school: empty", bundled)
    assert g.contents("school") == [] and int(g.state[L.G_SCHOOL_N]) == 0
    assert len(g.contents("courtyard")) == 6
    assert not g.is_terminal()  # a full Courtyard needs no refill yet


def test_with_an_empty_school_the_first_recruit_ends_the_game(bundled):
    """Ruling 3: the School has run out when a Courtyard refill finds it empty."""
    g = scenario(DUEL + "courtyard: benchwarmer\nschool: empty", bundled)
    g.play("recruit Benchwarmer")
    assert g.result().reason == "school out"


def test_a_short_school_holds_exactly_the_cards_named_top_first(bundled):
    g = scenario(DUEL + "school: only dojo senpai, sculptor", bundled)
    assert g.contents("school") == ["Dojo Senpai", "Sculptor"]
    out = [c for c in g.cards_in("box") if g.definition(c).kind == CardKind.STUDENT]
    assert len(out) == 60 - 6 - 2  # the Students named nowhere and not in the Courtyard
    check_every_card_is_dealt_once(g)


def test_a_short_school_is_drawn_from_the_top(bundled):
    g = scenario(DUEL + "courtyard: benchwarmer\nschool: only dojo senpai, sculptor", bundled)
    g.play("recruit Benchwarmer")
    assert "Dojo Senpai" in g.contents("courtyard")
    assert g.contents("school") == ["Sculptor"]


def test_named_school_cards_stay_on_the_school_not_in_the_courtyard(bundled):
    g = scenario(DUEL + "courtyard: track ace\nschool: dojo senpai, sculptor", bundled)
    yard = g.contents("courtyard")
    assert "Track Ace" in yard and len(yard) == 6
    assert "Dojo Senpai" not in yard and "Sculptor" not in yard
    assert g.contents("school")[:2] == ["Dojo Senpai", "Sculptor"]


def test_a_courtyard_the_box_cannot_fill_takes_the_schools_top_cards(bundled):
    """Named nowhere: 3 Students. The Courtyard takes them, then 3 from the School's top."""
    students = [c.name for c in bundled.students]
    g = scenario(DUEL + "school: " + ", ".join(students[:57]), bundled)
    assert set(students[57:]) < set(g.contents("courtyard"))
    assert set(students[:3]) < set(g.contents("courtyard"))
    assert g.contents("school") == students[3:57]
    check_every_card_is_dealt_once(g)


def test_an_empty_library_is_refilled_from_the_trash_pile_on_a_draw(bundled):
    g = scenario(
        "p0: idol raj | first\np1: idol amyba\nlibrary: empty\ntrash: scholarship", bundled
    )
    assert g.contents("library") == []
    end_turn(g)  # p1 draws at the start of its turn: the Trash Pile is the Library again
    assert g.contents("hand", 1) == ["Scholarship"]


def test_a_short_library_draws_exactly_its_cards(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand study session
        p1: idol amyba
        library: only scholarship, part time job, detention
        """,
        bundled,
    )
    g.play("play Study Session paying Reputation")
    pass_windows(g)
    assert sorted(g.contents("hand", 0)) == ["Part-Time Job", "Scholarship"]
    assert g.contents("library") == ["Detention"]


def test_the_dict_form_says_only_with_a_flag(bundled):
    assert parse("school: empty") == {"players": [], "school": [], "school_only": True}
    assert parse("library: only scholarship")["library_only"] is True
    g = scenario(
        {
            "players": [{"idol": "raj"}, {"idol": "amyba"}],
            "school": [],
            "school_only": True,
            "library": ["scholarship"],
            "library_only": True,
        },
        bundled,
    )
    assert g.contents("school") == [] and g.contents("library") == ["Scholarship"]


def test_an_empty_list_without_the_flag_is_the_whole_shuffled_deck(bundled):
    g = scenario({"players": [{"idol": "raj"}, {"idol": "amyba"}], "school": []}, bundled)
    assert len(g.contents("school")) == 54


def test_more_than_six_courtyard_students_is_an_error(bundled):
    text = (
        DUEL
        + "courtyard: sculptor, benchwarmer, kendo novice, space cadet, sentai blue, "
        + ("sentai yellow, dojo senpai")
    )
    with pytest.raises(ScenarioError, match="the Courtyard holds 6 Students") as exc:
        scenario(text, bundled)
    assert exc.value.line == 3


def test_a_scheme_on_the_school_line_is_an_error(bundled):
    with pytest.raises(ScenarioError, match='"Scholarship" is not a Student'):
        scenario(DUEL + "school: only scholarship", bundled)
