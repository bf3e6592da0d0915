"""The SkillTrace chart: each Idol's win rate at every generation of trained play."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pandas as pd
from avarium.reports.charts.style import BAND_COLOUR, error_bars, layout, percent_axis
from matplotlib.figure import Figure


def skill_trace_chart(rates: pd.DataFrame, players: int, band: tuple[float, float]) -> Figure:
    """One line per Idol across the generations (dots with 95% intervals), the band shaded;
    Idols in the legend from the strongest at the last generation down."""
    fig, ax = plt.subplots(figsize=(7.5, 4.6))
    ax.axhspan(band[0], band[1], color=BAND_COLOUR, alpha=0.15, label="band")
    ax.axhline(1 / players, color="#555", ls="--", lw=1)
    last = rates[rates["generation"] == rates["generation"].max()]
    order = list(last.sort_values("rate", ascending=False)["idol"])
    order += sorted(set(rates["idol"]) - set(order))
    generations = sorted(rates["generation"].unique())
    spread = 0.25 / max(len(order), 1)  # the Idols' dots side by side, not on top of each other
    for i, idol in enumerate(order):
        part = rates[rates["idol"] == idol].sort_values("generation")
        x = part["generation"] + (i - (len(order) - 1) / 2) * spread
        ax.errorbar(
            x, part["rate"], yerr=error_bars(part["rate"], part["lo"], part["hi"]),
            fmt="o-", ms=4, lw=1.2, capsize=2, label=idol,
        )  # fmt: skip
    ax.set_xticks(generations, [f"gen{g}" if g else "gen0 (start)" for g in generations])
    ax.set_xlabel("generation (self-play, every seat the same bot)")
    ax.set_ylabel("win rate (95% interval)")
    percent_axis(ax, "y")
    ax.set_title(f"Win rate by generation, {players} players: flat at the end means settled")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    layout(fig)
    return fig
