"""Moving cards between zones: the School, the Courtyard, Classes, the Library, the piles.

Rulebook sections 3-5: the Courtyard is refilled to 6 the moment a card leaves it; the Library is
rebuilt from the Trash Pile when it runs out; a card that changes zone comes back as a fresh card
(ready, no token, no changes in force).
"""

from avarium.simulator.constants import COURTYARD_SIZE
from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.layout import (
    ACTIVATED_SLOTS_SHIFT,
    C_EXHAUSTED,
    C_FDMG,
    C_LIBRARY,
    C_LISTPOS,
    C_MC_FIGHT,
    C_MC_PERM,
    C_MC_TURN,
    C_MD_FIGHT,
    C_MD_PERM,
    C_MD_TURN,
    C_OWNED,
    C_OWNER,
    C_ROLE,
    C_SCHOOL,
    C_SEEN,
    C_SHIELD_FIGHT,
    C_SHIELD_PERM,
    C_SHIELD_TURN,
    C_TOKEN,
    C_TRAITS,
    C_USED,
    C_YARD,
    C_ZONE,
    CLASS_NEEDS_READY,
    CLASS_ONCE,
    G_ACTIVE,
    G_LIB_CAP,
    G_LIB_HEAD,
    G_LIB_N,
    G_N_CARDS,
    G_OPT_SCHOOL,
    G_SCHOOL_CAP,
    G_SCHOOL_EMPTY,
    G_SCHOOL_HEAD,
    G_SCHOOL_N,
    G_STEP,
    G_YARD_N,
    HAND_SCHEME,
    INSTANT_CLASS_SHIFT,
    INSTANT_HAND_SHIFT,
    P_BEST_PAYER,
    P_CLASS_TRIGGERS,
    P_N_CLASS_STUDENTS,
    P_N_HAND,
    P_N_HAND_SCHEMES,
    P_N_INSTANT,
    P_N_OWNED,
    P_N_STATIC_DISC,
    P_N_STATIC_MOD,
    ROW_CARD,
    ROW_SEAT,
    S_PLAN,
    SEEN_TAKEN,
    STATIC_DISC,
    STATIC_MOD,
    STUDENT_CARD,
    STUDENT_COST_SHIFT,
    TRIGGERS_MASK,
    TRIGGERS_SHIFT,
    Z_CLASS,
    Z_COURTYARD,
    Z_HALLWAY,
    Z_HAND,
    Z_LIBRARY,
    Z_SCHOOL,
    Z_STACK,
    Z_TRASH,
)
from avarium.simulator.engine.rng import shuffle


@njit
def _list_remove(st, column, count_row, count_col, c):
    pos = st[ROW_CARD + c, C_LISTPOS]
    n = st[count_row, count_col] - 1
    last = st[ROW_CARD + n, column]
    st[ROW_CARD + pos, column] = last
    st[ROW_CARD + last, C_LISTPOS] = pos
    st[count_row, count_col] = n
    st[ROW_CARD + c, C_LISTPOS] = -1


@njit
def _list_add(st, column, count_row, count_col, c):
    n = st[count_row, count_col]
    st[ROW_CARD + n, column] = c
    st[ROW_CARD + c, C_LISTPOS] = n
    st[count_row, count_col] = n + 1


@njit
def _note_seen(st, c, zone, owner):
    """Record who was offered or took card c (C_SEEN) as it moves; the rules never read it."""
    if zone == Z_HAND:  # drawn (or otherwise put in the hand): offered
        st[ROW_CARD + c, C_SEEN] |= 1 << owner
    elif zone == Z_HALLWAY or zone == Z_STACK:  # recruited, or played: taken (and offered)
        st[ROW_CARD + c, C_SEEN] |= (1 << owner) | (1 << (SEEN_TAKEN + owner))
    elif zone == Z_COURTYARD and st[G_STEP] == S_PLAN:  # refilled while its player may recruit
        st[ROW_CARD + c, C_SEEN] |= 1 << st[G_ACTIVE]


@njit
def offer_courtyard(st):
    """The Plan Phase begins: the active player is offered every Student in the Courtyard."""
    bit = 1 << st[G_ACTIVE]
    for i in range(st[G_YARD_N]):
        c = st[ROW_CARD + i, C_YARD]
        st[ROW_CARD + c, C_SEEN] |= bit


