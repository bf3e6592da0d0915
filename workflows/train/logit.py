"""statsmodels' conditional logit, its likelihood summed over the positions at once.

ConditionalLogit computes each group's likelihood and score in a Python recursion over the
group's rows (any number of successes in a group), one group at a time: on 9,600 positions of
two seats, a fit took about 9 s of CPU, nearly all of it in those loops. A noted position has
one winner, and a group with one success has the closed form of the softmax: its likelihood is
exp(x_w b) / sum_r exp(x_r b), its score x_w - sum_r p_r x_r. Those groups are computed here
over every row at once, in the same arithmetic as statsmodels' recursion (the exponentials
summed in the group's row order, no shift); any group with more successes still goes through
statsmodels' own code. Everything else (the optimiser, the numerical Hessian from the score,
the results) is statsmodels'.
"""

from __future__ import annotations

import numpy as np
from statsmodels.discrete.conditional_models import ConditionalLogit


class OneWinnerLogit(ConditionalLogit):
    """ConditionalLogit, the same model and the same fit, faster where a group has one
    success."""

    def __init__(self, endog, exog, **kwargs):
        super().__init__(endog, exog, **kwargs)
        n1 = np.asarray(self._n1)
        self._one = np.flatnonzero(n1 == 1)  # groups in the closed form
        self._rest = np.flatnonzero(n1 != 1)  # groups statsmodels' recursion computes
        sizes = np.asarray(self._groupsize)[self._one]
        self._starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.intp)
        empty = np.empty((0, self.k_params))
        self._rows = np.concatenate([self._exog_grp[g] for g in self._one] or [empty])
        self._won = np.array([self._xy[g] for g in self._one]).reshape(-1, self.k_params)

    def _exb(self, params) -> tuple[np.ndarray, np.ndarray]:
        """Each row's exp(x b), and each one-winner group's sum of them."""
        exb = np.exp(self._rows @ params)
        return exb, np.add.reduceat(exb, self._starts) if len(exb) else exb

    def loglike(self, params):
        params = np.asarray(params, dtype=float)
        by_group = np.empty(self._n_groups)
        if len(self._one):
            _, denom = self._exb(params)
            by_group[self._one] = self._won @ params - np.log(denom)
        for g in self._rest:
            by_group[g] = self.loglike_grp(g, params)
        # summed one group after another, in the groups' order, as statsmodels sums them
        return float(np.cumsum(by_group)[-1]) if self._n_groups else 0.0

    def score(self, params):
        params = np.asarray(params, dtype=float)
        by_group = np.empty((self._n_groups, self.k_params))
        if len(self._one):
            exb, denom = self._exb(params)
            weighted = np.add.reduceat(exb[:, None] * self._rows, self._starts, axis=0)
            by_group[self._one] = self._won - weighted / denom[:, None]
        for g in self._rest:
            by_group[g] = self.score_grp(g, params)
        return np.cumsum(by_group, axis=0)[-1] if self._n_groups else np.zeros(self.k_params)
