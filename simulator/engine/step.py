"""One decision at a time: apply an action, then run the game until the next decision.

`advance` is the referee: it checks the state, finishes declarations, puts triggered abilities
on the stack, runs priority windows, resolves the stack and walks the turn's steps, stopping at
the first decision a player must make (or the end of the game). `step` assumes the action is
legal (the Python API checks it); both are compiled, so whole games run without Python.
"""

from avarium.simulator.engine._jit import njit, njit_entry, njit_inline
from avarium.simulator.engine.damage import assign_point, step_apply, step_damage, step_split
from avarium.simulator.engine.declare import (
    begin_ability,
    begin_scheme,
    begin_trigger,
    continue_declaration,
    next_trigger,
    open_window,
    pass_priority,
    run_window,
    set_target,
    triggers_done,
)
from avarium.simulator.engine.effective import recruit_cost
from avarium.simulator.engine.fights import (
    add_member,
    choose_target,
    declare_fight,
    step_helpers,
    step_last_window,
    step_support,
)
from avarium.simulator.engine.layout import (
    A_END_TURN,
    A_PASS,
    A_START,
    C_DEF,
    D_CLASS_LIMIT,
    D_DAMAGE,
    D_EFFECT_TRASH,
    D_FIGHT_TARGET,
    D_HAND_LIMIT,
    D_HELPER,
    D_MAIN,
    D_NONE,
    D_PAYER,
    D_PRIORITY,
    D_SUPPORT_ATT,
    D_SUPPORT_DEF,
    D_TARGET,
    D_TARGET_PLAYER,
    D_TRASH_COST,
    D_TRIGGER_ORDER,
    DECL_NONE,
    DECL_TRIGGER,
    G_AB_SLOTS,
    G_ACTIONS,
    G_DEC,
    G_DEC_LEFT,
    G_DEC_PLAYER,
    G_DECL,
    G_DECL_PAYER,
    G_DECL_TRASH,
    G_DONE,
    G_END_PLAYER,
    G_F_HELPER,
    G_FIGHT,
    G_MAX_ACTIONS,
    G_RES_SUB,
    G_STACK_N,
    G_STEP,
    G_TRIG_N,
    G_WINDOW,
    P_ALIVE,
    P_HELPED,
    P_N_RECRUITED,
    P_REP,
    ROLE_ATTACK,
    ROLE_DEFEND,
    ROW_CARD,
    ROW_SEAT,
    S_END_CLASS,
    S_END_CLEANUP,
    S_END_HALLWAY,
    S_END_HAND,
    S_END_TRIGGERS,
    S_FIGHT_APPLY,
    S_FIGHT_DAMAGE,
    S_FIGHT_HELPERS,
    S_FIGHT_SPLIT_ATT,
    S_FIGHT_SPLIT_DEF,
    S_FIGHT_SUPPORT_ATT,
    S_FIGHT_SUPPORT_DEF,
    S_FIGHT_WINDOW,
    S_NEXT_TURN,
    S_PLAN,
    S_START_DRAW,
    S_START_READY,
    S_START_REP,
    S_START_TRIGGERS,
    S_START_WINCON,
    Z_HALLWAY,
)
from avarium.simulator.engine.leaving import expel, next_seat
from avarium.simulator.engine.options import (
    off_activate,
    off_choose,
    off_fight,
    off_help_defend,
    off_player,
    off_recruit,
    off_scheme_exhaust,
    off_scheme_rep,
    off_trigger,
)
from avarium.simulator.engine.phases import (
    check_state,
    end_cleanup,
    end_hallways,
    end_limits,
    end_triggers,
    next_turn,
    plan,
    stall,
    start_draw,
    start_ready,
    start_reputation,
    start_triggers,
    start_wincon,
)
from avarium.simulator.engine.resolve import resolve_top
from avarium.simulator.engine.tables import T_AB_START
from avarium.simulator.engine.triggers import ON_RECRUIT, fire
from avarium.simulator.engine.zones import move, refill_courtyard, trash


