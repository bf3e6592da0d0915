"""What a decision notes once about the table, compiled: each enemy's threat, each seat's
Combat free to join a fight, the enemy cards a fight can aim at, and the threat weights' Win-Con
progress and strike. Each is kept in the bot's scratch array (strategies/features.py lays it
out) while one decision is scored, and forgotten when the position moves."""

from avarium.simulator.constants import CardKind
from avarium.simulator.engine.surface import (
    C_DEF,
    C_OWNED,
    C_ZONE,
    G_PLAYERS,
    P_ALIVE,
    P_MERIT,
    P_N_OWNED,
    ROW_CARD,
    ROW_SEAT,
    T_KIND,
    Z_CLASS,
    can_be_attacked,
    can_lead,
    combat_of,
    fighting_stats,
    njit,
    njit_inline,
)
from avarium.strategies.features import (
    FIGHTERS,
    FREE_COMBAT,
    MAX_TARGETS,
    N_FIGHTERS,
    N_STATS,
    N_TARGETS,
    SAVED_STATS,
    TARGETS,
    THREATS,
    THREATS_NOTED,
    no_change,
    wincon_progress,
)

_SCHEME = CardKind.SCHEME


@njit
def threat_of(st, tb, q, deltas):
    """How dangerous enemy q is: close to its Win-Con, or rich in Merit."""
    no_change(deltas)
    return 10.0 * wincon_progress(st, tb, q, deltas, -1) + 0.2 * st[ROW_SEAT + q, P_MERIT]


@njit
def note_free_combat(st, tb, p, scratch):
    """Each seat's two best Combats among Class cards that could still join a fight, p's own
    such cards as its fighters (note_fighter), and the enemy Class cards p can attack, in the
    order score_fight meets them, with their Combat and Defense (no target noted when there are
    more than MAX_TARGETS): one pass over the seats' cards, so an enemy card that could both
    lead and be attacked has its Combat and Defense counted once (the static sums are most of
    what a card's stats cost)."""
    n = 0
    room = True
    for q in range(st[G_PLAYERS]):
        best, card, second = 0, -1, 0
        for i in range(st[ROW_SEAT + q, P_N_OWNED]):
            c = st[ROW_CARD + i, C_OWNED + q]
            leads = can_lead(st, tb, q, c)
            if _is_target(st, tb, p, q, c):
                combat, defense = fighting_stats(st, tb, c)
                if n < MAX_TARGETS:
                    scratch[TARGETS + 3 * n] = c
                    scratch[TARGETS + 3 * n + 1] = combat
                    scratch[TARGETS + 3 * n + 2] = defense
                    n += 1
                else:
                    room = False
                if leads:
                    best, card, second = _ranked(best, card, second, combat, c)
            elif leads:
                if q == p:  # a leader of a fight action p may choose
                    combat = note_fighter(st, tb, scratch, c)
                else:
                    combat = combat_of(st, tb, c)
                best, card, second = _ranked(best, card, second, combat, c)
        scratch[FREE_COMBAT + 3 * q] = best
        scratch[FREE_COMBAT + 3 * q + 1] = card
        scratch[FREE_COMBAT + 3 * q + 2] = second
    scratch[N_TARGETS] = n if room else -1


@njit_inline
def _is_target(st, tb, p, q, c):
    """Whether seat q's card c is an enemy Class card p can attack: what next_target walks to
    and note_free_combat notes."""
    return q != p and st[ROW_CARD + c, C_ZONE] == Z_CLASS and can_be_attacked(st, tb, p, c)


@njit_inline
def _ranked(best, card, second, x, c):
    """The two best Combats (and the best one's card) once Combat x of card c is met."""
    if x > best:
        return x, c, best
    if x > second:
        return best, card, x
    return best, card, second


@njit
def note_fighter(st, tb, scratch, c):
    """Note card c's Combat and Defense for this decision (prepare_scoring emptied the list;
    a card beyond its room is not noted); return its Combat."""
    combat, defense = fighting_stats(st, tb, c)
    n = scratch[N_FIGHTERS]
    if n < MAX_TARGETS:
        scratch[FIGHTERS + 3 * n] = c
        scratch[FIGHTERS + 3 * n + 1] = combat
        scratch[FIGHTERS + 3 * n + 2] = defense
        scratch[N_FIGHTERS] = n + 1
    return combat


