"""What a balance search may vary, named as on the command line, and the clear one-line errors
for anything else: the flag or file, the card, the field and what was expected; exit code 2;
no traceback; nothing written."""

from __future__ import annotations

from dataclasses import replace

import pytest
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.cards.numbers import NumberError, find_number, patch_tables, set_expressions
from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()


@pytest.fixture(scope="module")
def cards():
    return load_cards("prototype-v1")  # the numbers these examples name (tests/conftest.py)


def test_a_numeric_field_is_named_card_dot_field(cards):
    number = find_number(cards, "touka.combat")
    assert (number.name, number.value, number.low, number.high) == (
        "hatsurugi_touka.combat",
        4,
        0,
        20,
    )


def test_a_number_in_a_wincon_is_named_by_position_or_by_the_word_before_it(cards):
    by_word = find_number(cards, "coral.wincon.clubs")
    by_position = find_number(cards, "coral.wincon.1")
    assert by_word == by_position
    assert by_word.name == "syeira_coral.wincon.1" and by_word.value == 6


def test_a_number_in_an_ability_is_named_by_ability_then_position(cards):
    gain = find_number(cards, "raj.abilities.1.gain")
    assert gain.name == "kumara_raj.abilities.1.2" and gain.value == 1
    assert find_number(cards, "raj.abilities.1.1").value == 3  # "if your class >= 3"


def test_changed_numbers_become_overrides_and_patch_entries_that_rewrite_the_text(cards):
    clubs = find_number(cards, "coral.wincon.clubs")
    combat = find_number(cards, "touka.combat")
    gain = find_number(cards, "raj.abilities.1.gain")
    changes = [(clubs, 5), (combat, 3), (gain, 2)]
    assert set_expressions(changes) == [
        "hatsurugi_touka.combat=3",
        'kumara_raj.abilities.1="on end of turn if your class >= 3: gain 2 merit"',
        'syeira_coral.wincon="at start of turn: your clubs >= 5"',
    ]
    assert patch_tables(changes) == {
        "hatsurugi_touka": {"combat": 3},
        "kumara_raj": {"abilities.1": "on end of turn if your class >= 3: gain 2 merit"},
        "syeira_coral": {"wincon": "at start of turn: your clubs >= 5"},
    }
    load_cards("prototype-v1", set_expressions(changes))  # the rewritten set loads


def test_a_patch_rewrites_the_printed_text_of_a_changed_ability_number_for_number(cards):
    # Raj's text says "3 or more Students ... gain 1 Merit", the numbers of his ability in order
    changes = [
        (find_number(cards, "raj.abilities.1.class"), 2),
        (find_number(cards, "raj.abilities.1.gain"), 2),
    ]
    tables = patch_tables(changes, cards)
    assert tables["kumara_raj"]["text"] == (
        "At the end of your turn, if you have 2 or more Students in your Class, gain 2 Merit."
    )
    assert (
        "text"
        not in patch_tables([(find_number(cards, "touka.combat"), 3)], cards)["hatsurugi_touka"]
    )


def test_a_printed_text_whose_numbers_do_not_follow_the_abilities_is_left_for_the_designer(cards):
    from avarium.simulator.cards.numbers import printed_text

    raj = cards["kumara_raj"]
    new = {1: "on end of turn if your class >= 2: gain 2 merit"}
    assert printed_text(raj, new).startswith("At the end of your turn, if you have 2 or more")
    reordered = replace(raj, text="Gain 1 Merit at the end of your turn with 3 Students.")
    assert printed_text(reordered, new) is None  # which 2 goes where would be a guess
    # a text that already says what the changed ability does is kept as it is
    said = replace(raj, text="At the end of your turn, with 2 Students in Class, gain 2 Merit.")
    assert printed_text(said, new) == said.text


