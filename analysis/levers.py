"""The seat levers' effects: what each lever (docs/rulings.md, ruling 25) does to every seat's
win rate, measured where a tune-bonus run played it beside the same bonus vector without it.

The points of a run share their deals (game k of every variant is dealt and seated alike), so
a seat's result with the lever and without it on one deal is a matched pair, and the change of
its win rate gets the matched-pairs interval of analysis/paired.py: far narrower than two
independent rates' would be, since most deals end the same either way.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.games import stalled_rows
from avarium.analysis.paired import matched_gap
from avarium.runner.tiers import split_label
from avarium.runner.variants import LEVERS, levers_of

COLUMNS = [
    "players",
    "tier",  # "" for a run without tiers, and in one tier's games (labels without their tier)
    "lever",
    "point",  # the bonus vector both sides of the pair play
    "seat",
    "deals",  # deals decided in both (a stalled game leaves its deal out)
    "rate_without",
    "rate_with",
    "change",  # rate_with - rate_without
    "change_lo",
    "change_hi",
]


def lever_effects(games: pd.DataFrame) -> pd.DataFrame:
    """Per player count, lever, bonus vector and seat: the seat's win rate without and with the
    lever alone on the deals both played, the change and its 95% matched-pairs interval. Empty
    when the run played no lever. `games` is a complete run's games table, or one tier's (a
    label's tier is kept apart); each variant's first game id is its deal 0, read from the
    games, as analysis/paired.variants_paired reads it."""
    rows = []
    for players, part in games.groupby("players", observed=True):
        labels = part["variant"].astype(str).unique()
        points = {}
        for label in labels:
            own, tier = split_label(label)
            plain, levers = levers_of(own)
            points[(plain, levers, tier)] = label
        for (plain, levers, tier), label in points.items():
            if levers:
                continue
            single = {next(iter(k[1])) for k in points if len(k[1]) == 1}
            for lever in sorted(single & set(LEVERS)):
                with_lever = points.get((plain, frozenset([lever]), tier))
                if with_lever is not None:
                    found = _seat_changes(part, label, with_lever)
                    head = {"players": int(players), "tier": tier, "lever": lever, "point": plain}
                    rows += [head | row for row in found]
    return pd.DataFrame(rows, columns=COLUMNS)


def _seat_changes(games, without, with_lever) -> list[dict]:
    a, b = _by_deal(games, without), _by_deal(games, with_lever)
    both = a.add_suffix("_a").join(b.add_suffix("_b"), how="inner")
    both = both[~(both["stalled_a"] | both["stalled_b"])]
    out = []
    for seat, pairs in both.groupby(level="seat"):
        wa, wb = pairs["won_a"].to_numpy(bool), pairs["won_b"].to_numpy(bool)
        if not len(wa):
            continue
        gap = matched_gap(wa, wb)
        out.append(
            {
                "seat": int(seat),
                "deals": len(wa),
                "rate_without": float(wa.mean()),
                "rate_with": float(wb.mean()),
                "change": gap["change"],
                "change_lo": gap["change_lo"],
                "change_hi": gap["change_hi"],
            }
        )
    return out


def _by_deal(games: pd.DataFrame, label: str) -> pd.DataFrame:
    """A variant's rows indexed by (deal, seat): won, and whether the game stalled."""
    rows = games[games["variant"].astype(str) == label]
    deal = rows["game_id"].to_numpy(np.int64) - int(rows["game_id"].min())
    frame = pd.DataFrame(
        {
            "won": rows["won"].to_numpy(bool),
            "stalled": stalled_rows(rows),
        },
        index=pd.MultiIndex.from_arrays(
            [deal, rows["seat"].to_numpy(np.int64)], names=["deal", "seat"]
        ),
    )
    return frame
