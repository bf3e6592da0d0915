"""Fight! (rulebook section 9; rulings 5-7 and 13): each party's Combat is dealt at once, to
the leader first; only when a Student leader is expelled does the rest go to the other members,
divided by the dealing player; nothing is over-assigned. Then expel or exhaust, Idols lose
Merit; fights.py ends the fight.
"""

from avarium.simulator.constants import CardKind
from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.effective import combat_of, defense_of
from avarium.simulator.engine.effects import prevent_damage
from avarium.simulator.engine.fights import ask, end_fight, leaders_present
from avarium.simulator.engine.layout import (
    C_DEF,
    C_EXHAUSTED,
    C_FDMG,
    C_OWNER,
    C_ROLE,
    C_SCR_A,
    C_SCR_B,
    C_SCR_C,
    C_SHIELD_FIGHT,
    C_SHIELD_PERM,
    C_SHIELD_TURN,
    C_ZONE,
    D_DAMAGE,
    G_F_ATT,
    G_F_ATT_LEADER,
    G_F_DEF,
    G_F_DEF_LEADER,
    G_F_LEFT_ATT,
    G_F_LEFT_DEF,
    G_F_N,
    G_F_SPLIT_SIDE,
    G_N_CARDS,
    G_OPT_SPLIT,
    G_STEP,
    P_MERIT,
    ROLE_ATTACK,
    ROLE_DEFEND,
    ROLE_NONE,
    ROW_CARD,
    ROW_MEMBERS,
    ROW_SEAT,
    S_FIGHT_APPLY,
    S_FIGHT_SPLIT_ATT,
    S_FIGHT_SPLIT_DEF,
    Z_CLASS,
)
from avarium.simulator.engine.leaving import expel
from avarium.simulator.engine.tables import T_KIND
from avarium.simulator.engine.zones import set_exhausted

_IDOL = int(CardKind.IDOL)


@njit
def party_combat(st, tb, role):
    """Combat of the ready members of a party (exhausted members deal no damage)."""
    total = 0
    for k in range(st[G_F_N]):
        c = st[ROW_MEMBERS, k]
        if (
            st[ROW_CARD + c, C_ROLE] == role
            and st[ROW_CARD + c, C_ZONE] == Z_CLASS
            and st[ROW_CARD + c, C_EXHAUSTED] == 0
        ):
            total += combat_of(st, tb, c)
    return total


@njit
def shields(st, c):
    return (
        st[ROW_CARD + c, C_SHIELD_FIGHT]
        + st[ROW_CARD + c, C_SHIELD_TURN]
        + st[ROW_CARD + c, C_SHIELD_PERM]
    )


@njit
def capacity(st, tb, c):
    """Damage c can still take without over-assigning (FAQ): what expels a Student, what is
    left of an Idol's Merit; prevented damage does not count as taken."""
    if tb[st[ROW_CARD + c, C_DEF], T_KIND] == _IDOL:
        room = (
            st[ROW_SEAT + (st[ROW_CARD + c, C_OWNER]), P_MERIT]
            + shields(st, c)
            - st[ROW_CARD + c, C_FDMG]
        )
    else:
        room = defense_of(st, tb, c) + shields(st, c) - st[ROW_CARD + c, C_FDMG]
    return room if room > 0 else 0


@njit
def hit_leader(st, tb, leader, total):
    """Damage goes to the leader first; returns what may go on to the other members."""
    cap = capacity(st, tb, leader)
    given = total if total < cap else cap
    st[ROW_CARD + leader, C_FDMG] += given
    if tb[st[ROW_CARD + leader, C_DEF], T_KIND] == _IDOL or given < cap:
        return 0  # an Idol leader, or a Student leader that survives: the rest is lost
    return total - given


@njit
def step_damage(st, tb):
    if not leaders_present(st):
        end_fight(st)
        return
    attack = party_combat(st, tb, ROLE_ATTACK)
    defense = party_combat(st, tb, ROLE_DEFEND)
    st[G_F_LEFT_ATT] = hit_leader(st, tb, st[G_F_DEF_LEADER], attack)
    st[G_F_LEFT_DEF] = hit_leader(st, tb, st[G_F_ATT_LEADER], defense)
    st[G_STEP] = S_FIGHT_SPLIT_DEF


