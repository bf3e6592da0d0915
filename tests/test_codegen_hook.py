"""The game loops' private copies of the engine (engine/_codegen.py) change nothing but speed.

On a tiny module in a fresh cache (compiling the engine for this would cost minutes): a kernel
big enough, and called often enough, that LLVM keeps it a function of its own; a game loop that
calls it, and so gets a private copy whose unused arguments LLVM drops; and a second kernel,
compiled or loaded after the loop, with its own copy. Marked `internal` instead of `private`,
the second kernel bound to the loop's changed copy and crashed (a segmentation fault), compiled
or loaded from the cache: the crash that once made the hook be dropped.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys

import pytest
from avarium.simulator.engine import _codegen
from avarium.simulator.engine._jit import ANNOUNCED
from numba import config

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="nothing is compiled")

# 40 branches: too big for LLVM to inline at each of its call sites
BRANCHES = "\n".join(
    f"        if st[(i + {k}) % 4] == {k % 5}:\n"
    f"            t += st[(i * {k + 3}) % 4] * {k + 1} - (t >> {k % 7})"
    for k in range(40)
)

KERNELS = f"""
import numpy as np
from avarium.simulator.engine._jit import njit, njit_game_loop


@njit
def inner(st, tb, x):
    t = 0
    for i in range(x):
{BRANCHES}
        if t > 1000000:
            t = t % 9973
    return t


@njit
def other(st, tb, x):
    return inner(st, tb, x) + 3 * inner(st, tb, x + 1)


@njit_game_loop
def loop(st, tb, n):
    s = 0
    for k in range(n):
        s += inner(st, tb, k) - inner(st, tb, k + 2)
    return s


st = np.array([1, 2, 3, 4], np.int64)
tb = np.zeros((2, 2), np.int32)
print(loop(st, tb, 50), other(st, tb, 40))
library = loop.overloads[loop.signatures[0]].library
args = [len(list(f.arguments)) for f in library._final_module.functions
        if f.name.startswith("_ZN") and "inner" in f.name and not f.is_declaration]
print("inner's arguments in the loop:", args)  # none when loaded from the cache
"""


def _run(script, cache, plain=False):
    env = {k: v for k, v in os.environ.items() if k not in (ANNOUNCED, _codegen.OFF)}
    env["NUMBA_CACHE_DIR"] = str(cache)
    if plain:
        env[_codegen.OFF] = "1"
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


@pytest.mark.skipif(not _codegen.ACTIVE, reason="the hook is off on this numba")
def test_a_kernel_after_a_game_loop_keeps_its_own_copy_compiled_or_cached(tmp_path):
    script = tmp_path / "loop_kernels.py"
    script.write_text(KERNELS, encoding="utf-8")
    plain = _run(script, tmp_path / "plain", plain=True)
    compiled = _run(script, tmp_path / "cache")
    cached = _run(script, tmp_path / "cache")
    assert plain[0] == compiled[0] == cached[0] == "-262 743"
    # the hook acted: the loop's copy lost the arguments it never reads (the tables)
    assert plain[1] == "inner's arguments in the loop: [19]"  # the arrays field by field
    assert compiled[1] == "inner's arguments in the loop: [3]"
    assert cached[1] == "inner's arguments in the loop: []"  # loaded as machine code


def test_only_game_loops_and_kernels_python_calls_are_optimised_in_full():
    """The rest get the cheap passes only: their code runs inside the loops and entry points
    that link them in, where it is optimised again in full (_codegen)."""
    # importing the modules declares their kernels (nothing compiles)
    importlib.import_module("avarium.simulator.game.api")  # step, legal_actions, setup_game
    importlib.import_module("avarium.strategies.drivers")  # the game loops, choose_action

    full = _codegen.GAME_LOOPS | _codegen.ENTRY_POINTS
    assert {"step", "legal_actions", "setup_game", "choose_action"} <= _codegen.ENTRY_POINTS
    assert {"play_games_quickly", "play_games_with_lookahead", "mcts_choose"} <= full
    # kernels called only from other kernels
    assert not {"move", "heuristic_choose", "can_act", "can_activate"} & full
