"""What a worker process does: play one chunk of games and return its columns.

Kept apart from the runner so that a worker imports only numpy, numba and the engine (no
pyarrow, no pandas): a worker's memory is then the compiled engine plus one chunk's arrays.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import sys
import threading
import time
from dataclasses import dataclass

import numpy as np
from avarium.runner.experiment import Variant
from avarium.runner.seating import seat_idols
from avarium.runner.seeds import game_seeds
from avarium.runner.tabulate import Columns, card_columns, game_columns, turn_columns


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
    driver: int = 0  # process id of the run's driver; a worker it started dies with it
    keep_turns: bool = False  # also tabulate each seat's figures turn by turn (turns/)


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
    turns: Columns | None = None  # the turns/ table, when the task keeps it


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


_PR_SET_PDEATHSIG = 1  # linux/prctl.h
_bound_to_driver = False


def die_with_driver(driver: int) -> None:
    """Make this process end when the run's driver ends, if the driver started it (joblib's
    workers and a local Dask cluster's are its children; a remote cluster's are not, and are
    left to their own cluster). A killed driver (kill -9, a closed terminal) cannot stop its
    workers itself; without this they would play on, unread, for minutes. A worker holds
    nothing to save: the driver writes every part. On Linux the kernel sends SIGKILL the moment
    the parent goes (a thread could not: the compiled engine holds the GIL through a chunk);
    elsewhere a thread checks the parent between chunks."""
    global _bound_to_driver
    if _bound_to_driver or driver in (0, os.getpid()) or os.getppid() != driver:
        return
    _bound_to_driver = True
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != driver:  # gone before the request was made: it would never come
            os._exit(1)
        return

    def watch() -> None:
        while os.getppid() == driver:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="avarium-driver-watch", daemon=True).start()


def play(task: Task) -> Played:
    """Play one chunk and tabulate it."""
    from avarium.runner.batch import play_chunk
    from avarium.simulator.engine.play import GAME_FIELDS, SEAT_FIELDS

    die_with_driver(task.driver)
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
        v.profiles_path, task.keep_turns,
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
    kept = None if result.turns is None else turn_columns(v.label, c.first, result.turns)
    return Played(
        c,
        games,
        cards,
        time.perf_counter() - started,
        time.process_time() - cpu,
        os.getpid(),
        peak_mb(),
        kept,
    )
