"""How games end: the reasons overall, and per Idol how its wins (and its stalls) came about."""

from __future__ import annotations

import pandas as pd
from avarium.analysis.counts import totals, weight
from avarium.analysis.games import one_row_per_game
from avarium.analysis.proportions import wilson

# The schema's reasons, in the order the report lists them, with the designer's words for them.
REASON_LABELS = {
    "wincon": "Win-Con",
    "last standing": "expelled everyone",
    "school out": "most Merit when the School ran out",
    "school out (tie)": "School ran out, tie broken by turn order",
    "stalled": "stalled at the turn cap",
    "draw": "draw",
}


def reason_totals(games: pd.DataFrame) -> pd.DataFrame:
    """Per player count and reason: games, share of all games, 95% Wilson interval.

    `games` is the games table or its row counts (avarium.analysis.counts)."""
    rows = one_row_per_game(games)
    data = rows[["players", "reason"]].assign(games=weight(rows))
    out = data.groupby(["players", "reason"], observed=True)["games"].sum().reset_index()
    out = out[out["games"] > 0].reset_index(drop=True)
    total = out.groupby("players")["games"].transform("sum")
    out["share"] = out["games"] / total
    out["lo"], out["hi"] = wilson(out["games"], total)
    out["label"] = out["reason"].astype(str).map(REASON_LABELS).fillna(out["reason"].astype(str))
    return out


def win_reasons(games: pd.DataFrame) -> pd.DataFrame:
    """Per player count, Idol and reason: the Idol's games that ended so, the ones it won so,
    and the shares of its games and of its wins (stalls and draws have no wins), with the 95%
    Wilson interval of the share of wins."""
    out = totals(games, ["players", "idol", "reason"])
    out = out[out["games"] > 0].reset_index(drop=True)
    grouped = out.groupby(["players", "idol"], observed=True)
    out["share_of_games"] = out["games"] / grouped["games"].transform("sum")
    all_wins = grouped["wins"].transform("sum")
    out["share_of_wins"] = (out["wins"] / all_wins.where(all_wins > 0)).fillna(0.0)
    out["lo"], out["hi"] = wilson(out["wins"], all_wins)
    return out
