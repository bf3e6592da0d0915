"""Can the heuristic's weights learn the search's choices? CMA-ES fits the weights the heuristic
scores actions with (workflows/tune_bot.TUNED) to agree with the search's decisions that
`avarium train` keeps, and prints the agreement before and after, on the decisions fitted and on
a held-out fifth: the measurement behind "the heuristic's weights cannot learn it" in docs/bots.md.

    python benchmarks/imitate_search.py RUN/positions/gen1-2p-decisions.npz [--generations 60]

The start is the `mcts` profile's weights (the heuristic the search plays out with). Each
candidate is scored by the share of decisions its heuristic takes as the search did (ties
broken by one fixed stream), so the same file and seed give the same fit.
"""

from __future__ import annotations

import argparse
import time

import cma
import numpy as np
from avarium.simulator.cards.loader import load_cards
from avarium.strategies import bot_spec
from avarium.strategies.weights import NAMES
from avarium.workflows.train.agreement import agreement_table
from avarium.workflows.train.selfplay import Decisions
from avarium.workflows.tune_bot import TUNED


def part(d: Decisions, keep: np.ndarray) -> Decisions:
    return Decisions(*(array[keep] for array in d.arrays()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("decisions")
    parser.add_argument("--generations", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cards = load_cards()
    every = Decisions.load(args.decisions)
    held = np.arange(len(every.chosen)) % 5 == 4
    fitted_on, held_out = part(every, ~held), part(every, held)
    start = bot_spec("mcts").weights.copy()
    tuned = [NAMES.index(t) for t in TUNED]
    scale = np.maximum(np.abs(start[tuned]) / 2, 0.5)

    def weights(z: np.ndarray) -> np.ndarray:
        w = start.copy()
        w[tuned] = np.maximum(start[tuned] + z * scale, 0)
        return w

    def agrees(w: np.ndarray, d: Decisions) -> float:
        return float(agreement_table(cards, d, w)["agrees"].iloc[-1])

    started = time.perf_counter()
    best, best_w = agrees(start, fitted_on), start
    print(f"start: {best:.1%} of {len(fitted_on.chosen):,} decisions fitted on, "
          f"{agrees(start, held_out):.1%} of {len(held_out.chosen):,} held out")  # fmt: skip
    options = {"seed": args.seed, "verbose": -9, "maxiter": args.generations}
    es = cma.CMAEvolutionStrategy(np.zeros(len(tuned)), 0.5, options)
    while not es.stop():
        candidates = es.ask()
        scores = [agrees(weights(z), fitted_on) for z in candidates]
        es.tell(candidates, [-s for s in scores])
        k = int(np.argmax(scores))
        if scores[k] > best:
            best, best_w = scores[k], weights(candidates[k])
    print(f"fitted after {es.countiter} generations ({time.perf_counter() - started:.0f} s): "
          f"{best:.1%} fitted on, {agrees(best_w, held_out):.1%} held out")  # fmt: skip
    for i in tuned:
        print(f"  {NAMES[i]} = {start[i]:.4g} -> {best_w[i]:.4g}")


if __name__ == "__main__":
    main()
