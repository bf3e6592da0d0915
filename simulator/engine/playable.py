"""What a player may do now: play a Scheme, activate an ability, recruit, lead a fight.

Rulebook sections 5-7 and 10, with rulings 4-6 (docs/rulings.md): ordinary Schemes only in the
active player's Plan Phase (fight windows included); Surprises and activated abilities by any
player holding priority; nothing during the Fight! step. A Scheme or ability can only be started
if every target it names has a candidate now (ruling 15).
"""

from avarium.simulator.constants import (
    AbilityKind,
    CardKind,
    Discounted,
    PlayerSel,
    Quantifier,
    Restriction,
)
from avarium.simulator.engine._jit import njit, njit_inline
from avarium.simulator.engine.conditions import condition_holds, hand_size
from avarium.simulator.engine.effective import static_discount
from avarium.simulator.engine.layout import (
    C_DEF,
    C_EXHAUSTED,
    C_OWNED,
    C_OWNER,
    C_ROLE,
    C_TOKEN,
    C_USED,
    C_ZONE,
    G_ACTIVE,
    G_FIGHT,
    G_PLAYERS,
    G_STEP,
    MAX_PLAYERS,
    P_BEST_PAYER,
    P_DISC_SCHEME,
    P_MERIT,
    P_N_HAND_SCHEMES,
    P_N_INSTANT,
    P_N_OWNED,
    P_REP,
    P_TURNS_TAKEN,
    ROLE_NONE,
    ROW_CARD,
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
    Z_HAND,
)
from avarium.simulator.engine.query import any_matching, enemy
from avarium.simulator.engine.tables import (
    T_AB_COND,
    T_AB_END,
    T_AB_EXHAUST,
    T_AB_KIND,
    T_AB_MERIT,
    T_AB_REP,
    T_AB_RESTRICT,
    T_AB_START,
    T_AB_TRASH,
    T_COST,
    T_EF_END,
    T_EF_PLAYER,
    T_EF_SEL,
    T_EF_START,
    T_KIND,
    T_N_ACTIVATED,
    T_SEL_QUANT,
    T_SURPRISE,
)

_STUDENT = int(CardKind.STUDENT)
_SCHEME = int(CardKind.SCHEME)
_ACTIVATED = int(AbilityKind.ACTIVATED)


@njit
def in_plan_phase(st):
    """The active player's Plan Phase, including the windows of a fight it declared."""
    s = st[G_STEP]
    return (
        s == S_PLAN
        or s == S_FIGHT_SUPPORT_ATT
        or s == S_FIGHT_SUPPORT_DEF
        or (s == S_FIGHT_HELPERS or s == S_FIGHT_WINDOW or s == S_FIGHT_DAMAGE)
    )


@njit
def fight_before_damage(st):
    """A fight is on and its Fight! step has not started (ruling 4: the last window is after
    Party Up! and the helpers)."""
    if st[G_FIGHT] == 0:
        return False
    s = st[G_STEP]
    return s != S_FIGHT_SPLIT_ATT and s != S_FIGHT_SPLIT_DEF and s != S_FIGHT_APPLY


@njit
def enemy_exists(st, p):
    for q in range(st[G_PLAYERS]):
        if enemy(st, p, q):
            return True
    return False


@njit
def targets_available(st, tb, a, p, source):
    """Every effect of ability a that names a target has at least one candidate."""
    for e in range(tb[a, T_EF_START], tb[a, T_EF_END]):
        sel = tb[e, T_EF_SEL]
        if sel >= 0 and tb[sel, T_SEL_QUANT] == Quantifier.TARGET:
            if not any_matching(st, tb, sel, p, source):
                return False
        if tb[e, T_EF_PLAYER] == PlayerSel.TARGET_ENEMY and not enemy_exists(st, p):
            return False
    return True


@njit
def restrictions_allow(st, tb, a, p, c):
    bits = tb[a, T_AB_RESTRICT]
    if bits & Restriction.YOUR_TURN and st[G_ACTIVE] != p:
        return False
    if bits & Restriction.IN_FIGHT and not fight_before_damage(st):
        return False
    if bits & Restriction.ONCE_PER_TURN and c >= 0:
        k = a - tb[st[ROW_CARD + c, C_DEF], T_AB_START]
        if st[ROW_CARD + c, C_USED] & (1 << k):
            return False
    return True


