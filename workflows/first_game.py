"""`avarium play` without waiting for numba: one game as plain Python when that is quicker.

One game is a few hundred engine steps; numba's plain-Python mode (the one NUMBA_DISABLE_JIT=1
gives, which the tests hold to the same games as the compiled engine) plays each in about a
millisecond. Measured on this project's 2-core machine (docs/results.md, "`avarium play` plays
one game uncompiled when that is quicker"):

- random bots, one 2-player game: about 1.5 s of CPU as plain Python, against 2.2-2.9 s to load
  the compiled engine from a warm cache and play it, and about 3 CPU minutes to compile it
  first; heuristic bots: about 1.9 s against 2.5 s. So `avarium play` with random and heuristic
  seats always plays as plain Python, and never compiles.
- search bots (lookahead, mcts) and Python bots (which may search through the Python API) cost
  many engine steps a decision: a game plays as plain Python in 15 s (lookahead/8) to about
  70 s (mcts/20) of CPU. They play compiled when the cache holds what `avarium play` needs; on
  a cold cache the game plays as plain Python (still sooner than a compile) while a background
  process, at the lowest priority, compiles the engine for the next `avarium play`.

The switch is numba's own (`config.DISABLE_JIT`, read when a kernel is defined), so it is made
before any kernel module is imported, in a process that plays one game and exits: the `avarium`
command only (`avarium.cli.main.main`), never a library call or a test runner's process.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

# Bots cheap enough to play a game as plain Python whatever the cache holds.
CHEAP = frozenset({"random", "heuristic"})
KNOWN = CHEAP | {"lookahead", "mcts", "python"}
# AVARIUM_PLAY=compiled or plain forces the engine `avarium play` uses (for measuring, tests).
FORCE = "AVARIUM_PLAY"
MARK = "play"
_JOB = "from avarium.workflows.first_game import compile_for_play; compile_for_play()"
_compile_later = False  # set by choose_engine for compile_for_next_time
BACKGROUND_MESSAGE = (
    "the engine is not compiled yet: this game plays uncompiled (a search bot's game takes "
    "seconds to a minute or two this way) while the engine compiles in the background, at low "
    "priority, for the next `avarium play` (about 3 CPU minutes)"
)


def _strategies_folder() -> Path:
    spec = importlib.util.find_spec("avarium.strategies")
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def _mark() -> Path:
    """A file that says `avarium play`'s kernels are compiled, beside the bots' machine code.
    Its name holds the engine's and the bots' source hashes (as their cache directories' names
    do), so any edit leaves it behind with the machine code it stood for, wherever the cache is
    (NUMBA_CACHE_DIR, which numba keys by file path, included)."""
    from avarium.simulator.engine import _jit

    folder = _strategies_folder()
    where = os.environ["NUMBA_CACHE_DIR"] if _jit.USER_CACHE else _jit.cache_dir(folder)
    hashes = f"{_jit._folder_hash(_jit.ENGINE)}-{_jit._folder_hash(folder)}"
    return Path(where) / f"{MARK}-{hashes}.compiled"


def bot_kind(name: str) -> str:
    """`heuristic.tuned` -> heuristic, `lookahead/4` -> lookahead, `pkg.mod:fn` -> python.

    strategies.bot_kind read again, on purpose: importing `avarium.strategies` loads the
    engine's kernels, which must not happen before this module has chosen the engine
    (tests/test_one_source_for_each_contract.py holds the two to the same answers)."""
    name = name.strip()
    if ":" in name:
        return "python"
    return name.partition("/")[0].partition(".")[0]


def _kernels_loaded() -> bool:
    return any(m.startswith("avarium.simulator.engine.") for m in sys.modules)


def choose_engine(bots: Sequence[str]) -> str:
    """ "plain" or "compiled" for one game between these bots; when plain, switches this process
    to plain Python (call it before any kernel module is imported). On a cold cache with a
    search or Python bot, compile_for_next_time() then starts the background compile."""
    from numba import config

    global _compile_later
    if config.DISABLE_JIT:
        return "plain"
    if _kernels_loaded():  # too late to switch: the kernels are numba's already
        return "compiled"
    forced = os.environ.get(FORCE, "")
    kinds = {bot_kind(b) for b in bots}
    cheap = kinds <= CHEAP or not kinds <= KNOWN  # an unknown bot: an error follows, at once
    if forced == "compiled" or (forced != "plain" and not cheap and _mark().exists()):
        return "compiled"
    _compile_later = forced != "plain" and not cheap
    # numba rereads its environment now and then; both say the same
    os.environ["NUMBA_DISABLE_JIT"] = "1"
    config.DISABLE_JIT = True
    return "plain"


def compile_for_next_time() -> None:
    """Once the command has accepted its bots and numbers: if choose_engine played a search or
    Python bot uncompiled for want of a compiled engine, start the background compile (unless
    one is at it) and say so on stderr."""
    if _compile_later and _start_background_compile():
        sys.stderr.write(BACKGROUND_MESSAGE + "\n")
        sys.stderr.flush()


def mark_compiled() -> None:
    """Note that `avarium play`'s kernels are in the cache (after a compiled game)."""
    from numba import config

    if config.DISABLE_JIT:
        return
    with contextlib.suppress(OSError):
        mark = _mark()
        mark.parent.mkdir(parents=True, exist_ok=True)
        mark.touch()


def _lock() -> Path:
    return _mark().with_suffix(".compiling")


def _running(lock: Path) -> bool:
    try:
        pid = int(lock.read_text().strip())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return False
    return True


def _start_background_compile() -> bool:
    """Start compile_for_play in a process of its own (unless one is at it); False if not
    started. Its output is nobody's business: the next `avarium play` finds its work or not."""
    lock = _lock()
    if _running(lock):
        return True  # compiling already: the message holds
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", FORCE)}
    env["AVARIUM_COMPILE_ANNOUNCED"] = "1"  # _jit.ANNOUNCED: the child says nothing
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        child = subprocess.Popen(
            [sys.executable, "-c", _JOB],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # outlives the game; a Ctrl-C of the game leaves it be
        )
        lock.write_text(str(child.pid))
    except OSError:
        return False
    return True


def compile_for_play() -> None:
    """The background job: compile (or load) what a compiled `avarium play` calls, every bot
    kind included (choose_action compiles them all), then leave the mark."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(19)  # the lowest priority: it only takes a core nobody else wants
    from avarium.runner.batch import Chooser
    from avarium.simulator.cards.loader import load_cards
    from avarium.simulator.game.api import new_game
    from avarium.simulator.game.transcript import play_logged
    from avarium.strategies import bot_spec

    try:
        game = new_game(load_cards(), ["touka", "raj"], seed=0)
        play_logged(game, Chooser(game, [bot_spec("lookahead/1"), bot_spec("mcts/1")], 0))
        mark_compiled()
    finally:
        with contextlib.suppress(OSError):
            _lock().unlink()
