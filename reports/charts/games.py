"""Charts of how games go: their length per Idol, how each Idol's games ended, placements."""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.reports.charts.style import (
    BASE_COLOUR,
    REASON_COLOURS,
    UNDRAWN,
    Undrawn,
    grid,
    idol_axis,
    in_order,
    layout,
    percent_axis,
    small_multiples,
    undrawn,
)
from matplotlib.figure import Figure


def length_chart(by_idol: pd.DataFrame, measure: str = "turns") -> Figure | Undrawn | None:
    """Game length per Idol as boxes: 25-75% box, median line, whiskers at 5% and 95%; Idols in
    the table's order (strongest first)."""
    part = by_idol[by_idol["measure"] == measure] if len(by_idol) else by_idol
    if part.empty:
        return None
    if undrawn():
        return UNDRAWN
    groups = list(part.groupby("players"))
    fig, axes = grid(len(groups), sum(0.3 * len(g) + 1.2 for _, g in groups))
    for ax, (players, rows) in zip(axes, groups, strict=True):
        stats = [
            {
                "label": str(r.idol),
                "whislo": r.q05,
                "q1": r.q25,
                "med": r.median,
                "q3": r.q75,
                "whishi": r.q95,
                "mean": r.mean,
                "fliers": [],
            }
            for r in rows.itertuples()
        ]
        ax.bxp(stats, orientation="horizontal", showmeans=True, patch_artist=False)
        ax.invert_yaxis()  # the first (strongest) Idol at the top, as in every other chart
        ax.set_title(f"{players} players: {measure} per game, by Idol (whiskers 5-95%)")
        ax.set_xlabel(f"{measure} per game")
        ax.set_ylabel("Idol")
    layout(fig)
    return fig


def length_histogram(distribution: pd.DataFrame) -> Figure | Undrawn | None:
    """Share of games per length in turns: a panel per Idol (strongest first) and player count,
    the Idol's line over every Idol's together in grey, so each reads on its own."""
    if distribution.empty:
        return None
    if undrawn():
        return UNDRAWN
    groups = list(distribution.groupby("players"))
    idols = [in_order(part, "idol") for _, part in groups]
    fig, panels = small_multiples([len(i) for i in idols])
    for (players, part), names, axes in zip(groups, idols, panels, strict=True):
        every = part.groupby("turns")["games"].sum().sort_index()
        for ax, idol in zip(axes, names, strict=True):
            ax.plot(every.index, every / every.sum(), color="#bbbbbb", lw=1)
            rows = part[part["idol"] == idol].sort_values("turns")
            ax.plot(rows["turns"], rows["games"] / rows["games"].sum(), color=BASE_COLOUR, lw=1.3)
            ax.set_title(f"{idol}, {players} players", fontsize=8)
            ax.set_xlabel("turns", fontsize=7)
            ax.set_ylabel("share of games", fontsize=7)
            ax.tick_params(labelsize=7)
            percent_axis(ax, "y")
    fig.suptitle("Distribution of game length per Idol (grey: every Idol's games)")
    layout(fig)
    return fig


def reasons_chart(win_reasons: pd.DataFrame) -> Figure | Undrawn | None:
    """Per Idol, how its games ended: won by each reason, lost, stalled or drawn (shares)."""
    if win_reasons.empty:
        return None
    if undrawn():
        return UNDRAWN
    groups = list(win_reasons.groupby("players"))
    fig, axes = grid(len(groups), sum(0.3 * g["idol"].nunique() + 1.4 for _, g in groups), 8.5)
    for ax, (players, part) in zip(axes, groups, strict=True):
        idols = in_order(part, "idol")
        total = part.groupby("idol", observed=True)["games"].sum().reindex(idols)
        left = np.zeros(len(idols))
        for reason, colour in REASON_COLOURS.items():
            rows = part[part["reason"] == reason].set_index("idol")
            if rows.empty:
                continue
            # Wins by reason for deciding reasons; the whole share for stalls and draws.
            count = rows["games"] if reason in ("stalled", "draw") else rows["wins"]
            share = (count.reindex(idols).fillna(0) / total).to_numpy()
            label = reason if reason in ("stalled", "draw") else f"won: {reason}"
            ax.barh(range(len(idols)), share, left=left, color=colour, label=label)
            left += share
        ax.barh(range(len(idols)), 1 - left, left=left, color="#ecf0f1", label="lost")
        idol_axis(ax, idols)
        ax.set_title(f"{players} players: how each Idol's games ended")
        ax.set_xlabel("share of the Idol's games")
        ax.set_ylabel("Idol")
        percent_axis(ax)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    layout(fig)
    return fig


def placements_chart(placements: pd.DataFrame) -> Figure | Undrawn | None:
    """Three and four players: share of each final placement per Idol."""
    if placements.empty:
        return None
    if undrawn():
        return UNDRAWN
    groups = list(placements.groupby("players"))
    fig, axes = grid(len(groups), sum(0.3 * g["idol"].nunique() + 1.4 for _, g in groups), 8.5)
    colours = ["#27ae60", "#2980b9", "#f39c12", "#c0392b"]
    for ax, (players, part) in zip(axes, groups, strict=True):
        idols = in_order(part, "idol")
        wide = (
            part.pivot_table(index="idol", columns="placement", values="share", observed=True)
            .reindex(idols)
            .fillna(0)
        )
        left = np.zeros(len(wide))
        for place in wide.columns:
            ax.barh(
                range(len(wide)),
                wide[place],
                left=left,
                label=f"place {place}",
                color=colours[(int(place) - 1) % len(colours)],
            )
            left += wide[place].to_numpy()
        idol_axis(ax, idols)
        ax.set_title(f"{players} players: final placement per Idol")
        ax.set_xlabel("share of the Idol's games")
        ax.set_ylabel("Idol")
        percent_axis(ax)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    layout(fig)
    return fig
