"""One verdict, one interval: the interval shown beside a verdict is the one it was decided on
(or both, labelled); the terminal, --json and the page name the same groups of Idols; a
recommendation says where it leaves its Idol against the band, in points; a point with too few
games to judge gives no verdict."""

from __future__ import annotations

import re

import pandas as pd
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports.headline import report_facts, report_lines
from avarium.reports.pages import build_report
from avarium.reports.tiers.sections import rate_cell


def page_of(run):
    """The run's report: these tests read its text and tables only, so it draws no chart."""
    return build_report(run, charts=False)


def kitty(status: str) -> pd.Series:
    """A tier's row whose 95% interval lies above the band while Holm's still reaches into it."""
    return pd.Series(
        {
            "rate": 0.565,
            "lo": 0.552,
            "hi": 0.579,
            "flag_lo": 0.548,
            "flag_hi": 0.582,
            "status": status,
        }
    )


def test_an_unsettled_tier_cell_shows_the_holm_interval_it_was_decided_on():
    cell = rate_cell(kitty("unsettled"))
    assert cell == "56.5% (95%: 55.2%-57.9%; Holm: 54.8%-58.2%) unsettled"


def test_an_inside_tier_cell_shows_the_95_percent_interval_it_was_decided_on():
    row = kitty("inside").copy()
    row[["rate", "lo", "hi"]] = [0.50, 0.48, 0.52]
    assert rate_cell(row) == "50.0% (95%: 48.0%-52.0%) inside"


def test_a_plain_run_names_its_unsettled_idols_with_both_intervals_on_every_surface(tmp_path):
    plan = Plan(bot="heuristic.balanced", strength={"kumara_raj": 0.25, "amyba": 0.5})
    report = page_of(synthetic_run(tmp_path / "plain", 1_500, plan, seed=3))
    flags = pd.read_csv(report / "tables" / "balance_flags.csv")
    facts = report_facts(report)
    for status, key in (("unsettled", "unsettled"), ("inside", "inside_the_band")):
        assert {r["idol"] for r in facts[key]} == set(flags[flags["status"] == status]["idol"])
    assert facts["unsettled"], "the plan must leave an Idol unsettled"
    lines = report_lines(facts)
    (line,) = [x for x in lines if x.startswith("unsettled: ")]
    first = facts["unsettled"][0]
    assert f"Holm interval {first['flag_lo']:.1%}-{first['flag_hi']:.1%}, which decides" in line
    page = (report / "index.html").read_text(encoding="utf-8")
    assert f"{first['idol']} {first['rate']:.1%} (95% interval " in page
    assert "Holm interval" in page


def sweep(tmp_path, games: int, name: str = "sweep"):
    plans = [
        Plan(variant=f"kumara_raj.merit={v}", bot="heuristic.balanced", strength={"kumara_raj": s})
        for v, s in ((16, 1.2), (17, 0.8), (18, 0.5))
    ]
    return synthetic_run(tmp_path / name, games, plans, seed=1, shared_deals=True)


def test_a_recommendation_outside_the_band_says_so_in_points_on_terminal_and_page(tmp_path):
    from avarium.analysis.dataset import load_run
    from avarium.analysis.summary import swept_idol_closest
    from avarium.reports.tuning import recommendation

    run = sweep(tmp_path, 3_000)
    swept = swept_idol_closest(load_run(run).games)
    said = recommendation(swept, what="Kumara RAJ")
    chosen = swept[swept["chosen"]].iloc[0]
    assert chosen["status"] == "outside"
    assert f"about {chosen['gap'] * 100:.1f} points from the fair 50%" in said
    assert not re.search(r"\d% to \d", said)  # no gap written as a share
    assert f"STILL OUTSIDE the band there: {chosen['rate']:.1%}" in said
    page = (page_of(run) / "index.html").read_text(encoding="utf-8")
    assert f'<span class="flag">STILL OUTSIDE the band there: {chosen["rate"]:.1%}' in page


def test_a_sweep_point_with_too_few_games_to_judge_gives_no_verdict(tmp_path):
    # 60 games a point: about 15 an Idol, fewer than the 30 a verdict needs.
    page = (page_of(sweep(tmp_path, 60)) / "index.html").read_text(encoding="utf-8")
    for v in (16, 17, 18):  # each point said, with its own games
        point = f"<strong>kumara_raj.merit={v}</strong>"
        assert f"to judge any Idol at {point} (fewer than 30 games each there; no verdict)" in page
    assert "No Idol outside the band at" not in page


def test_a_sweep_point_clean_only_among_the_idols_it_could_judge_says_so(tmp_path):
    page = (page_of(sweep(tmp_path, 100)) / "index.html").read_text(encoding="utf-8")
    clean = re.search(r"No Idol outside the band at: (.*?)\.</li>", page).group(1)
    assert "Idols with too few games to judge)" in clean


def test_a_tiered_tune_bonus_page_recommends_what_the_terminal_does_at_every_tier(tmp_path):
    from html import escape

    from avarium.analysis.dataset import load_run
    from avarium.analysis.sweeps import closest_to_fair_at_every_tier
    from avarium.analysis.tiers.analyse import by_tier
    from avarium.reports.tuning import recommendation

    plans = [
        Plan(variant=f"bonus=0,{b} · {tier}", tier=tier, bot=tier, seat_effect={2: (edge, 0.0)})
        for b, edge in ((1, 0.4), (2, 0.05), (3, -0.3))
        for tier in ("heuristic.balanced", "mcts/40")
    ]
    run = synthetic_run(tmp_path / "tune", 1_200, plans, seed=5, shared_deals=True)
    data = load_run(run)
    # What `tune-bonus` prints for every tier at once (avarium/cli/tuning.py).
    tiers = [games for _, games in by_tier(data.games, data.provenance.experiment)]
    said = recommendation(
        closest_to_fair_at_every_tier(tiers), "worst seat at any tier", "recommended at every tier"
    )
    assert said.startswith("recommended at every tier: bonus=0,2 ")
    page = (page_of(run) / "index.html").read_text(encoding="utf-8")
    assert f"<li>Seats: {escape(said, quote=True)}.</li>" in page
