"""Three and four players: final placements and the order of expulsion, per Idol and per seat."""

from __future__ import annotations

import pandas as pd

from analysis.proportions import wilson


def _shares(games: pd.DataFrame, by: str, column: str) -> pd.DataFrame:
    multi = games[games["players"] >= 3]
    counts = multi.groupby(["players", by, column], observed=True).size().rename("games")
    out = counts[counts > 0].reset_index()
    total = out.groupby(["players", by], observed=True)["games"].transform("sum")
    out["share"] = out["games"] / total
    out["lo"], out["hi"] = wilson(out["games"], total)
    return out


def placements(games: pd.DataFrame, by: str = "idol") -> pd.DataFrame:
    """Per player count (3 or 4), Idol or seat, and placement: games and share, with intervals.

    Placement 1 is the winner; in a stalled game every player still in it shares place 1.
    """
    return _shares(games, by, "placement")


def eliminations(games: pd.DataFrame, by: str = "idol") -> pd.DataFrame:
    """Per player count, Idol or seat, and expulsion order (0 = never expelled, 1 = first out)."""
    return _shares(games, by, "expelled_order")


def mean_placement(games: pd.DataFrame, by: str = "idol") -> pd.DataFrame:
    """Per player count and Idol or seat: mean placement, share expelled first, share never out."""
    multi = games[games["players"] >= 3]
    order = multi["expelled_order"]
    flags = multi[["players", by, "placement"]].assign(
        first_out=(order == 1).astype(float), never_out=(order == 0).astype(float)
    )
    grouped = flags.groupby(["players", by], observed=True)
    out = grouped.agg(
        games=("placement", "size"),
        mean_placement=("placement", "mean"),
        first_out=("first_out", "mean"),
        never_out=("never_out", "mean"),
    )
    return out.reset_index()
