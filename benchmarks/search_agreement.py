"""How often searches of different budgets choose alike, and alike with the tuned heuristic: the
measurement behind "more search buys nothing" in docs/bots.md ("Learned evaluation").

    python benchmarks/search_agreement.py [--games 40] [--every 3] [--budgets 20,80,320]

Plays `--games` two-player games of `heuristic.tuned` against itself (Idols drawn at random,
game g dealt with seed g) and, at every `--every`-th decision with a choice, asks every bot of
the table in that same position with its own stream: `heuristic.tuned`, `mcts/B` for every
budget, and `mcts/B` for the first budget again with another seed (how much the search's own
luck moves its choice). Prints the share of decisions on which each pair chose alike.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from avarium.runner.batch import Chooser
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.game.api import new_game
from avarium.strategies import bot_spec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--budgets", default="20,80,320")
    args = parser.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    # each bot: its spec and the offset of its stream's seed
    bots = {"heuristic.tuned": ("heuristic.tuned", 0)}
    bots[f"mcts/{budgets[0]} seed A"] = (f"mcts/{budgets[0]}", 1)
    bots[f"mcts/{budgets[0]} seed B"] = (f"mcts/{budgets[0]}", 2)
    for b in budgets[1:]:
        bots[f"mcts/{b}"] = (f"mcts/{b}", 1)
    cards = load_cards()
    idols = [i.id for i in cards.idols]
    rng = np.random.default_rng(0)
    choices: dict[str, list[int]] = {name: [] for name in bots}
    started = time.perf_counter()
    for g in range(args.games):
        game = new_game(cards, list(rng.choice(idols, 2, replace=False)), seed=g)
        play = Chooser(game, [bot_spec("heuristic.tuned")] * 2, g)
        k = 0
        while not game.is_terminal():
            legal = game.legal_actions()
            if len(legal) >= 2:
                k += 1
                if k % args.every == 0:
                    for name, (spec, offset) in bots.items():
                        ask = Chooser(game, [bot_spec(spec)] * 2, 1000 * g + k + 7919 * offset)
                        choices[name].append(ask(game, legal))
            game.step(play(game, legal) if len(legal) >= 2 else legal[0])
    names = list(bots)
    n = len(choices[names[0]])
    print(f"{n:,} decisions of {args.games} games, {time.perf_counter() - started:.0f} s\n")
    print("| | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for a in names:
        same = [np.mean(np.array(choices[a]) == np.array(choices[b])) for b in names]
        print(f"| {a} | " + " | ".join(f"{x:.1%}" for x in same) + " |")


if __name__ == "__main__":
    main()
