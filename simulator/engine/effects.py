"""Card effects: one small kernel per opcode, driven by the card tables, and who each applies
to; resolve.py plays a stack item's effects out by calling them.

Rulebook section 8: an effect is played out whole before anything new is added; abilities that
trigger meanwhile wait in the trigger queue. Only "trash" can pause an effect, to let the
trashing player choose (the pause is a pending decision, never a call into a bot).
"""

from avarium.simulator.constants import CardKind, Destination, Duration, PlayerSel, Quantifier
from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.effective import defense_of, recruit_cost
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
    C_SCR_A,
    C_SCR_B,
    C_SCR_C,
    C_SHIELD_FIGHT,
    C_SHIELD_PERM,
    C_SHIELD_TURN,
    C_TOKEN,
    C_ZONE,
    DECL_SCHEME,
    G_N_CARDS,
    G_PLAYERS,
    G_STACK_N,
    G_STRAY_EFFECTS,
    K_CANCEL,
    K_CARD,
    K_KIND,
    K_TARGET,
    MAX_PLAYERS,
    P_ALIVE,
    P_MERIT,
    P_N_OWNED,
    P_N_RECRUITED,
    P_REP,
    P_SCR,
    ROW_CARD,
    ROW_SEAT,
    ROW_STACK,
    Z_CLASS,
    Z_COURTYARD,
    Z_EXPEL,
    Z_HALLWAY,
    Z_STACK,
)
from avarium.simulator.engine.leaving import expel
from avarium.simulator.engine.query import enemy, list_matching, matches
from avarium.simulator.engine.rng import randint
from avarium.simulator.engine.tables import (
    T_EF_PLAYER,
    T_EF_SEL,
    T_KIND,
    T_SEL_QUANT,
)
from avarium.simulator.engine.triggers import ON_JOIN, ON_RECRUIT, fire
from avarium.simulator.engine.zones import (
    move,
    refill_courtyard,
    school_put_bottom,
    set_exhausted,
    set_used,
)

_IDOL = int(CardKind.IDOL)


# -- who an effect applies to ------------------------------------------------------------------


@njit
def players_of(st, tb, e, i, k, controller):
    """The seats a player effect applies to, in turn order from the controller."""
    sel = tb[e, T_EF_PLAYER]
    n = st[G_PLAYERS]
    out = st[ROW_SEAT : ROW_SEAT + MAX_PLAYERS, P_SCR]  # scratch, not an allocation
    m = 0
    if sel == PlayerSel.YOU:
        out[0] = controller
        return out, 1
    if sel == PlayerSel.TARGET_ENEMY:
        t = st[ROW_STACK + i, K_TARGET + k]
        if t >= 0 and enemy(st, controller, t):
            out[0] = t
            m = 1
        return out, m
    if sel == PlayerSel.RANDOM_ENEMY:
        if st[ROW_STACK + i, K_TARGET + k] < 0:  # chosen once, so a paused effect keeps its victim
            count = 0
            for q in range(n):
                if enemy(st, controller, q):
                    count += 1
            if count == 0:
                return out, 0
            pick = randint(st, count)
            for q in range(n):
                if enemy(st, controller, q):
                    if pick == 0:
                        st[ROW_STACK + i, K_TARGET + k] = q
                        break
                    pick -= 1
        t = st[ROW_STACK + i, K_TARGET + k]
        if enemy(st, controller, t):
            out[0] = t
            m = 1
        return out, m
    for j in range(n):
        q = (controller + j) % n
        if st[ROW_SEAT + q, P_ALIVE] == 0:
            continue
        if sel == PlayerSel.EACH_PLAYER or q != controller:
            out[m] = q
            m += 1
    return out, m


