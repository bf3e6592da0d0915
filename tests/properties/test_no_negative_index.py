"""The engine and the bots never index an array from its end (a[-1]): their kernels are compiled
without Python's wraparound (simulator/engine/_indexing.py), so a negative index there would read
outside the array instead of counting from the end.

Plain Python only: the games are played with every array the game loop reads (the state, the
card tables, the card worths, the weights, the scratch arrays) as an array that refuses a
negative integer index, which compiled code cannot see.
"""

from __future__ import annotations

import os

import avarium.runner.batch as batch
import avarium.strategies.drivers as drivers
import numpy as np
import pytest
from avarium.runner.batch import play_chunk
from avarium.simulator.game.api import Rules

pytestmark = pytest.mark.skipif(
    "NUMBA_DISABLE_JIT" not in os.environ, reason="watches every index: plain Python only"
)


class NegativeIndex(IndexError):
    pass


def _refuse_negative(key) -> None:
    for k in key if isinstance(key, tuple) else (key,):
        if isinstance(k, int | np.integer) and k < 0:
            raise NegativeIndex(f"index {key} counts from the end of the array")


class FromTheStartOnly(np.ndarray):
    """An array whose integer indexes must not be negative."""

    def __getitem__(self, key):
        _refuse_negative(key)
        return super().__getitem__(key)

    def __setitem__(self, key, value):
        _refuse_negative(key)
        super().__setitem__(key, value)


def watched(x):
    if isinstance(x, np.ndarray):
        return x.view(FromTheStartOnly)
    if isinstance(x, tuple):
        return tuple(watched(v) for v in x)
    return x


def play_watched(cards, bots: list[str], games: int, seed: int, monkeypatch) -> np.ndarray:
    """Play `games` games with every array of the game loop watched; returns the game rows."""
    real_play, real_quick, real_search = (
        batch.play_games, drivers.quick_scratch, drivers.search_scratch
    )  # fmt: skip
    monkeypatch.setattr(batch, "play_games", lambda *args: real_play(*watched(args)))
    monkeypatch.setattr(drivers, "quick_scratch", lambda st, tb: watched(real_quick(st, tb)))
    monkeypatch.setattr(drivers, "search_scratch", lambda st, tb: watched(real_search(st, tb)))
    players = len(bots)
    rng = np.random.default_rng(seed)
    idols = np.array([rng.permutation(len(cards.idols))[:players] for _ in range(games)], np.int32)
    idols = np.array([[cards.index[cards.idols[i].id] for i in row] for row in idols], np.int32)
    seeds = rng.integers(1, 2**32, (2, games))
    rules = Rules()
    result = play_chunk(cards, rules, players, idols, bots, seeds[0], seeds[1],
                        rules.seat_bonus(players))  # fmt: skip
    monkeypatch.undo()
    return result.game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_players_games_never_index_from_the_end(bundled, players, monkeypatch):
    game = play_watched(bundled, ["random"] * players, 4, 10 + players, monkeypatch)
    assert (game[:, 4] > 0).all()  # every game was played to its end, decisions and all


@pytest.mark.parametrize("bot", ["heuristic", "heuristic.tuned"])
def test_heuristic_games_never_index_from_the_end(bundled, bot, monkeypatch):
    game = play_watched(bundled, [bot, bot], 3, 20, monkeypatch)
    assert (game[:, 4] > 0).all()


def test_a_search_bots_game_never_indexes_from_the_end(bundled, monkeypatch):
    # the search plays the lookahead's determinisation, copies and playouts too; one game of
    # it watched costs about 13 s of CPU, so one
    game = play_watched(bundled, ["mcts/1", "heuristic"], 1, 30, monkeypatch)
    assert (game[:, 4] > 0).all()


def test_a_negative_index_is_caught():
    # the watch itself: an engine that read a[-1] would fail the tests above
    with pytest.raises(NegativeIndex):
        watched(np.zeros((3, 2)))[-1, 0]
    with pytest.raises(NegativeIndex):
        watched(np.zeros(3))[-2] = 1