@njit
def _count_traits(st, c, traits, zone, owner, old_owner):
    """Keep each seat's counts (Class cards with statics, instant-speed plays, ordinary Schemes
    in hand, Students in Class), best payer and Class trigger events as c moves (fresh: ready)."""
    old_zone = st[ROW_CARD + c, C_ZONE]
    if old_zone == Z_CLASS:
        st[ROW_SEAT + old_owner, P_N_CLASS_STUDENTS] -= (traits & STUDENT_CARD) != 0
        if traits & STUDENT_CARD and st[ROW_CARD + c, C_EXHAUSTED] == 0:
            _payer_gone(st, old_owner, c, traits)
        if (traits >> TRIGGERS_SHIFT) & TRIGGERS_MASK:
            st[ROW_SEAT + old_owner, P_CLASS_TRIGGERS] = class_triggers(st, old_owner, c)
        st[ROW_SEAT + old_owner, P_N_STATIC_MOD] -= traits & STATIC_MOD
        st[ROW_SEAT + old_owner, P_N_STATIC_DISC] -= (traits & STATIC_DISC) >> 1
        if class_live(st, c, traits):
            _count_contexts(st, old_owner, traits >> INSTANT_CLASS_SHIFT, -1)
    elif old_zone == Z_HAND:
        _count_contexts(st, old_owner, traits >> INSTANT_HAND_SHIFT, -1)
        if traits & HAND_SCHEME:
            st[ROW_SEAT + old_owner, P_N_HAND_SCHEMES] -= 1
    if zone == Z_CLASS:
        st[ROW_SEAT + owner, P_N_CLASS_STUDENTS] += (traits & STUDENT_CARD) != 0
        if traits & STUDENT_CARD:
            _payer_ready(st, owner, traits)
        st[ROW_SEAT + owner, P_CLASS_TRIGGERS] |= (traits >> TRIGGERS_SHIFT) & TRIGGERS_MASK
        st[ROW_SEAT + owner, P_N_STATIC_MOD] += traits & STATIC_MOD
        st[ROW_SEAT + owner, P_N_STATIC_DISC] += (traits & STATIC_DISC) >> 1
        _count_contexts(st, owner, traits >> INSTANT_CLASS_SHIFT, 1)
    elif zone == Z_HAND:
        _count_contexts(st, owner, traits >> INSTANT_HAND_SHIFT, 1)
        if traits & HAND_SCHEME:
            st[ROW_SEAT + owner, P_N_HAND_SCHEMES] += 1


@njit
def class_triggers(st, p, skip):
    """The trigger events of seat p's Class cards but card `skip`: P_CLASS_TRIGGERS."""
    bits = 0
    for _i in range(st[ROW_SEAT + p, P_N_OWNED]):
        x = st[ROW_CARD + _i, C_OWNED + p]
        if x != skip and st[ROW_CARD + x, C_ZONE] == Z_CLASS and st[ROW_CARD + x, C_OWNER] == p:
            bits |= (st[ROW_CARD + x, C_TRAITS] >> TRIGGERS_SHIFT) & TRIGGERS_MASK
    return bits


@njit
def class_live(st, c, traits):
    """Whether Class card c still counts in its seat's instant-speed plays (P_N_INSTANT + k):
    not when every activated ability of it costs exhausting it and it is exhausted, nor when
    every one is once per turn and each has been used this turn (a superset still: the other
    costs, conditions and targets are checked when it counts)."""
    if traits & CLASS_NEEDS_READY and st[ROW_CARD + c, C_EXHAUSTED] != 0:
        return False
    if traits & CLASS_ONCE:
        slots = (traits >> ACTIVATED_SLOTS_SHIFT) & 0xFFFF
        if st[ROW_CARD + c, C_USED] & slots == slots:
            return False
    return True


@njit
def set_exhausted(st, c, value):
    """Exhaust (1) or ready (0) card c, keeping its seat's instant-speed counts and best payer
    (the only way C_EXHAUSTED changes, besides move, which makes a card fresh)."""
    traits = st[ROW_CARD + c, C_TRAITS]
    if (
        traits & STUDENT_CARD
        and st[ROW_CARD + c, C_ZONE] == Z_CLASS
        and (st[ROW_CARD + c, C_EXHAUSTED] == 0) != (value == 0)
    ):
        if value == 0:
            _payer_ready(st, st[ROW_CARD + c, C_OWNER], traits)
        else:
            _payer_gone(st, st[ROW_CARD + c, C_OWNER], c, traits)
    _set_status(st, c, C_EXHAUSTED, value)


