"""The report of a tiered run: the tiers side by side after the summary, the verdicts across
tiers in the summary, why each flagged Idol wins, and the other sections on the strongest tier."""

from __future__ import annotations

import pandas as pd
import pytest
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports.pages import build_report
from avarium.reports.report import SECTION_IDS, TIER_SECTION_IDS


@pytest.fixture(scope="module")
def tiered_run(tmp_path_factory):
    """A run of two tiers, Touka strong at the weaker and even at the stronger, Coral weak at
    both, with its report written in it (`run / "report"`): one run and one report (about 5 s
    of CPU) for every test below that only reads them."""
    plans = [
        Plan(
            variant="heuristic.balanced",
            tier="heuristic.balanced",
            bot="heuristic.balanced",
            strength={"hatsurugi_touka": 1.5, "syeira_coral": -1.2},
        ),
        Plan(
            variant="mcts/40",
            tier="mcts/40",
            bot="mcts/40",
            strength={"hatsurugi_touka": 0.0, "syeira_coral": -1.2},
        ),
    ]
    run = synthetic_run(
        tmp_path_factory.mktemp("tiered") / "run", 6_000, plans, seed=4, chunk_games=6_000
    )
    build_report(run)
    return run


def section(page: str, section_id: str) -> str:
    start = page.index(f'<section id="{section_id}">')
    return page[start : page.index("</section>", start)]


def test_a_tiered_report_sets_the_tiers_side_by_side_with_a_verdict_for_each_idol(tiered_run):
    page = (tiered_run / "report" / "index.html").read_text(encoding="utf-8")
    # A two-player page of one detailed tier: no placements or variants section (none applies).
    for section_id in (*SECTION_IDS, *TIER_SECTION_IDS):
        if section_id not in ("placements", "variants"):
            assert f'<section id="{section_id}">' in page, section_id
    summary = section(page, "summary")
    assert "Skill tiers, weakest first: <code>heuristic.balanced</code> (6,000 games)" in summary
    # Idols by name (a synthetic run's set cannot be read again: names made from the ids).
    assert "depends on skill</span>: Hatsurugi Touka" in summary
    assert "too weak at every tier</span>: Syeira Coral" in summary
    # Touka's tiers are further apart than the band: no change that moves both alike will do.
    assert "tiers further apart than the band</span> (no change" in summary
    assert "at all): Hatsurugi Touka (heuristic.balanced " in summary
    tiers = section(page, "skill-tiers")
    assert "Verdicts across skill tiers" in tiers and "charts/tier_win_rates_2p.png" in tiers
    verdicts = pd.read_csv(tiered_run / "report" / "tables" / "tier_verdicts.csv")
    touka = verdicts.set_index("idol_id").loc["hatsurugi_touka"]
    assert touka["verdict"] == "depends on skill"
    assert (touka["change_from"], touka["change_to"]) == ("heuristic.balanced", "mcts/40")
    gaps = pd.read_csv(tiered_run / "report" / "tables" / "tier_gaps.csv").set_index("idol_id")
    assert gaps["apart"].to_dict() == {idol: idol == "hatsurugi_touka" for idol in gaps.index}
    assert "Tiers apart: each Idol's widest gap" in tiers


def test_why_an_idol_wins_names_games_to_replay_in_this_run(tiered_run):
    page = (tiered_run / "report" / "index.html").read_text(encoding="utf-8")
    why = section(page, "why-idols-win")
    assert "Hatsurugi Touka: depends on skill" in why
    assert f"avarium replay {tiered_run} --game " in why
    assert "Win-Con reached at turn" in why
    samples = pd.read_csv(tiered_run / "report" / "tables" / "tier_samples.csv")
    assert set(samples["idol_id"]) == {"hatsurugi_touka", "syeira_coral"}


def test_the_other_sections_detail_the_strongest_tier_first_under_the_plain_names(
    tiered_run, tmp_path
):
    page = (tiered_run / "report" / "index.html").read_text(encoding="utf-8")
    summary = section(page, "summary")
    assert "detail the strongest tier of each variant, one at a time: <code>mcts/40</code>" in (
        summary
    )
    # Each section's title names the tier it details and the games it counts.
    assert "<h2>Idol win rates · mcts/40 · 6,000 games</h2>" in page
    rates = pd.read_csv(tiered_run / "report" / "tables" / "idol_win_rates.csv")
    assert rates["games"].sum() == 6_000 * 2  # one tier's games, two seats each
    # Its tables only: written without charts (the fixture's report draws them).
    picked = build_report(
        tiered_run, tmp_path / "heuristic", variant="heuristic.balanced", charts=False
    )
    rates = pd.read_csv(picked / "tables" / "idol_win_rates.csv")
    touka = rates.set_index("idol_id").loc["hatsurugi_touka"]
    assert touka["rate"] > 0.7  # the planted strength of the weaker tier


