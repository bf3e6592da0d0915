"""Names for the integers of the game state: zones, flow steps, decisions, actions, results.

The state is one int64 2-D array (regions of rows below); its scalars are the G_* constants,
each a (row, column) of its first rows. A state is nothing but a fixed-shape array: cheap to
copy, easy to hash, the same compiled or not.
"""

from __future__ import annotations

from avarium.simulator.constants import MAX_PLAYERS, REASON_NAMES

# -- zones (rulebook section 3) ---------------------------------------------------------------
Z_BOX = 0  # not in this game (an Idol nobody picked)
Z_SCHOOL = 1  # the common Student deck, face down
Z_COURTYARD = 2  # face up, recruitable
Z_HALLWAY = 3  # recruited this turn, joins the Class in the End Phase
Z_CLASS = 4  # a player's Class (Idols start here)
Z_EXPEL = 5  # the common Expel Pile
Z_LIBRARY = 6  # the common Scheme deck, face down
Z_HAND = 7  # a player's hand of Schemes
Z_TRASH = 8  # the common Trash Pile
Z_STACK = 9  # a Scheme played and waiting to resolve
Z_OUT = 10  # the Idol of an expelled player
N_ZONES = 11
ZONE_NAMES = (
    "box",
    "school",
    "courtyard",
    "hallway",
    "class",
    "expel pile",
    "library",
    "hand",
    "trash",
    "stack",
    "out",
)

# -- sizes ------------------------------------------------------------------------------------
MAX_EFFECTS = 8  # effects in one ability (the card checker enforces it)
MAX_STACK = 64  # effects waiting to resolve
MAX_TRIGGERS = 64  # triggered abilities waiting to go on the stack

# -- columns of the card rows, st[ROW_CARD + c, C_*] ---------------------------------------------
(
    C_DEF,  # definition index in the card tables (fixed for a card set)
    C_ZONE,  # Z_* zone
    C_OWNER,  # seat controlling it (Class, Hallway, hand, stack), -1 otherwise
    C_EXHAUSTED,  # 1 if turned sideways
    C_TOKEN,  # 1 if it carries an Attack Token
    C_MC_TURN,  # Combat change until end of turn
    C_MD_TURN,  # Defense change until end of turn
    C_MC_FIGHT,  # Combat change until end of fight
    C_MD_FIGHT,  # Defense change until end of fight
    C_MC_PERM,  # Combat change while it stays where it is
    C_MD_PERM,  # Defense change while it stays where it is
    C_SHIELD_TURN,  # damage still prevented this turn
    C_SHIELD_FIGHT,  # damage still prevented this fight
    C_SHIELD_PERM,  # damage still prevented while it stays where it is
    C_USED,  # bit k set: its ability k was used this turn ("once per turn")
    C_ROLE,  # ROLE_* in the current fight
    C_FDMG,  # fight damage assigned to it in the current fight
    C_SCHOOL,  # card rows also hold the School's ring buffer: st[ROW_CARD + i, C_SCHOOL]
    C_LIBRARY,  # and the Library's: st[ROW_CARD + i, C_LIBRARY]
    # Card lists kept up to date by zones.move, so kernels scan the few cards that matter
    # instead of every card: each seat's cards (hand, Hallway, Class, stack) and the Courtyard.
    C_LISTPOS,  # the card's position in its seat's list (or in the Courtyard's), -1 if none
) = range(20)
C_OWNED = C_LISTPOS + 1  # st[ROW_CARD + i, C_OWNED + p]: i-th card of seat p (P_N_OWNED of them)
C_YARD = C_OWNED + MAX_PLAYERS  # st[ROW_CARD + i, C_YARD]: i-th card of the Courtyard (G_YARD_N)
# Scratch columns for kernels that need a list for a moment (the engine allocates nothing while
# it plays, so no kernel needs numba's reference counting; see _jit.py).
C_SCR_A = C_YARD + 1
C_SCR_B = C_SCR_A + 1
C_SCR_C = C_SCR_B + 1
# What each seat saw and took, for per-card analysis (never read by the rules): bit p set when
# seat p was offered the card (a Student in the Courtyard on p's turn, a Scheme drawn), bit
# SEEN_TAKEN + p when p took it (recruited the Student, played the Scheme).
C_SEEN = C_SCR_C + 1
SEEN_TAKEN = MAX_PLAYERS
# What a card can do that the kernels count per seat, set when a game is dealt: its static
# abilities (bit STATIC_MOD: a Combat/Defense change, bit STATIC_DISC: a cost reduction) and
# when it could be played at instant speed: four bits from INSTANT_HAND_SHIFT for a Surprise
# (played from hand), four from INSTANT_CLASS_SHIFT for activated abilities (used from a
# Class), bit k set when its restrictions allow it in timing context k = 2 * (its controller's
# own turn) + (a fight before its Fight! step). move() counts them per seat (P_N_STATIC_*,
# P_N_INSTANT + k), so the kernels that sum statics skip the Classes that have none, and a
# priority window passes over a seat with nothing it could play now without looking at its
# cards. A Class card counts only while one of its activated abilities could still be used:
# not when every one of them costs exhausting it (bit CLASS_NEEDS_READY) and it is exhausted,
# nor when every one is once per turn (bit CLASS_ONCE) and each has been used (C_USED covers
# the ability slots from ACTIVATED_SLOTS_SHIFT); zones.set_exhausted and set_used keep the
# counts when those change (zones.class_live). Bit HAND_SCHEME marks an ordinary Scheme with an
# effect, counted in hand (P_N_HAND_SCHEMES: its player's own Plan Phase is the only time).
C_TRAITS = C_SEEN + 1
STATIC_MOD = 1
STATIC_DISC = 2
INSTANT_HAND_SHIFT = 2
INSTANT_CLASS_SHIFT = 6
HAND_SCHEME = 1 << 10
CLASS_NEEDS_READY = 1 << 11
CLASS_ONCE = 1 << 12
STUDENT_CARD = 1 << 13  # a Student: counted in its seat's Class (P_N_CLASS_STUDENTS)
ACTIVATED_SLOTS_SHIFT = 16  # sixteen bits, one an ability (cards.loader.MAX_ABILITIES)
# In the state's traits only (the card tables' 32 bits are full), added when a game is dealt so
# that zones.move keeps the seats' figures without the tables: from bit 32 the events the card
# has triggered abilities for (tables' T_TRIGGERS, a bit per Trigger: P_CLASS_TRIGGERS), from
# bit 48 a Student's printed cost (0 to 20, cards/schema.py: P_BEST_PAYER).
TRIGGERS_SHIFT = 32
TRIGGERS_MASK = 0xFFFF
STUDENT_COST_SHIFT = 48
W = C_TRAITS + 1  # columns of the state array (every region of rows uses the same width)

