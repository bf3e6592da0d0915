"""Checks that hold in every state a player can see (used by the property tests).

`check_state_invariants` returns 0 when the state is sound, or the number of the first broken
invariant (see INVARIANTS), so a compiled test loop can check every state of many games fast.
"""

from avarium.simulator.constants import COURTYARD_SIZE
from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.layout import (
    C_EXHAUSTED,
    C_LIBRARY,
    C_LISTPOS,
    C_MC_FIGHT,
    C_MC_TURN,
    C_MD_FIGHT,
    C_MD_TURN,
    C_OWNED,
    C_OWNER,
    C_ROLE,
    C_SCHOOL,
    C_SHIELD_FIGHT,
    C_SHIELD_TURN,
    C_TOKEN,
    C_TRAITS,
    C_USED,
    C_YARD,
    C_ZONE,
    G_DONE,
    G_F_N,
    G_LIB_CAP,
    G_LIB_HEAD,
    G_LIB_N,
    G_N_CARDS,
    G_PLAYERS,
    G_SCHOOL_CAP,
    G_SCHOOL_HEAD,
    G_SCHOOL_N,
    G_STRAY_EFFECTS,
    G_YARD_N,
    HAND_SCHEME,
    INSTANT_CLASS_SHIFT,
    INSTANT_HAND_SHIFT,
    MAX_PLAYERS,
    N_ZONES,
    P_ALIVE,
    P_BEST_PAYER,
    P_CLASS_TRIGGERS,
    P_MERIT,
    P_N_CLASS_STUDENTS,
    P_N_HAND,
    P_N_HAND_SCHEMES,
    P_N_INSTANT,
    P_N_OWNED,
    P_N_STATIC_DISC,
    P_N_STATIC_MOD,
    P_REP,
    ROLE_NONE,
    ROW_CARD,
    ROW_MEMBERS,
    ROW_SEAT,
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
)
from avarium.simulator.engine.zones import class_live

INVARIANTS = (
    "sound",
    "a card is in no known zone",
    "a card in a Class, Hallway, hand or on the stack has no owner (or one elsewhere has)",
    "the School's list and the cards in the School disagree",
    "the Library's list and the cards in the Library disagree",
    "the Courtyard holds fewer than 6 while the School has cards",
    "a seat has negative Reputation or Merit",
    "a player still in the game has 0 Merit",
    "a seat's card list or the Courtyard's list disagrees with the cards' zones and owners",
    "a seat's count of cards with statics or instant-speed plays disagrees with its cards",
    "a card with a role in the fight is missing from the fight's list of members",
    "a card no seat controls carries a turn or fight effect, and no flag says so",
    "a seat's best payer is not the highest cost of its ready Students in Class",
    "a seat's events with triggered abilities in its Class disagree with its Class cards",
)


@njit
def check_state_invariants(st):
    n = st[G_N_CARDS]
    in_school = 0
    in_library = 0
    courtyard = 0
    for c in range(n):
        z = st[ROW_CARD + c, C_ZONE]
        o = st[ROW_CARD + c, C_OWNER]
        if z < 0 or z >= N_ZONES:
            return 1
        owned = z == Z_CLASS or z == Z_HALLWAY or z == Z_HAND or z == Z_STACK
        if owned != (o >= 0):
            return 2
        if z == Z_SCHOOL:
            in_school += 1
        elif z == Z_LIBRARY:
            in_library += 1
        elif z == Z_COURTYARD:
            courtyard += 1
    if in_school != st[G_SCHOOL_N]:
        return 3
    for i in range(st[G_SCHOOL_N]):
        c = st[ROW_CARD + (st[G_SCHOOL_HEAD] + i) % st[G_SCHOOL_CAP], C_SCHOOL]
        if st[ROW_CARD + c, C_ZONE] != Z_SCHOOL:
            return 3
    if in_library != st[G_LIB_N]:
        return 4
    for i in range(st[G_LIB_N]):
        c = st[ROW_CARD + (st[G_LIB_HEAD] + i) % st[G_LIB_CAP], C_LIBRARY]
        if st[ROW_CARD + c, C_ZONE] != Z_LIBRARY:
            return 4
    if st[G_DONE] == 0 and st[G_SCHOOL_N] > 0 and courtyard < COURTYARD_SIZE:
        return 5
    if not lists_agree(st):
        return 8
    if not static_counts_agree(st):
        return 9
    if not members_listed(st):
        return 10
    if not stray_effects_flagged(st):
        return 11
    if not best_payers_agree(st):
        return 12
    if not class_triggers_agree(st):
        return 13
    for p in range(st[G_PLAYERS]):
        if st[ROW_SEAT + p, P_REP] < 0 or st[ROW_SEAT + p, P_MERIT] < 0:
            return 6
        if st[G_DONE] == 0 and st[ROW_SEAT + p, P_ALIVE] == 1 and st[ROW_SEAT + p, P_MERIT] <= 0:
            return 7
    return 0


