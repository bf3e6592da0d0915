"""The chart of a tiered run: each Idol's win rate at every tier, side by side, against the
band (reports/tiers/sections.py places it)."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from avarium.analysis.tiers.analyse import TierAnalysis
from avarium.reports import charts

TIER_COLOURS = ("#95a5a6", "#2980b9", "#8e44ad", "#d35400", "#16a085")


def tier_names(result: TierAnalysis, group: str) -> list[str]:
    """A variant's tiers, weakest first."""
    return [t.tier for t in sorted(result.tiers, key=lambda t: t.order) if t.group == group]


def tier_chart(result: TierAnalysis, group: str, players: int) -> plt.Figure | charts.Undrawn:
    """Each Idol's win rate at every tier (dots with 95% intervals) against the band."""
    if charts.undrawn():
        return charts.UNDRAWN
    rates = result.tables["tier_winrates"]
    rates = rates[(rates["group"] == group) & (rates["players"] == players)]
    names = tier_names(result, group)
    strongest = rates[rates["tier"] == names[-1]].sort_values("rate")
    order = list(strongest["idol"]) + sorted(set(rates["idol"]) - set(strongest["idol"]))
    y = {idol: i for i, idol in enumerate(order)}
    fig, ax = plt.subplots(figsize=(7.5, 0.45 * len(order) + 1.4))
    band_lo, band_hi = rates["band_lo"].iloc[0], rates["band_hi"].iloc[0]
    ax.axvspan(band_lo, band_hi, color=charts.BAND_COLOUR, alpha=0.15, label="band")
    ax.axvline(1 / players, color="#555", ls="--", lw=1)
    step = 0.6 / max(len(names), 1)
    for i, tier in enumerate(names):
        part = rates[rates["tier"] == tier]
        ys = np.array([y[idol] for idol in part["idol"]]) + (i - (len(names) - 1) / 2) * step
        err = charts.error_bars(part["rate"], part["lo"], part["hi"])
        colour = TIER_COLOURS[i % len(TIER_COLOURS)]
        ax.errorbar(part["rate"], ys, xerr=err, fmt="o", color=colour, capsize=2, label=tier)
    ax.set_yticks(range(len(order)), order)
    ax.set_xlabel("win rate (95% interval)")
    ax.set_ylabel("Idol (strongest at the strongest tier on top)")
    charts.percent_axis(ax)
    ax.set_title(f"Win rate per skill tier, {players} players (weakest tier first)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    charts.layout(fig)
    return fig