# -- columns of the seat rows, st[ROW_SEAT + p, P_*] ---------------------------------------------
(
    P_MERIT,
    P_REP,  # Reputation
    P_ALIVE,  # 1 while in the game (not expelled at 0 Merit)
    P_IDOL,  # instance of the seat's Idol
    P_TURNS_TAKEN,  # turns this seat has started (0 before its first turn)
    P_N_EXPELLED,  # enemy Students this seat has expelled
    P_N_RECRUITED,  # Students this seat has recruited
    P_N_SCHEMES,  # Schemes this seat has played
    P_N_FIGHTS,  # fights this seat has declared
    P_DISC_RECRUIT,  # recruit cost reduction until end of turn
    P_DISC_SCHEME,  # Scheme cost reduction until end of turn
    P_HELPED,  # 1 if the seat already sent a helper this turn
    P_PLACE,  # order in which the seat was expelled (1 = first), 0 while alive
    P_BONUS,  # starting Reputation bonus of the seat
    P_N_OWNED,  # cards the seat controls (hand, Hallway, Class, stack): its list in C_OWNED + p
    P_SCR,  # scratch: a list of seats for a moment (effects.players_of)
    P_N_STATIC_MOD,  # cards in the seat's Class with a static Combat/Defense change (C_TRAITS)
    P_N_STATIC_DISC,  # cards in the seat's Class with a static cost reduction
    # P_N_INSTANT + k (k = a timing context, see C_TRAITS): the seat's Surprises in hand and
    # Class cards with an activated ability whose restrictions allow playing it in that context.
    P_N_INSTANT,
) = range(19)
P_N_HAND_SCHEMES = P_N_INSTANT + 4  # ordinary Schemes with an effect in the seat's hand
# The seat's hand size and its Students in Class, kept by zones.move (each was a scan of the
# seat's cards at every Win-Con clause, condition, trash cost and End Phase limit that reads it)
P_N_HAND = P_N_HAND_SCHEMES + 1
P_N_CLASS_STUDENTS = P_N_HAND + 1
# What the seat's first turn leaves out or adds (FIRST_* bits), set at the deal from the seat
# levers among the rules options; 0, the rulebook's first turn, keeps every stored state hash.
P_FIRST_TURN = P_N_CLASS_STUDENTS + 1
# 1 + the highest printed cost among the seat's ready Students in its Class (0: none), kept by
# zones.move and zones.set_exhausted: the Schemes a Student could pay for by exhausting itself
# (playable.best_payer), asked at every listing of a seat's Schemes, read instead of a scan.
P_BEST_PAYER = P_FIRST_TURN + 1
# The events some card in the seat's Class has a triggered ability for (bit k: Trigger k), kept
# by zones.move: triggers.fire_class passes over a Class with none for its event unlooked at.
P_CLASS_TRIGGERS = P_BEST_PAYER + 1
N_SEAT_COLUMNS = P_CLASS_TRIGGERS + 1
FIRST_NO_DRAW = 1  # Start Phase step 4 draws nothing
FIRST_NO_RECRUIT = 2  # the Plan Phase offers no recruit
FIRST_EXTRA_DRAW = 4  # Start Phase step 4 draws one Scheme more

