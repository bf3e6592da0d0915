"""The experiment's fields are one table (runner/field_table.py): the experiment reader, the
Python API, the comparison's list of differences and docs/commands.md all read it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from avarium.runner import field_table
from avarium.runner.experiment_file import ExperimentError, from_flags, resolve
from avarium.runner.field_table import BY_NAME, FIELDS, VARIANT_FIELDS

import avarium

ROOT = Path(__file__).resolve().parents[1]


def test_the_commands_doc_holds_the_table_generated_from_the_fields():
    text = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert field_table.with_table(text) == text, (
        "docs/commands.md's experiment-fields table is not the generated one: run "
        "`python -m avarium.runner.field_table --write` from the repository's root"
    )
    for field in field_table.FLAGGED:
        assert f"`{field.name}` (" in text and field.help.replace("|", "\\|") in text


def test_writing_the_table_replaces_only_what_stands_between_the_markers(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    doc = tmp_path / "docs" / "commands.md"
    doc.write_text(f"before\n{field_table.START}\nstale row\n{field_table.END}\nafter\n")
    assert field_table.main(["--write"]) == 0
    text = doc.read_text()
    assert text.startswith(f"before\n{field_table.START}\n| flag |") and "stale row" not in text
    assert text.endswith(f"{field_table.END}\nafter\n")


def test_a_doc_without_the_markers_is_named_and_left_as_it_was(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    doc = tmp_path / "docs" / "commands.md"
    doc.write_text("no markers here\n")
    assert field_table.main(["--write"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "docs/commands.md: expected the markers" in err
    assert doc.read_text() == "no markers here\n"


def test_the_reader_fills_in_each_default_the_table_gives():
    variant = from_flags({"bots": "random"}).variants[0]
    assert variant.players == BY_NAME["players"].default
    assert variant.games == BY_NAME["games"].default
    assert variant.label == BY_NAME["label"].default
    assert variant.cards == variant.profiles == field_table.BUNDLED
    assert variant.mirrors is BY_NAME["mirrors"].default
    assert from_flags({"bots": "random"}).seed == BY_NAME["seed"].default


def test_a_default_changed_in_the_table_is_the_one_an_experiment_gets(monkeypatch):
    monkeypatch.setitem(BY_NAME, "players", dataclasses.replace(BY_NAME["players"], default=3))
    monkeypatch.setitem(BY_NAME, "games", dataclasses.replace(BY_NAME["games"], default=120))
    variant = from_flags({"bots": "random"}).variants[0]
    assert (variant.players, variant.games) == (3, 120)


def test_a_file_may_hold_the_tables_fields_and_no_other():
    with pytest.raises(ExperimentError) as raised:
        resolve({"bots": "random", "plaers": 2}, "exp.toml", ROOT)
    (line,) = raised.value.problems
    assert "one of the known fields: " + ", ".join(field_table.RUN_FIELDS) in line
    assert ", ".join(VARIANT_FIELDS) in line and 'did you mean "players"?' in line


def test_avarium_experiment_takes_the_tables_fields_with_their_defaults():
    keywords = {f.name: f for f in dataclasses.fields(avarium.Experiment)}
    in_python = [f for f in FIELDS if f.python]
    assert list(keywords) == [f.name for f in in_python] + ["variants"]
    for field in in_python:
        assert keywords[field.name].default == field.python_default, field.name
        assert keywords[field.name].kw_only
    # None leaves a field to the file's default, which the table gives.
    assert (
        avarium.Experiment(bots="random").resolve().variants[0].games == field_table.DEFAULT_GAMES
    )


def test_a_comparison_names_every_field_the_table_marks_and_no_other(tmp_path):
    from avarium.reports.comparison_headline import experiment_changes

    marked = [f.name for f in FIELDS if f.compared]
    unmarked = [f.name for f in FIELDS if not f.compared and f.scope == field_table.VARIANT]
    for run, value in (("a", 1), ("b", 2)):
        lines = [f"{name} = {value}" for name in [*marked, *unmarked] if name != "rules"]
        table = "\n".join(["[[variant]]", *lines, "[variant.rules]", f"max_turns = {value}"])
        (tmp_path / run).mkdir()
        (tmp_path / run / "experiment.toml").write_text(table + "\n")
    named = [c["field"] for c in experiment_changes(tmp_path / "a", tmp_path / "b")]
    assert named == [("rules.max_turns" if n == "rules" else n) for n in marked]


def test_the_simulate_guide_describes_every_field_a_file_may_hold():
    """docs/simulate.md's tables of an experiment file's fields, row by row: a field added to
    the table without a line there (or one left there after it went) fails here."""
    import re

    text = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    section = text.split("## Experiment files", 1)[1].split("\n## ", 1)[0].split("\n### ")[0]
    described = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.M))
    described |= {"rules"} if "| `[rules]` / `[variant.rules]` |" in section else set()
    assert described == {*field_table.RUN_FIELDS, *VARIANT_FIELDS} - {"variant"}
