"""The turn (rulebook section 4), one kernel per numbered step, and how a game ends (section 1).

Start Phase: 1 check your Win-Con, 2 ready, 3 gain Reputation, 4 draw (1-2 skipped on a player's
first turn). End Phase: 1 Hallways into Classes, 2 expel down to 5 Students, 3 trash down to 5
Schemes, 4 remove Attack Tokens and end "until end of turn" effects. Each step ends with a
priority window (section 10), which costs nothing when nobody can act.
"""

from avarium.simulator.constants import CLASS_LIMIT, HAND_LIMIT, WinTiming
from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.conditions import condition_holds, hand_size, students_in_class
from avarium.simulator.engine.declare import open_window
from avarium.simulator.engine.effects import end_effects
from avarium.simulator.engine.layout import (
    C_DEF,
    C_FDMG,
    C_OWNED,
    C_OWNER,
    C_ROLE,
    C_SCR_A,
    C_ZONE,
    D_CLASS_LIMIT,
    D_HAND_LIMIT,
    D_MAIN,
    D_NONE,
    DECL_NONE,
    FIRST_EXTRA_DRAW,
    FIRST_NO_DRAW,
    G_ACTIONS,
    G_ACTIVE,
    G_DEC,
    G_DEC_LEFT,
    G_DEC_PLAYER,
    G_DECL,
    G_DONE,
    G_ELIMINATED,
    G_END_PLAYER,
    G_END_REPEAT,
    G_F_N,
    G_FIGHT,
    G_LIMIT_BREACH,
    G_MAX_TURNS,
    G_N_CARDS,
    G_OPT_TIE,
    G_PLAYERS,
    G_REASON,
    G_RES_EFF,
    G_ROUND,
    G_SCHOOL_EMPTY,
    G_STACK_N,
    G_STEP,
    G_TRIG_N,
    G_TURN,
    G_WINDOW,
    G_WINNER,
    MAX_END_REPEATS,
    MAX_PLAYERS,
    P_ALIVE,
    P_DISC_RECRUIT,
    P_DISC_SCHEME,
    P_FIRST_TURN,
    P_HELPED,
    P_IDOL,
    P_MERIT,
    P_N_OWNED,
    P_REP,
    P_TURNS_TAKEN,
    R_DRAW,
    R_LAST_STANDING,
    R_SCHOOL_OUT,
    R_SCHOOL_OUT_TIE,
    R_STALLED,
    R_WINCON,
    ROW_CARD,
    ROW_SEAT,
    S_END_CLASS,
    S_END_CLEANUP,
    S_END_HAND,
    S_END_TRIGGERS,
    S_NEXT_TURN,
    S_PLAN,
    S_START_DRAW,
    S_START_READY,
    S_START_REP,
    S_START_TRIGGERS,
    S_START_WINCON,
    Z_CLASS,
    Z_HALLWAY,
)
from avarium.simulator.engine.leaving import eliminate, next_seat
from avarium.simulator.engine.tables import T_REP_GAIN, T_WINCON_COND, T_WINCON_TIMING
from avarium.simulator.engine.triggers import (
    ON_END_OF_TURN,
    ON_JOIN,
    ON_START_OF_TURN,
    fire,
    fire_class,
)
from avarium.simulator.engine.zones import (
    draw_scheme,
    in_card_order,
    move,
    offer_courtyard,
    set_exhausted,
)

# -- the end of the game ------------------------------------------------------------------------


@njit
def end_game(st, winner, reason):
    st[G_DONE] = 1
    st[G_WINNER] = winner
    st[G_REASON] = reason
    st[G_DEC] = D_NONE


@njit
def wincon_met(st, tb, p, timing):
    idol = st[ROW_SEAT + p, P_IDOL]
    d = st[ROW_CARD + idol, C_DEF]
    return tb[d, T_WINCON_TIMING] == timing and condition_holds(
        st, tb, tb[d, T_WINCON_COND], p, idol
    )


