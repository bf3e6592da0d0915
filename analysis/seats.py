"""Win rate by seat, and the first player's advantage, for every player count in the run."""

from __future__ import annotations

import pandas as pd
from avarium.analysis.counts import totals
from avarium.analysis.proportions import fair_share, rate_table


def seat_winrates(games: pd.DataFrame) -> pd.DataFrame:
    """Per player count and seat (0 takes the first turn): games, wins, rate, interval, 1/N.

    `games` is the games table or its row counts (avarium.analysis.counts)."""
    out = rate_table(totals(games, ["players", "seat"]))
    out["fair"] = fair_share(out["players"])
    return out


def first_player_advantage(seats: pd.DataFrame) -> pd.DataFrame:
    """Per player count: seat 0's win rate minus the fair share, with its 95% Wilson interval.

    This is the raw advantage: it takes the pairings as they came. The seat-and-strength model
    (avarium.analysis.strength) gives the advantage with the Idols' strengths taken out.
    """
    first = seats[seats["seat"] == 0]
    out = pd.DataFrame(
        {
            "players": first["players"].to_numpy(),
            "games": first["games"].to_numpy(),
            "seat0_rate": first["rate"].to_numpy(),
            "advantage": (first["rate"] - first["fair"]).to_numpy(),
            "lo": (first["lo"] - first["fair"]).to_numpy(),
            "hi": (first["hi"] - first["fair"]).to_numpy(),
        }
    )
    return out.reset_index(drop=True)
