"""Where a cold compile's time goes, kernel by kernel.

Plays two games of each bot given (both seats the same bot) in this one process with an empty
compile cache, and listens to numba's compile events (`numba:compile`, sent only when a kernel
is compiled rather than loaded from the cache). A kernel's compile runs inside its caller's when
the caller's typing reaches it, so each kernel's own time is its compile with its callees'
compiles taken out; what is left for a game loop is mostly LLVM optimising and emitting the
whole engine it links in. Times are this thread's CPU seconds (a busy machine stretches the
wall time, not these) and wall seconds.

    python benchmarks/compile_times.py                          # what `make demo` plays
    python benchmarks/compile_times.py --bots random,heuristic  # without the search bots
    python benchmarks/compile_times.py --top 40 --json times.json

One process on one core, so the sum is the CPU a cold start costs, not its wall time on two
cores (runner/warmup.py compiles the rules in a helper meanwhile): docs/performance.md, "Compile
time (a cold start)".
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import defaultdict

from numba.core import event

# What `make demo` plays: bench's random and heuristic games, and the demo's tiers.
DEMO_BOTS = "random,heuristic,heuristic.tuned,mcts"


class CompileTimes(event.Listener):
    """A numba event listener: for each kernel (module.qualname), how many times it was
    compiled (one per tuple of argument types), its own CPU and wall seconds and the whole
    compile's (callees included)."""

    def __init__(self) -> None:
        self.stack: list[list] = []  # [name, cpu at start, wall at start, callees' cpu, wall]
        self.compiles: dict[str, int] = defaultdict(int)
        self.own_cpu: dict[str, float] = defaultdict(float)
        self.own_wall: dict[str, float] = defaultdict(float)
        self.total_cpu: dict[str, float] = defaultdict(float)

    def on_start(self, ev) -> None:
        fn = ev.data["dispatcher"].py_func
        name = f"{fn.__module__.removeprefix('avarium.')}.{fn.__qualname__}"
        self.stack.append([name, time.thread_time(), time.perf_counter(), 0.0, 0.0])

    def on_end(self, ev) -> None:
        name, cpu0, wall0, inner_cpu, inner_wall = self.stack.pop()
        cpu, wall = time.thread_time() - cpu0, time.perf_counter() - wall0
        self.compiles[name] += 1
        self.own_cpu[name] += cpu - inner_cpu
        self.own_wall[name] += wall - inner_wall
        if not any(frame[0] == name for frame in self.stack):  # a recursive kernel counts once
            self.total_cpu[name] += cpu
        if self.stack:
            self.stack[-1][3] += cpu
            self.stack[-1][4] += wall

    def rows(self) -> list[dict]:
        """One row per kernel, the most own CPU first."""
        return sorted(
            (
                {
                    "kernel": name,
                    "compiles": self.compiles[name],
                    "own_cpu_s": round(self.own_cpu[name], 2),
                    "own_wall_s": round(self.own_wall[name], 2),
                    "with_callees_cpu_s": round(self.total_cpu[name], 2),
                }
                for name in self.compiles
            ),
            key=lambda r: -r["own_cpu_s"],
        )


def play_each(bots: list[str]) -> None:
    """Two games of each bot against itself, through simulate's game loop."""
    from avarium.simulator.cards.loader import load_cards
    from avarium.workflows.bench import bot_games, random_games

    cards = load_cards()
    for bot in bots:
        if bot == "random":
            random_games(cards, 2)
        else:
            bot_games(cards, (bot, bot), 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default=DEMO_BOTS, help=f"comma-separated (default {DEMO_BOTS})")
    parser.add_argument("--top", type=int, default=25, help="kernels to list (default 25)")
    parser.add_argument("--json", metavar="FILE", help="also write every kernel's row here")
    args = parser.parse_args(argv)
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        print("compile_times: NUMBA_DISABLE_JIT=1 compiles nothing", file=sys.stderr)
        return 2
    # An empty cache of our own, set before the engine is imported (it reads it then).
    os.environ["AVARIUM_CACHE_DIR"] = tempfile.mkdtemp(prefix="avarium-compile-times-")
    os.environ.pop("NUMBA_CACHE_DIR", None)
    times = CompileTimes()
    event.register("numba:compile", times)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    play_each([b.strip() for b in args.bots.split(",") if b.strip()])
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    rows = times.rows()
    print(f"{'kernel':58} {'compiles':>8} {'own CPU s':>9} {'own wall s':>10} {'+callees':>9}")
    for r in rows[: args.top]:
        print(
            f"{r['kernel']:58} {r['compiles']:8} {r['own_cpu_s']:9.1f} {r['own_wall_s']:10.1f}"
            f" {r['with_callees_cpu_s']:9.1f}"
        )
    rest = rows[args.top :]
    print(
        f"{len(rest)} other kernels: {sum(r['own_cpu_s'] for r in rest):.1f} s of CPU; "
        f"{len(rows)} kernels, {sum(r['compiles'] for r in rows)} compiles"
    )
    print(f"the process: {cpu:.1f} s of CPU, {wall:.1f} s of wall time ({args.bots})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"bots": args.bots, "cpu_s": cpu, "wall_s": wall, "kernels": rows}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
