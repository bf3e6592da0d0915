"""Reading the state: effective Combat and Defense, selectors, values and conditions.

Static abilities ("while in class") are never stored: they are recomputed every time a value is
read, so a card leaving its Class takes its aura with it at once (rulebook section 7: effects
that disappear when a card is expelled lose their effect at the same time).
"""

from simulator.constants import (
    AbilityKind,
    CardKind,
    Cmp,
    Discounted,
    Field,
    Kind,
    Op,
    PlayerRef,
    Quantifier,
    Side,
    Stat,
    ValueKind,
)
from simulator.engine._jit import njit
from simulator.engine.layout import (
    G_FIGHT,
    G_PLAYERS,
    Z_CLASS,
    Z_COURTYARD,
    Z_EXPEL,
    Z_STACK,
)

_IDOL = int(CardKind.IDOL)
_STUDENT = int(CardKind.STUDENT)
_SCHEME = int(CardKind.SCHEME)
_STATIC = int(AbilityKind.STATIC)
_MODIFY = int(Op.MODIFY)
_DISCOUNT = int(Op.DISCOUNT)


@njit
def compare(a, cmp, b):
    if cmp == Cmp.EQ:
        return a == b
    if cmp == Cmp.NE:
        return a != b
    if cmp == Cmp.LT:
        return a < b
    if cmp == Cmp.LE:
        return a <= b
    if cmp == Cmp.GT:
        return a > b
    return a >= b


@njit
def kind_of(st, tb, c):
    return tb.kind[st.c_def[c]]


@njit
def in_class(st, c):
    return st.zone[c] == Z_CLASS


@njit
def enemy(st, p, q):
    """True when seat q is an enemy of seat p still in the game."""
    return q != p and st.alive[q] == 1


@njit
def matches(st, tb, sel, c, controller, source):
    """Does card c match selector `sel`, read from `controller`'s side, for ability source?"""
    d = st.c_def[c]
    k = tb.kind[d]
    kind = tb.sel_kind[sel]
    side = tb.sel_side[sel]
    if kind == Kind.SCHEME:
        if k != _SCHEME or st.zone[c] != Z_STACK:
            return False
    else:
        if kind == Kind.STUDENT and k != _STUDENT:
            return False
        if kind == Kind.IDOL and k != _IDOL:
            return False
        if kind == Kind.CHARACTER and k == _SCHEME:
            return False
        z = st.zone[c]
        if side == Side.COURTYARD:
            if z != Z_COURTYARD:
                return False
        elif side == Side.EXPELLED:
            if z != Z_EXPEL:
                return False
        else:
            if z != Z_CLASS:
                return False
            o = st.owner[c]
            if side == Side.ALLY and o != controller:
                return False
            if side == Side.ENEMY and not enemy(st, controller, o):
                return False
    for f in range(tb.flt_start[sel], tb.flt_end[sel]):
        field = tb.flt_field[f]
        cmp = tb.flt_cmp[f]
        v = tb.flt_value[f]
        if field == Field.CLUB:
            if not compare(tb.club[d], cmp, v):
                return False
        elif field == Field.COLOUR:
            if not compare(tb.colour[d], cmp, v):
                return False
        elif field == Field.GENDER:
            if not compare(tb.gender[d], cmp, v):
                return False
        elif field == Field.COST:
            if not compare(tb.cost[d], cmp, v):
                return False
        elif field == Field.COMBAT:
            if not compare(tb.combat[d], cmp, v):
                return False
        elif field == Field.DEFENSE:
            if not compare(tb.defense[d], cmp, v):
                return False
        elif field == Field.READY:
            if st.exhausted[c] != 0:
                return False
        elif field == Field.EXHAUSTED:
            if st.exhausted[c] == 0:
                return False
        elif field == Field.ATTACKED:
            if st.token[c] == 0:
                return False
        elif field == Field.OTHER:
            if c == source:
                return False
        elif field == Field.IN_FIGHT and (st.g[G_FIGHT] == 0 or st.role[c] == 0):
            return False
    return True


@njit
def count_matching(st, tb, sel, controller, source):
    n = 0
    for c in range(st.c_def.shape[0]):
        if matches(st, tb, sel, c, controller, source):
            n += 1
    return n


@njit
def _static_bonus(st, tb, c, want_combat):
    """Sum of the Combat (or Defense) changes that statics in any Class give card c."""
    total = 0
    for s in range(st.c_def.shape[0]):
        if st.zone[s] != Z_CLASS:
            continue
        d = st.c_def[s]
        for a in range(tb.ab_start[d], tb.ab_end[d]):
            if tb.ab_kind[a] != _STATIC:
                continue
            for e in range(tb.ef_start[a], tb.ef_end[a]):
                if tb.ef_op[e] != _MODIFY:
                    continue
                sel = tb.ef_sel[e]
                if tb.sel_quant[sel] == Quantifier.THIS:
                    hit = s == c
                else:
                    hit = matches(st, tb, sel, c, st.owner[s], s)
                if hit:
                    total += tb.ef_combat[e] if want_combat else tb.ef_defense[e]
    return total


