"""A kernel compiles once whatever integers and constants it is called with (engine/_jit.py):
numba would otherwise compile it again for each constant and each int32, each time with all it
calls (zones.move was compiled eleven times in a game loop)."""

from __future__ import annotations

import enum

import numpy as np
import pytest
from avarium.simulator.engine._jit import _compiled, _widened
from numba import config, types

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="nothing is compiled")


class _Side(enum.IntEnum):
    ALLY = 0
    ENEMY = 1


def _add(x, k):
    return x + k


def _caller(x, y):
    return _fresh_add(x, 1) + _fresh_add(x, 2) + _fresh_add(x, y) + _fresh_add(x, _Side.ENEMY)


# Compiled afresh in every pytest run (not cached), so their signatures are this run's.
_fresh_add = _compiled(_add, nrt=False, cache=False)
_fresh_caller = _compiled(_caller, nrt=False, cache=False)


def test_constants_small_integers_and_enum_members_are_compiled_as_int64():
    assert _widened(types.IntegerLiteral(4)) == types.int64
    assert _widened(types.int32) == types.int64
    assert _widened(types.uint8) == types.int64
    assert _widened(types.IntEnumMember(_Side, types.int64)) == types.int64
    assert _widened(types.BooleanLiteral(True)) == types.boolean


def test_arrays_and_floats_keep_their_types():
    tables = types.Array(types.int32, 2, "C")
    assert _widened(tables) == tables
    assert _widened(types.float64) == types.float64


def test_a_kernel_called_with_constants_and_an_int32_compiles_once():
    assert _fresh_caller(np.int64(3), np.int32(4)) == 3 + 1 + 3 + 2 + 3 + 4 + 3 + 1
    assert _fresh_add.signatures == [(types.int64, types.int64)]
