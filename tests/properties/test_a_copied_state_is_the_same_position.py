"""A search bot plays each playout on a copy of the position (engine/state.py, copy_state: one
memcpy compiled, numpy's copy as plain Python): the copy is the very position, and playing on
it leaves the position alone."""

from __future__ import annotations

import numpy as np
import pytest
from avarium.simulator.engine.state import copy_state
from avarium.simulator.engine.step import step
from avarium.simulator.game.api import new_game
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit


@njit
def copied(dst, src):
    copy_state(dst, src)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 120), players=st.sampled_from([2, 4]))
def test_a_copy_is_the_position_and_playing_on_it_leaves_the_position_alone(
    bundled, seed, steps, players
):
    idols = [idol.id for idol in bundled.idols][:players]
    game = new_game(bundled, idols=idols, seed=seed)
    for _ in range(steps):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        game.step(legal[seed % len(legal)])
    position = game.state.copy()
    scratch = np.full_like(game.state, -7)  # whatever an earlier playout left in it
    copied(scratch, game.state)
    assert np.array_equal(scratch, position)
    if not game.is_terminal():  # a playout plays on its copy...
        step(scratch, game.tables, np.int64(game.legal_actions()[0]))
        assert not np.array_equal(scratch, position)
    assert np.array_equal(game.state, position)  # ...and never on the position


@pytest.mark.parametrize("shape", ["a row short", "transposed"])
def test_a_state_of_another_shape_is_refused(bundled, shape):
    state = new_game(bundled, seed=1).state
    rows, columns = state.shape
    other = (rows - 1, columns) if shape == "a row short" else (columns, rows)
    with pytest.raises(ValueError):
        copied(np.empty(other, np.int64), state)