def test_a_patch_says_when_a_changed_abilitys_printed_text_is_left_for_the_designer(tmp_path):
    from types import SimpleNamespace

    from avarium.workflows.balance.outputs import _patch
    from avarium.workflows.balance.space import build_space

    # Raj's ability made to gain 3 at class 1: his printed text still says 3 and 1
    cards = load_cards(
        "prototype-v1", ['kumara_raj.abilities.1="on end of turn if your class >= 1: gain 3 merit"']
    )
    space = build_space(["raj.abilities.1.gain=1..3"], None, cards, (0, 2))
    best = SimpleNamespace(values=(2,), label="kumara_raj.abilities.1.2=2")
    text = _patch(tmp_path, SimpleNamespace(best=best), space, "balanced", "c", cards).read_text()
    assert "The printed text of kumara_raj is as it was" in text
    assert 'abilities.1 = "on end of turn if your class >= 1: gain 2 merit"' in text
    # brought back to his text's numbers: nothing to say
    back = SimpleNamespace(values=(1,), label="kumara_raj.abilities.1.2=1")
    cards = load_cards(
        "prototype-v1", ['kumara_raj.abilities.1="on end of turn if your class >= 3: gain 3 merit"']
    )
    space = build_space(["raj.abilities.1.gain=1..3"], None, cards, (0, 2))
    text = _patch(tmp_path, SimpleNamespace(best=back), space, "balanced", "c", cards).read_text()
    assert "printed text" not in text


@pytest.mark.parametrize(
    ("target", "said"),
    [
        ("touka.wisdom", "hatsurugi_touka.wisdom: not a number of this card; expected combat"),
        ("coral.wincon.7", "has 1 number(s) (wincon.1 = 6); expected a position from 1 to 1"),
        ("coral.wincon.reputation", 'no number follows "reputation"'),
        ("raj.abilities.4.1", "the card has 1 abilities; expected a number from 1 to 1"),
    ],
)
def test_a_number_that_does_not_exist_is_refused_naming_card_and_field(cards, target, said):
    with pytest.raises(NumberError) as caught:
        find_number(cards, target)
    assert said in str(caught.value)


