"""Charts: each a function from an analysis table to a matplotlib Figure (headless Agg).

Every chart shows intervals where the table has them, a reference (fair share, band or zero)
where one applies, and the player count in its title, so a printed page stands on its own.
"""

from __future__ import annotations

import io
import textwrap

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


# Charts are pasted into playtest reviews: 200 dpi PNGs, and SVGs that scale. The SVG's element
# ids are salted with a constant and its date left out, so the same data gives the same file.
DPI = 200
plt.rcParams["svg.hashsalt"] = "avarium"
# Text stays text in the SVG: a designer can edit a label, and the file is a third the size.
plt.rcParams["svg.fonttype"] = "none"
FOOTER_COLOUR = "#666666"


def png(fig: Figure, dpi: int = DPI) -> bytes:
    """The figure as PNG bytes, without the software tag, so the same data gives the same file;
    the figure is closed."""
    return finish(fig)[0]


def finish(fig: Figure, footer: str = "") -> tuple[bytes, bytes]:
    """The figure with its footer (what a pasted chart must carry with it: card set, bots,
    games, date), as 200 dpi PNG bytes and SVG bytes; the figure is closed. The bounding box is
    fitted to what is drawn, so titles, legends beside the plot and the footer are never cut."""
    if footer:
        _stamp(fig, footer)
    out = []
    for kind, metadata in (("png", {"Software": None}), ("svg", {"Date": None})):
        buffer = io.BytesIO()
        fig.savefig(
            buffer,
            format=kind,
            dpi=DPI,
            metadata=metadata,
            bbox_inches="tight",
            pad_inches=0.12,
        )
        out.append(buffer.getvalue())
    plt.close(fig)
    return out[0], out[1]


def _stamp(fig: Figure, footer: str) -> None:
    """The footer under everything drawn (a legend under the panels included), from its left
    edge."""
    drawn = fig.get_tightbbox(fig.canvas.get_renderer())
    width, height = fig.get_size_inches()
    # Wrapped to what is drawn (about 19 characters an inch at this size), so a long footer
    # never widens the chart.
    lines = textwrap.fill(footer, width=max(60, int(drawn.width * 19)))
    fig.text(
        drawn.x0 / width,
        (drawn.y0 - 0.06) / height,
        lines,
        ha="left",
        va="top",
        fontsize=6.5,
        color=FOOTER_COLOUR,
    )


def _grid(n: int, height: float, width: float = 7.5):
    fig, axes = plt.subplots(n, 1, figsize=(width, max(height, 1.5)), squeeze=False)
    return fig, axes[:, 0]


class ShareTicks(matplotlib.ticker.Formatter):
    """Tick labels for a share (0.05 -> "5%") or a difference of shares in points (0.05 ->
    "+5"), with as many decimals as the tick step needs and no more: steps of 1, 2 or 5 units
    (PercentLocator) give "2%, 4%, 6%", never "2%, 5%, 8%"; a step of half a point gives "0.5%";
    and a tick at zero is "0", never "-0"."""

    def __init__(self, points: bool = False):
        self.points = points
        self.decimals = 0

    def set_locs(self, locs):
        super().set_locs(locs)
        values = np.unique(np.round(np.asarray(locs, dtype=float) * 100, 9))
        steps = np.diff(values)
        step = float(steps[steps > 0].min()) if (steps > 0).any() else 1.0
        self.decimals = int(min(3, max(0, -np.floor(np.log10(step) + 1e-9))))

    def __call__(self, x, pos=None):
        value = float(x) * 100
        if abs(value) < 0.5 * 10.0**-self.decimals:
            value = 0.0
        if self.points:
            sign = "+" if value > 0 else ""
            return f"{sign}{value:.{self.decimals}f}"
        return f"{value:.{self.decimals}f}%"


def share_locator() -> matplotlib.ticker.MaxNLocator:
    """Ticks at whole steps of 1, 2 or 5 (times a power of ten) points."""
    return matplotlib.ticker.MaxNLocator(nbins=6, steps=[1, 2, 5, 10])


def percent_axis(ax, axis: str = "x", points: bool = False) -> None:
    target = ax.xaxis if axis == "x" else ax.yaxis
    target.set_major_locator(share_locator())
    target.set_major_formatter(ShareTicks(points))


def _idol_axis(ax, labels) -> None:
    """Idols down the y axis in the frame's order (strongest first) from the top."""
    y = np.arange(len(labels))
    ax.set_yticks(y, [str(v) for v in labels])
    ax.set_ylim(len(labels) - 0.5, -0.5)


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