@njit_inline
def flow_step(st, tb):
    """Run the next step of the turn (when nothing else is pending). Returns whether the step
    may have changed what a state check reads (Merit, the players, cards, their counts).

    Steps that only ask a player, open a window, queue triggers, assign fight damage (applied
    later, by S_FIGHT_APPLY) or pass the turn return False, so no state check follows them; a
    fight step before that returns True only when it ended the fight.
    """
    s = st[G_STEP]
    if s == S_START_WINCON:
        start_wincon(st, tb)  # ends the game itself, or opens a window
        return False
    if s == S_START_READY:
        start_ready(st)
    elif s == S_START_REP:
        start_reputation(st, tb)
    elif s == S_START_DRAW:
        start_draw(st)
    elif s == S_START_TRIGGERS:
        start_triggers(st, tb)
        return False
    elif s == S_PLAN:
        plan(st)
        return False
    elif s == S_FIGHT_SUPPORT_ATT:
        step_support(st, tb, True)
        return st[G_FIGHT] == 0
    elif s == S_FIGHT_SUPPORT_DEF:
        step_support(st, tb, False)
        return st[G_FIGHT] == 0
    elif s == S_FIGHT_HELPERS:
        step_helpers(st, tb)
        return st[G_FIGHT] == 0
    elif s == S_FIGHT_WINDOW:
        step_last_window(st, tb)
        return st[G_FIGHT] == 0
    elif s == S_FIGHT_DAMAGE:
        step_damage(st, tb)  # damage is assigned, not yet applied: no check reads it
        return st[G_FIGHT] == 0
    elif s == S_FIGHT_SPLIT_DEF:
        step_split(st, tb, ROLE_DEFEND)
        return False
    elif s == S_FIGHT_SPLIT_ATT:
        step_split(st, tb, ROLE_ATTACK)
        return False
    elif s == S_FIGHT_APPLY:
        step_apply(st, tb)
    elif s == S_END_HALLWAY:
        end_hallways(st, tb)
    elif s == S_END_CLASS:
        end_limits(st, tb, True)
        return False
    elif s == S_END_HAND:
        end_limits(st, tb, False)
        return False
    elif s == S_END_CLEANUP:
        end_cleanup(st, tb)
    elif s == S_END_TRIGGERS:
        end_triggers(st, tb)
        return False
    elif s == S_NEXT_TURN:
        next_turn(st)  # the new active player is one still in the game
        return False
    else:
        raise ValueError("unknown step")
    return True


@njit_inline
def advance(st, tb, changed):
    """Run the game until a player must decide or the game is over.

    The state is checked (ruling 9) after anything that may have changed it: the action just
    applied (`changed`), a finished declaration (its costs), a resolved effect, a step of the
    turn that changes the game. Passing priority, asking a player and queueing triggers change
    nothing a check looks at, so they skip it: the check would find what the last one found.
    """
    while True:
        if st[G_DONE] == 1:
            return
        if changed:
            check_state(st, tb)
            changed = False
            if st[G_DONE] == 1:
                return
        if st[G_DEC] != D_NONE:
            if st[ROW_SEAT + st[G_DEC_PLAYER], P_ALIVE] == 1:
                return
            st[G_DEC] = D_NONE  # the player who had to decide has been expelled
            if st[G_WINDOW] == 1:
                pass_priority(st)
            continue
        if st[G_DECL] != DECL_NONE:
            kind = st[G_DECL]
            if continue_declaration(st, tb):
                return
            changed = kind != DECL_TRIGGER  # a Scheme or an ability has paid its costs
            continue
        if st[G_TRIG_N] > 0:
            if next_trigger(st, tb):
                return
            continue
        triggers_done(st)
        if st[G_WINDOW] == 1:
            if run_window(st, tb):
                return
            continue
        if st[G_STACK_N] > 0:
            resolve_top(st, tb)
            changed = True
            continue
        changed = flow_step(st, tb)


@njit
def _decided(st):
    """The waiting decision has been answered."""
    st[G_DEC] = D_NONE


@njit
def _answer_repeat(st):
    """A repeated decision (class limit, trash, ...) was answered once; returns True when the
    last answer was given."""
    st[G_DEC_LEFT] -= 1
    if st[G_DEC_LEFT] <= 0:
        st[G_DEC] = D_NONE
        return True
    return False


