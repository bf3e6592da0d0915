"""`avarium play` as a command of its own plays uncompiled when that is quicker
(workflows/first_game.py): the very same game as the compiled engine, move for move.

The compiled side is this process's (`CliRunner` calls the app in-process, where play never
switches numba off); the plain side is the `avarium` command itself, in a process of its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from avarium.workflows.first_game import (
    BACKGROUND_MESSAGE,
    FORCE,
    MARK,
    _mark,
    _strategies_folder,
    bot_kind,
)
from typer.testing import CliRunner

from avarium.cli.main import app

ROOT = Path(__file__).resolve().parents[1]
# the cache is the tests' own (AVARIUM_CACHE_DIR) where they give one
DROPPED = (FORCE, "NUMBA_CACHE_DIR", "NUMBA_DISABLE_JIT")
COMMAND = [sys.executable, "-c", "from avarium.cli.main import main; main()"]


def _command(args, **env):
    done = subprocess.run(
        [*COMMAND, *args],
        env={**{k: v for k, v in os.environ.items() if k not in DROPPED}, **env},
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.parametrize(
    "args",
    [
        ["--idols", "touka,raj", "--seed", "7"],
        [
            "--idols",
            "kitty,amyba,hojo",
            "--seed",
            "3",
            "--strategy",
            "heuristic.tuned,heuristic,random",
        ],
        ["--idols", "coral,love", "--seed", "5", "--strategy", "lookahead/1,mcts/2"],
    ],
)
def test_the_command_plays_the_very_same_game_as_the_compiled_engine(args):
    compiled = CliRunner().invoke(app, ["play", *args])
    assert compiled.exit_code == 0, compiled.output
    # the search bots play uncompiled only on a cold cache: forced here
    plain = _command(["play", *args], **{FORCE: "plain"})
    assert plain.stdout == compiled.stdout
    assert "== Game over" in plain.stdout


def test_random_and_heuristic_games_never_compile(tmp_path):
    done = _command(
        ["play", "--seed", "2", "--strategy", "random,heuristic.aggressive"],
        AVARIUM_CACHE_DIR=str(tmp_path),
    )
    assert done.stderr == ""  # neither the compile notice nor the background message
    assert not any(tmp_path.rglob("*.nbi"))  # nothing compiled, nothing started


def test_a_search_bot_on_a_cold_cache_plays_now_and_compiles_in_the_background(tmp_path):
    done = _command(
        ["play", "--seed", "2", "--strategy", "lookahead/1,random"], AVARIUM_CACHE_DIR=str(tmp_path)
    )
    assert done.stderr.splitlines() == [BACKGROUND_MESSAGE]
    assert "== Game over" in done.stdout
    locks = list(tmp_path.rglob(f"{MARK}-*.compiling"))
    assert len(locks) == 1  # the background job's pid, until it is done
    pid = int(locks[0].read_text())
    try:
        # a second game meanwhile starts no second job, and says the same
        again = _command(
            ["play", "--seed", "3", "--strategy", "mcts/1,random"], AVARIUM_CACHE_DIR=str(tmp_path)
        )
        assert again.stderr.splitlines() == [BACKGROUND_MESSAGE]
        assert int(locks[0].read_text()) == pid
    finally:
        os.kill(pid, 9)  # the job this test started: its compile is not what is tested


def test_a_refused_command_starts_no_background_compile(tmp_path):
    done = subprocess.run(
        [*COMMAND, "play", "--seed", "-1", "--strategy", "mcts"],
        env={
            **{k: v for k, v in os.environ.items() if k not in DROPPED},
            "AVARIUM_CACHE_DIR": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 2 and "--seed" in done.stderr
    assert BACKGROUND_MESSAGE not in done.stderr
    assert not list(tmp_path.rglob("*.compiling"))


def test_bot_kinds_are_read_from_their_names():
    assert [bot_kind(b) for b in ("random", "heuristic.tuned", " lookahead/4", "mcts.x/9")] == [
        "random",
        "heuristic",
        "lookahead",
        "mcts",
    ]
    assert bot_kind("avarium.strategies.examples.greedy:choose") == "python"


def test_the_mark_lives_with_the_bots_machine_code():
    folder = _strategies_folder()
    assert folder.name == "strategies" and (folder / "drivers.py").exists()
    assert _mark().name.startswith(f"{MARK}-") and _mark().suffix == ".compiled"


def test_the_console_script_is_the_standalone_entry():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["avarium"] == "avarium.cli.main:main"
