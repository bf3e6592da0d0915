"""The lookahead bot, compiled: it tries every legal action on copies of the position and plays
each copy out for a few turns with the balanced heuristic for every seat, then keeps the action
whose playouts end best for it (by the position value of avarium.strategies.features).

Before copying, it forgets what its player cannot know: the order of the Library and the School
and the enemies' hands are dealt afresh from its own random stream (`determinize`), so its
choice depends only on what its player sees. Every action is tried on the same deals and
playout streams (common random numbers), so differences between actions are not luck.
"""

from avarium.simulator.engine.surface import (
    C_LIBRARY,
    C_LISTPOS,
    C_OWNED,
    C_OWNER,
    C_SCHOOL,
    C_SCR_A,
    C_YARD,
    C_ZONE,
    D_FIGHT_TARGET,
    D_HELPER,
    D_MAIN,
    D_PRIORITY,
    D_SUPPORT_ATT,
    D_SUPPORT_DEF,
    D_TARGET,
    D_TARGET_PLAYER,
    G_DEC,
    G_DEC_PLAYER,
    G_DONE,
    G_LIB_HEAD,
    G_LIB_N,
    G_N_CARDS,
    G_PLAYERS,
    G_RNG,
    G_SCHOOL_HEAD,
    G_SCHOOL_N,
    G_STEP,
    G_TURN,
    G_WINNER,
    G_YARD_N,
    MAX_PLAYERS,
    P_N_OWNED,
    P_SCR,
    ROW_CARD,
    ROW_SEAT,
    S_PLAN,
    Z_COURTYARD,
    Z_HAND,
    Z_LIBRARY,
    Z_SCHOOL,
    bot_randint,
    copy_state,
    hand_size,
    legal_actions,
    move,
    njit,
    step,
)
from avarium.strategies.features import position_value
from avarium.strategies.heuristic import heuristic_choose
from avarium.strategies.weights import W_HORIZON, W_PLAYOUTS

WINS_AT_ONCE = 1e6
MAX_PLAYOUT_ACTIONS = 3000  # a playout stops here whatever happens (the game's own caps hold too)


@njit
def _shuffle_scratch(st, k, rng):
    for i in range(k - 1, 0, -1):
        j = bot_randint(rng, i + 1)
        x = st[ROW_CARD + i, C_SCR_A]
        st[ROW_CARD + i, C_SCR_A] = st[ROW_CARD + j, C_SCR_A]
        st[ROW_CARD + j, C_SCR_A] = x


@njit
def _rebuild_lists(st):
    """Every seat's card list and the Courtyard's in card order, so nothing about the hidden
    cards that left them shows in the order of what is left."""
    for q in range(MAX_PLAYERS):
        st[ROW_SEAT + q, P_N_OWNED] = 0
    st[G_YARD_N] = 0
    for c in range(st[G_N_CARDS]):
        o = st[ROW_CARD + c, C_OWNER]
        if o >= 0:
            n = st[ROW_SEAT + o, P_N_OWNED]
            st[ROW_CARD + n, C_OWNED + o] = c
            st[ROW_CARD + c, C_LISTPOS] = n
            st[ROW_SEAT + o, P_N_OWNED] = n + 1
        elif st[ROW_CARD + c, C_ZONE] == Z_COURTYARD:
            n = st[G_YARD_N]
            st[ROW_CARD + n, C_YARD] = c
            st[ROW_CARD + c, C_LISTPOS] = n
            st[G_YARD_N] = n + 1
        else:
            st[ROW_CARD + c, C_LISTPOS] = -1


