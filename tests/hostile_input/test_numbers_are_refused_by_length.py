"""A number is refused by its length before it is converted, with the field named: Python's int()
raises past 4,300 digits ("Exceeds the limit"), which was a traceback wherever a number is read.
And a number is written in ASCII digits everywhere: a CSV cell took "１８" and "٣" where `--set`
refused them (issue 39, item 3)."""

from __future__ import annotations

import json

import pytest
from avarium.simulator.cards.errors import CardSetError
from avarium.simulator.cards.export import to_csv
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.safetext import MAX_DIGITS, whole_number
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.conftest import MINI_SET, write
from tests.hostile_input.helpers import invoke, one_line_error

# From just past what any number may have to past what int() reads at all.
LONG = st.integers(MAX_DIGITS + 1, 6_000).map(lambda n: "9" * n)
OTHER_DIGITS = ["１８", "٣", "१८", "²", "18\u0660"]


def problem(sets: list[str], path=None) -> tuple[str, str]:
    """The one problem loading (the mini set at `path` or the bundled set) with `sets` gives:
    its field and its line."""
    with pytest.raises(CardSetError) as caught:
        load_cards(path, sets)
    (found,) = caught.value.problems
    return found.field, str(found)


@settings(max_examples=15, deadline=None)
@given(LONG)
def test_a_long_number_in_a_set_is_refused_by_field(number):
    field, line = problem([f"hatsurugi_touka.merit={number}"])
    assert field == "merit" and f"a number of {len(number):,} digits" in line
    field, line = problem([f"hatsurugi_touka.wincon.1={number}"])
    assert field == "wincon" and f"ASCII digits 0-9, at most {MAX_DIGITS}" in line
    wincon = json.dumps(f"instant: your merit >= {number}")
    field, line = problem([f"hatsurugi_touka.wincon={wincon}"])
    assert field == "wincon" and f"a number of {len(number):,} digits is out of range" in line
    assert len(line) < 400  # measured, not repeated


@settings(max_examples=10, deadline=None)
@given(number=LONG)
def test_a_long_number_in_an_ability_is_refused_by_field(tmp_path_factory, number):
    path = write(tmp_path_factory.mktemp("cards"), MINI_SET)
    ability = json.dumps(f"EXHAUST: gain {number} merit")
    field, line = problem([f"record_o_matic.abilities.1={ability}"], path)
    assert field == "abilities[1]" and "digits is out of range" in line


def csv_with_merit(tmp_path, merit: str):
    text = to_csv(load_cards(write(tmp_path, MINI_SET)))
    header, *rows = text.splitlines()
    column = header.split(",").index("merit")
    cells = rows[0].split(",")
    assert cells[1] == "kumara_raj" and cells[column] == "20"
    cells[column] = merit
    return write(tmp_path, "\n".join([header, ",".join(cells), *rows[1:]]) + "\n", "cards.csv")


@pytest.mark.parametrize("merit", ["9" * 5_000, "9" * (MAX_DIGITS + 1), *OTHER_DIGITS])
def test_a_csv_card_cell_takes_only_ascii_digits_of_sensible_length(tmp_path, merit):
    field, line = problem([], csv_with_merit(tmp_path, merit))
    assert field == "merit" and 'card "kumara_raj"' in line
    assert "expected a whole number from 1 to 99" in line


def test_a_csv_card_cell_still_takes_a_plain_number(tmp_path):
    assert load_cards(csv_with_merit(tmp_path, "+19")).find("kumara_raj").merit == 19


@pytest.mark.parametrize("value", OTHER_DIGITS)
def test_a_set_takes_only_ascii_digits_like_a_csv_cell(value):
    field, line = problem([f"hatsurugi_touka.wincon.1={value}"])
    assert field == "wincon" and "ASCII digits" in line


def test_a_long_number_in_a_card_file_names_its_key(tmp_path):
    path = write(tmp_path, MINI_SET.replace("merit = 20", f"merit = {'9' * 5_000}"))
    result = invoke("cards", "validate", path)
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "merit holds a number of 5,000 digits" in result.output


@pytest.mark.parametrize(
    ("flag", "value", "named"),
    [
        ("--rule", "max_turns={}", "--rule max_turns"),
        ("--bots", "mcts/{},random", "--bots"),
        ("--strategy", "lookahead/{},random", "--bots"),  # the same flag by its other name
    ],
)
@pytest.mark.parametrize("digits", [MAX_DIGITS + 1, 4_301, 10_000])
def test_a_long_number_in_a_flag_is_one_line_naming_it(tmp_path, flag, value, named, digits):
    out = tmp_path / "run"
    result = invoke("simulate", flag, value.format("9" * digits), "--games", 100, "--out", out)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert any(line.startswith(named) for line in result.output.splitlines()), result.output
    assert not out.exists()


def test_a_rule_takes_only_ascii_digits(tmp_path):
    result = invoke("simulate", "--rule", "max_turns=٣", "--games", 100, "--out", tmp_path / "r")
    assert result.exit_code == 2 and "--rule max_turns" in result.output


def test_a_long_bot_budget_in_play_is_one_line():
    result = invoke("play", "--strategy", f"mcts/{'9' * 5_000},random")
    one_line_error(result, 2, "mcts/<a number of 5,000 digits>", "from 1 to 100,000")


@given(st.text(max_size=40))
@example("0\x1f")  # str.strip() takes U+001F off, int() does not: not a number
def test_a_whole_number_is_ascii_digits_of_sensible_length(text):
    number = whole_number(text)
    if number is not None:
        assert text.strip().lstrip("+-").isascii() and int(text) == number
        assert len(text.strip().lstrip("+-")) <= MAX_DIGITS
