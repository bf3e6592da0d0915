"""The report page and its charts as a designer reads and pastes them (issue 14, items 8-9):
formats from declared column kinds, no empty sections, links, names, order, ticks, footers."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports import charts, columns, formats, html, names
from avarium.reports.charts import style as chart_style
from avarium.reports.pages import build_report, chart_footer
from avarium.simulator.cards.loader import load_cards


@pytest.fixture(scope="module")
def bundled():
    return load_cards(None, [], [])


@pytest.fixture(scope="module")
def two_player(tmp_path_factory, bundled):
    """A two-player run that played the bundled set (its fingerprint recorded), so the page
    can name its Idols from the set."""
    root = tmp_path_factory.mktemp("two")
    plan = Plan(strength={"peppermint_kitty": 0.6, "syeira_coral": -0.5}, stall_rate=0.01)
    run = synthetic_run(root / "run", 4_000, plan, seed=7, card_set=bundled.fingerprint)
    return build_report(run)


def page_of(report) -> str:
    return (report / "index.html").read_text(encoding="utf-8")


def section(page: str, sid: str) -> str:
    return page.split(f'<section id="{sid}">')[1].split("</section>")[0]


def rows_of(table_html: str) -> list[list[str]]:
    body = table_html.split("<tbody>")[1].split("</tbody>")[0]
    return [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
        for r in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def table_after(page: str, caption: str) -> str:
    """The table under the caption that starts with `caption` (a report's captions end with
    whose games the table holds)."""
    rest = page.split(f"<h3>{caption}")[1]
    return rest.split("</table>")[0] + "</table>"


# -- formats come from declared kinds, never from column names ------------------------------------


def test_a_columns_format_follows_its_declared_kind_not_its_name():
    """ "lo" is a percentage in a win-rate table and log-odds in the strength table: the old
    page matched "lo" and printed -27.3% beside a strength of -0.221."""
    frame = pd.DataFrame({"idol": ["a"], "strength": [-0.221], "lo": [-0.273], "hi": [-0.169]})
    strength = html.Table("idol_strength", frame, "strength")
    cells = rows_of(html.table_html(frame, strength.kinds()))[0]
    assert cells == ["a", "-0.22", "-0.27", "-0.17"]
    rates = html.Table("idol_win_rates", frame.rename(columns={"strength": "rate"}), "rates")
    cells = rows_of(html.table_html(rates.frame, rates.kinds()))[0]
    assert cells[1:] == ["-22.1%", "-27.3%", "-16.9%"]


def test_p_values_never_print_as_zero():
    assert formats.cell(formats.P_VALUE, 0.0) == "< 0.0001"
    assert formats.cell(formats.P_VALUE, 3e-9) == "< 0.0001"
    assert formats.cell(formats.P_VALUE, 0.0123) == "0.012"
    assert formats.cell(formats.P_VALUE, 0.5) == "0.50"
    frame = pd.DataFrame({"idol": ["a"], "p_holm": [0.0]})
    markup = html.table_html(frame, {"idol": formats.TEXT, "p_holm": formats.P_VALUE})
    assert rows_of(markup)[0][1] == "&lt; 0.0001"  # escaped, so the page shows "< 0.0001"


def test_differences_are_points_and_a_zero_has_no_sign():
    assert formats.cell(formats.POINTS, 0.0312) == "+3.1 pts"
    assert formats.cell(formats.POINTS, -0.0004) == "0.0 pts"
    assert formats.cell(formats.LOG_ODDS, -0.001) == "0.00"
    assert formats.cell(formats.COUNT, np.inf) == "more than 100M"
    assert formats.cell(formats.PERCENT, np.nan) == formats.MISSING


def test_a_missing_whole_number_is_a_dash_like_any_missing_value():
    # pandas' nullable integers (the balance log's final_place) hold pd.NA, not nan
    assert formats.cell(formats.INTEGER, pd.NA) == formats.MISSING
    assert formats.cell(formats.COUNT, pd.NA) == formats.MISSING


def test_the_card_table_writes_every_rate_as_a_percentage(two_player):
    """The old page showed pick_rate 80.8% beside win_taken 0.572."""
    page = page_of(two_player)
    table = table_after(page, "Per-card impact, largest gaps first")
    header = re.findall(r"<th[^>]*>(.*?)</th>", table)
    first = rows_of(table)[0]
    for column in ("pick_rate", "win_taken", "win_left"):
        assert first[header.index(columns.heading(column))].endswith("%"), (column, first)
    for column in ("diff", "diff_lo", "diff_hi"):
        assert first[header.index(columns.heading(column))].endswith(" pts"), (column, first)


def test_every_fractional_column_of_a_report_is_declared(planted_run):
    """A column nobody declared would be printed as a bare number: each table's CSV name has a
    kind for every column that is not whole numbers, text or yes/no."""
    from avarium.analysis.dataset import load_run
    from avarium.analysis.summary import analyse
    from avarium.reports.report import build_sections

    data = load_run(planted_run)
    sections = build_sections(analyse(data.games, data.cards), data.provenance, ["random"])
    plt.close("all")  # the sections' charts: only their tables are looked at here
    missing = []
    for s in sections:
        for table in s.tables:
            declared = columns.TYPES.get(table.name, {}) if table.types is None else table.types
            for c in table.view.columns:
                dtype = table.view[c].dtype
                if pd.api.types.is_float_dtype(dtype) and str(c) not in declared:
                    missing.append(f"{table.name}.{c}")
    assert not missing, missing


# -- the page: sections that apply, every row, links, names -----------------------------------


def test_a_two_player_run_has_no_empty_tables_no_placeholders_and_no_three_player_section(
    two_player,
):
    page = page_of(two_player)
    assert '<section id="placements">' not in page
    assert '<section id="variants">' not in page
    assert "No rows" not in page and "no games with 3 or 4 players" not in page
    for table in re.findall(r"<table.*?</table>", page, re.S):
        assert "<td" in table, "an empty table"
    assert not (two_player / "charts" / "placements.png").exists()
    assert not (two_player / "tables" / "placements_by_idol.csv").exists()


def test_games_per_length_per_idol_shows_its_rows(two_player):
    """The old page said "No rows." beside a CSV of about 700."""
    page = page_of(two_player)
    grid = rows_of(table_after(page, "Games per length (turns) per Idol"))
    csv = pd.read_csv(two_player / "tables" / "length_distribution.csv")
    assert len(grid) == csv["turns"].nunique() > 5
    shown = sum(int(c.replace(",", "")) for row in grid for c in row[2:])
    assert shown == csv["games"].sum()


def test_every_csv_note_is_a_link_to_a_file_that_exists(two_player):
    page = page_of(two_player)
    notes = re.findall(r'<p class="note">CSV: (.*?)</p>', page)
    assert len(notes) >= 10
    for note in notes:
        href = re.fullmatch(r'<a href="(tables/\w+\.csv)">\1</a>.*', note)
        assert href, note
        assert (two_player / href.group(1)).is_file()
    figures = r'<a href="(charts/\w+\.png)">.*?<a href="(charts/\w+\.svg)">'
    for png, svg in re.findall(figures, page):
        assert (two_player / png).is_file() and (two_player / svg).is_file()


def test_the_page_has_a_viewport_tag_and_tables_scroll_inside_their_column(two_player):
    page = page_of(two_player)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert ".table-wrap { max-width: 100%; overflow-x: auto;" in page
    tables = page.count("<table")
    assert (
        page.count('<div class="table-wrap"><style') + page.count('<div class="table-wrap"><table')
        == tables
    )
    assert "white-space: pre-wrap" in page  # the experiment's long lines wrap, never clipped


def test_tables_are_rendered_by_pandas_styler_not_by_hand():
    from avarium.reports import comparison, report

    assert "Styler(" in Path(html.__file__).read_text(encoding="utf-8")
    for module in (html, report, comparison):
        text = Path(module.__file__).read_text(encoding="utf-8")
        assert "<tr>" not in text and "<td>" not in text and "<th>" not in text, module


def test_idols_and_cards_are_shown_by_their_names_and_csvs_keep_the_ids(two_player, bundled):
    page = page_of(two_player)
    assert "Peppermint KITTY" in page and "Syeira CORAL" in page
    shown = page.split('<section id="idol-win-rates">')[1]
    assert "peppermint_kitty" not in shown  # no id in any table or sentence after the summary
    flags = pd.read_csv(two_player / "tables" / "balance_flags.csv")
    assert {"Peppermint KITTY", "peppermint_kitty"} <= set(flags["idol"]) | set(flags["idol_id"])
    svg = (two_player / "charts" / "matchups_2p.svg").read_text(encoding="utf-8")
    assert "Peppermint KITTY" in svg and "peppermint_kitty" not in svg


def test_names_fall_back_to_a_readable_form_of_the_id():
    assert names.readable("kumara_raj") == "Kumara Raj"
    frame = pd.DataFrame({"players": [2], "idol": ["kumara_raj"], "rate": [0.5]})
    out = names.named(frame, {})
    assert list(out.columns) == ["players", "idol", "idol_id", "rate"]
    assert out.iloc[0]["idol"] == "Kumara Raj" and out.iloc[0]["idol_id"] == "kumara_raj"


# -- order: strongest Idol first, everywhere ---------------------------------------------------


def test_idols_are_listed_by_win_rate_in_every_table(two_player):
    page = page_of(two_player)
    rates = pd.read_csv(two_player / "tables" / "idol_win_rates.csv")
    order = list(rates.sort_values("rate", ascending=False)["idol"])
    assert order[0] == "Peppermint KITTY" and order[-1] == "Syeira CORAL"
    for caption, column in (
        ("Win rate per Idol", 1),
        ("Flags per Idol", 1),
        ("Game length per Idol", 1),
    ):
        listed = [r[column] for r in rows_of(table_after(page, caption))]
        assert list(dict.fromkeys(listed)) == order, caption


def test_the_heat_map_is_ordered_by_win_rate_and_its_dark_cells_are_readable():
    idols = ["a_low", "b_high", "c_mid"]
    rate = {("a_low", "b_high"): 0.2, ("a_low", "c_mid"): 0.45, ("b_high", "c_mid"): 0.8}
    rows = []
    for (x, y), r in rate.items():
        rows += [(x, y, r), (y, x, 1 - r)]
    table = pd.DataFrame(rows, columns=["idol", "opponent", "rate"]).assign(players=2, games=100)
    winrates = pd.DataFrame({"players": 2, "idol": idols, "rate": [0.25, 0.8, 0.45], "games": 200})
    shown = names.for_page({"idol_winrates": winrates, "matchups": table}, {})["matchups"]
    fig = charts.matchup_heatmap(shown, 2)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["B High", "C Mid", "A Low"]
    cells = {t.get_text(): t.get_color() for t in ax.texts}
    assert cells["80%\n100"] == "white" and cells["20%\n100"] == "white"  # the darkest cells
    assert cells["55%\n100"] == "black"
    assert fig.axes[1].get_ylabel().startswith("row Idol's win rate")  # the colour bar
    plt.close(fig)


# -- charts ------------------------------------------------------------------------------------


def tick_labels(low: float, high: float, points: bool = False) -> list[str]:
    fig, ax = plt.subplots()
    ax.set_xlim(low, high)
    charts.percent_axis(ax, points=points)
    fig.canvas.draw()
    labels = [t.get_text() for t in ax.get_xticklabels()]
    plt.close(fig)
    return labels


@pytest.mark.parametrize(
    ("low", "high"),
    [(0.02, 0.14), (0.0, 1.0), (0.44, 0.56), (0.495, 0.515), (0.2, 0.3), (0.0, 0.05)],
)
def test_percent_ticks_are_even_steps_with_the_decimals_they_need(low, high):
    """PercentFormatter(decimals=0) wrote ticks at 2.5-point steps as "2%, 5%, 8%, 10%"."""
    labels = tick_labels(low, high)
    values = [float(t.rstrip("%")) for t in labels]
    steps = np.round(np.diff(values), 6)
    assert len(set(steps)) == 1, labels  # evenly spaced as written
    assert len(set(labels)) == len(labels)
    assert not any(t.startswith("-0") and float(t.rstrip("%")) == 0 for t in labels)


def test_a_difference_axis_has_no_minus_zero_and_signs_its_ticks():
    """The compare chart's ticks read "-1%, -0%, 0%, 1%, 1%, 2%"."""
    labels = tick_labels(-0.012, 0.021, points=True)
    assert "0.0" in labels or "0" in labels
    assert not any(re.fullmatch(r"-0(\.0+)?", t) for t in labels), labels
    assert len(set(labels)) == len(labels)
    assert all(t.startswith(("+", "-")) for t in labels if float(t) != 0)