@njit
def determinize(st, p, rng):
    """Deal what seat p cannot see afresh in `st` (a copy): the Library and the enemy hands
    from one pool, the School, and the deal's own generator. The result depends only on what p
    sees and on rng: pools are gathered in card order before they are shuffled."""
    n = st[G_N_CARDS]
    for q in range(st[G_PLAYERS]):
        st[ROW_SEAT + q, P_SCR] = hand_size(st, q) if q != p else 0
    k = 0
    for c in range(n):
        z = st[ROW_CARD + c, C_ZONE]
        if z == Z_LIBRARY or (z == Z_HAND and st[ROW_CARD + c, C_OWNER] != p):
            st[ROW_CARD + k, C_SCR_A] = c
            k += 1
    _shuffle_scratch(st, k, rng)
    i = 0
    for q in range(st[G_PLAYERS]):
        for _ in range(st[ROW_SEAT + q, P_SCR]):
            c = st[ROW_CARD + i, C_SCR_A]
            if st[ROW_CARD + c, C_ZONE] != Z_HAND or st[ROW_CARD + c, C_OWNER] != q:
                move(st, c, Z_HAND, q)
            i += 1
    lib = 0
    for j in range(i, k):
        c = st[ROW_CARD + j, C_SCR_A]
        if st[ROW_CARD + c, C_ZONE] != Z_LIBRARY:
            move(st, c, Z_LIBRARY, -1)
        st[ROW_CARD + lib, C_LIBRARY] = c
        lib += 1
    st[G_LIB_HEAD] = 0
    st[G_LIB_N] = lib
    k = 0
    for c in range(n):
        if st[ROW_CARD + c, C_ZONE] == Z_SCHOOL:
            st[ROW_CARD + k, C_SCR_A] = c
            k += 1
    _shuffle_scratch(st, k, rng)
    for j in range(k):
        st[ROW_CARD + j, C_SCHOOL] = st[ROW_CARD + j, C_SCR_A]
    st[G_SCHOOL_HEAD] = 0
    st[G_SCHOOL_N] = k
    _rebuild_lists(st)
    st[G_RNG] = 1 + bot_randint(rng, 2_000_000_000)


@njit
def playout(st, tb, vals, w, p, rng, buf, deltas, stop_turn):
    """Play on (play_on) and return the position's value for seat p."""
    play_on(st, tb, vals, w, rng, buf, deltas, stop_turn)
    return position_value(st, tb, p, w, deltas)


@njit
def play_on(st, tb, vals, w, rng, buf, deltas, stop_turn):
    """Play on with the heuristic for every seat until the Plan Phase of turn `stop_turn` (so
    its Start Phase, with its Win-Con check and Reputation, is seen) or the game's end (the MCTS
    bot's evaluation plays on the same way)."""
    k = 0
    while st[G_DONE] == 0 and k < MAX_PLAYOUT_ACTIONS:
        if st[G_TURN] > stop_turn or (st[G_TURN] == stop_turn and st[G_STEP] >= S_PLAN):
            break
        m = legal_actions(st, tb, buf)
        if m == 0:
            break
        if m == 1:
            step(st, tb, buf[0])
        else:
            step(st, tb, heuristic_choose(st, tb, vals, w, rng, buf, m, deltas))
        k += 1


@njit
def worth_looking_ahead(dec):
    return (
        dec == D_MAIN
        or dec == D_PRIORITY
        or dec == D_FIGHT_TARGET
        or dec == D_TARGET
        or dec == D_TARGET_PLAYER
        or dec == D_SUPPORT_ATT
        or dec == D_SUPPORT_DEF
        or dec == D_HELPER
    )


@njit
def lookahead_choose(st, tb, vals, w, rng, buf, m, deltas, base, work, buf2, acc, prng):
    """The legal action in buf[:m] whose playouts end best for the deciding seat.

    base, work: scratch states shaped like st; buf2: an action buffer; acc: m floats;
    prng: a one-element stream for the playouts. Decisions that are mere bookkeeping (paying,
    trashing, splitting damage, the class limit) go to the heuristic."""
    dec = st[G_DEC]
    if not worth_looking_ahead(dec) or w[W_PLAYOUTS] < 1:
        return heuristic_choose(st, tb, vals, w, rng, buf, m, deltas)
    p = st[G_DEC_PLAYER]
    stop_turn = st[G_TURN] + int(w[W_HORIZON])
    for i in range(m):
        acc[i] = 0.0
    for _ in range(int(w[W_PLAYOUTS])):
        copy_state(base, st)
        determinize(base, p, rng)
        seed = 1 + bot_randint(rng, 2_000_000_000)
        for i in range(m):
            copy_state(work, base)
            step(work, tb, buf[i])
            if work[G_DONE] != 0 and work[G_WINNER] == p:
                acc[i] += WINS_AT_ONCE  # a win now beats the same win later in the turn
            prng[0] = seed
            acc[i] += playout(work, tb, vals, w, p, prng, buf2, deltas, stop_turn)
    best = 0
    ties = 1
    for i in range(1, m):
        if acc[i] > acc[best] + 1e-9:
            best = i
            ties = 1
        elif acc[i] > acc[best] - 1e-9:
            ties += 1
            if bot_randint(rng, ties) == 0:
                best = i
    return buf[best]
