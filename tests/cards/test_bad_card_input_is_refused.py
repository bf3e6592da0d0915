"""Every bad card input is refused with the file, line, card and field, and what was expected:
special files (never opened), symbolic link loops, whole directories, CSV rows of the wrong
length, sets too small for the rules, patches with many bad entries."""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

import pytest
from avarium.simulator.cards.errors import ERROR, WARNING, CardSetError
from avarium.simulator.cards.export import to_csv
from avarium.simulator.cards.loader import MIN_IDOLS, MIN_STUDENTS, load_cards
from avarium.simulator.constants import CardKind
from typer.testing import CliRunner

from avarium.cli.main import app
from tests.conftest import IDOLS, MINI_SET, SCHEMES, STUDENTS, write


def errors(path: Path, **kwargs) -> list:
    with pytest.raises(CardSetError) as exc:
        load_cards(path, **kwargs)
    return [p for p in exc.value.problems if p.severity == ERROR]


class Fifos:
    """FIFOs for the tests, watched so that no test can hang: should the loader ever open one
    for reading (which blocks until a writer comes), a writer comes, the read ends at once, and
    the test sees the FIFO in `opened` and fails instead of hanging."""

    def __init__(self) -> None:
        self.made: list[Path] = []
        self.opened: list[Path] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._release_readers, daemon=True)
        self._thread.start()

    def make(self, path: Path) -> Path:
        os.mkfifo(path)
        self.made.append(path)
        return path

    def _release_readers(self) -> None:
        while not self._stop.wait(0.05):
            for path in list(self.made):
                try:  # a non-blocking writer succeeds only when someone is reading
                    fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
                except OSError:
                    continue
                os.close(fd)
                self.opened.append(path)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


@pytest.fixture
def fifos():
    watcher = Fifos()
    yield watcher
    watcher.stop()
    assert watcher.opened == [], "a FIFO was opened for reading"


# -- 1. special files are refused at once, never opened --------------------------------------


def test_a_fifo_given_as_a_card_path_is_refused_without_being_opened(tmp_path, fifos):
    pipe = fifos.make(tmp_path / "cards.toml")
    (p,) = errors(pipe)
    assert p.file == str(pipe) and "is not a regular file" in p.message and "FIFO" in p.message


def test_a_fifo_in_a_card_directory_is_an_error_naming_it(tmp_path, fifos):
    write(tmp_path, MINI_SET, "cards.toml")
    pipe = fifos.make(tmp_path / "more.toml")
    (p,) = errors(tmp_path)
    assert p.file == str(pipe) and "is not a regular file" in p.message


def test_a_fifo_in_a_card_directory_is_an_error_whatever_its_name(tmp_path, fifos):
    write(tmp_path, MINI_SET, "cards.toml")
    pipe = fifos.make(tmp_path / "notes")
    (p,) = errors(tmp_path)
    assert p.file == str(pipe) and "is not a regular file" in p.message


def test_a_fifo_given_as_a_patch_is_refused_without_being_opened(mini_path, tmp_path, fifos):
    pipe = fifos.make(tmp_path / "patch.toml")
    (p,) = errors(mini_path, patches=[pipe])
    assert p.file == str(pipe) and "is not a regular file" in p.message


def test_a_device_given_as_a_card_path_is_refused(tmp_path):
    link = tmp_path / "cards.toml"
    link.symlink_to(os.devnull)
    (p,) = errors(link)
    assert "is not a regular file (it is a device)" in p.message


def test_a_socket_in_a_card_directory_is_an_error_naming_it(tmp_path):
    write(tmp_path, MINI_SET, "cards.toml")
    path = tmp_path / "s.toml"
    with socket.socket(socket.AF_UNIX) as listener:
        listener.bind(str(path))
        (p,) = errors(tmp_path)
    assert p.file == str(path) and "is not a regular file (it is a socket)" in p.message


def test_a_symlink_loop_is_reported_as_a_loop_not_a_missing_file(tmp_path):
    loop = tmp_path / "cards.toml"
    loop.symlink_to(loop)
    (p,) = errors(loop)
    assert "symbolic link loop" in p.message and "no such file" not in p.message


