"""Three and four players: final placements and the order of expulsion, per Idol and per seat."""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.counts import weight
from avarium.analysis.proportions import wilson


def _shares(games: pd.DataFrame, by: str, column: str) -> pd.DataFrame:
    keep = (games["players"] >= 3).to_numpy()
    rows = games[keep][["players", by, column]].assign(games=weight(games)[keep])
    out = rows.groupby(["players", by, column], observed=True)["games"].sum().reset_index()
    out = out[out["games"] > 0].reset_index(drop=True)
    total = out.groupby(["players", by], observed=True)["games"].transform("sum")
    out["share"] = out["games"] / total
    out["lo"], out["hi"] = wilson(out["games"], total)
    return out


def placements(games: pd.DataFrame, by: str = "idol") -> pd.DataFrame:
    """Per player count (3 or 4), Idol or seat, and placement: games and share, with intervals.

    Placement 1 is the winner; in a stalled game every player still in it shares place 1.
    `games` is the games table or its row counts (avarium.analysis.counts)."""
    return _shares(games, by, "placement")


def eliminations(games: pd.DataFrame, by: str = "idol") -> pd.DataFrame:
    """Per player count, Idol or seat, and expulsion order (0 = never expelled, 1 = first out)."""
    return _shares(games, by, "expelled_order")


def mean_placement(games: pd.DataFrame, by: str = "idol") -> pd.DataFrame:
    """Per player count and Idol or seat: mean placement, share expelled first, share never out."""
    keep = (games["players"] >= 3).to_numpy()
    rows = games[keep]
    n = weight(games)[keep]
    order = rows["expelled_order"].to_numpy()
    data = rows[["players", by]].assign(
        games=n,
        place_sum=n * rows["placement"].to_numpy(),
        first_out=n * (order == 1),
        never_out=n * (order == 0),
    )
    out = data.groupby(["players", by], observed=True).sum().reset_index()
    out = out[out["games"] > 0].reset_index(drop=True)
    games_n = out["games"].to_numpy(dtype=float)
    out["mean_placement"] = out.pop("place_sum") / games_n
    out["first_out"] = out["first_out"] / games_n
    out["never_out"] = out["never_out"] / games_n
    return out.astype({"games": np.int64})
