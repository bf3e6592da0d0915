"""The action numbers (layout.action_offsets' ranges) and the Schemes and abilities a seat may
start at instant speed now, listed for its Plan Phase and for a priority window.

A priority window asks each seat in turn whether it has anything to play (declare.run_window),
and the seat it stops at then decides among what the window found. The window lists those
options as it looks, in a scratch column of the state, and the game loops read the list back
(legal.next_legal_actions) instead of scanning the seat's cards a second time: the window's
scans that found something were about 7% of a random game's CPU, and listing once saved about
half of that (docs/results.md, "A priority window's options listed once"). Only
the game loops read the list, right after the step that opened the decision; the Python API
(legal.legal_actions) always lists the options afresh, so a state written outside the engine
(a test, a scenario, a user's script) never meets a stale list.
"""

from avarium.simulator.constants import AbilityKind
from avarium.simulator.engine._jit import njit, njit_inline
from avarium.simulator.engine.layout import (
    A_CARD_RANGES,
    A_PASS,
    C_DEF,
    C_OWNED,
    C_OWNER,
    C_SCR_A,
    C_ZONE,
    G_AB_SLOTS,
    G_ACTIVE,
    G_N_CARDS,
    MAX_PLAYERS,
    MAX_TRIGGERS,
    N_CARD_RANGES,
    P_N_OWNED,
    RANGE_CHOOSE,
    RANGE_FIGHT,
    RANGE_HELP_DEFEND,
    RANGE_RECRUIT,
    RANGE_SCHEME_EXHAUST,
    RANGE_SCHEME_REP,
    ROW_CARD,
    ROW_SEAT,
    Z_CLASS,
    Z_HAND,
)
from avarium.simulator.engine.playable import (
    PAY_EXHAUST,
    PAY_REP,
    best_payer,
    can_act,
    can_activate,
    could_play,
    hand_scheme_ways,
    in_plan_phase,
)
from avarium.simulator.engine.tables import (
    T_AB_END,
    T_AB_KIND,
    T_AB_START,
    T_N_ACTIVATED,
)

_ACTIVATED = int(AbilityKind.ACTIVATED)


@njit
def off_recruit(st):
    return A_CARD_RANGES + RANGE_RECRUIT * st[G_N_CARDS]


@njit
def off_scheme_rep(st):
    return A_CARD_RANGES + RANGE_SCHEME_REP * st[G_N_CARDS]


@njit
def off_scheme_exhaust(st):
    return A_CARD_RANGES + RANGE_SCHEME_EXHAUST * st[G_N_CARDS]


@njit
def off_fight(st):
    return A_CARD_RANGES + RANGE_FIGHT * st[G_N_CARDS]


@njit
def off_choose(st):
    return A_CARD_RANGES + RANGE_CHOOSE * st[G_N_CARDS]


@njit
def off_help_defend(st):
    return A_CARD_RANGES + RANGE_HELP_DEFEND * st[G_N_CARDS]


@njit
def off_player(st):
    return A_CARD_RANGES + N_CARD_RANGES * st[G_N_CARDS]


@njit
def off_trigger(st):
    return off_player(st) + MAX_PLAYERS


@njit
def off_activate(st):
    return off_trigger(st) + MAX_TRIGGERS


@njit
def instant_options(st, tb, p, out, m):
    """Write the Schemes and abilities seat p may start now into out from index m on; return
    the new end."""
    own_plan = st[G_ACTIVE] == p and in_plan_phase(st)
    reduction = -1
    best = best_payer(st, tb, p)
    for _i in range(st[ROW_SEAT + p, P_N_OWNED]):
        c = st[ROW_CARD + _i, C_OWNED + p]
        if st[ROW_CARD + c, C_OWNER] != p:
            continue
        z = st[ROW_CARD + c, C_ZONE]
        d = st[ROW_CARD + c, C_DEF]
        if z == Z_HAND:
            ways, reduction = hand_scheme_ways(st, tb, p, c, own_plan, reduction, best)
            if ways & PAY_REP:
                out[m] = off_scheme_rep(st) + c
                m += 1
            if ways & PAY_EXHAUST:
                out[m] = off_scheme_exhaust(st) + c
                m += 1
        elif z == Z_CLASS and tb[d, T_N_ACTIVATED] > 0:
            for a in range(tb[d, T_AB_START], tb[d, T_AB_END]):
                if tb[a, T_AB_KIND] == _ACTIVATED and can_activate(st, tb, p, c, a):
                    out[m] = off_activate(st) + c * st[G_AB_SLOTS] + (a - tb[d, T_AB_START])
                    m += 1
    return m


# The window's list: kept[0] how many legal actions (NOT_KEPT: none listed), then the actions.
NOT_KEPT = -1


@njit_inline
def kept_options(st):
    """The scratch column the window lists a priority decision's legal actions in (a view of
    the state, not an allocation; pasted into its callers, as a kernel without reference
    counts cannot return a view)."""
    return st[ROW_CARD : ROW_CARD + st[G_N_CARDS], C_SCR_A]


@njit
def window_options(st, tb, p):
    """Whether seat p has anything to play in a priority window (can_act's answer); when it
    has, the decision's legal actions (pass first, then instant_options') are listed in
    kept_options as they are found."""
    if not could_play(st, p):
        return False  # its counts say nothing, as in can_act: no card looked at
    kept = kept_options(st)
    slots = st[G_AB_SLOTS] if st[G_AB_SLOTS] > 2 else 2  # options a card can give at most
    if 2 + slots * st[ROW_SEAT + p, P_N_OWNED] > st[G_N_CARDS]:
        kept[0] = NOT_KEPT  # no room for every option it might have: only asked
        return can_act(st, tb, p)
    kept[1] = A_PASS
    m = instant_options(st, tb, p, kept, 2)
    if m == 2:
        return False
    kept[0] = m - 1
    return True
