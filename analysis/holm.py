"""Holm's step-down correction of a family of p-values: the one every Holm-corrected table uses
(early wins, tiers further apart than the band, settled with skill, a comparison's verdicts).

It gives statsmodels' `multipletests(p, alpha, method="holm")` numbers, rejections and corrected
p-values alike (tests/analysis/test_holm.py), without the full garbage collection that statsmodels
runs at the end of every Holm call (stats/multitest.py): 0.15 to 0.3 s each in a process holding a
report's libraries and data, and a tiered report corrects five families (docs/performance.md,
"CI time")."""

from __future__ import annotations

import numpy as np
from avarium.analysis.proportions import ALPHA


def holm(p, alpha: float = ALPHA) -> tuple[np.ndarray, np.ndarray]:
    """Which p-values are rejected at family-wise error `alpha`, and each one corrected (capped
    at 1), in the order given: the smallest times m, the next times m - 1, ..., never below the
    one before; the rejections stop at the first that is not."""
    p = np.asarray(p, dtype=float)
    order = np.argsort(p)
    ranked = p[order]
    steps = np.arange(len(p), 0, -1)
    kept = ranked > alpha / steps
    first_kept = np.flatnonzero(kept)
    kept[first_kept[0] if first_kept.size else len(p) :] = True
    corrected = np.maximum.accumulate(ranked * steps)
    corrected[corrected > 1] = 1
    rejected, adjusted = np.empty(len(p), dtype=bool), np.empty_like(corrected)
    rejected[order], adjusted[order] = ~kept, corrected
    return rejected, adjusted
