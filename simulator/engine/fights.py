"""Fights (rulebook section 7 and 9; rulings 5-7 and 13): Set! and Party Up!, and the end of
every fight.

Set!: a ready leader without an Attack Token and a target. Party Up!: one supporter per side,
then in Battle Royale one helper from each uninvolved player, then a last window. Fight! (each
party's Combat dealt, damage.py) ends here too: damage is cleared, attackers get Attack Tokens
and the fight's effects end.
"""

from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.declare import open_window
from avarium.simulator.engine.effects import end_effects
from avarium.simulator.engine.layout import (
    C_FDMG,
    C_OWNED,
    C_OWNER,
    C_ROLE,
    C_TOKEN,
    C_ZONE,
    D_FIGHT_TARGET,
    D_HELPER,
    D_SUPPORT_ATT,
    D_SUPPORT_DEF,
    G_ACTIVE,
    G_DEC,
    G_DEC_LEFT,
    G_DEC_PLAYER,
    G_F_ATT,
    G_F_ATT_LEADER,
    G_F_DEF,
    G_F_DEF_LEADER,
    G_F_HELPER,
    G_F_N,
    G_FIGHT,
    G_PLAYERS,
    G_STEP,
    MAX_MEMBERS,
    P_ALIVE,
    P_HELPED,
    P_N_FIGHTS,
    P_N_OWNED,
    ROLE_ATTACK,
    ROLE_DEFEND,
    ROW_CARD,
    ROW_MEMBERS,
    ROW_SEAT,
    S_FIGHT_DAMAGE,
    S_FIGHT_HELPERS,
    S_FIGHT_SUPPORT_ATT,
    S_FIGHT_SUPPORT_DEF,
    S_FIGHT_WINDOW,
    S_PLAN,
    Z_CLASS,
)
from avarium.simulator.engine.playable import can_lead
from avarium.simulator.engine.triggers import (
    ON_ATTACK,
    ON_DEFEND,
    ON_FIGHT_DECLARED,
    fire,
    fire_class,
)
from avarium.simulator.engine.zones import in_card_order


@njit
def ask(st, decision, player):
    """The next decision is `player`'s, one choice (a target, a supporter, a helper, where a
    point of damage goes: damage.py asks that one)."""
    st[G_DEC] = decision
    st[G_DEC_PLAYER] = player
    st[G_DEC_LEFT] = 1


# -- Set! --------------------------------------------------------------------------------------


@njit
def declare_fight(st, leader):
    """Choose your leader (Set!); the target is asked next."""
    p = st[G_ACTIVE]
    st[G_FIGHT] = 1
    st[G_F_ATT] = p
    st[G_F_ATT_LEADER] = leader
    st[G_F_DEF] = -1
    st[G_F_DEF_LEADER] = -1
    st[G_F_HELPER] = 0
    st[G_F_N] = 0
    add_member(st, leader, ROLE_ATTACK)
    st[ROW_SEAT + p, P_N_FIGHTS] += 1
    ask(st, D_FIGHT_TARGET, p)


@njit
def choose_target(st, tb, target):
    """Choose your target; it becomes the defending leader. Set! ends: priority passes."""
    q = st[ROW_CARD + target, C_OWNER]
    st[G_F_DEF] = q
    st[G_F_DEF_LEADER] = target
    add_member(st, target, ROLE_DEFEND)
    fire_class(st, tb, -1, ON_FIGHT_DECLARED)
    st[G_STEP] = S_FIGHT_SUPPORT_ATT
    open_window(st, st[G_ACTIVE])


@njit
def leaders_present(st):
    """Ruling 7: if a leader left the fight before Fight!, the fight ends without damage."""
    a = st[G_F_ATT_LEADER]
    d = st[G_F_DEF_LEADER]
    return (
        d >= 0
        and st[ROW_CARD + a, C_ZONE] == Z_CLASS
        and st[ROW_CARD + a, C_ROLE] == ROLE_ATTACK
        and st[ROW_CARD + d, C_ZONE] == Z_CLASS
        and st[ROW_CARD + d, C_ROLE] == ROLE_DEFEND
    )


