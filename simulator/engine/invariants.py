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


# Invariants 8, 9, 12 and 13 as bits of one mask (seat_disagreements): each seat's list is walked
# once for all four.
LIST_BROKEN = 1 << 8
COUNTS_BROKEN = 1 << 9
PAYER_BROKEN = 1 << 12
TRIGGERS_BROKEN = 1 << 13


@njit
def check_state_invariants(st):
    """0 if the state is sound, else the number of the first broken invariant, in the order
    1-5, 8-13, 6, 7.

    It runs in every state of `avarium check`'s games and the property tests', so every card is
    read once and each seat's list once: read again for each invariant and seat (some forty
    times a state) the check cost several times the game itself (docs/performance.md, "Where a
    checked game's CPU goes"). What the later invariants need from the cards is gathered in the
    one pass and each is still decided in its turn, so a state breaking several names the first."""
    n = st[G_N_CARDS]
    in_school = 0
    in_library = 0
    courtyard = 0
    held = 0
    # effects on a card no seat controls matter only while no flag says one reached it
    stray_allowed = st[G_STRAY_EFFECTS] == 1
    stray = False
    # the members' list is in card order (checked below), so one pointer walks it with the cards
    members = st[G_F_N]
    k = 0
    unlisted = False
    for c in range(n):
        r = ROW_CARD + c
        z = st[r, C_ZONE]
        o = st[r, C_OWNER]
        if z < 0 or z >= N_ZONES:
            return 1
        owned = z == Z_CLASS or z == Z_HALLWAY or z == Z_HAND or z == Z_STACK
        if owned != (o >= 0):
            return 2
        if owned:
            held += 1
        else:
            if z == Z_SCHOOL:
                in_school += 1
            elif z == Z_LIBRARY:
                in_library += 1
            elif z == Z_COURTYARD:
                courtyard += 1
            if not stray_allowed and carries_effects(st, r):
                stray = True
        if st[r, C_ROLE] != ROLE_NONE:
            while k < members and st[ROW_MEMBERS, k] < c:
                k += 1
            if k >= members or st[ROW_MEMBERS, k] != c:
                unlisted = True
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
    found = 0
    listed = 0
    for p in range(MAX_PLAYERS):
        listed += st[ROW_SEAT + p, P_N_OWNED]
        found |= seat_disagreements(st, p)
        if found & LIST_BROKEN:
            return 8
    if not yard_listed(st) or held != listed or courtyard != st[G_YARD_N]:
        return 8
    if found & COUNTS_BROKEN:
        return 9
    if unlisted or not members_in_order(st):
        return 10
    if stray:
        return 11
    if found & PAYER_BROKEN:
        return 12
    if found & TRIGGERS_BROKEN:
        return 13
    for p in range(st[G_PLAYERS]):
        if st[ROW_SEAT + p, P_REP] < 0 or st[ROW_SEAT + p, P_MERIT] < 0:
            return 6
        if st[G_DONE] == 0 and st[ROW_SEAT + p, P_ALIVE] == 1 and st[ROW_SEAT + p, P_MERIT] <= 0:
            return 7
    return 0


@njit
def carries_effects(st, r):
    """Whether the card in row r carries a turn or fight effect (or a use this turn)."""
    return (
        st[r, C_TOKEN]
        | st[r, C_MC_TURN]
        | st[r, C_MD_TURN]
        | st[r, C_MC_FIGHT]
        | st[r, C_MD_FIGHT]
        | st[r, C_USED]
        | st[r, C_SHIELD_TURN]
        | st[r, C_SHIELD_FIGHT]
    ) != 0


