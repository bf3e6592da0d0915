"""The card-impact chart: each card's win-rate gap when taken, coloured by what it means."""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.reports.charts.style import (
    BAND_COLOUR,
    UNDRAWN,
    Undrawn,
    error_bars,
    grid,
    idol_axis,
    layout,
    percent_axis,
    undrawn,
)
from matplotlib.figure import Figure

# What a card-impact dot means, by its colour: a flagged card that goes with more wins, one that
# goes with fewer, and a card the screening did not flag.
IMPACT_COLOURS = {
    "flagged: wins more when taken": "#1f6fb2",
    "flagged: wins less when taken": "#d35400",
    "not flagged": "#95a5a6",
}


def impact_meaning(diff, flagged) -> np.ndarray:
    """The legend label of each card's dot (IMPACT_COLOURS)."""
    diff = np.asarray(diff, dtype=float)
    flagged = np.asarray(flagged, dtype=bool)
    keys = list(IMPACT_COLOURS)
    return np.where(~flagged, keys[2], np.where(diff > 0, keys[0], keys[1]))


def card_impact_chart(impact: pd.DataFrame, top: int = 25) -> Figure | Undrawn | None:
    """The cards with the largest win-rate gap (taken minus left), with 95% intervals, coloured
    by what the gap means: flagged and helping, flagged and hurting, or not flagged. One panel
    per player count."""
    if impact.empty or "diff" not in impact:
        return None
    groups = list(impact.dropna(subset=["diff"]).groupby("players"))
    if not groups:
        return None
    if undrawn():
        return UNDRAWN
    sizes = [min(top, len(g)) for _, g in groups]
    fig, axes = grid(len(groups), sum(0.26 * s + 1.4 for s in sizes), 8)
    for ax, (players, part) in zip(axes, groups, strict=True):
        part = part.reindex(part["diff"].abs().sort_values(ascending=False).index)[:top]
        part = part.sort_values("diff", ascending=False)
        y = np.arange(len(part))
        err = error_bars(part["diff"], part["diff_lo"], part["diff_hi"])
        meaning = impact_meaning(part["diff"], part["flagged"])
        for label, colour in IMPACT_COLOURS.items():
            pick = meaning == label
            if pick.any():
                ax.errorbar(
                    part["diff"].to_numpy()[pick],
                    y[pick],
                    xerr=err[:, pick],
                    fmt="o",
                    color=colour,
                    capsize=3,
                    ls="none",
                    label=label,
                )
        ax.axvline(0, color=BAND_COLOUR, ls="--", lw=1)
        idol_axis(ax, [f"{c} ({k})" for c, k in zip(part["card"], part["kind"], strict=True)])
        ax.tick_params(axis="y", labelsize=7)
        ax.set_title(f"{players} players: win rate when taken minus when left (top {len(part)})")
        ax.set_xlabel("win rate taken minus left (percentage points)")
        ax.set_ylabel("card (kind)")
        percent_axis(ax, points=True)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    layout(fig)
    return fig