@njit
def cards_of(st, tb, e, i, k, controller, source):
    """The cards a card effect applies to, fixed before any of them is changed."""
    sel = tb[e, T_EF_SEL]
    q = tb[sel, T_SEL_QUANT]
    n = st[G_N_CARDS]
    out = st[ROW_CARD : ROW_CARD + n, C_SCR_A]  # scratch, not an allocation
    if q == Quantifier.THIS:
        if source >= 0 and st[ROW_CARD + source, C_ZONE] == Z_CLASS:
            out[0] = source
            return out, 1
        return out, 0
    if q == Quantifier.TARGET:
        t = st[ROW_STACK + i, K_TARGET + k]
        if t >= 0 and matches(st, tb, sel, t, controller, source):
            out[0] = t
            return out, 1
        return out, 0  # the target is gone: this part of the effect does nothing
    m = list_matching(st, tb, sel, controller, source, out)
    if q == Quantifier.RANDOM and m > 0:
        out[0] = out[randint(st, m)]
        return out, 1
    return out, m


# -- the kernels --------------------------------------------------------------------------------


@njit
def gain(st, q, resource, amount):
    if resource == 0:
        st[ROW_SEAT + q, P_MERIT] += amount
    else:
        st[ROW_SEAT + q, P_REP] += amount


@njit
def lose(st, q, resource, amount):
    """Lose up to `amount`; never below 0. Returns what was actually lost."""
    have = st[ROW_SEAT + q, P_MERIT] if resource == 0 else st[ROW_SEAT + q, P_REP]
    lost = amount if amount < have else have
    if resource == 0:
        st[ROW_SEAT + q, P_MERIT] -= lost
    else:
        st[ROW_SEAT + q, P_REP] -= lost
    return lost


@njit
def prevent_damage(st, c, amount):
    """Shields absorb damage (fight shield first, then turn, then lasting); returns the rest."""
    for which in range(3):
        if amount == 0:
            break
        if which == 0:
            s = st[ROW_CARD + c, C_SHIELD_FIGHT]
        elif which == 1:
            s = st[ROW_CARD + c, C_SHIELD_TURN]
        else:
            s = st[ROW_CARD + c, C_SHIELD_PERM]
        used = s if s < amount else amount
        amount -= used
        if which == 0:
            st[ROW_CARD + c, C_SHIELD_FIGHT] -= used
        elif which == 1:
            st[ROW_CARD + c, C_SHIELD_TURN] -= used
        else:
            st[ROW_CARD + c, C_SHIELD_PERM] -= used
    return amount


@njit
def damage_outcome(st, tb, c, amount):
    """Non-fight damage (DESIGN 4): 2 = expel, 1 = exhaust, 0 = nothing; Idols lose Merit."""
    if tb[st[ROW_CARD + c, C_DEF], T_KIND] == _IDOL:
        return 0
    if amount >= defense_of(st, tb, c):
        return 2
    return 1 if amount > 0 else 0


@njit
def deal_damage(st, tb, cards, m, amount, controller):
    """Damage to several cards at once: outcomes are decided before any card leaves."""
    outcome = st[ROW_CARD : ROW_CARD + m, C_SCR_B]
    taken = st[ROW_CARD : ROW_CARD + m, C_SCR_C]
    for j in range(m):
        c = cards[j]
        taken[j] = prevent_damage(st, c, amount)
        outcome[j] = damage_outcome(st, tb, c, taken[j])
    for j in range(m):
        c = cards[j]
        if tb[st[ROW_CARD + c, C_DEF], T_KIND] == _IDOL:
            lose(st, st[ROW_CARD + c, C_OWNER], 0, taken[j])
        elif outcome[j] == 2:
            expel(st, tb, c, controller)
        elif outcome[j] == 1:
            set_exhausted(st, c, 1)


@njit
def note_stray(st, c):
    """A card outside every seat's list gets an effect that ends with the turn or the fight:
    the End Phase and the end of the fight then look at every card, not only the seats'."""
    if st[ROW_CARD + c, C_OWNER] < 0:
        st[G_STRAY_EFFECTS] = 1