def _in_order(frame: pd.DataFrame, column: str) -> list:
    """The values of a column in the order they first appear (the report orders Idols by win
    rate before charting: reports/names.py)."""
    return list(dict.fromkeys(frame[column].tolist()))


def idol_winrate_chart(flags: pd.DataFrame) -> Figure | None:
    """Idol win rates with 95% intervals against the band, one panel per player count, the
    strongest Idol at the top; flagged Idols in red."""
    if flags.empty:
        return None
    groups = list(flags.groupby("players"))
    heights = [0.32 * len(g) + 1.2 for _, g in groups]
    fig, axes = _grid(len(groups), sum(heights))
    for ax, (players, part) in zip(axes, groups, strict=True):
        part = part.sort_values("rate", ascending=False, kind="stable")
        y = np.arange(len(part))
        colours = np.where(part["flagged"], FLAG_COLOUR, BASE_COLOUR)
        lo, hi = part["band_lo"].iloc[0], part["band_hi"].iloc[0]
        ax.axvspan(lo, hi, color=BAND_COLOUR, alpha=0.15, label=f"band {lo:.1%}-{hi:.1%}")
        ax.axvline(1 / players, color=BAND_COLOUR, lw=1, ls="--", label=f"fair {1 / players:.1%}")
        err = error_bars(part["rate"], part["lo"], part["hi"])
        _points(ax, part["rate"].to_numpy(), y, err, colours)
        _idol_axis(ax, part["idol"])
        ax.set_title(f"{players} players: win rate per Idol (95% Wilson interval)")
        ax.set_xlabel("win rate (share of the Idol's games won)")
        ax.set_ylabel("Idol")
        percent_axis(ax)
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    fig.tight_layout()
    return fig


def _ink_for(rgba) -> str:
    """Black or white, whichever reads on a cell of this colour (relative luminance)."""
    r, g, b = rgba[:3]
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else "white"


def matchup_heatmap(table: pd.DataFrame, players: int = 2) -> Figure | None:
    """Row Idol's win rate against the column Idol, with the games behind each cell; rows and
    columns in the table's order (strongest Idol first), a labelled colour scale centred on the
    fair share, and cell text in black or white to read on its colour."""
    part = table[table["players"] == players]
    if part.empty:
        return None
    names = list(dict.fromkeys(_in_order(part, "idol") + _in_order(part, "opponent")))
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
    fig.tight_layout()
    return fig


def seat_chart(seats: pd.DataFrame, model: pd.DataFrame | None = None) -> Figure | None:
    """Win rate by seat per player count: raw rates and, beside them, the model's even-table
    rates (Idol strengths taken out), each with its 95% interval. The legend sits below the
    panels, never over a bar."""
    if seats.empty:
        return None
    groups = list(seats.groupby("players"))
    fig, axes = plt.subplots(1, len(groups), figsize=(3.4 * len(groups) + 1, 3.6), squeeze=False)
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
        ax.axhline(1 / players, color=BAND_COLOUR, ls="--", lw=1, label="fair share")
        ax.set_xticks(x, [f"seat {s}" for s in x])
        ax.set_title(f"{players} players")
        ax.set_xlabel("seat (seat 0 plays first)")
        ax.set_ylabel("win rate")
        percent_axis(ax, "y")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.suptitle("Win rate by seat, 95% intervals")
    fig.tight_layout()
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


def strength_chart(idols: pd.DataFrame) -> Figure | None:
    """Idol strength from the seat-and-strength model (log-odds, 0 = average) with 95% CIs,
    in the table's order (strongest first)."""
    if idols.empty:
        return None
    groups = list(idols.groupby("players"))
    fig, axes = _grid(len(groups), sum(0.3 * len(g) + 1.2 for _, g in groups))
    for ax, (players, part) in zip(axes, groups, strict=True):
        y = np.arange(len(part))
        err = error_bars(part["strength"], part["lo"], part["hi"])
        ax.errorbar(part["strength"], y, xerr=err, fmt="o", color=MODEL_COLOUR, capsize=3)
        ax.axvline(0, color=BAND_COLOUR, ls="--", lw=1)
        _idol_axis(ax, part["idol"])
        ax.set_title(f"{players} players: Idol strength, seat effects taken out")
        ax.set_xlabel("strength (log-odds; 0 = the average Idol)")
        ax.set_ylabel("Idol")
    fig.tight_layout()
    return fig


def length_chart(by_idol: pd.DataFrame, measure: str = "turns") -> Figure | None:
    """Game length per Idol as boxes: 25-75% box, median line, whiskers at 5% and 95%; Idols in
    the table's order (strongest first)."""
    part = by_idol[by_idol["measure"] == measure] if len(by_idol) else by_idol
    if part.empty:
        return None
    groups = list(part.groupby("players"))
    fig, axes = _grid(len(groups), sum(0.3 * len(g) + 1.2 for _, g in groups))
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
    fig.tight_layout()
    return fig


