"""What `avarium report` prints in the terminal: the page's headline in a few lines, read back
from the tables the page was written with, so the terminal and the page cannot disagree."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

FLAGGED_VERDICTS = ("too strong at every tier", "too weak at every tier", "depends on skill")


def _table(report: Path, name: str) -> pd.DataFrame | None:
    path = report / "tables" / f"{name}.csv"
    return pd.read_csv(path) if path.is_file() else None


def _interval(row) -> str:
    return f"{row.rate:.1%} ({row.lo:.1%}-{row.hi:.1%})"


def headline(report: Path) -> list[str]:
    """The flagged Idols (across tiers when the run has tiers), the seat win rates per player
    count, and where the page is."""
    lines = []
    verdicts = _table(report, "tier_verdicts")
    flags = _table(report, "balance_flags")
    several = flags is not None and flags["players"].nunique() > 1
    if verdicts is not None:
        for verdict in FLAGGED_VERDICTS:
            chosen = verdicts[verdicts["verdict"] == verdict]
            if len(chosen):
                names = ", ".join(
                    r.idol + (f" ({r.players}p)" if several else "") for r in chosen.itertuples()
                )
                lines.append(f"{verdict}: {names}")
        if not lines:
            lines.append("no Idol is outside the band at every tier, and none depends on skill")
    elif flags is not None:
        outside = flags[flags["status"] == "outside"].sort_values("rate", ascending=False)
        for r in outside.itertuples():
            players = f", {r.players} players" if several else ""
            lines.append(f"{r.idol} is {r.side} the band{players}: {_interval(r)}")
        if outside.empty:
            lines.append("no Idol is outside the band")
    seats = _table(report, "seat_win_rates")
    if seats is not None:
        for players, part in seats.groupby("players"):
            rates = ", ".join(
                f"seat {int(r.seat)} {_interval(r)}" for r in part.sort_values("seat").itertuples()
            )
            lines.append(f"{players} players, win rate by seat (fair {1 / players:.0%}): {rates}")
    lines.append(f"report: {report / 'index.html'}")
    return lines
