"""How each tier plays, as a page shows it: the paragraph that says what the numbers are and the
two tables (analysis/tiers/play.py computes them). A run's report (reports/tiers/sections.py) and
`avarium balance`'s page (reports/balance.py) set them out alike."""

from __future__ import annotations

import pandas as pd
from avarium.reports.html import Table

TEXT = (
    "<p>How each tier plays: per tier, a seat's game in numbers (turns, fights declared, "
    "Students recruited, enemy Students expelled, Schemes played, each a mean per seat and "
    "game) over every seat, and per Idol with the share of its wins by its Win-Con. They "
    "describe, they do not test: two tiers that disagree on an Idol often play it "
    "differently, and these numbers say how.</p>"
)


def tables(play: dict[str, pd.DataFrame]) -> list[Table]:
    """`tier_play_all` and `tier_play` as the page's tables."""
    return [
        Table("tier_play_all", play["tier_play_all"], "How each tier plays"),
        Table("tier_play", play["tier_play"], "How each tier plays each Idol"),
    ]