@njit
def lists_agree(st):
    """Every controlled card is in its seat's list at its recorded place, and every Courtyard
    card in the Courtyard's list; the lists hold nothing else."""
    n = st[G_N_CARDS]
    total = 0
    for p in range(MAX_PLAYERS):
        size = st[ROW_SEAT + p, P_N_OWNED]
        total += size
        for i in range(size):
            c = st[ROW_CARD + i, C_OWNED + p]
            if st[ROW_CARD + c, C_OWNER] != p or st[ROW_CARD + c, C_LISTPOS] != i:
                return False
    yard = st[G_YARD_N]
    for i in range(yard):
        c = st[ROW_CARD + i, C_YARD]
        if st[ROW_CARD + c, C_ZONE] != Z_COURTYARD or st[ROW_CARD + c, C_LISTPOS] != i:
            return False
    owned = 0
    in_yard = 0
    for c in range(n):
        if st[ROW_CARD + c, C_OWNER] >= 0:
            owned += 1
        elif st[ROW_CARD + c, C_ZONE] == Z_COURTYARD:
            in_yard += 1
    return owned == total and in_yard == yard


@njit
def static_counts_agree(st):
    """P_N_STATIC_MOD and P_N_STATIC_DISC count the Class cards with such statics, and
    P_N_INSTANT + k the Surprises in hand and the Class cards with activated abilities that
    timing context k allows (and that could still be used), P_N_HAND_SCHEMES the ordinary
    Schemes with an effect in hand, P_N_HAND every card in hand and P_N_CLASS_STUDENTS the
    Students in Class."""
    for p in range(MAX_PLAYERS):
        mod = 0
        disc = 0
        for c in range(st[G_N_CARDS]):
            if st[ROW_CARD + c, C_ZONE] == Z_CLASS and st[ROW_CARD + c, C_OWNER] == p:
                mod += st[ROW_CARD + c, C_TRAITS] & STATIC_MOD
                disc += (st[ROW_CARD + c, C_TRAITS] & STATIC_DISC) >> 1
        if mod != st[ROW_SEAT + p, P_N_STATIC_MOD] or disc != st[ROW_SEAT + p, P_N_STATIC_DISC]:
            return False
        for k in range(4):
            if instant_plays(st, p, k) != st[ROW_SEAT + p, P_N_INSTANT + k]:
                return False
        schemes = 0
        hand = 0
        students = 0
        for c in range(st[G_N_CARDS]):
            if st[ROW_CARD + c, C_OWNER] != p:
                continue
            if st[ROW_CARD + c, C_ZONE] == Z_HAND:
                schemes += (st[ROW_CARD + c, C_TRAITS] & HAND_SCHEME) != 0
                hand += 1
            elif st[ROW_CARD + c, C_ZONE] == Z_CLASS:
                students += (st[ROW_CARD + c, C_TRAITS] & STUDENT_CARD) != 0
        if schemes != st[ROW_SEAT + p, P_N_HAND_SCHEMES]:
            return False
        if hand != st[ROW_SEAT + p, P_N_HAND] or students != st[ROW_SEAT + p, P_N_CLASS_STUDENTS]:
            return False
    return True


