"""The heuristic bot, compiled: it scores every legal action with a few readable rules and the
weights of its profile, and takes the best (ties broken by its own random stream).

No copy of the state is made: each rule estimates what an action brings from what the player
can see (the card worths of avarium.strategies.values, Win-Con progress, the fighters on the board).
"""

from avarium.simulator.constants import (
    CLASS_LIMIT,
    CardKind,
    Op,
    PlayerSel,
    Resource,
    ValueKind,
    WinTiming,
)
from avarium.simulator.engine.surface import (
    A_END_TURN,
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
    D_MAIN,
    D_PAYER,
    D_PRIORITY,
    D_SUPPORT_ATT,
    D_SUPPORT_DEF,
    D_TARGET,
    D_TARGET_PLAYER,
    D_TRASH_COST,
    G_AB_SLOTS,
    G_DEC,
    G_DEC_LEFT,
    G_DEC_PLAYER,
    G_DECL_EFF,
    G_F_ATT,
    G_F_ATT_LEADER,
    G_F_DEF,
    G_F_DEF_LEADER,
    G_FIGHT,
    G_PLAYERS,
    G_STACK_N,
    K_PLAYER,
    P_ALIVE,
    P_REP,
    ROW_CARD,
    ROW_SEAT,
    ROW_STACK,
    T_AB_EXHAUST,
    T_AB_MERIT,
    T_AB_REP,
    T_AB_START,
    T_AB_TRASH,
    T_CLUB,
    T_EF_AMOUNT,
    T_EF_COMBAT,
    T_EF_DEFENSE,
    T_EF_END,
    T_EF_OP,
    T_EF_PLAYER,
    T_EF_RESOURCE,
    T_EF_SEL,
    T_EF_START,
    T_KIND,
    T_SURPRISE,
    T_VAL_CONST,
    T_VAL_KIND,
    Z_COURTYARD,
    Z_EXPEL,
    Z_STACK,
    bot_randint,
    capacity,
    combat_of,
    defense_of,
    fight_before_damage,
    fighting_stats,
    hand_size,
    njit,
    off_activate,
    off_choose,
    off_fight,
    off_help_defend,
    off_player,
    off_recruit,
    off_scheme_exhaust,
    off_scheme_rep,
    off_trigger,
    recruit_cost,
    scheme_rep_cost,
)
from avarium.strategies.features import (
    N_TARGETS,
    STAT_CLASS,
    STAT_CLUBS,
    STAT_HAND,
    STAT_MERIT,
    STAT_RECRUITED,
    STAT_REPUTATION,
    STAT_SCHEMES,
    forget_threats,
    forget_wincons,
    has_club,
    keep_wincons,
    no_change,
    note_free_combat,
    note_targets,
    students_and_hallway,
    threat_of,
    threat_progress,
    weakest_student,
    wincon_progress,
)
from avarium.strategies.fights import fight_outcome, progress_gain, score_fight, worth
from avarium.strategies.threats import (
    answers_threats,
    exhaust_cost,
)
from avarium.strategies.values import (
    CTX_ANSWER,
    CTX_FIGHT,
    V_CONTEXT,
    V_FROM_ENEMY_HAND,
    V_FROM_ENEMY_REP,
    V_WORTH,
)
from avarium.strategies.weights import (
    W_ABILITY,
    W_BOARD,
    W_CLASS_SIZE,
    W_EXHAUST_PAY,
    W_EXPEL_GAIN,
    W_GUARD,
    W_HAND,
    W_HOLD_SURPRISE,
    W_MERIT,
    W_RACE,
    W_RECRUIT,
    W_SCHEME,
    W_SPEND,
    W_SUPPORT,
)

# Engine codes under short names, each bound to its one source (a copy would drift).

_IDOL = CardKind.IDOL
_STUDENT = CardKind.STUDENT
_OP_GAIN = Op.GAIN
_OP_LOSE = Op.LOSE
_OP_STEAL = Op.STEAL
_OP_DRAW = Op.DRAW
_OP_READY = Op.READY
_OP_MODIFY = Op.MODIFY
_OP_DAMAGE = Op.DAMAGE
_OP_REMOVE_TOKEN = Op.REMOVE_TOKEN
_OP_PREVENT = Op.PREVENT
_CONST = ValueKind.CONST
_YOU = PlayerSel.YOU
_MERIT = Resource.MERIT
_INSTANT = WinTiming.INSTANT


@njit
def base_progress(st, tb, p, deltas):
    """p's Win-Con progress now (its clause values are kept for this decision's scoring)."""
    no_change(deltas)
    return wincon_progress(st, tb, p, deltas, -1)


