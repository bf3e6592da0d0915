"""A cold start compiled on two cores instead of one.

With numba's cache empty, the first game of a run waits for numba to compile the engine and the
bots, about a minute on one core while the other has nothing to do (workers start once the cache
is written, so that they load it instead of compiling it side by side). Here a helper process
compiles the rules (`step`, which reaches every rule) while this process compiles what the bots
and the game loop need besides (`legal_actions`, the heuristic); both write numba's cache, and
the game loop compiled afterwards loads the rules from it instead of compiling them again.

Kernels reached from both sides (the card queries) are compiled twice, at the same time; the
rest is split. With a warm cache none of this runs. Measured: see docs/performance.md, "Compile
time", and docs/results.md, "The first game without the compile, two helpers for a cold
start" (where a second step, the searching seats' game loop
compiled in a helper beside the other loop, was tried and dropped).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from avarium.simulator.cards.model import CardSet
from avarium.simulator.engine._jit import announce_as
from numba import config, typeof, types

STATE = types.Array(types.int64, 2, "C")
TABLES = types.Array(types.int32, 2, "C")
BUFFER = types.Array(types.int64, 1, "C")
STEP_SIGNATURE = (STATE, TABLES, types.int64)
_HELPER = "from avarium.runner.warmup import compile_rules; compile_rules()"


def compile_rules() -> None:
    """The helper's job: compile step (or load it from the cache)."""
    from avarium.simulator.engine.step import step

    step.compile(STEP_SIGNATURE)


def compile_notice(heuristic: bool, search: bool) -> str:
    """What a cold start here says it compiles, and for how long. Measured in CPU seconds, which
    an idle core turns into about as many seconds of wall time (docs/performance.md, "Compile
    time"): side by side, the helper's rules 25.5 s and this process's bots 24.8 s, then the
    random and heuristic game loop 5.3 s; the searching seats' game loop 25 s more, after them.
    In one process, on one core: 64 s, and 105 s with the search bots."""
    what = "the rules engine"
    if search:
        what += ", the heuristic and the search bots"
    elif heuristic:
        what += " and the heuristic bots"
    if (os.cpu_count() or 1) >= 2:
        took = "on 2 cores (first run only: " + (
            "about a minute" if search else "about half a minute"
        )
    else:  # one core: both sides in turn
        took = "(first run only: " + ("about 2 minutes" if search else "about a minute")
    return f"compiling {what} {took}, longer on a busy machine)…"


def search_loop_notice() -> str:
    """What a run says when only the searching seats' game loop is left to compile (the rest
    loaded from the cache): 25 s of CPU, measured as compile_notice's figures."""
    return (
        "compiling the search bots' game loop (first run only: about half a minute, longer on a "
        "busy machine)…"
    )


def worker_compile_note(search: bool) -> str:
    """What `simulate` says before a run on a cluster it did not start: each worker on a new
    machine compiles on its own core, in one process, during its first chunk. Measured in one
    process from an empty cache (`python benchmarks/compile_times.py`, docs/performance.md,
    "Compile time"): 64 s of CPU for the random and heuristic bots, 105 s with the search bots'
    game loop too."""
    what, took = (
        ("the engine and the search bots", "about 2 minutes")
        if search
        else ("the engine", "about a minute")
    )
    return (
        f"a worker on a new machine compiles {what} during its first chunk ({took} on its "
        "core, longer while other workers on that machine compile beside it; later runs load it "
        "from the worker's cache): the first chunks wait for it"
    )


def _start(job: str):
    # A helper only saves time: if it cannot start or fails, the kernels are compiled where they
    # are first needed, as with one core. Its output is not the user's business.
    try:
        return subprocess.Popen(
            [sys.executable, "-c", job], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
    except OSError:
        return None


def rules_cached() -> bool:
    """Whether numba's cache already holds step for this source (a warm start)."""
    from avarium.simulator.engine.step import step

    # The dispatcher's cache is numba's own; loading an entry is what a warm start does anyway.
    return step._cache.load_overload(STEP_SIGNATURE, step.targetctx) is not None


def bot_kernels(cards: CardSet, heuristic: bool) -> list[tuple[object, tuple]]:
    """What this process compiles meanwhile, each kernel with the argument types the game loop
    calls it with (rows of int32 and float64 tables and one-seat slices: C-contiguous). Besides
    the bots: the deal and the record of a game, which the game loop would otherwise compile
    after the rules, one core idle."""
    from avarium.runner.batch import card_worths
    from avarium.simulator.engine.legal import legal_actions
    from avarium.simulator.engine.play import record
    from avarium.simulator.engine.setup import deal_game
    from avarium.simulator.game.api import Rules
    from avarium.strategies.drivers import choose_quickly

    int32_row = types.Array(types.int32, 1, "C")
    rules_config = typeof(Rules().config())
    outs = (
        types.Array(types.int32, 2, "C"),
        types.Array(types.int32, 3, "C"),
        types.Array(types.uint8, 3, "C"),
    )
    i64 = types.int64
    kernels: list[tuple[object, tuple]] = [(legal_actions, (STATE, TABLES, BUFFER))]
    if heuristic:
        row = typeof(np.zeros((1, 1), np.float64)[0])
        vals = typeof(card_worths(cards))
        kernels.append(
            (choose_quickly, (STATE, TABLES, vals, i64, row, BUFFER, BUFFER, i64, BUFFER))
        )
    kernels.append((deal_game, (STATE, TABLES, i64, int32_row, int32_row, i64, rules_config)))
    kernels.append((record, (STATE, i64, i64, BUFFER, *outs)))
    return kernels


def compile_side_by_side(
    cards: CardSet, bots: Sequence[str], profiles: Path | None, search: bool = False
) -> None:
    """Compile the rules in a helper process and the bots' kernels here, if the cache is cold.
    `search`: the command will play searching seats too (their game loop compiles later, one
    core), which the notice counts in its time.

    The game loop itself is compiled by its first game, as with a warm cache (loading then)."""
    if config.DISABLE_JIT or rules_cached():
        return
    from avarium.strategies import bot_spec
    from avarium.strategies.weights import KIND_RANDOM

    specs = [bot_spec(b, profiles) for b in bots]
    heuristic = any(s.compiled and s.kind != KIND_RANDOM for s in specs)
    announce_as(compile_notice(heuristic, search))
    helper = _start(_HELPER)
    try:
        for kernel, signature in bot_kernels(cards, heuristic):
            kernel.compile(signature)
    except BaseException:
        # The command stops here (no room to compile under a memory cap, Ctrl-C): it says so
        # now, not after the helper's minute of compiling for a run that will not play.
        if helper is not None:
            helper.kill()
        raise
    finally:
        # Whatever happened here, the helper's work is either in the cache or redone later.
        if helper is not None:
            helper.wait()
