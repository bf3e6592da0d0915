"""Bad card files give clear errors naming file, card, field and what was expected; never a crash.

One test per class of error, plus a fuzz test of the loader.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from avarium.simulator.cards.errors import ERROR, CardSetError
from avarium.simulator.cards.loader import load_cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import IDOLS, MINI_SET, SCHEMES, STUDENTS, write


def problems(path: Path) -> list:
    with pytest.raises(CardSetError) as exc:
        load_cards(path)
    return [p for p in exc.value.problems if p.severity == ERROR]


def one_problem(path: Path):
    found = problems(path)
    assert len(found) == 1, [str(p) for p in found]
    return found[0]


def test_the_mini_set_loads(mini_path):
    cs = load_cards(mini_path)
    assert [c.id for c in cs.idols] == ["kumara_raj", "hatsurugi_touka"]
    assert cs["record_o_matic"].cost == 3


def test_toml_syntax_error_names_line_and_column(tmp_path):
    p = one_problem(write(tmp_path, MINI_SET.replace("cost = 3", "cost = = 3")))
    assert "TOML syntax" in p.message
    assert p.line > 0 and p.column > 0
    assert p.file.endswith("cards.toml")


def test_missing_field_names_the_field_and_what_is_expected(tmp_path):
    p = one_problem(write(tmp_path, MINI_SET.replace("defense = 2\ntext", "text", 1)))
    assert (p.card, p.field) == ("record_o_matic", "defense")
    assert "missing field defense" in p.message and "whole number" in p.message


def test_wrong_type_says_what_was_found(tmp_path):
    p = one_problem(write(tmp_path, MINI_SET.replace("cost = 3", 'cost = "3"')))
    assert (p.card, p.field) == ("record_o_matic", "cost")
    assert 'found text "3"' in p.message and "whole number from 0 to 20" in p.message
    assert p.line == MINI_SET.splitlines().index("cost = 3") + 1


def test_value_out_of_range(tmp_path):
    p = one_problem(write(tmp_path, MINI_SET.replace("merit = 20", "merit = 0")))
    assert (p.card, p.field) == ("kumara_raj", "merit")
    assert "found 0" in p.message and "from 1 to 99" in p.message


def test_unknown_key_suggests_the_nearest_field(tmp_path):
    p = one_problem(write(tmp_path, MINI_SET.replace("combat = 1\n", "combat = 1\ncombta = 1\n")))
    assert p.field == "combta" and p.suggestion == "combat"


@pytest.mark.parametrize(
    ("old", "new", "field", "suggestion"),
    [
        ('club = "Sciences"', 'club = "Sceinces"', "club", "Sciences"),
        ('colour = "neutral"', 'colour = "nuetral"', "colour", "neutral"),
        ('gender = "unknown"', 'gender = "unknwon"', "gender", "unknown"),
    ],
)
def test_unknown_club_colour_or_gender(tmp_path, old, new, field, suggestion):
    p = one_problem(write(tmp_path, MINI_SET.replace(old, new, 1)))
    assert (p.card, p.field, p.suggestion) == ("record_o_matic", field, suggestion)
    assert "expected one of" in p.message


def test_clubs_accept_the_rulebooks_spelling_in_any_case(tmp_path):
    cs = load_cards(write(tmp_path, MINI_SET.replace('"Martial Arts"', '"martial_arts"')))
    assert cs["hatsurugi_touka"].club_name == "Martial Arts"


def test_duplicate_id_points_at_the_first_use(tmp_path):
    p = one_problem(
        write(tmp_path, MINI_SET + STUDENTS.split("[[student]]")[1].join(["[[student]]", ""]))
    )
    assert p.card == "record_o_matic" and p.field == "id"
    assert "duplicate id" in p.message and "line" in p.message


def test_unknown_word_in_an_ability_gives_its_column_and_a_suggestion(tmp_path):
    p = one_problem(write(tmp_path, MINI_SET.replace("EXHAUST: gain 3", "EXHAUST: gian 3")))
    assert (p.card, p.field, p.suggestion) == ("record_o_matic", "abilities[1]", "gain")
    assert "col 10" in p.message
    line = MINI_SET.splitlines().index('abilities = ["EXHAUST: gain 3 merit"]') + 1
    assert (p.line, p.column) == (line, len('abilities = ["') + 10)


@pytest.mark.parametrize(
    ("ability", "message"),
    [
        ("on join, EXHAUST: gain 1 merit", "takes no cost"),
        ("while in class: this gets +1 combat until end of turn", "takes no duration"),
        ("EXHAUST: this gets +1 combat", "needs a written duration"),
        ("play: gain 1 merit", '"play:" is for Schemes'),
        ("EXHAUST: recruit target enemy student", "recruit takes Students from the Courtyard"),
        ("EXHAUST: cancel target scheme", "only for Surprises"),
    ],
)
def test_an_ability_that_makes_no_sense_for_its_card(tmp_path, ability, message):
    text = MINI_SET.replace("EXHAUST: gain 3 merit", ability)
    p = one_problem(write(tmp_path, text))
    assert p.card == "record_o_matic" and p.field == "abilities[1]"
    assert message in p.message


def test_a_wincon_on_a_student_is_refused(tmp_path):
    text = MINI_SET.replace(
        "defense = 2\ntext", 'defense = 2\nwincon = "instant: your rep >= 9"\ntext', 1
    )
    p = one_problem(write(tmp_path, text))
    assert (p.card, p.field) == ("record_o_matic", "wincon")
    assert "only Idols have a Win-Con" in p.message


def test_a_scheme_ability_must_be_play(tmp_path):
    text = MINI_SET.replace(
        '"play, in a fight: target ally student gets +2 combat until end of fight"',
        '"EXHAUST: gain 1 rep"',
    )
    p = one_problem(write(tmp_path, text))
    assert p.card == "pep_talk" and 'start with "play:"' in p.message


def test_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_bytes(MINI_SET.replace("Student", "Stud\xe9nt").encode("latin-1"))
    p = one_problem(path)
    assert "not UTF-8" in p.message and p.line > 0


def test_an_empty_file(tmp_path):
    p = one_problem(write(tmp_path, "  \n\n"))
    assert "empty" in p.message


def test_a_missing_path():
    p = one_problem(Path("/nonexistent/cards"))
    assert "no such file" in p.message


def test_every_error_is_reported_at_once(tmp_path):
    text = (
        MINI_SET.replace("merit = 20", "merit = -1")
        .replace('colour = "paragon"', 'colour = "blue"')
        .replace("EXHAUST: gain 3", "EXHAUST: gian 3")
    )
    found = problems(write(tmp_path, text))
    assert {(p.card, p.field) for p in found} == {
        ("kumara_raj", "merit"),
        ("cheer_captain", "colour"),
        ("record_o_matic", "abilities[1]"),
    }


def test_cards_may_be_spread_over_several_files(tmp_path):
    write(tmp_path, IDOLS, "idols.toml")
    write(tmp_path, STUDENTS, "students.toml")
    write(tmp_path, SCHEMES, "schemes.toml")
    cs = load_cards(tmp_path)
    assert len(cs.cards) == 5
    assert cs["pep_talk"].source.endswith("schemes.toml")


_fragments = st.sampled_from(
    [
        MINI_SET,
        "[[student]]\n",
        "[[idol]]\n",
        'id = "x"\n',
        "cost = 2\n",
        'abilities = ["',
        "on join: draw 1",
        '"]\n',
        "= =",
        "[[scheme]]\nsurprise = 3\n",
        "\x00",
        "\ufeff",
        "é",
    ]
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(parts=st.lists(st.one_of(_fragments, st.text(max_size=20)), max_size=6))
def test_fuzzed_card_files_only_ever_raise_card_set_errors(tmp_path, parts):
    path = tmp_path / "fuzz.toml"
    path.write_text("".join(parts), encoding="utf-8", errors="surrogatepass")
    try:
        load_cards(path)
    except CardSetError as exc:
        assert all(str(p) for p in exc.problems)


def test_a_card_has_at_most_sixteen_abilities(tmp_path):
    many = ", ".join(['"on join: draw 1"'] * 17)
    p = one_problem(write(tmp_path, MINI_SET.replace('["EXHAUST: gain 3 merit"]', f"[{many}]")))
    assert (p.card, p.field) == ("record_o_matic", "abilities")
    assert "at most 16 abilities" in p.message
