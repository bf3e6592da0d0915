"""The engine's kernels are compiled without Python's wraparound of negative indexes, and only
they (simulator/engine/_indexing.py): a test's, a notebook's or numba's own kernels still count a
negative index from the end of the array.

Each probe reads index -1 of a view that starts one element into its array: counted from the
end, it reads the view's last element; taken as it is, the element just before the view (the
array's first), which is memory the array owns, so the probe is safe either way.
"""

from __future__ import annotations

import numpy as np
import pytest
from avarium.simulator.engine import _indexing
from numba import config, njit

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="nothing is compiled")


def probe(module: str):
    """`a[i]` compiled as a function of `module` (numba names the function after it)."""
    fn = lambda a, i: a[i]  # noqa: E731 (a fresh function for each module)
    fn.__module__ = module
    return njit(fn)


BASE = np.array([7, 1, 2, 3], np.int64)


def test_the_hook_is_installed_on_this_numba():
    assert _indexing.ACTIVE


def test_a_kernel_of_the_package_takes_a_negative_index_as_it_is():
    assert probe("avarium.simulator.engine.probe")(BASE[1:], -1) == 7


def test_a_kernel_outside_the_package_counts_a_negative_index_from_the_end():
    assert probe("tests.probe")(BASE[1:], -1) == 3
    assert probe("avariumish.probe")(BASE[1:], -1) == 3
