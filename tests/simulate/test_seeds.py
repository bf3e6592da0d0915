"""The vectorised game seeds are exactly numpy's SeedSequence words."""

import numpy as np
from avarium.runner.seeds import MAX_GAME_ID, game_seeds
from hypothesis import given, settings
from hypothesis import strategies as st


def reference(run_seed: int, game_id: int) -> tuple[int, int]:
    words = np.random.SeedSequence(run_seed, spawn_key=(game_id,)).generate_state(2, np.uint32)
    return int(words[0]), int(words[1])


@settings(max_examples=200, deadline=None)
@given(
    run_seed=st.one_of(st.integers(0, 100), st.integers(0, 2**64)),
    game_ids=st.lists(st.integers(0, MAX_GAME_ID), min_size=1, max_size=20),
)
def test_game_seeds_equal_numpy_seed_sequence(run_seed, game_ids):
    deal, bots = game_seeds(run_seed, np.array(game_ids))
    got = list(zip(deal.tolist(), bots.tolist(), strict=True))
    assert got == [reference(run_seed, g) for g in game_ids]


def test_game_seeds_are_uint32_and_depend_on_the_game_only():
    deal, bots = game_seeds(7, np.arange(1000, 1010))
    assert deal.dtype == bots.dtype == np.uint32
    alone, _ = game_seeds(7, np.array([1005]))
    assert alone[0] == deal[5]