# -- columns of the effect stack st.stack[i, K_*] and the trigger queue st.trig[t, TR_*] ----------
K_KIND = 0  # DECL_* of the item
K_CARD = 1  # source card (the Scheme itself for a Scheme)
K_AB = 2  # ability index in the card tables
K_PLAYER = 3  # controller
K_CANCEL = 4  # 1 if cancelled
N_STACK_COLUMNS = 5
TR_CARD = 0
TR_AB = 1
TR_PLAYER = 2
N_TRIG_COLUMNS = 3

# -- the state array: one int64 2-D array, regions of rows -----------------------------------------
# Numba passes every array separately into every compiled call (measured: about 7 ns per array
# per call), so the whole state is one array and the whole card table another; regions of rows
# and named columns keep it readable: st[ROW_CARD + c, C_ZONE] is the zone of card c.
K_TARGET = N_STACK_COLUMNS  # stack rows hold their targets in K_TARGET .. + MAX_EFFECTS - 1
G_ROWS = 2  # rows holding the scalar fields g (G_* below; N_G of them, W to a row)
# The members of the current fight, in card order: st[ROW_MEMBERS, k] for k < G_F_N, so the
# fight's kernels look at its few cards instead of every card (a card that leaves its Class
# loses its role, so a kernel still checks the role of each member it reads).
ROW_MEMBERS = G_ROWS
MAX_MEMBERS = 2 + 2 + (MAX_PLAYERS - 2)  # two leaders, two supporters, one helper per other seat
# Two rows are kept for the members although one holds MAX_MEMBERS: every row below keeps the
# number it has always had, and so every stored state hash (transcripts, parity) stays valid.
ROW_SEAT = ROW_MEMBERS + 2  # MAX_PLAYERS rows, one per seat (P_* columns)
ROW_STACK = ROW_SEAT + MAX_PLAYERS  # MAX_STACK rows, the effect stack (K_* columns)
ROW_TRIG = ROW_STACK + MAX_STACK  # MAX_TRIGGERS rows, triggered abilities waiting (TR_* columns)
ROW_DECL = ROW_TRIG + MAX_TRIGGERS  # one row: targets of the declaration being built
ROW_CARD = ROW_DECL + 1  # one row per card instance (C_* columns)