@njit
def _payer_ready(st, p, traits):
    """A Student of this cost is now ready in seat p's Class (P_BEST_PAYER: 1 + the highest)."""
    v = (traits >> STUDENT_COST_SHIFT) + 1
    if v > st[ROW_SEAT + p, P_BEST_PAYER]:
        st[ROW_SEAT + p, P_BEST_PAYER] = v


@njit
def _payer_gone(st, p, c, traits):
    """Student c, ready in seat p's Class, leaves it or is exhausted: when it was the costliest
    (not often), the seat's other ready Students are counted again."""
    if (traits >> STUDENT_COST_SHIFT) + 1 < st[ROW_SEAT + p, P_BEST_PAYER]:
        return
    st[ROW_SEAT + p, P_BEST_PAYER] = ready_payer_cost(st, p, c)


@njit
def ready_payer_cost(st, p, skip):
    """1 + the highest printed cost among seat p's ready Students in its Class other than card
    `skip` (0: none): what P_BEST_PAYER holds (and the state checks count)."""
    best = 0
    for _i in range(st[ROW_SEAT + p, P_N_OWNED]):
        x = st[ROW_CARD + _i, C_OWNED + p]
        traits = st[ROW_CARD + x, C_TRAITS]
        if (
            x != skip
            and traits & STUDENT_CARD
            and st[ROW_CARD + x, C_ZONE] == Z_CLASS
            and st[ROW_CARD + x, C_OWNER] == p
            and st[ROW_CARD + x, C_EXHAUSTED] == 0
        ):
            v = (traits >> STUDENT_COST_SHIFT) + 1
            if v > best:
                best = v
    return best


@njit
def set_used(st, c, value):
    """Set card c's once-per-turn marks (C_USED), keeping its seat's instant-speed counts."""
    _set_status(st, c, C_USED, value)


@njit
def _set_status(st, c, col, value):
    traits = st[ROW_CARD + c, C_TRAITS]
    if (traits >> INSTANT_CLASS_SHIFT) & 15 == 0 or st[ROW_CARD + c, C_ZONE] != Z_CLASS:
        st[ROW_CARD + c, col] = value  # not counted (no activated ability in a Class)
        return
    before = class_live(st, c, traits)
    st[ROW_CARD + c, col] = value
    after = class_live(st, c, traits)
    if before != after:
        _count_contexts(
            st, st[ROW_CARD + c, C_OWNER], traits >> INSTANT_CLASS_SHIFT, 1 if after else -1
        )


@njit
def _count_contexts(st, p, contexts, sign):
    """Add sign to seat p's count of instant-speed plays for each timing context in the
    low four bits of `contexts`."""
    for k in range(4):
        if (contexts >> k) & 1:
            st[ROW_SEAT + p, P_N_INSTANT + k] += sign


@njit
def in_card_order(out, start, m):
    """Sort out[start:m] and return m: a handful of cards gathered from the seats' lists, put
    back in card order (so decisions, fights and the End Phase meet cards in the order a scan
    of every card would). Insertion sort: the lists are short."""
    for i in range(start + 1, m):
        x = out[i]
        j = i
        while j > start and out[j - 1] > x:
            out[j] = out[j - 1]
            j -= 1
        out[j] = x
    return m


