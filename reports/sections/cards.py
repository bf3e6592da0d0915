"""The Card impact section."""

from __future__ import annotations

import pandas as pd
from avarium.reports import charts
from avarium.reports.html import Chart, Section, Table


def card_impact_section(t: dict) -> Section | None:
    """Win rate with a card taken against left, per card; left out when the run has no card
    counts."""
    impact = t["card_impact"]
    if impact.empty:
        return None
    shown = None
    if len(impact):
        shown = impact.reindex(impact["diff"].abs().sort_values(ascending=False).index)[
            [
                "players",
                "card",
                "kind",
                "offered",
                "pick_rate",
                "win_taken",
                "win_left",
                "raw_diff",
                "diff",
                "diff_lo",
                "diff_hi",
                "flagged",
            ]
        ]
    by_idol = t.get("card_impact_by_idol", pd.DataFrame())
    idol_tables = []
    if len(by_idol):
        flagged = by_idol[by_idol["flagged"]]
        idol_tables = [
            Table(
                "card_impact_by_idol",
                by_idol,
                "Per card and Idol: the cards flagged for one Idol",
                flagged.reindex(flagged["diff"].abs().sort_values(ascending=False).index)[
                    [
                        "players",
                        "idol",
                        "card",
                        "kind",
                        "offered",
                        "pick_rate",
                        "diff",
                        "diff_lo",
                        "diff_hi",
                        "p_adjusted",
                    ]
                ],
            )
        ]
    return Section(
        "card-impact",
        "Card impact",
        [
            "<p>Students: win rate of seats that recruited the card against seats that saw it "
            "in the Courtyard and left it. Schemes: played against drawn and not played. "
            "Pick (play) rate: taken / offered. <code>raw_diff</code> compares every seat at "
            "once; <code>diff</code>, its interval and the flag compare seats of the same Idol "
            "in the same seat in games of like length (bands of 5 turns): a card strong Idols "
            "take is not credited with their strength, nor a card taken late with who wins "
            "long games. The interval is widened for the seats of one game sharing its "
            "outcome, by the most they can share (the variance times the players): never too "
            "narrow, but measured about 1.5 (two players) to 2 (three) times as wide as the "
            "exact game-clustered interval, which the card counts cannot give. Per Idol, where "
            "a game's seats are different Idols and need no widening: "
            "<code>card_impact_by_idol</code>. In the chart, blue: flagged "
            "by a Benjamini-Hochberg screening at 5% false discovery rate and winning more when "
            "taken; orange: flagged and winning less; grey: not flagged. These are "
            "associations, not causes.</p>"
        ],
        [Chart("card_impact", charts.card_impact_chart(impact), "Card impact")],
        [Table("card_impact", impact, "Per-card impact, largest gaps first", shown), *idol_tables],
    )
