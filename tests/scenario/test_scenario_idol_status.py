"""An Idol's status in brackets, in the text form and the dict form, as for any Class card."""

from __future__ import annotations

import pytest
from avarium.simulator.game.scenario import ScenarioError, scenario

from tests.helpers import names


def test_an_exhausted_idol_cannot_lead_a_fight(bundled):
    g = scenario(
        """
        p0: idol touka(exhausted) | class sculptor
        p1: idol raj | class benchwarmer
        """,
        bundled,
    )
    assert g.exhausted(g.find("touka"))
    assert "fight: Hatsurugi TOUKA leads" not in names(g)
    assert "fight: Sculptor leads" in names(g)


def test_an_attacked_idol_carries_an_attack_token(bundled):
    g = scenario("p0: idol touka(attacked)\np1: idol raj", bundled)
    assert g.attack_token(g.find("touka")) and not g.exhausted(g.find("touka"))


def test_an_idols_combat_change_lasts_until_end_of_turn(bundled):
    g = scenario("p0: idol touka(+2 combat, exhausted)\np1: idol raj(-1 combat)", bundled)
    assert g.combat("touka") == bundled["hatsurugi_touka"].combat + 2
    assert g.combat("raj") == bundled["kumara_raj"].combat - 1


def test_the_dict_form_takes_the_same_brackets_or_a_status_list(bundled):
    g = scenario(
        {"players": [{"idol": "touka(exhausted)"}, {"idol": "raj", "idol_status": ["attacked"]}]},
        bundled,
    )
    assert g.exhausted(g.find("touka")) and g.attack_token(g.find("raj"))


def test_an_idol_has_no_defense_to_change(bundled):
    with pytest.raises(ScenarioError, match="an Idol has no Defense") as exc:
        scenario("p0: idol touka\np1: idol raj(+1 defense)", bundled)
    assert (exc.value.part, exc.value.line) == ("p1", 2)


def test_an_unknown_status_names_the_card_and_the_line(bundled):
    with pytest.raises(ScenarioError, match='unknown status "tired" for "touka\\(tired\\)"') as exc:
        scenario("p0: idol touka(tired)\np1: idol raj", bundled)
    assert exc.value.line == 1


def test_a_status_is_only_for_cards_in_a_class(bundled):
    with pytest.raises(ScenarioError, match="only a card in a Class"):
        scenario("p0: idol touka | hallway sculptor(exhausted)\np1: idol raj", bundled)