def _flags(players=2):
    return pd.DataFrame(
        {
            "players": players,
            "idol": ["A", "B", "C"],
            "rate": [0.6, 0.5, 0.4],
            "lo": [0.55, 0.45, 0.35],
            "hi": [0.65, 0.55, 0.45],
            "band_lo": 0.45,
            "band_hi": 0.55,
            "flagged": [True, False, True],
        }
    )


def _seats():
    return pd.DataFrame(
        {"players": 2, "seat": [0, 1], "rate": [0.53, 0.47], "lo": [0.5, 0.44], "hi": [0.56, 0.5]}
    )


def _impact():
    return pd.DataFrame(
        {
            "players": 2,
            "card": ["x", "y", "z"],
            "kind": "student",
            "diff": [0.2, -0.15, 0.01],
            "diff_lo": [0.15, -0.2, -0.02],
            "diff_hi": [0.25, -0.1, 0.04],
            "flagged": [True, True, False],
        }
    )


def every_chart() -> dict:
    length = pd.DataFrame(
        {
            "players": 2,
            "idol": ["A", "B"],
            "measure": "turns",
            "q05": 10,
            "q25": 12,
            "median": 14,
            "q75": 16,
            "q95": 20,
            "mean": 14.5,
        }
    )
    return {
        "idol_winrate": charts.idol_winrate_chart(_flags()),
        "seat": charts.seat_chart(_seats()),
        "strength": charts.strength_chart(
            pd.DataFrame({"players": 2, "idol": ["A"], "strength": [0.2], "lo": [0.1], "hi": [0.3]})
        ),
        "length": charts.length_chart(length),
        "histogram": charts.length_histogram(
            pd.DataFrame({"players": 2, "idol": "A", "turns": [10, 11], "games": [3, 4]})
        ),
        "reasons": charts.reasons_chart(
            pd.DataFrame(
                {"players": 2, "idol": ["A"], "reason": ["wincon"], "games": [10], "wins": [6]}
            )
        ),
        "placements": charts.placements_chart(
            pd.DataFrame({"players": 3, "idol": "A", "placement": [1, 2, 3], "share": 1 / 3})
        ),
        "impact": charts.card_impact_chart(_impact()),
        "difference": charts.difference_chart(
            pd.DataFrame(
                {"players": 2, "idol": ["A"], "diff": [0.01], "lo": [-0.01], "hi": [0.03]}
            ).assign(significant=False),
            "idol",
            "Idol win rate, B - A",
        ),
    }


