"""Whole games between built-in bots inside compiled code (the one game loop that bench,
simulate, the ladder, tune-bonus and sweep play through), and the one-decision entry point
the Python side uses (transcripts, replays, the hidden-information checks). What a game's rows
hold, and the record() that writes them, is the engine's (simulator/engine/play.py).

Each seat's bot has its own random stream, derived from the game's bot seed and the seat, so
two bots with the same seed face the same deal and a bot's randomness never touches the deal.
"""

import numpy as np
from avarium.simulator.engine.surface import (
    A_START,
    G_DEC_PLAYER,
    G_DONE,
    MAX_PLAYERS,
    action_buffer_size,
    bot_randint,
    deal_game,
    next_legal_actions,
    njit,
    njit_entry,
    njit_game_loop,
    njit_inline,
    record,
    step,
    xorshift32,
)
from avarium.strategies.features import SCRATCH_SIZE
from avarium.strategies.heuristic import heuristic_choose
from avarium.strategies.lookahead import lookahead_choose
from avarium.strategies.mcts import mcts_choose
from avarium.strategies.weights import KIND_LOOKAHEAD, KIND_MCTS, KIND_RANDOM
from numba.extending import overload


@njit
def seat_stream(bot_seed, seat):
    """The starting state of seat `seat`'s random stream in a game with this bot seed."""
    x = (bot_seed ^ ((seat + 1) * 0x9E3779B9)) & 0xFFFFFFFF
    if x == 0:
        x = 0x6D2B79F5
    for _ in range(3):
        x = xorshift32(x)
    return x


@njit
def choose_quickly(st, tb, vals, kind, w, rng, buf, m, deltas):
    """The action a random or heuristic bot takes among the m >= 2 legal actions in buf."""
    if kind == KIND_RANDOM:
        return buf[bot_randint(rng, m)]
    return heuristic_choose(st, tb, vals, w, rng, buf, m, deltas)


@njit_entry
def choose_action(st, tb, vals, kind, w, rng, buf, m, deltas, base, work, buf2, acc, prng):
    """The action seat `st[G_DEC_PLAYER]`'s bot (kind, weights w, stream rng) takes among the
    m >= 2 legal actions in buf."""
    if kind == KIND_LOOKAHEAD:
        return lookahead_choose(st, tb, vals, w, rng, buf, m, deltas, base, work, buf2, acc, prng)
    if kind == KIND_MCTS:
        return mcts_choose(st, tb, vals, w, rng, buf, m, deltas, base, buf2, prng)
    return choose_quickly(st, tb, vals, kind, w, rng, buf, m, deltas)


# One game loop, compiled twice: for random and heuristic seats, and for any seats. Numba
# compiles everything a function can reach, and the searching bots (their playouts, their copies
# of the state) are a good part of a cold compile that a run without such seats need not wait
# for. play_games is the one entry (bench, simulate and everything the runner plays call it) and
# the one place that picks between the two.


def play_games(
    st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out
):
    """Play len(seeds) games with a bot per seat (kinds[p], weights[p]); game i is dealt with
    idols[i], bonus[i] and seeds[i]. Fills out: a tuple of (game rows, seat rows, seen bits)
    shaped (n, GAME_FIELDS), (n, players, SEAT_FIELDS) and (n, players, definitions).

    Random and heuristic seats are played by play_games_quickly; a chunk with a searching seat
    by play_games_with_lookahead. (Compiled code calling play_games gets play_games_quickly.)"""
    searching = False
    for p in range(n_players):
        searching |= kinds[p] == KIND_LOOKAHEAD or kinds[p] == KIND_MCTS
    if searching:
        play_games_with_lookahead(
            st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out
        )
    else:
        play_games_quickly(
            st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out,
            quick_scratch(st, tb),
        )  # fmt: skip


def quick_scratch(st, tb):
    """play_games_quickly's scratch arrays (it allocates nothing itself): the legal actions,
    the heuristic's scratch, each seat's random stream and its decisions."""
    return (
        np.empty(action_buffer_size(st, tb), np.int64),
        np.zeros(SCRATCH_SIZE, np.int64),
        np.ones(MAX_PLAYERS, np.int64),
        np.zeros(MAX_PLAYERS, np.int64),
    )