@njit
def effect_deltas(st, tb, a, deltas):
    """Add to deltas what ability a's effects give its controller: Merit, Reputation, Schemes."""
    for e in range(tb[a, T_EF_START], tb[a, T_EF_END]):
        op = tb[e, T_EF_OP]
        if tb[e, T_EF_PLAYER] != _YOU and op != _OP_STEAL:
            continue
        v = tb[e, T_EF_AMOUNT]
        amount = tb[v, T_VAL_CONST] if v >= 0 and tb[v, T_VAL_KIND] == _CONST else 1
        if op == _OP_GAIN or op == _OP_STEAL:
            if tb[e, T_EF_RESOURCE] == _MERIT:
                deltas[STAT_MERIT] += amount
            else:
                deltas[STAT_REPUTATION] += amount
        elif op == _OP_LOSE:
            if tb[e, T_EF_RESOURCE] == _MERIT:
                deltas[STAT_MERIT] -= amount
            else:
                deltas[STAT_REPUTATION] -= amount
        elif op == _OP_DRAW and tb[e, T_EF_SEL] < 0:
            deltas[STAT_HAND] += amount


@njit
def wasted_on_enemies(st, tb, vals, p, a):
    """The part of ability a's worth lost now: Reputation taken from enemies who have none,
    Schemes trashed by enemies with empty hands."""
    if vals[a, V_FROM_ENEMY_REP] == 0.0 and vals[a, V_FROM_ENEMY_HAND] == 0.0:
        return 0.0  # most abilities take nothing from enemies: skip counting
    rep = 0
    hand = 0
    for q in range(st[G_PLAYERS]):
        if q != p and st[ROW_SEAT + q, P_ALIVE] != 0:
            rep += st[ROW_SEAT + q, P_REP]
            hand += hand_size(st, q)
    lost = 0.0
    if rep == 0:
        lost += vals[a, V_FROM_ENEMY_REP]
    if hand == 0:
        lost += vals[a, V_FROM_ENEMY_HAND]
    return lost


@njit
def context_factor(st, tb, vals, w, p, a):
    """How much an ability's worth counts now: fight-only effects in a fight of ours before
    damage, answers when an enemy's item is on the stack, anything else always."""
    ctx = vals[a, V_CONTEXT]
    if ctx == CTX_FIGHT:
        if st[G_FIGHT] != 0 and fight_before_damage(st) and (st[G_F_ATT] == p or st[G_F_DEF] == p):
            return 1.0
        return 0.0
    if ctx == CTX_ANSWER:
        n = st[G_STACK_N]
        if n > 0 and st[ROW_STACK + n - 1, K_PLAYER] != p:
            return 1.0
        return 0.0
    return 1.0


# -- the Plan Phase and priority windows ---------------------------------------------------------


@njit
def score_recruit(st, tb, vals, w, p, c, deltas, base):
    d = st[ROW_CARD + c, C_DEF]
    cost = recruit_cost(st, tb, p, c)
    full = students_and_hallway(st, tb, p) >= CLASS_LIMIT
    if full:  # it only helps if it is better than the Student it will push out
        v = w[W_BOARD] * (vals[d, V_WORTH] - weakest_student(st, tb, vals, p))
    else:
        v = w[W_RECRUIT] + w[W_CLASS_SIZE] + w[W_BOARD] * vals[d, V_WORTH]
    v -= w[W_SPEND] * cost
    no_change(deltas)
    deltas[STAT_RECRUITED] = 1
    deltas[STAT_REPUTATION] = -cost
    if not full:
        deltas[STAT_CLASS] = 1
        if not has_club(st, tb, p, tb[d, T_CLUB]):
            deltas[STAT_CLUBS] = 1
    return v + progress_gain(st, tb, p, w, deltas, d if not full else -1, base)


@njit
def score_scheme(st, tb, vals, w, p, c, by_exhausting, deltas, base):
    d = st[ROW_CARD + c, C_DEF]
    a = tb[d, T_AB_START]
    factor = context_factor(st, tb, vals, w, p, a)
    if tb[d, T_SURPRISE] != 0 and factor < 1.0:
        factor = w[W_HOLD_SURPRISE]  # keep a Surprise for a fight or an answer
    effect = w[W_ABILITY] * factor * (vals[a, V_WORTH] - wasted_on_enemies(st, tb, vals, p, a))
    # the bonus for playing at all only goes to a Scheme that does some good now
    v = (w[W_SCHEME] + effect if effect > 0.0 and factor >= 1.0 else effect) - w[W_HAND]
    no_change(deltas)
    effect_deltas(st, tb, a, deltas)
    deltas[STAT_SCHEMES] += 1
    deltas[STAT_HAND] -= 1
    if by_exhausting:
        v -= w[W_EXHAUST_PAY] + exhaust_cost(st, tb, w, p, deltas)
    else:
        cost = scheme_rep_cost(st, tb, p, c)
        v -= w[W_SPEND] * cost
        deltas[STAT_REPUTATION] -= cost
    if factor <= 0.0:
        return -1.0  # nothing to gain now
    return v + progress_gain(st, tb, p, w, deltas, -1, base)