@njit
def can_activate(st, tb, p, c, a):
    """Seat p may activate ability a of card c (in p's Class) now, costs and targets included."""
    if (
        st[ROW_CARD + c, C_ZONE] != Z_CLASS
        or st[ROW_CARD + c, C_OWNER] != p
        or tb[a, T_AB_KIND] != _ACTIVATED
    ):
        return False
    if not restrictions_allow(st, tb, a, p, c):
        return False
    if tb[a, T_AB_EXHAUST] and st[ROW_CARD + c, C_EXHAUSTED]:
        return False
    if st[ROW_SEAT + p, P_REP] < tb[a, T_AB_REP]:
        return False
    if tb[a, T_AB_MERIT] > 0 and st[ROW_SEAT + p, P_MERIT] <= tb[a, T_AB_MERIT]:
        return False  # ruling 8: a Merit cost is paid only while Merit stays above 0
    if tb[a, T_AB_TRASH] > 0 and hand_size(st, p) < tb[a, T_AB_TRASH]:
        return False
    if not condition_holds(st, tb, tb[a, T_AB_COND], p, c):
        return False
    return targets_available(st, tb, a, p, c)


@njit
def can_pay_by_exhausting(st, tb, p, c, payer):
    """Student `payer` may pay for Scheme c: ready, in p's Class, cost at least the Scheme's."""
    return (
        st[ROW_CARD + payer, C_ZONE] == Z_CLASS
        and st[ROW_CARD + payer, C_OWNER] == p
        and tb[st[ROW_CARD + payer, C_DEF], T_KIND] == _STUDENT
        and st[ROW_CARD + payer, C_EXHAUSTED] == 0
        and tb[st[ROW_CARD + payer, C_DEF], T_COST] >= tb[st[ROW_CARD + c, C_DEF], T_COST]
    )


@njit
def scheme_timing_ok(st, tb, p, c):
    """Section 6: ordinary Schemes in your own Plan Phase; Surprises whenever you have priority
    (within their restrictions)."""
    d = st[ROW_CARD + c, C_DEF]
    a = tb[d, T_AB_START]
    if tb[d, T_SURPRISE] == 0:
        return st[G_ACTIVE] == p and in_plan_phase(st)
    return restrictions_allow(st, tb, a, p, -1)


@njit_inline
def scheme_reduction(st, tb, p):
    """The reduction of Schemes' Reputation costs in force for seat p (a read, and a call only
    while p's Class has a static reduction)."""
    return st[ROW_SEAT + p, P_DISC_SCHEME] + static_discount(st, tb, p, Discounted.SCHEME)


@njit_inline
def best_payer(st, tb, p):
    """The highest cost among seat p's ready Students in its Class (-1: none): a Scheme
    costing at most that can be paid by exhausting one. Kept by the seat (P_BEST_PAYER)
    instead of a scan of its cards at each listing of its Schemes (2-3% of the decisions' CPU,
    docs/results.md)."""
    return st[ROW_SEAT + p, P_BEST_PAYER] - 1


PAY_REP = 1  # scheme_ways: the Scheme can be paid with Reputation
PAY_EXHAUST = 2  # ... or by exhausting a Student


@njit
def scheme_can_start(st, tb, p, c):
    """Scheme c (in p's hand) has an effect and its timing allows it now: checked before the
    payment context, which most Schemes in most windows never need."""
    d = st[ROW_CARD + c, C_DEF]
    return tb[d, T_AB_END] > tb[d, T_AB_START] and scheme_timing_ok(st, tb, p, c)


@njit
def scheme_ways(st, tb, p, c, reduction, best_payer):
    """How seat p may pay for Scheme c, whose timing allows it (scheme_can_start), given p's
    reduction of Schemes' Reputation costs and its best_payer: PAY_REP and/or PAY_EXHAUST, or
    0 when p cannot pay, its condition does not hold or a target it names has no candidate
    (both checked once for both ways)."""
    d = st[ROW_CARD + c, C_DEF]
    cost = tb[d, T_COST]
    rep_cost = cost - reduction
    ways = 0
    if st[ROW_SEAT + p, P_REP] >= (rep_cost if rep_cost > 0 else 0):
        ways |= PAY_REP
    if best_payer >= cost:
        ways |= PAY_EXHAUST
    if ways == 0:
        return 0
    a = tb[d, T_AB_START]
    if not condition_holds(st, tb, tb[a, T_AB_COND], p, -1):
        return 0
    if not targets_available(st, tb, a, p, -1):
        return 0
    return ways


@njit_inline
def nothing_to_play(st, p, own, own_plan):
    """Seat p's counts say it has nothing it could play now: no Surprise in hand nor usable
    activated ability in Class that the timing context allows, nor, in its own Plan Phase,
    an ordinary Scheme in hand (a superset: costs, conditions and targets are not counted)."""
    context = (2 if own else 0) + (1 if fight_before_damage(st) else 0)
    n = st[ROW_SEAT + p, P_N_INSTANT + context]
    if own_plan:
        n += st[ROW_SEAT + p, P_N_HAND_SCHEMES]
    return n == 0


@njit_inline
def could_play(st, p):
    """Seat p's counts leave room for a Scheme or an ability it could start now."""
    own = st[G_ACTIVE] == p
    return not nothing_to_play(st, p, own, own and in_plan_phase(st))


