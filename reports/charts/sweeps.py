"""Sweep charts: seat and Idol win rates against the swept value, the band shaded and the swept
Idol drawn bold."""

from __future__ import annotations

import matplotlib
import matplotlib.pyplot as plt
import pandas as pd
from avarium.reports.charts.style import (
    BAND_COLOUR,
    BASE_COLOUR,
    FLAG_COLOUR,
    UNDRAWN,
    Undrawn,
    error_bars,
    in_order,
    layout,
    percent_axis,
    small_multiples,
    undrawn,
)
from matplotlib.figure import Figure


def seat_sweep_chart(seat_by_variant: pd.DataFrame) -> Figure | Undrawn | None:
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
) -> Figure | Undrawn | None:
    """Idol win rate against the swept value: a panel per Idol (strongest first) and player
    count, each with the band at that player count (`bands`, as the flags use it) shaded, the
    swept Idol's line bold and its panel titled so. Eight Idols' lines with their intervals on
    one panel crossed and hid each other."""
    frame = idol_by_variant
    if frame.empty or frame["variant"].nunique() < 2:
        return None
    if undrawn():
        return UNDRAWN
    groups = list(frame.groupby("players"))
    axis = swept_axis(frame)
    idols = [in_order(part, "idol") for _, part in groups]
    fig, panels = small_multiples([len(i) for i in idols], height=1.9)
    for (players, part), names, axes in zip(groups, idols, panels, strict=True):
        for ax, idol in zip(axes, names, strict=True):
            rows = part[part["idol"] == idol].sort_values("order")
            x = rows["variant"].map(axis[1]) if axis else rows["order"]
            own = axis is not None and _is_swept(rows, axis[0])
            ax.errorbar(
                x.to_numpy(dtype=float),
                rows["rate"],
                yerr=error_bars(rows["rate"], rows["lo"], rows["hi"]),
                marker="o", ms=3, capsize=2, lw=2.4 if own else 1.2,
                color=FLAG_COLOUR if own else BASE_COLOUR,
            )  # fmt: skip
            if bands and players in bands:
                ax.axhspan(*bands[players], color=BAND_COLOUR, alpha=0.12)
            ax.axhline(1 / players, color=BAND_COLOUR, ls="--", lw=1)
            ax.set_title(f"{idol}{' (swept)' if own else ''}, {players}p", fontsize=8)
            ax.tick_params(labelsize=7)
            ax.set_ylabel("win rate", fontsize=7)
            percent_axis(ax, "y")
            _variant_ticks(ax, part, axis, small=True)
    band = "; shaded: the band" if bands else ""
    fig.suptitle(f"Idol win rate per variant (95% intervals); dashed: fair share{band}")
    layout(fig)
    return fig


def _variant_ticks(ax, part: pd.DataFrame, axis, small: bool = False) -> None:
    """The x axis: the swept value where the variants are one number each, else their labels."""
    if axis:
        # `bonus=0,2`: the number that changes is the last seat's starting Reputation.
        ax.set_xlabel(
            "last seat's starting bonus" if axis[0] == "bonus" else axis[0],
            fontsize=7 if small else None,
        )
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    else:
        labels = part.drop_duplicates("variant").sort_values("order")["variant"].tolist()
        ax.set_xticks(
            range(len(labels)), labels, rotation=30, ha="right", fontsize=7 if small else 8
        )
        ax.set_xlabel("variant", fontsize=7 if small else None)


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


def _sweep_chart(frame, by, label, size, line, title, bands=None) -> Figure | Undrawn | None:
    """Win rate per variant, one line per value of `by`, a panel per player count; against the
    swept value on a numeric axis where the variants are one number each, else in sweep order.
    The dashed line is the fair share, the shaded band the designer's band."""
    if frame.empty or frame["variant"].nunique() < 2:
        return None
    if undrawn():
        return UNDRAWN
    groups = list(frame.groupby("players"))
    width, height = size
    axis = swept_axis(frame)
    fig, axes = plt.subplots(
        1, len(groups), figsize=(width * len(groups) + 1, height), squeeze=False
    )
    for ax, (players, part) in zip(axes[0], groups, strict=True):
        for key in in_order(part, by):
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
        _variant_ticks(ax, part, axis)
        ax.set_ylabel("win rate")
        ax.set_title(f"{players} players")
        percent_axis(ax, "y")
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.suptitle(title)
    layout(fig)
    return fig