def test_every_chart_labels_both_axes():
    for name, fig in every_chart().items():
        for ax in fig.axes:
            assert ax.get_xlabel() and ax.get_ylabel(), name
        plt.close(fig)


def test_charts_are_200_dpi_pngs_and_svgs_with_a_footer():
    footer = chart_footer("demo", ["abc123"], ["heuristic"], 4_000, "2026-12-01")
    assert footer == (
        "Avarium Balance Lab · demo · card set abc123 · bots: heuristic · 4,000 games · played "
        "2026-12-01"
    )
    png, svg = charts.finish(charts.idol_winrate_chart(_flags()), footer)
    assert png.startswith(b"\x89PNG")
    phys = png.index(b"pHYs")
    x, y, unit = struct.unpack(">IIB", png[phys + 4 : phys + 13])
    assert unit == 1 and round(x * 0.0254) == round(y * 0.0254) == 200  # pixels per metre
    text = svg.decode("utf-8")
    assert "<svg" in text and footer in text.replace("&#183;", "·")


def test_the_footer_sits_below_everything_the_chart_draws_and_the_heading_above():
    """The seat chart's legend sits under its panels; the footer goes under the legend, the
    heading over the title, each wrapped over several lines."""
    fig = charts.seat_chart(_seats())
    chart_style.captions(fig, "FOOTER " * 40, "HEADING " * 30)
    renderer = fig.canvas.get_renderer()
    texts = {t.get_text().split()[0]: t.get_window_extent(renderer) for t in fig.texts}
    footer, heading = texts["FOOTER"], texts["HEADING"]
    for artist in [*fig.axes, *fig.legends]:
        box = artist.get_window_extent(renderer)
        assert footer.y1 <= box.y0 + 1 and heading.y0 >= box.y1 - 1
    assert footer.y1 <= heading.y0
    plt.close(fig)


