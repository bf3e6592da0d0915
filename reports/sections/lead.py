"""How the lead moves and how games end (analysis/game_health.py), per Idol, variant (each tier
of a tiered run is one) and player count: a section only for a run that kept its turns."""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.game_health import METRICS
from avarium.reports import formats
from avarium.reports.formats import INTEGER, TEXT
from avarium.reports.html import Section, Table

KEYS = ["variant", "players", "idol"]
# The page's column for each metric: what a designer reads in the header.
HEADERS = {
    "lead_changes": "lead changes a game",
    "led_for_good_after": "share of the game before the winner led for good",
    "comeback": "wins from behind at half-time",
    "margin": "winning Merit margin",
    "stalled": "stalled",
    "draw": "draws",
}


def _shown(metric: str, value, lo, hi) -> str:
    if np.isnan(value):
        return formats.MISSING
    share = METRICS[metric][1] or metric == "led_for_good_after"
    form = formats.percent if share else (lambda v: f"{float(v):.2f}")
    return f"{form(value)} ({form(lo)}-{form(hi)})"


def lead_view(table: pd.DataFrame) -> pd.DataFrame:
    """One row per variant, player count and Idol; each metric with its 95% interval."""
    shown = table.assign(
        shown=[_shown(r.metric, r.value, r.lo, r.hi) for r in table.itertuples()],
        metric=table["metric"].map(HEADERS),
    )
    wide = shown.pivot_table(
        index=KEYS, columns="metric", values="shown", aggfunc="first", observed=True, sort=False
    )
    columns = [HEADERS[m] for m in METRICS if HEADERS[m] in wide.columns]
    return wide[columns].fillna(formats.MISSING).reset_index()


def lead_section(t: dict) -> Section | None:
    table = t.get("lead_metrics")
    if table is None or table.empty:
        return None
    view = lead_view(table)
    return Section(
        "game-lead",
        "How the lead moves",
        [
            "<p>From each seat's Merit turn by turn (the run kept its turns): the leader of a "
            "turn is the seat with the most Merit, alone. Per Idol, variant (each skill tier is "
            "one) and player count: how often the lead passed to another seat per game, and "
            "over every game the Idol played the share stalled at the turn cap and drawn; over "
            "the games it won, how much of the game went by before it led for good, the share "
            "it won from behind at the middle turn, and its final Merit margin over the best "
            "other seat. Each with a 95% interval (Wilson for a share, a bootstrap of the mean "
            'otherwise). Definitions and sources: docs/analysis.md, "Game health".</p>'
        ],
        tables=[
            Table(
                "lead_metrics",
                table,
                "How the lead moves and how games end, per Idol",
                view,
                {c: TEXT for c in view.columns} | {"players": INTEGER},
                max_rows=None,
            )
        ],
    )
