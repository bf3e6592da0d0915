"""Charts: each a function from an analysis table to a matplotlib Figure (headless Agg).

Every chart shows intervals where the table has them, a reference (fair share, band or zero)
where one applies, and the player count in its title, so a printed page stands on its own.

This package is the one name pages draw from; the charts live by kind beside it in style.py
(what every chart shares), rates.py, games.py, cards.py and sweeps.py.
"""

from __future__ import annotations

from avarium.reports.charts.cards import IMPACT_COLOURS, card_impact_chart, impact_meaning
from avarium.reports.charts.games import (
    length_chart,
    length_histogram,
    placements_chart,
    reasons_chart,
)
from avarium.reports.charts.rates import (
    difference_chart,
    idol_winrate_chart,
    matchup_heatmap,
    seat_chart,
    strength_chart,
)
from avarium.reports.charts.style import (
    BAND_COLOUR,
    BASE_COLOUR,
    DPI,
    FLAG_COLOUR,
    MODEL_COLOUR,
    REASON_COLOURS,
    UNDRAWN,
    ShareTicks,
    Undrawn,
    close,
    error_bars,
    finish,
    layout,
    percent_axis,
    png,
    share_locator,
    undrawn,
    without_figures,
)
from avarium.reports.charts.sweeps import idol_sweep_chart, seat_sweep_chart, swept_axis

__all__ = [
    "BAND_COLOUR",
    "BASE_COLOUR",
    "DPI",
    "FLAG_COLOUR",
    "IMPACT_COLOURS",
    "MODEL_COLOUR",
    "REASON_COLOURS",
    "UNDRAWN",
    "ShareTicks",
    "Undrawn",
    "card_impact_chart",
    "close",
    "difference_chart",
    "error_bars",
    "finish",
    "idol_sweep_chart",
    "idol_winrate_chart",
    "impact_meaning",
    "layout",
    "length_chart",
    "length_histogram",
    "matchup_heatmap",
    "percent_axis",
    "placements_chart",
    "png",
    "reasons_chart",
    "seat_chart",
    "seat_sweep_chart",
    "share_locator",
    "strength_chart",
    "swept_axis",
    "undrawn",
    "without_figures",
]
