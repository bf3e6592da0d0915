"""Moving cards between zones: the School, the Courtyard, Classes, the Library, the piles.

Rulebook sections 3-5: the Courtyard is refilled to 6 the moment a card leaves it; the Library is
rebuilt from the Trash Pile when it runs out; a card that changes zone comes back as a fresh card
(ready, no token, no changes in force).
"""

from simulator.constants import COURTYARD_SIZE, CardKind
from simulator.engine._jit import njit
from simulator.engine.layout import (
    G_ACTIVE,
    G_ELIMINATED,
    G_LIB_HEAD,
    G_LIB_N,
    G_OPT_SCHOOL,
    G_PLAYERS,
    G_SCHOOL_EMPTY,
    G_SCHOOL_HEAD,
    G_SCHOOL_N,
    G_STACK_N,
    G_TRIG_N,
    MAX_TRIGGERS,
    Z_CLASS,
    Z_COURTYARD,
    Z_EXPEL,
    Z_HALLWAY,
    Z_HAND,
    Z_LIBRARY,
    Z_OUT,
    Z_SCHOOL,
    Z_STACK,
    Z_TRASH,
)
from simulator.engine.query import condition_holds
from simulator.engine.rng import shuffle

_STUDENT = int(CardKind.STUDENT)


@njit
def move(st, c, zone, owner):
    """Put card c into `zone` under `owner`, as a fresh card."""
    st.zone[c] = zone
    st.owner[c] = owner
    st.exhausted[c] = 0
    st.token[c] = 0
    st.mc_turn[c] = 0
    st.md_turn[c] = 0
    st.mc_fight[c] = 0
    st.md_fight[c] = 0
    st.mc_perm[c] = 0
    st.md_perm[c] = 0
    st.shield_turn[c] = 0
    st.shield_fight[c] = 0
    st.shield_perm[c] = 0
    st.used[c] = 0
    st.role[c] = 0
    st.fdmg[c] = 0


# -- triggers ---------------------------------------------------------------------------------


@njit
def fire(st, tb, c, trigger, controller):
    """Queue card c's abilities that trigger on `trigger` (their `if` is checked now)."""
    d = st.c_def[c]
    for a in range(tb.ab_start[d], tb.ab_end[d]):
        if tb.ab_trigger[a] != trigger:
            continue
        if not condition_holds(st, tb, tb.ab_cond[a], controller, c):
            continue
        n = st.g[G_TRIG_N]
        if n >= MAX_TRIGGERS:
            return
        st.tr_card[n] = c
        st.tr_ab[n] = a
        st.tr_player[n] = controller
        st.g[G_TRIG_N] = n + 1


@njit
def fire_class(st, tb, p, trigger):
    """Queue the `trigger` abilities of every card in seat p's Class (p = -1: every Class)."""
    for c in range(st.c_def.shape[0]):
        if st.zone[c] == Z_CLASS and (p < 0 or st.owner[c] == p):
            fire(st, tb, c, trigger, st.owner[c])


# -- the School and the Courtyard ----------------------------------------------------------------


@njit
def courtyard_count(st):
    n = 0
    for c in range(st.c_def.shape[0]):
        if st.zone[c] == Z_COURTYARD:
            n += 1
    return n


@njit
def school_draw(st):
    """Take the top card of the School, or -1 if it is empty."""
    n = st.g[G_SCHOOL_N]
    if n == 0:
        return -1
    head = st.g[G_SCHOOL_HEAD]
    c = st.school[head]
    st.g[G_SCHOOL_HEAD] = (head + 1) % st.school.shape[0]
    st.g[G_SCHOOL_N] = n - 1
    return c


@njit
def school_put_bottom(st, c):
    cap = st.school.shape[0]
    n = st.g[G_SCHOOL_N]
    st.school[(st.g[G_SCHOOL_HEAD] + n) % cap] = c
    st.g[G_SCHOOL_N] = n + 1
    move(st, c, Z_SCHOOL, -1)


