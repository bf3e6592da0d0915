"""Shared pieces of the bot tests: the bots under test and one decision taken the way the
compiled batch driver takes it."""

from __future__ import annotations

import numpy as np
from avarium.runner.batch import Chooser
from avarium.simulator.game.api import Game
from avarium.strategies import BotSpec, bot_spec

HEURISTICS = (
    "heuristic.balanced",
    "heuristic.aggressive",
    "heuristic.economic",
    "heuristic.scheming",
)
# Every built-in bot, the lookahead with its smallest budget (it is the slowest by far), and the
# tuned heuristic, which reads the threat features (Win-Con progress and strike of every seat).
ALL_BOTS = ("random", *HEURISTICS, "heuristic.tuned", "lookahead/1")


def spec(name: str) -> BotSpec:
    return bot_spec(name)


def choose(game: Game, bot: str, bot_seed: int = 0, legal: list[int] | None = None) -> int:
    """The action `bot` takes for the deciding seat, from a fresh Chooser (so its stream starts
    where a game's would), checking that choosing leaves the state untouched."""
    legal = game.legal_actions() if legal is None else legal
    assert len(legal) >= 2, "a bot is only asked when there is a choice"
    before = game.state.copy()
    chooser = Chooser(game, [spec(bot)] * game.players, bot_seed)
    action = chooser(game, legal)
    assert np.array_equal(before, game.state), f"{bot} changed the state it chose in"
    assert action in legal, f"{bot} chose {action}, which is not legal"
    return action


def chosen_name(game: Game, bot: str, bot_seed: int = 0) -> str:
    return game.action_name(choose(game, bot, bot_seed))


def names(game: Game) -> list[str]:
    return [game.action_name(a) for a in game.legal_actions()]
