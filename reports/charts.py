"""Charts: each a function from an analysis table to a matplotlib Figure (headless Agg).

Every chart shows intervals where the table has them, a reference (fair share, band or zero)
where one applies, and the player count in its title, so a printed page stands on its own.
"""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")  # before pyplot: reports render on machines without a display

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

FLAG_COLOUR = "#c0392b"
BASE_COLOUR = "#2c3e50"
MODEL_COLOUR = "#2980b9"
BAND_COLOUR = "#27ae60"
REASON_COLOURS = {
    "wincon": "#2980b9",
    "last standing": "#c0392b",
    "school out": "#f39c12",
    "school out (tie)": "#f7ca79",
    "stalled": "#7f8c8d",
    "draw": "#bdc3c7",
}


def png(fig: Figure, dpi: int = 100) -> bytes:
    """The figure as PNG bytes, without the software tag, so the same data gives the same file."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    plt.close(fig)
    return buffer.getvalue()


def _grid(n: int, height: float, width: float = 7.5):
    fig, axes = plt.subplots(n, 1, figsize=(width, max(height, 1.5)), squeeze=False)
    return fig, axes[:, 0]


def _pct(ax, axis: str = "x") -> None:
    fmt = matplotlib.ticker.PercentFormatter(1.0, decimals=0)
    (ax.xaxis if axis == "x" else ax.yaxis).set_major_formatter(fmt)


def _empty(message: str) -> Figure:
    fig, ax = plt.subplots(figsize=(6, 1.2))
    ax.axis("off")
    ax.text(0.5, 0.5, message, ha="center", va="center")
    return fig


def error_bars(centre, lo, hi) -> np.ndarray:
    """The (2, n) lengths of error bars below and above each estimate, never negative (which
    matplotlib refuses): an interval's end can sit a rounding error inside its estimate (a
    Wilson interval at 0% or 100% of a few games), or a model's interval off its point estimate;
    either draws no bar on that side. A missing or unbounded interval draws none either (the
    table beside the chart says what it is)."""
    centre, lo, hi = (np.asarray(x, dtype=float) for x in (centre, lo, hi))
    bars = np.vstack([centre - lo, hi - centre])
    return np.clip(np.nan_to_num(bars, nan=0.0, posinf=0.0, neginf=0.0), 0.0, None)


def _points(ax, x, y, err, colours) -> None:
    """Horizontal error bars, one call per colour (one call per point is slow to draw)."""
    err = np.asarray(err, dtype=float)
    for colour in dict.fromkeys(colours):
        pick = np.asarray(colours) == colour
        ax.errorbar(
            x[pick], y[pick], xerr=err[:, pick], fmt="o", color=colour, capsize=3, ls="none"
        )


def idol_winrate_chart(flags: pd.DataFrame) -> Figure:
    """Idol win rates with 95% intervals against the band, one panel per player count; flagged
    Idols in red."""
    if flags.empty:
        return _empty("no games")
    groups = list(flags.groupby("players"))
    heights = [0.32 * len(g) + 1.0 for _, g in groups]
    fig, axes = _grid(len(groups), sum(heights))
    for ax, (players, part) in zip(axes, groups, strict=True):
        part = part.sort_values("rate")
        y = np.arange(len(part))
        colours = np.where(part["flagged"], FLAG_COLOUR, BASE_COLOUR)
        lo, hi = part["band_lo"].iloc[0], part["band_hi"].iloc[0]
        ax.axvspan(lo, hi, color=BAND_COLOUR, alpha=0.15, label=f"band {lo:.1%}-{hi:.1%}")
        ax.axvline(1 / players, color=BAND_COLOUR, lw=1, ls="--", label=f"fair {1 / players:.1%}")
        err = error_bars(part["rate"], part["lo"], part["hi"])
        _points(ax, part["rate"].to_numpy(), y, err, colours)
        ax.set_yticks(y, part["idol"].astype(str))
        ax.set_title(f"{players} players: win rate per Idol (95% Wilson interval)")
        _pct(ax)
        ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    return fig


def matchup_heatmap(table: pd.DataFrame, players: int = 2) -> Figure:
    """Row Idol's win rate against the column Idol, with the games behind each cell."""
    part = table[table["players"] == players]
    if part.empty:
        return _empty(f"no {players}-player games")
    rate = part.pivot_table(index="idol", columns="opponent", values="rate", observed=True)
    games = part.pivot_table(index="idol", columns="opponent", values="games", observed=True)
    names = sorted(set(rate.index) | set(rate.columns), key=str)
    rate = rate.reindex(index=names, columns=names)
    games = games.reindex(index=names, columns=names)
    size = 0.75 * len(names) + 2
    fig, ax = plt.subplots(figsize=(size + 1.5, size))
    fair = 1 / players
    span = max(0.05, float(np.nanmax(np.abs(rate.to_numpy() - fair))) if rate.size else 0.05)
    image = ax.imshow(rate.to_numpy(dtype=float), cmap="RdBu_r", vmin=fair - span, vmax=fair + span)
    for i in range(len(names)):
        for j in range(len(names)):
            r, n = rate.iat[i, j], games.iat[i, j]
            if np.isfinite(r):
                ax.text(j, i, f"{r:.0%}\n{int(n)}", ha="center", va="center", fontsize=7)
    ax.set_xticks(range(len(names)), [str(n) for n in names], rotation=45, ha="right")
    ax.set_yticks(range(len(names)), [str(n) for n in names])
    ax.set_xlabel("opponent")
    ax.set_title(f"{players} players: row Idol's win rate against column Idol (games below)")
    fig.colorbar(image, ax=ax, format=matplotlib.ticker.PercentFormatter(1.0, decimals=0))
    fig.tight_layout()
    return fig