@njit
def instant_plays(st, p, k):
    """Seat p's Surprises in hand and Class cards with activated abilities that timing
    context k allows and that could still be used (zones.class_live): what P_N_INSTANT + k
    counts."""
    n = 0
    for c in range(st[G_N_CARDS]):
        if st[ROW_CARD + c, C_OWNER] != p:
            continue
        traits = st[ROW_CARD + c, C_TRAITS]
        if st[ROW_CARD + c, C_ZONE] == Z_CLASS:
            if class_live(st, c, traits):
                n += (traits >> (INSTANT_CLASS_SHIFT + k)) & 1
        elif st[ROW_CARD + c, C_ZONE] == Z_HAND:
            n += (traits >> (INSTANT_HAND_SHIFT + k)) & 1
    return n


@njit
def best_payers_agree(st):
    """P_BEST_PAYER is 1 + the highest printed cost (in the traits, from the deal) among each
    seat's ready Students in its Class, 0 with none, counted from every card."""
    for p in range(MAX_PLAYERS):
        best = 0
        for c in range(st[G_N_CARDS]):
            traits = st[ROW_CARD + c, C_TRAITS]
            if (
                traits & STUDENT_CARD
                and st[ROW_CARD + c, C_ZONE] == Z_CLASS
                and st[ROW_CARD + c, C_OWNER] == p
                and st[ROW_CARD + c, C_EXHAUSTED] == 0
                and (traits >> STUDENT_COST_SHIFT) + 1 > best
            ):
                best = (traits >> STUDENT_COST_SHIFT) + 1
        if best != st[ROW_SEAT + p, P_BEST_PAYER]:
            return False
    return True


@njit
def class_triggers_agree(st):
    """P_CLASS_TRIGGERS is the union of the trigger events (in the traits, from the deal) of
    each seat's Class cards, counted from every card."""
    for p in range(MAX_PLAYERS):
        bits = 0
        for c in range(st[G_N_CARDS]):
            if st[ROW_CARD + c, C_ZONE] == Z_CLASS and st[ROW_CARD + c, C_OWNER] == p:
                bits |= (st[ROW_CARD + c, C_TRAITS] >> TRIGGERS_SHIFT) & TRIGGERS_MASK
        if bits != st[ROW_SEAT + p, P_CLASS_TRIGGERS]:
            return False
    return True


@njit
def members_listed(st):
    """Every card with a fight role is in the members' list, which is in card order."""
    for k in range(1, st[G_F_N]):
        if st[ROW_MEMBERS, k - 1] >= st[ROW_MEMBERS, k]:
            return False
    for c in range(st[G_N_CARDS]):
        if st[ROW_CARD + c, C_ROLE] == ROLE_NONE:
            continue
        found = False
        for k in range(st[G_F_N]):
            if st[ROW_MEMBERS, k] == c:
                found = True
        if not found:
            return False
    return True


@njit
def stray_effects_flagged(st):
    """Turn and fight effects sit only on cards the seats control, unless G_STRAY_EFFECTS says
    one reached another card (the End Phase then clears every card)."""
    if st[G_STRAY_EFFECTS] == 1:
        return True
    for c in range(st[G_N_CARDS]):
        if st[ROW_CARD + c, C_OWNER] >= 0:
            continue
        for col in (C_TOKEN, C_MC_TURN, C_MD_TURN, C_MC_FIGHT, C_MD_FIGHT, C_USED):
            if st[ROW_CARD + c, col] != 0:
                return False
        if st[ROW_CARD + c, C_SHIELD_TURN] != 0 or st[ROW_CARD + c, C_SHIELD_FIGHT] != 0:
            return False
    return True
