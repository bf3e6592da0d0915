"""A bot ladder's statistics: each bot's win rate against each opponent over both seat orders
(Wilson 95% intervals), Bradley-Terry strengths with a first-seat term, and the stalls.

The input is one row per ordered pair of bots (the first seat's bot, the second's) with its
games and each side's wins, as simulator/run/ladder.py tabulates a ladder's games. A stalled
game or a draw counts as a game neither bot won. The strengths are a logit of "the first bot
won" on the difference of the two bots' strengths plus the seat advantage, fitted by
statsmodels on the aggregated results.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from avarium.analysis.proportions import wilson


@dataclass(frozen=True)
class LadderTables:
    matches: pd.DataFrame  # one row per (bot, opponent): games, wins, rate, low, high
    ratings: pd.DataFrame  # one row per bot: rating, low, high (the first bot = 0)
    seat_advantage: tuple[float, float, float]  # log-odds for the first seat, with its interval


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


def _fit(pairs: pd.DataFrame, labels: list[str]):
    import statsmodels.api as sm
    from statsmodels.tools.sm_exceptions import PerfectSeparationWarning

    x, y = _design(pairs, labels)
    with warnings.catch_warnings():
        # a bot that never loses (or never wins) a pairing has an unbounded rating; its
        # interval then says so by being very wide, which is the honest answer
        warnings.simplefilter("ignore", PerfectSeparationWarning)
        warnings.simplefilter("ignore", RuntimeWarning)
        return sm.GLM(y, x, family=sm.families.Binomial()).fit()


def ladder_tables(pairs: pd.DataFrame, labels: list[str]) -> LadderTables:
    """Win rates, Bradley-Terry strengths (log-odds; a bot rated d above another beats it
    with probability 1 / (1 + exp(-d)) from an even seat) and the first seat's term."""
    fit = _fit(pairs, labels)
    ci = np.asarray(fit.conf_int(0.05))
    params = np.asarray(fit.params)
    rows = [{"bot": labels[0], "rating": 0.0, "low": 0.0, "high": 0.0}]
    for i, bot in enumerate(labels[1:]):
        rows.append({"bot": bot, "rating": params[i], "low": ci[i, 0], "high": ci[i, 1]})
    ratings = pd.DataFrame(rows).sort_values("rating", ascending=False, ignore_index=True)
    seat = (float(params[-1]), float(ci[-1, 0]), float(ci[-1, 1]))
    return LadderTables(match_table(pairs), ratings, seat)
