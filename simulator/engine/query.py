"""Reading the state: effective Combat and Defense, selectors, values and conditions.

Static abilities ("while in class") are never stored: they are recomputed every time a value is
read, so a card leaving its Class takes its aura with it at once (rulebook section 7: effects
that disappear when a card is expelled lose their effect at the same time).
"""

from avarium.simulator.constants import (
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
from avarium.simulator.engine._jit import njit, njit_inline
from avarium.simulator.engine.layout import (
    C_DEF,
    C_EXHAUSTED,
    C_MC_FIGHT,
    C_MC_PERM,
    C_MC_TURN,
    C_MD_FIGHT,
    C_MD_PERM,
    C_MD_TURN,
    C_OWNED,
    C_OWNER,
    C_ROLE,
    C_TOKEN,
    C_TRAITS,
    C_YARD,
    C_ZONE,
    G_FIGHT,
    G_N_CARDS,
    G_PLAYERS,
    G_YARD_N,
    MAX_PLAYERS,
    P_ALIVE,
    P_DISC_RECRUIT,
    P_DISC_SCHEME,
    P_MERIT,
    P_N_CLASS_STUDENTS,
    P_N_EXPELLED,
    P_N_HAND,
    P_N_OWNED,
    P_N_RECRUITED,
    P_N_SCHEMES,
    P_N_STATIC_DISC,
    P_N_STATIC_MOD,
    P_REP,
    ROLE_NONE,
    ROW_CARD,
    ROW_SEAT,
    STATIC_MOD,
    Z_CLASS,
    Z_COURTYARD,
    Z_EXPEL,
    Z_STACK,
)
from avarium.simulator.engine.tables import (
    T_AB_END,
    T_AB_KIND,
    T_AB_START,
    T_CL_CMP,
    T_CL_LEFT,
    T_CL_RIGHT,
    T_CLUB,
    T_COLOUR,
    T_COMBAT,
    T_COND_END,
    T_COND_START,
    T_COST,
    T_DEFENSE,
    T_EF_COMBAT,
    T_EF_DEFENSE,
    T_EF_DISCOUNT,
    T_EF_END,
    T_EF_OP,
    T_EF_RESOURCE,
    T_EF_SEL,
    T_EF_START,
    T_FLT_CMP,
    T_FLT_END,
    T_FLT_FIELD,
    T_FLT_START,
    T_FLT_VALUE,
    T_GENDER,
    T_KIND,
    T_N_STATIC,
    T_SEL_KIND,
    T_SEL_QUANT,
    T_SEL_SIDE,
    T_VAL_CONST,
    T_VAL_KIND,
    T_VAL_PLAYER,
    T_VAL_SEL,
    T_VAL_STAT,
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
def in_class(st, c):
    return st[ROW_CARD + c, C_ZONE] == Z_CLASS


@njit
def enemy(st, p, q):
    """True when seat q is an enemy of seat p still in the game."""
    return q != p and st[ROW_SEAT + q, P_ALIVE] == 1


@njit_inline
def matches(st, tb, sel, c, controller, source):
    """Does card c match selector `sel`, read from `controller`'s side, for ability source?

    Pasted into its callers (it is asked of every candidate card): the kind and place test
    inline, the filters (club=..., cost <= ...) in a call only for selectors that have some.
    A compiled call costs about 10 ns whatever it does (numba passes each array field by field).
    """
    return in_selector_place(st, tb, sel, c, controller) and (
        tb[sel, T_FLT_START] == tb[sel, T_FLT_END] or passes_filters(st, tb, sel, c, source)
    )


@njit_inline
def in_selector_place(st, tb, sel, c, controller):
    """Card c is of the selector's kind and in its zone, on the side it names."""
    k = tb[st[ROW_CARD + c, C_DEF], T_KIND]
    kind = tb[sel, T_SEL_KIND]
    if kind == Kind.SCHEME:
        return k == _SCHEME and st[ROW_CARD + c, C_ZONE] == Z_STACK
    if kind == Kind.STUDENT and k != _STUDENT:
        return False
    if kind == Kind.IDOL and k != _IDOL:
        return False
    if kind == Kind.CHARACTER and k == _SCHEME:
        return False
    z = st[ROW_CARD + c, C_ZONE]
    side = tb[sel, T_SEL_SIDE]
    if side == Side.COURTYARD:
        return z == Z_COURTYARD
    if side == Side.EXPELLED:
        return z == Z_EXPEL
    if z != Z_CLASS:
        return False
    o = st[ROW_CARD + c, C_OWNER]
    if side == Side.ALLY:
        return o == controller
    if side == Side.ENEMY:
        return enemy(st, controller, o)
    return True


@njit
def passes_filters(st, tb, sel, c, source):
    """Card c passes every filter of selector `sel` (club=..., cost <= 3, ready, other, ...)."""
    d = st[ROW_CARD + c, C_DEF]
    for f in range(tb[sel, T_FLT_START], tb[sel, T_FLT_END]):
        field = tb[f, T_FLT_FIELD]
        cmp = tb[f, T_FLT_CMP]
        v = tb[f, T_FLT_VALUE]
        if field == Field.CLUB:
            if not compare(tb[d, T_CLUB], cmp, v):
                return False
        elif field == Field.COLOUR:
            if not compare(tb[d, T_COLOUR], cmp, v):
                return False
        elif field == Field.GENDER:
            if not compare(tb[d, T_GENDER], cmp, v):
                return False
        elif field == Field.COST:
            if not compare(tb[d, T_COST], cmp, v):
                return False
        elif field == Field.COMBAT:
            if not compare(tb[d, T_COMBAT], cmp, v):
                return False
        elif field == Field.DEFENSE:
            if not compare(tb[d, T_DEFENSE], cmp, v):
                return False
        elif field == Field.READY:
            if st[ROW_CARD + c, C_EXHAUSTED] != 0:
                return False
        elif field == Field.EXHAUSTED:
            if st[ROW_CARD + c, C_EXHAUSTED] == 0:
                return False
        elif field == Field.ATTACKED:
            if st[ROW_CARD + c, C_TOKEN] == 0:
                return False
        elif field == Field.OTHER:
            if c == source:
                return False
        elif field == Field.IN_FIGHT and (
            st[G_FIGHT] == 0 or st[ROW_CARD + c, C_ROLE] == ROLE_NONE
        ):
            return False
    return True


@njit
def selector_zone(tb, sel):
    """The only zone a selector's cards can be in (checked first: it is cheap)."""
    if tb[sel, T_SEL_KIND] == Kind.SCHEME:
        return Z_STACK
    side = tb[sel, T_SEL_SIDE]
    if side == Side.COURTYARD:
        return Z_COURTYARD
    if side == Side.EXPELLED:
        return Z_EXPEL
    return Z_CLASS


@njit
def side_can_hold(tb, sel, q, controller):
    """Could seat q's Class hold a card of a Class selector, read from `controller`'s side?
    (A cheap test that skips the other seats' lists for "ally" and "enemy" selectors.)"""
    side = tb[sel, T_SEL_SIDE]
    if side == Side.ALLY:
        return q == controller
    if side == Side.ENEMY:
        return q != controller
    return True


@njit
def list_matching(st, tb, sel, controller, source, out):
    """Write the cards a selector matches into `out`; return how many. Only the selector's
    zone is looked at: a Class through the seats' lists, the Courtyard through its list."""
    z = selector_zone(tb, sel)
    m = 0
    if z == Z_CLASS:
        for q in range(MAX_PLAYERS):
            if not side_can_hold(tb, sel, q, controller):
                continue
            for i in range(st[ROW_SEAT + q, P_N_OWNED]):
                c = st[ROW_CARD + i, C_OWNED + q]
                if st[ROW_CARD + c, C_ZONE] == z and matches(st, tb, sel, c, controller, source):
                    out[m] = c
                    m += 1
    elif z == Z_COURTYARD:
        for i in range(st[G_YARD_N]):
            c = st[ROW_CARD + i, C_YARD]
            if matches(st, tb, sel, c, controller, source):
                out[m] = c
                m += 1
    else:
        for c in range(st[G_N_CARDS]):
            if st[ROW_CARD + c, C_ZONE] == z and matches(st, tb, sel, c, controller, source):
                out[m] = c
                m += 1
    return m


@njit
def any_matching(st, tb, sel, controller, source):
    return count_matching(st, tb, sel, controller, source, True) > 0


@njit
def count_matching(st, tb, sel, controller, source, stop_at_one=False):
    """How many cards match; only the cards of the selector's zone are looked at (a Class
    through the seats' lists, the Courtyard through its list)."""
    z = selector_zone(tb, sel)
    n = 0
    if z == Z_CLASS:
        for q in range(MAX_PLAYERS):
            if not side_can_hold(tb, sel, q, controller):
                continue
            for i in range(st[ROW_SEAT + q, P_N_OWNED]):
                c = st[ROW_CARD + i, C_OWNED + q]
                if st[ROW_CARD + c, C_ZONE] == z and matches(st, tb, sel, c, controller, source):
                    n += 1
                    if stop_at_one:
                        return n
    elif z == Z_COURTYARD:
        for i in range(st[G_YARD_N]):
            c = st[ROW_CARD + i, C_YARD]
            if matches(st, tb, sel, c, controller, source):
                n += 1
                if stop_at_one:
                    return n
    else:
        for c in range(st[G_N_CARDS]):
            if st[ROW_CARD + c, C_ZONE] == z and matches(st, tb, sel, c, controller, source):
                n += 1
                if stop_at_one:
                    return n
    return n


@njit_inline
def _static_bonuses(st, tb, c):
    """The Combat and the Defense changes that statics in any Class give card c: no call at
    all while no Class has such a static."""
    combat = 0
    defense = 0
    for q in range(MAX_PLAYERS):
        if st[ROW_SEAT + q, P_N_STATIC_MOD] != 0:
            combat, defense = _static_bonus_sum(st, tb, c)
            break
    return combat, defense


@njit
def _static_bonus_sum(st, tb, c):
    """Both sums in one pass: finding the statics and matching c is the cost, and the bots
    ask for a card's Combat and Defense together in most of their fight estimates."""
    combat = 0
    defense = 0
    for _q in range(MAX_PLAYERS):
        left = st[ROW_SEAT + _q, P_N_STATIC_MOD]  # Class cards with such a static, still to meet
        for _i in range(st[ROW_SEAT + _q, P_N_OWNED]):
            if left == 0:
                break  # the rest of the seat's cards give no Combat/Defense change
            s = st[ROW_CARD + _i, C_OWNED + _q]
            if (
                st[ROW_CARD + s, C_ZONE] != Z_CLASS
                or (st[ROW_CARD + s, C_TRAITS] & STATIC_MOD) == 0
            ):
                continue
            left -= 1
            d = st[ROW_CARD + s, C_DEF]
            for a in range(tb[d, T_AB_START], tb[d, T_AB_END]):
                if tb[a, T_AB_KIND] != _STATIC:
                    continue
                for e in range(tb[a, T_EF_START], tb[a, T_EF_END]):
                    if tb[e, T_EF_OP] != _MODIFY:
                        continue
                    sel = tb[e, T_EF_SEL]
                    if tb[sel, T_SEL_QUANT] == Quantifier.THIS:
                        hit = s == c
                    else:
                        hit = matches(st, tb, sel, c, st[ROW_CARD + s, C_OWNER], s)
                    if hit:
                        combat += tb[e, T_EF_COMBAT]
                        defense += tb[e, T_EF_DEFENSE]
    return combat, defense


@njit_inline
def _effective_combat(st, tb, c, static_bonus):
    """Effective Combat given the statics' change: printed, plus every change in force; never
    below 0. Written once for combat_of and fighting_stats (inlined: no call of its own)."""
    v = (
        tb[st[ROW_CARD + c, C_DEF], T_COMBAT]
        + st[ROW_CARD + c, C_MC_TURN]
        + st[ROW_CARD + c, C_MC_FIGHT]
        + st[ROW_CARD + c, C_MC_PERM]
        + static_bonus
    )
    return v if v > 0 else 0


@njit_inline
def _effective_defense(st, tb, c, static_bonus):
    """Effective Defense given the statics' change: printed, plus every change in force; never
    below 1 (ruling). Written once for defense_of and fighting_stats (inlined)."""
    v = (
        tb[st[ROW_CARD + c, C_DEF], T_DEFENSE]
        + st[ROW_CARD + c, C_MD_TURN]
        + st[ROW_CARD + c, C_MD_FIGHT]
        + st[ROW_CARD + c, C_MD_PERM]
        + static_bonus
    )
    return v if v > 1 else 1


@njit
def combat_of(st, tb, c):
    """Effective Combat: printed, plus every change in force; never below 0."""
    return _effective_combat(st, tb, c, _static_bonuses(st, tb, c)[0])


@njit
def defense_of(st, tb, c):
    """Effective Defense: printed, plus every change in force; never below 1 (ruling)."""
    return _effective_defense(st, tb, c, _static_bonuses(st, tb, c)[1])


@njit
def fighting_stats(st, tb, c):
    """(combat_of, defense_of) of card c with one pass over the statics: the bots' fight
    estimates ask for both of a card (about a third of their static sums, counted)."""
    bonus_combat, bonus_defense = _static_bonuses(st, tb, c)
    return (
        _effective_combat(st, tb, c, bonus_combat),
        _effective_defense(st, tb, c, bonus_defense),
    )


@njit_inline
def static_discount(st, tb, p, what):
    """Cost reduction for seat p from "while in class: reduce ..." statics in p's Class (no
    call while p's Class has none)."""
    if st[ROW_SEAT + p, P_N_STATIC_DISC] == 0:
        return 0
    return _static_discount_sum(st, tb, p, what)


@njit
def _static_discount_sum(st, tb, p, what):
    total = 0
    for _i in range(st[ROW_SEAT + p, P_N_OWNED]):
        s = st[ROW_CARD + _i, C_OWNED + p]
        if st[ROW_CARD + s, C_ZONE] != Z_CLASS or st[ROW_CARD + s, C_OWNER] != p:
            continue
        d = st[ROW_CARD + s, C_DEF]
        if tb[d, T_N_STATIC] == 0:
            continue
        for a in range(tb[d, T_AB_START], tb[d, T_AB_END]):
            if tb[a, T_AB_KIND] != _STATIC:
                continue
            for e in range(tb[a, T_EF_START], tb[a, T_EF_END]):
                if tb[e, T_EF_OP] == _DISCOUNT and tb[e, T_EF_RESOURCE] == what:
                    total += tb[e, T_EF_DISCOUNT]
    return total


@njit
def recruit_cost(st, tb, p, c):
    v = (
        tb[st[ROW_CARD + c, C_DEF], T_COST]
        - st[ROW_SEAT + p, P_DISC_RECRUIT]
        - static_discount(st, tb, p, Discounted.RECRUIT)
    )
    return v if v > 0 else 0


@njit
def scheme_rep_cost(st, tb, p, c):
    v = (
        tb[st[ROW_CARD + c, C_DEF], T_COST]
        - st[ROW_SEAT + p, P_DISC_SCHEME]
        - static_discount(st, tb, p, Discounted.SCHEME)
    )
    return v if v > 0 else 0


@njit
def students_in_class(st, tb, p):
    """Seat p's Students in its Class (kept by zones.move)."""
    return st[ROW_SEAT + p, P_N_CLASS_STUDENTS]


@njit
def hand_size(st, p):
    """Seat p's cards in hand (kept by zones.move)."""
    return st[ROW_SEAT + p, P_N_HAND]


@njit
def clubs_in_class(st, tb, p):
    seen = 0
    for _i in range(st[ROW_SEAT + p, P_N_OWNED]):
        c = st[ROW_CARD + _i, C_OWNED + p]
        if st[ROW_CARD + c, C_ZONE] == Z_CLASS and st[ROW_CARD + c, C_OWNER] == p:
            club = tb[st[ROW_CARD + c, C_DEF], T_CLUB]
            if club >= 0:
                seen |= 1 << club
    n = 0
    while seen:
        n += seen & 1
        seen >>= 1
    return n


@njit
def player_stat(st, tb, p, stat):
    column = kept_stat_column(stat)
    if column >= 0:
        return st[ROW_SEAT + p, column]
    if stat == Stat.HAND:
        return hand_size(st, p)
    if stat == Stat.CLUBS:
        return clubs_in_class(st, tb, p)
    return students_in_class(st, tb, p)  # Stat.CLASS


@njit
def value_of(st, tb, v, controller, source):
    """The number a compiled value stands for, read from `controller`'s point of view."""
    kind = tb[v, T_VAL_KIND]
    if kind == ValueKind.CONST:
        return tb[v, T_VAL_CONST]
    if kind == ValueKind.COUNT:
        return count_matching(st, tb, tb[v, T_VAL_SEL], controller, source)
    stat = tb[v, T_VAL_STAT]
    ref = tb[v, T_VAL_PLAYER]
    if ref == PlayerRef.YOUR:
        return player_stat(st, tb, controller, stat)
    best = -1
    for q in range(st[G_PLAYERS]):
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


@njit_inline
def condition_holds(st, tb, cond, controller, source):
    """Condition `cond` holds (an ability with no condition, cond < 0, always does; no call
    is made for it)."""
    return cond < 0 or clauses_hold(st, tb, cond, controller, source)


@njit
def clauses_hold(st, tb, cond, controller, source):
    for k in range(tb[cond, T_COND_START], tb[cond, T_COND_END]):
        left = quick_value(st, tb, tb[k, T_CL_LEFT], controller, source)
        right = quick_value(st, tb, tb[k, T_CL_RIGHT], controller, source)
        if not compare(left, tb[k, T_CL_CMP], right):
            return False
    return True


@njit_inline
def quick_value(st, tb, v, controller, source):
    """value_of, with a constant (the usual right side of a clause) and a figure the seat
    keeps ("your merit", "your expelled", ...: most Win-Cons) read in place."""
    kind = tb[v, T_VAL_KIND]
    if kind == ValueKind.CONST:
        return tb[v, T_VAL_CONST]
    if kind == ValueKind.STAT and tb[v, T_VAL_PLAYER] == PlayerRef.YOUR:
        column = kept_stat_column(tb[v, T_VAL_STAT])
        if column >= 0:
            return st[ROW_SEAT + controller, column]
    return value_of(st, tb, v, controller, source)


@njit_inline
def kept_stat_column(stat):
    """The seat column holding a stat, or -1 for one that is counted (hand, clubs, class)."""
    if stat == Stat.MERIT:
        return P_MERIT
    if stat == Stat.REPUTATION:
        return P_REP
    if stat == Stat.EXPELLED:
        return P_N_EXPELLED
    if stat == Stat.RECRUITED:
        return P_N_RECRUITED
    if stat == Stat.SCHEMES_PLAYED:
        return P_N_SCHEMES
    return -1