@njit
def end_effects(st, with_turn):
    """End every "until end of fight" effect and, with_turn, the turn's too (Attack Tokens,
    "once per turn" marks, turn changes and shields). They are only ever on cards the seats
    control (a card that moves starts fresh), unless an effect reached another card
    (note_stray): then on every card, and the turn's end clears the flag."""
    if st[G_STRAY_EFFECTS] == 1:
        for c in range(st[G_N_CARDS]):
            _end_card_effects(st, c, with_turn)
        if with_turn:
            st[G_STRAY_EFFECTS] = 0
    else:
        for q in range(MAX_PLAYERS):
            for i in range(st[ROW_SEAT + q, P_N_OWNED]):
                _end_card_effects(st, st[ROW_CARD + i, C_OWNED + q], with_turn)


@njit
def _end_card_effects(st, c, with_turn):
    st[ROW_CARD + c, C_MC_FIGHT] = 0
    st[ROW_CARD + c, C_MD_FIGHT] = 0
    st[ROW_CARD + c, C_SHIELD_FIGHT] = 0
    if with_turn:
        st[ROW_CARD + c, C_TOKEN] = 0
        st[ROW_CARD + c, C_MC_TURN] = 0
        st[ROW_CARD + c, C_MD_TURN] = 0
        st[ROW_CARD + c, C_SHIELD_TURN] = 0
        set_used(st, c, 0)


@njit
def modify(st, c, combat, defense, duration):
    note_stray(st, c)
    if duration == Duration.END_OF_FIGHT:
        st[ROW_CARD + c, C_MC_FIGHT] += combat
        st[ROW_CARD + c, C_MD_FIGHT] += defense
    elif duration == Duration.PERMANENT:
        st[ROW_CARD + c, C_MC_PERM] += combat
        st[ROW_CARD + c, C_MD_PERM] += defense
    else:
        st[ROW_CARD + c, C_MC_TURN] += combat
        st[ROW_CARD + c, C_MD_TURN] += defense


@njit
def shield(st, c, amount, duration):
    note_stray(st, c)
    if duration == Duration.END_OF_FIGHT:
        st[ROW_CARD + c, C_SHIELD_FIGHT] += amount
    elif duration == Duration.PERMANENT:
        st[ROW_CARD + c, C_SHIELD_PERM] += amount
    else:
        st[ROW_CARD + c, C_SHIELD_TURN] += amount


@njit
def recruit_by_effect(st, tb, c, controller, free, discount):
    """Recruit Courtyard Student c into the controller's Hallway, paying what it costs."""
    cost = 0
    if not free:
        cost = recruit_cost(st, tb, controller, c) - discount
        cost = cost if cost > 0 else 0
    if st[ROW_SEAT + controller, P_REP] < cost or st[ROW_CARD + c, C_ZONE] != Z_COURTYARD:
        return
    st[ROW_SEAT + controller, P_REP] -= cost
    move(st, c, Z_HALLWAY, controller)
    st[ROW_SEAT + controller, P_N_RECRUITED] += 1
    fire(st, tb, c, ON_RECRUIT, controller)
    refill_courtyard(st)


@njit
def join_class(st, tb, c, p):
    """Card c enters seat p's Class, ready (section 5), and its "on join" abilities trigger."""
    move(st, c, Z_CLASS, p)
    fire(st, tb, c, ON_JOIN, p)


@njit
def return_card(st, tb, c, destination, controller):
    z = st[ROW_CARD + c, C_ZONE]
    if destination == Destination.YOUR_CLASS:
        if z == Z_EXPEL:
            join_class(st, tb, c, controller)
    elif destination == Destination.COURTYARD:
        move(st, c, Z_COURTYARD, -1)  # the Courtyard may now hold more than 6 (ruling 16)
    else:
        school_put_bottom(st, c)
        if z == Z_COURTYARD:
            refill_courtyard(st)


@njit
def cancel(st, target):
    for j in range(st[G_STACK_N]):
        if (
            st[ROW_STACK + j, K_CARD] == target
            and st[ROW_STACK + j, K_KIND] == DECL_SCHEME
            and st[ROW_CARD + target, C_ZONE] == Z_STACK
        ):
            st[ROW_STACK + j, K_CANCEL] = 1
