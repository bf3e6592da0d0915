"""Leaving the game (rulebook sections 1 and 7): a Student expelled to the Expel Pile, a
player eliminated and their cards put away, and the seats still playing.
"""

from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.layout import (
    C_OWNER,
    C_ZONE,
    G_ELIMINATED,
    G_N_CARDS,
    G_PLAYERS,
    G_STACK_N,
    G_TRIG_N,
    K_CANCEL,
    K_PLAYER,
    P_ALIVE,
    P_IDOL,
    P_MERIT,
    P_N_EXPELLED,
    P_PLACE,
    ROW_CARD,
    ROW_SEAT,
    ROW_STACK,
    ROW_TRIG,
    TR_AB,
    TR_CARD,
    TR_PLAYER,
    Z_CLASS,
    Z_COURTYARD,
    Z_EXPEL,
    Z_HALLWAY,
    Z_HAND,
    Z_OUT,
    Z_TRASH,
)
from avarium.simulator.engine.triggers import ON_EXPELLED, fire
from avarium.simulator.engine.zones import move, refill_courtyard


@njit
def expel(st, tb, c, by):
    """Expel Student c to the Expel Pile; `by` (or -1) is the seat credited if it is an enemy's."""
    owner = st[ROW_CARD + c, C_OWNER]
    was_in_class = st[ROW_CARD + c, C_ZONE] == Z_CLASS
    from_courtyard = st[ROW_CARD + c, C_ZONE] == Z_COURTYARD
    move(st, c, Z_EXPEL, -1)
    if by >= 0 and owner >= 0 and by != owner:
        st[ROW_SEAT + by, P_N_EXPELLED] += 1
    if was_in_class and owner >= 0:
        fire(st, tb, c, ON_EXPELLED, owner)
    if from_courtyard:
        refill_courtyard(st)


@njit
def eliminate(st, p, order):
    """Seat p is expelled from the School (0 Merit): its Students go to the Expel Pile, its
    Schemes to the Trash Pile, its Idol out of the game (ruling 8). `order` numbers the
    expulsion (1 = the first); players expelled at the same moment share it."""
    st[ROW_SEAT + p, P_ALIVE] = 0
    st[G_ELIMINATED] += 1
    st[ROW_SEAT + p, P_PLACE] = order
    st[ROW_SEAT + p, P_MERIT] = 0
    for c in range(st[G_N_CARDS]):
        if st[ROW_CARD + c, C_OWNER] != p:
            continue
        z = st[ROW_CARD + c, C_ZONE]
        if z in (Z_CLASS, Z_HALLWAY):
            if c == st[ROW_SEAT + p, P_IDOL]:
                move(st, c, Z_OUT, -1)
            else:
                move(st, c, Z_EXPEL, -1)
        elif z == Z_HAND:
            move(st, c, Z_TRASH, -1)
    # Its effects waiting on the stack are cancelled; its queued triggers dropped.
    for i in range(st[G_STACK_N]):
        if st[ROW_STACK + i, K_PLAYER] == p:
            st[ROW_STACK + i, K_CANCEL] = 1
    n = 0
    for i in range(st[G_TRIG_N]):
        if st[ROW_TRIG + i, TR_PLAYER] != p:
            st[ROW_TRIG + n, TR_CARD] = st[ROW_TRIG + i, TR_CARD]
            st[ROW_TRIG + n, TR_AB] = st[ROW_TRIG + i, TR_AB]
            st[ROW_TRIG + n, TR_PLAYER] = st[ROW_TRIG + i, TR_PLAYER]
            n += 1
    st[G_TRIG_N] = n


@njit
def next_seat(st, p):
    """The next seat in turn order still in the game (p itself if it is the only one)."""
    n = st[G_PLAYERS]
    for k in range(1, n + 1):
        q = (p + k) % n
        if st[ROW_SEAT + q, P_ALIVE] == 1:
            return q
    return p


@njit
def alive_count(st):
    n = 0
    for p in range(st[G_PLAYERS]):
        n += st[ROW_SEAT + p, P_ALIVE]
    return n
