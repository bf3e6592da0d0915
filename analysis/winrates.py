"""Win rate per Idol and the matchup matrix, with Wilson intervals, game counts and fair share."""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.counts import IDOL_BY_SEAT, seatings, totals, weight
from avarium.analysis.games import MAX_SEATS, drop_mirrors
from avarium.analysis.proportions import fair_share, rate_table


def _finish(counts: pd.DataFrame) -> pd.DataFrame:
    out = rate_table(counts)
    out["fair"] = fair_share(out["players"])
    return out


def idol_winrates(games: pd.DataFrame, include_mirrors: bool = False) -> pd.DataFrame:
    """Per player count and Idol: games, wins, win rate, 95% Wilson interval, fair share (1/N).

    `games` is the games table or its row counts (analysis.counts). Stalled games and draws count
    as games the Idol did not win. Mirror games (two seats with the same Idol) are left out
    unless asked for: they say nothing about one Idol against the rest.
    """
    if not include_mirrors:
        games = drop_mirrors(games)
    return _finish(totals(games, ["players", "idol"]))


def matchups(games: pd.DataFrame, include_mirrors: bool = False) -> pd.DataFrame:
    """Per player count, Idol and opponent: how often the Idol won when both were at the table.

    In a two-player game this is the head-to-head record; with more players an opponent is every
    other Idol at the table, so a four-player game counts once for each of its three opponents.
    `games` is the games table or its seatings (avarium.analysis.counts).
    """
    table = seatings(games)
    if not include_mirrors:
        table = drop_mirrors(table)
    cats = table[IDOL_BY_SEAT[0]].cat.categories
    k = len(cats)
    codes = np.column_stack([table[c].cat.codes.to_numpy().astype(np.int64) for c in IDOL_BY_SEAT])
    players = table["players"].to_numpy().astype(np.int64)
    winner = table["winner"].to_numpy()
    n = weight(table)
    size = (MAX_SEATS + 1) * k * k
    games_n = np.zeros(size)
    wins_n = np.zeros(size)
    for s in range(MAX_SEATS):
        for t in range(MAX_SEATS):
            rows = (s != t) & (codes[:, s] >= 0) & (codes[:, t] >= 0)
            key = (players[rows] * k + codes[rows, s]) * k + codes[rows, t]
            games_n += np.bincount(key, n[rows], minlength=size)
            wins_n += np.bincount(key, n[rows] * (winner[rows] == s), minlength=size)
    cell = np.flatnonzero(games_n)
    p, rest = np.divmod(cell, k * k)
    a, b = np.divmod(rest, k)
    counts = pd.DataFrame(
        {
            "players": p.astype(np.int8),
            "idol": pd.Categorical.from_codes(a, cats),
            "opponent": pd.Categorical.from_codes(b, cats),
            "games": games_n[cell].astype(np.int64),
            "wins": wins_n[cell].astype(np.int64),
        }
    )
    return _finish(counts)


def matchup_matrix(table: pd.DataFrame, players: int, value: str = "rate") -> pd.DataFrame:
    """One player count's matchups as a square Idol-by-opponent frame of `value`."""
    part = table[table["players"] == players]
    return part.pivot_table(index="idol", columns="opponent", values=value, observed=True)
