"""The engine side by side with OpenSpiel's C++ crazy_eights (issue 17's anchor).

    pip install -e '.[bench]'            # open_spiel
    python benchmarks/anchor_openspiel.py [--pairs 3] [--games 20000] [--heuristic-games 5000]

Plays, in one process and in turn (A B A B ..., `--pairs` pairs), OpenSpiel's crazy_eights for
two players with uniformly random bots inside C++ (`pyspiel.evaluate_bots`, one Python call per
game) and `avarium bench`'s games (2 players, the bundled set, every ordered Idol pairing in
turn): random players, then heuristic against heuristic. Times each with the process's CPU
clock, so the figures are per core, and prints each figure's median and the ratios taken pair
by pair, which hold when the machine's speed drifts between pairs (absolute figures on a shared
machine move by a quarter; a ratio from the same pair moves far less).

A decision is what `avarium bench` counts: a choice among two or more legal actions (a forced
move is not one, nor a chance node). `evaluate_bots` does not report its moves, so OpenSpiel's
decisions per game are counted on `--sample` games played from Python with the same random
players, and its decisions per second are its C++ games per second times that mean. The
figure counting every player node (forced moves too, as OpenSpiel's own tables do) is printed
beside it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

try:
    import pyspiel
except ModuleNotFoundError:  # the optional `bench` extra
    raise SystemExit(
        "anchor_openspiel.py needs OpenSpiel: pip install -e '.[bench]' (the open_spiel wheel)"
    ) from None
from avarium.simulator.cards.loader import load_cards
from avarium.workflows.bench import bot_games, random_games

GAME = "crazy_eights(players=2)"


def openspiel_sample(game, n: int, seed: int) -> tuple[float, float]:
    """Mean choices (2+ legal actions) and mean player nodes per game, from Python."""
    rng = random.Random(seed)
    choices = nodes = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            legal = state.legal_actions()
            nodes += 1
            choices += len(legal) >= 2
            state.apply_action(rng.choice(legal))
    return choices / n, nodes / n


def openspiel_games(game, n: int, seed: int) -> float:
    """CPU seconds for n games with C++ uniformly random bots."""
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    c0 = time.process_time()
    for i in range(n):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + i)
    return time.process_time() - c0


def avarium_random(cards, n: int, seed: int) -> tuple[float, float]:
    """Games and decisions per CPU second of n random-player games."""
    c0 = time.process_time()
    out, _ = random_games(cards, n, seed)
    cpu = time.process_time() - c0
    return n / cpu, float(out[:, 4].sum()) / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=3, help="A B pairs (at least 3)")
    parser.add_argument("--games", type=int, default=20_000, help="random games a turn, each")
    parser.add_argument("--heuristic-games", type=int, default=5_000, help="a turn")
    parser.add_argument("--sample", type=int, default=2_000, help="OpenSpiel games from Python")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.pairs < 3:
        parser.error("--pairs: at least 3")

    game = pyspiel.load_game(GAME)
    cards = load_cards()
    choices, nodes = openspiel_sample(game, args.sample, args.seed)
    # Compile the engine or load it from the cache before anything is timed.
    random_games(cards, 2, args.seed)
    bot_games(cards, ("heuristic", "heuristic"), 2, args.seed)
    openspiel_games(game, 10, args.seed)

    rows = []
    for k in range(args.pairs):
        seed = args.seed + 1000 * k
        os_cpu = openspiel_games(game, args.games, seed)
        os_games = args.games / os_cpu
        av_games, av_decisions = avarium_random(cards, args.games, seed)
        heur = bot_games(cards, ("heuristic", "heuristic"), args.heuristic_games, seed)
        h_games = heur["games_per_second_per_core"]
        h_decisions = h_games * heur["mean_decisions_per_game"]
        rows.append(
            {
                "openspiel games/s": os_games,
                "openspiel decisions/s": os_games * choices,
                "openspiel player nodes/s": os_games * nodes,
                "avarium random games/s": av_games,
                "avarium random decisions/s": av_decisions,
                "avarium heuristic games/s": h_games,
                "avarium heuristic decisions/s": h_decisions,
                "ratio: random decisions/s": av_decisions / (os_games * choices),
                "ratio: random decisions/s to player nodes/s": av_decisions / (os_games * nodes),
                "ratio: heuristic decisions/s": h_decisions / (os_games * choices),
            }
        )
        print(f"pair {k + 1}: " + ", ".join(f"{key} {v:,.2f}" for key, v in rows[-1].items()))

    print(f"\n{GAME}: {choices:.1f} choices (2+ legal actions) and {nodes:.1f} player nodes a game")
    print(f"medians of {args.pairs} pairs (per CPU second, one core; ratios pair by pair):")
    for key in rows[0]:
        values = [r[key] for r in rows]
        low, high = min(values), max(values)
        median = statistics.median(values)
        fmt = ".3f" if key.startswith("ratio") else ",.0f"
        print(f"  {key:45} {median:{fmt}}   ({low:{fmt}} to {high:{fmt}})")


if __name__ == "__main__":
    main()
