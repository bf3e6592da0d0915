"""Matched pairs: an Idol's results in two variants of a run (two tiers, or a set with and
without a change) on the same deals, and the difference of its win rates with an interval that
respects the pairing.

The variants of a run share their deals and seatings (runner/tiers.py for tiers): game k
of every variant is dealt and seated alike, so two variants' results on a deal are a matched
pair.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Protocol

import numpy as np
import pandas as pd
from scipy.stats import norm


class Played(Protocol):
    """A variant's games in a run: its label, and the id of its first game (its deal 0). A tier
    (analysis/tiers/variants.TierVariant) is one."""

    label: str
    first: int


Z95 = float(norm.ppf(0.975))  # two-sided 95%


def paired_wins(games: pd.DataFrame, a: Played, b: Played, idol: str, players: int):
    """The Idol's result (won or not) in tier a and tier b on every deal both played."""

    def wins(t: Played) -> pd.Series:
        rows = games[
            (games["variant"] == t.label) & (games["idol"] == idol) & (games["players"] == players)
        ]
        deal = rows["game_id"].to_numpy(np.int64) - t.first
        return pd.Series(rows["won"].to_numpy(bool), index=deal)

    both = pd.concat([wins(a), wins(b)], axis=1, join="inner", keys=["a", "b"])
    return both["a"].to_numpy(), both["b"].to_numpy(), both.index.to_numpy()


def variants_paired(games: pd.DataFrame, label_a: str, label_b: str, idol: str):
    """The Idol's results in variants a and b of one run on every deal both played. Variants
    of a run share their deals (game k of each is dealt and seated alike), and each variant's
    games are numbered on from the one before, so a game's deal is its id minus its variant's
    first id, read here from the games: for a complete run, as a balance check is when it is
    read (a run missing its first part would need the experiment's ids, as tier_variants
    gives them)."""
    firsts = games.groupby("variant", observed=True)["game_id"].min()
    played = SimpleNamespace(label=label_a, first=int(firsts[label_a]))
    other = SimpleNamespace(label=label_b, first=int(firsts[label_b]))
    players = games.loc[games["variant"] == label_a, "players"]
    wa, wb, _ = paired_wins(games, played, other, idol, int(players.iloc[0]))
    return wa, wb


def matched_gap(wa: np.ndarray, wb: np.ndarray) -> dict:
    """The rate of wins b minus the rate of wins a, over paired results (one deal each), with
    the estimate and standard error behind its 95% interval.

    The interval is Agresti and Min's (2005) for matched proportions: a Wald interval on the
    2x2 table of paired results with 0.5 added to each cell, which keeps its coverage near 95%
    for small or one-sided tables (the plain Wald interval is [0, 0] when no game changed)."""
    n = len(wa)
    only_b = float(np.sum(wb & ~wa))  # won at tier b only
    only_a = float(np.sum(wa & ~wb))
    # Agresti-Min: each of the four cells + 0.5, so n + 2 games and the discordant cells + 0.5.
    m = n + 2.0
    pb, pa = (only_b + 0.5) / m, (only_a + 0.5) / m
    adjusted = pb - pa
    se = float(np.sqrt((pb + pa - adjusted**2) / m))
    return {
        "change": (only_b - only_a) / n,
        "change_lo": max(-1.0, adjusted - Z95 * se),
        "change_hi": min(1.0, adjusted + Z95 * se),
        "adjusted": adjusted,
        "se": se,
    }


def paired_change(games: pd.DataFrame, a: Played, b: Played, idol: str, players: int) -> dict:
    """Variant b's win rate minus variant a's on the deals both played, with a 95% interval
    (matched_gap) and the number of those deals."""
    wa, wb, _ = paired_wins(games, a, b, idol, players)
    if len(wa) == 0:
        return {"change": np.nan, "change_lo": np.nan, "change_hi": np.nan, "paired_games": 0}
    gap = matched_gap(wa, wb)
    return {key: gap[key] for key in ("change", "change_lo", "change_hi")} | {
        "paired_games": len(wa)
    }
