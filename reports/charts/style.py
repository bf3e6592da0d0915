"""What every chart shares: colours, the percent ticks, error bars, the Idol axis, and the
footer and file formats a pasted chart carries (200 dpi PNG and SVG)."""

from __future__ import annotations

import io
import textwrap
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import matplotlib

matplotlib.use("Agg")  # before pyplot: reports render on machines without a display

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from avarium.simulator.safetext import visible_lines
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Affine2D, Bbox

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
# A name is drawn as written: matplotlib would read the text between two $ as TeX, so an Idol
# named "Cash $\foo$" stopped the report with a ValueError (no chart writes TeX).
plt.rcParams["text.parse_math"] = False


class Undrawn:
    """What a chart function returns inside `without_figures()` where it would build its figure:
    it has something to show (with nothing, it returns None as always), and the page says so
    in its place. Building and laying out the figures was a third of the CPU of a report
    written without charts, whose figures were then closed undrawn."""

    def __repr__(self) -> str:
        return "UNDRAWN"


UNDRAWN = Undrawn()
_FIGURES = ContextVar("figures", default=True)


@contextmanager
def without_figures() -> Iterator[None]:
    """No chart function called inside builds a figure: each returns UNDRAWN or None (a page
    written without charts, `avarium report --no-charts`)."""
    token = _FIGURES.set(False)
    try:
        yield
    finally:
        _FIGURES.reset(token)


def undrawn() -> bool:
    """Whether a chart that has something to show returns UNDRAWN instead of its figure."""
    return not _FIGURES.get()


class _ShownTicks(matplotlib.ticker.Formatter):
    """Another formatter's tick labels in the form a terminal is sent (`shown`)."""

    def __init__(self, inner: matplotlib.ticker.Formatter):
        self.inner = inner

    def set_axis(self, axis):
        super().set_axis(axis)
        self.inner.set_axis(axis)

    def set_locs(self, locs):
        super().set_locs(locs)
        self.inner.set_locs(locs)

    def __call__(self, x, pos=None):
        return visible_lines(self.inner(x, pos))

    def format_ticks(self, values):
        return [visible_lines(label) for label in self.inner.format_ticks(values)]

    def get_offset(self):
        return visible_lines(self.inner.get_offset())


def shown(fig: Figure) -> None:
    """Every text of the figure in the form a terminal is sent (safetext.visible, line breaks
    kept): ESC as \\x1b, a right-to-left override as <U+202E>. A name's control character is
    a glyph no font has, and matplotlib's warning of it ("Glyph 27 (\\x1b) missing from
    font(s)") would print the character raw on the terminal; the SVG, whose text stays text,
    would hold it too. Tick labels are made again from their formatter at each layout, so an
    axis whose labels hold such a character gets its formatter wrapped (_ShownTicks)."""
    for text in fig.findobj(Text):
        raw = text.get_text()
        if visible_lines(raw) != raw:
            text.set_text(visible_lines(raw))
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for minor in (False, True):
                formatter = axis.get_minor_formatter() if minor else axis.get_major_formatter()
                if isinstance(formatter, _ShownTicks):
                    continue
                labels = formatter.format_ticks(axis.get_ticklocs(minor=minor))
                if any(visible_lines(label) != label for label in labels):
                    wrapped = _ShownTicks(formatter)
                    if minor:
                        axis.set_minor_formatter(wrapped)
                    else:
                        axis.set_major_formatter(wrapped)


def layout(fig: Figure) -> None:
    """Fit the figure's panels to their labels (tight_layout), its text shown first: laying
    out is the first time matplotlib draws a glyph. Where the labels are too long for the
    figure (two dozen tune-bonus points under their rotated names), tight_layout gives up with
    a warning on the user's terminal; the figure is then made tall enough for them instead."""
    shown(fig)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        fig.tight_layout()
    if not any("Tight layout not applied" in str(w.message) for w in said):
        return
    renderer = fig.canvas.get_renderer()
    width, height = fig.get_size_inches()
    panels = max(ax.get_position().height for ax in fig.axes) if fig.axes else 1.0
    labels = max(
        (ax.get_tightbbox(renderer).height / fig.dpi - panels * height for ax in fig.axes),
        default=0.0,
    )
    fig.set_size_inches(width, height + max(labels, 0.0))
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Tight layout not applied")
        fig.tight_layout()


def png(fig: Figure, dpi: int = DPI) -> bytes:
    """The figure as PNG bytes, without the software tag, so the same data gives the same file;
    the figure is closed."""
    return finish(fig)[0]


