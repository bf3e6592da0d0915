"""A command that compiles says so once, on stderr, before numba starts; a warm cache says nothing.

Measured on kernels of a tiny module in a fresh cache (compiling the engine itself for this would
cost a minute): the notice hangs on numba's compile event, which fires for any kernel of
engine/_jit.py alike, so what holds here holds for the engine's.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from avarium.simulator.engine._jit import ANNOUNCED, FIRST_RUN_MESSAGE
from numba import config

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="nothing is compiled")

KERNELS = """
from avarium.simulator.engine._jit import njit


@njit
def twice(x):
    return 2 * x


@njit
def twice_plus(x, y):
    return twice(x) + y


print(twice_plus(3, 4))
"""


def _run(script, cache):
    env = {k: v for k, v in os.environ.items() if k != ANNOUNCED}
    env["NUMBA_CACHE_DIR"] = str(cache)
    done = subprocess.run(
        [sys.executable, str(script)], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "10"
    return done.stderr.splitlines()


def test_the_first_compile_says_so_once_and_a_warm_cache_says_nothing(tmp_path):
    script = tmp_path / "tiny_kernels.py"
    script.write_text(KERNELS, encoding="utf-8")
    cache = tmp_path / "cache"
    assert _run(script, cache) == [FIRST_RUN_MESSAGE]  # two kernels compiled, one line
    assert _run(script, cache) == []  # both loaded from the cache


def test_a_process_started_after_the_notice_stays_quiet(tmp_path):
    script = tmp_path / "tiny_kernels.py"
    script.write_text(KERNELS, encoding="utf-8")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), **{ANNOUNCED: "1"})
    done = subprocess.run(
        [sys.executable, str(script)], env=env, capture_output=True, text=True, check=True
    )
    assert done.stderr == ""


def test_a_command_that_knows_what_it_compiles_says_that_instead(tmp_path):
    script = tmp_path / "tiny_kernels.py"
    text = "from avarium.simulator.engine._jit import announce_as; announce_as('compiling x')\n"
    script.write_text(text + KERNELS, encoding="utf-8")
    assert _run(script, tmp_path / "cache") == ["compiling x"]


def test_the_warm_up_says_what_it_compiles_and_for_how_long():
    from avarium.runner.warmup import compile_notice

    assert "heuristic and the search bots" in compile_notice(True, True)
    assert "search" not in compile_notice(True, False)
    assert all("minute" in compile_notice(h, s) for h in (True, False) for s in (True, False))
