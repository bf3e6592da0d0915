"""A name printed to a terminal is shown, never obeyed: its control characters (ESC, BEL, C1) and
bidirectional overrides and isolates come out visible, as \\x1b or <U+202E> (issue 39, item 3)."""

from __future__ import annotations

import ast
import html
import json
import re
import warnings
from pathlib import Path

import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports import pages
from avarium.simulator.safetext import read_csv_frame, visible, visible_lines
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile_input.helpers import invoke

ROOT = Path(__file__).resolve().parents[2]
# What a terminal obeys: C0, DEL, C1, and the bidirectional controls.
OBEYED = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
RLO = "\u202e"
TITLE_ESCAPE = "\x1b]0;pwned\x07"
COLOUR = "\x1b[31m"


def touka_named(name: str) -> str:
    return f"hatsurugi_touka.name={json.dumps(name, ensure_ascii=False)}"


@given(st.text())
def test_any_printed_name_contains_no_raw_control_character(text):
    assert not OBEYED.search(visible(text))
    assert not OBEYED.search(visible_lines(text).replace("\n", ""))


def test_each_hidden_character_is_named_by_its_code():
    assert visible(f"a{TITLE_ESCAPE}b") == "a\\x1b]0;pwned\\x07b"
    assert visible(f"Touka{RLO}olleh\u2066\x9b") == "Touka<U+202E>olleh<U+2066>\\x9b"
    assert visible("Kumara RAJ, 北条 Hōjō") == "Kumara RAJ, 北条 Hōjō"


def test_a_right_to_left_override_in_a_name_is_shown_by_cards_show():
    result = invoke("cards", "show", "--kind", "idol", "--set", touka_named(f"Touka{RLO}evil"))
    assert result.exit_code == 0, result.output
    assert "Touka<U+202E>evil" in result.output
    assert not OBEYED.search(result.output.replace("\n", ""))


def test_a_right_to_left_override_in_a_name_is_shown_in_a_play_transcript():
    name = f"Touka{RLO}\u2067evil"
    result = invoke(
        "play", "--strategy", "random", "--seed", "3", "--set", touka_named(name),
        "--idols", "hatsurugi_touka,kumara_raj",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Touka<U+202E><U+2067>evil" in result.output
    assert not OBEYED.search(result.output.replace("\n", ""))


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory):
    """`report` of a run whose strongest Idol's name holds escapes and a right-to-left
    override, with every warning it gave (recorded, as a terminal would have shown them)."""
    plan = Plan(bot="heuristic.balanced", strength={"hatsurugi_touka": 1.5})
    run = synthetic_run(tmp_path_factory.mktemp("hostile") / "run", 6_000, plan, seed=2)
    # A name no card file can hold any more (validate refuses it), as a run's tables might.
    name = f"Touka{TITLE_ESCAPE}{RLO}{COLOUR}"
    with pytest.MonkeyPatch.context() as patch, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # each warning, however often it was given before
        patch.setattr(pages, "display_names", lambda *a, **k: {"hatsurugi_touka": name})
        result = invoke("report", run)
    assert result.exit_code == 0, result.output
    return run, result, caught


def test_an_escape_in_a_name_is_shown_by_the_report_headline(hostile_report):
    _, result, _ = hostile_report
    assert result.stdout.startswith("Touka\\x1b]0;pwned\\x07<U+202E>\\x1b[31m is above the band")
    assert not OBEYED.search(result.stdout.replace("\n", ""))


def test_a_name_drawn_in_a_chart_reaches_the_terminal_shown_never_raw(hostile_report):
    """matplotlib warned of each glyph its font lacks, with the character itself in the
    message ("Glyph 27 (\\x1b) missing from font(s)"): the charts draw names shown instead."""
    run, result, caught = hostile_report
    assert not OBEYED.search(result.stderr.replace("\n", "")), result.stderr
    raw = [str(w.message) for w in caught if OBEYED.search(str(w.message))]
    assert not raw, raw
    # The SVGs keep their text as text: shown there too, and no character XML forbids.
    svgs = sorted((run / "report" / "charts").glob("*.svg"))
    assert svgs
    for svg in svgs:
        text = svg.read_text(encoding="utf-8")
        assert not OBEYED.search(text.replace("\n", "").replace("\t", "")), svg.name
    drawn = (run / "report" / "charts" / "idol_win_rates.svg").read_text(encoding="utf-8")
    assert "Touka\\x1b]0;pwned\\x07&lt;U+202E&gt;\\x1b[31m" in drawn


