"""`avarium report` and `avarium compare`: headless, self-contained and complete; and their
pages in headless Chromium, where every chart loads and nothing scrolls sideways."""

from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd
import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports import comparison, report
from avarium.reports.html import WITHOUT_CHARTS
from avarium.reports.output import MARKER, write_directory
from avarium.runner import stopped
from typer.testing import CliRunner

from avarium.cli.main import app
from tests.analysis import browser

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def page_text(path) -> str:
    """`avarium report PATH`'s page, written without charts: the tests that call this read its
    text and tables only (the planted run's report, `reported`, draws every chart)."""
    assert run("report", path, "--no-charts").exit_code == 0
    return (path / "report" / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def charted(planted_run):
    """The planted run's report with every chart, and its --json headline."""
    result = run("report", planted_run, "--json")
    assert result.exit_code == 0, result.output
    return planted_run / "report", json.loads(result.stdout)


@pytest.fixture(scope="module")
def reported(charted):
    return charted[0]


@pytest.fixture(scope="module")
def bare(planted_run, tmp_path_factory):
    """The same report written with --no-charts, and its --json headline."""
    out = tmp_path_factory.mktemp("bare") / "r"
    result = run("report", planted_run, "--out", out, "--json", "--no-charts")
    assert result.exit_code == 0, result.output
    return out, json.loads(result.stdout)


def files(folder, under):
    return {p.relative_to(folder): p.read_bytes() for p in (folder / under).rglob("*")}


def test_a_report_without_charts_writes_the_same_tables(charted, bare):
    assert files(bare[0], "tables") == files(charted[0], "tables")


def test_a_report_without_charts_prints_the_same_headline(charted, bare):
    (out, facts), (_, with_charts) = bare, charted
    assert facts["page"] == str(out / "index.html")
    assert {**facts, "page": ""} == {**with_charts, "page": ""}


def test_a_report_without_charts_writes_no_chart_and_its_marker_lists_none(bare):
    out, _ = bare
    assert not (out / "charts").exists()
    assert "charts/" not in (out / MARKER).read_text(encoding="utf-8")


def test_the_page_says_where_each_section_would_show_charts_that_it_was_written_without(
    charted, bare
):
    with_charts = (charted[0] / "index.html").read_text(encoding="utf-8")
    page = (bare[0] / "index.html").read_text(encoding="utf-8")
    # One note in each section that shows charts in the charted page, and no image or link.
    sections = with_charts.split("<section")[1:]
    assert page.count(WITHOUT_CHARTS) == sum("<figure" in part for part in sections)
    assert "<figure" not in page and 'href="charts/' not in page
    assert "without --no-charts" in WITHOUT_CHARTS


def test_the_report_renders_headless_with_every_section_that_applies(reported, planted_run):
    page = (reported / "index.html").read_text(encoding="utf-8")
    for section in report.SECTION_IDS:
        if section != "variants":  # the planted run has one variant: no section for it
            assert f'<section id="{section}">' in page, section
    assert '<section id="variants">' not in page
    for heading in (
        "Summary",
        "Provenance",
        "Idol win rates",
        "Balance flags",
        "Matchups",
        "Seats and the first player",
        "Game length",
        "Win reasons",
        "Placements",
        "Card impact",
    ):
        assert f"<h2>{heading}" in page


def test_the_report_is_self_contained_with_embedded_charts_and_no_links_out(reported):
    page = (reported / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"https?://", page)
    images = re.findall(r'<img [^>]*src="([^"]+)"', page)
    assert len(images) >= 8 and all(i.startswith("data:image/png;base64,") for i in images)
    assert "@media print" in page
    charts = {p.stem for p in (reported / "charts").glob("*.png")}
    assert {
        "idol_win_rates",
        "matchups_2p",
        "seat_win_rates",
        "length_by_idol",
        "win_reasons",
        "card_impact",
    } <= charts
    tables = {p.stem for p in (reported / "tables").glob("*.csv")}
    assert {
        "balance_flags",
        "matchups",
        "first_player_advantage",
        "seat_model",
        "length",
        "win_reasons",
        "card_impact",
        "placements_by_idol",
    } <= tables


def test_the_summary_names_the_planted_imbalances_and_the_provenance(reported, planted_run):
    page = (reported / "index.html").read_text(encoding="utf-8")
    summary = page.split('<section id="summary">')[1].split("</section>")[0]
    # Named from their ids: a synthetic run's card set cannot be read again (reports/names.py).
    assert '<span class="flag">Kumara Raj</span> is above the band' in summary
    assert '<span class="flag">Amyba</span> is below the band' in summary
    assert "Seats, 2 players" in summary and "median of" in summary
    provenance = page.split('<section id="provenance">')[1].split("</section>")[0]
    for fact in ("synthetic0000", "20,000", "random", "experiment.toml", "planted"):
        assert fact in provenance


@pytest.fixture(scope="module")
def rewritten(planted_run, tmp_path_factory):
    """The planted run's report written with --out and --band over an older report of ours that
    holds a file the report no longer writes: one report for the two tests below, each reading
    only what it claims (its page and tables; `charted` draws the charts)."""
    out = tmp_path_factory.mktemp("rewritten") / "r"
    write_directory(out, {"index.html": b"older", "stale.txt": b"from an older report"})
    return out, run("report", planted_run, "--out", out, "--band", "0.4,0.6", "--no-charts")


def test_the_command_prints_where_the_report_is(rewritten):
    out, result = rewritten
    assert result.exit_code == 0
    assert f"report: {out / 'index.html'}" in result.output
    flags = (out / "tables" / "balance_flags.csv").read_text()
    assert "0.4," in flags and "0.6," in flags


def test_a_second_report_replaces_the_first_whole(rewritten):
    out, result = rewritten
    assert result.exit_code == 0
    assert not (out / "stale.txt").exists() and (out / "index.html").is_file()
    assert [p.name for p in out.parent.iterdir()] == ["r"]  # no temporary directories left


@pytest.fixture(scope="module")
def variants_run(tmp_path_factory):
    """A run of three seat bonuses, with its report and every chart."""
    plans = [Plan(variant=f"bonus=0,{b}", seat_effect={2: (0.2 - 0.1 * b, 0.0)}) for b in range(3)]
    path = synthetic_run(
        tmp_path_factory.mktemp("sweep") / "sweep", 3_000, plans, seed=1, chunk_games=3_000
    )
    assert run("report", path).exit_code == 0
    return path


def test_a_run_with_variants_reports_them_and_can_pick_one(variants_run, tmp_path):
    path = variants_run
    page = (path / "report" / "index.html").read_text(encoding="utf-8")
    variants = page.split('<section id="variants">')[1].split("</section>")[0]
    assert "seat_by_variant.png" in variants and "Seats closest to fair" in variants
    assert run("report", path, "--variant", "bonus=0,1", "--out", tmp_path / "one").exit_code == 0
    one = (tmp_path / "one" / "index.html").read_text(encoding="utf-8")
    assert '<section id="variants">' not in one  # one variant: the section does not apply


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """`avarium compare` of a run and the same deals with Amyba stronger: its page's folder."""
    root = tmp_path_factory.mktemp("compare")
    before = synthetic_run(root / "before", 8_000, Plan(), seed=3, chunk_games=4_000)
    after = synthetic_run(
        root / "after", 8_000, Plan(strength={"amyba": 0.3}), seed=3, chunk_games=4_000
    )
    result = run("compare", before, after)
    assert result.exit_code == 0, result.output
    return after / "compare-before"


def test_compare_writes_beside_run_b_and_finds_a_planted_patch(compared):
    page = (compared / "index.html").read_text(encoding="utf-8")
    for section in comparison.SECTION_IDS:
        assert f'<section id="{section}">' in page
    assert "paired" in page and '<span class="flag">Amyba</span>' in page
    assert not re.search(r"https?://", page)
    assert (compared / "tables" / "idol_differences.csv").is_file()


def test_compare_names_a_missing_run(tmp_path, planted_run):
    result = run("compare", tmp_path / "missing", planted_run)
    assert result.exit_code == 1 and "missing: no such run directory" in result.output


def test_the_summary_first_names_the_bots_and_calls_random_play_a_baseline(reported):
    page = (reported / "index.html").read_text(encoding="utf-8")
    summary = page[page.index('<section id="summary">') :]
    first = summary[summary.index("<li>") : summary.index("</li>")]
    assert "Played by <code>random</code> only" in first
    assert "random play is a baseline, not evidence of balance" in first


@pytest.fixture(scope="module")
def heuristic_page(tmp_path_factory):
    """The page of a run of one bot other than random, and of no tiers."""
    run_dir = synthetic_run(
        tmp_path_factory.mktemp("h") / "h", 2_000, Plan(bot="heuristic.balanced"), seed=2
    )
    return page_text(run_dir)


def test_a_summary_of_other_bots_says_the_verdict_depends_on_them(heuristic_page):
    assert "Played by <code>heuristic.balanced</code>." in heuristic_page
    assert "baseline" not in heuristic_page[: heuristic_page.index('<section id="provenance">')]


def test_a_run_without_tiers_has_no_tier_sections(heuristic_page):
    for section_id in report.TIER_SECTION_IDS:
        assert f'<section id="{section_id}">' not in heuristic_page


def _section(page: str, name: str) -> str:
    return page.split(f'<section id="{name}">')[1].split("</section>")[0]


def test_a_sweep_report_is_per_variant_and_labels_what_it_pools(tmp_path):
    """A sweep of Kumara RAJ's merit: RAJ planted strong at 16 and weak at 20, fair at 18, every
    value on the same deals and its own card set. The summary gives each value's own flags and
    the value that brings RAJ closest to fair, never a pooled figure; the pooled sections say
    they are pooled; no red card-set warning for variants that differ on purpose."""
    plans = [
        Plan(variant=f"kumara_raj.merit={m}", strength={"kumara_raj": 0.25 * (18 - m)})
        for m in (16, 18, 20)
    ]
    path = synthetic_run(
        tmp_path / "sweep", 6_000, plans, seed=4, chunk_games=3_000, shared_deals=True,
        card_set=lambda variant: "set-" + variant[-2:],
    )  # fmt: skip
    page = page_text(path)
    summary = _section(page, "summary")
    assert (
        "Kumara Raj (2 players) is closest to its fair 50.0% at <strong>kumara_raj.merit=18"
        in summary
    )
    assert "kumara_raj.merit=16: " in summary and "Kumara Raj above" in summary
    assert "kumara_raj.merit=20: " in summary and "Kumara Raj below" in summary
    assert "seat 0 wins" not in summary and "First player" not in summary
    assert "different card sets" not in _section(page, "provenance")
    assert "Pooled over the variants" in _section(page, "balance-flags")
    tables = path / "report" / "tables"
    flags = pd.read_csv(tables / "flags_by_variant.csv")
    assert set(flags["variant"]) == {p.variant for p in plans}
    pooled = pd.read_csv(tables / "seat_win_rates.csv")
    assert pooled["pooled"].all()


def test_the_card_set_warning_stays_for_a_variant_whose_chunks_disagree(tmp_path):
    sets = iter(["set-a", "set-b"])
    path = synthetic_run(
        tmp_path / "mixed", 4_000, Plan(), seed=2, chunk_games=2_000,
        card_set=lambda variant: next(sets),
    )  # fmt: skip
    page = page_text(path)
    assert "different card sets" in _section(page, "provenance")


def test_stalls_are_their_own_outcome_left_out_of_win_rates_and_counted(tmp_path):
    """A third of the games stall at the cap. Counted as losses they dragged seat 0 to about
    two thirds of its rate; over the decided games the seats' rates sum to one, the planted
    edge is inside the interval, and the summary says how many games hit the cap."""
    plan = Plan(seat_effect={2: (0.3, 0.0)}, stall_rate=1 / 3)
    path = synthetic_run(tmp_path / "stalls", 12_000, plan, seed=9, chunk_games=6_000)
    summary = _section(page_text(path), "summary")
    seats = pd.read_csv(path / "report" / "tables" / "seat_win_rates.csv")
    assert np.isclose(seats["rate"].sum(), 1.0)
    truth = 1 / (1 + np.exp(-0.3))
    seat0 = seats[seats["seat"] == 0].iloc[0]
    assert seat0["lo"] <= truth <= seat0["hi"] and seat0["games"] < 9_000
    flags = pd.read_csv(path / "report" / "tables" / "balance_flags.csv")
    assert flags["stalled"].sum() > 3_000 and (flags["rate"] > 0.4).all()
    length = pd.read_csv(path / "report" / "tables" / "length.csv")
    assert (length["stalled"] > 3_500).all()
    assert "stalled at the safety cap" in summary and "left out of every win rate" in summary


def test_a_four_player_summary_gives_every_seat(tmp_path):
    """The last seat is the favoured one: the summary names every seat's rate, not seat 0's."""
    plan = Plan(players={4: 1.0}, seat_effect={4: (-0.1, 0.0, 0.0, 0.15)})
    path = synthetic_run(tmp_path / "four", 8_000, plan, seed=10, chunk_games=8_000)
    summary = _section(page_text(path), "summary")
    assert "Seats, 4 players" in summary
    assert all(f"seat {s} " in summary for s in range(4))


def test_the_run_wide_games_still_needed_is_on_the_page(reported):
    page = (reported / "index.html").read_text(encoding="utf-8")
    assert ">more run games<" in _section(page, "balance-flags")


def test_a_run_stopped_by_its_rule_says_so_and_one_that_hit_its_cap_says_that(tmp_path):
    """A run played in rounds (`--precision`, `--until settled`) records its stop in
    stopped.json; the report says the rule stopped it, when and why, or that the cap came
    first; a run of its planned games says neither."""
    path = synthetic_run(tmp_path / "precise", 2_000, Plan(), seed=2, chunk_games=1_000)
    record = {
        "rule": "precision 0.05",
        "stopped": True,
        "why": "every Idol's 95% interval is within +/-5.0 points",
        "round": 2,
        "rounds": 5,
        "games": 2_000,
        "games_by_variant": {"main": 2_000},
        "cap": 8_000,
    }
    stopped.write(path, record)
    page = page_text(path)
    assert (
        "<strong>Stopped early by its rule</strong> (precision 0.05): after round 2 of 5, at "
        "2,000 of the 8,000 games it could have played, because every Idol&#x27;s 95% interval "
        "is within +/-5.0 points." in _section(page, "summary")
    )
    assert "Unfinished run" not in page
    assert "precision 0.05, after round 2 of 5" in _section(page, "provenance")

    stopped.write(path, record | {"stopped": False, "round": 5, "why": "1 of 8 Idol rates not"})
    page = page_text(path)
    assert "<strong>Played to its cap</strong> of 8,000 games" in _section(page, "summary")

    (path / stopped.STOPPED).unlink()
    page = page_text(path)
    assert "Stopped early" not in page and "Played to its cap" not in page
    assert "its planned games (no stopping rule)" in _section(page, "provenance")


@browser.needed
@pytest.mark.parametrize("kind", ["report", "sweep", "compare"])
def test_every_chart_loads_and_nothing_scrolls_sideways(
    reported, variants_run, compared, driver, kind, tmp_path
):
    """A report, a sweep's report and a comparison, in headless Chromium: every chart loads
    and nothing scrolls sideways at a desktop's 1280 px or a laptop's half-screen 800 px."""
    folder = {"report": reported, "sweep": variants_run / "report", "compare": compared}[kind]
    page = folder / "index.html"
    for width in (1280, 800):
        browser.set_width(driver, width)
        driver.get(page.as_uri())
        loaded = browser.images(driver)
        assert loaded, "the page shows no chart"
        broken = [i["alt"] for i in loaded if not (i["complete"] and i["width"] > 0)]
        assert not broken, f"{kind} at {width} px: images that did not load: {broken}"
        scroll = browser.sideways(driver)
        assert scroll["overflow"] <= 0, f"{kind} at {width} px scrolls sideways: {scroll}"
        # The experiment's long lines used to sit in a box that cut them off at its edge.
        assert not browser.clipped(driver), f"{kind} at {width} px cuts off text"
        shot = browser.screenshot(driver, tmp_path / f"{kind}-{width}.png", width)
        assert shot.stat().st_size > 10_000  # a page with charts, not a blank viewport


@browser.needed
def test_the_page_fits_a_narrow_window_because_wide_tables_scroll_in_their_column(reported, driver):
    """The card-impact table is wider than 800 px: it scrolls inside its own box."""
    browser.set_width(driver, 800)
    driver.get((reported / "index.html").as_uri())
    widths = driver.execute_script(
        "return Array.from(document.querySelectorAll('.table-wrap')).map(w =>"
        " [w.scrollWidth, w.clientWidth]);"
    )
    assert any(inner > outer for inner, outer in widths), "no table is wider than its column"
    assert browser.sideways(driver)["overflow"] <= 0
