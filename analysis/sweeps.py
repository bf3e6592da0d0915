"""Sweeps: one variant per sweep point (labels such as `bonus=0,2` or `kumara_raj.merit=18`).

Seat and Idol win rates per variant, and which variant's seats are closest to fair, with how sure
that choice is. The tune-bonus and sweep commands build on these; the report shows them for any
run with more than one variant.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
from avarium.analysis.counts import totals
from avarium.analysis.proportions import fair_share, rate_table
from avarium.simulator.run.tiers import SEPARATOR

DRAWS = 20_000


def parse_variant(label: str) -> tuple[str, tuple[float, ...]]:
    """`bonus=0,2` -> ("bonus", (0.0, 2.0)); a label without numbers gives ("label", ()). A
    tier's label (`bonus=0,2 · mcts/40`) is read without its tier."""
    name, _, value = str(label).split(SEPARATOR)[0].partition("=")
    numbers = re.findall(r"-?\d+(?:\.\d+)?", value)
    if not value or len(numbers) != len([v for v in value.split(",") if v.strip()]):
        return str(label), ()
    return name.strip(), tuple(float(n) for n in numbers)


def variant_order(labels) -> list[str]:
    """Labels in sweep order: by parameter name, then by value (numerically), then by label."""
    return sorted(map(str, labels), key=lambda s: (parse_variant(s)[0], parse_variant(s)[1], s))


def _by_variant(games: pd.DataFrame, key: str) -> pd.DataFrame:
    out = rate_table(totals(games, ["variant", "players", key]))
    out["fair"] = fair_share(out["players"])
    out["variant"] = out["variant"].astype(str)
    order = {v: i for i, v in enumerate(variant_order(out["variant"].unique()))}
    out["order"] = out["variant"].map(order)
    out["value"] = [
        parse_variant(v)[1][-1] if parse_variant(v)[1] else np.nan for v in out["variant"]
    ]
    return out.sort_values(["players", "order", key]).reset_index(drop=True)


def seat_winrates_by_variant(games: pd.DataFrame) -> pd.DataFrame:
    """Per variant, player count and seat: games, wins, rate, 95% Wilson interval, fair share.
    `games` is the games table or its row counts (avarium.analysis.counts).

    `value` is the last number of the variant's label (seat 1's bonus in `bonus=0,2`, the
    merit in `kumara_raj.merit=18`) for plotting against; `order` is the sweep order."""
    return _by_variant(games, "seat")


def idol_winrates_by_variant(games: pd.DataFrame) -> pd.DataFrame:
    """Per variant, player count and Idol: the same columns as seat_winrates_by_variant."""
    return _by_variant(games, "idol")


def closest_to_fair(seats: pd.DataFrame, draws: int = DRAWS, seed: int = 0) -> pd.DataFrame:
    """Per player count and variant: the largest seat gap from fair (|rate - 1/N| of the worst
    seat), and the probability that this variant has the smallest true gap.

    The probability comes from drawing every seat's rate from the normal approximation of its
    estimate (rate, sqrt(rate(1-rate)/games)), independently, many times, and counting how often
    each variant wins. Seats of one game are in truth negatively correlated (one seat's win is
    another's loss), so this is slightly cautious, never overconfident, for two players.
    """
    rng = np.random.default_rng(seed)
    rows = []
    for players, part in seats.groupby("players"):
        variants = variant_order(part["variant"].unique())
        wide = part.pivot_table(index="variant", columns="seat", values=["rate", "games"])
        rate = wide["rate"].loc[variants].to_numpy()
        games = wide["games"].loc[variants].to_numpy()
        fair = 1.0 / players
        gap = np.nanmax(np.abs(rate - fair), axis=1)
        se = np.sqrt(np.clip(rate * (1 - rate), 1e-12, None) / np.maximum(games, 1))
        sample = rate[None] + se[None] * rng.standard_normal((draws, *rate.shape))
        best = np.nanmax(np.abs(sample - fair), axis=2).argmin(axis=1)
        prob = np.bincount(best, minlength=len(variants)) / draws
        choice = int(np.argmin(gap))
        for i, variant in enumerate(variants):
            rows.append(
                {
                    "players": players,
                    "variant": variant,
                    "worst_gap": gap[i],
                    "prob_best": prob[i],
                    "chosen": i == choice,
                }
            )
    return pd.DataFrame(rows)
