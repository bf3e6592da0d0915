"""Numba's cache filled once before pytest's workers start (`make test` runs this first).

With the cache cold, each of pytest-xdist's two workers would compile the same kernels side by
side, and the suite's first minutes would be both cores compiling one engine twice. Here they
are compiled once, on both cores: the rules in a helper process while this one compiles the
bots' kernels (runner/warmup.py, as `avarium bench` does), then the game loops, which
link their own copies of the engine, two at a time. The workers then load them from the cache.

With the cache warm this only loads what it would compile (a few seconds); with
NUMBA_DISABLE_JIT=1 it does nothing.

    python -m tests.warm_cache
"""

from __future__ import annotations

import subprocess
import sys
import time

# Each game loop (or entry point) the suite compiles, in two groups of about equal compile time,
# played for a game or two: the group runs in a process of its own.
GROUPS = ("quick", "search")


def _quick() -> None:
    """simulate's game loop with random and heuristic seats, `check`'s loop, the Python API,
    and `train`'s self-play loop (it links the search in: this group has the room)."""
    from avarium.simulator.cards.loader import load_cards
    from avarium.simulator.game.api import Rules, new_game
    from avarium.workflows.bench import bot_games, random_games
    from avarium.workflows.check import check_games
    from avarium.workflows.train.selfplay import play_positions

    cards = load_cards()
    play_positions(cards, Rules(), 2, "heuristic", 0, 0, 1)
    random_games(cards, 2)
    bot_games(cards, ("heuristic", "heuristic"), 2)
    check_games(cards, 3)
    game = new_game(cards, seed=0)
    while not game.is_terminal():
        game.step(game.legal_actions()[0])


def _search() -> None:
    """The searching seats' game loop and the search bots' one-decision entry (`avarium play`)."""
    from avarium.runner.batch import Chooser
    from avarium.simulator.cards.loader import load_cards
    from avarium.simulator.game.api import new_game
    from avarium.simulator.game.transcript import play_logged
    from avarium.strategies import bot_spec
    from avarium.workflows.bench import bot_games

    cards = load_cards()
    bot_games(cards, ("lookahead", "heuristic"), 2)
    bot_games(cards, ("mcts", "mcts"), 2)
    game = new_game(cards, seed=0)
    play_logged(game, Chooser(game, [bot_spec("lookahead/1"), bot_spec("mcts/1")], 0))


def main() -> None:
    from numba import config

    if config.DISABLE_JIT:
        return
    from avarium.runner.warmup import compile_side_by_side, rules_cached
    from avarium.simulator.cards.loader import load_cards

    if rules_cached():
        print("warm_cache: numba's cache is warm; loading it to check", flush=True)
    started = time.perf_counter()
    compile_side_by_side(load_cards(), ["heuristic", "random"], None, search=True)
    jobs = [subprocess.Popen([sys.executable, "-m", "tests.warm_cache", group]) for group in GROUPS]
    failed = [g for g, job in zip(GROUPS, jobs, strict=True) if job.wait() != 0]
    if failed:
        sys.exit(f"warm_cache: compiling {', '.join(failed)} failed")
    print(f"warm_cache: the engine and the bots compiled in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        {"quick": _quick, "search": _search}[sys.argv[1]]()
    else:
        main()
