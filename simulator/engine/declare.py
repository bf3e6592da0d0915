"""Declaring Schemes, abilities and triggers; priority windows (rulebook sections 6, 8, 10).

A declaration is built over several decisions (the Student that pays, the Schemes trashed as a
cost, one target per effect that names one), then paid and put on the effect stack. No backsies:
once started, a declaration always completes, because it is only offered when it can.

Priority (section 10): after a declaration, priority passes to the next player in turn order; a
window closes when every player in the game has passed in a row, and then the whole stack plays
out, last in first out. Triggered abilities are put on the stack with turn priority (rule B: the
active player's are pushed last, so they resolve first) and in the order their controller
chooses (rule C).
"""

from avarium.simulator.constants import PlayerSel, Quantifier
from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.effective import scheme_rep_cost
from avarium.simulator.engine.layout import (
    C_DEF,
    C_USED,
    D_PAYER,
    D_PRIORITY,
    D_TARGET,
    D_TARGET_PLAYER,
    D_TRASH_COST,
    D_TRIGGER_ORDER,
    DECL_ABILITY,
    DECL_NONE,
    DECL_SCHEME,
    DECL_TRIGGER,
    G_ACTIVE,
    G_DEC,
    G_DEC_LEFT,
    G_DEC_PLAYER,
    G_DECL,
    G_DECL_AB,
    G_DECL_CARD,
    G_DECL_EFF,
    G_DECL_PAYER,
    G_DECL_PLAYER,
    G_DECL_TRASH,
    G_DECL_TRIG,
    G_LAST_ACTOR,
    G_PASSES,
    G_PLAYERS,
    G_PRIO,
    G_STACK_N,
    G_TRIG_N,
    G_TRIG_PUSHED,
    G_WINDOW,
    K_AB,
    K_CANCEL,
    K_CARD,
    K_KIND,
    K_PLAYER,
    K_TARGET,
    MAX_EFFECTS,
    MAX_STACK,
    P_ALIVE,
    P_MERIT,
    P_N_SCHEMES,
    P_REP,
    ROW_CARD,
    ROW_DECL,
    ROW_SEAT,
    ROW_STACK,
    ROW_TRIG,
    TR_AB,
    TR_CARD,
    TR_PLAYER,
    Z_STACK,
)
from avarium.simulator.engine.leaving import alive_count, next_seat
from avarium.simulator.engine.options import window_options
from avarium.simulator.engine.playable import targets_available
from avarium.simulator.engine.query import any_matching
from avarium.simulator.engine.tables import (
    T_AB_EXHAUST,
    T_AB_MERIT,
    T_AB_REP,
    T_AB_START,
    T_AB_TRASH,
    T_EF_END,
    T_EF_PLAYER,
    T_EF_SEL,
    T_EF_START,
    T_SEL_QUANT,
)
from avarium.simulator.engine.triggers import ON_SCHEME_PLAYED, fire_class
from avarium.simulator.engine.zones import move, set_exhausted, set_used

# -- windows --------------------------------------------------------------------------------


@njit
def open_window(st, first):
    """Priority starts with `first` and goes round in turn order."""
    st[G_WINDOW] = 1
    st[G_PRIO] = first
    st[G_PASSES] = 0


@njit
def run_window(st, tb):
    """Hand priority to the next player who can act (others pass without being asked).
    Returns True if a decision is now waiting, False if the window closed. The options of the
    player it stops at are listed as they are found, for the game loops (options.py)."""
    n = alive_count(st)
    while st[G_PASSES] < n:
        p = st[G_PRIO]
        if st[ROW_SEAT + p, P_ALIVE] == 1 and window_options(st, tb, p):
            st[G_DEC] = D_PRIORITY
            st[G_DEC_PLAYER] = p
            return True
        st[G_PASSES] += 1
        st[G_PRIO] = next_seat(st, p)
    st[G_WINDOW] = 0
    return False


@njit
def pass_priority(st):
    p = st[G_PRIO]
    st[G_PASSES] += 1
    st[G_PRIO] = next_seat(st, p)


# -- declarations ---------------------------------------------------------------------------------


@njit
def begin(st, kind, card, ab, player, payer_needed):
    st[G_DECL] = kind
    st[G_DECL_CARD] = card
    st[G_DECL_AB] = ab
    st[G_DECL_PLAYER] = player
    st[G_DECL_PAYER] = -2 if payer_needed else -1  # -2: to be chosen
    st[G_DECL_TRASH] = 0
    st[G_DECL_TRIG] = -1
    for k in range(MAX_EFFECTS):
        st[ROW_DECL, k] = -1


@njit
def begin_scheme(st, tb, p, c, by_exhausting):
    d = st[ROW_CARD + c, C_DEF]
    begin(st, DECL_SCHEME, c, tb[d, T_AB_START], p, by_exhausting)
    st[G_DECL_EFF] = tb[tb[d, T_AB_START], T_EF_START]


@njit
def begin_ability(st, tb, p, c, a):
    begin(st, DECL_ABILITY, c, a, p, False)
    st[G_DECL_TRASH] = tb[a, T_AB_TRASH]
    st[G_DECL_EFF] = tb[a, T_EF_START]


@njit
def begin_trigger(st, tb, t):
    """Take pending trigger t off the queue and start declaring it."""
    c = st[ROW_TRIG + t, TR_CARD]
    a = st[ROW_TRIG + t, TR_AB]
    p = st[ROW_TRIG + t, TR_PLAYER]
    n = st[G_TRIG_N] - 1
    st[ROW_TRIG + t, TR_CARD] = st[ROW_TRIG + n, TR_CARD]
    st[ROW_TRIG + t, TR_AB] = st[ROW_TRIG + n, TR_AB]
    st[ROW_TRIG + t, TR_PLAYER] = st[ROW_TRIG + n, TR_PLAYER]
    st[G_TRIG_N] = n
    if st[ROW_SEAT + p, P_ALIVE] == 0 or not targets_available(st, tb, a, p, c):
        return  # a triggered ability with no possible target is not played
    begin(st, DECL_TRIGGER, c, a, p, False)
    st[G_DECL_EFF] = tb[a, T_EF_START]


