"""The tables of `avarium tune-bonus` and `avarium sweep`: one row or column per sweep point.

A sweep is an ordinary run (its directory holds `experiment.toml`, `games/`, `cards/` and
`report/`); these tables are what the commands print beside the run's report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from avarium.analysis.verdicts import Status
from avarium.reports import formats
from avarium.reports.names import readable

if TYPE_CHECKING:
    import pandas as pd


def _interval(row) -> str:
    """A win rate and its interval, each written as the percentage it is."""
    rate, lo, hi = (formats.cell(formats.PERCENT, v) for v in (row.rate, row.lo, row.hi))
    return f"{rate} ({lo}-{hi})"


def seat_table(seats: pd.DataFrame, fairness: pd.DataFrame) -> pd.DataFrame:
    """One row per sweep point: each seat's win rate with its interval, the worst seat's gap
    from fair and the probability this point is the fairest."""
    from avarium.analysis.sweeps import variant_order

    rows = []
    for variant in variant_order(seats["variant"].unique()):
        part = seats[seats["variant"] == variant].sort_values("seat")
        row = {"point": variant}
        for r in part.itertuples():
            row[f"seat {int(r.seat)}"] = _interval(r)
        row.update(_choice_cells(fairness, variant, "worst gap (as measured)"))
        rows.append(row)
    import pandas as pd  # imported when used: see reports/commands.build_report

    return pd.DataFrame(rows)


def _choice_cells(fairness: pd.DataFrame, variant: str, gap_heading: str) -> dict[str, str]:
    """A point's worst gap and its probability of being the fairest, as its table row shows
    them: the gap is a difference of two rates (points), the probability a share (percent)."""
    fair = fairness[fairness["variant"] == variant].iloc[0]
    return {
        gap_heading: formats.cell(formats.POINTS, fair.worst_gap),
        "P(fairest)": formats.cell(formats.PERCENT, fair.prob_best),
    }


def every_tier_table(fairness: pd.DataFrame) -> pd.DataFrame:
    """One row per sweep point, over every tier at once: the worst seat's gap from fair at any
    tier and the probability this point is the fairest so judged (the per-tier tables above it
    hold each tier's seat rates)."""
    from avarium.analysis.sweeps import variant_order

    rows = [
        {"point": v, **_choice_cells(fairness, v, "worst gap at any tier (as measured)")}
        for v in variant_order(fairness["variant"].unique())
    ]
    import pandas as pd  # imported when used: see reports/commands.build_report

    return pd.DataFrame(rows)


# At three or more players the stated probability is not calibrated, and no statement of its
# kind can be on every planted truth (docs/analysis.md, "P(fairest)"): say how to read it.
_HOW_CLEAR = (
    " (with three or more players read it as how clear the choice is: it can be 7 points off "
    "either way; docs/analysis.md)"
)


def recommendation(
    fairness: pd.DataFrame, what: str = "worst seat", heading: str = "recommended"
) -> str:
    """The recommended point per player count: its gap from fair corrected for having been
    chosen, with its 95% interval, and the probability it truly is the fairest; both from the
    bootstrap over deals (avarium.analysis.sweeps.closest_to_fair)."""
    lines = []
    for row in fairness[fairness["chosen"]].itertuples():
        fair = 1 / row.players
        lines.append(
            f"{heading}: {row.variant} ({what} about {_points(row.gap)} from the fair "
            f"{fair:.0%}, 95% interval {_points(row.gap_lo)} to {_points(row.gap_hi)}, after "
            f"correcting the {_points(row.worst_gap)} measured for its having been picked as the "
            f"smallest; the fairest of those tried with probability {row.prob_best:.0%}"
            + (_HOW_CLEAR if row.players > 2 else "")
            + f", from {row.deals:,} deals resampled with their games at every point"
            + (f"; {row.stalled:,} stalled games left out" if row.stalled else "")
            + ")"
            + against_band(row._asdict())
        )
    return "\n".join(lines)


def _points(gap: float) -> str:
    """A gap between two rates, in points (a difference of shares, never a share itself)."""
    return f"{gap * 100:.1f} points"


def against_band(row: dict) -> str:
    """Where a recommended point leaves the swept Idol against the band, when the row carries
    its band test (analysis.summary.swept_idol_closest): outside, not yet shown inside, or with
    too few games to judge, each said; inside, said too."""
    status = row.get("status")
    if not isinstance(status, str):  # the seats of tune-bonus have no band test
        return ""
    rate = formats.cell(formats.PERCENT, row["rate"])
    intervals = (
        f"95% interval {formats.cell(formats.PERCENT, row['lo'])}-"
        f"{formats.cell(formats.PERCENT, row['hi'])}, Holm interval "
        f"{formats.cell(formats.PERCENT, row['flag_lo'])}-"
        f"{formats.cell(formats.PERCENT, row['flag_hi'])}"
    )
    band = f"band {row['band_lo']:.0%}-{row['band_hi']:.0%}"
    if status == Status.OUTSIDE:
        return (
            f"; STILL OUTSIDE the band there: {rate} ({intervals}; {band}), a value beyond "
            "those tried may be needed"
        )
    if status == Status.UNSETTLED:
        return f"; not yet shown inside the band there: {rate} ({intervals}; {band})"
    if status == Status.INSIDE:
        return f"; inside the band there: {rate} ({band})"
    return "; too few games there to judge it against the band (no verdict)"


def idol_table(idols: pd.DataFrame, names: dict[str, str] | None = None) -> pd.DataFrame:
    """One row per Idol, by its display name (reports/names.py, from `names`, card id ->
    name), one column per sweep point: win rate with its interval."""
    from avarium.analysis.sweeps import variant_order

    order = variant_order(idols["variant"].unique())
    cells = idols.assign(
        cell=[_interval(r) for r in idols.itertuples()],
        idol=[display_name(i, names) for i in idols["idol"].astype(str)],
    )
    wide = cells.pivot_table(index="idol", columns="variant", values="cell", aggfunc="first")
    return wide[order].reset_index()


def display_name(card_id: str, names: dict[str, str] | None) -> str:
    """The card's name as the card set writes it (Kumara RAJ), as on the report's page."""
    return (names or {}).get(str(card_id)) or readable(card_id)


def markdown(frame: pd.DataFrame) -> str:
    head = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "---|" * len(frame.columns)
    body = ["| " + " | ".join(map(str, row)) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([head, rule, *body])
