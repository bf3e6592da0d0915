"""Spreadsheet round trips and what-if patches, checked like any card file."""

from __future__ import annotations

import pytest
from avarium.simulator.cards.errors import ERROR, CardSetError
from avarium.simulator.cards.export import export_csv, to_csv
from avarium.simulator.cards.loader import load_cards

from tests.conftest import write


def test_a_csv_export_loads_back_to_the_same_fingerprint(mini_path, tmp_path):
    cs = load_cards(mini_path)
    out = export_csv(cs, tmp_path / "out" / "cards.csv")
    again = load_cards(out)
    assert again.fingerprint == cs.fingerprint
    assert [c.record() for c in again.cards] == [c.record() for c in cs.cards]


def test_the_bundled_set_survives_a_csv_round_trip(bundled, tmp_path):
    again = load_cards(export_csv(bundled, tmp_path / "bundled.csv"))
    assert again.fingerprint == bundled.fingerprint


def test_a_bad_csv_cell_names_the_row_the_card_and_the_field(mini_path, tmp_path):
    text = to_csv(load_cards(mini_path)).replace(
        "record_o_matic,Record-O-Matic,Student,3,", "record_o_matic,Record-O-Matic,Student,three,"
    )
    with pytest.raises(CardSetError) as exc:
        load_cards(write(tmp_path, text, "cards.csv"))
    (p,) = [p for p in exc.value.problems if p.severity == ERROR]
    assert (p.card, p.field) == ("record_o_matic", "cost")
    assert 'found "three"' in p.message and p.line == 4


def test_a_csv_without_a_kind_column_is_refused(tmp_path):
    with pytest.raises(CardSetError, match='"kind" column'):
        load_cards(write(tmp_path, "id,name\nx,X\n", "cards.csv"))


def test_set_overrides_a_field_by_name_fragment(mini_path):
    base = load_cards(mini_path)
    patched = load_cards(mini_path, sets=["raj.merit=18"])
    assert patched["kumara_raj"].merit == 18 and base["kumara_raj"].merit == 20
    assert patched.fingerprint != base.fingerprint


def test_set_can_replace_one_ability(mini_path):
    cs = load_cards(mini_path, sets=['record.abilities.1="EXHAUST: gain 2 merit"'])
    assert cs["record_o_matic"].abilities == ("EXHAUST: gain 2 merit",)


def test_a_bad_override_is_checked_like_a_card_file(mini_path):
    with pytest.raises(CardSetError) as exc:
        load_cards(mini_path, sets=["kumara_raj.merit=-3"])
    (p,) = exc.value.problems
    assert p.file == "--set kumara_raj.merit=-3" and p.card == "kumara_raj" and p.field == "merit"


def test_an_ambiguous_override_lists_the_candidates(mini_path):
    with pytest.raises(CardSetError, match="matches 2 cards") as exc:
        load_cards(mini_path, sets=["ma.merit=3"])
    assert "kumara_raj" in str(exc.value)


def test_a_patch_file_changes_removes_and_adds_cards(mini_path, tmp_path):
    patch = write(
        tmp_path,
        """
        remove = ["cheer captain"]

        [kumara_raj]
        merit = 22
        abilities.1 = "on join: draw 1"

        [[add.student]]
        id = "new_kid"
        name = "New Kid"
        title = "Student"
        cost = 1
        colour = "neutral"
        gender = "male"
        club = "None"
        combat = 1
        defense = 1
        copies = 5
        """,
        "patch.toml",
    )
    cs = load_cards(mini_path, patches=[patch])
    assert cs["kumara_raj"].merit == 22
    assert cs["kumara_raj"].abilities == ("on join: draw 1",)
    assert "cheer_captain" not in cs.index and "new_kid" in cs.index


def test_a_patch_with_a_bad_ability_names_the_patch_file(mini_path, tmp_path):
    patch = write(tmp_path, '[touka]\nabilities = ["on join: drow 1"]\n', "patch.toml")
    with pytest.raises(CardSetError) as exc:
        load_cards(mini_path, patches=[patch])
    (p,) = exc.value.problems
    assert p.file == str(patch) and p.card == "hatsurugi_touka" and p.suggestion == "draw"