@njit
def refill_courtyard(st):
    """Section 5: a card leaving the Courtyard is replaced at once. If the School cannot
    replace it, the School has run out (ruling 3) and the game ends."""
    while courtyard_count(st) < COURTYARD_SIZE:
        c = school_draw(st)
        if c < 0:
            st.g[G_SCHOOL_EMPTY] = 1
            return
        move(st, c, Z_COURTYARD, -1)
    if st.g[G_OPT_SCHOOL] == 1 and st.g[G_SCHOOL_N] == 0:
        st.g[G_SCHOOL_EMPTY] = 1  # rules option: the School runs out with its last card


# -- the Library and hands -------------------------------------------------------------------------


@njit
def _rebuild_library(st):
    """Section 4: if the Library runs out, the Trash Pile is shuffled back into it."""
    n = 0
    for c in range(st.c_def.shape[0]):
        if st.zone[c] == Z_TRASH:
            st.library[n] = c
            st.zone[c] = Z_LIBRARY
            n += 1
    shuffle(st.rng, st.library, 0, n)
    st.g[G_LIB_HEAD] = 0
    st.g[G_LIB_N] = n


@njit
def draw_scheme(st, p):
    """Seat p draws the top Scheme of the Library (nothing if Library and Trash are empty)."""
    if st.g[G_LIB_N] == 0:
        _rebuild_library(st)
        if st.g[G_LIB_N] == 0:
            return -1
    head = st.g[G_LIB_HEAD]
    c = st.library[head]
    st.g[G_LIB_HEAD] = (head + 1) % st.library.shape[0]
    st.g[G_LIB_N] -= 1
    move(st, c, Z_HAND, p)
    return c


@njit
def trash(st, c):
    move(st, c, Z_TRASH, -1)


# -- leaving the game ---------------------------------------------------------------------------


@njit
def expel(st, tb, c, by):
    """Expel Student c to the Expel Pile; `by` (or -1) is the seat credited if it is an enemy's."""
    owner = st.owner[c]
    was_in_class = st.zone[c] == Z_CLASS
    from_courtyard = st.zone[c] == Z_COURTYARD
    move(st, c, Z_EXPEL, -1)
    if by >= 0 and owner >= 0 and by != owner:
        st.n_expelled[by] += 1
    if was_in_class and owner >= 0:
        fire(st, tb, c, 4, owner)  # Trigger.EXPELLED
    if from_courtyard:
        refill_courtyard(st)


@njit
def eliminate(st, p):
    """Seat p is expelled from the School (0 Merit): its Students go to the Expel Pile, its
    Schemes to the Trash Pile, its Idol out of the game (ruling 8)."""
    st.alive[p] = 0
    st.g[G_ELIMINATED] += 1
    st.place[p] = st.g[G_ELIMINATED]
    st.merit[p] = 0
    for c in range(st.c_def.shape[0]):
        if st.owner[c] != p:
            continue
        z = st.zone[c]
        if z in (Z_CLASS, Z_HALLWAY):
            if c == st.idol[p]:
                move(st, c, Z_OUT, -1)
            else:
                move(st, c, Z_EXPEL, -1)
        elif z == Z_HAND:
            move(st, c, Z_TRASH, -1)
    # Its effects waiting on the stack are cancelled; its queued triggers dropped.
    for i in range(st.g[G_STACK_N]):
        if st.st_player[i] == p:
            st.st_cancel[i] = 1
    n = 0
    for i in range(st.g[G_TRIG_N]):
        if st.tr_player[i] != p:
            st.tr_card[n] = st.tr_card[i]
            st.tr_ab[n] = st.tr_ab[i]
            st.tr_player[n] = st.tr_player[i]
            n += 1
    st.g[G_TRIG_N] = n


@njit
def next_seat(st, p):
    """The next seat in turn order still in the game (p itself if it is the only one)."""
    n = st.g[G_PLAYERS]
    for k in range(1, n + 1):
        q = (p + k) % n
        if st.alive[q] == 1:
            return q
    return p


@njit
def alive_count(st):
    n = 0
    for p in range(st.g[G_PLAYERS]):
        n += st.alive[p]
    return n


@njit
def is_active_turn(st, p):
    return st.g[G_ACTIVE] == p


_ = (Z_STACK, _STUDENT)