def seat_chart(seats: pd.DataFrame, model: pd.DataFrame | None = None) -> Figure:
    """Win rate by seat per player count: raw rates and, beside them, the model's even-table
    rates (Idol strengths taken out), each with its 95% interval."""
    if seats.empty:
        return _empty("no games")
    groups = list(seats.groupby("players"))
    fig, axes = plt.subplots(1, len(groups), figsize=(3.2 * len(groups) + 1, 3.4), squeeze=False)
    for ax, (players, part) in zip(axes[0], groups, strict=True):
        x = part["seat"].to_numpy()
        err = error_bars(part["rate"], part["lo"], part["hi"])
        ax.bar(
            x - 0.18, part["rate"], width=0.36, color=BASE_COLOUR, yerr=err, capsize=3, label="raw"
        )
        if model is not None and len(model):
            m = model[model["players"] == players]
            if len(m):
                merr = error_bars(m["even_rate"], m["lo"], m["hi"])
                ax.bar(
                    m["seat"] + 0.18,
                    m["even_rate"],
                    width=0.36,
                    color=MODEL_COLOUR,
                    yerr=merr,
                    capsize=3,
                    label="model (even Idols)",
                )
        ax.axhline(1 / players, color=BAND_COLOUR, ls="--", lw=1, label="fair")
        ax.set_xticks(x, [f"seat {s}" for s in x])
        ax.set_title(f"{players} players")
        _pct(ax, "y")
    axes[0][0].legend(fontsize=8, loc="lower left")
    fig.suptitle("Win rate by seat (seat 0 plays first), 95% intervals")
    fig.tight_layout()
    return fig


def strength_chart(idols: pd.DataFrame) -> Figure:
    """Idol strength from the seat-and-strength model (log-odds, 0 = average) with 95% CIs."""
    if idols.empty:
        return _empty("no decided games")
    groups = list(idols.groupby("players"))
    fig, axes = _grid(len(groups), sum(0.3 * len(g) + 1.0 for _, g in groups))
    for ax, (players, part) in zip(axes, groups, strict=True):
        part = part.sort_values("strength")
        y = np.arange(len(part))
        err = error_bars(part["strength"], part["lo"], part["hi"])
        ax.errorbar(part["strength"], y, xerr=err, fmt="o", color=MODEL_COLOUR, capsize=3)
        ax.axvline(0, color=BAND_COLOUR, ls="--", lw=1)
        ax.set_yticks(y, part["idol"].astype(str))
        ax.set_title(f"{players} players: Idol strength, seat effects taken out (log-odds)")
    fig.tight_layout()
    return fig


