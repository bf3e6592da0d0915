"""The report page's explorer in headless Chromium: the tier and card-set pickers choose which
sections, charts and rows show, a heading sorts its table by number, the Idol box filters the
rows, nothing is fetched, and with scripts off every tier reads top to bottom."""

from __future__ import annotations

import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports.pages import build_report
from avarium.runner.tiers import SEPARATOR

from tests.analysis import browser

pytestmark = pytest.mark.skipif(
    browser.binaries() is None,
    reason="chromium and chromedriver are not installed and could not be: `make browser` "
    "installs Debian's chromium and chromium-driver with apt-get, as root or with sudo",
)

TIERS = ("heuristic.balanced", "mcts/40")
VERSIONS = ("version 1", "version 2")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """The report of a run of two card sets, each played at two tiers."""
    root = tmp_path_factory.mktemp("explore")
    plans = [
        Plan(
            variant=f"{version}{SEPARATOR}{tier}",
            tier=tier,
            bot=tier,
            strength={"hatsurugi_touka": 1.5 - v + (0.5 if t == 0 else 0.0)},
        )
        for v, version in enumerate(VERSIONS)
        for t, tier in enumerate(TIERS)
    ]
    run = synthetic_run(root / "run", 2_000, plans, seed=4, chunk_games=2_000)
    return build_report(run, root / "report") / "index.html"


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    chrome = browser.open_browser(tmp_path_factory.mktemp("chromium-profile"))
    yield chrome
    chrome.quit()


def pick(driver, mark: str, value: str) -> None:
    from selenium.webdriver.support.select import Select

    Select(driver.find_element("css selector", f'select[data-pick="{mark}"]')).select_by_value(
        value
    )


def shown(driver, css: str) -> list[str]:
    """The `data-tier` (or, unmarked, the id) of every element matching `css` still shown."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]))"
        ".filter(e => e.offsetParent !== null || e.getClientRects().length)"
        ".map(e => e.getAttribute('data-tier') || e.id);",
        css,
    )


def column(driver, table_id: str, heading: str) -> list[str]:
    """The text of one column's shown cells, top to bottom, found by its heading."""
    return driver.execute_script(
        """
        const table = document.getElementById(arguments[0]);
        const heads = Array.from(table.tHead.rows[table.tHead.rows.length - 1].cells);
        const at = heads.findIndex(h => h.textContent.trim() === arguments[1]);
        return Array.from(table.tBodies[0].rows).filter(r => !r.hidden)
          .map(r => r.cells[at].textContent.trim());
        """,
        table_id,
        heading,
    )


def test_picking_a_tier_shows_that_tiers_sections_charts_and_rows_alone(page, driver):
    driver.get(page.as_uri())
    every = browser.images(driver)
    assert set(shown(driver, ".population")) == set(TIERS)  # every tier, until one is picked
    pick(driver, "tier", "mcts/40")
    assert set(shown(driver, ".population")) == {"mcts/40"}
    charts = driver.execute_script(
        "return Array.from(document.images).filter(i => i.getClientRects().length).length;"
    )
    assert 0 < charts < len(every)  # the weaker tier's charts are hidden, the tier charts stay
    # A table of every tier's rows keeps the picked tier's rows only.
    assert set(column(driver, "T_tier_seats", "tier")) == {"mcts/40"}
    # The contents list names only the sections shown.
    listed = driver.execute_script(
        "return Array.from(document.querySelectorAll('nav li')).filter(l => !l.hidden)"
        ".map(l => l.textContent);"
    )
    assert any("mcts/40" in item for item in listed)
    assert not any("heuristic.balanced ·" in item for item in listed)
    pick(driver, "tier", "")
    assert set(column(driver, "T_tier_seats", "tier")) == set(TIERS)


def test_picking_a_card_set_shows_that_versions_figures_alone(page, driver):
    driver.get(page.as_uri())
    pick(driver, "cards", "version 2")
    cards = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-cards]'))"
        ".filter(e => e.getClientRects().length).map(e => e.getAttribute('data-cards'));"
    )
    assert cards and set(cards) == {"version 2"}


def test_clicking_a_heading_sorts_the_rows_by_their_numbers(page, driver):
    driver.get(page.as_uri())
    table = "T_idol_win_rates_version_1_mcts_40"
    heading = driver.find_element(
        "xpath", f"//table[@id='{table}']/thead/tr/th[normalize-space()='rate']"
    )
    heading.click()
    rates = [float(cell.rstrip("%")) for cell in column(driver, table, "rate")]
    assert rates == sorted(rates) and rates[0] < rates[-1]
    assert heading.get_attribute("aria-sort") == "ascending"
    heading.click()
    rates = [float(cell.rstrip("%")) for cell in column(driver, table, "rate")]
    assert rates == sorted(rates, reverse=True)


def test_the_idol_box_keeps_the_rows_of_the_idols_it_names(page, driver):
    driver.get(page.as_uri())
    driver.find_element("id", "explore-idol").send_keys("touka")
    idols = column(driver, "T_idol_win_rates_version_1_mcts_40", "idol")
    assert idols == ["Hatsurugi Touka"]


def test_the_page_fetches_nothing_and_its_policy_lets_its_own_script_run(page, driver):
    driver.get(page.as_uri())
    assert driver.find_element("id", "explore").is_displayed()  # the script ran
    fetched = driver.execute_script("return performance.getEntriesByType('resource').length;")
    assert fetched == 0


def test_with_scripts_off_every_tier_reads_top_to_bottom(page, driver):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.get(page.as_uri())
        populations = driver.find_elements("css selector", ".population")
        assert {p.get_attribute("data-tier") for p in populations if p.is_displayed()} == set(TIERS)
        assert not driver.find_element("id", "explore").is_displayed()  # no dead controls
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
