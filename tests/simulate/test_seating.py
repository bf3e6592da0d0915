"""Who sits where: every seating in turn, or a balanced draw; a function of the game id alone."""

import itertools
from dataclasses import replace

import numpy as np
import pytest
from avarium.runner.seating import every_seating, seat_idols

from tests.simulate.conftest import small


@pytest.mark.parametrize(
    ("players", "pool", "mirrors"), [(2, 8, False), (3, 5, False), (2, 4, True)]
)
def test_every_seating_lists_each_ordered_seating_once(players, pool, mirrors):
    rows = every_seating(players, pool, mirrors)
    expected = (
        itertools.product(range(pool), repeat=players)
        if mirrors
        else itertools.permutations(range(pool), players)
    )
    assert sorted(map(tuple, rows.tolist())) == sorted(expected)


def test_every_block_of_pool_size_games_seats_each_idol_once_per_seat():
    rows = every_seating(3, 5, False)
    for block in rows.reshape(-1, 5, 3):
        for seat in range(3):
            assert sorted(block[:, seat]) == list(range(5))


@pytest.mark.parametrize("mirrors", [False, True])
def test_balanced_draw_seats_each_idol_once_per_seat_per_block(mirrors):
    variant = replace(small(players=3).variants[0], seating="balanced", mirrors=mirrors)
    k = len(variant.idols)
    seats = seat_idols(variant, 5, 0, 10 * k)
    for block in seats.reshape(10, k, 3):
        for seat in range(3):
            assert sorted(block[:, seat]) == list(range(k))
        if not mirrors:
            assert all(len(set(game)) == 3 for game in block.tolist())


@pytest.mark.parametrize("seating", ["all", "balanced"])
def test_any_stretch_of_games_gets_the_seats_of_the_whole_run(seating):
    variant = replace(small(players=3).variants[0], seating=seating)
    whole = seat_idols(variant, 9, 0, 200)
    assert np.array_equal(seat_idols(variant, 9, 37, 151), whole[37:151])


def test_balanced_draws_differ_between_seeds():
    variant = replace(small(players=3).variants[0], seating="balanced")
    a = seat_idols(variant, 1, 0, 64)
    assert not np.array_equal(a, seat_idols(variant, 2, 0, 64))
