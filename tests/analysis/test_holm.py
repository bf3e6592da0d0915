"""Holm's correction gives statsmodels' numbers, rejections and corrected p-values alike, without
the garbage collection statsmodels runs on every call (analysis/holm.py)."""

from __future__ import annotations

import gc

import numpy as np
import pytest
from avarium.analysis.holm import holm
from statsmodels.stats.multitest import multipletests

FAMILIES = [
    [],
    [0.2],
    [0.0, 1.0, 0.5],
    [0.01, 0.01, 0.04, 0.04, 0.3],  # ties, at the edge of a step
    [0.0125, 0.0125, 0.0125, 0.0125],  # every one exactly at alpha / m
    [0.9, 0.001, 0.02, np.float64(0.6), 0.004],
]


@pytest.mark.parametrize("p", FAMILIES)
@pytest.mark.parametrize("alpha", [0.05, 0.1])
def test_holm_rejects_and_corrects_as_statsmodels_does(p, alpha):
    rejected, corrected = holm(p, alpha)
    expected = multipletests(np.asarray(p, dtype=float), alpha=alpha, method="holm")
    assert rejected.tolist() == expected[0].tolist()
    assert corrected.tolist() == expected[1].tolist()  # the same floats, not merely close


def test_holm_on_random_families_is_statsmodels_number_for_number():
    rng = np.random.default_rng(38)
    for size in rng.integers(1, 60, size=200):
        p = rng.uniform(size=size) ** rng.uniform(1, 8)  # many small, as in a report's families
        p[rng.uniform(size=size) < 0.2] = 1.0
        p[:: rng.integers(2, 6)] = p[0]  # ties
        expected = multipletests(p, alpha=0.05, method="holm")
        rejected, corrected = holm(p)
        assert rejected.tolist() == expected[0].tolist()
        assert corrected.tolist() == expected[1].tolist()


def test_holm_collects_no_garbage(monkeypatch):
    monkeypatch.setattr(gc, "collect", lambda *a: pytest.fail("a full garbage collection"))
    rejected, corrected = holm([0.01, 0.04, 0.5])
    assert rejected.tolist() == [True, False, False] and corrected.tolist() == [0.03, 0.08, 0.5]
