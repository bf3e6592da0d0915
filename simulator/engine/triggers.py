"""Triggered abilities queued (rulebook section 8): when an event happens, each card whose
ability triggers on it, and whose `if` holds now, is put on the trigger list its controller
orders; zones.py and the rest of the engine say when an event happens.
"""

from avarium.simulator.constants import Trigger
from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.conditions import condition_holds
from avarium.simulator.engine.layout import (
    C_DEF,
    C_OWNED,
    C_ZONE,
    G_TRIG_N,
    MAX_PLAYERS,
    MAX_TRIGGERS,
    P_CLASS_TRIGGERS,
    P_N_OWNED,
    ROW_CARD,
    ROW_SEAT,
    ROW_TRIG,
    TR_AB,
    TR_CARD,
    TR_PLAYER,
    Z_CLASS,
)
from avarium.simulator.engine.tables import (
    T_AB_COND,
    T_AB_END,
    T_AB_START,
    T_AB_TRIGGER,
    T_TRIGGERS,
)

# Trigger codes as plain ints (an IntEnum argument would compile a second version of fire()).
ON_JOIN = int(Trigger.JOIN)
ON_RECRUIT = int(Trigger.RECRUIT)
ON_START_OF_TURN = int(Trigger.START_OF_TURN)
ON_END_OF_TURN = int(Trigger.END_OF_TURN)
ON_EXPELLED = int(Trigger.EXPELLED)
ON_ATTACK = int(Trigger.ATTACK)
ON_DEFEND = int(Trigger.DEFEND)
ON_FIGHT_DECLARED = int(Trigger.FIGHT_DECLARED)
ON_SCHEME_PLAYED = int(Trigger.SCHEME_PLAYED)


@njit
def fire(st, tb, c, trigger, controller):
    """Queue card c's abilities that trigger on `trigger` (their `if` is checked now)."""
    d = st[ROW_CARD + c, C_DEF]
    if (tb[d, T_TRIGGERS] >> trigger) & 1 == 0:
        return  # most cards have no ability for most events
    for a in range(tb[d, T_AB_START], tb[d, T_AB_END]):
        if tb[a, T_AB_TRIGGER] != trigger:
            continue
        if not condition_holds(st, tb, tb[a, T_AB_COND], controller, c):
            continue
        n = st[G_TRIG_N]
        if n >= MAX_TRIGGERS:
            return
        st[ROW_TRIG + n, TR_CARD] = c
        st[ROW_TRIG + n, TR_AB] = a
        st[ROW_TRIG + n, TR_PLAYER] = controller
        st[G_TRIG_N] = n + 1


@njit
def fire_class(st, tb, p, trigger):
    """Queue the `trigger` abilities of every card in seat p's Class (p = -1: every Class)."""
    for q in range(MAX_PLAYERS):
        if (p >= 0 and q != p) or (st[ROW_SEAT + q, P_CLASS_TRIGGERS] >> trigger) & 1 == 0:
            continue  # (a Class with no card for this event is not looked at)
        for i in range(st[ROW_SEAT + q, P_N_OWNED]):
            c = st[ROW_CARD + i, C_OWNED + q]
            if (
                st[ROW_CARD + c, C_ZONE] == Z_CLASS
                and (tb[st[ROW_CARD + c, C_DEF], T_TRIGGERS] >> trigger) & 1
            ):
                fire(st, tb, c, trigger, q)
