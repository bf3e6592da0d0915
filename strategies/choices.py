"""The heuristic bot's scores for every choice inside a declaration or a fight (targets, the
target player, helpers, supporters, payers, damage splits, trash and limit choices): the other
half of strategies/heuristic.py, which scores the Plan Phase and the priority windows and
takes the best of either."""

from avarium.simulator.constants import CardKind, Op, ValueKind
from avarium.simulator.engine.surface import (
    A_PASS,
    C_DEF,
    C_EXHAUSTED,
    C_OWNER,
    C_ROLE,
    C_ZONE,
    D_CLASS_LIMIT,
    D_DAMAGE,
    D_EFFECT_TRASH,
    D_FIGHT_TARGET,
    D_HAND_LIMIT,
    D_HELPER,
    D_PAYER,
    D_SUPPORT_ATT,
    D_SUPPORT_DEF,
    D_TARGET,
    D_TARGET_PLAYER,
    D_TRASH_COST,
    G_DEC_LEFT,
    G_DECL_EFF,
    G_F_ATT,
    G_F_ATT_LEADER,
    G_F_DEF,
    G_F_DEF_LEADER,
    G_FIGHT,
    ROW_CARD,
    T_EF_AMOUNT,
    T_EF_COMBAT,
    T_EF_DEFENSE,
    T_EF_OP,
    T_KIND,
    T_VAL_CONST,
    T_VAL_KIND,
    Z_COURTYARD,
    Z_EXPEL,
    Z_STACK,
    capacity,
    combat_of,
    fighting_stats,
    njit,
    off_activate,
    off_choose,
    off_help_defend,
    off_player,
    off_trigger,
)
from avarium.strategies.fights import fight_outcome, worth
from avarium.strategies.notes import (
    fighter_stats,
    table_leader,
    threat_of,
    threat_progress,
)
from avarium.strategies.threats import SPARED, spared
from avarium.strategies.weights import W_EXPEL_GAIN, W_GUARD, W_RACE, W_SUPPORT, W_TARGETING

# Engine codes under short names, each bound to its one source (a copy would drift).
_IDOL = CardKind.IDOL
_STUDENT = CardKind.STUDENT
_OP_MODIFY = Op.MODIFY
_OP_DAMAGE = Op.DAMAGE
_OP_READY = Op.READY
_OP_PREVENT = Op.PREVENT
_OP_REMOVE_TOKEN = Op.REMOVE_TOKEN
_CONST = ValueKind.CONST


@njit
def score_target(st, tb, vals, w, p, c, deltas):
    """The target of the effect being declared: help our cards, hurt theirs, cancel theirs."""
    e = st[G_DECL_EFF]
    op = tb[e, T_EF_OP]
    z = st[ROW_CARD + c, C_ZONE]
    x = worth(st, tb, vals, c)
    if z == Z_STACK:
        return 10.0 if st[ROW_CARD + c, C_OWNER] != p else -10.0
    if z == Z_COURTYARD or z == Z_EXPEL:
        return x
    helpful = op == _OP_READY or op == _OP_PREVENT or op == _OP_REMOVE_TOKEN
    if op == _OP_MODIFY:
        helpful = tb[e, T_EF_COMBAT] + tb[e, T_EF_DEFENSE] > 0
    ally = st[ROW_CARD + c, C_OWNER] == p
    if helpful:
        v = x if ally else -x
        if st[G_FIGHT] != 0 and st[ROW_CARD + c, C_ROLE] != 0:
            v += 5.0  # a fighter is where a boost counts
        return v
    v = -x if ally else x
    if op == _OP_DAMAGE and not ally and tb[st[ROW_CARD + c, C_DEF], T_KIND] == _STUDENT:
        amount = tb[e, T_EF_AMOUNT]
        dealt = tb[amount, T_VAL_CONST] if amount >= 0 and tb[amount, T_VAL_KIND] == _CONST else 1
        # damage that expels is worth the Student; damage that only exhausts, a little
        v = x + 5.0 if capacity(st, tb, c) <= dealt else 0.2 * x
    if not ally and v > 0.0 and w[W_RACE] != 0.0:  # hurting the enemy nearest its Win-Con
        v *= 1.0 + w[W_RACE] * threat_progress(st, tb, deltas, p, st[ROW_CARD + c, C_OWNER])
    if not ally and v > 0.0:
        v -= spared(st, tb, w, deltas, p, st[ROW_CARD + c, C_OWNER])
    return v


