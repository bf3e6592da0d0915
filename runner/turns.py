"""Each seat's Merit and Reputation turn by turn (the `turns/` table, docs/data-schema.md): the
game loop that keeps them (runner/tabulate.py makes them dataset columns).

The bots' game loops (strategies/drivers.py) record a game's end only. A run that keeps its
turns (`record_turns`) plays through keep_turns_loop instead: the same deal, the same bots
drawing from the same streams, so the same games, with each seat's figures written down after
every step into the row of the turn the step leaves the game in.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from avarium.runner.tabulate import Kept, played_turns
from avarium.simulator.engine._jit import njit, njit_game_loop
from avarium.simulator.engine.layout import G_DEC_PLAYER, G_DONE, G_TURN, P_MERIT, P_REP, ROW_SEAT
from avarium.simulator.engine.legal import legal_actions
from avarium.simulator.engine.play import GAME_FIELDS, record
from avarium.simulator.engine.step import step
from avarium.strategies import drivers
from avarium.strategies.drivers import choose_action, deal, forced_move, search_scratch

# Game-turns one call of the loop fills at most (games x the turn cap, 4 MB for four players):
# a chunk is played in slices of games, each kept only as long as its games' turns, so that a
# worker's memory does not grow with the turn cap.
KEPT_PER_CALL = 1 << 18
TURNS_FIELD = GAME_FIELDS.index("turns")  # each game's length in its engine row


@njit
def keep_turn(st, i, n_players, kept):
    """Write each seat's Merit and Reputation into game i's row of the current turn."""
    t = st[G_TURN] - 1
    for p in range(n_players):
        kept[i, t, p, 0] = st[ROW_SEAT + p, P_MERIT]
        kept[i, t, p, 1] = st[ROW_SEAT + p, P_REP]


@njit_game_loop(calls=(Path(drivers.__file__).resolve().parent,))  # the bots' edits recompile it
def keep_turns_loop(
    st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out, kept
):
    """drivers.play_games for any bots, also filling kept (games, turn cap, players, 2)."""
    buf, buf2, acc, deltas, base, work, prng, rngs, made = search_scratch(st, tb)
    for i in range(seeds.shape[0]):
        deal(st, tb, n_players, idols[i], bonus[i], seeds[i], config, bot_seeds[i], rngs, made)
        keep_turn(st, i, n_players, kept)
        while st[G_DONE] == 0:
            m = legal_actions(st, tb, buf)
            if m < 2:
                forced_move(st, tb, buf, m)
            else:
                p = st[G_DEC_PLAYER]
                made[p] += 1
                a = choose_action(
                    st, tb, vals, kinds[p], weights[p], rngs[p : p + 1], buf, m, deltas,
                    base, work, buf2, acc, prng,
                )  # fmt: skip
                step(st, tb, a)
            keep_turn(st, i, n_players, kept)
        record(st, i, n_players, made, out[0], out[1], out[2])


def play_keeping_turns(st, tb, vals, players, idols, bonus, seeds, bot_seeds, config, kinds,
                       weights, out, max_turns) -> Kept:  # fmt: skip
    """Play the games as drivers.play_games does, filling out, in slices of at most
    KEPT_PER_CALL game-turns; returns each seat's figures on every turn played."""
    n = len(seeds)
    step_games = max(1, KEPT_PER_CALL // max_turns)
    slices = [played_turns(np.zeros((0, max_turns, players, 2), np.int16), np.zeros(0))]
    for a in range(0, n, step_games):
        b = min(n, a + step_games)
        kept = np.zeros((b - a, max_turns, players, 2), np.int16)
        game_rows = out[0][a:b]
        keep_turns_loop(
            st, tb, vals, players, idols[a:b], bonus[a:b], seeds[a:b], bot_seeds[a:b], config,
            kinds, weights, (game_rows, out[1][a:b], out[2][a:b]), kept,
        )  # fmt: skip
        slices.append(played_turns(kept, game_rows[:, TURNS_FIELD], a))
    return Kept(*(np.concatenate(parts) for parts in zip(*slices, strict=True)))
