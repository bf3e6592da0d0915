"""An example bot in plain Python: try every legal action on a copy and keep the best.

It scores a position from its own seat's point of view: its Merit against the best enemy's,
Reputation as a smaller bonus, and a win or a loss above everything. About thirty lines is all a
custom bot needs; run it with
`avarium play --strategy avarium.strategies.examples.greedy:choose,random`.
"""

from __future__ import annotations

import numpy as np
from avarium.simulator.game.api import Game


def score(game: Game, seat: int) -> float:
    result = game.result()
    if result is not None:
        return 1000.0 if result.winner == seat else -1000.0
    enemies = [p for p in range(game.players) if p != seat and game.alive(p)]
    best_enemy = max((game.merit(p) for p in enemies), default=0)
    return game.merit(seat) - best_enemy + 0.5 * game.rep(seat)


def choose(game: Game, legal: list[int], rng: np.random.Generator) -> int:
    seat = game.current_player()
    scores = []
    for action in legal:
        child = game.clone()
        child.step(action)
        scores.append(score(child, seat))
    best = max(scores)
    ties = [a for a, s in zip(legal, scores, strict=True) if s == best]
    return ties[int(rng.integers(len(ties)))]