@njit
def _ask(st, decision, player, left):
    st[G_DEC] = decision
    st[G_DEC_PLAYER] = player
    st[G_DEC_LEFT] = left


@njit
def continue_declaration(st, tb):
    """Ask the next question of the declaration, or finish it. Returns True when asking."""
    p = st[G_DECL_PLAYER]
    if st[G_DECL_PAYER] == -2:
        _ask(st, D_PAYER, p, 1)
        return True
    if st[G_DECL_TRASH] > 0:
        _ask(st, D_TRASH_COST, p, st[G_DECL_TRASH])
        return True
    a = st[G_DECL_AB]
    source = st[G_DECL_CARD] if st[G_DECL] != DECL_SCHEME else -1
    while st[G_DECL_EFF] < tb[a, T_EF_END]:
        e = st[G_DECL_EFF]
        sel = tb[e, T_EF_SEL]
        if sel >= 0 and tb[sel, T_SEL_QUANT] == Quantifier.TARGET:
            if any_matching(st, tb, sel, p, source):
                _ask(st, D_TARGET, p, 1)
                return True
        if tb[e, T_EF_PLAYER] == PlayerSel.TARGET_ENEMY:
            _ask(st, D_TARGET_PLAYER, p, 1)
            return True
        st[G_DECL_EFF] += 1
    finish(st, tb)
    return False


@njit
def set_target(st, tb, target):
    k = st[G_DECL_EFF] - tb[st[G_DECL_AB], T_EF_START]
    st[ROW_DECL, k] = target
    st[G_DECL_EFF] += 1


@njit
def finish(st, tb):
    """Pay the costs and put the declaration on the stack (sections 5-6)."""
    kind = st[G_DECL]
    c = st[G_DECL_CARD]
    a = st[G_DECL_AB]
    p = st[G_DECL_PLAYER]
    st[G_DECL] = DECL_NONE
    i = st[G_STACK_N]
    if i >= MAX_STACK:
        return
    if kind == DECL_SCHEME:
        payer = st[G_DECL_PAYER]
        if payer >= 0:
            set_exhausted(st, payer, 1)
        else:
            st[ROW_SEAT + p, P_REP] -= scheme_rep_cost(st, tb, p, c)
        move(st, c, Z_STACK, p)
        st[ROW_SEAT + p, P_N_SCHEMES] += 1
    elif kind == DECL_ABILITY:
        if tb[a, T_AB_EXHAUST]:
            set_exhausted(st, c, 1)
        st[ROW_SEAT + p, P_REP] -= tb[a, T_AB_REP]
        st[ROW_SEAT + p, P_MERIT] -= tb[a, T_AB_MERIT]
        set_used(
            st, c, st[ROW_CARD + c, C_USED] | (1 << (a - tb[st[ROW_CARD + c, C_DEF], T_AB_START]))
        )
    st[ROW_STACK + i, K_KIND] = kind
    st[ROW_STACK + i, K_CARD] = c
    st[ROW_STACK + i, K_AB] = a
    st[ROW_STACK + i, K_PLAYER] = p
    st[ROW_STACK + i, K_CANCEL] = 0
    for k in range(MAX_EFFECTS):
        st[ROW_STACK + i, K_TARGET + k] = st[ROW_DECL, k]
    st[G_STACK_N] = i + 1
    if kind == DECL_SCHEME:
        fire_class(st, tb, p, ON_SCHEME_PLAYED)
    if kind == DECL_TRIGGER:
        st[G_TRIG_PUSHED] = 1
    else:
        # Section 10, timing 2: declaring passes priority to the next player.
        st[G_LAST_ACTOR] = p
        open_window(st, next_seat(st, p))


# -- triggers -------------------------------------------------------------------------------------


@njit
def _push_order_seat(st):
    """The seat whose triggers go on the stack next: non-active seats first, in reverse turn
    order, the active player's last (rule B), so the active player's resolve first."""
    n = st[G_PLAYERS]
    active = st[G_ACTIVE]
    for j in range(n - 1, -1, -1):
        q = (active + j) % n
        for t in range(st[G_TRIG_N]):
            if st[ROW_TRIG + t, TR_PLAYER] == q:
                return q
    return -1


@njit
def next_trigger(st, tb):
    """Start declaring the next pending trigger; ask its controller for the order if it has
    several different ones (rule C). Returns True when a decision is waiting."""
    q = _push_order_seat(st)
    first = -1
    choices = 0
    for t in range(st[G_TRIG_N]):
        if st[ROW_TRIG + t, TR_PLAYER] != q:
            continue
        if first < 0:
            first = t
            choices = 1
        elif (
            st[ROW_TRIG + t, TR_AB] != st[ROW_TRIG + first, TR_AB]
            or st[ROW_TRIG + t, TR_CARD] != st[ROW_TRIG + first, TR_CARD]
        ):
            choices += 1
    if choices > 1:
        _ask(st, D_TRIGGER_ORDER, q, 1)
        return True
    begin_trigger(st, tb, first)
    return False


@njit
def triggers_done(st):
    """After the last queued trigger is on the stack, everyone gets priority (section 8)."""
    if st[G_TRIG_PUSHED] == 1:
        st[G_TRIG_PUSHED] = 0
        open_window(st, st[G_ACTIVE])
