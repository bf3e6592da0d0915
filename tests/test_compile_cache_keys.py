"""Compiled code is cached under a key that sees every source it was built from
(engine/_jit.py): numba's own cache only notices the file a function is written in."""

from __future__ import annotations

from pathlib import Path

import pytest
from avarium.simulator.engine import _jit
from avarium.simulator.engine.step import step
from avarium.strategies.heuristic import heuristic_choose
from avarium.strategies.threats import threat_gain
from numba import config

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="nothing is compiled")
STRATEGIES = Path(heuristic_choose.py_func.__code__.co_filename).resolve().parent


def _folder(kernel) -> str:
    return Path(kernel._cache._cache_path).parent.name


def test_a_runner_loop_calling_the_bots_is_cached_under_the_bots_sources_too():
    from avarium.runner.turns import keep_turns_loop

    runner = Path(keep_turns_loop.py_func.__code__.co_filename).resolve().parent
    assert _folder(keep_turns_loop) == Path(_jit.cache_dir(runner, (STRATEGIES,))).name
    assert _folder(keep_turns_loop).endswith(Path(_jit.cache_dir(STRATEGIES)).name.split("-")[-1])


def test_engine_kernels_are_cached_under_the_engines_sources_only():
    assert _folder(step) == Path(_jit.cache_dir()).name


def test_a_bots_kernels_are_cached_under_the_engines_and_their_own_folders_sources():
    folder = _folder(heuristic_choose)
    assert folder == Path(_jit.cache_dir(STRATEGIES)).name
    assert folder.startswith(Path(_jit.cache_dir()).name + "-strategies-")
    # every module of the folder counts, not a list the engine keeps of its clients
    assert _folder(threat_gain) == folder


def test_an_edit_anywhere_in_a_bots_folder_gives_a_fresh_cache(tmp_path):
    (tmp_path / "bot.py").write_text("x = 1\n", encoding="utf-8")
    before = _jit.cache_dir(tmp_path)
    (tmp_path / "helper.py").write_text("y = 2\n", encoding="utf-8")
    _jit._folder_hash.cache_clear()
    assert _jit.cache_dir(tmp_path) != before
    assert _jit.cache_dir() in _jit.cache_dir(tmp_path)
