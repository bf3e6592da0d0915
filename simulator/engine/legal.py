"""The legal actions of the waiting decision, as flat integers (layout.action_offsets).

| range              | meaning                                                      |
|--------------------|--------------------------------------------------------------|
| 0 PASS             | pass priority, or decline an optional choice                 |
| 1 END_TURN         | end the Plan Phase                                           |
| RECRUIT + c        | recruit Courtyard Student c                                  |
| SCHEME_REP + c     | play Scheme c paying Reputation                              |
| SCHEME_EXHAUST + c | play Scheme c paying by exhausting a Student (chosen next)   |
| FIGHT + c          | declare a fight led by c (the target is chosen next)         |
| CHOOSE + c         | answer the waiting decision with card c                      |
| HELP_DEFEND + c    | send c as a helper to the defending party (Battle Royale)    |
| PLAYER + p         | answer the waiting decision with seat p                      |
| TRIGGER + i        | put pending trigger i on the stack next                      |
| ACTIVATE + c*K + k | activate ability k of card c (K = ability slots per card)    |
"""

from avarium.simulator.constants import CardKind
from avarium.simulator.engine._jit import njit, njit_entry
from avarium.simulator.engine.damage import capacity
from avarium.simulator.engine.effective import static_discount
from avarium.simulator.engine.fights import can_join
from avarium.simulator.engine.layout import (
    A_END_TURN,
    A_PASS,
    C_DEF,
    C_OWNED,
    C_ROLE,
    C_YARD,
    C_ZONE,
    D_CLASS_LIMIT,
    D_DAMAGE,
    D_EFFECT_TRASH,
    D_FIGHT_TARGET,
    D_HAND_LIMIT,
    D_HELPER,
    D_MAIN,
    D_PAYER,
    D_PRIORITY,
    D_SUPPORT_ATT,
    D_SUPPORT_DEF,
    D_TARGET,
    D_TARGET_PLAYER,
    D_TRASH_COST,
    D_TRIGGER_ORDER,
    DECL_SCHEME,
    FIRST_NO_RECRUIT,
    G_DEC,
    G_DEC_PLAYER,
    G_DECL,
    G_DECL_CARD,
    G_DECL_EFF,
    G_F_ATT_LEADER,
    G_F_DEF_LEADER,
    G_F_N,
    G_F_SPLIT_SIDE,
    G_PLAYERS,
    G_TRIG_N,
    G_YARD_N,
    MAX_PLAYERS,
    P_DISC_RECRUIT,
    P_FIRST_TURN,
    P_N_OWNED,
    P_REP,
    P_TURNS_TAKEN,
    ROLE_DEFEND,
    ROW_CARD,
    ROW_MEMBERS,
    ROW_SEAT,
    ROW_TRIG,
    TR_PLAYER,
    Z_CLASS,
    Z_COURTYARD,
    Z_HAND,
)
from avarium.simulator.engine.options import (
    instant_options,
    kept_options,
    off_choose,
    off_fight,
    off_help_defend,
    off_player,
    off_recruit,
    off_trigger,
)
from avarium.simulator.engine.playable import (
    can_be_attacked,
    can_lead,
    can_pay_by_exhausting,
    could_play,
    fight_possible,
)
from avarium.simulator.engine.query import enemy, list_matching
from avarium.simulator.engine.tables import T_COST, T_EF_SEL, T_KIND
from avarium.simulator.engine.zones import in_card_order

_STUDENT = int(CardKind.STUDENT)


@njit
def _recruit_barred(st, p):
    """A seat lever: the first seat's first turn offers no recruit. The seat's own column is
    read first, 0 in a game without the lever."""
    return (
        st[ROW_SEAT + p, P_FIRST_TURN] & FIRST_NO_RECRUIT != 0
        and st[ROW_SEAT + p, P_TURNS_TAKEN] <= 1
    )


