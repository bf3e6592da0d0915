"""Reading the state: which cards a selector picks (its place, its filters), counted, listed
or one at a time, and the comparisons its filters make. effective.py reads a card's effective
Combat and Defense and a seat's costs; conditions.py the values and conditions of abilities.
"""

from avarium.simulator.constants import (
    CardKind,
    Cmp,
    Field,
    Kind,
    Side,
)
from avarium.simulator.engine._jit import njit, njit_inline
from avarium.simulator.engine.layout import (
    C_DEF,
    C_EXHAUSTED,
    C_OWNED,
    C_OWNER,
    C_ROLE,
    C_TOKEN,
    C_YARD,
    C_ZONE,
    G_FIGHT,
    G_N_CARDS,
    G_YARD_N,
    MAX_PLAYERS,
    P_ALIVE,
    P_N_CLASS_STUDENTS,
    P_N_OWNED,
    ROLE_NONE,
    ROW_CARD,
    ROW_SEAT,
    Z_CLASS,
    Z_COURTYARD,
    Z_EXPEL,
    Z_STACK,
)
from avarium.simulator.engine.tables import (
    T_CLUB,
    T_COLOUR,
    T_COMBAT,
    T_COST,
    T_DEFENSE,
    T_FLT_CMP,
    T_FLT_END,
    T_FLT_FIELD,
    T_FLT_START,
    T_FLT_VALUE,
    T_GENDER,
    T_KIND,
    T_SEL_KIND,
    T_SEL_SIDE,
)

_IDOL = int(CardKind.IDOL)
_STUDENT = int(CardKind.STUDENT)
_SCHEME = int(CardKind.SCHEME)


@njit
def compare(a, cmp, b):
    if cmp == Cmp.EQ:
        return a == b
    if cmp == Cmp.NE:
        return a != b
    if cmp == Cmp.LT:
        return a < b
    if cmp == Cmp.LE:
        return a <= b
    if cmp == Cmp.GT:
        return a > b
    return a >= b


@njit
def in_class(st, c):
    return st[ROW_CARD + c, C_ZONE] == Z_CLASS


@njit
def enemy(st, p, q):
    """True when seat q is an enemy of seat p still in the game."""
    return q != p and st[ROW_SEAT + q, P_ALIVE] == 1


@njit_inline
def matches(st, tb, sel, c, controller, source):
    """Does card c match selector `sel`, read from `controller`'s side, for ability source?

    Pasted into its callers (it is asked of every candidate card): the kind and place test
    inline, the filters (club=..., cost <= ...) in a call only for selectors that have some.
    A compiled call costs about 10 ns whatever it does (numba passes each array field by field).
    """
    return in_selector_place(st, tb, sel, c, controller) and (
        tb[sel, T_FLT_START] == tb[sel, T_FLT_END] or passes_filters(st, tb, sel, c, source)
    )


@njit_inline
def in_selector_place(st, tb, sel, c, controller):
    """Card c is of the selector's kind and in its zone, on the side it names."""
    k = tb[st[ROW_CARD + c, C_DEF], T_KIND]
    kind = tb[sel, T_SEL_KIND]
    if kind == Kind.SCHEME:
        return k == _SCHEME and st[ROW_CARD + c, C_ZONE] == Z_STACK
    if kind == Kind.STUDENT and k != _STUDENT:
        return False
    if kind == Kind.IDOL and k != _IDOL:
        return False
    if kind == Kind.CHARACTER and k == _SCHEME:
        return False
    z = st[ROW_CARD + c, C_ZONE]
    side = tb[sel, T_SEL_SIDE]
    if side == Side.COURTYARD:
        return z == Z_COURTYARD
    if side == Side.EXPELLED:
        return z == Z_EXPEL
    if z != Z_CLASS:
        return False
    o = st[ROW_CARD + c, C_OWNER]
    if side == Side.ALLY:
        return o == controller
    if side == Side.ENEMY:
        return enemy(st, controller, o)
    return True


