"""The tiers of a run: which of its variants are one variant's games at several levels of play.

A tiered variant (runner/tiers.py) is played once per tier, labelled `LABEL · TIER`, on
the same deals and seatings; game ids run on across variants, so each tier's games start at its
own first id and game k of every tier is the same deal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from avarium.runner.tiers import group_of


@dataclass(frozen=True)
class TierVariant:
    label: str  # the variant's label in the dataset
    tier: str  # the tier's bot
    group: str  # the variant's own label ("main" when it has none)
    order: int  # 0 for the weakest tier of its group
    first: int  # the variant's first game id (game ids run on across variants)
    games: int


def tier_variants(experiment: dict) -> list[TierVariant]:
    """The tiered variants of a run's resolved experiment, weakest first in each group; empty
    when the run names no tiers (or one tier only: nothing to set side by side)."""
    tables = experiment.get("variant")
    if not isinstance(tables, list):
        return []
    out: list[TierVariant] = []
    first = 0
    orders: dict[str, int] = {}
    for table in tables:
        games = int(table.get("games", 0)) if isinstance(table, dict) else 0
        tier = table.get("tier") if isinstance(table, dict) else None
        if isinstance(tier, str) and tier:
            label = str(table.get("label", ""))
            group = group_of(label, tier)
            order = orders.get(group, 0)
            orders[group] = order + 1
            out.append(TierVariant(label, tier, group, order, first, games))
        first += games
    return [t for t in out if orders[t.group] > 1]


def paired_row(
    group: str,
    players: int,
    idol: str,
    a: TierVariant,
    b: TierVariant,
    wa: np.ndarray,
    wb: np.ndarray,
) -> dict[str, object]:
    """What every table of two tiers side by side names first: the group, player count and Idol,
    the two tiers, the Idol's rate at each on the deals both played (wa, wb: its results there,
    analysis/paired.py's paired_wins) and how many deals that is."""
    return {
        "group": group,
        "players": players,
        "idol": idol,
        "tier_a": a.tier,
        "tier_b": b.tier,
        "rate_a": float(np.mean(wa)),
        "rate_b": float(np.mean(wb)),
        "paired_games": len(wa),
    }