def length_histogram(distribution: pd.DataFrame) -> Figure | None:
    """Share of games per length in turns, one line per Idol, per player count."""
    if distribution.empty:
        return None
    groups = list(distribution.groupby("players"))
    fig, axes = _grid(len(groups), 2.9 * len(groups))
    for ax, (players, part) in zip(axes, groups, strict=True):
        for idol in _in_order(part, "idol"):
            rows = part[part["idol"] == idol].sort_values("turns")
            ax.plot(rows["turns"], rows["games"] / rows["games"].sum(), lw=1, label=str(idol))
        ax.set_title(f"{players} players: distribution of game length")
        ax.set_xlabel("turns")
        ax.set_ylabel("share of the Idol's games")
        percent_axis(ax, "y")
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    return fig


def reasons_chart(win_reasons: pd.DataFrame) -> Figure | None:
    """Per Idol, how its games ended: won by each reason, lost, stalled or drawn (shares)."""
    if win_reasons.empty:
        return None
    groups = list(win_reasons.groupby("players"))
    fig, axes = _grid(len(groups), sum(0.3 * g["idol"].nunique() + 1.4 for _, g in groups), 8.5)
    for ax, (players, part) in zip(axes, groups, strict=True):
        idols = _in_order(part, "idol")
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
        _idol_axis(ax, idols)
        ax.set_title(f"{players} players: how each Idol's games ended")
        ax.set_xlabel("share of the Idol's games")
        ax.set_ylabel("Idol")
        percent_axis(ax)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    return fig


def placements_chart(placements: pd.DataFrame) -> Figure | None:
    """Three and four players: share of each final placement per Idol."""
    if placements.empty:
        return None
    groups = list(placements.groupby("players"))
    fig, axes = _grid(len(groups), sum(0.3 * g["idol"].nunique() + 1.4 for _, g in groups), 8.5)
    colours = ["#27ae60", "#2980b9", "#f39c12", "#c0392b"]
    for ax, (players, part) in zip(axes, groups, strict=True):
        idols = _in_order(part, "idol")
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
        _idol_axis(ax, idols)
        ax.set_title(f"{players} players: final placement per Idol")
        ax.set_xlabel("share of the Idol's games")
        ax.set_ylabel("Idol")
        percent_axis(ax)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    return fig


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


def card_impact_chart(impact: pd.DataFrame, top: int = 25) -> Figure | None:
    """The cards with the largest win-rate gap (taken minus left), with 95% intervals, coloured
    by what the gap means: flagged and helping, flagged and hurting, or not flagged. One panel
    per player count."""
    if impact.empty or "diff" not in impact:
        return None
    groups = list(impact.dropna(subset=["diff"]).groupby("players"))
    if not groups:
        return None
    sizes = [min(top, len(g)) for _, g in groups]
    fig, axes = _grid(len(groups), sum(0.26 * s + 1.4 for s in sizes), 8)
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
        _idol_axis(ax, [f"{c} ({k})" for c, k in zip(part["card"], part["kind"], strict=True)])
        ax.tick_params(axis="y", labelsize=7)
        ax.set_title(f"{players} players: win rate when taken minus when left (top {len(part)})")
        ax.set_xlabel("win rate taken minus left (percentage points)")
        ax.set_ylabel("card (kind)")
        percent_axis(ax, points=True)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    return fig


def difference_chart(table: pd.DataFrame, key: str, title: str) -> Figure | None:
    """Run B minus run A per Idol or seat, with 95% intervals; significant ones in red."""
    if table.empty:
        return None
    groups = list(table.groupby("players"))
    fig, axes = _grid(len(groups), sum(0.3 * len(g) + 1.3 for _, g in groups))
    for ax, (players, part) in zip(axes, groups, strict=True):
        y = np.arange(len(part))
        err = error_bars(part["diff"], part["lo"], part["hi"])
        colours = np.where(part["significant"], FLAG_COLOUR, BASE_COLOUR)
        _points(ax, part["diff"].to_numpy(), y, err, colours)
        ax.axvline(0, color=BAND_COLOUR, ls="--", lw=1)
        _idol_axis(ax, [str(v) if key != "seat" else f"seat {v}" for v in part[key]])
        ax.set_title(f"{players} players: {title}")
        ax.set_xlabel("win rate, B minus A (percentage points)")
        ax.set_ylabel("Idol" if key == "idol" else key)
        percent_axis(ax, points=True)
    fig.tight_layout()
    return fig


