"""Win-rate charts: per Idol against the band, Idol against Idol, per seat, the model's Idol
strengths, and the difference between two runs."""

from __future__ import annotations

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from avarium.reports.charts.style import (
    BAND_COLOUR,
    BASE_COLOUR,
    FLAG_COLOUR,
    MODEL_COLOUR,
    UNDRAWN,
    ShareTicks,
    Undrawn,
    dots,
    error_bars,
    grid,
    idol_axis,
    in_order,
    layout,
    percent_axis,
    share_locator,
    undrawn,
)
from matplotlib.figure import Figure


def idol_winrate_chart(flags: pd.DataFrame) -> Figure | Undrawn | None:
    """Idol win rates with 95% intervals against the band, one panel per player count, the
    strongest Idol at the top; flagged Idols in red. Behind each, a thin grey line spans its Holm
    interval, the one its flag is decided on: a 95% interval clear of the band on an Idol not
    flagged shows why."""
    if flags.empty:
        return None
    if undrawn():
        return UNDRAWN
    groups = list(flags.groupby("players"))
    heights = [0.32 * len(g) + 1.2 for _, g in groups]
    fig, axes = grid(len(groups), sum(heights))
    for ax, (players, part) in zip(axes, groups, strict=True):
        part = part.sort_values("rate", ascending=False, kind="stable")
        y = np.arange(len(part))
        colours = np.where(part["flagged"], FLAG_COLOUR, BASE_COLOUR)
        lo, hi = part["band_lo"].iloc[0], part["band_hi"].iloc[0]
        ax.axvspan(lo, hi, color=BAND_COLOUR, alpha=0.15, label=f"band {lo:.1%}-{hi:.1%}")
        ax.axvline(1 / players, color=BAND_COLOUR, lw=1, ls="--", label=f"fair {1 / players:.1%}")
        if {"flag_lo", "flag_hi"} <= set(part.columns):
            holm = part["flag_lo"].notna().to_numpy()
            ax.hlines(
                y[holm], part["flag_lo"][holm], part["flag_hi"][holm], color="#b0b0b0", lw=5,
                zorder=0, label="Holm interval (decides the flag)",
            )  # fmt: skip
        err = error_bars(part["rate"], part["lo"], part["hi"])
        dots(ax, part["rate"].to_numpy(), y, err, colours)
        idol_axis(ax, part["idol"])
        ax.set_title(f"{players} players: win rate per Idol (95% Wilson interval)")
        ax.set_xlabel("win rate (share of the Idol's games won)")
        ax.set_ylabel("Idol")
        percent_axis(ax)
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    layout(fig)
    return fig


def _ink_for(rgba) -> str:
    """Black or white, whichever reads on a cell of this colour (relative luminance)."""
    r, g, b = rgba[:3]
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else "white"


def matchup_heatmap(table: pd.DataFrame, players: int = 2) -> Figure | Undrawn | None:
    """Row Idol's win rate against the column Idol, with the games behind each cell; rows and
    columns in the table's order (strongest Idol first), a labelled colour scale centred on the
    fair share, and cell text in black or white to read on its colour."""
    part = table[table["players"] == players]
    if part.empty:
        return None
    if undrawn():
        return UNDRAWN
    names = list(dict.fromkeys(in_order(part, "idol") + in_order(part, "opponent")))
    rate = part.pivot_table(index="idol", columns="opponent", values="rate", observed=True)
    games = part.pivot_table(index="idol", columns="opponent", values="games", observed=True)
    rate = rate.reindex(index=names, columns=names)
    games = games.reindex(index=names, columns=names)
    size = 0.75 * len(names) + 2
    fig, ax = plt.subplots(figsize=(size + 1.5, size))
    fair = 1 / players
    values = rate.to_numpy(dtype=float)
    finite = values[np.isfinite(values)]
    span = max(0.05, float(np.abs(finite - fair).max()) if finite.size else 0.05)
    cmap = matplotlib.colormaps["RdBu_r"]
    norm = matplotlib.colors.Normalize(vmin=fair - span, vmax=fair + span)
    image = ax.imshow(values, cmap=cmap, norm=norm)
    for i in range(len(names)):
        for j in range(len(names)):
            r, n = values[i, j], games.iat[i, j]
            if np.isfinite(r):
                ax.text(
                    j,
                    i,
                    f"{r:.0%}\n{int(n):,}",
                    ha="center",
                    va="center",
                    fontsize=7,
                    color=_ink_for(cmap(norm(r))),
                )
    ax.set_xticks(range(len(names)), [str(n) for n in names], rotation=45, ha="right")
    ax.set_yticks(range(len(names)), [str(n) for n in names])
    ax.set_xlabel("opponent (column Idol)")
    ax.set_ylabel("Idol (row), strongest first")
    ax.set_title(f"{players} players: row Idol's win rate against column Idol (games below)")
    bar = fig.colorbar(image, ax=ax, shrink=0.8)
    bar.ax.yaxis.set_major_locator(share_locator())
    bar.ax.yaxis.set_major_formatter(ShareTicks())
    bar.set_label(f"row Idol's win rate (fair {fair:.0%} in white)")
    layout(fig)
    return fig


