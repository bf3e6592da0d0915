"""Every chart and table after the skill tiers names whose games it shows: one tier of one card
set, or what it pools; its footer counts the games it plots, not the run's. And the page's
explorer in headless Chromium: the tier and card-set pickers choose which sections, charts and
rows show, a heading sorts its table by number, the Idol box filters the rows, nothing is
fetched, and with scripts off every tier reads top to bottom."""

from __future__ import annotations

import html
import re

import pandas as pd
import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports.pages import build_report
from avarium.reports.population import changes_made, population

from tests.analysis import browser

TIERS = ("heuristic.balanced", "mcts/40")


@pytest.fixture(scope="module")
def versions_report(tmp_path_factory):
    """The report of version 1 and version 2 at two tiers each, Amyba strong in version 1 and
    weak in 2: one run and one report (about 20 s of CPU) for every test below that only reads
    it, the explorer's in the browser among them."""
    plans = [
        Plan(variant=f"{version} · {tier}", tier=tier, bot=tier, strength={"amyba": strength})
        for version, strength in (("version 1", 1.2), ("version 2", -1.2))
        for tier in TIERS
    ]
    run = synthetic_run(
        tmp_path_factory.mktemp("versions") / "run", 3_000, plans, seed=3, chunk_games=3_000
    )
    return build_report(run)


def section(page: str, section_id: str) -> str:
    start = page.index(f'<section id="{section_id}">')
    return page[start : page.index("</section>", start)]


def test_a_run_of_two_card_sets_details_each_set_apart_never_pooled(versions_report):
    page = (versions_report / "index.html").read_text(encoding="utf-8")
    amyba = {}
    for version in ("version-1", "version-2"):
        rates = section(page, f"idol-win-rates-{version}-mcts-40")
        label = version.replace("-", " ")
        assert f"<h2>Idol win rates · {label} · mcts/40 · 3,000 games</h2>" in rates
        table = pd.read_csv(
            versions_report / "tables" / f"idol_win_rates_{version.replace('-', '_')}_mcts_40.csv"
        )
        assert table["games"].sum() == 3_000 * 2  # one tier of one version, two seats a game
        amyba[version] = table.set_index("idol_id").loc["amyba", "rate"]
    assert amyba["version-1"] > 0.6 > 0.4 > amyba["version-2"]  # as planted, not blended
    assert '<section id="idol-win-rates">' not in page  # no pooled twin


def test_a_chart_heading_and_footer_count_the_games_it_plots(versions_report):
    svg = (versions_report / "charts" / "idol_win_rates_version_2_mcts_40.svg").read_text(
        encoding="utf-8"
    )
    assert "version 2 · mcts/40 · 3,000 games" in svg  # the heading above the chart
    assert "bots: mcts/40 · 3,000 games · seed 3" in svg  # the footer: its games, not 12,000
    assert "12,000 games" not in svg


def test_a_run_of_several_variants_without_tiers_says_it_pools_them(tmp_path):
    plans = [Plan(variant=v, bot="heuristic.balanced") for v in ("bonus 0", "bonus 2")]
    run = synthetic_run(tmp_path / "pooled", 1_000, plans, seed=2)
    report = build_report(run, charts=False)  # its section titles are read, never a chart
    page = (report / "index.html").read_text(encoding="utf-8")
    title = "Idol win rates · pooled over 2 variants (bonus 0, bonus 2) · 2,000 games"
    assert f"<h2>{title}</h2>" in page
    # The Variants section draws each variant apart: it pools nothing and says so.
    title = "Variants · 2 variants side by side (bonus 0, bonus 2) · 2,000 games"
    assert f"<h2>{title}</h2>" in page


def test_a_set_override_is_named_by_what_it_changed():
    assert changes_made("prototype-v1", ("lourvarius_love.combat=5",), ()) == [
        "lourvarius_love.combat 3 -> 5"
    ]
    experiment = {
        "seed": 7,
        "variant": [
            {
                "label": "love 5",
                "cards": "prototype-v1",
                "card_set": "abcd",
                "sets": ["lourvarius_love.combat=5"],
                "patches": [],
            }
        ],
    }
    games = pd.DataFrame({"seat": [0, 1, 0, 1], "bot": ["heuristic"] * 4})
    who = population(experiment, games, ["love 5"], "2026-12-06")
    assert who.footer("run") == (
        "Avarium Balance Lab · run · love 5 · card set prototype-v1 (abcd) · changed: "
        "lourvarius_love.combat 3 -> 5 · bots: heuristic · 2 games · seed 7 · played 2026-12-06"
    )


