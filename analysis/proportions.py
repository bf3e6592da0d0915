"""Win counts to rates with Wilson intervals: the one place every table gets its intervals."""

from __future__ import annotations

import numpy as np
import pandas as pd
from statsmodels.stats.proportion import proportion_confint

# Every interval in the reports is a 95% interval unless a column says otherwise.
ALPHA = 0.05


def wilson(count, nobs, alpha: float = ALPHA) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval, vectorised; an empty cell (nobs 0) gets the interval [nan, nan].

    statsmodels' default method is "normal", which gives [0, 0] for 0 wins; Wilson keeps its
    coverage near 95% even for rates near 0 or 1 and small counts.
    """
    count = np.asarray(count, dtype=float)
    nobs = np.asarray(nobs, dtype=float)
    safe = np.where(nobs > 0, nobs, 1.0)
    k = np.minimum(count, safe)
    lo, hi = proportion_confint(k, safe, alpha=alpha, method="wilson")
    # At 0 or all wins the formula's end lands a rounding error off the estimate (2.8e-17 above
    # 0%, 1.1e-16 below 100%); the interval always holds its estimate.
    rate = k / safe
    lo, hi = np.minimum(lo, rate), np.maximum(hi, rate)
    empty = nobs <= 0
    return np.where(empty, np.nan, lo), np.where(empty, np.nan, hi)


def rate_table(frame: pd.DataFrame, wins: str = "wins", games: str = "games") -> pd.DataFrame:
    """Add `rate`, `lo` and `hi` (95% Wilson) to a frame holding win and game counts."""
    out = frame.copy()
    n = out[games].to_numpy(dtype=float)
    k = out[wins].to_numpy(dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["rate"] = np.where(n > 0, k / np.where(n > 0, n, 1), np.nan)
    out["lo"], out["hi"] = wilson(k, n)
    return out


def fair_share(players) -> np.ndarray:
    """The win rate every seat and Idol would have in a perfectly balanced game: 1/N."""
    return 1.0 / np.asarray(players, dtype=float)
