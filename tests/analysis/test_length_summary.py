"""A length summary from counts per length gives statsmodels' weighted mean, standard deviation
and quantiles (DescrStatsW) number for number (analysis/length.py computes them itself)."""

from __future__ import annotations

import numpy as np
import pytest
from avarium.analysis.length import QUANTILES, _summary
from statsmodels.stats.weightstats import DescrStatsW


def described(values, counts) -> dict:
    stats = DescrStatsW(values.astype(float), weights=counts.astype(float))
    q = stats.quantile(np.array(QUANTILES), return_pandas=False)
    keys = ("q05", "q25", "median", "q75", "q95")
    return {"mean": float(stats.mean), "sd": float(stats.std)} | dict(zip(keys, q, strict=True))


@pytest.mark.parametrize(
    ("values", "counts"),
    [
        ([12], [7]),
        ([8, 9], [1, 1]),  # the median lands exactly between two lengths
        ([5, 10, 15, 20], [5, 15, 5, 15]),  # quartiles land exactly on a cumulative count
        ([3, 4, 5, 6, 7, 40], [1, 2, 50, 2, 1, 1]),
    ],
)
def test_a_length_summary_is_statsmodels_weighted_statistics(values, counts):
    values, counts = np.array(values), np.array(counts)
    summary = _summary(values, counts)
    for key, expected in described(values, counts).items():
        assert summary[key] == expected, key  # the same float, not merely close
    assert summary["games"] == counts.sum() and summary["max"] == values.max()


def test_length_summaries_of_random_counts_are_statsmodels_number_for_number():
    rng = np.random.default_rng(38)
    for _ in range(300):
        lengths = np.unique(rng.integers(1, 60, size=rng.integers(1, 30)))
        counts = rng.integers(1, 400, size=len(lengths)) * rng.integers(0, 2, size=len(lengths))
        counts[rng.integers(len(lengths))] += 1  # at least one game
        kept = counts > 0  # as the summaries keep them: lengths some game had
        summary = _summary(lengths[kept], counts[kept])
        for key, expected in described(lengths[kept], counts[kept]).items():
            assert summary[key] == expected, key
