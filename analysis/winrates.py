"""Win rate per Idol and the matchup matrix, with Wilson intervals, game counts and fair share."""

from __future__ import annotations

import pandas as pd

from analysis.games import drop_mirrors, opponent_counts
from analysis.proportions import fair_share, rate_table


def _finish(counts: pd.DataFrame) -> pd.DataFrame:
    out = rate_table(counts)
    out["fair"] = fair_share(out["players"])
    return out


def idol_winrates(games: pd.DataFrame, include_mirrors: bool = False) -> pd.DataFrame:
    """Per player count and Idol: games, wins, win rate, 95% Wilson interval, fair share (1/N).

    Stalled games and draws count as games the Idol did not win. Mirror games (two seats with the
    same Idol) are left out unless asked for: they say nothing about one Idol against the rest.
    """
    if not include_mirrors:
        games = drop_mirrors(games)
    counts = (
        games.groupby(["players", "idol"], observed=True)["won"]
        .agg(games="size", wins="sum")
        .reset_index()
    )
    return _finish(counts)


def matchups(games: pd.DataFrame, include_mirrors: bool = False) -> pd.DataFrame:
    """Per player count, Idol and opponent: how often the Idol won when both were at the table."""
    if not include_mirrors:
        games = drop_mirrors(games)
    return _finish(opponent_counts(games))


def matchup_matrix(table: pd.DataFrame, players: int, value: str = "rate") -> pd.DataFrame:
    """One player count's matchups as a square Idol-by-opponent frame of `value`."""
    part = table[table["players"] == players]
    return part.pivot_table(index="idol", columns="opponent", values=value, observed=True)
