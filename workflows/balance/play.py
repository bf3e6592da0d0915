"""Playing a balance search's candidates: each candidate is a variant of one experiment (the
starting set with the candidate's overrides and seat bonus), and a step of the search plays a
range of its games, say games 280 to 839, on top of those it already played.

Common random numbers: game k of every candidate is dealt and seated alike (the worker seeds a
game by its place in its variant), so two candidates differ only by what they change, and a
candidate's games 0-279 are the same deals whether it was played in one step or three.

What comes back is counts, never the games: per Idol and per seat, games and wins; per Idol the
wins by turn EARLY_TURN, and how many games lasted each number of turns (the guards, guards.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from avarium.analysis.early_wins import EARLY_TURNS
from avarium.runner.worker import Chunk, Played, Task

EARLY_TURN = EARLY_TURNS[0]  # an early win is one in a game of at most this many turns

# Games per task at most: a few seconds of heuristic play. A step is also cut into at least one
# task per worker (`chunked`), so that a search bot's step, a minute of play or more in a few
# hundred games, keeps every worker busy rather than one.
TASK_GAMES = 2_000


@dataclass(frozen=True)
class Counts:
    """A candidate's results over its first `games` games (a range, once added up)."""

    games: int
    idol_games: tuple[int, ...]  # per Idol of the pool, in pool order
    idol_wins: tuple[int, ...]
    seat_games: tuple[int, ...]  # per seat
    seat_wins: tuple[int, ...]
    # Per Idol, its wins in games of at most EARLY_TURN turns; () in a journal written before.
    idol_early_wins: tuple[int, ...] = ()
    lengths: tuple[int, ...] = ()  # games by their length: lengths[t] games lasted t turns

    def __add__(self, other: Counts) -> Counts:
        def add(a, b):
            return tuple(int(x + y) for x, y in zip(a, b, strict=True))

        def add_padded(a, b):
            size = max(len(a), len(b))
            return add((*a, *[0] * (size - len(a))), (*b, *[0] * (size - len(b))))

        early = ()  # known only when both parts count them
        if self.idol_early_wins and other.idol_early_wins:
            early = add(self.idol_early_wins, other.idol_early_wins)
        return Counts(
            self.games + other.games,
            add(self.idol_games, other.idol_games),
            add(self.idol_wins, other.idol_wins),
            add(self.seat_games, other.seat_games),
            add(self.seat_wins, other.seat_wins),
            early,
            add_padded(self.lengths, other.lengths) if early else (),
        )

    @classmethod
    def zero(cls, pool: int, players: int) -> Counts:
        """No games yet: a step of no games (a rung of 0 in a condition with more players)."""
        return cls(0, (0,) * pool, (0,) * pool, (0,) * players, (0,) * players, (0,) * pool, (0,))

    def fewest_idol_games(self) -> int:
        """The games of the Idol that played fewest (of those that played at all; 1 if none)."""
        return min((g for g in self.idol_games if g > 0), default=1)

    def as_dict(self) -> dict:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in vars(self).items()}

    @classmethod
    def from_dict(cls, d: dict) -> Counts:
        keys = ("idol_games", "idol_wins", "seat_games", "seat_wins", "idol_early_wins", "lengths")
        return cls(int(d["games"]), *(tuple(int(x) for x in d.get(k, ())) for k in keys))


def count(played: Played, pool: int, players: int) -> Counts:
    """A played chunk's games and wins per Idol (position in the pool) and per seat."""
    values = played.games.values
    idol = values["idol"].astype(np.int64)
    seat = values["seat"].astype(np.int64)
    won = values["won"].astype(np.int64)
    turns = values["turns"].astype(np.int64)
    early = won * (turns <= EARLY_TURN)
    return Counts(
        played.chunk.games,
        tuple(int(x) for x in np.bincount(idol, minlength=pool)),
        tuple(int(x) for x in np.bincount(idol, won, minlength=pool)),
        tuple(int(x) for x in np.bincount(seat, minlength=players)),
        tuple(int(x) for x in np.bincount(seat, won, minlength=players)),
        tuple(int(x) for x in np.bincount(idol, early, minlength=pool)),
        tuple(int(x) for x in np.bincount(turns[seat == 0])),  # a game once: its first seat
    )


def chunked(
    steps, variants, seed: int, first_variant: int = 0, first_task: int = 0, jobs: int = 1
) -> list[Task]:
    """Each step's games as tasks of at most TASK_GAMES games and at least `jobs` tasks (as the
    games allow), step i played as variant `first_variant + i` of the pool (so that several
    tables can share one pool of tasks). How the games are cut changes no game: game k of a
    variant is dealt by k alone."""
    tasks = []
    for i, (s, v) in enumerate(zip(steps, variants, strict=True)):
        games = s.stop - s.start
        pieces = max(-(-games // TASK_GAMES), min(jobs, games))
        size = -(-games // pieces) if games else 1
        for first in range(s.start, s.stop, size):
            chunk = Chunk(first_task + len(tasks), first_variant + i, first,
                          min(first + size, s.stop))  # fmt: skip
            tasks.append(Task(chunk, v, 0, seed, os.getpid()))
    return tasks


def counted(
    tasks: Sequence[Task], variants: Sequence, jobs: int, on_games: Callable[[int], None] | None
) -> Iterator[tuple[int, Counts]]:
    """Plays the tasks and yields (variant's place in the pool, the chunk's counts) as each
    chunk comes back; `on_games(n)` after every n games played."""
    from avarium.runner.runner import play_tasks

    for played in play_tasks(tasks, jobs):
        v = variants[played.chunk.variant]
        yield played.chunk.variant, count(played, len(v.idols), v.players)
        if on_games is not None:
            on_games(played.chunk.games)


def add_up(totals: list, i: int, got: Counts) -> None:
    totals[i] = got if totals[i] is None else totals[i] + got


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

    `base` is an experiment document without variants (runner/variants.base_doc);
    each step becomes one variant of it, so a candidate is checked (its card set loads) exactly
    as `simulate --set` checks it."""

    def __init__(self, base: dict, jobs: int = 1, where: Path | None = None) -> None:
        self.base = base
        self.jobs = jobs
        self.where = where or Path.cwd()

    def variants(self, steps: Sequence[Step]):
        """Each step as a variant of the experiment (its card set checked as `--set` is)."""
        from avarium.runner.experiment_file import resolve

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
        if not steps:
            return []
        variants = self.variants(steps)
        tasks = chunked(steps, variants, int(self.base.get("seed", 0)), jobs=self.jobs)
        totals: list[Counts | None] = [None] * len(steps)
        for i, got in counted(tasks, variants, self.jobs, on_games):
            add_up(totals, i, got)
        return [
            t if t is not None else Counts.zero(len(v.idols), v.players)
            for t, v in zip(totals, variants, strict=True)
        ]

    def start(self):
        """The starting set's variant: its Idol pool (the order Counts lists them), seat bonus,
        players and card set; an ExperimentError when the settings do not resolve."""
        from avarium.runner.experiment_file import resolve

        return resolve(self.base | {"games": 1}, "balance", self.where).variants[0]