def test_the_seat_chart_legend_covers_no_bar_and_its_title_is_drawn_in_full():
    fig = charts.seat_chart(_seats())
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legend = fig.legends[0].get_window_extent(renderer)
    for ax in fig.axes:
        assert not legend.overlaps(ax.get_window_extent(renderer))
    title = fig._suptitle.get_window_extent(renderer)
    full = fig.get_tightbbox(renderer)  # what the saved file holds (bbox_inches="tight")
    assert full.y1 * fig.dpi >= title.y1 - 1
    plt.close(fig)


def test_card_impact_dots_are_coloured_by_what_they_mean():
    """Every flagged dot was red; 95 of 100 cards were flagged, so the chart was all red."""
    fig = charts.card_impact_chart(_impact())
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert legend == list(charts.IMPACT_COLOURS)
    colours = {
        matplotlib_hex(line.get_color()) for line in fig.axes[0].lines if line.get_marker() == "o"
    }
    assert colours == set(charts.IMPACT_COLOURS.values())
    plt.close(fig)


def matplotlib_hex(colour) -> str:
    from matplotlib.colors import to_hex

    return to_hex(colour)


def test_a_sweep_chart_plots_against_the_swept_value_with_the_band():
    from matplotlib.colors import to_rgb

    frame = pd.DataFrame(
        [
            {"variant": f"raj.merit={v}", "players": 2, "idol": i, "rate": r, "lo": r - 0.02}
            | {"hi": r + 0.02, "order": k}
            for k, v in enumerate([8, 10, 18])
            for i, r in (("A", 0.4 + 0.01 * v), ("B", 0.6 - 0.01 * v))
        ]
    )
    values = {"raj.merit=8": 8.0, "raj.merit=10": 10.0, "raj.merit=18": 18.0}
    assert charts.swept_axis(frame) == ("raj.merit", values)
    fig = charts.idol_sweep_chart(frame, {2: (0.45, 0.55)})
    ax = fig.axes[0]
    assert ax.get_xlabel() == "raj.merit"
    assert list(ax.lines[0].get_xdata()) == [8.0, 10.0, 18.0]  # numeric, in value order
    band = [p for p in ax.patches if p.get_facecolor()[:3] == to_rgb(charts.BAND_COLOUR)]
    assert band  # each Idol's panel shades the band
    plt.close(fig)
    raj = frame.assign(idol=frame["idol"].map({"A": "Kumara RAJ", "B": "AMYBA"}))
    titles = [ax.get_title() for ax in charts.idol_sweep_chart(raj).axes if ax.get_visible()]
    assert titles == ["Kumara RAJ (swept), 2p", "AMYBA, 2p"]  # the swept card's Idol stands out
    bonus = frame.assign(variant=frame["variant"].str.replace("raj.merit=", "bonus=0,1,"))
    assert charts.swept_axis(bonus) is not None
    several = frame.assign(variant=["bonus=0,1,2", "bonus=0,1,2", "bonus=0,2,2"] * 2)
    assert charts.swept_axis(several) is None  # two numbers change: no single axis


