"""Resolving the stack (rulebook sections 8 and 10): the top item's effects played out in
order, each by effects.py's kernel for its opcode, until one pauses for a decision ("trash" lets
the trashing player choose) or the item is done.
"""

from avarium.simulator.constants import Op
from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.conditions import hand_size, value_of
from avarium.simulator.engine.effects import (
    cancel,
    cards_of,
    deal_damage,
    gain,
    join_class,
    lose,
    modify,
    players_of,
    recruit_by_effect,
    return_card,
    shield,
)
from avarium.simulator.engine.layout import (
    C_OWNER,
    C_TOKEN,
    C_ZONE,
    D_EFFECT_TRASH,
    DECL_SCHEME,
    G_DEC,
    G_DEC_LEFT,
    G_DEC_PLAYER,
    G_N_CARDS,
    G_RES_EFF,
    G_RES_SUB,
    G_STACK_N,
    K_AB,
    K_CANCEL,
    K_CARD,
    K_KIND,
    K_PLAYER,
    P_ALIVE,
    P_DISC_RECRUIT,
    P_DISC_SCHEME,
    ROW_CARD,
    ROW_SEAT,
    ROW_STACK,
    Z_HAND,
    Z_STACK,
)
from avarium.simulator.engine.leaving import expel
from avarium.simulator.engine.tables import (
    T_EF_AMOUNT,
    T_EF_COMBAT,
    T_EF_DEFENSE,
    T_EF_DEST,
    T_EF_DISCOUNT,
    T_EF_DURATION,
    T_EF_END,
    T_EF_FREE,
    T_EF_OP,
    T_EF_RESOURCE,
    T_EF_START,
)
from avarium.simulator.engine.zones import (
    draw_scheme,
    set_exhausted,
    trash,
)


@njit
def apply_effect(st, tb, i, e):
    """Play out effect e of stack item i. Returns True when it paused for a decision."""
    a = st[ROW_STACK + i, K_AB]
    k = e - tb[a, T_EF_START]
    controller = st[ROW_STACK + i, K_PLAYER]
    source = st[ROW_STACK + i, K_CARD] if st[ROW_STACK + i, K_KIND] != DECL_SCHEME else -1
    op = tb[e, T_EF_OP]
    amount = 0
    if tb[e, T_EF_AMOUNT] >= 0:
        amount = value_of(st, tb, tb[e, T_EF_AMOUNT], controller, source)
    if op == Op.GAIN or op == Op.LOSE or op == Op.DRAW or op == Op.TRASH or op == Op.STEAL:
        seats, m = players_of(st, tb, e, i, k, controller)
        if op == Op.TRASH:
            return _trash_effect(st, seats, m, amount)
        for j in range(m):
            q = seats[j]
            if op == Op.GAIN:
                gain(st, q, tb[e, T_EF_RESOURCE], amount)
            elif op == Op.LOSE:
                lose(st, q, tb[e, T_EF_RESOURCE], amount)
            elif op == Op.STEAL:
                gain(
                    st,
                    controller,
                    tb[e, T_EF_RESOURCE],
                    lose(st, q, tb[e, T_EF_RESOURCE], amount),
                )
            else:
                for _ in range(amount):
                    draw_scheme(st, q)
        return False
    if op == Op.DISCOUNT:
        if tb[e, T_EF_RESOURCE] == 0:
            st[ROW_SEAT + controller, P_DISC_RECRUIT] += tb[e, T_EF_DISCOUNT]
        else:
            st[ROW_SEAT + controller, P_DISC_SCHEME] += tb[e, T_EF_DISCOUNT]
        return False
    cards, m = cards_of(st, tb, e, i, k, controller, source)
    if op == Op.DAMAGE:
        deal_damage(st, tb, cards, m, amount, controller)
        return False
    for j in range(m):
        c = cards[j]
        if op == Op.EXHAUST:
            set_exhausted(st, c, 1)
        elif op == Op.READY:
            set_exhausted(st, c, 0)
        elif op == Op.EXPEL:
            expel(st, tb, c, controller)
        elif op == Op.MODIFY:
            modify(st, c, tb[e, T_EF_COMBAT], tb[e, T_EF_DEFENSE], tb[e, T_EF_DURATION])
        elif op == Op.RECRUIT:
            recruit_by_effect(st, tb, c, controller, tb[e, T_EF_FREE] == 1, tb[e, T_EF_DISCOUNT])
        elif op == Op.RETURN:
            return_card(st, tb, c, tb[e, T_EF_DEST], controller)
        elif op == Op.TAKE:
            join_class(st, tb, c, controller)
        elif op == Op.REMOVE_TOKEN:
            st[ROW_CARD + c, C_TOKEN] = 0
        elif op == Op.PREVENT:
            shield(st, c, amount, tb[e, T_EF_DURATION])
        elif op == Op.CANCEL:
            cancel(st, c)
        else:
            raise ValueError("unknown effect opcode")
    return False


@njit
def _trash_effect(st, seats, m, amount):
    """Each seat in turn trashes `amount` Schemes of its choice (all of them if it has no more).
    G_RES_SUB counts the seats done, so the effect resumes after each choice."""
    while st[G_RES_SUB] < m:
        q = seats[st[G_RES_SUB]]
        have = hand_size(st, q)
        if have == 0 or amount == 0:
            st[G_RES_SUB] += 1
            continue
        if have <= amount:
            for c in range(st[G_N_CARDS]):
                if st[ROW_CARD + c, C_ZONE] == Z_HAND and st[ROW_CARD + c, C_OWNER] == q:
                    trash(st, c)
            st[G_RES_SUB] += 1
            continue
        st[G_DEC] = D_EFFECT_TRASH
        st[G_DEC_PLAYER] = q
        st[G_DEC_LEFT] = amount
        return True
    return False


@njit
def resolve_top(st, tb):
    """Play out the top item of the stack (rule A: last in, first out), resuming if paused."""
    i = st[G_STACK_N] - 1
    a = st[ROW_STACK + i, K_AB]
    if st[G_RES_EFF] < 0:
        st[G_RES_SUB] = 0
        if (
            st[ROW_STACK + i, K_CANCEL] == 1
            or st[ROW_SEAT + (st[ROW_STACK + i, K_PLAYER]), P_ALIVE] == 0
        ):
            st[G_RES_EFF] = tb[a, T_EF_END]
        else:
            st[G_RES_EFF] = tb[a, T_EF_START]
    while st[G_RES_EFF] < tb[a, T_EF_END]:
        if apply_effect(st, tb, i, st[G_RES_EFF]):
            return  # waiting for a decision; resumes at the same effect
        st[G_RES_EFF] += 1
        st[G_RES_SUB] = 0
    # done: a Scheme goes to the Trash Pile (section 6), the item leaves the stack
    if (
        st[ROW_STACK + i, K_KIND] == DECL_SCHEME
        and st[ROW_CARD + (st[ROW_STACK + i, K_CARD]), C_ZONE] == Z_STACK
    ):
        trash(st, st[ROW_STACK + i, K_CARD])
    st[G_STACK_N] = i
    st[G_RES_EFF] = -1
    st[G_RES_SUB] = 0