def length_chart(by_idol: pd.DataFrame, measure: str = "turns") -> Figure:
    """Game length per Idol as boxes: 25-75% box, median line, whiskers at 5% and 95%."""
    part = by_idol[by_idol["measure"] == measure] if len(by_idol) else by_idol
    if part.empty:
        return _empty("no finished games")
    groups = list(part.groupby("players"))
    fig, axes = _grid(len(groups), sum(0.3 * len(g) + 1.0 for _, g in groups))
    for ax, (players, rows) in zip(axes, groups, strict=True):
        rows = rows.sort_values("median")
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
        ax.set_title(f"{players} players: {measure} per game, by Idol (whiskers 5-95%)")
        ax.set_xlabel(measure)
    fig.tight_layout()
    return fig


def length_histogram(distribution: pd.DataFrame) -> Figure:
    """Share of games per length in turns, one line per Idol, per player count."""
    if distribution.empty:
        return _empty("no finished games")
    groups = list(distribution.groupby("players"))
    fig, axes = _grid(len(groups), 2.8 * len(groups))
    for ax, (players, part) in zip(axes, groups, strict=True):
        for idol, rows in part.groupby("idol", observed=True):
            rows = rows.sort_values("turns")
            ax.plot(rows["turns"], rows["games"] / rows["games"].sum(), lw=1, label=str(idol))
        ax.set_title(f"{players} players: distribution of game length")
        ax.set_xlabel("turns")
        _pct(ax, "y")
        ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    return fig


def reasons_chart(win_reasons: pd.DataFrame) -> Figure:
    """Per Idol, how its games ended: won by each reason, lost, stalled or drawn (shares)."""
    if win_reasons.empty:
        return _empty("no games")
    groups = list(win_reasons.groupby("players"))
    fig, axes = _grid(len(groups), sum(0.3 * g["idol"].nunique() + 1.2 for _, g in groups), 8.5)
    for ax, (players, part) in zip(axes, groups, strict=True):
        total = part.groupby("idol", observed=True)["games"].sum()
        idols = list(total.index)
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
        ax.set_yticks(range(len(idols)), [str(i) for i in idols])
        ax.set_title(f"{players} players: how each Idol's games ended")
        _pct(ax)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    return fig


def placements_chart(placements: pd.DataFrame) -> Figure:
    """Three and four players: share of each final placement per Idol."""
    if placements.empty:
        return _empty("no games with 3 or 4 players")
    groups = list(placements.groupby("players"))
    fig, axes = _grid(len(groups), sum(0.3 * g["idol"].nunique() + 1.2 for _, g in groups), 8.5)
    colours = ["#27ae60", "#2980b9", "#f39c12", "#c0392b"]
    for ax, (players, part) in zip(axes, groups, strict=True):
        wide = part.pivot_table(
            index="idol", columns="placement", values="share", observed=True
        ).fillna(0)
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
        ax.set_yticks(range(len(wide)), [str(i) for i in wide.index])
        ax.set_title(f"{players} players: final placement per Idol")
        _pct(ax)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    return fig