def _refused(args, tmp_path):
    out = tmp_path / "out"
    result = cli.invoke(app, ["balance", *args, "-o", str(out), "-j", "1"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.stderr.startswith("error: ")
    assert not out.exists()  # nothing written
    return result.stderr


def test_an_unknown_card_is_refused_naming_the_flag_and_the_card(tmp_path):
    said = _refused(["--vary", "nobody.combat=1..3"], tmp_path)
    assert '--vary "nobody.combat"' in said and "nobody" in said


def test_an_unknown_field_is_refused_naming_what_was_expected(tmp_path):
    said = _refused(["--vary", "touka.wisdom=1..3"], tmp_path)
    assert "hatsurugi_touka.wisdom" in said and "expected combat" in said


@pytest.mark.parametrize("spec", ["touka.combat=5..2", "touka.combat=3", "touka.combat=a..b"])
def test_a_bad_range_is_refused_saying_what_a_range_is(tmp_path, spec):
    said = _refused(["--vary", spec], tmp_path)
    assert f'--vary "{spec}"' in said and ("FROM..TO" in said or "two values" in said)


def test_a_range_outside_what_the_card_language_accepts_is_refused(tmp_path):
    said = _refused(["--vary", "touka.combat=18..25"], tmp_path)
    assert "hatsurugi_touka.combat takes values from 0 to 20" in said


def test_nothing_to_vary_is_refused(tmp_path):
    assert "--vary: name at least one field" in _refused([], tmp_path)


def test_a_field_named_twice_is_refused(tmp_path):
    said = _refused(
        ["--vary", "touka.combat=1..3", "--vary", "hatsurugi_touka.combat=2..4"], tmp_path
    )
    assert "named twice" in said


def test_a_value_listed_twice_is_refused_and_nothing_is_written(tmp_path):
    said = _refused(["--vary", "touka.combat=2,2,3"], tmp_path)
    assert '--vary "touka.combat": the value 2 is listed twice' in said


def test_a_vary_file_is_read_and_its_errors_name_the_file(tmp_path):
    bad = tmp_path / "vary.toml"
    bad.write_text('[vary]\n"touka.combat" = 3\n', encoding="utf-8")
    said = _refused(["--vary-file", str(bad)], tmp_path)
    assert f"--vary-file {bad}" in said and '"touka.combat"' in said and "expected a range" in said
    bad.write_text('combat = "1..3"\n', encoding="utf-8")
    assert "expected one [vary] table" in _refused(["--vary-file", str(bad)], tmp_path)
    bad.write_text("[vary\n", encoding="utf-8")
    assert "not valid TOML" in _refused(["--vary-file", str(bad)], tmp_path)
    bad.write_text('[vary]\n"nobody.combat" = "1..3"\n', encoding="utf-8")
    assert f'--vary-file {bad} "nobody.combat"' in _refused(["--vary-file", str(bad)], tmp_path)


def test_a_bonus_names_a_later_seat(tmp_path):
    assert "bonus.K with K a seat from 2 to 2" in _refused(["--vary", "bonus.1=0..3"], tmp_path)


@pytest.mark.parametrize("budget", ["lots", "0", "20 parsecs"])
def test_a_budget_is_games_or_minutes(tmp_path, budget):
    said = _refused(["--vary", "touka.combat=1..3", "--budget", budget], tmp_path)
    assert "--budget" in said


def test_a_vary_file_and_flags_make_one_space_with_each_start_value(cards, tmp_path):
    from avarium.workflows.balance.space import build_space

    file = tmp_path / "vary.toml"
    file.write_text('[vary]\n"coral.wincon.clubs" = [4, 5, 6]\n"bonus.2" = "0..3"\n', "utf-8")
    space = build_space(["touka.combat=2..8..2"], file, cards, (0, 2))
    assert [(a.name, a.values, a.start) for a in space.axes] == [
        ("hatsurugi_touka.combat", (2, 4, 6, 8), 4),
        ("syeira_coral.wincon.1", (4, 5, 6), 6),
        ("bonus.2", (0, 1, 2, 3), 2),
    ]
    values = (2, 5, 1)
    assert space.label(values) == "hatsurugi_touka.combat=2 syeira_coral.wincon.1=5 bonus.2=1"
    assert space.bonus(values, (0, 2)) == (0, 1)
    assert [a.steps(v) for a, v in space.changes(values)] == [1, 1, 1]  # 4 -> 2 is one step of 2
    assert space.label(space.start) == "start" and space.size == 48


def test_idols_no_vary_reaches_are_the_unvaried_ones_when_only_idols_are_varied(cards, tmp_path):
    from avarium.workflows.balance.space import build_space

    pool = [c.id for c in cards.idols]
    idols = set(pool)
    space = build_space(["touka.combat=2..5", "coral.wincon.clubs=4..6", "bonus.2=0..3"],
                        None, cards, (0, 2))  # fmt: skip
    held = space.unreached(pool, idols)
    assert sorted(pool[i] for i in held) == sorted(idols - {"hatsurugi_touka", "syeira_coral"})
    # a Student's number reaches every Idol that plays the Student: none is out of reach
    student = next(c for c in cards.students if c.combat > 0)
    with_student = build_space(["touka.combat=2..5", f"{student.id}.combat=1..3"], None, cards,
                               (0, 2))  # fmt: skip
    assert with_student.unreached(pool, idols) == ()


def test_an_out_it_cannot_write_is_one_line_before_any_game():
    # /proc takes no new directories, for root too (whom permission bits do not stop).
    result = cli.invoke(app, ["balance", "--vary", "touka.combat=1..4", "-o", "/proc/bal"])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("error: cannot write /proc/bal") and "Traceback" not in (
        result.output
    )