def seat_chart(seats: pd.DataFrame, model: pd.DataFrame | None = None) -> Figure | Undrawn | None:
    """Win rate by seat per player count: raw rates and, beside them, the model's even-table
    rates (Idol strengths taken out), each with its 95% interval. The legend sits below the
    panels, never over a bar."""
    if seats.empty:
        return None
    if undrawn():
        return UNDRAWN
    groups = list(seats.groupby("players"))
    fig, axes = plt.subplots(1, len(groups), figsize=(3.4 * len(groups) + 1, 3.6), squeeze=False)
    for ax, (players, part) in zip(axes[0], groups, strict=True):
        x = part["seat"].to_numpy()
        err = error_bars(part["rate"], part["lo"], part["hi"])
        m = model[model["players"] == players] if model is not None and len(model) else []
        # The raw bar sits on its seat's tick, moved aside only to make room for the model's.
        shift, width = (0.18, 0.36) if len(m) else (0.0, 0.5)
        ax.bar(
            x - shift, part["rate"], width=width, color=BASE_COLOUR, yerr=err, capsize=3,
            label="raw",
        )  # fmt: skip
        if len(m):
            merr = error_bars(m["even_rate"], m["lo"], m["hi"])
            ax.bar(
                m["seat"] + shift,
                m["even_rate"],
                width=width,
                color=MODEL_COLOUR,
                yerr=merr,
                capsize=3,
                label="model (even Idols)",
            )
        # Half a seat of room beyond the outer bars: no bar or seat label is cut at the edge.
        ax.set_xlim(x.min() - 0.7, x.max() + 0.7)
        ax.axhline(1 / players, color=BAND_COLOUR, ls="--", lw=1, label="fair share")
        ax.set_xticks(x, [f"seat {s}" for s in x])
        ax.set_title(f"{players} players")
        ax.set_xlabel("seat (seat 0 plays first)")
        ax.set_ylabel("win rate")
        percent_axis(ax, "y")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.suptitle("Win rate by seat, 95% intervals")
    layout(fig)
    fig.legend(
        handles,
        labels,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=len(labels),
        fontsize=8,
        frameon=False,
    )
    return fig


def strength_chart(idols: pd.DataFrame) -> Figure | Undrawn | None:
    """Idol strength from the seat-and-strength model (log-odds, 0 = average) with 95% CIs,
    in the table's order (strongest first)."""
    if idols.empty:
        return None
    if undrawn():
        return UNDRAWN
    groups = list(idols.groupby("players"))
    fig, axes = grid(len(groups), sum(0.3 * len(g) + 1.2 for _, g in groups))
    for ax, (players, part) in zip(axes, groups, strict=True):
        y = np.arange(len(part))
        err = error_bars(part["strength"], part["lo"], part["hi"])
        ax.errorbar(part["strength"], y, xerr=err, fmt="o", color=MODEL_COLOUR, capsize=3)
        ax.axvline(0, color=BAND_COLOUR, ls="--", lw=1)
        idol_axis(ax, part["idol"])
        ax.set_title(f"{players} players: Idol strength, seat effects taken out")
        ax.set_xlabel("strength (log-odds; 0 = the average Idol)")
        ax.set_ylabel("Idol")
    layout(fig)
    return fig


def difference_chart(table: pd.DataFrame, key: str, title: str) -> Figure | Undrawn | None:
    """Run B minus run A per Idol or seat, with 95% intervals; significant ones in red."""
    if table.empty:
        return None
    if undrawn():
        return UNDRAWN
    groups = list(table.groupby("players"))
    fig, axes = grid(len(groups), sum(0.3 * len(g) + 1.3 for _, g in groups))
    for ax, (players, part) in zip(axes, groups, strict=True):
        y = np.arange(len(part))
        err = error_bars(part["diff"], part["lo"], part["hi"])
        colours = np.where(part["significant"], FLAG_COLOUR, BASE_COLOUR)
        dots(ax, part["diff"].to_numpy(), y, err, colours)
        ax.axvline(0, color=BAND_COLOUR, ls="--", lw=1)
        idol_axis(ax, [str(v) if key != "seat" else f"seat {v}" for v in part[key]])
        ax.set_title(f"{players} players: {title}")
        ax.set_xlabel("win rate, B minus A (percentage points)")
        ax.set_ylabel("Idol" if key == "idol" else key)
        percent_axis(ax, points=True)
    layout(fig)
    return fig
