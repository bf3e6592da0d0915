"""A tiered sweep's page: an Idol with too few games is named with its own point's (and tier's)
games, never a count pooled over the points; and the points are compared side by side in one
section whenever there are two or more, titled by what it compares."""

from __future__ import annotations

import html
import re

from avarium.analysis.dataset import load_run
from avarium.analysis.synthetic import Plan, synthetic_run
from avarium.reports.names import readable
from avarium.reports.pages import build_report

TIERS = ("heuristic.balanced", "mcts/40")
# The pages below are read for their text and tables, never a chart: each is written without.


def tiered_sweep(tmp_path, points: int, games: int):
    """A sweep of `points` values of Raj's Merit, each at two tiers, on shared deals."""
    plans = [
        Plan(variant=f"kumara_raj.merit={16 + p} · {tier}", tier=tier, bot=tier)
        for p in range(points)
        for tier in TIERS
    ]
    return synthetic_run(tmp_path / "sweep", games, plans, seed=5, shared_deals=True)


def summary_lines(report) -> list[str]:
    page = (report / "index.html").read_text(encoding="utf-8")
    summary = page.split('<section id="summary">')[1].split("</section>")[0]
    return html.unescape(re.sub(r"<[^>]+>", "", summary.replace("</li>", "\n"))).splitlines()


def test_too_few_games_names_each_point_and_tier_with_that_points_own_count(tmp_path):
    run = tiered_sweep(tmp_path, points=5, games=100)  # about 25 games an Idol a point
    report = build_report(run, charts=False)
    thin = [line for line in summary_lines(report) if line.startswith("Not enough games")]
    games = load_run(run).games
    per_point = games.groupby(["variant", "idol"]).size()  # every seat of every game
    named = {readable(i): i for i in games["idol"].astype(str).unique()}
    said = {}
    for line in thin:
        point = re.match(
            r"Not enough games to judge (?:any|these) Idols? at (\S+) \(tier (\S+)\)", line
        )
        assert point, line  # every such line names its point and its tier
        for idol, count in re.findall(r"([\w ]+?) \((\d+) games\)", line.split("verdict): ")[1]):
            said[(f"{point.group(1)} · {point.group(2)}", named[idol.strip()])] = int(count)
    assert {variant for variant, _ in said} == {
        f"kumara_raj.merit={v} · mcts/40" for v in range(16, 21)
    }
    for key, count in said.items():
        assert count == per_point[key] < 30  # that point's games, never the points pooled


def test_two_points_detailed_apart_are_also_compared_side_by_side(tmp_path):
    report = build_report(tiered_sweep(tmp_path, points=2, games=200), charts=False)
    page = (report / "index.html").read_text(encoding="utf-8")
    # Each point has its own sections...
    assert '<section id="idol-win-rates-kumara-raj-merit-16-mcts-40">' in page
    assert '<section id="idol-win-rates-kumara-raj-merit-17-mcts-40">' in page
    # ...and one section compares them, titled by the points and the tier it shows them at.
    title = (
        "Variants · 2 variants side by side (kumara_raj.merit=16, kumara_raj.merit=17) at "
        "mcts/40 · 400 games"
    )
    assert f"<h2>{title}</h2>" in page
    compared = (report / "tables" / "seat_by_variant.csv").read_text(encoding="utf-8")
    assert (
        "kumara_raj.merit=16 · mcts/40" in compared and "kumara_raj.merit=17 · mcts/40" in compared
    )