@njit
def score_choice(st, tb, vals, w, p, dec, action, deltas, base):
    """Every decision other than the Plan Phase's and the windows'."""
    if action == A_PASS:
        return 0.0
    choose = off_choose(st)
    if dec == D_TARGET_PLAYER:
        q = action - off_player(st)
        if w[W_TARGETING] != 0.0 and q == table_leader(st, tb, deltas, p):
            return SPARED + threat_of(st, tb, q, deltas)
        return threat_of(st, tb, q, deltas)
    if dec == D_HELPER:
        if action >= off_help_defend(st) and action < off_player(st):
            c = action - off_help_defend(st)
            against = st[G_F_ATT]
            other = st[G_F_DEF]
        else:
            c = action - choose
            against = st[G_F_DEF]
            other = st[G_F_ATT]
        x = combat_of(st, tb, c)
        guard = 0.0
        if w[W_GUARD] != 0.0:  # for the party facing the enemy nearer its Win-Con
            closer = threat_progress(st, tb, deltas, p, against)
            closer -= threat_progress(st, tb, deltas, p, other)
            guard = w[W_GUARD] * x * closer
        diff = threat_of(st, tb, against, deltas) - threat_of(st, tb, other, deltas)
        side = 1.0 if diff > 2.0 else -1.0
        if w[W_TARGETING] != 0.0:  # the leader rule helps whoever fights the leader
            leader = table_leader(st, tb, deltas, p)
            if against == leader or other == leader:
                side = 1.0 if against == leader else -1.0
        return w[W_SUPPORT] * x * side - 0.5 + guard
    if action >= off_trigger(st) and action < off_activate(st):
        return 0.0  # the order of one's own triggers: any
    c = action - choose
    if dec == D_PAYER:
        combat, defense = fighting_stats(st, tb, c)
        v = -(combat + defense)
        return v - 100.0 if st[ROW_CARD + c, C_ROLE] != 0 else v  # never a fighter
    if dec == D_TRASH_COST or dec == D_HAND_LIMIT or dec == D_EFFECT_TRASH:
        return -worth(st, tb, vals, c)
    if dec == D_CLASS_LIMIT:
        return -worth(st, tb, vals, c)
    if dec == D_TARGET:
        return score_target(st, tb, vals, w, p, c, deltas)
    if dec == D_FIGHT_TARGET:
        leader = st[G_F_ATT_LEADER]
        lead_combat, lead_defense = fighter_stats(st, tb, deltas, leader)  # noted once
        combat, defense = fighter_stats(st, tb, deltas, c)  # noted as a target
        fighters = (lead_combat, lead_defense, combat, defense)
        return fight_outcome(st, tb, vals, w, p, leader, c, deltas, base, fighters)
    if dec == D_SUPPORT_ATT or dec == D_SUPPORT_DEF:
        if dec == D_SUPPORT_ATT:
            mine, theirs = st[G_F_ATT_LEADER], st[G_F_DEF_LEADER]
        else:
            mine, theirs = st[G_F_DEF_LEADER], st[G_F_ATT_LEADER]
        combat = combat_of(st, tb, c)  # asked once, read three times
        v = w[W_SUPPORT] * combat
        # both leaders noted once for every supporter scored
        now = fighter_stats(st, tb, deltas, mine)[0] if st[ROW_CARD + mine, C_EXHAUSTED] == 0 else 0
        need = fighter_stats(st, tb, deltas, theirs)[1]
        if tb[st[ROW_CARD + theirs, C_DEF], T_KIND] == _STUDENT and now < need:
            if now + combat >= need:
                v += w[W_EXPEL_GAIN] * worth(st, tb, vals, theirs)
        if tb[st[ROW_CARD + c, C_DEF], T_KIND] == _IDOL:
            v -= 0.5  # an Idol supporter risks Merit if the leader falls
        if dec == D_SUPPORT_DEF and w[W_GUARD] != 0.0:  # defending against the attacker's threat
            attacker = threat_progress(st, tb, deltas, p, st[G_F_ATT])
            v += w[W_GUARD] * combat * (1.0 + attacker)
        return v
    if dec == D_DAMAGE:
        x = worth(st, tb, vals, c)
        if capacity(st, tb, c) <= st[G_DEC_LEFT]:
            return x + 10.0 / (1 + capacity(st, tb, c))
        return 0.05 * x
    return 0.0
