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
    D_FIGHT_TARGET,
    D_MAIN,
    D_PRIORITY,
    D_SUPPORT_ATT,
    D_SUPPORT_DEF,
    G_AB_SLOTS,
    G_DEC,
    G_DEC_PLAYER,
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
    T_EF_END,
    T_EF_OP,
    T_EF_PLAYER,
    T_EF_RESOURCE,
    T_EF_SEL,
    T_EF_START,
    T_SURPRISE,
    T_VAL_CONST,
    T_VAL_KIND,
    bot_randint,
    fight_before_damage,
    hand_size,
    njit,
    njit_inline,
    off_activate,
    off_choose,
    off_fight,
    off_recruit,
    off_scheme_exhaust,
    off_scheme_rep,
    recruit_cost,
    scheme_rep_cost,
)
from avarium.strategies.choices import score_choice
from avarium.strategies.features import (
    EXPEL_NOTED,
    N_FIGHTERS,
    N_TARGETS,
    STAT_CLASS,
    STAT_CLUBS,
    STAT_HAND,
    STAT_MERIT,
    STAT_RECRUITED,
    STAT_REPUTATION,
    STAT_SCHEMES,
    forget_wincons,
    has_club,
    keep_wincons,
    no_change,
    students_and_hallway,
    weakest_student,
    wincon_progress,
)
from avarium.strategies.fights import progress_gain, score_fight
from avarium.strategies.notes import (
    forget_threats,
    note_fighter,
    note_free_combat,
)
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
    W_HAND,
    W_HOLD_SURPRISE,
    W_MERIT,
    W_RECRUIT,
    W_SCHEME,
    W_SPEND,
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


@njit
def any_fight(st, buf, m):
    first = off_fight(st)
    last = off_choose(st)
    for i in range(m):
        if first <= buf[i] < last:
            return True
    return False


@njit_inline
def prepare_scoring(st, tb, w, buf, m, deltas):
    """Note once what scoring the m actions in buf of this decision reads (the Win-Cons, the
    fighters, the targets) and forget the threats of the position before; the deciding
    player's Win-Con progress now. forget_wincons ends the scoring."""
    dec = st[G_DEC]
    p = st[G_DEC_PLAYER]
    base = 0.0
    keep_wincons(deltas)  # the position stands still until the choice is played
    if dec == D_MAIN or dec == D_PRIORITY or dec == D_FIGHT_TARGET:
        base = base_progress(st, tb, p, deltas)
    deltas[N_TARGETS] = -1  # none noted for this position yet
    deltas[N_FIGHTERS] = 0
    deltas[EXPEL_NOTED] = 0
    if dec == D_FIGHT_TARGET or (dec == D_MAIN and any_fight(st, buf, m)):
        # only fights read it; every fight action of the Plan Phase scores every target, and
        # a fight's target is chosen among the same cards
        note_free_combat(st, tb, p, deltas)
        if dec == D_FIGHT_TARGET:
            note_fighter(st, tb, deltas, st[G_F_ATT_LEADER])  # every target scores it
    elif dec == D_SUPPORT_ATT or dec == D_SUPPORT_DEF:  # every supporter scores both leaders
        note_fighter(st, tb, deltas, st[G_F_ATT_LEADER])
        note_fighter(st, tb, deltas, st[G_F_DEF_LEADER])
    if answers_threats(w):
        forget_threats(deltas)  # noted again on first use, for this position
    return base


@njit_inline
def score_action(st, tb, vals, w, p, dec, action, deltas, base):
    """The heuristic's score of one legal action, once prepare_scoring has noted the position."""
    if dec == D_MAIN or dec == D_PRIORITY:
        return score_main(st, tb, vals, w, p, action, deltas, base)
    return score_choice(st, tb, vals, w, p, dec, action, deltas, base)


@njit
def heuristic_choose(st, tb, vals, w, rng, buf, m, deltas):
    """The best of the m legal actions in buf by the heuristic's rules (ties: at random)."""
    dec = st[G_DEC]
    p = st[G_DEC_PLAYER]
    base = prepare_scoring(st, tb, w, buf, m, deltas)
    best = -1e18
    choice = buf[0]
    ties = 0
    for i in range(m):
        action = buf[i]
        s = score_action(st, tb, vals, w, p, dec, action, deltas, base)
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
