"""A card's effective Combat and Defense and what a seat pays, with every change in force.

Static abilities ("while in class") are never stored: they are recomputed every time a value is
read, so a card leaving its Class takes its aura with it at once (rulebook section 7: effects
that disappear when a card is expelled lose their effect at the same time).
"""

from avarium.simulator.constants import (
    AbilityKind,
    Discounted,
    Op,
    Quantifier,
)
from avarium.simulator.engine._jit import njit, njit_inline
from avarium.simulator.engine.layout import (
    C_DEF,
    C_MC_FIGHT,
    C_MC_PERM,
    C_MC_TURN,
    C_MD_FIGHT,
    C_MD_PERM,
    C_MD_TURN,
    C_OWNED,
    C_OWNER,
    C_TRAITS,
    C_ZONE,
    MAX_PLAYERS,
    P_DISC_RECRUIT,
    P_DISC_SCHEME,
    P_N_OWNED,
    P_N_STATIC_DISC,
    P_N_STATIC_MOD,
    ROW_CARD,
    ROW_SEAT,
    STATIC_MOD,
    Z_CLASS,
)
from avarium.simulator.engine.query import matches
from avarium.simulator.engine.tables import (
    T_AB_END,
    T_AB_KIND,
    T_AB_START,
    T_COMBAT,
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
    T_N_STATIC,
    T_SEL_QUANT,
)

_STATIC = int(AbilityKind.STATIC)
_MODIFY = int(Op.MODIFY)
_DISCOUNT = int(Op.DISCOUNT)


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