@njit
def start_action(st, tb, p, action):
    """A Plan Phase or priority action of seat p: recruit, Scheme, ability, fight, end turn.
    Returns whether it changed what a state check reads (declaring a Scheme or an ability pays
    nothing yet: its costs are paid when the declaration is finished)."""
    if action == A_END_TURN:
        st[G_STEP] = S_END_HALLWAY
        return False
    if action >= off_activate(st):
        k = action - off_activate(st)
        slots = st[G_AB_SLOTS]
        c = k // slots
        a = tb[st[ROW_CARD + c, C_DEF], T_AB_START] + k % slots
        begin_ability(st, tb, p, c, a)
        return False
    if action >= off_fight(st):
        declare_fight(st, action - off_fight(st))
        return True
    if action >= off_scheme_exhaust(st):
        begin_scheme(st, tb, p, action - off_scheme_exhaust(st), True)
        return False
    if action >= off_scheme_rep(st):
        begin_scheme(st, tb, p, action - off_scheme_rep(st), False)
        return False
    # Recruit (section 5): pay, put it in your Hallway, refill the Courtyard at once.
    c = action - off_recruit(st)
    st[ROW_SEAT + p, P_REP] -= recruit_cost(st, tb, p, c)
    move(st, c, Z_HALLWAY, p)
    st[ROW_SEAT + p, P_N_RECRUITED] += 1
    fire(st, tb, c, ON_RECRUIT, p)
    refill_courtyard(st)
    open_window(st, next_seat(st, p))  # section 10, timing 3: the end of an action
    return True


@njit_entry
def step(st, tb, action):
    """Apply a legal action of the waiting decision, then advance to the next decision.

    A_START, on a game just dealt (setup.deal_game), only advances it to its first decision: the
    drivers start games this way so that no second function of theirs links the whole engine.
    An answer that changes nothing a state check reads (a pass, a target, a payer) is not
    followed by one.
    """
    changed = True
    if action != A_START:  # advance is pasted in where it is called: one call, at the end
        dec = st[G_DEC]
        p = st[G_DEC_PLAYER]
        card = action - off_choose(st)
        st[G_ACTIONS] += 1
        if dec == D_MAIN:
            _decided(st)
            changed = start_action(st, tb, p, action)
        elif dec == D_PRIORITY:
            _decided(st)
            if action == A_PASS:
                pass_priority(st)
                changed = False
            else:
                changed = start_action(st, tb, p, action)
        elif dec == D_PAYER:
            _decided(st)
            st[G_DECL_PAYER] = card
            changed = False
        elif dec == D_TRASH_COST:
            trash(st, card)
            st[G_DECL_TRASH] -= 1
            _answer_repeat(st)
        elif dec == D_TARGET:
            _decided(st)
            set_target(st, tb, card)
            changed = False
        elif dec == D_TARGET_PLAYER:
            _decided(st)
            set_target(st, tb, action - off_player(st))
            changed = False
        elif dec == D_FIGHT_TARGET:
            _decided(st)
            choose_target(st, tb, card)
        elif dec == D_SUPPORT_ATT or dec == D_SUPPORT_DEF:
            _decided(st)
            changed = action != A_PASS
            if changed:
                add_member(st, card, ROLE_ATTACK if dec == D_SUPPORT_ATT else ROLE_DEFEND)
            st[G_STEP] = S_FIGHT_SUPPORT_DEF if dec == D_SUPPORT_ATT else S_FIGHT_HELPERS
        elif dec == D_HELPER:
            _decided(st)
            changed = action != A_PASS
            if changed:
                st[ROW_SEAT + p, P_HELPED] = 1
                if action >= off_help_defend(st):
                    add_member(st, action - off_help_defend(st), ROLE_DEFEND)
                else:
                    add_member(st, card, ROLE_ATTACK)
            st[G_F_HELPER] += 1
        elif dec == D_DAMAGE:
            _decided(st)
            assign_point(st, card)
        elif dec == D_CLASS_LIMIT:
            expel(st, tb, card, -1)
            if _answer_repeat(st):
                st[G_END_PLAYER] += 1
        elif dec == D_HAND_LIMIT:
            trash(st, card)
            if _answer_repeat(st):
                st[G_END_PLAYER] += 1
        elif dec == D_EFFECT_TRASH:
            trash(st, card)
            if _answer_repeat(st):
                st[G_RES_SUB] += 1
        elif dec == D_TRIGGER_ORDER:
            _decided(st)
            begin_trigger(st, tb, action - off_trigger(st))
            changed = False
        if st[G_ACTIONS] > st[G_MAX_ACTIONS]:
            stall(st)
            return
    advance(st, tb, changed)
