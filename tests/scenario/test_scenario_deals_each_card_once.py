"""A scenario deals each card once: a card named anywhere is in that zone and nowhere else."""

from __future__ import annotations

import pytest
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.engine import layout as L
from avarium.simulator.engine.zones import move, refill_courtyard
from avarium.simulator.game.scenario import ScenarioError, scenario

from tests.conftest import write
from tests.helpers import pass_windows
from tests.scenario.helpers import check_every_card_is_dealt_once, deck

EVERY_ZONE = [
    """
    p0: idol touka | class sculptor, kendo novice | hand pep rally | hallway benchwarmer
    p1: idol raj | class dojo senpai | hand detention, scholarship | hallway space cadet
    courtyard: track ace, goalkeeper
    school: sentai blue, sentai yellow, karaoke fiend
    library: study session, part time job
    expelled: rooftop slacker
    trash: lockdown
    """,
    """
    p0: idol amyba | class back alley brawler
    p1: idol hojo | class rocket enthusiast
    p2: idol coral | hand insurance policy
    courtyard: sculptor, benchwarmer, kendo novice, space cadet, sentai blue, sentai yellow
    school: dojo senpai
    library: scholarship
    expelled: karaoke fiend, rooftop slacker
    trash: detention, lockdown
    """,
    """
    p0: idol raj
    p1: idol amyba
    school: only dojo senpai, sculptor
    library: only study session
    """,
    """
    p0: idol raj
    p1: idol amyba
    school: empty
    library: empty
    trash: scholarship
    """,
]


@pytest.mark.parametrize("text", EVERY_ZONE, ids=["duel", "royale", "only", "empty"])
def test_every_card_is_in_exactly_one_zone(bundled, text):
    check_every_card_is_dealt_once(scenario(text, bundled))


def test_each_card_named_is_where_it_was_named_and_nowhere_else(bundled):
    g = scenario(EVERY_ZONE[0], bundled)
    where = {
        "Sculptor": ("class", 0),
        "Pep Rally": ("hand", 0),
        "Benchwarmer": ("hallway", 0),
        "Detention": ("hand", 1),
        "Space Cadet": ("hallway", 1),
        "Track Ace": ("courtyard", -1),
        "Sentai Blue": ("school", -1),
        "Study Session": ("library", -1),
        "Rooftop Slacker": ("expel pile", -1),
        "Lockdown": ("trash", -1),
    }
    for name, (zone, owner) in where.items():
        c = g.find(name)
        assert (g.zone(c), g.owner(c)) == (zone, owner), name
    assert g.contents("school")[:3] == ["Sentai Blue", "Sentai Yellow", "Karaoke Fiend"]
    assert g.contents("library")[:2] == ["Study Session", "Part-Time Job"]


def test_a_named_school_card_is_counted_once(bundled):
    g = scenario("p0: idol touka\np1: idol raj\nschool: dojo senpai", bundled)
    # 60 Students: 6 in the Courtyard, the other 54 in the School, Dojo Senpai on top
    assert len(g.cards_in("school")) == int(g.state[L.G_SCHOOL_N]) == 54
    assert deck(g, "school").count(g.find("dojo senpai")) == 1
    assert g.contents("school")[0] == "Dojo Senpai"


def test_a_named_library_card_is_drawn_once(bundled):
    g = scenario(
        """
        p0: idol raj | rep 3 | hand study session
        p1: idol amyba
        library: scholarship, part time job
        """,
        bundled,
    )
    g.play("play Study Session paying Reputation")
    pass_windows(g)
    assert sorted(g.contents("hand", 0)) == ["Part-Time Job", "Scholarship"]
    assert "Scholarship" not in g.contents("library")
    assert "Part-Time Job" not in g.contents("library")
    assert int(g.state[L.G_LIB_N]) == 40 - 3  # Study Session was in hand, two were drawn
    check_every_card_is_dealt_once(g)


def test_a_recruited_card_is_not_pulled_back_out_by_the_refill(bundled):
    g = scenario(
        """
        p0: idol raj | rep 20
        p1: idol amyba
        courtyard: sculptor, benchwarmer, kendo novice, space cadet, sentai blue, sentai yellow
        school: dojo senpai
        """,
        bundled,
    )
    g.play("recruit Sculptor")  # Dojo Senpai, on top of the School, fills the gap
    pass_windows(g)
    g.play("recruit Dojo Senpai")
    pass_windows(g)
    senpai = g.find("dojo senpai")
    assert (g.zone(senpai), g.owner(senpai)) == ("hallway", 0)
    # every card left in the School comes out through the Courtyard: Dojo Senpai never does
    while int(g.state[L.G_SCHOOL_N]) > 0:
        move(g.state, g.cards_in("courtyard")[0], L.Z_EXPEL, -1)
        refill_courtyard(g.state)
        assert (g.zone(senpai), g.owner(senpai)) == ("hallway", 0)


TWO_CAPTAINS = """
[[idol]]
id = "kumara_raj"
name = "Kumara RAJ"
title = "The Collector"
club = "Council"
level = "basic"
reputation = 3
combat = 2
merit = 20
wincon = "at start of turn: your merit >= 40"

[[idol]]
id = "hatsurugi_touka"
name = "Hatsurugi TOUKA"
title = "The Blade"
club = "Martial Arts"
level = "basic"
reputation = 2
combat = 3
merit = 18
wincon = "instant: your expelled >= 2"

[[student]]
id = "cheer_captain"
name = "Cheer Captain"
title = "Student"
cost = 2
colour = "paragon"
gender = "female"
club = "Cheerleader"
combat = 2
defense = 2
copies = 2

[[student]]
id = "benchwarmer"
name = "Benchwarmer"
title = "Student"
cost = 1
colour = "neutral"
gender = "male"
club = "Sports"
combat = 1
defense = 2
copies = 8

[[scheme]]
id = "scholarship"
name = "Scholarship"
title = "Scheme"
cost = 2
number = "T-01"
text = "Gain 4 Merit."
abilities = ["play: gain 4 merit"]
"""


def test_a_card_named_twice_takes_a_second_copy_and_a_third_is_refused(tmp_path):
    cards = load_cards(write(tmp_path, TWO_CAPTAINS))
    g = scenario("p0: idol touka | class cheer captain\np1: idol raj\nschool: cheer captain", cards)
    assert g.contents("class", 0) == ["Hatsurugi TOUKA", "Cheer Captain"]
    assert g.contents("school")[0] == "Cheer Captain #2"
    check_every_card_is_dealt_once(g)
    with pytest.raises(ScenarioError, match='no copy of "Cheer Captain" is left'):
        scenario(
            "p0: idol touka | class cheer captain, cheer captain\np1: idol raj\n"
            "school: cheer captain",
            cards,
        )