@njit
def check_state(st, tb):
    """Checked after every action and effect (ruling 9). Order matters: players at 0 Merit
    are expelled first, so losing at 0 Merit beats a Win-Con met at the same moment (FAQ)."""
    n = st[G_PLAYERS]
    if st[G_SCHOOL_EMPTY] == 1:
        school_ran_out(st)
        return
    first_out = -1
    order = 0  # players expelled by this check share one expulsion order
    alive = 0
    last = -1
    for p in range(n):  # turn order is seat order
        if st[ROW_SEAT + p, P_ALIVE] == 0:
            continue
        if st[ROW_SEAT + p, P_MERIT] <= 0:
            if first_out < 0:
                first_out = p
                order = st[G_ELIMINATED] + 1
            eliminate(st, p, order)  # changes no other seat
        else:
            alive += 1
            last = p
    if alive == 1:
        end_game(st, last, R_LAST_STANDING)
        return
    if alive == 0:  # ruling 8: all remaining players expelled at once
        if st[G_OPT_TIE] == 1:
            end_game(st, -1, R_DRAW)
        else:
            end_game(st, first_out, R_LAST_STANDING)
        return
    active = st[G_ACTIVE]
    p = active
    for _ in range(n):  # ruling 9: the active player first, then turn order
        if st[ROW_SEAT + p, P_ALIVE] == 1 and wincon_met(st, tb, p, WinTiming.INSTANT):
            end_game(st, p, R_WINCON)
            return
        p = p + 1 if p + 1 < n else 0
    if st[ROW_SEAT + active, P_ALIVE] == 0:
        abandon_turn(st)


@njit
def school_ran_out(st):
    """Section 4 and FAQ: most Merit wins; a tie goes to the earliest player in turn order."""
    best = -1
    tie = False
    for p in range(st[G_PLAYERS]):
        if st[ROW_SEAT + p, P_ALIVE] == 0:
            continue
        if best < 0 or st[ROW_SEAT + p, P_MERIT] > st[ROW_SEAT + best, P_MERIT]:
            best = p
            tie = False
        elif st[ROW_SEAT + p, P_MERIT] == st[ROW_SEAT + best, P_MERIT]:
            tie = True
    end_game(st, best, R_SCHOOL_OUT_TIE if tie else R_SCHOOL_OUT)


@njit
def abandon_turn(st):
    """The active player was expelled: what was going on stops and the next turn starts."""
    st[G_DEC] = D_NONE
    st[G_DECL] = DECL_NONE
    st[G_WINDOW] = 0
    st[G_STACK_N] = 0
    st[G_TRIG_N] = 0
    st[G_RES_EFF] = -1
    for c in range(st[G_N_CARDS]):
        st[ROW_CARD + c, C_ROLE] = 0
        st[ROW_CARD + c, C_FDMG] = 0
    st[G_FIGHT] = 0
    st[G_F_N] = 0
    st[G_STEP] = S_NEXT_TURN


@njit
def stall(st):
    """A safety cap was hit (ruling 14): nobody wins."""
    end_game(st, -1, R_STALLED)


# -- Start Phase --------------------------------------------------------------------------------


@njit
def first_turn(st, p):
    return st[ROW_SEAT + p, P_TURNS_TAKEN] <= 1


@njit
def start_wincon(st, tb):
    """Step 1: check your Idol's Win-Con (start-of-turn Win-Cons; not on a first turn)."""
    p = st[G_ACTIVE]
    if not first_turn(st, p) and wincon_met(st, tb, p, WinTiming.START_OF_TURN):
        end_game(st, p, R_WINCON)
        return
    st[G_STEP] = S_START_READY
    open_window(st, p)


@njit
def start_ready(st):
    """Step 2: ready your Idol and Students (not on a first turn)."""
    p = st[G_ACTIVE]
    if not first_turn(st, p):
        for i in range(st[ROW_SEAT + p, P_N_OWNED]):
            c = st[ROW_CARD + i, C_OWNED + p]
            if st[ROW_CARD + c, C_ZONE] == Z_CLASS:
                set_exhausted(st, c, 0)
    st[G_STEP] = S_START_REP
    open_window(st, p)


@njit
def start_reputation(st, tb):
    """Step 3: gain Reputation from your Idol's gold star."""
    p = st[G_ACTIVE]
    st[ROW_SEAT + p, P_REP] += tb[st[ROW_CARD + (st[ROW_SEAT + p, P_IDOL]), C_DEF], T_REP_GAIN]
    st[G_STEP] = S_START_DRAW
    open_window(st, p)


@njit
def start_draw(st):
    """Step 4: draw a card from the top of the Library; on a seat's first turn, the seat levers
    may leave the draw out (the first seat) or add a second (the last seat)."""
    p = st[G_ACTIVE]
    levers = st[ROW_SEAT + p, P_FIRST_TURN]
    if levers != 0 and not first_turn(st, p):
        levers = 0
    if levers & FIRST_NO_DRAW == 0:
        draw_scheme(st, p)
    if levers & FIRST_EXTRA_DRAW != 0:
        draw_scheme(st, p)
    st[G_STEP] = S_START_TRIGGERS
    open_window(st, p)


@njit
def start_triggers(st, tb):
    fire_class(st, tb, st[G_ACTIVE], ON_START_OF_TURN)
    offer_courtyard(st)
    st[G_STEP] = S_PLAN