# -- Party Up! ---------------------------------------------------------------------------------


@njit
def can_join(st, tb, q, c):
    """Ruling 6: supporters and helpers meet the leader's conditions (ready, without an Attack
    Token, not yet fighting)."""
    return can_lead(st, tb, q, c)


@njit
def any_can_join(st, tb, q):
    for _i in range(st[ROW_SEAT + q, P_N_OWNED]):
        c = st[ROW_CARD + _i, C_OWNED + q]
        if can_join(st, tb, q, c):
            return True
    return False


@njit
def add_member(st, c, role):
    """Card c joins the fight: its role, and its place in the members' list (kept in card
    order, so the fight's kernels visit members in the order they would scanning every card)."""
    st[ROW_CARD + c, C_ROLE] = role
    members = st[ROW_MEMBERS]
    n = st[G_F_N]
    for k in range(n):
        if members[k] == c:
            return  # it was a member before, left its Class and came back
    if n >= MAX_MEMBERS:
        raise ValueError("more fight members than the rules allow")
    members[n] = c
    st[G_F_N] = in_card_order(members, 0, n + 1)


@njit
def step_support(st, tb, attacker_side):
    if not leaders_present(st):
        end_fight(st)
        return
    q = st[G_F_ATT] if attacker_side else st[G_F_DEF]
    if any_can_join(st, tb, q):
        ask(st, D_SUPPORT_ATT if attacker_side else D_SUPPORT_DEF, q)
    else:
        st[G_STEP] = S_FIGHT_SUPPORT_DEF if attacker_side else S_FIGHT_HELPERS


@njit
def helper_seat(st, k):
    return (st[G_F_ATT] + 1 + k) % st[G_PLAYERS]


@njit
def step_helpers(st, tb):
    """Section 9: uninvolved players, in turn order from the attacker, may each add one."""
    if not leaders_present(st):
        end_fight(st)
        return
    n = st[G_PLAYERS]
    while st[G_F_HELPER] < n - 1:
        q = helper_seat(st, st[G_F_HELPER])
        if (
            q != st[G_F_ATT]
            and q != st[G_F_DEF]
            and st[ROW_SEAT + q, P_ALIVE] == 1
            and st[ROW_SEAT + q, P_HELPED] == 0
            and any_can_join(st, tb, q)
        ):
            ask(st, D_HELPER, q)
            return
        st[G_F_HELPER] += 1
    st[G_STEP] = S_FIGHT_WINDOW


@njit
def step_last_window(st, tb):
    """The parties are confirmed: every member's "on attack" / "on defend" abilities trigger
    now (ruling 24), so a leader's ability sees its supporters and helpers; then the last
    window before damage."""
    if not leaders_present(st):
        end_fight(st)
        return
    for k in range(st[G_F_N]):
        c = st[ROW_MEMBERS, k]
        role = st[ROW_CARD + c, C_ROLE]
        if role != 0 and st[ROW_CARD + c, C_ZONE] == Z_CLASS:
            fire(
                st,
                tb,
                c,
                ON_ATTACK if role == ROLE_ATTACK else ON_DEFEND,
                st[ROW_CARD + c, C_OWNER],
            )
    st[G_STEP] = S_FIGHT_DAMAGE
    open_window(st, st[G_ACTIVE])


@njit
def end_fight(st):
    """Clean Up: damage removed, Attack Tokens on every attacker still in a Class, the
    fight's effects end. The Fight! step ends: priority passes."""
    for k in range(st[G_F_N]):
        c = st[ROW_MEMBERS, k]
        if st[ROW_CARD + c, C_ROLE] == ROLE_ATTACK and st[ROW_CARD + c, C_ZONE] == Z_CLASS:
            st[ROW_CARD + c, C_TOKEN] = 1
        st[ROW_CARD + c, C_ROLE] = 0
        st[ROW_CARD + c, C_FDMG] = 0
    st[G_F_N] = 0
    end_effects(st, False)  # on any card, member or not
    st[G_FIGHT] = 0
    st[G_STEP] = S_PLAN
    open_window(st, st[G_ACTIVE])
