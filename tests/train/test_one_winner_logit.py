"""The value's fit sums its one-winner positions at once (workflows/train/logit.py): the same
likelihood, score and fitted model as statsmodels' ConditionalLogit, which computes them one
position at a time; a position without a winner and a tie of two seats of three included (the
tie goes through statsmodels' own code)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from avarium.workflows.train.logit import OneWinnerLogit
from statsmodels.discrete.conditional_models import ConditionalLogit

from tests.train.test_value_fit import planted_positions

FEATURES = ["board", "wincon", "merit"]


def both_models(players: int):
    table = planted_positions(players, 300, seed=players)
    table.loc[table.index[:players], "won"] = 0  # the first position: nobody won
    if players == 3:
        table.loc[table.index[3:6], "won"] = [1, 1, 0]  # the second: two seats tied
    group = (table["game"] * 1000 + table["turn"]).to_numpy()
    args = (table["won"].to_numpy(), table[FEATURES].to_numpy())
    with warnings.catch_warnings():  # statsmodels says it drops the position nobody won
        warnings.simplefilter("ignore")
        return ConditionalLogit(*args, groups=group), OneWinnerLogit(*args, groups=group)


@pytest.mark.parametrize("players", [2, 3])
def test_the_likelihood_and_score_are_statsmodels_own(players):
    statsmodels, ours = both_models(players)
    assert statsmodels._n_groups == ours._n_groups and len(ours._rest) == (players == 3)
    for params in np.random.default_rng(players).normal(scale=0.5, size=(4, len(FEATURES))):
        assert ours.loglike(params) == pytest.approx(statsmodels.loglike(params), rel=1e-12)
        assert ours.score(params) == pytest.approx(statsmodels.score(params), rel=1e-9, abs=1e-9)


def test_the_fit_is_statsmodels_own():
    statsmodels, ours = both_models(3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = statsmodels.fit(method="bfgs", maxiter=1000, disp=False)
        fitted = ours.fit(method="bfgs", maxiter=1000, disp=False)
    assert fitted.params == pytest.approx(expected.params, abs=1e-9)
    assert fitted.bse == pytest.approx(expected.bse, rel=1e-6)