@njit_inline
def hand_scheme_ways(st, tb, p, c, own_plan, reduction, best):
    """scheme_ways of Scheme c in seat p's hand, asked in a scan of p's cards that keeps p's
    reduction (-1: not read yet; were it -1 in force, it is read again: the same answer) and
    is given its best payer (a read: both ways to pay are asked at once). Returns (ways,
    reduction)."""
    d = st[ROW_CARD + c, C_DEF]
    # cheap test first: an ordinary Scheme is only playable in your own Plan Phase
    if (tb[d, T_SURPRISE] == 0 and not own_plan) or not scheme_can_start(st, tb, p, c):
        return 0, reduction
    if reduction == -1:
        reduction = scheme_reduction(st, tb, p)
    return scheme_ways(st, tb, p, c, reduction, best), reduction


@njit
def can_act(st, tb, p):
    """Whether seat p has anything to play in a priority window (else it passes silently)."""
    own = st[G_ACTIVE] == p
    own_plan = own and in_plan_phase(st)
    if nothing_to_play(st, p, own, own_plan):
        return False
    reduction = -1
    best = best_payer(st, tb, p)
    for _i in range(st[ROW_SEAT + p, P_N_OWNED]):
        c = st[ROW_CARD + _i, C_OWNED + p]
        z = st[ROW_CARD + c, C_ZONE]
        if st[ROW_CARD + c, C_OWNER] != p:
            continue
        d = st[ROW_CARD + c, C_DEF]
        if z == Z_HAND:
            ways, reduction = hand_scheme_ways(st, tb, p, c, own_plan, reduction, best)
            if ways != 0:
                return True
        elif z == Z_CLASS and tb[d, T_N_ACTIVATED] > 0:
            for a in range(tb[d, T_AB_START], tb[d, T_AB_END]):
                if tb[a, T_AB_KIND] == _ACTIVATED and can_activate(st, tb, p, c, a):
                    return True
    return False


@njit
def can_lead(st, tb, p, c):
    """Section 7, Set!: a ready Idol or Student of p's Class with no Attack Token."""
    if st[ROW_CARD + c, C_ZONE] != Z_CLASS or st[ROW_CARD + c, C_OWNER] != p:
        return False
    if tb[st[ROW_CARD + c, C_DEF], T_KIND] == _SCHEME:
        return False
    return (
        st[ROW_CARD + c, C_EXHAUSTED] == 0
        and st[ROW_CARD + c, C_TOKEN] == 0
        and st[ROW_CARD + c, C_ROLE] == ROLE_NONE
    )


@njit
def ready_students(st, tb, q):
    n = 0
    for _i in range(st[ROW_SEAT + q, P_N_OWNED]):
        c = st[ROW_CARD + _i, C_OWNED + q]
        if (
            st[ROW_CARD + c, C_ZONE] == Z_CLASS
            and st[ROW_CARD + c, C_OWNER] == q
            and tb[st[ROW_CARD + c, C_DEF], T_KIND] == _STUDENT
            and st[ROW_CARD + c, C_EXHAUSTED] == 0
        ):
            n += 1
    return n


@njit
def can_be_attacked(st, tb, p, c):
    """Section 7 and ruling 5: any enemy Student in a Class; an enemy Idol only when its
    player has no ready Student in Class."""
    if st[ROW_CARD + c, C_ZONE] != Z_CLASS:
        return False
    q = st[ROW_CARD + c, C_OWNER]
    if not enemy(st, p, q):
        return False
    k = tb[st[ROW_CARD + c, C_DEF], T_KIND]
    if k == _STUDENT:
        return True
    if k == _SCHEME:
        return False
    return ready_students(st, tb, q) == 0


@njit
def fight_possible(st, tb, p):
    """No fight on a player's first turn; some leader and some target must exist."""
    if st[ROW_SEAT + p, P_TURNS_TAKEN] <= 1 or st[G_FIGHT] == 1:
        return False
    # Any enemy Student or Idol in a Class will do: an Idol can be attacked unless its player
    # has a ready Student in Class, which can be attacked itself. So can_be_attacked's count
    # of ready Students is not needed here (it was a scan of a Class at every Plan Phase
    # decision).
    for _q in range(MAX_PLAYERS):
        if _q == p or not enemy(st, p, _q):
            continue
        for _i in range(st[ROW_SEAT + _q, P_N_OWNED]):
            c = st[ROW_CARD + _i, C_OWNED + _q]
            if (
                st[ROW_CARD + c, C_ZONE] == Z_CLASS
                and st[ROW_CARD + c, C_OWNER] == _q
                and tb[st[ROW_CARD + c, C_DEF], T_KIND] != _SCHEME
            ):
                return True
    return False
