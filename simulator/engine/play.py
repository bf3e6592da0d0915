"""What every game loop shares below the bots: the action buffer's size, the row layout of a
played game and record(), which writes it; and the checked random games of `avarium check`.

The game loops that bench, simulate, the ladder, tune-bonus and sweep play through are in
strategies/drivers.py (they call the bots); a step-by-step game (replays, Python bots) is
recorded by the same record(). A decision is a choice among two or more legal actions; a forced
move (one legal action) is applied without counting. The players draw from their own generator,
never the deal's, so the same seed gives the same deal whatever the players do.
"""

import numpy as np
from avarium.simulator.engine._jit import njit, njit_driver, njit_game_loop
from avarium.simulator.engine.invariants import check_state_invariants
from avarium.simulator.engine.layout import (
    A_START,
    C_DEF,
    C_SEEN,
    G_DONE,
    G_LIMIT_BREACH,
    G_N_CARDS,
    G_REASON,
    G_ROUND,
    G_TURN,
    G_WINNER,
    MAX_PLAYERS,
    MAX_TRIGGERS,
    P_ALIVE,
    P_MERIT,
    P_N_EXPELLED,
    P_N_FIGHTS,
    P_N_RECRUITED,
    P_N_SCHEMES,
    P_PLACE,
    P_REP,
    ROW_CARD,
    ROW_SEAT,
    SEEN_TAKEN,
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
    return st[G_N_CARDS] * (6 + tb[tb.shape[0] - 1, H_AB_SLOTS]) + MAX_PLAYERS + MAX_TRIGGERS + 2


# The row layout of a played game, as the dataset stores it (runner/tabulate.py names
# the columns): what record() writes, for every game loop and for games played step by step.
GAME_FIELDS = ("winner", "reason", "turns", "rounds", "decisions")
SEAT_FIELDS = (
    "merit",
    "reputation",
    "alive",
    "expelled_order",
    "recruited",
    "expelled",
    "schemes_played",
    "fights",
    "decisions",
)
SEEN_OFFERED_BIT = 1
SEEN_TAKEN_BIT = 2


@njit
def record(st, i, n_players, made, out_game, out_seat, out_seen):
    """Write game i's result, its seats' figures (made[p]: seat p's decisions) and what each
    seat was offered and took: rows laid out as GAME_FIELDS, SEAT_FIELDS and the SEEN bits."""
    total = 0
    for p in range(n_players):
        r = ROW_SEAT + p
        out_seat[i, p, 0] = st[r, P_MERIT]
        out_seat[i, p, 1] = st[r, P_REP]
        out_seat[i, p, 2] = st[r, P_ALIVE]
        out_seat[i, p, 3] = st[r, P_PLACE]
        out_seat[i, p, 4] = st[r, P_N_RECRUITED]
        out_seat[i, p, 5] = st[r, P_N_EXPELLED]
        out_seat[i, p, 6] = st[r, P_N_SCHEMES]
        out_seat[i, p, 7] = st[r, P_N_FIGHTS]
        out_seat[i, p, 8] = made[p]
        total += made[p]
    out_game[i, 0] = st[G_WINNER]
    out_game[i, 1] = st[G_REASON]
    out_game[i, 2] = st[G_TURN]
    out_game[i, 3] = st[G_ROUND]
    out_game[i, 4] = total
    for c in range(st[G_N_CARDS]):
        bits = st[ROW_CARD + c, C_SEEN]
        if bits == 0:
            continue
        d = st[ROW_CARD + c, C_DEF]
        for p in range(n_players):
            if (bits >> p) & 1:
                out_seen[i, p, d] |= SEEN_OFFERED_BIT
            if (bits >> (SEEN_TAKEN + p)) & 1:
                out_seen[i, p, d] |= SEEN_TAKEN_BIT


@njit_game_loop
def play_checked_games(st, tb, n_players, idols, bonus, seeds, bot_seeds, config, out):
    """Play len(seeds) games between uniformly random players (one stream, bot_seeds[i], for
    both), checking the invariants in every state a player sees.

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
