"""Holm's correction is statsmodels' own, run with the heap frozen so that the full garbage
collection statsmodels ends it with walks only what is new (analysis/holm.py)."""

from __future__ import annotations

import gc

from avarium.analysis import holm as holm_module
from avarium.analysis.holm import holm
from hypothesis import given
from hypothesis import strategies as st
from statsmodels.stats.multitest import multipletests

P_VALUES = st.lists(st.floats(0.0, 1.0), min_size=1, max_size=40)


@given(P_VALUES, st.sampled_from([0.01, 0.05, 0.1]))
def test_holm_gives_statsmodels_figures_exactly(p, alpha):
    gc.freeze()  # statsmodels called directly collects too: a walk of this worker's whole heap
    try:
        reject, adjusted = holm(p, alpha)
        expected_reject, expected_adjusted, _, _ = multipletests(p, alpha=alpha, method="holm")
    finally:
        gc.unfreeze()
    assert reject.tolist() == expected_reject.tolist()
    assert adjusted.tolist() == expected_adjusted.tolist()


def test_no_p_values_reject_nothing():
    reject, adjusted = holm([])
    assert reject.shape == adjusted.shape == (0,)


def test_the_collection_inside_sees_only_new_objects_and_the_heap_is_given_back(monkeypatch):
    frozen_inside = []

    def recording(*args, **kwargs):
        frozen_inside.append(gc.get_freeze_count())
        return multipletests(*args, **kwargs)

    monkeypatch.setattr(holm_module, "multipletests", recording)
    assert gc.get_freeze_count() == 0
    holm([0.01, 0.2, 0.03])
    assert frozen_inside[0] > 0  # the objects alive before the call were out of its sight
    assert gc.get_freeze_count() == 0  # and are back in the collector's after it


def test_a_heap_the_caller_froze_stays_frozen():
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        holm([0.01, 0.2])
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