@njit
def plan(st):
    """The Plan Phase: the active player's next action (or end of turn)."""
    st[G_DEC] = D_MAIN
    st[G_DEC_PLAYER] = st[G_ACTIVE]
    st[G_DEC_LEFT] = 1


# -- End Phase ----------------------------------------------------------------------------------


@njit
def end_hallways(st, tb):
    """Step 1: every Hallway moves into its Class at the same time; "on join" abilities wait
    in the trigger queue, where turn priority orders them (rule B)."""
    hallways = st[ROW_CARD : ROW_CARD + st[G_N_CARDS], C_SCR_A]  # scratch, not an allocation
    n = 0  # the Hallways' cards, gathered from the seats' lists, then taken in card order
    for q in range(MAX_PLAYERS):
        for i in range(st[ROW_SEAT + q, P_N_OWNED]):
            c = st[ROW_CARD + i, C_OWNED + q]
            if st[ROW_CARD + c, C_ZONE] == Z_HALLWAY:
                hallways[n] = c
                n += 1
    in_card_order(hallways, 0, n)
    for k in range(n):
        c = hallways[k]
        p = st[ROW_CARD + c, C_OWNER]
        move(st, c, Z_CLASS, p)
        fire(st, tb, c, ON_JOIN, p)
    st[G_STEP] = S_END_CLASS
    st[G_END_PLAYER] = 0
    open_window(st, st[G_ACTIVE])


@njit
def end_limits(st, tb, class_step):
    """Steps 2-3: each player in turn order from the active one expels Students down to 5,
    then trashes Schemes down to 5, choosing which."""
    n = st[G_PLAYERS]
    while st[G_END_PLAYER] < n:
        p = (st[G_ACTIVE] + st[G_END_PLAYER]) % n
        if st[ROW_SEAT + p, P_ALIVE] == 1:
            have = students_in_class(st, tb, p) if class_step else hand_size(st, p)
            limit = CLASS_LIMIT if class_step else HAND_LIMIT
            if have > limit:
                st[G_DEC] = D_CLASS_LIMIT if class_step else D_HAND_LIMIT
                st[G_DEC_PLAYER] = p
                st[G_DEC_LEFT] = have - limit
                return
        st[G_END_PLAYER] += 1
    st[G_END_PLAYER] = 0
    # Ruling 11: steps 2-4 follow each other with no window ("all players proceed to do the
    # following simultaneously"), so the limits still hold when the End Phase is over.
    st[G_STEP] = S_END_HAND if class_step else S_END_CLEANUP


@njit
def end_cleanup(st, tb):
    """Step 4: remove all Attack Tokens and end all "until end of turn" effects."""
    for p in range(st[G_PLAYERS]):
        if st[ROW_SEAT + p, P_ALIVE] == 1:
            if students_in_class(st, tb, p) > CLASS_LIMIT or hand_size(st, p) > HAND_LIMIT:
                if st[G_END_REPEAT] < MAX_END_REPEATS:
                    # Ruling 11: the limits hold when the End Phase is over. A Student expelled
                    # in step 2 can set off an ability whose answer brings a card back (a
                    # Surprise returning an expelled Student to its Class): steps 2-3 again.
                    st[G_END_REPEAT] += 1
                    st[G_STEP] = S_END_CLASS
                    st[G_END_PLAYER] = 0
                    return
                st[G_LIMIT_BREACH] = 1  # record any breach left for the tests
    st[G_END_REPEAT] = 0
    end_effects(st, True)  # "until end of fight" outside a fight ends too (ruling 19)
    for p in range(st[G_PLAYERS]):
        st[ROW_SEAT + p, P_DISC_RECRUIT] = 0
        st[ROW_SEAT + p, P_DISC_SCHEME] = 0
        st[ROW_SEAT + p, P_HELPED] = 0
    st[G_STEP] = S_END_TRIGGERS


@njit
def end_triggers(st, tb):
    fire_class(st, tb, st[G_ACTIVE], ON_END_OF_TURN)
    st[G_STEP] = S_NEXT_TURN


@njit
def next_turn(st):
    """Pass the turn to the next player in turn order still in the game."""
    active = st[G_ACTIVE]
    nxt = next_seat(st, active)
    if nxt <= active:
        st[G_ROUND] += 1
    if st[G_TURN] >= st[G_MAX_TURNS]:
        stall(st)
        return
    st[G_TURN] += 1
    st[G_ACTIVE] = nxt
    st[G_ACTIONS] = 0
    st[ROW_SEAT + nxt, P_TURNS_TAKEN] += 1
    st[G_STEP] = S_START_WINCON
