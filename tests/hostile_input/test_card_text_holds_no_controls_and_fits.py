"""`cards validate` refuses card text holding NUL or another control character, naming the file,
the card and the field, and holds ids, names and titles to a stated length (issue 39, item 3):
an Idol name of 1,000 characters made `report` take 2.5 GB."""

from __future__ import annotations

import json

import pytest
from avarium.simulator.cards.errors import CardSetError
from avarium.simulator.cards.export import to_csv
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.cards.schema import MAX_ID, MAX_NAME
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import MINI_SET, write
from tests.hostile_input.helpers import invoke

CONTROLS = st.one_of(
    st.characters(max_codepoint=0x1F), st.characters(min_codepoint=0x7F, max_codepoint=0x9F)
)


def problems_of(path) -> list[str]:
    with pytest.raises(CardSetError) as caught:
        load_cards(path)
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('name = "Kumara RAJ"', 'name = "Kumara\\u0000RAJ"', "field name"),
        ('title = "The Collector"', 'title = "\\u001b]0;pwned\\u0007"', "field title"),
        ('wincon = "at start', 'wincon = "\\u009bat start', "field wincon"),
        ('["EXHAUST: gain 3 merit"]', '["EXHAUST:\\u007f gain 3 merit"]', "field abilities[1]"),
    ],
    ids=["NUL", "ESC", "CSI", "DEL"],
)
def test_a_control_character_in_card_text_is_refused_by_file_card_and_field(
    tmp_path, old, new, field
):
    path = write(tmp_path, MINI_SET.replace(old, new, 1))
    result = invoke("cards", "validate", path)
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    found = [line for line in result.output.splitlines() if "control character" in line]
    assert len(found) == 1, result.output
    assert str(path) in found[0] and field in found[0] and "expected text without" in found[0]
    assert "card " in found[0]
    assert all(ch not in result.output for ch in "\x00\x1b\x07\x9b\x7f")  # named, not printed


def test_a_control_character_in_a_csv_cell_is_refused(tmp_path):
    text = to_csv(load_cards(write(tmp_path, MINI_SET))).replace(
        "Cheer Captain", "Cheer\x00Captain"
    )
    path = write(tmp_path, text, "cards.csv")
    (message,) = [p for p in problems_of(path) if "control" in p]
    assert 'card "cheer_captain"' in message and "field name" in message
    assert "\\x00 at character 6" in message


@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=20), CONTROLS)
def test_no_control_character_gets_into_a_name(tmp_path_factory, text, control):
    name = text + control + "x"
    with pytest.raises(CardSetError) as caught:
        load_cards(None, [f"hatsurugi_touka.name={json.dumps(name, ensure_ascii=False)}"])
    assert any(p.field == "name" for p in caught.value.problems)


def test_a_line_break_may_run_through_the_printed_rules_text_only(tmp_path):
    text = MINI_SET.replace('text = "EXHAUST: Gain +3 Merit."', 'text = "EXHAUST:\\nGain 3."')
    assert load_cards(write(tmp_path, text)).find("record_o_matic").text == "EXHAUST:\nGain 3."


@pytest.mark.parametrize(
    ("old", "field", "length"),
    [
        ('name = "Kumara RAJ"', "name", MAX_NAME + 1),
        ('title = "The Collector"', "title", MAX_NAME + 1),
        ('id = "kumara_raj"', "id", MAX_ID + 1),
        ('name = "Kumara RAJ"', "name", 1_000),
    ],
)
def test_names_titles_and_ids_longer_than_their_limit_are_refused(tmp_path, old, field, length):
    key = old.split(" = ")[0]
    value = ("k" * length) if field == "id" else ("N" * length)
    path = write(tmp_path, MINI_SET.replace(old, f'{key} = "{value}"', 1))
    (message,) = [p for p in problems_of(path) if f"field {field}:" in p]
    assert f"found {length:,} characters, expected" in message
    assert f"at most {MAX_ID if field == 'id' else MAX_NAME} characters" in message
    assert value not in message.split(": error: ")[1]  # measured, not repeated


def test_names_at_their_limit_are_taken(tmp_path):
    text = MINI_SET.replace('name = "Kumara RAJ"', f'name = "{"N" * MAX_NAME}"').replace(
        'id = "kumara_raj"', f'id = "{"k" * MAX_ID}"'
    )
    assert load_cards(write(tmp_path, text)).find("k" * MAX_ID).name == "N" * MAX_NAME


@pytest.mark.parametrize("version", ["prototype-v1", "prototype-v2"])
def test_the_bundled_sets_fit_the_limits(version):
    cards = load_cards(version).cards
    assert max(len(c.id) for c in cards) <= MAX_ID
    assert max(max(len(c.name), len(c.title)) for c in cards) <= MAX_NAME


def test_a_variant_label_holds_no_control_character(tmp_path):
    experiment = tmp_path / "e.toml"
    experiment.write_text('label = "main\\u0000"\ngames = 100\n', encoding="utf-8")
    result = invoke("simulate", "--config", experiment, "--out", tmp_path / "run")
    assert result.exit_code == 2, result.output
    assert "field label" in result.output and "control character" in result.output
    assert not (tmp_path / "run").exists()
