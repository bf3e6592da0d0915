"""A bot ladder's statistics: each bot's win rate against each opponent over both seat orders
(Wilson 95% intervals), Bradley-Terry strengths with a first-seat term, and the stalls.

The input is one row per ordered pair of bots (the first seat's bot, the second's) with its
games and each side's wins, as workflows/ladder.py tabulates a ladder's games. A stalled
game or a draw counts as a game neither bot won. The strengths are a logit of "the first bot
won" on the difference of the two bots' strengths plus the seat advantage, fitted by
statsmodels on the aggregated results.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from avarium.analysis.notes import noted
from avarium.analysis.proportions import wilson


@dataclass(frozen=True)
class LadderTables:
    matches: pd.DataFrame  # one row per (bot, opponent): games, wins, rate, low, high
    ratings: pd.DataFrame  # one row per bot: rating, low, high (the first bot = 0)
    seat_advantage: tuple[float, float, float]  # log-odds for the first seat, with its interval
    notes: list[str] = field(default_factory=list)  # what the fit met, in plain sentences


def match_table(pairs: pd.DataFrame) -> pd.DataFrame:
    """Each bot's win rate against each opponent over both seat orders, with Wilson 95%."""
    a = pairs.rename(columns={"first": "bot", "second": "opponent", "first_wins": "wins"})
    b = pairs.rename(columns={"second": "bot", "first": "opponent", "second_wins": "wins"})
    columns = ["bot", "opponent", "games", "wins"]
    both = pd.concat([a[columns], b[columns]])
    table = both.groupby(["bot", "opponent"], as_index=False)[["games", "wins"]].sum()
    table["rate"] = table["wins"] / table["games"]
    table["low"], table["high"] = wilson(table["wins"].to_numpy(), table["games"].to_numpy())
    return table


def _design(pairs: pd.DataFrame, labels: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """One row per (first, second) cell: +1 for the first bot, -1 for the second, the seat
    column; the reference bot (the first label) is dropped so the model is identified."""
    index = {b: i for i, b in enumerate(labels)}
    x = np.zeros((len(pairs), len(labels)))
    for r, (f, s) in enumerate(zip(pairs["first"], pairs["second"], strict=True)):
        x[r, index[f]] += 1.0
        x[r, index[s]] -= 1.0
    x = np.column_stack([x[:, 1:], np.ones(len(pairs))])
    decided = pairs["first_wins"] + pairs["second_wins"]
    y = np.column_stack([pairs["first_wins"], decided - pairs["first_wins"]])
    return x, y


def _fit(pairs: pd.DataFrame, labels: list[str], notes: list[str]):
    """The Bradley-Terry fit; its warnings (statsmodels' perfect separation, numpy's divide by
    zero when a rating runs off to infinity) are caught into `notes`, never printed raw."""
    import statsmodels.api as sm

    x, y = _design(pairs, labels)
    with noted(notes, "ladder ratings"):
        return sm.GLM(y, x, family=sm.families.Binomial()).fit()


# A rating interval wider than this many log-odds says nothing: with a single game per pairing
# a bounded rating's interval is a few log-odds wide, while one the games do not bound comes out
# thousands wide (a group of bots that beat every other bot every time, say).
UNBOUNDED_WIDTH = 20.0


def unbounded_notes(pairs: pd.DataFrame, ratings: pd.DataFrame) -> list[str]:
    """One note per bot whose rating the games do not bound, saying why in the designer's
    words: it won (or lost) every game it decided, or its interval is unbounded all the same."""
    # Games neither side won (stalls, draws) separate nothing: a bot's losses are the games its
    # opponents won.
    lost = pd.concat(
        [
            pairs.rename(columns={"first": "bot", "second_wins": "lost"})[["bot", "lost"]],
            pairs.rename(columns={"second": "bot", "first_wins": "lost"})[["bot", "lost"]],
        ]
    )
    won = match_table(pairs).groupby("bot")["wins"].sum()
    lost = lost.groupby("bot")["lost"].sum()
    notes = []
    for r in ratings.itertuples():
        wins, losses = int(won.get(r.bot, 0)), int(lost.get(r.bot, 0))
        if wins + losses > 0 and (wins == 0 or losses == 0):
            how = "won" if losses == 0 else "lost"
            notes.append(
                f"ladder ratings: the rating of {r.bot} is unbounded: it {how} every game it "
                f"decided ({wins + losses:,}), so its rating runs off to infinity and its interval "
                "means nothing; more --rounds will settle it"
            )
        elif not (np.isfinite(r.low) and np.isfinite(r.high)) or r.high - r.low > UNBOUNDED_WIDTH:
            notes.append(
                f"ladder ratings: the rating of {r.bot} is unbounded: the games do not separate "
                "it from the rest (a group of bots won every game against the others), so its "
                "interval means nothing; more --rounds will settle it"
            )
    return notes


def ladder_tables(pairs: pd.DataFrame, labels: list[str]) -> LadderTables:
    """Win rates, Bradley-Terry strengths (log-odds; a bot rated d above another beats it
    with probability 1 / (1 + exp(-d)) from an even seat), the first seat's term, and notes on
    what the fit met (an unbounded rating names its bot and why)."""
    fit_notes: list[str] = []
    fit = _fit(pairs, labels, fit_notes)
    ci = np.asarray(fit.conf_int(0.05))
    params = np.asarray(fit.params)
    rows = [{"bot": labels[0], "rating": 0.0, "low": 0.0, "high": 0.0}]
    for i, bot in enumerate(labels[1:]):
        rows.append({"bot": bot, "rating": params[i], "low": ci[i, 0], "high": ci[i, 1]})
    ratings = pd.DataFrame(rows).sort_values("rating", ascending=False, ignore_index=True)
    seat = (float(params[-1]), float(ci[-1, 0]), float(ci[-1, 1]))
    notes = unbounded_notes(pairs, ratings)
    # Two bots give as many cells as terms (a rating and the seat): the fit is saturated, its
    # residual degrees of freedom zero, and statsmodels then warns of perfect prediction and
    # divides by zero for a scale the binomial never uses, with nothing wrong. Otherwise the same
    # two warnings come from an unbounded rating, which the notes above name.
    saturated = len(pairs) <= len(labels)
    if notes or saturated:
        fit_notes = [n for n in fit_notes if not _explained(n)]
    return LadderTables(match_table(pairs), ratings, seat, notes + fit_notes)


def _explained(note: str) -> bool:
    """Whether a fit's note is one an unbounded rating causes (separation, infinite numbers)."""
    return note.startswith(
        ("ladder ratings: an Idol or a seat won all", "ladder ratings: a computation met")
    )
