"""Holm's step-down correction, statsmodels' `multipletests(method="holm")`, called with the
heap frozen.

statsmodels ends its Holm branch with a full `gc.collect()`, which walks every object the
process holds: about 0.12 s in a report's process (pandas, matplotlib, statsmodels and the
engine imported: some 230,000 objects) and more in a long-lived one, such as a notebook or a
test worker, where it came to a third of the report tests' CPU (docs/performance.md, "The
statistics' garbage collections"). A report calls it a few times per table. `gc.freeze()` moves
every object alive now out of the collector's sight, so that collection only looks at what is
new, and `gc.unfreeze()` gives them back: both are a constant-time list move in CPython. The
figures are statsmodels' own, unchanged."""

from __future__ import annotations

import gc

import numpy as np
from avarium.analysis.proportions import ALPHA
from statsmodels.stats.multitest import multipletests


def holm(p, alpha: float = ALPHA) -> tuple[np.ndarray, np.ndarray]:
    """Which hypotheses Holm rejects at family level `alpha`, and the Holm-adjusted p-values,
    in the order given."""
    p = np.asarray(p, dtype=float)
    if len(p) == 0:
        return np.zeros(0, dtype=bool), np.zeros(0)
    # A caller that froze its heap itself keeps it frozen: the collection is small already.
    freezing = gc.get_freeze_count() == 0
    if freezing:
        gc.freeze()
    try:
        reject, adjusted, _, _ = multipletests(p, alpha=alpha, method="holm")
    finally:
        if freezing:
            gc.unfreeze()
    return reject, adjusted
