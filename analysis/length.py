"""Game length in turns and rounds: summaries per Idol, matchup and win reason, and the
distribution behind them.

Lengths are integers in a small range, so every summary is computed from counts per length
(statsmodels' weighted statistics give exact means and quantiles from them) instead of from
millions of rows. Stalled games sit at the turn cap and say nothing about how long a game lasts:
they are left out of the summaries and counted in the `stalled` column.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from statsmodels.stats.weightstats import DescrStatsW

from analysis.games import one_row_per_game, seat_matrix

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


def _keyed(games: pd.DataFrame, by: str) -> pd.DataFrame:
    """One row per game and key: the game's Idols (a game counts once for each), its matchup
    (two players: the pair of Idols in name order) or its win reason."""
    if by == "idol":
        return games
    rows = one_row_per_game(games)
    if by == "reason":
        return rows
    if by == "matchup":
        two = games[games["players"] == 2]
        matrix, index = seat_matrix(two)
        first = (two["seat"] == 0).to_numpy()
        game = index[first]
        a, b = matrix[game, 0], matrix[game, 1]
        names = np.asarray(two["idol"].cat.categories, dtype=object)
        low, high = np.minimum(a, b), np.maximum(a, b)
        labels = names[low] + " v " + names[high] if len(game) else np.array([], dtype=object)
        return two[first].assign(matchup=pd.Categorical(labels))
    raise ValueError(f"unknown grouping {by!r}")


def length_summary(games: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """Per player count (and `by`: idol, matchup or reason): games, mean, sd, quantiles and max
    of turns and of rounds for games that ended, and the number of stalled games."""
    rows = one_row_per_game(games) if by is None else _keyed(games, by)
    keys = ["players"] + ([] if by is None else [by])
    stalled_rows = rows["reason"] == "stalled"
    stalled = stalled_rows.groupby([rows[k] for k in keys], observed=True).sum()
    if by != "reason":
        rows = rows[~stalled_rows]
    out = []
    for measure in MEASURES:
        counts = rows.groupby([*keys, measure], observed=True).size()
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
    rows = games[games["reason"] != "stalled"]
    counts = rows.groupby(["players", "idol", measure], observed=True).size()
    return counts[counts > 0].rename("games").reset_index()