@njit
def combat_of(st, tb, c):
    """Effective Combat: printed, plus every change in force; never below 0."""
    v = tb.combat[st.c_def[c]] + st.mc_turn[c] + st.mc_fight[c] + st.mc_perm[c]
    v += _static_bonus(st, tb, c, True)
    return v if v > 0 else 0


@njit
def defense_of(st, tb, c):
    """Effective Defense: printed, plus every change in force; never below 1 (ruling)."""
    v = tb.defense[st.c_def[c]] + st.md_turn[c] + st.md_fight[c] + st.md_perm[c]
    v += _static_bonus(st, tb, c, False)
    return v if v > 1 else 1


@njit
def static_discount(st, tb, p, what):
    """Cost reduction for seat p from "while in class: reduce ..." statics in p's Class."""
    total = 0
    for s in range(st.c_def.shape[0]):
        if st.zone[s] != Z_CLASS or st.owner[s] != p:
            continue
        d = st.c_def[s]
        for a in range(tb.ab_start[d], tb.ab_end[d]):
            if tb.ab_kind[a] != _STATIC:
                continue
            for e in range(tb.ef_start[a], tb.ef_end[a]):
                if tb.ef_op[e] == _DISCOUNT and tb.ef_resource[e] == what:
                    total += tb.ef_discount[e]
    return total


@njit
def recruit_cost(st, tb, p, c):
    v = tb.cost[st.c_def[c]] - st.disc_recruit[p] - static_discount(st, tb, p, Discounted.RECRUIT)
    return v if v > 0 else 0


@njit
def scheme_rep_cost(st, tb, p, c):
    v = tb.cost[st.c_def[c]] - st.disc_scheme[p] - static_discount(st, tb, p, Discounted.SCHEME)
    return v if v > 0 else 0


@njit
def students_in_class(st, tb, p):
    n = 0
    for c in range(st.c_def.shape[0]):
        if st.zone[c] == Z_CLASS and st.owner[c] == p and tb.kind[st.c_def[c]] == _STUDENT:
            n += 1
    return n


@njit
def hand_size(st, p):
    n = 0
    for c in range(st.c_def.shape[0]):
        if st.zone[c] == 7 and st.owner[c] == p:  # Z_HAND
            n += 1
    return n


@njit
def clubs_in_class(st, tb, p):
    seen = 0
    for c in range(st.c_def.shape[0]):
        if st.zone[c] == Z_CLASS and st.owner[c] == p:
            club = tb.club[st.c_def[c]]
            if club >= 0:
                seen |= 1 << club
    n = 0
    while seen:
        n += seen & 1
        seen >>= 1
    return n


@njit
def player_stat(st, tb, p, stat):
    if stat == Stat.MERIT:
        return st.merit[p]
    if stat == Stat.REPUTATION:
        return st.rep[p]
    if stat == Stat.HAND:
        return hand_size(st, p)
    if stat == Stat.EXPELLED:
        return st.n_expelled[p]
    if stat == Stat.CLUBS:
        return clubs_in_class(st, tb, p)
    if stat == Stat.CLASS:
        return students_in_class(st, tb, p)
    if stat == Stat.RECRUITED:
        return st.n_recruited[p]
    return st.n_schemes[p]


@njit
def value_of(st, tb, v, controller, source):
    """The number a compiled value stands for, read from `controller`'s point of view."""
    kind = tb.val_kind[v]
    if kind == ValueKind.CONST:
        return tb.val_const[v]
    if kind == ValueKind.COUNT:
        return count_matching(st, tb, tb.val_sel[v], controller, source)
    stat = tb.val_stat[v]
    ref = tb.val_player[v]
    if ref == PlayerRef.YOUR:
        return player_stat(st, tb, controller, stat)
    best = -1
    for q in range(st.g[G_PLAYERS]):
        if not enemy(st, controller, q):
            continue
        x = player_stat(st, tb, q, stat)
        if (
            best < 0
            or (ref == PlayerRef.MAX_ENEMY and x > best)
            or (ref == PlayerRef.MIN_ENEMY and x < best)
        ):
            best = x
    return best if best >= 0 else 0


@njit
def condition_holds(st, tb, cond, controller, source):
    if cond < 0:
        return True
    for k in range(tb.cond_start[cond], tb.cond_end[cond]):
        left = value_of(st, tb, tb.cl_left[k], controller, source)
        right = value_of(st, tb, tb.cl_right[k], controller, source)
        if not compare(left, tb.cl_cmp[k], right):
            return False
    return True
