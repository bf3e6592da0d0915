"""How each skill tier plays: a seat's game in numbers at every tier (its length, fights
declared, Students recruited, enemy Students expelled, Schemes played) and how its wins end.

Two tiers can disagree on an Idol because one of them plays that Idol's game differently, not
only because the Idol is balanced differently for stronger players. These figures say where to
look: on the bundled set the tuned heuristic plays under one Scheme a game where the plain
heuristic and the search bot play about five (docs/bots.md, "What the tuned heuristic leaves
out"), so whatever rests on Schemes is weighed by it far less than by the other tiers. They are
means over seats, a description and not a test: the verdicts are the tier tables'
(analysis/tiers/analyse.py). Every game counts, stalled ones too (they are played, only not
decided).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

if TYPE_CHECKING:
    from avarium.analysis.tiers.variants import TierVariant

# The games/ columns averaged per seat and game, and what a sentence calls them.
MEASURES = {
    "turns": "turns",
    "fights": "fights declared",
    "recruited": "Students recruited",
    "expelled": "enemy Students expelled",
    "schemes_played": "Schemes played",
}
# A measure is named as played differently when one tier's mean is at least RATIO times
# another's and at least MIN_PER_GAME a game: a factor of two is a different habit, not noise
# (the means are over thousands of seats), and under one a game is too rare to read as a style.
RATIO = 2.0
MIN_PER_GAME = 1.0
KEYS = ["group", "tier", "order", "players"]
# What the summary and the terminal say when the tiers' habits differ by RATIO or more, and why
# a designer should care.
PLAYED_DIFFERENTLY = "the tiers play differently"
PLAYED_WHY = (
    "A tier that seldom does something weighs the cards that reward it less, so where the "
    "tiers disagree on an Idol, look at how each plays it"
)


def tier_play(tiers: list[TierVariant], games: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """Two tables: `tier_play`, per group, tier, player count and Idol, its games, the mean of
    every measure over them and the share of its wins by Win-Con; `tier_play_all`, the means
    over every seat of the tier's games (`seats`: a game of N players is N seats)."""
    by_idol, every = [], []
    for t in tiers:
        part = games[games["variant"] == t.label]
        seats = part.groupby(["players", "idol"], observed=True)
        means = seats[list(MEASURES)].mean()
        means.insert(0, "games", seats.size())
        won = part[part["won"]]
        by_wincon = (won["reason"].astype(str) == "wincon").groupby(
            [won["players"], won["idol"]], observed=True
        )
        means["wincon_wins"] = by_wincon.mean()
        by_idol.append(means.reset_index().assign(group=t.group, tier=t.tier, order=t.order))
        overall = part.groupby("players", observed=True)
        all_means = overall[list(MEASURES)].mean()
        all_means.insert(0, "seats", overall.size())
        every.append(all_means.reset_index().assign(group=t.group, tier=t.tier, order=t.order))
    idols = pd.concat(by_idol, ignore_index=True)
    idols["idol"] = idols["idol"].astype(str)
    columns = [*KEYS, "idol", "games", *MEASURES, "wincon_wins"]
    return {
        "tier_play": idols[columns].sort_values(["group", "players", "idol", "order"]),
        "tier_play_all": pd.concat(every, ignore_index=True)[[*KEYS, "seats", *MEASURES]],
    }


def played_differently(every: pd.DataFrame) -> list[dict]:
    """Per player count, each measure on which the tiers differ by RATIO or more (from
    `tier_play_all`; the variants of a sweep pooled per tier, weighted by their seats): the
    tiers with the lowest and highest mean, and both means."""
    weighted = every[list(MEASURES)].mul(every["seats"], axis=0)
    pooled = weighted.assign(seats=every["seats"], players=every["players"], tier=every["tier"])
    pooled = pooled.assign(order=every["order"]).groupby(["players", "order", "tier"]).sum()
    pooled = pooled[list(MEASURES)].div(pooled["seats"], axis=0).reset_index()
    found = []
    for players, part in pooled.groupby("players", sort=True):
        for measure, name in MEASURES.items():
            low = part.loc[part[measure].idxmin()]
            high = part.loc[part[measure].idxmax()]
            if high[measure] >= MIN_PER_GAME and high[measure] >= RATIO * low[measure]:
                found.append(
                    {
                        "players": int(players),
                        "measure": name,
                        "low_tier": str(low["tier"]),
                        "low": float(low[measure]),
                        "high_tier": str(high["tier"]),
                        "high": float(high[measure]),
                    }
                )
    return found


def differently_sentence(found: list[dict]) -> str:
    """`Schemes played 0.7 a game at heuristic.tuned, 5.2 at mcts/20`, joined; with the player
    count when the rows hold several."""
    several = len({f["players"] for f in found}) > 1
    parts = []
    for f in found:
        where = f" at {f['players']} players" if several else ""
        parts.append(
            f"{f['measure']}{where} {f['low']:.1f} a game at {f['low_tier']}, "
            f"{f['high']:.1f} at {f['high_tier']}"
        )
    return "; ".join(parts)
