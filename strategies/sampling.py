"""Self-play games that note positions as they go, compiled: what `avarium train` fits the
learned evaluation to.

The games are the drivers' (the same deal, the same bots, the same streams, so the same games
as `play_games` plays with these bots); at the first decision of every turn, every seat's
features (strategies/value_model.seat_features) are noted with the game and the turn, and the
games' rows say later who won.
"""

from avarium.simulator.engine.surface import (
    G_DEC_PLAYER,
    G_DONE,
    G_PLAYERS,
    G_TURN,
    P_ALIVE,
    ROW_SEAT,
    legal_actions,
    njit_game_loop,
    record,
    step,
)
from avarium.strategies.drivers import choose_action, deal, forced_move, search_scratch
from avarium.strategies.value_model import seat_features

# The columns of a position's place: its game (index in the chunk), its turn, and a bit per seat
# still in the game.
WHERE_GAME, WHERE_TURN, WHERE_ALIVE = range(3)


@njit_game_loop
def play_and_sample(
    st, tb, vals, n_players, idols, bonus, seeds, bot_seeds, config, kinds, weights, out,
    features, where, stride, offsets, states, legal, counts, chosen,
):  # fmt: skip
    """drivers.play_games_with_lookahead's games, noting every seat's features at the first
    decision of each turn into features (rows, MAX_PLAYERS, N_VALUE_FEATURES) and the position's
    place into where (rows, 3); and every `stride`-th decision with a choice (of at most
    legal.shape[1] actions) of each game, counted from offsets[i] in game i, into states (a
    copy of the position), legal, counts (how many legal actions) and chosen (the action the
    bot took), for a policy to be fitted to. Returns the positions noted and the decisions kept
    (at most as many as there is room for)."""
    buf, buf2, acc, deltas, base, work, prng, rngs, made = search_scratch(st, tb)
    noted = 0
    kept = 0
    for i in range(seeds.shape[0]):
        deal(st, tb, n_players, idols[i], bonus[i], seeds[i], config, bot_seeds[i], rngs, made)
        last_turn = -1
        # counted per game from the game's own offset, so which decisions are kept depends on
        # neither the chunks nor a game's length (a stride longer than a game still keeps some)
        seen = offsets[i]
        while st[G_DONE] == 0:
            m = legal_actions(st, tb, buf)
            if m < 2:
                forced_move(st, tb, buf, m)
                continue
            if st[G_TURN] != last_turn and noted < where.shape[0]:
                last_turn = st[G_TURN]
                alive = 0
                for q in range(st[G_PLAYERS]):
                    if st[ROW_SEAT + q, P_ALIVE] != 0:
                        alive |= 1 << q
                        seat_features(st, tb, q, deltas, features[noted, q])
                where[noted, WHERE_GAME] = i
                where[noted, WHERE_TURN] = st[G_TURN]
                where[noted, WHERE_ALIVE] = alive
                noted += 1
            p = st[G_DEC_PLAYER]
            made[p] += 1
            keep = False
            if m <= legal.shape[1]:
                seen += 1
                keep = seen % stride == 0 and kept < states.shape[0]
            if keep:
                states[kept] = st
                legal[kept, :m] = buf[:m]
                counts[kept] = m
            a = choose_action(
                st, tb, vals, kinds[p], weights[p], rngs[p : p + 1], buf, m, deltas,
                base, work, buf2, acc, prng,
            )  # fmt: skip
            if keep:
                chosen[kept] = a
                kept += 1
            step(st, tb, a)
        record(st, i, n_players, made, out[0], out[1], out[2])
    return noted, kept
