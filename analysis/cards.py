"""Per-card impact of Students and Schemes, from the cards/ count tables.

For a Student: the win rate of seats that recruited it against seats that saw it in the
Courtyard on their turn and left it; for a Scheme: seats that played it against seats that drew
it and did not play it. Pick rate (Students) and play rate (Schemes) are taken / offered.

This is correlational, like every "win rate when drawn" figure: a card taken mostly by seats that
are already winning looks better than it is. The difference says where to look, not why.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from avarium.analysis.proportions import ALPHA, wilson
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import confint_proportions_2indep, test_proportions_2indep

COUNTS = ["offered", "offered_won", "taken", "taken_won"]


def card_impact(cards: pd.DataFrame, by: tuple[str, ...] = ("players",)) -> pd.DataFrame:
    """Per card (and `by` keys): counts, pick rate, win rate taken and left, their difference
    (taken minus left) with a 95% Newcombe interval, the score test's p-value and a screening
    flag (Benjamini-Hochberg, false discovery rate 5%, over all cards of the table)."""
    keys = [*by, "card", "kind"]
    out = cards.groupby(keys, observed=True)[COUNTS].sum().reset_index()
    out = out[out["offered"] > 0].reset_index(drop=True)
    taken, taken_won = out["taken"].to_numpy(float), out["taken_won"].to_numpy(float)
    left = out["offered"].to_numpy(float) - taken
    left_won = out["offered_won"].to_numpy(float) - taken_won
    out["left"], out["left_won"] = left.astype(np.int64), left_won.astype(np.int64)
    out["pick_rate"] = taken / out["offered"].to_numpy(float)
    out["pick_lo"], out["pick_hi"] = wilson(taken, out["offered"])
    with np.errstate(invalid="ignore", divide="ignore"):
        out["win_taken"] = np.where(taken > 0, taken_won / np.maximum(taken, 1), np.nan)
        out["win_left"] = np.where(left > 0, left_won / np.maximum(left, 1), np.nan)
    out["taken_lo"], out["taken_hi"] = wilson(taken_won, taken)
    out["left_lo"], out["left_hi"] = wilson(left_won, left)
    out["diff"] = out["win_taken"] - out["win_left"]
    both = (taken > 0) & (left > 0)
    lo = np.full(len(out), np.nan)
    hi = np.full(len(out), np.nan)
    p = np.full(len(out), np.nan)
    if both.any():
        lo[both], hi[both] = confint_proportions_2indep(
            taken_won[both], taken[both], left_won[both], left[both], method="newcomb"
        )
        with np.errstate(invalid="ignore", divide="ignore"):
            p[both] = test_proportions_2indep(
                taken_won[both], taken[both], left_won[both], left[both], method="score"
            ).pvalue
    out["diff_lo"], out["diff_hi"], out["p"] = lo, hi, p
    tested = np.isfinite(p)
    out["flagged"] = False
    out["p_adjusted"] = np.nan
    if tested.any():
        reject, adjusted, _, _ = multipletests(p[tested], alpha=ALPHA, method="fdr_bh")
        out.loc[tested, "flagged"] = reject
        out.loc[tested, "p_adjusted"] = adjusted
    return out