def test_the_summary_notes_name_idols_by_name_too():
    text = "Model: left out lourvarius_love (4 games); kumara_raj.merit=18 is a field."
    named = names.in_words(text, {"lourvarius_love", "kumara_raj"}, names.readable)
    assert named == "Model: left out Lourvarius Love (4 games); kumara_raj.merit=18 is a field."


def test_a_report_of_many_charts_says_nothing_on_the_terminal():
    """A report holds its charts' figures until its page is written (a tiered tune-bonus draws
    more than matplotlib's 20 at once): no warning about open figures reaches the terminal."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        figures = [chart_style.grid(1, 2.0)[0] for _ in range(25)]
    for figure in figures:
        chart_style.finish(figure)  # each closed as the page writes it


def test_eight_idols_lines_each_get_a_panel_of_their_own_never_one_crowded_panel():
    idols = [f"Idol {k}" for k in range(8)]
    distribution = pd.DataFrame(
        [
            {"players": 2, "idol": i, "turns": t, "games": 10 + k + t}
            for k, i in enumerate(idols)
            for t in range(10, 20)
        ]
    )
    fig = charts.length_histogram(distribution)
    shown = [ax for ax in fig.axes if ax.get_visible()]
    assert [ax.get_title() for ax in shown] == [f"{i}, 2 players" for i in idols]
    assert all(len(ax.lines) == 2 for ax in shown)  # the Idol's line over every Idol's
    plt.close(fig)
    sweep = pd.DataFrame(
        [
            {"variant": f"bonus=0,{v}", "players": 2, "idol": i, "rate": 0.5, "lo": 0.45}
            | {"hi": 0.55, "order": v}
            for v in range(3)
            for i in idols
        ]
    )
    fig = charts.idol_sweep_chart(sweep)
    assert len([ax for ax in fig.axes if ax.get_visible()]) == 8
    plt.close(fig)


def test_the_seat_bars_sit_on_their_seat_ticks_and_no_seat_label_is_cut():
    fig = charts.seat_chart(_seats())
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:
        ticks = list(ax.get_xticks())
        centres = [p.get_x() + p.get_width() / 2 for p in ax.patches]
        assert np.allclose(sorted(centres), ticks)  # no model bars: each raw bar on its tick
        low, high = ax.get_xlim()
        assert low < min(ticks) - 0.5 and high > max(ticks) + 0.5
        box = ax.get_window_extent(renderer)
        for label in ax.get_xticklabels():
            extent = label.get_window_extent(renderer)
            assert box.x0 <= extent.x0 and extent.x1 <= box.x1, label.get_text()
    plt.close(fig)


def test_a_heading_over_nothing_is_left_off_the_page():
    page = html.Page(
        "t",
        [
            html.Section("summary", "Summary", ["<p>the headline</p>"]),
            html.Section(
                "idol-strength",
                "Idol strength with seats taken out",
                ["<p>what it means</p>"],
                [html.Chart("idol_strength", None, "Idol strength")],
                [html.Table("idol_strength", pd.DataFrame(), "Idol strength")],
            ),
        ],
    )
    text = page.html()
    assert '<section id="summary">' in text
    assert "Idol strength with seats taken out" not in text  # neither section nor contents line


def test_a_designer_table_heads_its_columns_in_words_not_csv_names():
    frame = pd.DataFrame(
        {
            "group": ["main"],
            "order": [0],
            "tier_a": ["heuristic"],
            "p_holm": [0.01],
            "more_games": [12],
        }
    )
    head = html.table_html(frame, {}).split("<tbody>")[0]
    assert "tier A" in head and "p (Holm)" in head and "more games" in head
    for raw in ("tier_a", "p_holm", "more_games", "order", "group"):
        assert f">{raw}<" not in head, raw


def test_the_idol_chart_draws_the_holm_interval_each_flag_was_decided_on():
    from matplotlib.collections import LineCollection

    flags = _flags().assign(flag_lo=[0.54, 0.44, 0.34], flag_hi=[0.66, 0.56, 0.46])
    fig = charts.idol_winrate_chart(flags)
    (holm,) = [
        c for c in fig.axes[0].collections
        if isinstance(c, LineCollection) and c.get_label().startswith("Holm interval")
    ]  # fmt: skip
    spans = sorted((seg[0][0], seg[1][0]) for seg in holm.get_segments())
    assert spans == [(0.34, 0.46), (0.44, 0.56), (0.54, 0.66)]
    plt.close(fig)


def test_a_headline_is_kept_when_the_table_beside_it_is_empty():
    page = html.Page(
        "t",
        [
            html.Section(
                "recommendation",
                "Recommendation",
                ['<ul class="headline"><li>no change needed</li></ul>'],
                tables=[html.Table("balance_changes", pd.DataFrame(), "The changes")],
            ),
        ],
    )
    assert "no change needed" in page.html()


def test_labels_too_long_for_a_figure_make_it_taller_not_a_warning_on_the_terminal():
    """Two dozen tune-bonus points under their rotated names: tight_layout gave up and
    printed matplotlib's warning on the user's terminal, the labels spilling off the figure."""
    import warnings

    import matplotlib.pyplot as plt
    from avarium.reports.charts.style import layout

    fig, axes = plt.subplots(1, 2, figsize=(6, 3))
    names = [f"bonus=0,{i % 3} +no-first-draw +last-draws-two" for i in range(24)]
    for ax in axes:
        ax.bar(range(24), range(24))
        ax.set_xticks(range(24), names, rotation=90)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        layout(fig)
    assert [str(w.message) for w in said] == []
    assert fig.get_size_inches()[1] > 3
    drawn = fig.get_tightbbox(fig.canvas.get_renderer())
    assert drawn.y0 >= -0.05 and drawn.y1 <= fig.get_size_inches()[1] + 0.05  # nothing cut off
    plt.close(fig)