@njit
def move(st, c, zone, owner):
    """Put card c into `zone` under `owner`, as a fresh card (the only way cards move, so the
    seat and Courtyard lists stay true)."""
    old_owner = st[ROW_CARD + c, C_OWNER]
    old_zone = st[ROW_CARD + c, C_ZONE]
    if old_zone == Z_HAND:  # every card counts in its hand's size, traits or none
        st[ROW_SEAT + old_owner, P_N_HAND] -= 1
    if zone == Z_HAND:
        st[ROW_SEAT + owner, P_N_HAND] += 1
    traits = st[ROW_CARD + c, C_TRAITS]
    if traits != 0:
        _count_traits(st, c, traits, zone, owner, old_owner)
    if old_owner >= 0:
        _list_remove(st, C_OWNED + old_owner, ROW_SEAT + old_owner, P_N_OWNED, c)
    elif st[ROW_CARD + c, C_ZONE] == Z_COURTYARD:
        _list_remove(st, C_YARD, G_YARD_N[0], G_YARD_N[1], c)
    st[ROW_CARD + c, C_ZONE] = zone
    st[ROW_CARD + c, C_OWNER] = owner
    if owner >= 0:
        _list_add(st, C_OWNED + owner, ROW_SEAT + owner, P_N_OWNED, c)
    elif zone == Z_COURTYARD:
        _list_add(st, C_YARD, G_YARD_N[0], G_YARD_N[1], c)
    _note_seen(st, c, zone, owner)
    st[ROW_CARD + c, C_EXHAUSTED] = 0
    st[ROW_CARD + c, C_TOKEN] = 0
    st[ROW_CARD + c, C_MC_TURN] = 0
    st[ROW_CARD + c, C_MD_TURN] = 0
    st[ROW_CARD + c, C_MC_FIGHT] = 0
    st[ROW_CARD + c, C_MD_FIGHT] = 0
    st[ROW_CARD + c, C_MC_PERM] = 0
    st[ROW_CARD + c, C_MD_PERM] = 0
    st[ROW_CARD + c, C_SHIELD_TURN] = 0
    st[ROW_CARD + c, C_SHIELD_FIGHT] = 0
    st[ROW_CARD + c, C_SHIELD_PERM] = 0
    st[ROW_CARD + c, C_USED] = 0
    st[ROW_CARD + c, C_ROLE] = 0
    st[ROW_CARD + c, C_FDMG] = 0


# -- the School and the Courtyard ----------------------------------------------------------------


@njit
def courtyard_count(st):
    return st[G_YARD_N]


@njit
def school_draw(st):
    """Take the top card of the School, or -1 if it is empty."""
    n = st[G_SCHOOL_N]
    if n == 0:
        return -1
    head = st[G_SCHOOL_HEAD]
    c = st[ROW_CARD + head, C_SCHOOL]
    st[G_SCHOOL_HEAD] = (head + 1) % st[G_SCHOOL_CAP]
    st[G_SCHOOL_N] = n - 1
    return c


@njit
def school_put_bottom(st, c):
    cap = st[G_SCHOOL_CAP]
    n = st[G_SCHOOL_N]
    st[ROW_CARD + ((st[G_SCHOOL_HEAD] + n) % cap), C_SCHOOL] = c
    st[G_SCHOOL_N] = n + 1
    move(st, c, Z_SCHOOL, -1)


@njit
def refill_courtyard(st):
    """Section 5: a card leaving the Courtyard is replaced at once. If the School cannot
    replace it, the School has run out (ruling 3) and the game ends."""
    while courtyard_count(st) < COURTYARD_SIZE:
        c = school_draw(st)
        if c < 0:
            st[G_SCHOOL_EMPTY] = 1
            return
        move(st, c, Z_COURTYARD, -1)
    if st[G_OPT_SCHOOL] == 1 and st[G_SCHOOL_N] == 0:
        st[G_SCHOOL_EMPTY] = 1  # rules option: the School runs out with its last card


# -- the Library and hands -------------------------------------------------------------------------


@njit
def _rebuild_library(st):
    """Section 4: if the Library runs out, the Trash Pile is shuffled back into it."""
    n = 0
    for c in range(st[G_N_CARDS]):
        if st[ROW_CARD + c, C_ZONE] == Z_TRASH:
            st[ROW_CARD + n, C_LIBRARY] = c
            st[ROW_CARD + c, C_ZONE] = Z_LIBRARY
            n += 1
    shuffle(st, C_LIBRARY, n)
    st[G_LIB_HEAD] = 0
    st[G_LIB_N] = n


@njit
def draw_scheme(st, p):
    """Seat p draws the top Scheme of the Library (nothing if Library and Trash are empty)."""
    if st[G_LIB_N] == 0:
        _rebuild_library(st)
        if st[G_LIB_N] == 0:
            return -1
    head = st[G_LIB_HEAD]
    c = st[ROW_CARD + head, C_LIBRARY]
    st[G_LIB_HEAD] = (head + 1) % st[G_LIB_CAP]
    st[G_LIB_N] -= 1
    move(st, c, Z_HAND, p)
    return c


@njit
def trash(st, c):
    move(st, c, Z_TRASH, -1)
