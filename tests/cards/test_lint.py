"""Warnings: the set loads, but the designer is told what looks wrong."""

from __future__ import annotations

from avarium.simulator.cards.errors import WARNING
from avarium.simulator.cards.loader import load_cards

from tests.conftest import MINI_SET, write


def warnings(cs) -> list[str]:
    assert all(w.severity == WARNING for w in cs.warnings)
    return [str(w) for w in cs.warnings]


def test_a_set_of_unusual_size_is_a_warning_not_an_error(mini_path):
    found = warnings(load_cards(mini_path))
    assert any("6 student cards; the game ships with 60" in w for w in found)


def test_a_wincon_that_can_never_be_met_is_flagged(tmp_path):
    cs = load_cards(
        write(
            tmp_path,
            MINI_SET.replace("count(ally students) >= 2", "count(ally students club=space) >= 1"),
        )
    )
    assert any('"kumara_raj", field wincon' in w and "never be met" in w for w in warnings(cs))


def test_a_start_of_turn_wincon_beyond_the_class_limit_is_flagged(tmp_path):
    cs = load_cards(
        write(tmp_path, MINI_SET.replace("count(ally students) >= 2", "count(ally students) >= 6"))
    )
    assert any("kumara_raj" in w and "never be met" in w for w in warnings(cs))


def test_an_effect_no_card_can_match_is_flagged(tmp_path):
    cs = load_cards(
        write(
            tmp_path,
            MINI_SET.replace(
                "EXHAUST: gain 3 merit", "EXHAUST: exhaust target enemy student cost >= 9"
            ),
        )
    )
    assert any("record_o_matic" in w and "no card in the set matches" in w for w in warnings(cs))


def test_printed_text_that_disagrees_with_the_abilities_is_flagged(tmp_path):
    cs = load_cards(
        write(tmp_path, MINI_SET.replace("EXHAUST: gain 3 merit", "EXHAUST: gain 4 merit"))
    )
    assert any("record_o_matic" in w and "printed text's numbers (3)" in w for w in warnings(cs))


def test_matching_printed_text_is_not_flagged(mini_path):
    assert not any("printed text" in w for w in warnings(load_cards(mini_path)))