def card_impact_chart(impact: pd.DataFrame, top: int = 25) -> Figure:
    """The cards with the largest win-rate gap (taken minus left), with 95% intervals; cards
    flagged by the screening in red. One panel per player count."""
    if impact.empty:
        return _empty("no card counts")
    groups = list(impact.dropna(subset=["diff"]).groupby("players"))
    if not groups:
        return _empty("no card was both taken and left")
    sizes = [min(top, len(g)) for _, g in groups]
    fig, axes = _grid(len(groups), sum(0.26 * s + 1.2 for s in sizes), 8)
    for ax, (players, part) in zip(axes, groups, strict=True):
        part = part.reindex(part["diff"].abs().sort_values(ascending=False).index)[:top]
        part = part.sort_values("diff")
        y = np.arange(len(part))
        err = error_bars(part["diff"], part["diff_lo"], part["diff_hi"])
        colours = np.where(part["flagged"], FLAG_COLOUR, BASE_COLOUR)
        _points(ax, part["diff"].to_numpy(), y, err, colours)
        ax.axvline(0, color=BAND_COLOUR, ls="--", lw=1)
        ax.set_yticks(
            y, [f"{c} ({k})" for c, k in zip(part["card"], part["kind"], strict=True)], fontsize=7
        )
        ax.set_title(f"{players} players: win rate when taken minus when left (top {len(part)})")
        _pct(ax)
    fig.tight_layout()
    return fig


def difference_chart(table: pd.DataFrame, key: str, title: str) -> Figure:
    """Run B minus run A per Idol or seat, with 95% intervals; significant ones in red."""
    if table.empty:
        return _empty("nothing to compare")
    groups = list(table.groupby("players"))
    fig, axes = _grid(len(groups), sum(0.3 * len(g) + 1.1 for _, g in groups))
    for ax, (players, part) in zip(axes, groups, strict=True):
        y = np.arange(len(part))
        err = error_bars(part["diff"], part["lo"], part["hi"])
        colours = np.where(part["significant"], FLAG_COLOUR, BASE_COLOUR)
        _points(ax, part["diff"].to_numpy(), y, err, colours)
        ax.axvline(0, color=BAND_COLOUR, ls="--", lw=1)
        ax.set_yticks(y, [str(v) if key != "seat" else f"seat {v}" for v in part[key]])
        ax.set_title(f"{players} players: {title}")
        _pct(ax)
    fig.tight_layout()
    return fig


def seat_sweep_chart(seat_by_variant: pd.DataFrame) -> Figure:
    """Seat win rate against the swept setting (e.g. the starting bonus), one line per seat."""
    return _sweep_chart(
        seat_by_variant,
        by="seat",
        label=lambda seat: f"seat {seat}",
        size=(4.2, 3.6),
        line={"capsize": 3},
        legend={"fontsize": 7},
        title="Seat win rate per variant (95% intervals); dashed: fair share",
    )


def idol_sweep_chart(idol_by_variant: pd.DataFrame) -> Figure:
    """Idol win rate against the swept value, one line per Idol."""
    return _sweep_chart(
        idol_by_variant,
        by="idol",
        label=str,
        size=(4.8, 3.8),
        line={"ms": 3, "capsize": 2, "lw": 1},
        legend={"fontsize": 6, "ncol": 2},
        title="Idol win rate per variant (95% intervals)",
    )


def _sweep_chart(frame, by, label, size, line, legend, title) -> Figure:
    """Win rate per variant, in variant order, one line per value of `by`, a panel per player
    count; the dashed line is the fair share."""
    if frame.empty:
        return _empty("one variant only")
    groups = list(frame.groupby("players"))
    width, height = size
    fig, axes = plt.subplots(
        1, len(groups), figsize=(width * len(groups) + 1, height), squeeze=False
    )
    for ax, (players, part) in zip(axes[0], groups, strict=True):
        labels = part.drop_duplicates("variant").sort_values("order")["variant"].tolist()
        for key, rows in part.groupby(by, observed=True):
            rows = rows.sort_values("order")
            ax.errorbar(
                rows["order"].to_numpy(),
                rows["rate"],
                yerr=error_bars(rows["rate"], rows["lo"], rows["hi"]),
                marker="o",
                label=label(key),
                **line,
            )
        ax.axhline(1 / players, color=BAND_COLOUR, ls="--", lw=1)
        ax.set_xticks(range(len(labels)), labels, rotation=30, ha="right", fontsize=8)
        ax.set_title(f"{players} players")
        _pct(ax, "y")
        ax.legend(**legend)
    fig.suptitle(title)
    fig.tight_layout()
    return fig