def test_a_tier_chart_is_headed_by_its_version_and_counts_its_tiers_games(versions_report):
    svg = (versions_report / "charts" / "tier_win_rates_2p_version_1.svg").read_text(
        encoding="utf-8"
    )
    assert "version 1, every tier side by side · 6,000 games" in svg  # its heading
    # Its footer (wrapped over two lines): both tiers' bots and their 6,000 games, not 12,000.
    assert "version 1, every tier side by side · card set synthetic0000 · bots: heuristic." in svg
    assert "bots: heuristic.balanced, mcts/40 · 6,000" in svg and "12,000" not in svg


def test_provenance_names_the_card_set_and_what_a_set_override_changed(tmp_path):
    from avarium.analysis.dataset import Provenance
    from avarium.analysis.summary import Analysis
    from avarium.reports.report import provenance_section

    table = {"label": "love 5", "cards": "prototype-v1", "card_set": "abcd"}
    experiment = {"variant": [table | {"sets": ["lourvarius_love.combat=5"], "patches": []}]}
    prov = Provenance(run=tmp_path, experiment=experiment, card_sets=["abcd"])
    text = "".join(provenance_section(prov, Analysis(), ["heuristic"]).paragraphs)
    assert re.search(r">card set</td>\s*<td[^>]*>prototype-v1 \(abcd\)</td>", text)
    assert "lourvarius_love.combat 3 -&gt; 5" in text


def test_a_run_of_one_unlabelled_variant_titles_its_games_not_an_internal_label(tmp_path):
    run = synthetic_run(tmp_path / "plain", 1_000, Plan(), seed=2)
    report = build_report(run, charts=False)  # its section titles are read, never a chart
    page = (report / "index.html").read_text(encoding="utf-8")
    assert "<h2>Idol win rates · all 1,000 games</h2>" in page
    assert "· main ·" not in page


def test_a_table_footer_names_its_version_bots_games_and_seed(versions_report):
    page = html.unescape((versions_report / "index.html").read_text(encoding="utf-8"))
    name = "tables/idol_win_rates_version_2_mcts_40.csv"
    (exhibit,) = [e for e in page.split('<div class="exhibit"') if name in e]
    footer = re.search(r'<p class="note footer">(.*?)</p>', exhibit).group(1)
    # Its own games (3,000 of the run's 12,000), the card set, its one bot and the run's seed.
    assert re.search(
        r"· version 2 · mcts/40 · card set synthetic\w* · bots: mcts/40 · 3,000", footer
    )
    assert "seed 3" in footer and "12,000" not in footer


def test_a_table_of_every_tier_and_version_is_footed_with_every_game_of_the_run(versions_report):
    page = html.unescape((versions_report / "index.html").read_text(encoding="utf-8"))
    (exhibit,) = [e for e in page.split('<div class="exhibit"') if "tables/early_wins.csv" in e]
    footer = re.search(r'<p class="note footer">(.*?)</p>', exhibit).group(1)
    assert "bots: heuristic.balanced, mcts/40 · 12,000 games · seed 3" in footer  # every game


def opened(driver, report) -> None:
    driver.get((report / "index.html").as_uri())


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


@browser.needed
def test_picking_a_tier_shows_that_tiers_sections_charts_and_rows_alone(versions_report, driver):
    opened(driver, versions_report)
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


@browser.needed
def test_picking_a_card_set_shows_that_versions_figures_alone(versions_report, driver):
    opened(driver, versions_report)
    pick(driver, "cards", "version 2")
    cards = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-cards]'))"
        ".filter(e => e.getClientRects().length).map(e => e.getAttribute('data-cards'));"
    )
    assert cards and set(cards) == {"version 2"}


@browser.needed
def test_clicking_a_heading_sorts_the_rows_by_their_numbers(versions_report, driver):
    opened(driver, versions_report)
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


@browser.needed
def test_the_idol_box_keeps_the_rows_of_the_idols_it_names(versions_report, driver):
    opened(driver, versions_report)
    driver.find_element("id", "explore-idol").send_keys("touka")
    idols = column(driver, "T_idol_win_rates_version_1_mcts_40", "idol")
    assert idols == ["Hatsurugi Touka"]


@browser.needed
def test_the_page_fetches_nothing_and_its_policy_lets_its_own_script_run(versions_report, driver):
    opened(driver, versions_report)
    assert driver.find_element("id", "explore").is_displayed()  # the script ran
    fetched = driver.execute_script("return performance.getEntriesByType('resource').length;")
    assert fetched == 0


@browser.needed
def test_with_scripts_off_every_tier_reads_top_to_bottom(versions_report, driver):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        opened(driver, versions_report)
        populations = driver.find_elements("css selector", ".population")
        assert {p.get_attribute("data-tier") for p in populations if p.is_displayed()} == set(TIERS)
        assert not driver.find_element("id", "explore").is_displayed()  # no dead controls
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
