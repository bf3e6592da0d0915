"""Setting up a game (rulebook section 3 and section 9, ruling 1)."""

import numpy as np
from avarium.simulator.constants import CardKind
from avarium.simulator.engine._jit import njit, njit_entry
from avarium.simulator.engine.layout import (
    A_START,
    C_DEF,
    C_LIBRARY,
    C_LISTPOS,
    C_OWNER,
    C_SCHOOL,
    C_TRAITS,
    C_ZONE,
    G_AB_SLOTS,
    G_ACTIVE,
    G_LIB_CAP,
    G_LIB_HEAD,
    G_LIB_N,
    G_MAX_ACTIONS,
    G_MAX_TURNS,
    G_N_CARDS,
    G_OPT_SCHOOL,
    G_OPT_SPLIT,
    G_OPT_TIE,
    G_PLAYERS,
    G_RES_EFF,
    G_RNG,
    G_ROUND,
    G_SCHOOL_CAP,
    G_SCHOOL_HEAD,
    G_SCHOOL_N,
    G_STEP,
    G_TURN,
    G_WINNER,
    K_TARGET,
    MAX_EFFECTS,
    MAX_PLAYERS,
    MAX_STACK,
    P_ALIVE,
    P_BONUS,
    P_DISC_RECRUIT,
    P_DISC_SCHEME,
    P_FIRST_TURN,
    P_HELPED,
    P_IDOL,
    P_MERIT,
    P_N_EXPELLED,
    P_N_FIGHTS,
    P_N_RECRUITED,
    P_N_SCHEMES,
    P_PLACE,
    P_REP,
    P_TURNS_TAKEN,
    ROW_CARD,
    ROW_SEAT,
    ROW_STACK,
    S_START_WINCON,
    STUDENT_CARD,
    STUDENT_COST_SHIFT,
    TRIGGERS_SHIFT,
    Z_BOX,
    Z_CLASS,
    Z_LIBRARY,
    Z_SCHOOL,
)
from avarium.simulator.engine.rng import shuffle
from avarium.simulator.engine.step import step
from avarium.simulator.engine.tables import (
    H_AB_SLOTS,
    T_COST,
    T_KIND,
    T_MERIT,
    T_TRAITS,
    T_TRIGGERS,
)
from avarium.simulator.engine.zones import move, refill_courtyard

_STUDENT = int(CardKind.STUDENT)
_SCHEME = int(CardKind.SCHEME)

# Positions in the `config` array given to setup_game.
CFG_MAX_TURNS = 0
CFG_MAX_ACTIONS = 1
CFG_OPT_SCHOOL = 2
CFG_OPT_TIE = 3
CFG_OPT_SPLIT = 4
CFG_FIRST_SEAT = 5  # FIRST_* bits of the first seat's first turn (the seat levers)
CFG_LAST_SEAT = 6  # FIRST_* bits of the last seat's first turn
N_CONFIG = 7


@njit_entry
def setup_game(st, tb, n_players, idols, bonus, seed, config):
    """Deal a new game into `st` and advance to the first decision.

    idols[p] is the definition index of seat p's Idol, bonus[p] its starting Reputation; seat 0
    goes first. `seed` is the non-zero 32-bit state of the deal's generator.
    """
    deal_game(st, tb, n_players, idols, bonus, seed, config)
    step(st, tb, A_START)