def finish(fig: Figure, footer: str = "", heading: str = "") -> tuple[bytes, bytes]:
    """The figure with its heading (whose games it plots) and its footer (what a pasted chart
    must carry with it: card set, bots, games, date), as 200 dpi PNG bytes and SVG bytes; the
    figure is closed. The bounding box is fitted to what is drawn, so titles, legends beside the
    plot, the heading and the footer are never cut."""
    shown(fig)  # text added since layout (a legend under the panels)
    captions(fig, footer, heading)
    drawn = _fitted(fig)
    out = []
    for kind, metadata in (("png", {"Software": None}), ("svg", {"Date": None})):
        buffer = io.BytesIO()
        fig.savefig(buffer, format=kind, dpi=DPI, metadata=metadata, bbox_inches=drawn)
        out.append(buffer.getvalue())
    plt.close(fig)
    return out[0], out[1]


def close(fig: Figure) -> None:
    """Let go of a figure that is not drawn (a page written without charts): pyplot keeps
    every figure it made until it is closed."""
    plt.close(fig)


def captions(fig: Figure, footer: str = "", heading: str = "") -> None:
    """The heading above everything drawn and the footer under it all, the heading included;
    the figure measured once for both."""
    if not (heading or footer):
        return
    drawn = fig.get_tightbbox(fig.canvas.get_renderer())  # in inches
    if heading:  # a variant's label is the user's own text
        drawn = Bbox.union([drawn, _head(fig, visible_lines(heading), drawn)])
    if footer:  # the run's name is the user's own text
        _stamp(fig, visible_lines(footer), drawn)


def _fitted(fig: Figure) -> Bbox:
    """What is drawn, in inches, with a margin: measured once for both files. savefig's
    bbox_inches="tight" draws the whole figure without output and measures it again for each
    format (docs/performance.md, "Where the build's CPU goes"). get_tightbbox lays out what it
    measures (ticks, titles, an Axes' aspect, a legend's place), as `captions` relies on too, so
    no draw is needed first: the 93 charts of a report, a tiered tune-bonus and a sweep came
    out byte for byte the same without it. Measured at the PNG's dpi with Agg, so the PNG is
    the file "tight" gives; the SVG gets the same box, within a point or two of its own measure
    (its text stays text, laid out by the viewer's font). The layout engine tight_layout leaves
    behind is taken off, so savefig does not lay the figure out again either: layout() fitted
    it."""
    fig.set_dpi(DPI)
    fig.set_layout_engine(None)
    return fig.get_tightbbox(fig.canvas.get_renderer()).padded(0.12)


def _stamp(fig: Figure, footer: str, drawn: Bbox) -> None:
    """The footer under everything `drawn` (a legend under the panels included), from its left
    edge."""
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


def _head(fig: Figure, heading: str, drawn: Bbox) -> Bbox:
    """The heading above everything `drawn`, from its left edge, in bold: a chart of one tier or
    one card set says so before its first title. Returns what the heading covers, in inches, so
    that the footer is placed under the whole without measuring the figure again (the figure's
    box is the union of its parts' boxes)."""
    width, height = fig.get_size_inches()
    lines = textwrap.fill(heading, width=max(40, int(drawn.width * 13)))
    text = fig.text(
        drawn.x0 / width,
        (drawn.y1 + 0.06) / height,
        lines,
        ha="left",
        va="bottom",
        fontsize=10,
        fontweight="bold",
        color=BASE_COLOUR,
    )
    # In inches as Figure.get_tightbbox scales its box, so the union is the box it would give.
    return text.get_window_extent(fig.canvas.get_renderer()).transformed(
        Affine2D().scale(1 / fig.dpi)
    )


def small_multiples(counts: list[int], columns: int = 4, height: float = 1.7):
    """A panel per line to draw, `columns` a row, a block of rows per group (player count):
    eight Idols' lines on one panel cross and hide each other; one each, on shared axes, reads at
    a glance. Returns the figure and, per group, its panels (the spare ones removed)."""
    rows = [max(1, -(-n // columns)) for n in counts]
    fig, axes = plt.subplots(
        sum(rows), columns, figsize=(7.5, height * sum(rows) + 0.9), sharex=True, sharey=True,
        squeeze=False,
    )  # fmt: skip
    out, first = [], 0
    for n, r in zip(counts, rows, strict=True):
        panels = list(axes[first : first + r].flat)
        for ax in panels[n:]:
            ax.remove()
        out.append(panels[:n])
        first += r
    return fig, out


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