@njit
def split_candidates(st, tb, role, leader, out):
    m = 0
    for k in range(st[G_F_N]):
        c = st[ROW_MEMBERS, k]
        if st[ROW_CARD + c, C_ROLE] == role and c != leader and st[ROW_CARD + c, C_ZONE] == Z_CLASS:
            if capacity(st, tb, c) > 0:
                out[m] = c
                m += 1
    return m


@njit
def step_split(st, tb, hit_role):
    """Divide the rest of a party's damage among the other members of the party it hits."""
    left_index = G_F_LEFT_ATT if hit_role == ROLE_DEFEND else G_F_LEFT_DEF
    leader = st[G_F_DEF_LEADER] if hit_role == ROLE_DEFEND else st[G_F_ATT_LEADER]
    dealer = st[G_F_ATT] if hit_role == ROLE_DEFEND else st[G_F_DEF]
    out = st[ROW_CARD : ROW_CARD + st[G_N_CARDS], C_SCR_A]  # scratch, not an allocation
    while st[left_index] > 0:
        m = split_candidates(st, tb, hit_role, leader, out)
        if m == 0:
            st[left_index] = 0  # no one left to take it: the rest is ignored (FAQ)
            break
        if m == 1 or st[G_OPT_SPLIT] == 1:
            c = out[0]
            cap = capacity(st, tb, c)
            give = st[left_index] if st[left_index] < cap else cap
            st[ROW_CARD + c, C_FDMG] += give
            st[left_index] -= give
            continue
        st[G_F_SPLIT_SIDE] = hit_role
        ask(st, D_DAMAGE, dealer)
        return
    st[G_STEP] = S_FIGHT_SPLIT_ATT if hit_role == ROLE_DEFEND else S_FIGHT_APPLY


@njit
def assign_point(st, c):
    """The dealing player puts one point of the remaining damage on member c."""
    st[ROW_CARD + c, C_FDMG] += 1
    if st[G_F_SPLIT_SIDE] == ROLE_DEFEND:
        st[G_F_LEFT_ATT] -= 1
    else:
        st[G_F_LEFT_DEF] -= 1


@njit
def step_apply(st, tb):
    """Expel & exhaust, all at once: every outcome is decided before any card leaves, so an
    aura of an expelled card still counts for this damage (section 7)."""
    n = st[G_F_N]
    members = st[ROW_MEMBERS]
    outcome = st[ROW_CARD : ROW_CARD + n, C_SCR_B]  # per member: 1 exhaust, 2 expel, 3 Merit loss
    taken = st[ROW_CARD : ROW_CARD + n, C_SCR_C]
    outcome[:] = 0
    taken[:] = 0
    for k in range(n):
        c = members[k]
        if (
            st[ROW_CARD + c, C_ROLE] == ROLE_NONE
            or st[ROW_CARD + c, C_FDMG] == 0
            or st[ROW_CARD + c, C_ZONE] != Z_CLASS
        ):
            continue
        taken[k] = prevent_damage(st, c, st[ROW_CARD + c, C_FDMG])
        if tb[st[ROW_CARD + c, C_DEF], T_KIND] == _IDOL:
            outcome[k] = 3
        elif taken[k] >= defense_of(st, tb, c):
            outcome[k] = 2
        elif taken[k] > 0:
            outcome[k] = 1
    for k in range(n):
        c = members[k]
        if outcome[k] == 3:
            q = st[ROW_CARD + c, C_OWNER]
            loss = taken[k] if taken[k] < st[ROW_SEAT + q, P_MERIT] else st[ROW_SEAT + q, P_MERIT]
            st[ROW_SEAT + q, P_MERIT] -= loss  # the Idol stays ready
        elif outcome[k] == 1:
            set_exhausted(st, c, 1)
    for k in range(n):
        c = members[k]
        if outcome[k] == 2:
            by = st[G_F_ATT] if st[ROW_CARD + c, C_ROLE] == ROLE_DEFEND else st[G_F_DEF]
            expel(st, tb, c, by)
    end_fight(st)
