"""A TOML file nested hundreds of levels deep is bad input like any other unreadable TOML: one
line naming the file, never the RecursionError of Python's reader (simulator/tomlread.py)."""

from __future__ import annotations

import tomllib

import pytest
from avarium.simulator import tomlread

from tests.hostile_input.helpers import invoke

DEPTH = 900  # Python 3.11's reader gave up at about 330 levels of arrays
DEEP_ARRAY = "a = " + "[" * DEPTH + "]" * DEPTH + "\n"
DEEP_TABLE = "a = " + "{b = " * DEPTH + "1" + "}" * DEPTH + "\n"
SAID = "too deep to read"


@pytest.mark.parametrize("text", [DEEP_ARRAY, DEEP_TABLE], ids=["arrays", "inline tables"])
def test_a_toml_document_nested_too_deeply_is_a_toml_error_not_a_recursion_error(text):
    with pytest.raises(tomllib.TOMLDecodeError, match=SAID):
        tomlread.loads(text)


def test_a_shallow_document_reads_as_the_standard_reader_reads_it():
    text = 'a = [[1, 2], {b = "c"}]\n[t]\nx = 1\n'
    assert tomlread.loads(text) == tomllib.loads(text)


# Every kind of TOML file a user hands in, and a command that reads it first.
FILES = {
    "card file": lambda f, out: ["simulate", "--cards", f, "--games", 10, "--out", out],
    "patch file": lambda f, out: ["simulate", "--patch", f, "--games", 10, "--out", out],
    "experiment file": lambda f, out: ["simulate", "--config", f, "--out", out],
    "profiles file": lambda f, out: ["play", "--strategy", "heuristic", "--profiles", f],
    "vary file": lambda f, out: ["balance", "--vary-file", f, "--out", out, "--jobs", 1],
}


@pytest.mark.parametrize("kind", FILES)
def test_a_file_nested_too_deeply_is_refused_by_name_in_one_line(kind, tmp_path):
    path, out = tmp_path / "deep.toml", tmp_path / "out"
    path.write_text(DEEP_ARRAY, encoding="utf-8")
    result = invoke(*FILES[kind](path, out))
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    said = [line for line in result.stderr.splitlines() if SAID in line]
    assert len(said) == 1 and str(path) in said[0], result.stderr
    assert result.stderr.splitlines()[-1].startswith("error: ")
    assert not out.exists()


def test_a_card_override_nested_too_deeply_is_a_bad_value_not_a_crash():
    deep = "[" * DEPTH + "]" * DEPTH
    result = invoke("play", "--set", f"raj.merit={deep}")
    assert result.exit_code == 1, result.output  # a card set that does not load, as documented
    assert "Traceback" not in result.output
    assert result.stderr.splitlines()[-1] == "error: 1 error(s); the card set was not loaded"


def test_a_run_whose_experiment_toml_is_nested_too_deeply_is_left_as_it_is(tmp_path):
    stored = tmp_path / "run" / "experiment.toml"
    stored.parent.mkdir()
    stored.write_text(DEEP_ARRAY, encoding="utf-8")
    result = invoke("simulate", "--strategy", "random", "--games", 10, "--out", stored.parent)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.stderr.splitlines() == [
        f"error: {stored} cannot be read ({tomlread.TOO_DEEP}); nothing was changed"
    ]
    assert stored.read_text(encoding="utf-8") == DEEP_ARRAY
    assert [p.name for p in stored.parent.iterdir()] == ["experiment.toml"]