def test_a_name_reaches_the_page_and_its_tables_shown_never_raw(hostile_report):
    """A tampered run's name holds what its card file could not: the page (read in a browser,
    or with cat in a terminal) and every CSV show it in the form the terminal is sent."""
    run, _, _ = hostile_report
    page = (run / "report" / "index.html").read_text(encoding="utf-8")
    assert not OBEYED.search(page.replace("\n", "")), OBEYED.search(page.replace("\n", ""))
    assert "Touka\\x1b]0;pwned\\x07&lt;U+202E&gt;\\x1b[31m" in page
    tables = sorted((run / "report" / "tables").glob("*.csv"))
    named = [t.name for t in tables if "Touka\\x1b]0;pwned\\x07<U+202E>" in t.read_text("utf-8")]
    assert "idol_win_rates.csv" in named
    for table in tables:
        text = table.read_text(encoding="utf-8")
        assert not OBEYED.search(text.replace("\n", "")), table.name


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=12).map(lambda text: f"K{text}"))  # "K": never "nan", "" or "idol"
def test_any_name_on_a_page_is_written_shown_in_every_place_a_name_goes(tmp_path_factory, name):
    """The page's title, a section's title, a paragraph, a table's cells and headers, a facts
    table and a chart's caption: each way a name reaches index.html or a CSV."""
    import pandas as pd
    from avarium.reports.html import Chart, Page, Section, Table, esc, facts_table

    frame = pd.DataFrame({"idol": [name, "plain"], name: [0.5, 0.25]})
    section = Section(
        "wins", f"Wins of {name}", [f"<p>{esc(name)}</p>", facts_table([(name, name)], "f")],
        [Chart("c", None, name)], [Table("idol_win_rates", frame, name, types={})],
    )  # fmt: skip
    files = Page(f"Report {name}", [section]).files()
    for path, data in files.items():
        text = data.decode("utf-8")
        assert not OBEYED.search(text.replace("\n", "")), (path, text)
    assert f"<p>{esc(name)}</p>" in files["index.html"].decode("utf-8")
    assert esc(name) == html.escape(visible_lines(name))
    table = tmp_path_factory.mktemp("csv") / "t.csv"
    table.write_bytes(files["tables/idol_win_rates.csv"])
    read = read_csv_frame(table)
    assert list(read.columns) == ["idol", visible_lines(name)]
    assert read["idol"].tolist() == [visible_lines(name), "plain"]


def test_every_command_prints_through_the_one_visible_writer():
    """Commands print with errors.say, which shows what a terminal would obey: a typer.echo
    or print elsewhere in the command line would send a name raw."""
    raw = []
    for path in sorted((ROOT / "avarium" / "cli").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or path.name == "errors.py":
                continue
            f = node.func
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
                called = f"{f.value.id}.{f.attr}"
            else:
                called = getattr(f, "id", "")
            if called in ("typer.echo", "typer.secho", "click.echo", "print"):
                raw.append(f"{path.name}:{node.lineno}")
    assert not raw, raw


def test_a_name_with_dollar_signs_is_drawn_as_written_not_read_as_tex():
    """matplotlib reads text between two $ as TeX: "$\\foo$" stopped the report with a
    ValueError, and "$5 or $10" would have been drawn in italics."""
    import pandas as pd
    from avarium.reports import charts

    names = ["Cash $\\foo^$ Kid", "Pays $5 or $10"]
    flags = pd.DataFrame(
        {"players": 2, "idol": names, "rate": [0.6, 0.4], "lo": [0.55, 0.35],
         "hi": [0.65, 0.45], "band_lo": 0.45, "band_hi": 0.55, "flagged": [True, True]}
    )  # fmt: skip
    _, svg = charts.finish(charts.idol_winrate_chart(flags))
    for name in names:
        assert name.encode() in svg