def seat_sweep_chart(seat_by_variant: pd.DataFrame) -> Figure | None:
    """Seat win rate against the swept setting (e.g. the starting bonus), one line per seat."""
    return _sweep_chart(
        seat_by_variant,
        by="seat",
        label=lambda seat: f"seat {seat}",
        size=(4.2, 3.6),
        line={"capsize": 3},
        title="Seat win rate per variant (95% intervals); dashed: fair share",
    )


def idol_sweep_chart(
    idol_by_variant: pd.DataFrame, bands: dict[int, tuple[float, float]] | None = None
) -> Figure | None:
    """Idol win rate against the swept value, one line per Idol, the band at each player count
    (`bands`, as the flags use it) shaded."""
    return _sweep_chart(
        idol_by_variant,
        by="idol",
        label=str,
        size=(4.8, 3.8),
        line={"ms": 3, "capsize": 2, "lw": 1},
        title="Idol win rate per variant (95% intervals)",
        bands=bands,
    )


def swept_axis(frame: pd.DataFrame) -> tuple[str, dict[str, float]] | None:
    """The swept field and each variant's value, when every variant is one number of one field
    (`kumara_raj.merit=18`, `bonus=0,2` at two players): then the chart's x axis is that value.
    None when the variants are not one number each (two fields, several bonuses)."""
    from avarium.analysis.sweeps import parse_variant

    parsed = {v: parse_variant(v) for v in frame["variant"].unique()}
    fields = {name for name, _ in parsed.values()}
    numbers = list(parsed.values())
    if len(fields) != 1 or not all(n for _, n in numbers):
        return None
    heads = {n[:-1] for _, n in numbers}  # everything but the swept number must be the same
    values = {v: n[-1] for v, (_, n) in parsed.items()}
    if len(heads) != 1 or len(set(values.values())) != len(values):
        return None
    return next(iter(fields)), values


def _is_swept(rows: pd.DataFrame, field: str) -> bool:
    """Whether these rows are the Idol whose card the sweep changes: `kumara_raj.merit` names it
    by id, `raj.merit` by a word of its name (as every command finds cards)."""
    card = field.split(".")[0].strip().lower()
    idol_id = str(rows["idol_id"].iloc[0]) if "idol_id" in rows else ""
    name = str(rows["idol"].iloc[0]).lower()
    return bool(card) and (card in (idol_id, name, *name.split()))


def _sweep_chart(frame, by, label, size, line, title, bands=None) -> Figure | None:
    """Win rate per variant, one line per value of `by`, a panel per player count; against the
    swept value on a numeric axis where the variants are one number each, else in sweep order.
    The dashed line is the fair share, the shaded band the designer's band."""
    if frame.empty or frame["variant"].nunique() < 2:
        return None
    groups = list(frame.groupby("players"))
    width, height = size
    axis = swept_axis(frame)
    fig, axes = plt.subplots(
        1, len(groups), figsize=(width * len(groups) + 1, height), squeeze=False
    )
    for ax, (players, part) in zip(axes[0], groups, strict=True):
        for key in _in_order(part, by):
            rows = part[part[by] == key].sort_values("order")
            x = rows["variant"].map(axis[1]) if axis else rows["order"]
            own = by == "idol" and axis is not None and _is_swept(rows, axis[0])
            ax.errorbar(
                x.to_numpy(dtype=float),
                rows["rate"],
                yerr=error_bars(rows["rate"], rows["lo"], rows["hi"]),
                marker="o",
                label=f"{label(key)} (swept)" if own else label(key),
                **(line | {"lw": 2.6, "zorder": 3} if own else line),
            )
        fair = 1 / players
        if bands and players in bands:
            lo, hi = bands[players]
            ax.axhspan(lo, hi, color=BAND_COLOUR, alpha=0.12, label=f"band {lo:.1%}-{hi:.1%}")
        ax.axhline(fair, color=BAND_COLOUR, ls="--", lw=1)
        if axis:
            # `bonus=0,2`: the number that changes is the last seat's starting Reputation.
            ax.set_xlabel("last seat's starting bonus" if axis[0] == "bonus" else axis[0])
            ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        else:
            labels = part.drop_duplicates("variant").sort_values("order")["variant"].tolist()
            ax.set_xticks(range(len(labels)), labels, rotation=30, ha="right", fontsize=8)
            ax.set_xlabel("variant")
        ax.set_ylabel("win rate")
        ax.set_title(f"{players} players")
        percent_axis(ax, "y")
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.suptitle(title)
    fig.tight_layout()
    return fig
