"""Where the compiled engine spends its time: perf samples mapped to numba functions.

perf cannot name numba's functions (they live in memory, not in a file with symbols), so this
script plays random games, writes the start address of every function linked into the compiled
game loop, and, run under perf, lets `--report` attribute each sample to the function whose
code starts just before it.

    perf record -F 4000 -o /tmp/engine.perf python benchmarks/profile_engine.py --seconds 10
    perf script -i /tmp/engine.perf -F ip > /tmp/engine.ips
    python benchmarks/profile_engine.py --report /tmp/engine.ips

(`perf` is Debian's linux-perf; `perf record` works on this project's machines even where
`perf stat` has no hardware counters.) Run it with `AVARIUM_PLAIN_CODEGEN=1`: the code-generation
hook (docs/performance.md) lets LLVM inline the engine's functions into the game loop, and the
report would then name little but the loop itself. `--bots mcts` (or `lookahead`) profiles the
search bot's own loop; use a few games per call (`--games 10`).
"""

from __future__ import annotations

import argparse
import bisect
import collections
import re
import time

import numpy as np

MAP = "/tmp/engine-functions.txt"


def play_for(seconds: float, bot: str = "random", n: int = 2000) -> None:
    from avarium.simulator.cards.loader import load_cards
    from avarium.simulator.engine.state import allocate
    from avarium.simulator.game.api import Rules, tables_of
    from numba import njit

    cards = load_cards()
    tb = tables_of(cards)
    st = allocate(tb)
    rng = np.random.default_rng(0)
    idols = np.array([rng.permutation(len(cards.idols))[:2] for _ in range(n)], np.int32)
    seeds = rng.integers(1, 2**32, n).astype(np.int64)
    bots = rng.integers(1, 2**32, n).astype(np.int64)
    bonus = np.array([0, 2, 0, 0], np.int32)
    config = Rules().config()

    # The game loops bench and simulate play through (strategies/drivers.py), called from a
    # fresh (not cached) wrapper: numba links every engine function into its library, whose
    # symbols we can list; a library loaded from the cache cannot be listed. The wrapper calls
    # the loop for the seats' kind itself: compiled code calling drivers.play_games gets the
    # quick loop, which plays a searching seat as the heuristic (an earlier version of this
    # script profiled heuristic games for --bots mcts so; docs/performance.md).
    from avarium.runner.batch import card_worths
    from avarium.strategies import bot_spec
    from avarium.strategies.drivers import (
        play_games_quickly,
        play_games_with_lookahead,
        quick_scratch,
    )
    from avarium.strategies.weights import KIND_LOOKAHEAD, KIND_MCTS

    spec = bot_spec(bot)
    kinds = np.full(4, spec.kind, np.int64)
    weights = np.tile(np.asarray(spec.weights, np.float64), (4, 1))
    vals = card_worths(cards)
    bonuses = np.tile(bonus, (n, 1))
    results = (
        np.zeros((n, 5), np.int32),
        np.zeros((n, 2, 9), np.int32),
        np.zeros((n, 2, len(cards.cards)), np.uint8),
    )
    args = (st, tb, vals, 2, idols, bonuses, seeds, bots, config, kinds, weights, results)
    if spec.kind in (KIND_LOOKAHEAD, KIND_MCTS):

        @njit
        def loop(*a):
            play_games_with_lookahead(*a)

    else:
        args = (*args, quick_scratch(st, tb))

        @njit
        def loop(*a):
            play_games_quickly(*a)

    loop(*args)
    overload = loop.overloads[loop.signatures[0]]
    library = overload.library
    rows = []
    for fn in library._final_module.functions:
        if not fn.is_declaration:
            rows.append((library.get_pointer_to_function(fn.name), fn.name))
    with open(MAP, "w", encoding="utf-8") as fh:
        for address, name in sorted(rows):
            fh.write(f"{address:x} {name}\n")
    start = time.time()
    while time.time() - start < seconds:
        loop(*args)


def report(ips_path: str, top: int, by_part: bool = False) -> None:
    with open(MAP, encoding="utf-8") as fh:
        rows = [line.split(None, 1) for line in fh]
    starts = [int(a, 16) for a, _ in rows]
    names = [n.strip() for _, n in rows]
    counts: collections.Counter[str] = collections.Counter()
    with open(ips_path, encoding="utf-8") as fh:
        ips = [int(line, 16) for line in fh if line.strip()]
    for ip in ips:
        i = bisect.bisect_right(starts, ip) - 1
        if i < 0 or ip - starts[i] > 200_000:
            continue  # Python, numpy, the kernel: not the compiled engine
        m = NAME.match(names[i])
        name = f"{m.group(1)}.{m.group(2)}.{m.group(3)}" if m else names[i][:60]
        counts[part_of(name) if by_part else name] += 1
    total = sum(counts.values())
    print(f"{total} samples in the compiled engine")
    for name, c in counts.most_common(top):
        print(f"{c / total * 100:5.1f}%  {name}")


# A numba symbol: _ZN7avarium9simulator6engine4step4stepB3v15... -> engine.step.step
NAME = re.compile(
    r"_ZN(?:\d+avarium)?\d+(?:simulator\d+)?(engine|strategies)\d+([a-z_]+)\d+(\w+?)B\d"
)
# Where a search bot's time goes, by the job of the function a sample falls in (--by-part).
# The bots' features serve the heuristic's choices (in playouts and as the tree's priors) and
# the evaluation alike, so they are one part.
PARTS = (
    ("determinization", ("strategies.lookahead.determinize", "simulator.engine.state.copy_state",
                         "strategies.lookahead._shuffle_scratch")),
    ("tree (walk, UCB, nodes)", ("strategies.mcts.",)),
    ("heuristic choices and position features", ("strategies.heuristic.", "strategies.features.",
                                                 "strategies.threats.", "strategies.fights.",
                                                 "strategies.lookahead.")),
    ("engine (legal actions, steps, rules queries)", ("engine.",)),
    ("numba runtime (reference counts)", ("NRT_",)),
)  # fmt: skip


def part_of(name: str) -> str:
    for part, prefixes in PARTS:
        if name.startswith(prefixes):
            return part
    return "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--bots", default="random", help="random, or a compiled bot spec")
    parser.add_argument(
        "--games", type=int, default=2000, help="games per call of the loop (fewer for mcts)"
    )
    parser.add_argument("--report", metavar="IPS", help="perf script -F ip output to attribute")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--by-part", action="store_true", help="a search bot's cost by part")
    args = parser.parse_args()
    if args.report:
        report(args.report, args.top, args.by_part)
    else:
        play_for(args.seconds, args.bots, args.games)


if __name__ == "__main__":
    main()
