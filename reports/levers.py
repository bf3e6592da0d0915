"""The seat levers' effects as `avarium tune-bonus` prints them: one row per lever and bonus
vector, one column per seat, each a change of win rate with its 95% interval."""

from __future__ import annotations

from typing import TYPE_CHECKING

from avarium.reports import formats

if TYPE_CHECKING:
    import pandas as pd


def lever_table(effects: pd.DataFrame) -> pd.DataFrame:
    """One row per player count, lever and bonus vector: each seat's change of win rate with
    the lever, in points, with its 95% matched-pairs interval, and the deals it is paired on."""
    import pandas as pd  # imported when used: see reports/commands.build_report

    rows = []
    keys = ["players", "tier", "lever", "point"]
    for (players, tier, lever, point), part in effects.groupby(keys, sort=True):
        row = {"players": int(players), "tier": tier, "lever": lever, "point": point}
        for r in part.sort_values("seat").itertuples():
            row[f"seat {int(r.seat)}"] = _change(r)
        row["deals"] = formats.cell(formats.COUNT, int(part["deals"].min()))
        rows.append(row)
    table = pd.DataFrame(rows)
    return table if (effects["tier"] != "").any() else table.drop(columns="tier")


def _change(row) -> str:
    change, lo, hi = (
        formats.cell(formats.POINTS, v) for v in (row.change, row.change_lo, row.change_hi)
    )
    return f"{change} ({lo} to {hi})"


def lever_text(effects: pd.DataFrame) -> str:
    """The levers' table as the terminal shows it, with what each lever does."""
    from avarium.reports.tuning import markdown
    from avarium.runner.variants import LEVERS

    named = sorted(effects["lever"].unique())
    lines = [
        "seat levers: each seat's change of win rate with the lever, against the same bonus "
        "vector without it, on the same deals (95% matched-pairs intervals):",
        *(f"  {lever}: {LEVERS[lever][2]}" for lever in named if lever in LEVERS),
    ]
    return "\n".join(lines) + "\n" + markdown(lever_table(effects))
