"""`cards export OUT` writes the format OUT's extension names, atomically, with the umask's
mode; `cards show` filters that can match nothing are refused, and an empty result says so."""

from __future__ import annotations

import json
import os
import stat
import tomllib

import pytest
from avarium.simulator.cards.export import export_cards, to_toml
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.cards.show import club_named, cost_range
from typer.testing import CliRunner

from avarium.cli.main import app
from tests.conftest import MINI_SET, write

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


# -- 6. export writes the format its extension names -----------------------------------------


def test_export_to_a_toml_file_validates_back_to_the_same_fingerprint(tmp_path):
    out = tmp_path / "out.toml"
    assert run("cards", "export", out).exit_code == 0
    tomllib.loads(out.read_text(encoding="utf-8"))  # TOML, not CSV under a .toml name
    result = run("cards", "validate", out, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["fingerprint"] == load_cards().fingerprint  # the default


def test_export_to_a_csv_file_writes_csv(tmp_path):
    out = tmp_path / "out.csv"
    assert run("cards", "export", out).exit_code == 0
    assert out.read_text(encoding="utf-8").startswith("kind,id,name,")
    assert load_cards(out).fingerprint == load_cards().fingerprint  # the default set


def test_a_toml_export_keeps_every_field_even_awkward_text(mini_path, tmp_path):
    # Awkward for a writer, yet text a card may hold (control characters other than the line
    # break are refused: tests/hostile_input/test_card_text_holds_no_controls_and_fits.py).
    awkward = 'record.text="Line one\\nsays \\"hi\\" \\\\ sep\\u2028 rlo\\u202e and caf\\u00e9"'
    cs = load_cards(mini_path, sets=[awkward])
    again = load_cards(export_cards(cs, tmp_path / "again.toml"))
    assert [c.record() for c in again.cards] == [c.record() for c in cs.cards]
    assert again.fingerprint == cs.fingerprint


def test_export_to_another_extension_is_a_usage_error(tmp_path):
    out = tmp_path / "cards.txt"
    result = run("cards", "export", out)
    assert result.exit_code == 2 and "expected a file name ending in .toml or .csv" in result.stderr
    assert not out.exists()


def test_the_library_refuses_another_extension_too(bundled, tmp_path):
    with pytest.raises(ValueError, match=r"ending in \.toml or \.csv"):
        export_cards(bundled, tmp_path / "cards.json")


def test_an_exported_file_takes_the_umasks_mode(bundled, tmp_path):
    old = os.umask(0o027)
    try:
        path = export_cards(bundled, tmp_path / "cards.toml")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_export_replaces_its_earlier_export_whole_and_leaves_no_temporary_file(
    bundled, mini_path, tmp_path
):
    out = export_cards(load_cards(mini_path), tmp_path / "out" / "cards.toml")
    export_cards(bundled, out)
    assert out.read_text(encoding="utf-8") == to_toml(bundled)
    assert [p.name for p in out.parent.iterdir()] == ["cards.toml"]


# -- 7. show filters that match nothing say so -----------------------------------------------


def test_show_an_unknown_club_is_an_error_naming_the_clubs():
    result = run("cards", "show", "--club", "Nowhere")
    assert result.exit_code == 2
    assert '--club "Nowhere" is not a club' in result.stderr
    assert "Council" in result.stderr and "Martial Arts" in result.stderr


def test_show_a_misspelt_club_suggests_the_nearest():
    result = run("cards", "show", "--club", "Sceinces")
    assert result.exit_code == 2 and 'did you mean "Sciences"' in result.stderr


def test_show_accepts_a_club_in_any_case_and_with_underscores():
    assert club_named("martial_arts") == club_named("MARTIAL ARTS") == "Martial Arts"


def test_show_a_backwards_cost_range_is_a_usage_error():
    result = run("cards", "show", "--cost", "2..1")
    assert result.exit_code == 2 and "FROM..TO with FROM <= TO" in result.stderr


@pytest.mark.parametrize("text", ["two", "2..", "..4", "1..2..3", ""])
def test_show_a_cost_that_is_not_a_number_or_range_is_a_usage_error(text):
    with pytest.raises(ValueError, match=r"FROM\.\.TO"):
        cost_range(text)


def test_show_a_valid_filter_that_matches_no_card_says_so_and_exits_1(tmp_path):
    path = write(tmp_path, MINI_SET)
    result = run("cards", "show", path, "--club", "Space")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.strip() == 'no card matches --club "Space"'


def test_show_a_cost_filter_on_idols_matches_nothing_and_says_why():
    result = run("cards", "show", "--kind", "idol", "--cost", "3")
    assert result.exit_code == 1 and "(Idols have no cost)" in result.stderr


def test_show_a_filter_that_matches_prints_the_cards(tmp_path):
    path = write(tmp_path, MINI_SET)
    result = run("cards", "show", path, "--club", "cheerleader", "--cost", "1..2")
    assert result.exit_code == 0 and "cheer_captain" in result.stdout
    assert "record_o_matic" not in result.stdout
