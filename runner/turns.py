"""Each seat's Merit, Reputation and progress towards its Win-Con turn by turn (the `turns/`
table, docs/data-schema.md): the game loop that keeps them (runner/tabulate.py makes them
dataset columns).

The bots' game loops (strategies/drivers.py) record a game's end only. A run that keeps its
turns (`record_turns`) plays through keep_turns_loop instead: the same deal and the same step
of a game as the bots' loop (drivers.deal, drivers.play_one_step), so the same games, with each
seat's figures written down after every step into the row of the turn the step leaves the game
in.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from avarium.runner.tabulate import FIGURES, Kept, played_turns
from avarium.simulator.constants import Cmp
from avarium.simulator.engine import tables
from avarium.simulator.engine._jit import njit, njit_game_loop
from avarium.simulator.engine.conditions import value_of
from avarium.simulator.engine.layout import (
    C_DEF,
    G_DONE,
    G_TURN,
    P_ALIVE,
    P_IDOL,
    P_MERIT,
    P_REP,
    ROW_CARD,
    ROW_SEAT,
)
from avarium.simulator.engine.play import GAME_FIELDS, record
from avarium.simulator.engine.tables import T_WINCON_COND
from avarium.strategies import drivers
from avarium.strategies.drivers import deal, play_one_step, search_scratch

# Game-turns one call of the loop fills at most (games x the turn cap, 4 MB for four players):
# a chunk is played in slices of games, each kept only as long as its games' turns, so that a
# worker's memory does not grow with the turn cap.
KEPT_PER_CALL = 1 << 18
TURNS_FIELD = GAME_FIELDS.index("turns")  # each game's length in its engine row


# A Win-Con's progress when it holds: progress is kept in thousandths.
WINCON_MET = 1000


@njit
def wincon_progress(st, tb, p):
    """Seat p's progress towards its Idol's Win-Con, in thousandths, read from the position as
    the engine's own check reads it (the same values of the same clauses), never changing it.
    A Win-Con is clauses that must all hold; each clause counts as met (WINCON_MET), as its
    left side's share of what it needs when it asks for at least a number (`your merit >= 30`
    at 24 Merit: 800; `your rep > max enemy rep` needs one more than the best enemy's), and as
    0 when it asks for anything else and does not hold. The Win-Con's progress is its least
    clause's: WINCON_MET exactly when the Win-Con holds (a start-of-turn Win-Con then wins at
    the seat's next Start Phase). 0 for a seat expelled, or an Idol without a Win-Con."""
    if st[ROW_SEAT + p, P_ALIVE] == 0:
        return 0
    idol = st[ROW_SEAT + p, P_IDOL]
    cond = tb[st[ROW_CARD + idol, C_DEF], T_WINCON_COND]
    if cond < 0:
        return 0
    least = WINCON_MET
    for k in range(tb[cond, tables.T_COND_START], tb[cond, tables.T_COND_END]):
        left = value_of(st, tb, tb[k, tables.T_CL_LEFT], p, idol)
        right = value_of(st, tb, tb[k, tables.T_CL_RIGHT], p, idol)
        cmp = tb[k, tables.T_CL_CMP]
        share = 0
        if (cmp == Cmp.GE and left >= right) or (cmp == Cmp.GT and left > right):
            share = WINCON_MET
        elif cmp == Cmp.GE or cmp == Cmp.GT:
            need = right if cmp == Cmp.GE else right + 1
            share = WINCON_MET * max(left, 0) // need if need > 0 else 0
        elif (
            (cmp == Cmp.EQ and left == right)
            or (cmp == Cmp.NE and left != right)
            or (cmp == Cmp.LT and left < right)
            or (cmp == Cmp.LE and left <= right)
        ):
            share = WINCON_MET
        least = min(least, share)
    return least


@njit
def keep_turn(st, tb, i, n_players, kept):
    """Write each seat's Merit, Reputation and Win-Con progress into game i's row of the
    current turn."""
    t = st[G_TURN] - 1
    for p in range(n_players):
        kept[i, t, p, 0] = st[ROW_SEAT + p, P_MERIT]
        kept[i, t, p, 1] = st[ROW_SEAT + p, P_REP]
        kept[i, t, p, 2] = wincon_progress(st, tb, p)


@njit_game_loop(calls=(Path(drivers.__file__).resolve().parent,))  # the bots' edits recompile it
def keep_turns_loop(
    st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out, kept
):
    """drivers.play_games for any bots, also filling kept (games, turn cap, players, FIGURES)."""
    buf, buf2, acc, deltas, base, work, prng, rngs, made = search_scratch(st, tb)
    for i in range(seeds.shape[0]):
        deal(st, tb, n_players, idols[i], bonus[i], seeds[i], config, bot_seeds[i], rngs, made)
        keep_turn(st, tb, i, n_players, kept)
        while st[G_DONE] == 0:
            play_one_step(
                st, tb, vals, kinds, weights, rngs, buf, deltas, base, work, buf2, acc, prng, made
            )
            keep_turn(st, tb, i, n_players, kept)
        record(st, i, n_players, made, out[0], out[1], out[2])


def play_keeping_turns(st, tb, vals, players, idols, bonus, seeds, bot_seeds, config, kinds,
                       weights, out, max_turns) -> Kept:  # fmt: skip
    """Play the games as drivers.play_games does, filling out, in slices of at most
    KEPT_PER_CALL game-turns; returns each seat's figures on every turn played."""
    n = len(seeds)
    step_games = max(1, KEPT_PER_CALL // max_turns)
    slices = [played_turns(np.zeros((0, max_turns, players, FIGURES), np.int16), np.zeros(0))]
    for a in range(0, n, step_games):
        b = min(n, a + step_games)
        kept = np.zeros((b - a, max_turns, players, FIGURES), np.int16)
        game_rows = out[0][a:b]
        keep_turns_loop(
            st, tb, vals, players, idols[a:b], bonus[a:b], seeds[a:b], bot_seeds[a:b], config,
            kinds, weights, (game_rows, out[1][a:b], out[2][a:b]), kept,
        )  # fmt: skip
        slices.append(played_turns(kept, game_rows[:, TURNS_FIELD], a))
    return Kept(*(np.concatenate(parts) for parts in zip(*slices, strict=True)))
