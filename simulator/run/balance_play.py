"""Playing a balance search's candidates: each candidate is a variant of one experiment (the
starting set with the candidate's overrides and seat bonus), and a step of the search plays a
range of its games, say games 280 to 839, on top of those it already played.

Common random numbers: game k of every candidate is dealt and seated alike (the worker seeds a
game by its place in its variant), so two candidates differ only by what they change, and a
candidate's games 0-279 are the same deals whether it was played in one step or three.

What comes back is counts, never the games: per Idol and per seat, games and wins.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from avarium.simulator.run.worker import Chunk, Played, Task

# Games per task: a few seconds of heuristic play, small enough for two workers to share a step.
TASK_GAMES = 2_000


@dataclass(frozen=True)
class Counts:
    """A candidate's results over its first `games` games (a range, once added up)."""

    games: int
    idol_games: tuple[int, ...]  # per Idol of the pool, in pool order
    idol_wins: tuple[int, ...]
    seat_games: tuple[int, ...]  # per seat
    seat_wins: tuple[int, ...]

    def __add__(self, other: Counts) -> Counts:
        def add(a, b):
            return tuple(int(x + y) for x, y in zip(a, b, strict=True))

        return Counts(
            self.games + other.games,
            add(self.idol_games, other.idol_games),
            add(self.idol_wins, other.idol_wins),
            add(self.seat_games, other.seat_games),
            add(self.seat_wins, other.seat_wins),
        )

    def as_dict(self) -> dict:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in vars(self).items()}

    @classmethod
    def from_dict(cls, d: dict) -> Counts:
        keys = ("idol_games", "idol_wins", "seat_games", "seat_wins")
        return cls(int(d["games"]), *(tuple(int(x) for x in d[k]) for k in keys))


def count(played: Played, pool: int, players: int) -> Counts:
    """A played chunk's games and wins per Idol (position in the pool) and per seat."""
    values = played.games.values
    idol = values["idol"].astype(np.int64)
    seat = values["seat"].astype(np.int64)
    won = values["won"].astype(np.int64)
    return Counts(
        played.chunk.games,
        tuple(int(x) for x in np.bincount(idol, minlength=pool)),
        tuple(int(x) for x in np.bincount(idol, won, minlength=pool)),
        tuple(int(x) for x in np.bincount(seat, minlength=players)),
        tuple(int(x) for x in np.bincount(seat, won, minlength=players)),
    )


@dataclass(frozen=True)
class Step:
    """Games [start, stop) of one candidate, played with these overrides and seat bonus."""

    label: str
    sets: tuple[str, ...]
    bonus: tuple[int, ...]
    start: int
    stop: int


class Table:
    """Plays steps of candidates on one experiment's settings (card set, players, bots, seed).

    `base` is an experiment document without variants (simulator/run/variants.base_doc);
    each step becomes one variant of it, so a candidate is checked (its card set loads) exactly
    as `simulate --set` checks it."""

    def __init__(self, base: dict, jobs: int = 1, where: Path | None = None) -> None:
        self.base = base
        self.jobs = jobs
        self.where = where or Path.cwd()

    def _variants(self, steps: Sequence[Step]):
        from avarium.simulator.run.experiment_file import resolve

        sets = list(self.base.get("sets", []))
        doc = {k: v for k, v in self.base.items() if k != "sets"}
        doc["variant"] = [
            {
                "label": f"step {i + 1}",
                "sets": sets + list(s.sets),
                "bonus": list(s.bonus),
                "games": s.stop,
            }
            for i, s in enumerate(steps)
        ]
        return resolve(doc, "balance", self.where).variants

    def games(self, start: int, stop: int) -> int:
        """Games played by a step from `start` to `stop` (balance_conditions plays more)."""
        return stop - start

    def play(
        self, steps: Sequence[Step], on_games: Callable[[int], None] | None = None
    ) -> list[Counts]:
        """Each step's counts, in order; `on_games(n)` after every n games played."""
        from avarium.simulator.run.runner import play_tasks

        if not steps:
            return []
        variants = self._variants(steps)
        seed = int(self.base.get("seed", 0))
        tasks = []
        for i, (s, v) in enumerate(zip(steps, variants, strict=True)):
            for first in range(s.start, s.stop, TASK_GAMES):
                chunk = Chunk(len(tasks), i, first, min(first + TASK_GAMES, s.stop))
                tasks.append(Task(chunk, v, 0, seed))
        totals: list[Counts | None] = [None] * len(steps)
        for played in play_tasks(tasks, self.jobs):
            i = played.chunk.variant
            v = variants[i]
            got = count(played, len(v.idols), v.players)
            totals[i] = got if totals[i] is None else totals[i] + got
            if on_games is not None:
                on_games(played.chunk.games)
        return [t for t in totals if t is not None]

    def start(self):
        """The starting set's variant: its Idol pool (the order Counts lists them), seat bonus,
        players and card set; an ExperimentError when the settings do not resolve."""
        from avarium.simulator.run.experiment_file import resolve

        return resolve(self.base | {"games": 1}, "balance", self.where).variants[0]
