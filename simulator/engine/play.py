"""Whole games inside compiled code: uniformly random legal players (the baseline bot).

A decision is a choice among two or more legal actions; a forced move (one legal action) is
applied without counting. The players draw from their own generator, never the deal's, so the
same seed gives the same deal whatever the players do.
"""

import numpy as np
from avarium.simulator.engine._jit import njit_driver
from avarium.simulator.engine.invariants import check_state_invariants
from avarium.simulator.engine.layout import (
    A_START,
    G_DONE,
    G_LIMIT_BREACH,
    G_N_CARDS,
    G_REASON,
    G_ROUND,
    G_TURN,
    G_WINNER,
    MAX_PLAYERS,
    MAX_TRIGGERS,
)
from avarium.simulator.engine.legal import legal_actions
from avarium.simulator.engine.rng import bot_randint
from avarium.simulator.engine.setup import deal_game
from avarium.simulator.engine.step import step
from avarium.simulator.engine.tables import H_AB_SLOTS


@njit_driver
def action_buffer_size(st, tb):
    """Room for every legal action at once: per card a recruit, two ways to play it, a fight,
    a choice, a helper and one action per ability slot; plus the seats and triggers."""
    return st[G_N_CARDS] * (6 + tb[-1, H_AB_SLOTS]) + MAX_PLAYERS + MAX_TRIGGERS + 2


@njit_driver
def play_random(st, tb, bot_rng, buf):
    """Play the game in `st` to its end with random players; returns the decisions made."""
    decisions = 0
    while st[G_DONE] == 0:
        m = legal_actions(st, tb, buf)
        if m == 0:
            raise RuntimeError("no legal action in a running game")
        if m == 1:
            step(st, tb, buf[0])
        else:
            decisions += 1
            step(st, tb, buf[bot_randint(bot_rng, m)])
    return decisions


@njit_driver
def play_random_games(st, tb, n_players, idols, bonus, seeds, bot_seeds, config, out):
    """Play len(seeds) games; out[i] = winner, reason, turns, rounds, decisions."""
    buf = np.empty(action_buffer_size(st, tb), np.int64)
    bot_rng = np.ones(1, np.int64)
    for i in range(seeds.shape[0]):
        deal_game(st, tb, n_players, idols[i], bonus, seeds[i], config)
        step(st, tb, A_START)
        bot_rng[0] = bot_seeds[i]
        d = play_random(st, tb, bot_rng, buf)
        out[i, 0] = st[G_WINNER]
        out[i, 1] = st[G_REASON]
        out[i, 2] = st[G_TURN]
        out[i, 3] = st[G_ROUND]
        out[i, 4] = d


@njit_driver
def play_checked_games(st, tb, n_players, idols, bonus, seeds, bot_seeds, config, out):
    """Like play_random_games, checking the invariants in every state a player sees.

    out[i] = winner, reason, turns, broken invariant (0 if none), a Class or hand over 5 after an
    End Phase (1/0), no legal action in a running game (1/0).
    """
    buf = np.empty(action_buffer_size(st, tb), np.int64)
    bot_rng = np.ones(1, np.int64)
    for i in range(seeds.shape[0]):
        deal_game(st, tb, n_players, idols[i], bonus, seeds[i], config)
        step(st, tb, A_START)
        bot_rng[0] = bot_seeds[i]
        broken = check_state_invariants(st)
        stuck = 0
        while st[G_DONE] == 0 and broken == 0:
            m = legal_actions(st, tb, buf)
            if m == 0:
                stuck = 1
                break
            step(st, tb, buf[bot_randint(bot_rng, m)])
            broken = check_state_invariants(st)
        out[i, 0] = st[G_WINNER]
        out[i, 1] = st[G_REASON]
        out[i, 2] = st[G_TURN]
        out[i, 3] = broken
        out[i, 4] = st[G_LIMIT_BREACH]
        out[i, 5] = stuck