def _g(i: int) -> tuple[int, int]:
    """Row and column of scalar field i (the state's first rows hold them W to a row)."""
    return (i // W, i % W)


# -- g: the scalar fields of a state, st[G_*] -------------------------------------------------
G_PLAYERS = _g(0)  # number of players, 2-4; seat 0 goes first and turn order follows the seats
G_TURN = _g(1)  # turns started so far in the game (1 on the first turn)
G_ACTIVE = _g(2)  # seat of the active player
G_STEP = _g(3)  # S_*: what the flow does next when no decision, trigger, window or stack is pending
G_DEC = _g(4)  # D_*: the decision waiting for an answer, D_NONE if none
G_DEC_PLAYER = _g(5)  # who must answer it
G_DEC_LEFT = _g(6)  # how many more times the same decision is asked (class limit, trash, damage)
G_WINDOW = _g(7)  # 1 while a priority window is open
G_PRIO = _g(8)  # seat holding priority in the open window
G_PASSES = _g(9)  # consecutive passes in the window; it closes when every player passed
G_STACK_N = _g(10)  # items on the effect stack
G_TRIG_N = _g(11)  # triggered abilities waiting to be put on the stack
G_RES_EFF = _g(12)  # effect index being resolved in the top stack item (-1: not started)
G_RES_SUB = _g(13)  # progress inside that effect (players asked so far)
G_DECL = _g(14)  # DECL_*: what is being declared (a Scheme, an ability, a trigger), or 0
G_DECL_CARD = _g(15)  # the Scheme or the card whose ability is declared
G_DECL_AB = _g(16)  # the ability's index in the card tables
G_DECL_PLAYER = _g(17)  # its controller
G_DECL_PAYER = _g(18)  # the Student exhausted to pay for a Scheme, or -1 (paid with Reputation)
G_DECL_EFF = _g(19)  # next effect whose target must be chosen
G_DECL_TRASH = _g(20)  # Schemes still to trash as a cost
G_DECL_TRIG = _g(21)  # index of the pending trigger being declared, or -1
G_FIGHT = _g(22)  # 1 while a fight is going on
G_F_ATT = _g(23)  # attacking player
G_F_DEF = _g(24)  # defending player
G_F_ATT_LEADER = _g(25)
G_F_DEF_LEADER = _g(26)
G_F_HELPER = _g(27)  # next seat asked for a Battle Royale helper
G_F_N = _g(28)  # members of the current fight (their cards in row ROW_MEMBERS)
G_F_SPLIT_SIDE = _g(29)  # the party being hit by the split: 1 attackers, 2 defenders
G_END_PLAYER = _g(30)  # seat whose class/hand limit is being enforced
G_SCHOOL_HEAD = _g(31)  # ring buffer of the School: first card index
G_SCHOOL_N = _g(32)  # cards in the School
G_LIB_HEAD = _g(33)
G_LIB_N = _g(34)
G_DONE = _g(35)  # 1 when the game is over
G_WINNER = _g(36)  # winning seat, -1 for none (stalled, draw)
G_REASON = _g(37)  # R_*: how the game ended
G_ACTIONS = _g(38)  # actions taken this turn (for the safety cap)
G_END_REPEAT = _g(39)  # times this End Phase went back to step 2 (ruling 11), at most a few
G_MAX_TURNS = _g(40)  # safety cap: turns in a game
G_MAX_ACTIONS = _g(41)  # safety cap: actions in one turn
G_OPT_SCHOOL = _g(42)  # rules option: 0 School runs out at a refill it cannot make, 1 when emptied
G_OPT_TIE = _g(43)  # rules option: 0 simultaneous last expulsions go to turn order, 1 a draw
G_OPT_SPLIT = _g(44)  # rules option: 0 the dealing player divides damage, 1 automatic
G_N_CARDS = _g(45)  # card instances in the state
G_AB_SLOTS = _g(46)  # activated-ability slots per card in the action space
G_ELIMINATED = _g(47)  # players expelled so far (their placement order)
G_ROUND = _g(48)  # rounds started (a round is each alive player's turn once)
G_LAST_ACTOR = _g(49)  # seat that last declared something in the open window
G_SCHOOL_EMPTY = _g(50)  # 1 once a refill found the School empty
G_TRIG_PUSHED = _g(51)  # 1 once a trigger went on the stack since the last window opened
G_F_LEFT_ATT = _g(52)  # attackers' damage left for the defending party after its leader
G_F_LEFT_DEF = _g(53)  # defenders' damage left for the attacking party after its leader
G_STRAY_EFFECTS = _g(54)  # 1 once a turn or fight effect was put on a card no seat controls
G_RNG = _g(55)  # xorshift32 state of the deal (shuffles, random choices)
G_SCHOOL_CAP = _g(56)  # size of the School's ring buffer (Students in the set)
G_LIB_CAP = _g(57)  # size of the Library's ring buffer (Schemes in the set)
G_LIMIT_BREACH = _g(58)  # set if a Class or hand was over 5 when an End Phase finished
G_YARD_N = _g(59)  # cards in the Courtyard (its list is column C_YARD of the card rows)
N_G = 60
# An End Phase goes back to its limits at most this many times; a card set whose abilities keep
# bringing cards back (an "on expelled" ability that returns the card) cannot loop for ever.
MAX_END_REPEATS = 8

# -- flow steps (rulebook section 4 and section 7) -------------------------------------------------
S_START_WINCON = 1  # Start Phase step 1
S_START_READY = 2  # step 2
S_START_REP = 3  # step 3
S_START_DRAW = 4  # step 4
S_START_TRIGGERS = 5  # "on start of turn" abilities
S_PLAN = 6  # the Plan Phase: the active player's next action
S_FIGHT_SUPPORT_ATT = 7  # Party Up!: the attacker's supporter
S_FIGHT_SUPPORT_DEF = 8  # Party Up!: the defender's supporter
S_FIGHT_HELPERS = 9  # Battle Royale helpers
S_FIGHT_WINDOW = 10  # the last window before damage
S_FIGHT_DAMAGE = 11  # Fight!: assign damage
S_FIGHT_APPLY = 12  # Fight!: expel & exhaust, clean up
S_END_HALLWAY = 13  # End Phase step 1
S_END_CLASS = 14  # step 2
S_END_HAND = 15  # step 3
S_END_CLEANUP = 16  # step 4
S_END_TRIGGERS = 17  # "on end of turn" abilities
S_NEXT_TURN = 18
S_FIGHT_SPLIT_DEF = 19  # dividing the attackers' damage among the defending party
S_FIGHT_SPLIT_ATT = 20  # dividing the defenders' damage among the attacking party

# -- decisions ----------------------------------------------------------------------------------
D_NONE = 0
D_MAIN = 1  # Plan Phase: recruit, Scheme, ability, fight, end turn
D_PRIORITY = 2  # a priority window: a Surprise, an ability (or an own Scheme in a fight), or pass
D_PAYER = 3  # which Student to exhaust to pay for a Scheme
D_TRASH_COST = 4  # which Scheme to trash as a cost
D_TARGET = 5  # the target card of an effect
D_TARGET_PLAYER = 6  # the target enemy of an effect
D_FIGHT_TARGET = 7  # what the attacking leader attacks
D_SUPPORT_ATT = 8  # the attacker's supporter, or pass
D_SUPPORT_DEF = 9  # the defender's supporter, or pass
D_HELPER = 10  # a Battle Royale helper for either party, or pass
D_DAMAGE = 11  # one point of damage to a party member (after the leader is expelled)
D_CLASS_LIMIT = 12  # a Student to expel down to 5
D_HAND_LIMIT = 13  # a Scheme to trash down to 5
D_TRIGGER_ORDER = 14  # which of your simultaneous triggers goes on the stack next
D_EFFECT_TRASH = 15  # a Scheme to trash because an effect says so
DECISION_NAMES = (
    "none",
    "plan",
    "priority",
    "payer",
    "trash cost",
    "target",
    "target player",
    "fight target",
    "attacker's support",
    "defender's support",
    "helper",
    "damage",
    "class limit",
    "hand limit",
    "trigger order",
    "trash",
)

# -- what is being declared ---------------------------------------------------------------------
DECL_NONE = 0
DECL_SCHEME = 1
DECL_ABILITY = 2
DECL_TRIGGER = 3

# -- fight roles (per card) ------------------------------------------------------------------------
ROLE_NONE = 0
ROLE_ATTACK = 1
ROLE_DEFEND = 2

# -- how a game ended (constants.REASON_NAMES says each in words) -------------------------------
R_NONE = REASON_NAMES.index("none")
R_WINCON = REASON_NAMES.index("wincon")
R_LAST_STANDING = REASON_NAMES.index("last standing")
R_SCHOOL_OUT = REASON_NAMES.index("school out")
R_SCHOOL_OUT_TIE = REASON_NAMES.index("school out (tie)")
R_STALLED = REASON_NAMES.index("stalled")
R_DRAW = REASON_NAMES.index("draw")

# -- actions: flat integers (see action_offsets) ---------------------------------------------------
A_PASS = 0  # pass priority, or decline an optional choice
A_END_TURN = 1
A_START = -1  # not a player's action: step(A_START) runs a game just dealt to its first decision


# After pass and end turn, one range of one action per card for each of these, in this order
# (legal.off_* give each range's first id in compiled code, from these same constants):
CARD_RANGES = ("recruit", "scheme_rep", "scheme_exhaust", "fight", "choose", "help_defend")
A_CARD_RANGES = 2  # the first id of the first card range
(
    RANGE_RECRUIT,  # recruit card c from the Courtyard
    RANGE_SCHEME_REP,  # play Scheme c paying Reputation
    RANGE_SCHEME_EXHAUST,  # play Scheme c by exhausting a Student (chosen next)
    RANGE_FIGHT,  # declare a fight led by card c
    RANGE_CHOOSE,  # choose card c for the pending decision
    RANGE_HELP_DEFEND,  # send card c to help the defending party
) = range(len(CARD_RANGES))
N_CARD_RANGES = len(CARD_RANGES)
# Then one action per seat (choose player p), one per pending trigger (put trigger t on the
# stack next) and one per card and ability slot (activate ability k of card c).


def action_offsets(n_cards: int, ab_slots: int) -> dict[str, int]:
    """The first action id of each range; each range has one action per card (or slot)."""
    out = {name: A_CARD_RANGES + k * n_cards for k, name in enumerate(CARD_RANGES)}
    out["player"] = A_CARD_RANGES + len(CARD_RANGES) * n_cards
    out["trigger"] = out["player"] + MAX_PLAYERS
    out["activate"] = out["trigger"] + MAX_TRIGGERS
    out["total"] = out["activate"] + n_cards * ab_slots
    return out