@njit
def passes_filters(st, tb, sel, c, source):
    """Card c passes every filter of selector `sel` (club=..., cost <= 3, ready, other, ...)."""
    d = st[ROW_CARD + c, C_DEF]
    for f in range(tb[sel, T_FLT_START], tb[sel, T_FLT_END]):
        field = tb[f, T_FLT_FIELD]
        cmp = tb[f, T_FLT_CMP]
        v = tb[f, T_FLT_VALUE]
        if field == Field.CLUB:
            if not compare(tb[d, T_CLUB], cmp, v):
                return False
        elif field == Field.COLOUR:
            if not compare(tb[d, T_COLOUR], cmp, v):
                return False
        elif field == Field.GENDER:
            if not compare(tb[d, T_GENDER], cmp, v):
                return False
        elif field == Field.COST:
            if not compare(tb[d, T_COST], cmp, v):
                return False
        elif field == Field.COMBAT:
            if not compare(tb[d, T_COMBAT], cmp, v):
                return False
        elif field == Field.DEFENSE:
            if not compare(tb[d, T_DEFENSE], cmp, v):
                return False
        elif field == Field.READY:
            if st[ROW_CARD + c, C_EXHAUSTED] != 0:
                return False
        elif field == Field.EXHAUSTED:
            if st[ROW_CARD + c, C_EXHAUSTED] == 0:
                return False
        elif field == Field.ATTACKED:
            if st[ROW_CARD + c, C_TOKEN] == 0:
                return False
        elif field == Field.OTHER:
            if c == source:
                return False
        elif field == Field.IN_FIGHT and (
            st[G_FIGHT] == 0 or st[ROW_CARD + c, C_ROLE] == ROLE_NONE
        ):
            return False
    return True


@njit
def selector_zone(tb, sel):
    """The only zone a selector's cards can be in (checked first: it is cheap)."""
    if tb[sel, T_SEL_KIND] == Kind.SCHEME:
        return Z_STACK
    side = tb[sel, T_SEL_SIDE]
    if side == Side.COURTYARD:
        return Z_COURTYARD
    if side == Side.EXPELLED:
        return Z_EXPEL
    return Z_CLASS


@njit
def side_can_hold(tb, sel, q, controller):
    """Could seat q's Class hold a card of a Class selector, read from `controller`'s side?
    (A cheap test that skips the other seats' lists for "ally" and "enemy" selectors.)"""
    side = tb[sel, T_SEL_SIDE]
    if side == Side.ALLY:
        return q == controller
    if side == Side.ENEMY:
        return q != controller
    return True


@njit_inline
def no_students_to_match(st, tb, sel, q):
    """A Student selector finds nothing in seat q's Class while it holds no Student (its count
    is kept by zones.move): the seat's cards are not looked at."""
    return tb[sel, T_SEL_KIND] == Kind.STUDENT and st[ROW_SEAT + q, P_N_CLASS_STUDENTS] == 0


@njit
def list_matching(st, tb, sel, controller, source, out):
    """Write the cards a selector matches into `out`; return how many. Only the selector's
    zone is looked at: a Class through the seats' lists, the Courtyard through its list."""
    z = selector_zone(tb, sel)
    m = 0
    if z == Z_CLASS:
        for q in range(MAX_PLAYERS):
            if not side_can_hold(tb, sel, q, controller) or no_students_to_match(st, tb, sel, q):
                continue
            for i in range(st[ROW_SEAT + q, P_N_OWNED]):
                c = st[ROW_CARD + i, C_OWNED + q]
                if st[ROW_CARD + c, C_ZONE] == z and matches(st, tb, sel, c, controller, source):
                    out[m] = c
                    m += 1
    elif z == Z_COURTYARD:
        for i in range(st[G_YARD_N]):
            c = st[ROW_CARD + i, C_YARD]
            if matches(st, tb, sel, c, controller, source):
                out[m] = c
                m += 1
    else:
        for c in range(st[G_N_CARDS]):
            if st[ROW_CARD + c, C_ZONE] == z and matches(st, tb, sel, c, controller, source):
                out[m] = c
                m += 1
    return m


@njit
def any_matching(st, tb, sel, controller, source):
    return count_matching(st, tb, sel, controller, source, True) > 0


@njit
def count_matching(st, tb, sel, controller, source, stop_at_one=False):
    """How many cards match; only the cards of the selector's zone are looked at (a Class
    through the seats' lists, the Courtyard through its list)."""
    z = selector_zone(tb, sel)
    n = 0
    if z == Z_CLASS:
        for q in range(MAX_PLAYERS):
            if not side_can_hold(tb, sel, q, controller) or no_students_to_match(st, tb, sel, q):
                continue
            for i in range(st[ROW_SEAT + q, P_N_OWNED]):
                c = st[ROW_CARD + i, C_OWNED + q]
                if st[ROW_CARD + c, C_ZONE] == z and matches(st, tb, sel, c, controller, source):
                    n += 1
                    if stop_at_one:
                        return n
    elif z == Z_COURTYARD:
        for i in range(st[G_YARD_N]):
            c = st[ROW_CARD + i, C_YARD]
            if matches(st, tb, sel, c, controller, source):
                n += 1
                if stop_at_one:
                    return n
    else:
        for c in range(st[G_N_CARDS]):
            if st[ROW_CARD + c, C_ZONE] == z and matches(st, tb, sel, c, controller, source):
                n += 1
                if stop_at_one:
                    return n
    return n
