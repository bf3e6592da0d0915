"""The tables of `avarium tune-bonus` and `avarium sweep`: one row or column per sweep point.

A sweep is an ordinary run (its directory holds `experiment.toml`, `games/`, `cards/` and
`report/`); these tables are what the commands print beside the run's report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from avarium.reports import formats

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
        fair = fairness[fairness["variant"] == variant].iloc[0]
        # The gap is a difference of two rates (points), the probability a share (percent).
        row["worst gap"] = formats.cell(formats.POINTS, fair.worst_gap)
        row["P(fairest)"] = formats.cell(formats.PERCENT, fair.prob_best)
        rows.append(row)
    import pandas as pd  # imported when used: see reports/commands.build_report

    return pd.DataFrame(rows)


def idol_table(idols: pd.DataFrame) -> pd.DataFrame:
    """One row per Idol, one column per sweep point: win rate with its interval."""
    from avarium.analysis.sweeps import variant_order

    order = variant_order(idols["variant"].unique())
    cells = idols.assign(cell=[_interval(r) for r in idols.itertuples()])
    wide = cells.pivot_table(index="idol", columns="variant", values="cell", aggfunc="first")
    return wide[order].reset_index()


def markdown(frame: pd.DataFrame) -> str:
    head = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "---|" * len(frame.columns)
    body = ["| " + " | ".join(map(str, row)) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([head, rule, *body])
