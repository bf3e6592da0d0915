"""The learned evaluation's fit: a conditional logit of who won on every seat's features.

Each noted position is a group of the seats still in the game; the model gives seat q the
chance exp(s_q) / sum_r exp(s_r), s_q the coefficients times q's features, and is fitted by
maximum likelihood to which seat won (statsmodels' ConditionalLogit: the likelihood of exactly
this model, written and tested by others, where a plain logistic regression would need the
positions' seats paired by hand and could not take three or four seats; its one-winner positions
are summed all at once, logit.py). The last fifth of the games (by game number) is held out:
their positions' log-loss and accuracy (the seat given the best chance won) are the model's
measured worth, against the even chance's log-loss.

Each Idol gets a term of its own in the fit (how much more often it wins from the same features):
without it the features take the Idols' strength for theirs (a high starting Merit would count
against a seat because the Idols that start high win less). The bots play with the features'
coefficients alone: an Idol's term is the same at the decision and after it, so it cannot tell
one action from another.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from avarium.workflows.train.logit import OneWinnerLogit
from avarium.workflows.train.selfplay import FEATURES

HELD_OUT = 5  # one game in five is held out (game number % 5 == 4)
# A coefficient past this (a unit of a feature multiplying the odds by e**30) is a fit running off
# to infinity, not a measurement.
MAX_COEFFICIENT = 30.0


@dataclass(frozen=True)
class ValueFit:
    """A fitted value model and how well it predicts held-out games."""

    players: int
    coefficients: dict[str, float]  # by feature
    idols: dict[str, float]  # each Idol's term, the first Idol's 0
    games: int  # games fitted to (held out not counted)
    positions: int
    held_out_games: int
    log_loss: float  # per held-out position, natural log
    even_log_loss: float  # the same with every seat given the same chance
    accuracy: float  # held-out positions whose best-rated seat won

    def chances(self, table: pd.DataFrame) -> np.ndarray:
        """Each row's chance to win by this model, Idol terms included (rows of the same
        position sum to 1)."""
        beta = np.array([self.coefficients[f] for f in FEATURES])
        return _chances(table, beta, np.array([self.idols.get(i, 0.0) for i in table["idol"]]))


def _positions(table: pd.DataFrame) -> pd.Series:
    return table["game"].astype(np.int64) * 1000 + table["turn"].astype(np.int64)


def _chances(table: pd.DataFrame, beta: np.ndarray, idol_terms: np.ndarray) -> np.ndarray:
    score = table[list(FEATURES)].to_numpy(np.float64) @ beta + idol_terms
    group = _positions(table).to_numpy()
    best = pd.Series(score).groupby(group).transform("max").to_numpy()
    e = np.exp(score - best)
    return e / pd.Series(e).groupby(group).transform("sum").to_numpy()


def fit_value(table: pd.DataFrame, players: int) -> ValueFit:
    """Fit the model to a positions table (selfplay.play_positions's) of `players`-seat games.
    A feature that never varies within a position gets 0 (it cannot tell seats apart)."""
    # in one order whatever order the rows came in: the same positions, the same model, bit for bit
    table = table.sort_values(["game", "turn", "seat"], kind="stable").reset_index(drop=True)
    held = (table["game"] % HELD_OUT) == HELD_OUT - 1
    train, test = table[~held], table[held]
    if train.empty or test.empty:
        raise ValueError("too few games to fit and test a value model (at least 5 with a winner)")
    group = _positions(train)
    x = pd.concat(
        [train[list(FEATURES)], pd.get_dummies(train["idol"], drop_first=True, dtype=float)],
        axis=1,
    )
    varies = [c for c in x.columns if (x[c] - x[c].groupby(group).transform("mean")).abs().max()]
    model = OneWinnerLogit(train["won"].to_numpy(), x[varies].to_numpy(), groups=group)
    with warnings.catch_warnings():  # statsmodels' warnings become the one error below
        warnings.simplefilter("ignore")
        try:
            result = model.fit(method="bfgs", maxiter=1000, disp=False)
            # diverging coefficients (no peak) have no finite standard errors, or run off
            converged = bool(
                np.isfinite(result.bse).all() and np.abs(result.params).max() < MAX_COEFFICIENT
            )
        except (ValueError, np.linalg.LinAlgError):  # no covariance: a likelihood with no peak
            converged = False
    if not converged:
        raise ValueError(
            f"games: the value could not be fitted to {train['game'].nunique():,} games (the "
            "likelihood has no finite peak: some Idol or feature always wins or always loses "
            "in so few games); play more self-play games"
        )
    fitted = dict(zip(varies, (float(b) for b in result.params), strict=True))
    coefficients = {f: fitted.get(f, 0.0) for f in FEATURES}
    idols = {i: fitted.get(i, 0.0) for i in sorted(table["idol"].unique())}
    beta = np.array([coefficients[f] for f in FEATURES])
    chance = _chances(test, beta, np.array([idols.get(i, 0.0) for i in test["idol"]]))
    won = test["won"].to_numpy() == 1
    seats = test.groupby(_positions(test))["seat"].transform("size").to_numpy()
    best = pd.Series(chance).groupby(_positions(test).to_numpy()).transform("max").to_numpy()
    return ValueFit(
        players=players,
        coefficients=coefficients,
        idols=idols,
        games=int(train["game"].nunique()),
        positions=int(group.nunique()),
        held_out_games=int(test["game"].nunique()),
        log_loss=float(-np.log(chance[won]).mean()),
        even_log_loss=float(np.log(seats[won]).mean()),
        accuracy=float((chance[won] >= best[won]).mean()),
    )