def test_a_symlink_loop_in_a_card_directory_is_reported_as_a_loop(tmp_path):
    write(tmp_path, MINI_SET, "cards.toml")
    (tmp_path / "a.toml").symlink_to(tmp_path / "b.toml")
    (tmp_path / "b.toml").symlink_to(tmp_path / "a.toml")
    found = errors(tmp_path)
    assert {Path(p.file).name for p in found} == {"a.toml", "b.toml"}
    assert all("symbolic link loop" in p.message for p in found)


def test_a_directory_linked_into_itself_is_read_once_and_the_link_named(tmp_path):
    write(tmp_path, MINI_SET, "cards.toml")
    (tmp_path / "again").symlink_to(tmp_path)
    (p,) = errors(tmp_path)
    assert p.file == str(tmp_path / "again") and "already read" in p.message


def test_a_broken_symlink_names_what_it_points_at(tmp_path):
    link = tmp_path / "cards.toml"
    link.symlink_to(tmp_path / "gone.toml")
    (p,) = errors(link)
    assert "broken symbolic link" in p.message and "gone.toml" in p.message


# -- 2. a card directory is read whole -------------------------------------------------------


def test_a_card_directory_reads_its_csv_files_beside_its_toml_files(tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    write(cards, IDOLS + SCHEMES, "cards.toml")
    exported = to_csv(load_cards(write(tmp_path, MINI_SET, "whole.toml")))
    rows = [r for r in exported.splitlines() if r.startswith(("kind", "student"))]
    write(cards, "\n".join(rows) + "\n", "students.csv")
    cs = load_cards(cards)
    assert [c.id for c in cs.students] == ["record_o_matic", "cheer_captain"]
    assert cs["cheer_captain"].source.endswith("students.csv")


def test_a_card_directory_reads_its_subdirectories_in_sorted_order(tmp_path):
    write(tmp_path, IDOLS, "idols.toml")
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "deeper").mkdir(parents=True)
    first, second = STUDENTS.split("[[student]]")[1:]
    write(tmp_path / "b", "[[student]]" + first, "students.toml")
    write(tmp_path / "a" / "deeper", "[[student]]" + second, "students.toml")
    write(tmp_path / "a", SCHEMES, "schemes.toml")
    cs = load_cards(tmp_path)
    # a/deeper/students.toml comes before b/students.toml, whatever the disk's order
    assert [c.id for c in cs.students] == ["cheer_captain", "record_o_matic"]
    assert cs["pep_talk"].source == str(tmp_path / "a" / "schemes.toml")


def test_files_starting_with_a_dot_are_skipped(tmp_path):
    write(tmp_path, MINI_SET, "cards.toml")
    write(tmp_path, "this is not TOML", ".cards.toml.swp.toml")
    (tmp_path / ".git").mkdir()
    write(tmp_path / ".git", "neither is this", "config.toml")
    assert len(load_cards(tmp_path).cards) == 5


def test_other_files_in_a_card_directory_are_left_alone(tmp_path):
    write(tmp_path, MINI_SET, "cards.toml")
    write(tmp_path, "# My cards\n", "README.md")
    cs = load_cards(tmp_path)
    assert len(cs.cards) == 5 and not any("README" in str(w) for w in cs.warnings)


def test_a_directory_with_no_card_file_even_below_is_an_error(tmp_path):
    (tmp_path / "empty").mkdir()
    write(tmp_path, "# My cards\n", "README.md")
    (p,) = errors(tmp_path)
    assert "no .toml or .csv card files" in p.message and p.file == str(tmp_path)


# -- 3. CSV rows with extra or missing cells -------------------------------------------------


def _mini_csv(directory: Path, change, name: str = "cards.csv") -> Path:
    """The mini set as CSV in `directory`, with Cheer Captain's row changed by `change`."""
    scratch = directory / "scratch"
    scratch.mkdir(exist_ok=True)
    lines = to_csv(load_cards(write(scratch, MINI_SET, "mini.toml"))).split("\n")
    row = next(n for n, line in enumerate(lines) if line.startswith("student,cheer_captain"))
    lines[row] = change(lines[row])
    return write(directory, "\n".join(lines), name)


