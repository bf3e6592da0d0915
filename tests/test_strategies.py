"""Bots by name, custom bots in plain Python, and the example bot of the docs."""

from __future__ import annotations

import pytest

from simulator.api import new_game
from simulator.scenario import scenario
from strategies import BotError, play, random_bot, resolve
from strategies.examples import greedy


def test_bots_are_found_by_name_or_module_function():
    assert resolve("random") is random_bot
    assert resolve("strategies.examples.greedy:choose") is greedy.choose


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", 'unknown bot "wizard"'),
        ("no_such_module:choose", "cannot import no_such_module"),
        ("strategies.examples.greedy:nothing", "has no function nothing"),
    ],
)
def test_an_unknown_bot_is_a_clear_error(spec, message):
    with pytest.raises(BotError, match=message):
        resolve(spec)


def test_the_same_seed_gives_the_same_game_with_random_bots(bundled):
    a = play(new_game(bundled, ["touka", "raj"], seed=4), [random_bot, random_bot], seed=4)
    b = play(new_game(bundled, ["touka", "raj"], seed=4), [random_bot, random_bot], seed=4)
    assert a.history == b.history and a.result() == b.result()


def test_the_example_bot_takes_the_merit_when_it_is_free(bundled):
    g = scenario(
        """
        p0: idol raj | merit 10 | class record o matic
        p1: idol amyba
        """,
        bundled,
    )
    import numpy as np

    action = greedy.choose(g, g.legal_actions(), np.random.default_rng(0))
    assert g.action_name(action).startswith("activate Record-O-Matic")


def test_the_example_bot_plays_whole_games(bundled):
    g = play(new_game(bundled, ["touka", "raj"], seed=2), [greedy.choose, random_bot], seed=2)
    assert g.result() is not None
