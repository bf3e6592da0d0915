"""Bots, registered by name, chosen per seat on the command line.

A bot is a function `choose(game, legal, rng) -> action`: `game` is a `simulator.api.Game`,
`legal` its legal actions (two or more: forced moves are applied without asking), `rng` the
seat's own `numpy.random.Generator` (so a bot's randomness never changes the deal).

Built in: `random` (uniformly random legal actions, the baseline). Anyone's bot in plain Python
is named `module:function` (for example `strategies.examples.greedy:choose`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import numpy as np

from simulator.api import Game

Bot = Callable[[Game, list[int], np.random.Generator], int]


def random_bot(game: Game, legal: list[int], rng: np.random.Generator) -> int:
    """Uniformly random among the legal actions."""
    return legal[int(rng.integers(len(legal)))]


REGISTRY: dict[str, Bot] = {"random": random_bot}


class BotError(ValueError):
    """A bot name that names no bot; the message says what was expected."""


def resolve(spec: str) -> Bot:
    """The bot a name stands for: a registered name, or `module:function`."""
    spec = spec.strip()
    if spec in REGISTRY:
        return REGISTRY[spec]
    if ":" not in spec:
        known = ", ".join(sorted(REGISTRY))
        raise BotError(f'unknown bot "{spec}" (built in: {known}; or module:function)')
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise BotError(f'bot "{spec}": cannot import {module_name} ({exc})') from None
    bot = getattr(module, attr, None)
    if not callable(bot):
        raise BotError(f'bot "{spec}": {module_name} has no function {attr}')
    return bot


def play(game: Game, bots: list[Bot], seed: int = 0) -> Game:
    """Play `game` to its end, each seat with its bot; forced moves are applied directly."""
    rngs = [np.random.default_rng([seed, seat]) for seat in range(game.players)]
    while not game.is_terminal():
        legal = game.legal_actions()
        seat = game.current_player()
        action = legal[0] if len(legal) == 1 else bots[seat](game, legal, rngs[seat])
        game.step(action)
    return game