def test_a_csv_row_with_an_extra_cell_is_an_error(tmp_path):
    path = _mini_csv(tmp_path, lambda row: row + ",surplus")
    (p,) = errors(path)
    assert (p.file, p.card) == (str(path), "cheer_captain") and p.line > 1
    assert "the row has 20 cells, expected 19" in p.message and '"surplus"' in p.message


def test_a_csv_row_with_too_few_cells_is_an_error(tmp_path):
    path = _mini_csv(tmp_path, lambda row: row.rsplit(",", 2)[0])
    (p,) = errors(path)
    assert (p.card, p.field) == ("cheer_captain", "text") and p.line > 1
    assert "the row has 17 cells, expected 19" in p.message and "missing: text" in p.message


def test_a_csv_header_naming_a_column_twice_is_an_error(tmp_path):
    path = write(tmp_path, "kind,id,cost,cost\nstudent,x,1,2\n", "cards.csv")
    (p,) = errors(path)
    assert (p.field, p.line) == ("cost", 1) and "appears 2 times" in p.message


def test_a_csv_value_under_a_column_without_a_name_is_an_error(tmp_path):
    path = _mini_csv(tmp_path, lambda row: row)
    text = path.read_text(encoding="utf-8").replace("kind,id,", "kind,,", 1)
    found = errors(write(tmp_path, text, "cards.csv"))
    assert len(found) == 5  # one per card row: each has an id under the nameless column
    assert all("cell 2 holds a value" in p.message and p.line > 1 for p in found)


# -- 4. a set too small for the rules --------------------------------------------------------


def _without(text: str, card_id: str) -> str:
    kept = [t for t in text.split("\n[[") if f'id = "{card_id}"' not in t]
    return "\n[[".join(kept)


def test_a_set_with_one_idol_is_an_error(tmp_path):
    path = write(tmp_path, _without(MINI_SET, "kumara_raj"))
    (p,) = errors(path)
    assert p.file == str(path) and "the set has 1 Idol;" in p.message
    assert f"at least {MIN_IDOLS}" in p.message


def test_a_set_with_no_idol_is_an_error(tmp_path):
    text = _without(_without(MINI_SET, "kumara_raj"), "hatsurugi_touka")
    (p,) = errors(write(tmp_path, text))
    assert "the set has 0 Idols" in p.message


def test_a_set_with_fewer_students_than_the_courtyard_holds_is_an_error(tmp_path):
    (p,) = errors(write(tmp_path, MINI_SET.replace("copies = 5", "copies = 4")))
    assert "the set has 5 Students" in p.message and f"at least {MIN_STUDENTS}" in p.message
    assert "Courtyard" in p.message


def test_a_set_with_no_students_is_an_error(tmp_path):
    (p,) = errors(write(tmp_path, IDOLS + SCHEMES))
    assert "the set has 0 Students" in p.message


def test_student_copies_count_towards_the_minimum(mini_path):
    cs = load_cards(mini_path)  # two Student cards, one of them with 5 copies
    assert len(cs.students) == 2 and cs.count(CardKind.STUDENT) == MIN_STUDENTS


def test_a_set_too_small_is_reported_with_its_other_errors(tmp_path):
    text = _without(MINI_SET, "kumara_raj").replace("cost = 3", "cost = -3")
    found = errors(write(tmp_path, text))
    assert {("record_o_matic", "cost"), ("", "")} == {(p.card, p.field) for p in found}


def test_a_set_without_schemes_loads_with_a_warning(tmp_path):
    cs = load_cards(write(tmp_path, IDOLS + STUDENTS))
    assert cs.schemes == []
    assert any(w.severity == WARNING and "0 scheme cards" in str(w) for w in cs.warnings)


# -- 5. patches report every problem with its line -------------------------------------------

BAD_PATCH = """\
remove = ["pep_talk", "nobody_at_all"]
not_a_table = 3

[kumara_raj]
merit = -3
meritt = 5
abilities.x = "on join: draw 1"
abilities.9 = "on join: draw 1"

[touka]
abilities = ["on join: drow 1"]
club = "Sceinces"
cost.2 = 3

[ghost]
merit = 4

[cheer]
defense = "tough"

[[add.student]]
id = "new_kid"
name = "New Kid"
title = "Student"
cost = 99
colour = "neutral"
gender = "male"
club = "None"
combat = 1
defense = 1

[[add.wizard]]
id = "merlin"
"""


