"""What a worker process does: play one chunk of games and return its columns.

Kept apart from the runner so that a worker imports only numpy, numba and the engine (no
pyarrow, no pandas): a worker's memory is then the compiled engine plus one chunk's arrays.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from dataclasses import dataclass

import numpy as np
from avarium.simulator.run.experiment import Variant
from avarium.simulator.run.seating import seat_idols
from avarium.simulator.run.seeds import game_seeds
from avarium.simulator.run.tabulate import Columns, card_columns, game_columns


@dataclass(frozen=True)
class Chunk:
    index: int
    variant: int  # position of its variant in the experiment
    first: int  # global id of its first game
    stop: int  # one past its last game

    @property
    def games(self) -> int:
        return self.stop - self.first

    def describe(self, label: str) -> dict[str, object]:
        """The chunk as its files' `avarium.chunk` metadata records it."""
        return {
            "index": self.index,
            "first_game": self.first,
            "last_game": self.stop - 1,
            "variant": label,
        }


@dataclass(frozen=True)
class Task:
    """Everything a worker needs to play one chunk (the variant carries its card set)."""

    chunk: Chunk
    variant: Variant
    variant_first: int  # global id of the variant's first game
    seed: int  # the run seed


@dataclass(frozen=True)
class Played:
    """A played chunk as a worker returns it: its columns and how the worker fared."""

    chunk: Chunk
    games: Columns
    cards: Columns
    seconds: float  # wall-clock time the worker spent on it
    cpu_seconds: float  # CPU time the worker spent on it (less than seconds on a busy machine)
    worker: int  # process id
    peak_mb: float  # the worker process's peak resident memory so far


def peak_mb() -> float:
    """This process's peak resident memory in MiB. On Linux from /proc (VmHWM): getrusage's
    ru_maxrss survives exec, so a worker forked from a big parent would report the parent's."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)  # bytes on macOS, else KiB


def play(task: Task) -> Played:
    """Play one chunk and tabulate it."""
    from avarium.simulator.engine.play import GAME_FIELDS, SEAT_FIELDS
    from avarium.simulator.run.batch import play_chunk

    started, cpu = time.perf_counter(), time.process_time()
    c, v = task.chunk, task.variant
    # Game k of every variant is dealt from the same seeds and seated alike (seeds and
    # seatings count games from the variant's first), so variants compare game for game:
    # a sweep point differs from the next only by what the variant changes.
    local = c.first - task.variant_first
    deal, bots = game_seeds(task.seed, np.arange(local, local + c.games))
    seats = seat_idols(v, task.seed, local, local + c.games)
    result = play_chunk(
        v.card_data, v.rules, v.players, v.idol_indices[seats], v.bots, deal, bots, v.bonus,
        v.profiles_path,
    )  # fmt: skip
    games = game_columns(
        v.label, c.first, deal, bots, v.idols, seats, v.bots, v.bonus, result,
        GAME_FIELDS, SEAT_FIELDS,
    )  # fmt: skip
    won = games.values["won"].reshape(c.games, v.players)
    turns = games.values["turns"].reshape(c.games, v.players)[:, 0]
    cards = card_columns(
        v.label, v.card_data, v.idols, seats, v.bots, won, result.offered, result.taken, turns
    )
    return Played(
        c,
        games,
        cards,
        time.perf_counter() - started,
        time.process_time() - cpu,
        os.getpid(),
        peak_mb(),
    )