@njit
def deal_game(st, tb, n_players, idols, bonus, seed, config):
    """Setup, section 3: everything before the first player's Start Phase. A compiled game
    loop deals with this, then starts the game with step(A_START) (see step)."""
    n = st[G_N_CARDS]
    school_cap = st[G_SCHOOL_CAP]
    lib_cap = st[G_LIB_CAP]
    st[:ROW_CARD, :] = 0  # scalars, seats, stack, triggers, declaration
    st[ROW_CARD:, C_DEF + 1 :] = 0  # every card column but its definition
    st[ROW_CARD:, C_OWNER] = -1  # in no list yet (move keeps the lists from here on)
    for c in range(n):
        d = st[ROW_CARD + c, C_DEF]
        st[ROW_CARD + c, C_TRAITS] = tb[d, T_TRAITS] + (
            np.int64(tb[d, T_TRIGGERS]) << TRIGGERS_SHIFT
        )
        if tb[d, T_TRAITS] & STUDENT_CARD:  # its cost too, for its seat's best payer
            st[ROW_CARD + c, C_TRAITS] += np.int64(tb[d, T_COST]) << STUDENT_COST_SHIFT
    st[ROW_CARD:, C_LISTPOS] = -1
    st[G_N_CARDS] = n
    st[G_SCHOOL_CAP] = school_cap
    st[G_LIB_CAP] = lib_cap
    st[G_RNG] = seed
    # every card is now fresh, in no list and in the Box (Z_BOX is 0): a move there would
    # change nothing, so none is made (a move a card costs a deal about 1% of random games)
    for p in range(MAX_PLAYERS):
        st[ROW_SEAT + p, P_MERIT] = 0
        st[ROW_SEAT + p, P_REP] = 0
        st[ROW_SEAT + p, P_ALIVE] = 0
        st[ROW_SEAT + p, P_IDOL] = -1
        st[ROW_SEAT + p, P_TURNS_TAKEN] = 0
        st[ROW_SEAT + p, P_N_EXPELLED] = 0
        st[ROW_SEAT + p, P_N_RECRUITED] = 0
        st[ROW_SEAT + p, P_N_SCHEMES] = 0
        st[ROW_SEAT + p, P_N_FIGHTS] = 0
        st[ROW_SEAT + p, P_DISC_RECRUIT] = 0
        st[ROW_SEAT + p, P_DISC_SCHEME] = 0
        st[ROW_SEAT + p, P_HELPED] = 0
        st[ROW_SEAT + p, P_PLACE] = 0
        st[ROW_SEAT + p, P_BONUS] = 0
    st[ROW_STACK : ROW_STACK + MAX_STACK, K_TARGET : K_TARGET + MAX_EFFECTS] = -1
    # 1-2: each player's Idol in their Class, Merit from the Idol, Reputation from the seat bonus
    for p in range(n_players):
        for c in range(n):
            if st[ROW_CARD + c, C_DEF] == idols[p] and st[ROW_CARD + c, C_ZONE] == Z_BOX:
                move(st, c, Z_CLASS, p)
                st[ROW_SEAT + p, P_IDOL] = c
                break
        st[ROW_SEAT + p, P_MERIT] = tb[idols[p], T_MERIT]
        st[ROW_SEAT + p, P_REP] = bonus[p]
        st[ROW_SEAT + p, P_BONUS] = bonus[p]
        st[ROW_SEAT + p, P_ALIVE] = 1
    # the seat levers: a first turn that leaves out or adds a step (read once a turn, so a game
    # without them plays as before)
    st[ROW_SEAT + 0, P_FIRST_TURN] = config[CFG_FIRST_SEAT]
    st[ROW_SEAT + n_players - 1, P_FIRST_TURN] |= config[CFG_LAST_SEAT]
    # 3-5: the Students in the School and the Schemes in the Library, in card order, in one
    # pass; each is a fresh card of no seat moved from the Box, which only changes its zone
    # (no list, no count, nobody sees it), so the zone is written in place of a move
    k = 0
    k_lib = 0
    for c in range(n):
        kind = tb[st[ROW_CARD + c, C_DEF], T_KIND]
        if kind == _STUDENT:
            st[ROW_CARD + k, C_SCHOOL] = c
            st[ROW_CARD + c, C_ZONE] = Z_SCHOOL
            k += 1
        elif kind == _SCHEME:
            st[ROW_CARD + k_lib, C_LIBRARY] = c
            st[ROW_CARD + c, C_ZONE] = Z_LIBRARY
            k_lib += 1
    # 3-4: the School shuffled, six Students face up in the Courtyard
    shuffle(st, C_SCHOOL, k)
    st[G_SCHOOL_HEAD] = 0
    st[G_SCHOOL_N] = k
    refill_courtyard(st)
    # 5: the Library shuffled
    shuffle(st, C_LIBRARY, k_lib)
    st[G_LIB_HEAD] = 0
    st[G_LIB_N] = k_lib
    slots = tb[tb.shape[0] - 1, H_AB_SLOTS]
    st[G_PLAYERS] = n_players
    st[G_N_CARDS] = n
    st[G_AB_SLOTS] = slots
    st[G_TURN] = 1
    st[G_ROUND] = 1
    st[G_ACTIVE] = 0
    st[ROW_SEAT + 0, P_TURNS_TAKEN] = 1
    st[G_STEP] = S_START_WINCON
    st[G_RES_EFF] = -1
    st[G_WINNER] = -1
    st[G_MAX_TURNS] = config[CFG_MAX_TURNS]
    st[G_MAX_ACTIONS] = config[CFG_MAX_ACTIONS]
    st[G_OPT_SCHOOL] = config[CFG_OPT_SCHOOL]
    st[G_OPT_TIE] = config[CFG_OPT_TIE]
    st[G_OPT_SPLIT] = config[CFG_OPT_SPLIT]


def config_array(
    max_turns: int,
    max_actions: int,
    school_rule: int,
    tie_rule: int,
    split_rule: int,
    first_seat: int = 0,
    last_seat: int = 0,
) -> np.ndarray:
    cfg = np.zeros(N_CONFIG, np.int32)
    cfg[CFG_MAX_TURNS] = max_turns
    cfg[CFG_MAX_ACTIONS] = max_actions
    cfg[CFG_OPT_SCHOOL] = school_rule
    cfg[CFG_OPT_TIE] = tie_rule
    cfg[CFG_OPT_SPLIT] = split_rule
    cfg[CFG_FIRST_SEAT] = first_seat
    cfg[CFG_LAST_SEAT] = last_seat
    return cfg