def _line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_a_patch_reports_every_bad_entry_with_its_line_card_and_field(mini_path, tmp_path):
    patch = write(tmp_path, BAD_PATCH, "patch.toml")
    found = errors(mini_path, patches=[patch])
    at = {(p.line, p.card, p.field) for p in found}
    expected = {
        (_line_of(BAD_PATCH, "nobody_at_all"), "nobody_at_all", "remove"),
        (_line_of(BAD_PATCH, "merit = -3"), "kumara_raj", "merit"),
        (_line_of(BAD_PATCH, "meritt"), "kumara_raj", "meritt"),
        (_line_of(BAD_PATCH, "abilities.x"), "kumara_raj", "abilities"),
        (_line_of(BAD_PATCH, "abilities.9"), "kumara_raj", "abilities[9]"),
        (_line_of(BAD_PATCH, "drow"), "hatsurugi_touka", "abilities[1]"),
        (_line_of(BAD_PATCH, "Sceinces"), "hatsurugi_touka", "club"),
        (_line_of(BAD_PATCH, "cost.2"), "hatsurugi_touka", "cost"),
        (_line_of(BAD_PATCH, "[ghost]"), "ghost", ""),
        (_line_of(BAD_PATCH, "tough"), "cheer_captain", "defense"),
        (_line_of(BAD_PATCH, "not_a_table"), "not_a_table", ""),
        (_line_of(BAD_PATCH, "cost = 99"), "new_kid", "cost"),
        (_line_of(BAD_PATCH, "add.wizard"), "", ""),
    }
    assert at == expected, sorted(map(str, found))
    assert all(p.file == str(patch) and p.line > 0 for p in found)
    assert all("expected" in p.message or "matches" in p.message for p in found)


def test_a_patch_toml_syntax_error_names_its_line_and_column(mini_path, tmp_path):
    patch = write(tmp_path, "[touka]\nmerit = = 3\n", "patch.toml")
    (p,) = errors(mini_path, patches=[patch])
    assert (p.file, p.line) == (str(patch), 2) and p.column > 0 and "TOML syntax" in p.message


def test_a_patch_that_removes_too_many_students_is_an_error(mini_path, tmp_path):
    patch = write(tmp_path, 'remove = ["record_o_matic"]\n', "patch.toml")
    (p,) = errors(mini_path, patches=[patch])
    assert "the set has 5 Students" in p.message


# -- 8. the command line: one line per problem on stderr, no traceback -----------------------


def test_cards_validate_prints_one_line_per_problem_and_no_traceback(tmp_path, fifos):
    cards = tmp_path / "cards"
    cards.mkdir()
    pipe = fifos.make(cards / "pipe.toml")
    more = _mini_csv(cards, lambda row: row + ",surplus", "more.csv")
    result = CliRunner().invoke(app, ["cards", "validate", str(cards)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"{more}:") and "expected 19" in lines[0]
    assert lines[1].startswith(f"{pipe}: error: is not a regular file")
    assert lines[2] == f"error: 2 error(s) in {cards}"


def test_a_problem_quoting_a_line_break_is_still_one_line(tmp_path):
    path = _mini_csv(tmp_path, lambda row: row + ',"two\nlines"')
    result = CliRunner().invoke(app, ["cards", "validate", str(path)])
    problem, summary = result.stderr.splitlines()
    assert problem.startswith(f"{path}:") and '"two lines"' in problem
    assert summary == f"error: 1 error(s) in {path}"


def test_cards_validate_refuses_a_set_with_one_idol(tmp_path):
    path = write(tmp_path, _without(MINI_SET, "kumara_raj"))
    result = CliRunner().invoke(app, ["cards", "validate", str(path)])
    assert result.exit_code == 1
    assert f"{path}: error: the set has 1 Idol;" in result.stderr


def test_cards_validate_refuses_a_fifo_at_once(tmp_path, fifos):
    pipe = fifos.make(tmp_path / "cards.toml")
    result = CliRunner().invoke(app, ["cards", "validate", str(pipe)])
    assert result.exit_code == 1 and "is not a regular file" in result.stderr