def test_every_weaker_tier_is_detailed_after_the_strongest_under_its_own_name(tiered_run):
    page = (tiered_run / "report" / "index.html").read_text(encoding="utf-8")
    summary = section(page, "summary")
    assert "then every other tier: <code>heuristic.balanced</code>" in summary
    strongest = page.index("<h2>Idol win rates · mcts/40 · 6,000 games</h2>")
    weaker = page.index("<h2>Idol win rates · heuristic.balanced · 6,000 games</h2>")
    assert strongest < weaker
    # The tier's sections are marked for the page's tier picker.
    assert '<div class="population" data-tier="heuristic.balanced">' in page
    rates = pd.read_csv(tiered_run / "report" / "tables" / "idol_win_rates_heuristic_balanced.csv")
    assert rates.set_index("idol_id").loc["hatsurugi_touka", "rate"] > 0.7  # as planted there


def test_the_terminal_names_an_idol_whose_tiers_are_further_apart_than_the_band(tiered_run):
    from avarium.reports.headline import headline, report_facts

    report = tiered_run / "report"
    (apart,) = report_facts(report)["tiers_apart"]
    assert apart["idol"] == "Hatsurugi Touka" and apart["gap"] < -0.10
    (line,) = [line for line in headline(report) if line.startswith("tiers further apart")]
    assert line.endswith(
        f"at all): Hatsurugi Touka (heuristic.balanced {apart['rate_a']:.1%} "
        f"vs mcts/40 {apart['rate_b']:.1%} on the {apart['paired_games']:,} deals both played)"
    )


def test_the_terminal_names_every_verdict_group_the_tier_table_holds(tiered_run):
    from avarium.reports.headline import report_facts, report_lines

    report = tiered_run / "report"
    verdicts = pd.read_csv(report / "tables" / "tier_verdicts.csv")
    facts = report_facts(report)
    named = {verdict for verdict, rows in facts["verdicts"].items() if rows}
    assert named == set(verdicts["verdict"])  # unsettled and inside included
    lines = report_lines(facts)
    for verdict, part in verdicts.groupby("verdict"):
        (line,) = [x for x in lines if x.startswith(f"{verdict}: ")]
        assert all(idol in line for idol in part["idol"])


def test_a_run_of_several_tiered_variants_names_each_idol_once_with_where_it_holds():
    from avarium.reports.headline import report_lines

    def gap(group, rate_b):
        return {"group": group, "idol": "Love", "players": 2, "tier_a": "heuristic",
                "rate_a": 0.28, "tier_b": "mcts/20", "rate_b": rate_b, "apart": True}  # fmt: skip

    facts = {
        "page": "p",
        "groups": ["before", "after", "alone"],
        "verdicts": {
            "depends on skill": [
                {"idol": "Love", "players": 2, "group": g} for g in ("before", "after", "alone")
            ]
            + [{"idol": "Touka", "players": 2, "group": "before"}],
        },
        "tiers_apart": [gap("before", 0.51), gap("after", 0.55)],
    }
    lines = report_lines(facts)
    assert "depends on skill: Love (in every variant), Touka (in before)" in lines
    (apart,) = [line for line in lines if line.startswith("tiers further apart")]
    # The widest gap is shown, in the variant it was measured in, and where Love is apart.
    widest = "Love (heuristic 28.0% vs mcts/20 55.0% in after; apart in before, after)"
    assert apart.endswith(widest)


def test_a_tiered_report_leads_with_the_idols_settled_at_strong_play(tmp_path):
    from avarium.reports.headline import headline, report_facts

    # Shared deals: only Touka's strength changes between the tiers, so most Idols agree.
    plans = [
        Plan(variant=t, tier=t, bot=t, strength={"hatsurugi_touka": s})
        for t, s in (("heuristic.balanced", 0.3), ("mcts/40", 0.0))
    ]
    run = synthetic_run(tmp_path / "shared", 6_000, plans, seed=4, shared_deals=True)
    report = build_report(run, charts=False)  # its text and tables are read, never a chart
    settled = pd.read_csv(report / "tables" / "tier_settled.csv").set_index("idol_id")
    assert settled.loc["hatsurugi_touka", "strength"] == "still moving with skill"
    assert (settled["strength"] == "settled at strong play").any()
    n = int((settled["strength"] == "settled at strong play").sum())
    page = (report / "index.html").read_text(encoding="utf-8")
    assert "Settled at strong play: the two strongest tiers" in section(page, "skill-tiers")
    lead = f"settled at strong play: {n} of {len(settled)} Idols ("
    summary = section(page, "summary")
    # It follows the tiers that played, before the verdicts across tiers.
    assert "see Skill tiers.</li><li>" + lead in summary
    # The terminal's headline leads with it, Touka among the still moving with its figures.
    lines = headline(report)
    assert lines[0].startswith(lead)
    assert (
        "still moving with skill: " in lines[0]
        and "Hatsurugi Touka (heuristic.balanced" in lines[0]
    )
    assert {r["strength"] for r in report_facts(report)["settled"]} == {
        "settled at strong play",
        "still moving with skill",
    }