@overload(play_games)
def _play_games_compiled(
    st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out
):
    def quickly(
        st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out
    ):
        scratch = (
            np.empty(action_buffer_size(st, tb), np.int64),
            np.zeros(SCRATCH_SIZE, np.int64),
            np.ones(MAX_PLAYERS, np.int64),
            np.zeros(MAX_PLAYERS, np.int64),
        )
        play_games_quickly(
            st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out,
            scratch,
        )  # fmt: skip

    return quickly


@njit_game_loop(nrt=False)
def play_games_quickly(
    st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out, scratch
):
    """play_games for random and heuristic bots only (kinds[p], weights[p]); scratch is
    quick_scratch's, so the loop allocates nothing and counts no references."""
    buf, deltas, rngs, made = scratch
    for i in range(seeds.shape[0]):
        deal(st, tb, n_players, idols[i], bonus[i], seeds[i], config, bot_seeds[i], rngs, made)
        while st[G_DONE] == 0:
            m = next_legal_actions(st, tb, buf)
            if m < 2:
                forced_move(st, tb, buf, m)
                continue
            p = st[G_DEC_PLAYER]
            made[p] += 1
            a = choose_quickly(st, tb, vals, kinds[p], weights[p], rngs[p : p + 1], buf, m, deltas)
            step(st, tb, a)
        record(st, i, n_players, made, out[0], out[1], out[2])


@njit_game_loop
def play_games_with_lookahead(
    st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out
):
    """play_games for any bots, the lookahead and the MCTS included."""
    buf, buf2, acc, deltas, base, work, prng, rngs, made = search_scratch(st, tb)
    for i in range(seeds.shape[0]):
        deal(st, tb, n_players, idols[i], bonus[i], seeds[i], config, bot_seeds[i], rngs, made)
        while st[G_DONE] == 0:
            play_one_step(
                st, tb, vals, kinds, weights, rngs, buf, deltas, base, work, buf2, acc, prng, made
            )
        record(st, i, n_players, made, out[0], out[1], out[2])


@njit_inline
def play_one_step(st, tb, vals, kinds, weights, rngs, buf, deltas, base, work, buf2, acc, prng,
                  made):  # fmt: skip
    """One step of a game with any bots: the forced move, or the deciding seat's bot chooses
    (counted in `made`) and its action is played."""
    m = next_legal_actions(st, tb, buf)
    if m < 2:
        forced_move(st, tb, buf, m)
        return
    p = st[G_DEC_PLAYER]
    made[p] += 1
    a = choose_action(
        st, tb, vals, kinds[p], weights[p], rngs[p : p + 1], buf, m, deltas,
        base, work, buf2, acc, prng,
    )  # fmt: skip
    step(st, tb, a)


@njit_inline
def search_scratch(st, tb):
    """A game loop's scratch with searching seats: two action buffers and the lookahead's
    scores, the bots' scratch, two scratch states, the playouts' stream, each seat's stream and
    its decisions."""
    size = action_buffer_size(st, tb)
    return (
        np.empty(size, np.int64),
        np.empty(size, np.int64),
        np.empty(size, np.float64),
        np.zeros(SCRATCH_SIZE, np.int64),
        np.empty_like(st),
        np.empty_like(st),
        np.ones(1, np.int64),
        np.ones(MAX_PLAYERS, np.int64),
        np.zeros(MAX_PLAYERS, np.int64),
    )


@njit_inline
def deal(st, tb, n_players, idols, bonus, seed, config, bot_seed, rngs, made):
    """Set up a game and its seats' random streams and decision counts."""
    deal_game(st, tb, n_players, idols, bonus, seed, config)
    step(st, tb, A_START)
    for p in range(MAX_PLAYERS):
        rngs[p] = seat_stream(bot_seed, p)
        made[p] = 0


@njit_inline
def forced_move(st, tb, buf, m):
    """Play the only legal action; a running game with none is a bug in the engine."""
    if m == 0:
        raise RuntimeError("no legal action in a running game")
    step(st, tb, buf[0])
