"""A report, a sweep report and a comparison page, opened in headless Chromium: every chart
loads and nothing scrolls sideways at a desktop's 1280 px or a laptop's half-screen 800 px."""

from __future__ import annotations

import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports.pages import build_comparison, build_report

from tests.analysis import browser

pytestmark = browser.needed

WIDTHS = (1280, 800)


@pytest.fixture(scope="module")
def pages(planted_run, tmp_path_factory):
    """The three kinds of page: a run's report, a sweep's report, a comparison."""
    root = tmp_path_factory.mktemp("pages")
    plans = [Plan(variant=f"bonus=0,{b}", seat_effect={2: (0.2 - 0.1 * b, 0.0)}) for b in range(3)]
    sweep = synthetic_run(root / "sweep", 2_000, plans, seed=1, chunk_games=2_000)
    before = synthetic_run(root / "before", 4_000, Plan(), seed=3, chunk_games=4_000)
    after = synthetic_run(
        root / "after", 4_000, Plan(strength={"amyba": 0.3}), seed=3, chunk_games=4_000
    )
    return {
        "report": build_report(planted_run, root / "report") / "index.html",
        "sweep": build_report(sweep) / "index.html",
        "compare": build_comparison(before, after) / "index.html",
    }


@pytest.mark.parametrize("kind", ["report", "sweep", "compare"])
def test_every_chart_loads_and_nothing_scrolls_sideways(pages, driver, kind, tmp_path):
    page = pages[kind]
    for width in WIDTHS:
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


def test_the_page_fits_a_narrow_window_because_wide_tables_scroll_in_their_column(pages, driver):
    """The card-impact table is wider than 800 px: it scrolls inside its own box."""
    browser.set_width(driver, 800)
    driver.get(pages["report"].as_uri())
    widths = driver.execute_script(
        "return Array.from(document.querySelectorAll('.table-wrap')).map(w =>"
        " [w.scrollWidth, w.clientWidth]);"
    )
    assert any(inner > outer for inner, outer in widths), "no table is wider than its column"
    assert browser.sideways(driver)["overflow"] <= 0