@njit
def fighter_stats(st, tb, scratch, c):
    """Card c's Combat and Defense: as noted for this decision (a fighter, then a target), or
    counted now."""
    for j in range(scratch[N_FIGHTERS]):
        if scratch[FIGHTERS + 3 * j] == c:
            return scratch[FIGHTERS + 3 * j + 1], scratch[FIGHTERS + 3 * j + 2]
    for j in range(scratch[N_TARGETS]):
        if scratch[TARGETS + 3 * j] == c:
            return scratch[TARGETS + 3 * j + 1], scratch[TARGETS + 3 * j + 2]
    return fighting_stats(st, tb, c)


@njit
def next_target(st, tb, p, q, i):
    """The first enemy Class card p can attack from seat q's i-th card on, seat by seat in card
    order, as (q, i, card); card -1 once none is left. A walk over every target is
    `q, i, t = next_target(st, tb, p, 0, 0)`, then `next_target(st, tb, p, q, i + 1)` while
    t >= 0: the one order note_free_combat and score_fight both meet the targets in."""
    while q < st[G_PLAYERS]:
        if q != p:
            while i < st[ROW_SEAT + q, P_N_OWNED]:
                t = st[ROW_CARD + i, C_OWNED + q]
                if _is_target(st, tb, p, q, t):
                    return q, i, t
                i += 1
        q += 1
        i = 0
    return q, i, -1


@njit
def free_combat(scratch, q, exclude):
    """Seat q's best Combat to send into a fight other than card `exclude`'s (noted first)."""
    if scratch[FREE_COMBAT + 3 * q + 1] == exclude:
        return scratch[FREE_COMBAT + 3 * q + 2]
    return scratch[FREE_COMBAT + 3 * q]


@njit
def strike_of(st, tb, q):
    """The highest Combat among seat q's Class cards, its Idol included, exhausted or not: what
    q can hit with once its cards ready again at the start of its turn."""
    best = 0
    for i in range(st[ROW_SEAT + q, P_N_OWNED]):
        c = st[ROW_CARD + i, C_OWNED + q]
        if st[ROW_CARD + c, C_ZONE] == Z_CLASS and tb[st[ROW_CARD + c, C_DEF], T_KIND] != _SCHEME:
            x = combat_of(st, tb, c)
            if x > best:
                best = x
    return best


@njit
def forget_threats(scratch):
    scratch[THREATS_NOTED] = 0


@njit
def note_threats(st, tb, scratch, p):
    """Note every living enemy of p's Win-Con progress and strike, once per decision (the
    position does not change while one decision is scored), keeping the statistic changes
    the scratch holds meanwhile."""
    if scratch[THREATS_NOTED] != 0:
        return
    for s in range(N_STATS):
        scratch[SAVED_STATS + s] = scratch[s]
        scratch[s] = 0
    for q in range(st[G_PLAYERS]):
        prog = 0.0
        strike = 0
        if q != p and st[ROW_SEAT + q, P_ALIVE] != 0:
            prog = wincon_progress(st, tb, q, scratch, -1)
            strike = strike_of(st, tb, q)
        scratch[THREATS + 2 * q] = int(prog * 1000.0 + 0.5)
        scratch[THREATS + 2 * q + 1] = strike
    for s in range(N_STATS):
        scratch[s] = scratch[SAVED_STATS + s]
    scratch[THREATS_NOTED] = 1


@njit
def threat_progress(st, tb, scratch, p, q):
    """Enemy q's Win-Con progress (0..1), noted for p's decision."""
    note_threats(st, tb, scratch, p)
    return scratch[THREATS + 2 * q] / 1000.0


@njit
def table_leader(st, tb, scratch, p):
    """The living enemy of p closest to winning: the most Win-Con progress, then the most Merit
    (the last one standing and, when the School runs out, the richest in Merit wins), then the
    first after p in turn order; -1 when p has no living enemy."""
    n = st[G_PLAYERS]
    leader, progress, merit = -1, -1.0, 0
    for k in range(1, n):
        q = (p + k) % n
        if st[ROW_SEAT + q, P_ALIVE] == 0:
            continue
        x = threat_progress(st, tb, scratch, p, q)
        m = st[ROW_SEAT + q, P_MERIT]
        if x > progress or (x == progress and m > merit):
            leader, progress, merit = q, x, m
    return leader


@njit
def enemy_strike(st, tb, scratch, p):
    """The highest strike among p's living enemies: what may attack p next."""
    note_threats(st, tb, scratch, p)
    best = 0
    for q in range(st[G_PLAYERS]):
        if q != p and st[ROW_SEAT + q, P_ALIVE] != 0 and scratch[THREATS + 2 * q + 1] > best:
            best = scratch[THREATS + 2 * q + 1]
    return best
