"""Fights (rulebook section 7 and 9; rulings 5-7 and 13): Set!, Party Up!, Fight!.

Set!: a ready leader without an Attack Token and a target. Party Up!: one supporter per side,
then in Battle Royale one helper from each uninvolved player, then a last window. Fight!: each
party's Combat is dealt at once, to the leader first; only when a Student leader is expelled does
the rest go to the other members, divided by the dealing player; nothing is over-assigned.
Then expel or exhaust, Idols lose Merit, damage is cleared and attackers get Attack Tokens.
"""

from avarium.simulator.constants import CardKind
from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.declare import open_window
from avarium.simulator.engine.effective import combat_of, defense_of
from avarium.simulator.engine.effects import end_effects, prevent_damage
from avarium.simulator.engine.layout import (
    C_DEF,
    C_EXHAUSTED,
    C_FDMG,
    C_OWNED,
    C_OWNER,
    C_ROLE,
    C_SCR_A,
    C_SCR_B,
    C_SCR_C,
    C_SHIELD_FIGHT,
    C_SHIELD_PERM,
    C_SHIELD_TURN,
    C_TOKEN,
    C_ZONE,
    D_DAMAGE,
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
    G_F_LEFT_ATT,
    G_F_LEFT_DEF,
    G_F_N,
    G_F_SPLIT_SIDE,
    G_FIGHT,
    G_N_CARDS,
    G_OPT_SPLIT,
    G_PLAYERS,
    G_STEP,
    MAX_MEMBERS,
    P_ALIVE,
    P_HELPED,
    P_MERIT,
    P_N_FIGHTS,
    P_N_OWNED,
    ROLE_ATTACK,
    ROLE_DEFEND,
    ROLE_NONE,
    ROW_CARD,
    ROW_MEMBERS,
    ROW_SEAT,
    S_FIGHT_APPLY,
    S_FIGHT_DAMAGE,
    S_FIGHT_HELPERS,
    S_FIGHT_SPLIT_ATT,
    S_FIGHT_SPLIT_DEF,
    S_FIGHT_SUPPORT_ATT,
    S_FIGHT_SUPPORT_DEF,
    S_FIGHT_WINDOW,
    S_PLAN,
    Z_CLASS,
)
from avarium.simulator.engine.playable import can_lead
from avarium.simulator.engine.tables import T_KIND
from avarium.simulator.engine.zones import (
    ON_ATTACK,
    ON_DEFEND,
    ON_FIGHT_DECLARED,
    expel,
    fire,
    fire_class,
    in_card_order,
    set_exhausted,
)

_IDOL = int(CardKind.IDOL)
_SCHEME = int(CardKind.SCHEME)


@njit
def _ask(st, decision, player):
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
    _ask(st, D_FIGHT_TARGET, p)


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
        _ask(st, D_SUPPORT_ATT if attacker_side else D_SUPPORT_DEF, q)
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
            _ask(st, D_HELPER, q)
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


# -- Fight! ----------------------------------------------------------------------------------------


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
        _ask(st, D_DAMAGE, dealer)
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
