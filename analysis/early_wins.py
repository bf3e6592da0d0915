"""Early wins: the share of an Idol's games it won by turn 3, 4 and 5, in all and by win type,
per variant (each tier of a tiered run is a variant) and player count, with 95% Wilson
intervals; and the Idols whose early-win share is far above the other Idols' (a rush).

Read from the dataset's per-game columns alone: `turns` (the turns the game lasted, every
player's turns counted, so a game won on turn 3 of a two-player game ended on the first
player's second turn), `won` and `reason` (how the game ended, the win type on the winner's
row). An Idol's games are its rows: a seat it played. The definitions and the flag's rule,
with their sources, are in docs/analysis.md ("Early wins").
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.holm import holm
from avarium.analysis.proportions import ALPHA, rate_table, wilson
from scipy.stats import fisher_exact

EARLY_TURNS = (3, 4, 5)
ANY = "any"  # the win_type of the rows that count every way of winning
KEYS = ["variant", "players", "idol"]
# The flag: an Idol's early-win share is far above the others' when it is at least FAR_RATIO
# times the other Idols' pooled share in the same variant, player count and turn, and above it
# by more than chance: Fisher's exact test (one-sided; exact, because early wins are few and a
# normal test would flag 2 in 10 against 0 in 70), Holm-corrected over every row tested (every
# variant, player count, Idol and turn), as the balance flags are. The ratio keeps a large run
# from flagging a difference of a point; the test keeps a small one from flagging luck.
FAR_RATIO = 2.0


def early_wins(games: pd.DataFrame) -> pd.DataFrame:
    """One row per variant, player count, Idol, turn (EARLY_TURNS) and win type (ANY, then each
    win type the run's winners show): `games` (the Idol's games), `wins` (won by that turn, in
    that way), `rate` (their share) and its 95% Wilson interval `lo`, `hi`."""
    per_idol = games.groupby(KEYS, observed=True).size().rename("games")
    if per_idol.empty:
        return pd.DataFrame(columns=[*KEYS, "turn", "win_type", "games", "wins", "rate"])
    won = games[games["won"].to_numpy()]
    types = [ANY, *sorted(str(r) for r in won["reason"].unique())]
    early = won[won["turns"].to_numpy() <= max(EARLY_TURNS)].assign(
        reason=lambda f: f["reason"].astype(str)
    )
    parts = []
    for turn in EARLY_TURNS:
        by_turn = early[early["turns"].to_numpy() <= turn]
        typed = by_turn.groupby([*KEYS, "reason"], observed=True).size()
        every = by_turn.groupby(KEYS, observed=True).size()
        for win_type in types:
            if win_type == ANY:
                wins = every
            else:
                chosen = typed[typed.index.get_level_values("reason") == win_type]
                wins = chosen.droplevel("reason")
            part = per_idol.to_frame().assign(turn=turn, win_type=win_type)
            part["wins"] = wins.reindex(per_idol.index, fill_value=0).to_numpy()
            parts.append(part.reset_index())
    out = pd.concat(parts, ignore_index=True)
    out = out[[*KEYS, "turn", "win_type", "games", "wins"]]
    return rate_table(out).astype({"wins": np.int64, "games": np.int64})


def rushes(table: pd.DataFrame) -> pd.DataFrame:
    """The rows of early_wins (every win type together) whose share is far above the other
    Idols' of the same variant, player count and turn (FAR_RATIO and the Holm-corrected test),
    with the others' share and interval (`others`, `others_lo`, `others_hi`), `ratio` and
    `p_holm`; each Idol once, at the earliest turn it is flagged."""
    rows = table[table["win_type"] == ANY].copy()
    cell = ["variant", "players", "turn"]
    total = rows.groupby(cell, observed=True)[["wins", "games"]].transform("sum")
    k = (total["wins"] - rows["wins"]).to_numpy(float)
    n = (total["games"] - rows["games"]).to_numpy(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        rows["others"] = np.where(n > 0, k / np.where(n > 0, n, 1), np.nan)
        rows["ratio"] = rows["rate"] / rows["others"]
    rows["others_lo"], rows["others_hi"] = wilson(k, n)
    wins, games = rows["wins"].to_numpy(), rows["games"].to_numpy()
    p = [
        fisher_exact([[a, b - a], [c, d - c]], alternative="greater").pvalue if b and d else 1.0
        for a, b, c, d in zip(wins, games, k.astype(np.int64), n.astype(np.int64), strict=True)
    ]
    rows["p_holm"] = holm(p)[1]
    far = (rows["p_holm"] < ALPHA) & ((rows["others"] == 0) | (rows["ratio"] >= FAR_RATIO))
    out = rows[far.to_numpy()].sort_values([*KEYS, "turn"])
    out = out.drop_duplicates(KEYS)  # an Idol once, at the earliest turn it is flagged
    return out.drop(columns="win_type").reset_index(drop=True)


def game_health(games: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The game-health tables a report shows beside balance, by their CSV names: early wins and
    the Idols flagged as rushes. From every variant's games (every tier's, where the balance
    sections detail one)."""
    table = early_wins(games)
    return {"early_wins": table, "early_rushes": rushes(table)}
