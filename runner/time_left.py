"""How long a run has left, each game weighed by what a game of its variant costs.

A tiered run plays its cheap tiers first (chunks go in game order, tiers weakest first) and a
search game costs hundreds of heuristic games, so a time left read from games per second says
seconds while the search tier's hours are still ahead. Here every variant's remaining games are
weighed by its cost a game: measured from its own chunks as they come back (the seconds a
worker spent on each), and, until the first of them does, guessed from the bot kind's measured
cost (GAME_COST). The work left, in worker-seconds, is turned into wall-clock time by how many
worker-seconds the run has been getting per second (the workers in parallel, on a busy machine
or not), counted from when the first chunk timed began: not from the run's start, which a
compile or the engine's warm-up can precede by many seconds of no games at all.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

# A game's cost by the bots in its seats, relative to a heuristic game (0.22 ms on one core),
# from the figures of docs/performance.md: random players 129 decisions at 892,000 a second,
# lookahead 8.8 ms, the search bot 92 ms. A Python bot is timed by the function it names, which
# nothing here can know: it counts as a search bot (the slowest kind measured) until its first
# chunk is timed, so the estimate errs long rather than short.
GAME_COST = {"random": 0.66, "heuristic": 1.0, "lookahead": 40.0, "mcts": 420.0, "python": 420.0}
# The search bot's cost above is `mcts/20`'s. Its iterations are its playouts, and playouts are
# nearly all of its time (`mcts/5` costs about a quarter of `mcts/20`, docs/bots.md), so
# another budget scales the part above a heuristic game's.
MEASURED_ITERATIONS = 20


def seat_cost(bot: str) -> float:
    """The guessed cost of a game with this bot in every seat (GAME_COST's units)."""
    from avarium.strategies import bot_kind  # the bots load the engine: lazily

    kind = bot_kind(bot)
    cost = GAME_COST.get(kind, GAME_COST["python"])
    budget = bot.strip().partition("/")[2]
    if kind == "mcts" and budget.isdigit():
        search = cost - GAME_COST["heuristic"]
        cost = GAME_COST["heuristic"] + search * int(budget) / MEASURED_ITERATIONS
    return cost


def guessed_cost(bots: Sequence[str]) -> float:
    """A game's guessed cost for bots in these seats: the mean of the seats' costs (a seat
    moves on its own turns only)."""
    return sum(seat_cost(b) for b in bots) / len(bots)


def seconds_left(
    left: Sequence[int],
    guessed: Sequence[float],
    spent: Sequence[float],
    timed: Sequence[int],
    elapsed: float,
) -> float | None:
    """Wall-clock seconds until the run's end, for each variant's games `left`, its `guessed`
    cost a game (GAME_COST's units), the worker-seconds `spent` on its `timed` games since the
    estimate began and the wall-clock seconds `elapsed` since then. None before any game is
    timed: nothing yet says how fast this machine plays."""
    worked = sum(spent)
    if worked <= 0 or elapsed <= 0 or not any(timed):
        return None
    # Seconds per unit of guessed cost, over the variants timed: what an untimed variant's
    # guess is scaled by.
    unit = worked / sum(g * n for g, n in zip(guessed, timed, strict=True))
    work = sum(
        n * (s / t if t else g * unit)
        for n, g, s, t in zip(left, guessed, spent, timed, strict=True)
    )
    return work * elapsed / worked


@dataclass
class TimeLeft:
    """The time left of a run, fed with its Progress events and the wall clock at each. An event
    that carries no chunk timings (a workflow's own steps) is estimated by games alone."""

    started: float | None = None
    games_at_start: int = 0
    spent: list[float] = field(default_factory=list)
    timed: list[int] = field(default_factory=list)
    began: float = math.inf  # when the first chunk timed began: its arrival less its seconds

    def __call__(self, event, now: float) -> float | None:
        if self.started is None:
            self.started, self.games_at_start = now, event.games_done
            self.spent, self.timed = [0.0] * len(event.left), [0] * len(event.left)
        if not event.left:
            played = event.games_done - self.games_at_start
            if played <= 0:
                return None
            return (event.games_total - event.games_done) * (now - self.started) / played
        if event.chunk is not None:
            self.spent[event.chunk.variant] += event.seconds
            self.timed[event.chunk.variant] += event.chunk.games
            self.began = min(self.began, now - event.seconds)
        return seconds_left(event.left, event.guessed, self.spent, self.timed, now - self.began)


def clock(seconds: float | None) -> str:
    """Seconds as the bar shows them: 1:02:03, or -:--:-- when not yet known."""
    if seconds is None:
        return "-:--:--"
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"
