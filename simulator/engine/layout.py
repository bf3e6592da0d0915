"""Names for the integers of the game state: zones, flow steps, decisions, actions, results.

The state's scalars live in one int32 array `g`, indexed by the G_* constants below, so a state
is nothing but fixed-shape arrays (cheap to copy, easy to hash, the same compiled or not).
"""

from __future__ import annotations

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
MAX_PLAYERS = 4

# -- g: the scalar fields of a state ------------------------------------------------------------
G_PLAYERS = 0  # number of players, 2-4; seat 0 goes first and turn order follows the seats
G_TURN = 1  # turns started so far in the game (1 on the first turn)
G_ACTIVE = 2  # seat of the active player
G_STEP = 3  # S_*: what the flow does next when no decision, trigger, window or stack is pending
G_DEC = 4  # D_*: the decision waiting for an answer, D_NONE if none
G_DEC_PLAYER = 5  # who must answer it
G_DEC_LEFT = 6  # how many more times the same decision is asked (class limit, trash, damage)
G_WINDOW = 7  # 1 while a priority window is open
G_PRIO = 8  # seat holding priority in the open window
G_PASSES = 9  # consecutive passes in the window; it closes when every player passed
G_STACK_N = 10  # items on the effect stack
G_TRIG_N = 11  # triggered abilities waiting to be put on the stack
G_RES_EFF = 12  # effect index being resolved in the top stack item (-1: not started)
G_RES_SUB = 13  # progress inside that effect (players asked so far)
G_DECL = 14  # DECL_*: what is being declared (a Scheme, an ability, a trigger), or 0
G_DECL_CARD = 15  # the Scheme or the card whose ability is declared
G_DECL_AB = 16  # the ability's index in the card tables
G_DECL_PLAYER = 17  # its controller
G_DECL_PAYER = 18  # the Student exhausted to pay for a Scheme, or -1 (paid with Reputation)
G_DECL_EFF = 19  # next effect whose target must be chosen
G_DECL_TRASH = 20  # Schemes still to trash as a cost
G_DECL_TRIG = 21  # index of the pending trigger being declared, or -1
G_FIGHT = 22  # 1 while a fight is going on
G_F_ATT = 23  # attacking player
G_F_DEF = 24  # defending player
G_F_ATT_LEADER = 25
G_F_DEF_LEADER = 26
G_F_HELPER = 27  # next seat asked for a Battle Royale helper
G_F_SPLIT = 28  # damage still to divide among the party being hit
G_F_SPLIT_SIDE = 29  # the party being hit by the split: 1 attackers, 2 defenders
G_END_PLAYER = 30  # seat whose class/hand limit is being enforced
G_SCHOOL_HEAD = 31  # ring buffer of the School: first card index
G_SCHOOL_N = 32  # cards in the School
G_LIB_HEAD = 33
G_LIB_N = 34
G_DONE = 35  # 1 when the game is over
G_WINNER = 36  # winning seat, -1 for none (stalled, draw)
G_REASON = 37  # R_*: how the game ended
G_ACTIONS = 38  # actions taken this turn (for the safety cap)
G_DECISIONS = 39  # decisions with two or more legal actions so far
G_MAX_TURNS = 40  # safety cap: turns in a game
G_MAX_ACTIONS = 41  # safety cap: actions in one turn
G_OPT_SCHOOL = 42  # rules option: 0 School runs out at a refill it cannot make, 1 when emptied
G_OPT_TIE = 43  # rules option: 0 simultaneous last expulsions go to turn order, 1 a draw
G_OPT_SPLIT = 44  # rules option: 0 the dealing player divides damage, 1 automatic
G_N_CARDS = 45  # card instances in the state
G_AB_SLOTS = 46  # activated-ability slots per card in the action space
G_ELIMINATED = 47  # players expelled so far (their placement order)
G_ROUND = 48  # rounds started (a round is each alive player's turn once)
G_LAST_ACTOR = 49  # seat that last declared something in the open window
G_SCHOOL_EMPTY = 50  # 1 once a refill found the School empty
NG = 64

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
STEP_NAMES = {
    1: "start: win-con check",
    2: "start: ready",
    3: "start: gain reputation",
    4: "start: draw",
    5: "start: triggers",
    6: "plan",
    7: "fight: attacker's support",
    8: "fight: defender's support",
    9: "fight: helpers",
    10: "fight: last window",
    11: "fight: damage",
    12: "fight: expel",
    13: "end: hallway",
    14: "end: class limit",
    15: "end: hand limit",
    16: "end: clean up",
    17: "end: triggers",
    18: "next turn",
    19: "fight: split damage",
    20: "fight: split damage",
}

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

# -- how a game ended ------------------------------------------------------------------------------
R_NONE = 0
R_WINCON = 1  # the winner's Idol Win-Con was met
R_LAST_STANDING = 2  # every other player was expelled at 0 Merit
R_SCHOOL_OUT = 3  # the School ran out; the winner had the most Merit
R_SCHOOL_OUT_TIE = 4  # the School ran out with a tie for most Merit, broken by turn order
R_STALLED = 5  # a safety cap ended the game; nobody won
R_DRAW = 6  # every remaining player was expelled at once and the draw option is on
REASON_NAMES = (
    "none",
    "wincon",
    "last standing",
    "school out",
    "school out (tie)",
    "stalled",
    "draw",
)

# -- actions: flat integers (see action_offsets) ---------------------------------------------------
A_PASS = 0  # pass priority, or decline an optional choice
A_END_TURN = 1


def action_offsets(n_cards: int, ab_slots: int) -> dict[str, int]:
    """The first action id of each range; each range has one action per card (or slot)."""
    recruit = 2
    scheme_rep = recruit + n_cards
    scheme_exhaust = scheme_rep + n_cards
    fight = scheme_exhaust + n_cards
    choose = fight + n_cards
    help_defend = choose + n_cards
    player = help_defend + n_cards
    trigger = player + MAX_PLAYERS
    activate = trigger + MAX_TRIGGERS
    total = activate + n_cards * ab_slots
    return {
        "recruit": recruit,
        "scheme_rep": scheme_rep,
        "scheme_exhaust": scheme_exhaust,
        "fight": fight,
        "choose": choose,
        "help_defend": help_defend,
        "player": player,
        "trigger": trigger,
        "activate": activate,
        "total": total,
    }