@njit
def seat_disagreements(st, p):
    """Seat p's card list walked once: LIST_BROKEN at an entry that is not a card of seat p at
    that place; otherwise a bit for each of its kept figures that disagrees with its cards.

    COUNTS_BROKEN: P_N_STATIC_MOD and P_N_STATIC_DISC count the Class cards with such statics,
    P_N_INSTANT + k the Surprises in hand and the Class cards with activated abilities that
    timing context k allows (and that could still be used: zones.class_live), P_N_HAND_SCHEMES
    the ordinary Schemes with an effect in hand, P_N_HAND every card in hand and
    P_N_CLASS_STUDENTS the Students in Class. PAYER_BROKEN: P_BEST_PAYER is 1 + the highest
    printed cost (in the traits, from the deal) among its ready Students in Class, 0 with none.
    TRIGGERS_BROKEN: P_CLASS_TRIGGERS is the union of its Class cards' trigger events.

    The list stands for every card the seat controls only once every seat's list and the count
    of controlled cards agree (invariant 8): the caller reads the other bits only then."""
    n = st[G_N_CARDS]
    mod = 0
    disc = 0
    plays0 = 0
    plays1 = 0
    plays2 = 0
    plays3 = 0
    schemes = 0
    hand = 0
    students = 0
    best = 0
    triggers = 0
    for i in range(st[ROW_SEAT + p, P_N_OWNED]):
        c = st[ROW_CARD + i, C_OWNED + p]
        if c < 0 or c >= n or st[ROW_CARD + c, C_OWNER] != p or st[ROW_CARD + c, C_LISTPOS] != i:
            return LIST_BROKEN
        traits = st[ROW_CARD + c, C_TRAITS]
        z = st[ROW_CARD + c, C_ZONE]
        plays = 0
        if z == Z_CLASS:
            mod += traits & STATIC_MOD
            disc += (traits & STATIC_DISC) >> 1
            triggers |= (traits >> TRIGGERS_SHIFT) & TRIGGERS_MASK
            if class_live(st, c, traits):
                plays = traits >> INSTANT_CLASS_SHIFT
            if traits & STUDENT_CARD:
                students += 1
                cost = (traits >> STUDENT_COST_SHIFT) + 1
                if st[ROW_CARD + c, C_EXHAUSTED] == 0 and cost > best:
                    best = cost
        elif z == Z_HAND:
            plays = traits >> INSTANT_HAND_SHIFT
            schemes += (traits & HAND_SCHEME) != 0
            hand += 1
        plays0 += plays & 1
        plays1 += (plays >> 1) & 1
        plays2 += (plays >> 2) & 1
        plays3 += (plays >> 3) & 1
    s = ROW_SEAT + p
    found = 0
    if (
        mod != st[s, P_N_STATIC_MOD]
        or disc != st[s, P_N_STATIC_DISC]
        or plays0 != st[s, P_N_INSTANT]
        or plays1 != st[s, P_N_INSTANT + 1]
        or plays2 != st[s, P_N_INSTANT + 2]
        or plays3 != st[s, P_N_INSTANT + 3]
        or schemes != st[s, P_N_HAND_SCHEMES]
        or hand != st[s, P_N_HAND]
        or students != st[s, P_N_CLASS_STUDENTS]
    ):
        found |= COUNTS_BROKEN
    if best != st[s, P_BEST_PAYER]:
        found |= PAYER_BROKEN
    if triggers != st[s, P_CLASS_TRIGGERS]:
        found |= TRIGGERS_BROKEN
    return found


@njit
def yard_listed(st):
    """Every entry of the Courtyard's list is a Courtyard card at its recorded place."""
    for i in range(st[G_YARD_N]):
        c = st[ROW_CARD + i, C_YARD]
        if st[ROW_CARD + c, C_ZONE] != Z_COURTYARD or st[ROW_CARD + c, C_LISTPOS] != i:
            return False
    return True


@njit
def members_in_order(st):
    """The fight's members' list is in card order, each card once."""
    for k in range(1, st[G_F_N]):
        if st[ROW_MEMBERS, k - 1] >= st[ROW_MEMBERS, k]:
            return False
    return True