@njit
def score_activate(st, tb, vals, w, p, c, k, deltas, base):
    a = tb[st[ROW_CARD + c, C_DEF], T_AB_START] + k
    factor = context_factor(st, tb, vals, w, p, a)
    if factor <= 0.0:
        return -1.0
    v = w[W_ABILITY] * factor * (vals[a, V_WORTH] - wasted_on_enemies(st, tb, vals, p, a))
    v -= w[W_SPEND] * tb[a, T_AB_REP] + w[W_MERIT] * 1.5 * tb[a, T_AB_MERIT]
    v -= w[W_HAND] * tb[a, T_AB_TRASH]
    if tb[a, T_AB_EXHAUST] != 0:
        v -= 0.5 * w[W_EXHAUST_PAY] + exhaust_cost(st, tb, w, p, deltas)
    no_change(deltas)
    effect_deltas(st, tb, a, deltas)
    deltas[STAT_REPUTATION] -= tb[a, T_AB_REP]
    deltas[STAT_MERIT] -= tb[a, T_AB_MERIT]
    deltas[STAT_HAND] -= tb[a, T_AB_TRASH]
    return v + progress_gain(st, tb, p, w, deltas, -1, base)


@njit
def score_main(st, tb, vals, w, p, action, deltas, base):
    if action == A_END_TURN or action == A_PASS:
        return 0.0
    if action >= off_activate(st):
        k = action - off_activate(st)
        slots = st[G_AB_SLOTS]
        return score_activate(st, tb, vals, w, p, k // slots, k % slots, deltas, base)
    if action >= off_fight(st):
        return score_fight(st, tb, vals, w, p, action - off_fight(st), deltas, base)
    if action >= off_scheme_exhaust(st):
        c = action - off_scheme_exhaust(st)
        return score_scheme(st, tb, vals, w, p, c, True, deltas, base)
    if action >= off_scheme_rep(st):
        c = action - off_scheme_rep(st)
        return score_scheme(st, tb, vals, w, p, c, False, deltas, base)
    return score_recruit(st, tb, vals, w, p, action - off_recruit(st), deltas, base)


# -- choices inside a declaration or a fight -------------------------------------------------------


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
    return v


@njit
def score_choice(st, tb, vals, w, p, dec, action, deltas, base):
    """Every decision other than the Plan Phase's and the windows'."""
    if action == A_PASS:
        return 0.0
    choose = off_choose(st)
    if dec == D_TARGET_PLAYER:
        return threat_of(st, tb, action - off_player(st), deltas)
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
        return w[W_SUPPORT] * x * (1.0 if diff > 2.0 else -1.0) - 0.5 + guard
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
        lead_combat, lead_defense = fighting_stats(st, tb, leader)
        combat, defense = fighting_stats(st, tb, c)
        fighters = (lead_combat, lead_defense, combat, defense)
        return fight_outcome(st, tb, vals, w, p, leader, c, deltas, base, fighters)
    if dec == D_SUPPORT_ATT or dec == D_SUPPORT_DEF:
        if dec == D_SUPPORT_ATT:
            mine, theirs = st[G_F_ATT_LEADER], st[G_F_DEF_LEADER]
        else:
            mine, theirs = st[G_F_DEF_LEADER], st[G_F_ATT_LEADER]
        combat = combat_of(st, tb, c)  # asked once, read three times
        v = w[W_SUPPORT] * combat
        now = combat_of(st, tb, mine) if st[ROW_CARD + mine, C_EXHAUSTED] == 0 else 0
        need = defense_of(st, tb, theirs)
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


@njit
def any_fight(st, buf, m):
    first = off_fight(st)
    last = off_choose(st)
    for i in range(m):
        if first <= buf[i] < last:
            return True
    return False


@njit
def heuristic_choose(st, tb, vals, w, rng, buf, m, deltas):
    """The best of the m legal actions in buf by the heuristic's rules (ties: at random)."""
    dec = st[G_DEC]
    p = st[G_DEC_PLAYER]
    base = 0.0
    keep_wincons(deltas)  # the position stands still until the choice is played
    if dec == D_MAIN or dec == D_PRIORITY or dec == D_FIGHT_TARGET:
        base = base_progress(st, tb, p, deltas)
    deltas[N_TARGETS] = -1  # none noted for this position yet
    if dec == D_FIGHT_TARGET or (dec == D_MAIN and any_fight(st, buf, m)):
        note_free_combat(st, tb, deltas)  # only fights read it
        if dec == D_MAIN:
            note_targets(st, tb, p, deltas)  # every fight action scores every target
    if answers_threats(w):
        forget_threats(deltas)  # noted again on first use, for this position
    best = -1e18
    choice = buf[0]
    ties = 0
    for i in range(m):
        action = buf[i]
        if dec == D_MAIN or dec == D_PRIORITY:
            s = score_main(st, tb, vals, w, p, action, deltas, base)
        else:
            s = score_choice(st, tb, vals, w, p, dec, action, deltas, base)
        if s > best + 1e-9:
            best = s
            choice = action
            ties = 1
        elif s > best - 1e-9:
            ties += 1
            if bot_randint(rng, ties) == 0:
                choice = action
    forget_wincons(deltas)  # the position changes once the choice is played
    return choice
