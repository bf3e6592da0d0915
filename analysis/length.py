"""Game length in turns and rounds: summaries per Idol, matchup and win reason, and the
distribution behind them.

Lengths are integers in a small range, so every summary is computed from counts per length
(statsmodels' weighted statistics give exact means and quantiles from them) instead of from
millions of rows. Stalled games sit at the turn cap and say nothing about how long a game lasts:
they are left out of the summaries and counted in the `stalled` column (except in the summary by
reason, where the stalled row shows the cap).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.counts import IDOL_BY_SEAT, seatings, weight
from avarium.analysis.games import one_row_per_game
from statsmodels.stats.weightstats import DescrStatsW

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
MEASURES = ("turns", "rounds")


def _summary(values: np.ndarray, counts: np.ndarray) -> dict:
    stats = DescrStatsW(values.astype(float), weights=counts.astype(float))
    q = stats.quantile(np.array(QUANTILES), return_pandas=False)
    return {
        "games": int(counts.sum()),
        "mean": float(stats.mean),
        "sd": float(stats.std),
        "q05": q[0],
        "q25": q[1],
        "median": q[2],
        "q75": q[3],
        "q95": q[4],
        "max": float(values.max()),
    }


def matchup_labels(table: pd.DataFrame) -> np.ndarray:
    """For two-player seatings: the pair of Idols in name order, e.g. "amyba v kumara_raj"."""
    a = table[IDOL_BY_SEAT[0]].astype(str).to_numpy()
    b = table[IDOL_BY_SEAT[1]].astype(str).to_numpy()
    return np.where(a <= b, a + " v " + b, b + " v " + a)


def _keyed(games: pd.DataFrame, by: str | None) -> pd.DataFrame:
    """Rows keyed for the summary: every seat's row for `idol` (a game counts once for each of
    its Idols), one row per game otherwise; for `matchup` the two-player games' seatings."""
    if by == "idol":
        return games
    if by == "matchup":
        table = seatings(games, extra=("turns", "rounds", "reason"))
        table = table[table["players"] == 2]
        return table.assign(matchup=pd.Categorical(matchup_labels(table)))
    if by in (None, "reason"):
        return one_row_per_game(games)
    raise ValueError(f"unknown grouping {by!r}: expected idol, matchup or reason")


def length_summary(games: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """Per player count (and `by`: idol, matchup or reason): games, mean, sd, quantiles and max
    of turns and of rounds for games that ended, and the number of stalled games.

    `games` is the games table or its row counts; for `matchup`, also its seatings with turns,
    rounds and reason (analysis.counts.seatings(games, extra=("turns", "rounds", "reason")))."""
    rows = _keyed(games, by)
    keys = ["players"] + ([] if by is None else [by])
    stalled_rows = (rows["reason"] == "stalled").to_numpy()
    n = weight(rows)
    stalled = (
        rows[keys].assign(n=np.where(stalled_rows, n, 0)).groupby(keys, observed=True)["n"].sum()
    )
    if by != "reason":
        rows, n = rows[~stalled_rows], n[~stalled_rows]
    out = []
    for measure in MEASURES:
        counts = rows[[*keys, measure]].assign(n=n).groupby([*keys, measure], observed=True)["n"]
        counts = counts.sum()
        counts = counts[counts > 0]
        for key, part in counts.groupby(level=list(range(len(keys))), observed=True):
            key = key if isinstance(key, tuple) else (key,)
            values = part.index.get_level_values(measure).to_numpy()
            record = dict(zip(keys, key, strict=True)) | {"measure": measure}
            record |= _summary(values, part.to_numpy())
            record["stalled"] = int(stalled.get(key if len(key) > 1 else key[0], 0))
            out.append(record)
    return pd.DataFrame(out)


def length_distribution(games: pd.DataFrame, measure: str = "turns") -> pd.DataFrame:
    """Per player count, Idol and length: games of that length (stalled games left out)."""
    keep = (games["reason"] != "stalled").to_numpy()
    rows = games[keep]
    counts = rows[["players", "idol", measure]].assign(n=weight(games)[keep])
    counts = counts.groupby(["players", "idol", measure], observed=True)["n"].sum()
    return counts[counts > 0].rename("games").reset_index()
