"""The report shows early wins per Idol, tier and player count as a table, and says in its
summary which Idol wins early far more often than the others; a run without one says none."""

from __future__ import annotations

import pandas as pd
from avarium.analysis.synthetic import IDOLS, Plan, synthetic_run
from avarium.reports.headline import report_facts, report_lines
from avarium.reports.pages import build_report

SHORT = {idol: -10.0 for idol in IDOLS}
# The pages below are read for their text and tables, never a chart: each is written without.


def section(page: str, section_id: str) -> str:
    start = page.index(f'<section id="{section_id}">')
    return page[start : page.index("</section>", start)]


def test_a_rush_idol_is_said_in_the_summary_and_flagged_at_its_tier_only(tmp_path):
    plans = [
        Plan(variant="heuristic", tier="heuristic", bot="heuristic", turns=SHORT),
        Plan(variant="mcts/40", tier="mcts/40", bot="mcts/40", turns=SHORT,
             rush={"syeira_coral": 0.25}),
    ]  # fmt: skip
    run = synthetic_run(tmp_path / "rush", 4_000, plans, seed=9, chunk_games=4_000)
    report = build_report(run, charts=False)
    page = (report / "index.html").read_text(encoding="utf-8")
    line = '<span class="flag">Syeira Coral</span> wins early (mcts/40, 2 players): by turn 3'
    assert line in section(page, "summary") and line in section(page, "early-wins")
    assert "wins early (heuristic" not in page
    table = pd.read_csv(report / "tables" / "early_wins.csv")
    assert set(table["variant"]) == {"heuristic", "mcts/40"}  # every tier, not the strongest
    rushes = pd.read_csv(report / "tables" / "early_rushes.csv")
    assert rushes[["variant", "idol_id", "turn"]].values.tolist() == [
        ["mcts/40", "syeira_coral", 3]
    ]
    shown = section(page, "early-wins")
    assert "won by turn 3" in shown and "by turn 5, by win type" in shown
    # The terminal and --json say it too, read back from the page's table.
    facts = report_facts(report, run)
    assert [(r["idol"], r["variant"], r["turn"]) for r in facts["early_wins"]] == [
        ("Syeira Coral", "mcts/40", 3)
    ]
    said = [line for line in report_lines(facts) if "wins early" in line]
    assert said == [
        f"Syeira Coral wins early (mcts/40, 2 players): by turn 3 in {rushes['rate'][0]:.1%} "
        f"({rushes['lo'][0]:.1%}-{rushes['hi'][0]:.1%}) of its games, the other Idols "
        f"{rushes['others'][0]:.1%}"
    ]


def test_a_run_without_a_rush_says_no_idol_wins_early_far_more_often(tmp_path):
    run = synthetic_run(tmp_path / "plain", 4_000, Plan(turns=SHORT), seed=9, chunk_games=4_000)
    report = build_report(run, charts=False)
    page = (report / "index.html").read_text(encoding="utf-8")
    assert "No Idol wins early far more often than the others." in section(page, "early-wins")
    assert "wins early (" not in page
    assert report_facts(report, run)["early_wins"] == []
