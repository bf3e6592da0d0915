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


def test_set_changes_one_number_inside_a_wincon_or_an_ability_as_balance_names_it():
    """`--set CARD.wincon.N=V` and `CARD.abilities.K.N=V` (or a word before the number) rewrite
    that number in place: the same set as writing the whole text out."""
    whole = {
        "amyba.wincon.1=16": "amyba.wincon=instant: your recruited >= 16",
        "coral.wincon.clubs=4": "coral.wincon=at start of turn: your clubs >= 4",
        "raj.abilities.1.2=2": "raj.abilities.1=on end of turn if your class >= 3: gain 2 merit",
    }
    for number, text in whole.items():
        changed = load_cards("prototype-v1", [number])
        assert changed.fingerprint == load_cards("prototype-v1", [text]).fingerprint, number
        assert changed.fingerprint != load_cards("prototype-v1").fingerprint


def test_the_changes_a_balance_patch_names_can_be_typed_back_as_set_overrides():
    """Each bundled patch's first line names its changes as the search does
    (`amyba.wincon.1=18`); typed back as `--set`, they give the patched set."""
    from avarium.simulator.cards import bundled

    before: list = []
    for patch in bundled.patches("prototype-v2"):
        names = patch.read_text(encoding="utf-8").splitlines()[0].split("): ", 1)[1]
        typed = load_cards("prototype-v1", names.rstrip(".").split(), patches=before)
        before = [*before, patch]
        assert typed.fingerprint == load_cards("prototype-v1", patches=before).fingerprint


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        (
            "amyba.wincon.3=1",
            'amyba.wincon.3: "instant: your recruited >= 12" has 1 number(s) (wincon.1 = 12)',
        ),
        ("amyba.wincon.1=x", "amyba.wincon.1: expected a whole number, found 'x'"),
        ("kitty.abilities.2.1=2", "peppermint_kitty.abilities.2: the card has no ability 2"),
        ("coral.wincon.merit=3", 'no number follows "merit"'),
    ],
)
def test_a_number_a_text_does_not_have_is_refused_naming_the_card_and_what_it_has(
    expression, message
):
    with pytest.raises(CardSetError) as exc:
        load_cards("prototype-v1", [expression])
    assert message in str(exc.value) and f"--set {expression}" in str(exc.value)
