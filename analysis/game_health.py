"""Game health: how a game's lead moves, how close it ends, how often it never ends, per
variant (each tier of a tiered run is a variant), player count and Idol, each with a 95%
interval. The definitions, with their sources, are in docs/analysis.md ("Game health").

Read from turns/ (each seat's Merit turn by turn, written by a run with `record_turns`) and
games/ (who played which Idol, who won, how the game ended). The leader of a turn is the seat
with the most Merit, when no other seat has as much (a tie has no leader). Measures of how the
winner got there (when it led for good, a comeback, the margin) are over the games an Idol won;
lead changes, stalls and draws over every game it played.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.proportions import rate_table

KEYS = ["variant", "players", "idol"]
NO_LEADER = -1
BOOTSTRAP_DRAWS = 2000
BOOTSTRAP_SEED = 20261206  # fixed: the same run gives the same intervals every report
# metric -> (what it is, whether it is a share with a Wilson interval rather than a mean)
METRICS = {
    "lead_changes": ("times the lead passed to another seat, per game", False),
    "led_for_good_after": ("share of the game played before the winner led for good", False),
    "comeback": ("share of wins won from behind at the midpoint", True),
    "margin": ("the winner's final Merit above the best other seat's, per win", False),
    "stalled": ("share of games stopped by the turn cap", True),
    "draw": ("share of games ending in a draw", True),
}


def leaders(turns: pd.DataFrame) -> pd.DataFrame:
    """One row per game and turn, in order: `game_id`, `turn` and `leader`, the seat with the
    most Merit (NO_LEADER when two or more seats share the most)."""
    f = turns[["game_id", "turn", "seat", "merit"]]
    best = f.groupby(["game_id", "turn"], sort=False)["merit"].transform("max")
    top = f[f["merit"].to_numpy() == best.to_numpy()]
    held = top.groupby(["game_id", "turn"])["seat"].agg(["first", "size"])
    leader = np.where(held["size"].to_numpy() == 1, held["first"].to_numpy(), NO_LEADER)
    return held.index.to_frame(index=False).assign(leader=leader.astype(np.int64))


def lead_changes(lead: pd.DataFrame) -> pd.Series:
    """Per game_id: how many times the lead passed from one seat to another (a turn of tied
    Merit between two leaders is no change by itself)."""
    held = lead[lead["leader"].to_numpy() != NO_LEADER]
    same_game = held["game_id"].to_numpy()[1:] == held["game_id"].to_numpy()[:-1]
    changed = same_game & (held["leader"].to_numpy()[1:] != held["leader"].to_numpy()[:-1])
    counts = pd.Series(changed.astype(np.int64), index=held["game_id"].to_numpy()[1:])
    every = pd.Index(lead["game_id"].unique(), name="game_id")
    return counts.groupby(level=0).sum().reindex(every, fill_value=0)


def winner_paths(games: pd.DataFrame, turns: pd.DataFrame) -> pd.DataFrame:
    """One row per won game: its variant, players, the winner's Idol, and how the winner got
    there: `led_for_good_after` (the share of the game's turns before the
    turn from which it led to the end; 1 when it did not lead on the last turn), `comeback`
    (another seat had more Merit on the middle turn, turn ceil(turns / 2)) and `margin` (its
    final Merit less the best other seat's)."""
    lead = leaders(turns)
    won = games[games["won"].to_numpy()][[*KEYS, "game_id", "seat"]]
    won = won.rename(columns={"seat": "winner"}).set_index("game_id")
    length = turns.groupby("game_id")["turn"].max().reindex(won.index)
    # the last turn the winner did not lead (0: it led from the first)
    lead = lead.join(won["winner"], on="game_id", how="inner")
    not_leading = lead[lead["leader"].to_numpy() != lead["winner"].to_numpy()]
    last_not = not_leading.groupby("game_id")["turn"].max().reindex(won.index, fill_value=0)
    mid = np.ceil(length / 2).astype(np.int64)
    at = turns.join(won["winner"], on="game_id", how="inner")
    at = at.assign(
        mid=mid.reindex(at["game_id"]).to_numpy(), end=length.reindex(at["game_id"]).to_numpy()
    )
    mine = at["seat"].to_numpy() == at["winner"].to_numpy()

    def best_other(rows: pd.Series) -> pd.Series:
        return at.loc[rows & ~mine].groupby("game_id")["merit"].max().reindex(won.index)

    def own(rows: pd.Series) -> pd.Series:
        return at.loc[rows & mine].groupby("game_id")["merit"].max().reindex(won.index)

    at_mid = at["turn"].to_numpy() == at["mid"].to_numpy()
    at_end = at["turn"].to_numpy() == at["end"].to_numpy()
    out = won[KEYS].copy()
    out["led_for_good_after"] = last_not / length
    out["comeback"] = best_other(at_mid) > own(at_mid)
    out["margin"] = own(at_end) - best_other(at_end)
    return out.reset_index()


def bootstrap_mean(values: np.ndarray, seed: int = BOOTSTRAP_SEED) -> tuple[float, float]:
    """95% percentile bootstrap interval of the mean. Resampling n values with replacement is
    drawing how often each distinct value comes up (a multinomial on their shares), so the
    draws cost as many distinct values, not as many games."""
    values = np.asarray(values, dtype=float)
    if values.size == 0:
        return np.nan, np.nan
    distinct, counts = np.unique(values, return_counts=True)
    rng = np.random.default_rng(seed)
    draws = rng.multinomial(values.size, counts / values.size, size=BOOTSTRAP_DRAWS)
    means = draws @ distinct / values.size
    lo, hi = np.quantile(means, [0.025, 0.975])
    return float(lo), float(hi)


def _means(frame: pd.DataFrame, column: str) -> pd.DataFrame:
    rows = []
    for key, part in frame.groupby(KEYS, observed=True):
        values = part[column].to_numpy(dtype=float)
        lo, hi = bootstrap_mean(values)
        rows.append((*key, column, len(values), values.mean(), lo, hi))
    return pd.DataFrame(rows, columns=[*KEYS, "metric", "games", "value", "lo", "hi"])


def _shares(frame: pd.DataFrame, column: str) -> pd.DataFrame:
    counted = frame.groupby(KEYS, observed=True)[column].agg(["sum", "size"]).reset_index()
    counted = counted.rename(columns={"sum": "count", "size": "games"}).assign(metric=column)
    table = rate_table(counted, wins="count").rename(columns={"rate": "value"})
    return table[[*KEYS, "metric", "games", "value", "lo", "hi"]]


def lead_metrics(games: pd.DataFrame, turns: pd.DataFrame) -> pd.DataFrame:
    """One row per variant, player count, Idol and metric (METRICS): `games` (the games the
    value is over: the Idol's wins for the winner's measures, its games otherwise), `value`
    and its 95% interval `lo`, `hi` (Wilson for a share, a bootstrap of the mean otherwise)."""
    paths = winner_paths(games, turns)
    changes = lead_changes(leaders(turns))
    played = games[[*KEYS, "game_id", "reason"]].copy()
    played["lead_changes"] = changes.reindex(played["game_id"]).to_numpy()
    reason = played["reason"].astype(str)
    played["stalled"], played["draw"] = reason == "stalled", reason == "draw"
    parts = [
        _means(played.dropna(subset=["lead_changes"]), "lead_changes"),
        _means(paths, "led_for_good_after"),
        _shares(paths, "comeback"),
        _means(paths, "margin"),
        _shares(played, "stalled"),
        _shares(played, "draw"),
    ]
    out = pd.concat([p for p in parts if not p.empty], ignore_index=True)
    return out.sort_values([*KEYS, "metric"], kind="stable").reset_index(drop=True)
