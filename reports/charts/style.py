"""What every chart shares: colours, the percent ticks, error bars, the Idol axis, and the
footer and file formats a pasted chart carries (200 dpi PNG and SVG)."""

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
# A report holds every chart's figure until its page is written, and closes each then
# (`finish`): a tiered sweep of fifteen points draws more than matplotlib's 20 at once by
# design, and its warning would reach the designer's terminal as noise.
plt.rcParams["figure.max_open_warning"] = 0


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


def grid(n: int, height: float, width: float = 7.5):
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


def idol_axis(ax, labels) -> None:
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


def dots(ax, x, y, err, colours) -> None:
    """Horizontal error bars, one call per colour (one call per point is slow to draw)."""
    err = np.asarray(err, dtype=float)
    for colour in dict.fromkeys(colours):
        pick = np.asarray(colours) == colour
        ax.errorbar(
            x[pick], y[pick], xerr=err[:, pick], fmt="o", color=colour, capsize=3, ls="none"
        )


def in_order(frame: pd.DataFrame, column: str) -> list:
    """The values of a column in the order they first appear (the report orders Idols by win
    rate before charting: reports/names.py)."""
    return list(dict.fromkeys(frame[column].tolist()))
