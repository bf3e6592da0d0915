"""Running an experiment: chunks of games played in worker processes, written as they finish.

The games of a run are cut into chunks fixed by game id (each variant's games in runs of
`chunk_size`; a chunk never spans two variants, so it has one card set and one player count).
Workers (joblib: loky processes by default, or a Dask cluster) play a chunk and return its
columns as numpy arrays (worker); the driver turns them into the `games/` and `cards/`
part files named by chunk index, each written atomically. Since every game's seeds and seats
follow from the run seed and the game's place in its variant, any number of workers, any backend
and any order of completion give the same files.

A stopped run resumes: a chunk whose two files are whole, belong to this experiment and match
their checksums in the run's manifest (runner/manifest.py) is skipped; anything else (a
missing, cut-short, damaged or foreign part file, a leftover temporary file) is removed and
played again. A directory that holds a different experiment, or a file in games/ or cards/ that
is no part of the run, is refused untouched. One process writes a run at a time: a second one
finds the run's lock held and stops with a message. What a run's folder owns, how it resumes
and its lock: runner/run_folder.py.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from avarium.runner import cluster, manifest, parts, run_folder, stopped
from avarium.runner.experiment import CHUNKS_WANTED, Experiment
from avarium.runner.python_bots import BotFailed
from avarium.runner.time_left import guessed_cost
from avarium.runner.warmup import compile_side_by_side, search_loop_notice
from avarium.runner.worker import Chunk, Played, Task, play
from avarium.simulator.engine._jit import announce_as
from avarium.simulator.fileio import write_atomically

EXPERIMENT_FILE = parts.EXPERIMENT_FILE
LOCK_FILE = run_folder.LOCK_FILE
RunError = run_folder.RunError  # what a run that cannot start or go on raises
BACKENDS = ("loky", "dask")


@dataclass(frozen=True)
class Progress:
    """Reported before the first chunk (chunk None) and after every chunk written. With the
    chunk, what a bar needs to weigh the games left by their cost (runner/time_left.py): the
    seconds its worker spent on it, and each variant's games still to play and guessed cost a
    game (empty for an event that is not a run's)."""

    chunk: Chunk | None
    games_done: int
    games_total: int
    seconds: float = 0.0
    left: tuple[int, ...] = ()
    guessed: tuple[float, ...] = ()


@dataclass(frozen=True)
class Summary:
    out: str
    games: int  # in the run
    games_before: int  # already written when this invocation started
    games_played: int  # by this invocation
    chunks: int
    chunks_played: int
    seconds: float
    games_per_second: float
    jobs: int
    backend: str
    worker_peak_mb: float  # the largest peak resident memory of any worker process
    worker_cpu_seconds: float  # CPU time the workers spent playing, all together

    def as_dict(self) -> dict[str, object]:
        return dict(vars(self))


def searching(bots: tuple[str, ...]) -> bool:
    """Does a seat play a search bot (mcts, lookahead): tens of times a heuristic game's cost."""
    from avarium.strategies import SEARCHING, bot_kind  # the bots load the engine: lazily

    return any(bot_kind(b) in SEARCHING for b in bots)


def unlearned_notes(experiment: Experiment) -> list[str]:
    """One line per search bot of the run that plays by a learned value with none for its
    table's size (strategies.without_learned_value): `mcts.learned/20 has no learned value for 2
    players ...`."""
    from avarium.strategies import (  # they load the engine: lazily
        bot_spec,
        unlearned_note,
        without_learned_value,
    )

    found = dict.fromkeys(
        (bot, v.players, v.profiles_path)
        for v in experiment.variants
        if searching(v.bots)
        for bot in dict.fromkeys(v.bots)
    )
    return [
        unlearned_note(bot, players)
        for bot, players, profiles in found
        if without_learned_value(bot_spec(bot, profiles), players)
    ]


def plan(experiment: Experiment) -> list[Chunk]:
    """Every chunk of the run, in game-id order. A variant played by a search bot is cut in
    chunks of at most 1/CHUNKS_WANTED of its games (rounded up) whatever the chunk size: one
    chunk is one worker's task, and a few thousand search games in one chunk would keep every
    other worker idle for minutes."""
    chunks: list[Chunk] = []
    for i, (first, v) in enumerate(zip(experiment.first_games(), experiment.variants, strict=True)):
        size = experiment.chunk_size
        if searching(v.bots):
            size = max(1, min(size, -(-v.games // CHUNKS_WANTED)))
        for start in range(first, first + v.games, size):
            chunks.append(Chunk(len(chunks), i, start, min(start + size, first + v.games)))
    return chunks


class Tally:
    """Each variant's games still to play, as the chunks of a plan come back, for the Progress
    events (to the run's end: a round of run-until counts the rounds after it)."""

    def __init__(self, experiment: Experiment, chunks: list[Chunk], done: set[int]) -> None:
        self.left = [0] * len(experiment.variants)
        for c in chunks:
            if c.index not in done:
                self.left[c.variant] += c.games
        self.guessed = tuple(guessed_cost(v.bots) for v in experiment.variants)

    def event(self, games_done: int, total: int, played: Played | None = None) -> Progress:
        """The event before the first chunk (played None) or after `played` came back."""
        if played is None:
            return Progress(None, games_done, total, 0.0, tuple(self.left), self.guessed)
        self.left[played.chunk.variant] -= played.chunk.games
        return Progress(
            played.chunk, games_done, total, played.seconds, tuple(self.left), self.guessed
        )


def plan_tasks(experiment: Experiment, chunks: list[Chunk], done: set[int]) -> list[Task]:
    """A task for every chunk not yet done."""
    firsts = experiment.first_games()
    keep = experiment.record_turns
    return [
        Task(
            c, experiment.variants[c.variant], firsts[c.variant], experiment.seed, os.getpid(), keep
        )
        for c in chunks
        if c.index not in done
    ]


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity, which a container or taskset
    narrows), not the machine's count."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def check_jobs(jobs: int) -> int:
    """The worker processes to start for `jobs` asked: at least 1, and no more than the usable
    cores: a worker beyond them only waits for a core while holding its memory. jobs_note says
    when it was capped."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise RunError(f"jobs: expected a whole number of at least 1, got {jobs!r}")
    return min(jobs, usable_cores())


def jobs_note(asked: int, used: int) -> str | None:
    """The one-line note for jobs that check_jobs capped (None when it did not)."""
    if used >= asked:
        return None
    return f"jobs: {asked} is more than the {used} usable core(s) here; using {used}"


def play_in_memory(
    experiment: Experiment,
    jobs: int = 1,
    on_progress: Callable[[Progress], None] | None = None,
) -> list[Played]:
    """Every chunk of the experiment played and returned in game order, nothing written: the
    same games as `run` writes (the Python API's play_games); `on_progress` as for `run`."""
    jobs = check_jobs(jobs)
    tasks = plan_tasks(experiment, plan(experiment), set())
    if not tasks:
        return []
    tally = Tally(experiment, plan(experiment), set())
    if on_progress is not None:
        on_progress(tally.event(0, experiment.total_games))
    played, done = [], 0
    for result in play_tasks(tasks, jobs):
        played.append(result)
        done += result.chunk.games
        if on_progress is not None:
            on_progress(tally.event(done, experiment.total_games, result))
    return sorted(played, key=lambda p: p.chunk.index)


def play_tasks(tasks: list[Task], jobs: int = 1) -> Iterator[Played]:
    """Play the tasks in worker processes (the engine compiled or loaded once first), each
    yielded as it finishes, nothing written. A task's games are fixed by its chunk and
    variant_first alone, so a caller may cut a variant's games as it likes (a balance search
    plays games 0-279 of a candidate, later 280-839)."""
    if not tasks:
        return
    _warm(tasks)
    with (
        _backend("loky", None, check_jobs(jobs)) as (n_jobs, _workers),
        contextlib.closing(_played(tasks, n_jobs)) as results,
    ):
        yield from results


# -- backends ------------------------------------------------------------------------------------


@contextlib.contextmanager
def _backend(backend: str, scheduler: str | None, jobs: int) -> Iterator[tuple[int, int]]:
    """Configure joblib for the backend; yields the n_jobs to ask joblib for and how many
    workers that is."""
    if backend == "dask":
        try:
            with cluster.dask_client(scheduler, jobs) as threads:
                yield -1, threads  # every thread of every Dask worker
        except cluster.ClusterLost as exc:  # mid-run: each chunk was written as it came back
            raise RunError(
                f"{exc}; every chunk already written is kept: run the same command again to "
                "continue once the scheduler is back (or on another backend: the games are the "
                "same)"
            ) from None
        except cluster.ClusterError as exc:
            raise RunError(str(exc)) from None
        return
    from joblib import parallel_config

    with parallel_config(backend="loky"):
        yield jobs, jobs


def _played(tasks: list[Task], n_jobs: int) -> Iterator[Played]:
    """The tasks' results as they finish. joblib keeps at most pre_dispatch tasks in flight and
    we write each result before taking the next, so memory stays flat however long the run."""
    from joblib import Parallel, delayed
    from joblib.externals.loky.process_executor import TerminatedWorkerError

    with warnings.catch_warnings():
        # Stopping early cancels the tasks in flight: that is the point, not news.
        warnings.filterwarnings("ignore", ".*tasks which were still being processed")
        try:
            yield from Parallel(
                n_jobs=n_jobs,
                return_as="generator_unordered",
                batch_size=1,
                pre_dispatch="2*n_jobs",
            )(delayed(play)(t) for t in tasks)
        except TerminatedWorkerError as exc:
            raise RunError(
                f"a worker process died ({exc.__class__.__name__}: out of memory or killed?); "
                "the chunks written are kept: run the same command again to continue"
            ) from None


def _warm(tasks: Sequence[Task], search_loop: bool = True) -> None:
    """Compile the engine (or load it from numba's cache) once here before workers start, so
    they load the cache instead of compiling it side by side. A cold compile uses two cores
    (avarium.runner.warmup); its notice counts the searching seats' game loop in its
    time when a variant has one (a tier of mcts games, say).

    Then one game of the first task of each game loop the run plays: the random and heuristic
    seats' loop and the searching seats' (a second compile of the engine, about 25 s of CPU).
    Left to the workers, each would compile the searching loop at its first search chunk, all at
    once, and write numba's cache side by side (its index is written without a lock). Not for
    a cluster `simulate` did not start (`search_loop` False): its workers have caches of their
    own, and compiling here would only delay the first chunk."""
    task = tasks[0]
    v = task.variant
    first_of_loop: dict[bool, Task] = {}
    for t in tasks:
        first_of_loop.setdefault(searching(t.variant.bots), t)
    compile_side_by_side(v.card_data, v.bots, v.profiles_path, search=True in first_of_loop)
    if not search_loop and len(first_of_loop) > 1:
        del first_of_loop[True]
    for t in first_of_loop.values():
        if searching(t.variant.bots):  # the rules loaded: said only if this loop compiles
            announce_as(search_loop_notice())
        one = Chunk(t.chunk.index, t.chunk.variant, t.chunk.first, t.chunk.first + 1)
        play(Task(one, t.variant, t.variant_first, t.seed, keep_turns=t.keep_turns))


def run(
    experiment: Experiment,
    out: Path,
    jobs: int = 1,
    backend: str = "loky",
    scheduler: str | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    only: frozenset[int] | None = None,
) -> Summary:
    """Play the experiment into `out` (resuming what is there), calling `on_progress` once
    before the first chunk (chunk None) and after each chunk written. `only` (chunk indices)
    plays those chunks of the plan and no others: a round of a run that stops when precise
    (until.py). Raises RunError for a directory that holds another experiment, a backend that
    cannot start or a worker that died."""
    if backend not in BACKENDS:
        raise RunError(f"backend: expected one of {', '.join(BACKENDS)}, got {backend!r}")
    if scheduler and backend != "dask":
        raise RunError("scheduler: a Dask scheduler's address, for the dask backend only")
    if scheduler:
        try:
            cluster.check_address(scheduler)
        except ValueError as exc:
            raise RunError(str(exc)) from None
    if backend == "dask" and importlib.util.find_spec("distributed") is None:
        raise RunError(
            "backend: dask needs dask.distributed, an optional extra: "
            "pip install 'avarium-balance-lab[cluster]'"
        )
    jobs = check_jobs(jobs)
    started = time.perf_counter()
    chunks = plan(experiment)
    try:
        with contextlib.ExitStack() as stack:
            resuming = run_folder.check_directory(out, experiment)
            if resuming:  # the run's files are read and repaired under its lock
                stack.enter_context(run_folder.hold_lock(out))
                run_folder.check_directory(out, experiment)
                done, record = run_folder.completed(out, chunks, experiment)
                if record != manifest.read(out):  # what survived the checks, and nothing else
                    manifest.write(out, record)
            else:
                done, record = set(), run_folder.new_manifest(experiment, chunks)
            before = sum(c.games for c in chunks if c.index in done)
            tasks = plan_tasks(experiment, chunks, done)
            if only is not None:
                tasks = [t for t in tasks if t.chunk.index in only]
            games_done, peak, written, workers, cpu = before, 0.0, 0, jobs, 0.0
            tally = Tally(experiment, chunks, done)
            if on_progress is not None:
                on_progress(tally.event(before, experiment.total_games))
            if tasks:
                n_jobs, workers = stack.enter_context(_backend(backend, scheduler, jobs))
                # Written once the backend is up, so a cluster that cannot be reached leaves
                # nothing.
                if not resuming:
                    stack.enter_context(run_folder.hold_lock(out))
                    if run_folder.check_directory(out, experiment):
                        raise RunError(
                            f"another process started {out} at the same moment; run the same "
                            "command again to resume it"
                        )
                    write_atomically(out / EXPERIMENT_FILE, experiment.to_toml())
                    manifest.write(out, record)
                if only is None:  # played on to the cap: a rule's earlier stop is history
                    (out / stopped.STOPPED).unlink(missing_ok=True)
                _warm(tasks, search_loop=scheduler is None)
                results = stack.enter_context(contextlib.closing(_played(tasks, n_jobs)))
                for played in results:
                    run_folder.write_chunk(out, experiment, played, record)
                    written += 1
                    games_done += played.chunk.games
                    peak = max(peak, played.peak_mb)
                    cpu += played.cpu_seconds
                    if on_progress is not None:
                        on_progress(tally.event(games_done, experiment.total_games, played))
    except BotFailed as exc:  # anyone's Python bot broke in a worker: what was written is kept
        raise RunError(f"{exc}; every chunk already written is kept") from None
    except OSError as exc:
        where = exc.filename or out
        raise RunError(
            f"cannot write {where}: {exc.strerror or exc}; every chunk already written is kept: "
            "free the space or fix the permission, then run the same command again"
        ) from None
    seconds = time.perf_counter() - started
    played_now = games_done - before
    return Summary(
        out=str(out),
        games=experiment.total_games,
        games_before=before,
        games_played=played_now,
        chunks=len(chunks),
        chunks_played=written,
        seconds=round(seconds, 3),
        games_per_second=round(played_now / seconds, 1) if seconds > 0 else 0.0,
        jobs=workers,
        backend=backend,
        worker_peak_mb=round(peak, 1),
        worker_cpu_seconds=round(cpu, 3),
    )
