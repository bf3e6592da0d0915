"""The numbers abilities read and the conditions they test: a value (a constant, a count of
the cards a selector picks, a seat's figure) read from its controller's point of view, and a
condition's clauses compared.
"""

from avarium.simulator.constants import (
    PlayerRef,
    Stat,
    ValueKind,
)
from avarium.simulator.engine._jit import njit, njit_inline
from avarium.simulator.engine.layout import (
    C_DEF,
    C_OWNED,
    C_OWNER,
    C_ZONE,
    G_PLAYERS,
    P_MERIT,
    P_N_CLASS_STUDENTS,
    P_N_EXPELLED,
    P_N_HAND,
    P_N_OWNED,
    P_N_RECRUITED,
    P_N_SCHEMES,
    P_REP,
    ROW_CARD,
    ROW_SEAT,
    Z_CLASS,
)
from avarium.simulator.engine.query import compare, count_matching, enemy
from avarium.simulator.engine.tables import (
    T_CL_CMP,
    T_CL_LEFT,
    T_CL_RIGHT,
    T_CLUB,
    T_COND_END,
    T_COND_START,
    T_VAL_CONST,
    T_VAL_KIND,
    T_VAL_PLAYER,
    T_VAL_SEL,
    T_VAL_STAT,
)


@njit
def students_in_class(st, tb, p):
    """Seat p's Students in its Class (kept by zones.move)."""
    return st[ROW_SEAT + p, P_N_CLASS_STUDENTS]


@njit
def hand_size(st, p):
    """Seat p's cards in hand (kept by zones.move)."""
    return st[ROW_SEAT + p, P_N_HAND]


@njit
def clubs_in_class(st, tb, p):
    seen = 0
    for _i in range(st[ROW_SEAT + p, P_N_OWNED]):
        c = st[ROW_CARD + _i, C_OWNED + p]
        if st[ROW_CARD + c, C_ZONE] == Z_CLASS and st[ROW_CARD + c, C_OWNER] == p:
            club = tb[st[ROW_CARD + c, C_DEF], T_CLUB]
            if club >= 0:
                seen |= 1 << club
    n = 0
    while seen:
        n += seen & 1
        seen >>= 1
    return n


@njit
def player_stat(st, tb, p, stat):
    column = kept_stat_column(stat)
    if column >= 0:
        return st[ROW_SEAT + p, column]
    if stat == Stat.HAND:
        return hand_size(st, p)
    if stat == Stat.CLUBS:
        return clubs_in_class(st, tb, p)
    return students_in_class(st, tb, p)  # Stat.CLASS


@njit
def value_of(st, tb, v, controller, source):
    """The number a compiled value stands for, read from `controller`'s point of view."""
    kind = tb[v, T_VAL_KIND]
    if kind == ValueKind.CONST:
        return tb[v, T_VAL_CONST]
    if kind == ValueKind.COUNT:
        return count_matching(st, tb, tb[v, T_VAL_SEL], controller, source)
    stat = tb[v, T_VAL_STAT]
    ref = tb[v, T_VAL_PLAYER]
    if ref == PlayerRef.YOUR:
        return player_stat(st, tb, controller, stat)
    best = -1
    for q in range(st[G_PLAYERS]):
        if not enemy(st, controller, q):
            continue
        x = player_stat(st, tb, q, stat)
        if (
            best < 0
            or (ref == PlayerRef.MAX_ENEMY and x > best)
            or (ref == PlayerRef.MIN_ENEMY and x < best)
        ):
            best = x
    return best if best >= 0 else 0


@njit_inline
def condition_holds(st, tb, cond, controller, source):
    """Condition `cond` holds (an ability with no condition, cond < 0, always does; no call
    is made for it)."""
    return cond < 0 or clauses_hold(st, tb, cond, controller, source)


@njit
def clauses_hold(st, tb, cond, controller, source):
    for k in range(tb[cond, T_COND_START], tb[cond, T_COND_END]):
        left = quick_value(st, tb, tb[k, T_CL_LEFT], controller, source)
        right = quick_value(st, tb, tb[k, T_CL_RIGHT], controller, source)
        if not compare(left, tb[k, T_CL_CMP], right):
            return False
    return True


@njit_inline
def quick_value(st, tb, v, controller, source):
    """value_of, with a constant (the usual right side of a clause) and a figure the seat
    keeps ("your merit", "your expelled", ...: most Win-Cons) read in place."""
    kind = tb[v, T_VAL_KIND]
    if kind == ValueKind.CONST:
        return tb[v, T_VAL_CONST]
    if kind == ValueKind.STAT and tb[v, T_VAL_PLAYER] == PlayerRef.YOUR:
        column = kept_stat_column(tb[v, T_VAL_STAT])
        if column >= 0:
            return st[ROW_SEAT + controller, column]
    return value_of(st, tb, v, controller, source)


@njit_inline
def kept_stat_column(stat):
    """The seat column holding a stat, or -1 for one that is counted (hand, clubs, class)."""
    if stat == Stat.MERIT:
        return P_MERIT
    if stat == Stat.REPUTATION:
        return P_REP
    if stat == Stat.EXPELLED:
        return P_N_EXPELLED
    if stat == Stat.RECRUITED:
        return P_N_RECRUITED
    if stat == Stat.SCHEMES_PLAYED:
        return P_N_SCHEMES
    return -1
