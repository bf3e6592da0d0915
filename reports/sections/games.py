"""The sections on how games go: their length, how they ended, placements and expulsions."""

from __future__ import annotations

import pandas as pd
from avarium.reports import charts
from avarium.reports.html import Chart, Section, Table


def game_length_section(t: dict) -> Section:
    """Turns and rounds, per Idol, win reason and matchup."""
    return Section(
        "game-length",
        "Game length",
        [
            "<p>Turns and rounds of games that ended (stalled games are counted apart). "
            "Boxes: middle half of the games; whiskers: 5% to 95%; line: median; "
            "triangle: mean.</p>"
        ],
        [
            Chart(
                "length_by_idol",
                charts.length_chart(t["length_by_idol"]),
                "Game length per Idol",
            ),
            Chart(
                "length_distribution",
                charts.length_histogram(t["length_distribution"]),
                "Distribution of game length per Idol",
            ),
        ],
        [
            Table("length", t["length"], "Game length"),
            Table("length_by_idol", t["length_by_idol"], "Game length per Idol"),
            Table("length_by_reason", t["length_by_reason"], "Game length per win reason"),
            Table(
                "length_by_matchup",
                t["length_by_matchup"],
                "Game length per matchup (2 players)",
            ),
            Table(
                "length_distribution",
                t["length_distribution"],
                "Games per length (turns) per Idol",
                _length_grid(t["length_distribution"]),
                max_rows=None,
            ),
        ],
    )


def win_reasons_section(t: dict) -> Section:
    """How each Idol's games ended."""
    return Section(
        "win-reasons",
        "Win reasons",
        [
            "<p>How each Idol's games ended: Win-Con, expelling everyone, most Merit when the "
            "School ran out, the turn-order tie-break, stalled.</p>"
        ],
        [
            Chart(
                "win_reasons",
                charts.reasons_chart(t["win_reasons"]),
                "Win reasons per Idol",
            )
        ],
        [
            Table("reasons", t["reasons"], "How games ended"),
            Table("win_reasons", t["win_reasons"], "Win reasons per Idol"),
        ],
    )


def placements_section(t: dict) -> Section | None:
    """Placements and expulsion order for 3 and 4 players; left out of a two-player run."""
    place = t["placements_by_idol"]
    if place.empty:
        return None
    return Section(
        "placements",
        "Placements and expulsions (3 and 4 players)",
        ["<p>Final placement and expulsion order per Idol and seat.</p>"],
        [Chart("placements", charts.placements_chart(place), "Placements per Idol")],
        [
            Table("mean_placement_by_idol", t["mean_placement_by_idol"], "Mean placement per Idol"),
            Table("mean_placement_by_seat", t["mean_placement_by_seat"], "Mean placement per seat"),
            Table("placements_by_idol", place, "Placements per Idol"),
            Table("placements_by_seat", t["placements_by_seat"], "Placements per seat"),
            Table("eliminations_by_idol", t["eliminations_by_idol"], "Expulsion order per Idol"),
            Table("eliminations_by_seat", t["eliminations_by_seat"], "Expulsion order per seat"),
        ],
    )


def _length_grid(distribution: pd.DataFrame) -> pd.DataFrame:
    """Games per length as a grid a designer can read: one row per player count and length in
    turns, one column per Idol (strongest first), the games that lasted that long."""
    if distribution.empty:
        return distribution
    grid = distribution.pivot_table(
        index=["players", "turns"], columns="idol", values="games", aggfunc="sum", sort=False
    )
    idols = list(dict.fromkeys(distribution["idol"]))
    grid = grid.reindex(columns=idols).sort_index().fillna(0).astype("int64")
    grid.columns = [str(c) for c in grid.columns]
    return grid.reset_index()