@njit_entry
def legal_actions(st, tb, out):
    """Write the legal actions of the waiting decision into `out`; return how many."""
    dec = st[G_DEC]
    p = st[G_DEC_PLAYER]
    m = 0
    choose = off_choose(st)
    if dec == D_MAIN:
        out[m] = A_END_TURN
        m += 1
        # recruit cost = printed cost - this turn's reduction - statics (computed once here)
        if not _recruit_barred(st, p):
            discount = st[ROW_SEAT + p, P_DISC_RECRUIT] + static_discount(st, tb, p, 0)
            rep = st[ROW_SEAT + p, P_REP]
            for i in range(st[G_YARD_N]):
                c = st[ROW_CARD + i, C_YARD]
                if st[ROW_CARD + c, C_ZONE] == Z_COURTYARD:
                    if tb[st[ROW_CARD + c, C_DEF], T_COST] - discount <= rep:
                        out[m] = off_recruit(st) + c
                        m += 1
        if could_play(st, p):
            m = instant_options(st, tb, p, out, m)
        if fight_possible(st, tb, p):
            for i in range(st[ROW_SEAT + p, P_N_OWNED]):
                c = st[ROW_CARD + i, C_OWNED + p]
                if st[ROW_CARD + c, C_ZONE] == Z_CLASS and can_lead(st, tb, p, c):
                    out[m] = off_fight(st) + c
                    m += 1
        return m
    if dec == D_PRIORITY:
        out[m] = A_PASS
        m += 1
        return instant_options(st, tb, p, out, m)
    if dec == D_PAYER:
        scheme = st[G_DECL_CARD]
        for i in range(st[ROW_SEAT + p, P_N_OWNED]):
            c = st[ROW_CARD + i, C_OWNED + p]
            if can_pay_by_exhausting(st, tb, p, scheme, c):
                out[m] = choose + c
                m += 1
        return in_card_order(out, 0, m)
    if dec == D_TRASH_COST or dec == D_HAND_LIMIT or dec == D_EFFECT_TRASH:
        for i in range(st[ROW_SEAT + p, P_N_OWNED]):
            c = st[ROW_CARD + i, C_OWNED + p]
            if st[ROW_CARD + c, C_ZONE] == Z_HAND:
                out[m] = choose + c
                m += 1
        return in_card_order(out, 0, m)
    if dec == D_TARGET:
        e = st[G_DECL_EFF]
        sel = tb[e, T_EF_SEL]
        source = st[G_DECL_CARD] if st[G_DECL] != DECL_SCHEME else -1
        found = list_matching(st, tb, sel, p, source, out)
        for j in range(found):
            out[j] += choose
        return found
    if dec == D_TARGET_PLAYER:
        for q in range(st[G_PLAYERS]):
            if enemy(st, p, q):
                out[m] = off_player(st) + q
                m += 1
        return m
    if dec == D_FIGHT_TARGET:
        for q in range(MAX_PLAYERS):  # targets are in enemy Classes, so on their seats' lists
            if q == p:
                continue
            for i in range(st[ROW_SEAT + q, P_N_OWNED]):
                c = st[ROW_CARD + i, C_OWNED + q]
                if can_be_attacked(st, tb, p, c):
                    out[m] = choose + c
                    m += 1
        return in_card_order(out, 0, m)
    if dec == D_SUPPORT_ATT or dec == D_SUPPORT_DEF or dec == D_HELPER:
        out[m] = A_PASS
        m += 1
        for i in range(st[ROW_SEAT + p, P_N_OWNED]):
            c = st[ROW_CARD + i, C_OWNED + p]
            if can_join(st, tb, p, c):
                out[m] = c
                m += 1
        k = m - 1
        in_card_order(out, 1, m)
        if dec != D_HELPER:
            for j in range(1, m):
                out[j] += choose
            return m
        # a helper joins either party: two actions per card, written from the last card back
        # so that no card is overwritten before it is read
        for j in range(k, 0, -1):
            c = out[j]
            out[2 * j - 1] = choose + c
            out[2 * j] = off_help_defend(st) + c
        return 1 + 2 * k
    if dec == D_DAMAGE:
        role = st[G_F_SPLIT_SIDE]
        leader = st[G_F_DEF_LEADER] if role == ROLE_DEFEND else st[G_F_ATT_LEADER]
        for k in range(st[G_F_N]):
            c = st[ROW_MEMBERS, k]
            if (
                st[ROW_CARD + c, C_ROLE] == role
                and c != leader
                and st[ROW_CARD + c, C_ZONE] == Z_CLASS
            ):
                if capacity(st, tb, c) > 0:
                    out[m] = choose + c
                    m += 1
        return m
    if dec == D_CLASS_LIMIT:
        for i in range(st[ROW_SEAT + p, P_N_OWNED]):
            c = st[ROW_CARD + i, C_OWNED + p]
            if (
                st[ROW_CARD + c, C_ZONE] == Z_CLASS
                and tb[st[ROW_CARD + c, C_DEF], T_KIND] == _STUDENT
            ):
                out[m] = choose + c
                m += 1
        return in_card_order(out, 0, m)
    if dec == D_TRIGGER_ORDER:
        for t in range(st[G_TRIG_N]):
            if st[ROW_TRIG + t, TR_PLAYER] == p:
                out[m] = off_trigger(st) + t
                m += 1
        return m
    return m


@njit
def next_legal_actions(st, tb, out):
    """legal_actions of the decision a game loop's step just stopped at: a priority window's
    are copied from the list the window made as it asked (options.window_options), not found
    again. Only for a game loop, right after step and before anything else writes the state;
    every other caller asks legal_actions."""
    if st[G_DEC] == D_PRIORITY:
        kept = kept_options(st)
        m = kept[0]
        if m > 0:
            for i in range(m):
                out[i] = kept[1 + i]
            return m
    return legal_actions(st, tb, out)
