"""The names of a bot profile's numbers, in the order the compiled bots read them.

A profile (strategies/profiles.toml) gives each name a number; `strategies.profiles` checks the
file and turns a profile into a float64 vector indexed by the W_* constants below, which the
compiled heuristic, lookahead and MCTS bots read.
"""

WEIGHTS: dict[str, str] = {
    # -- how a position is valued (the lookahead bot scores positions with these alone) --
    "merit": "value of one point of Merit",
    "danger": "extra cost of each point of Merit below 10 (the risk of being expelled)",
    "reputation": "value of one unspent point of Reputation",
    "hand": "value of one Scheme in hand",
    "board": "value of one point of Combat or Defense among the Students in a Class",
    "class_size": "value of each Student in a Class",
    "wincon": "value of going all the way to the Idol's Win-Con (progress 0..1)",
    "threat": "how much an enemy's progress to its Win-Con counts against us (times wincon)",
    # -- how actions are valued by the heuristic bot --
    "recruit": "bonus for recruiting a Student at all",
    "spend": "cost of each point of Reputation spent",
    "scheme": "bonus for playing a Scheme at all",
    "exhaust_pay": "cost of exhausting a Student to pay for a Scheme instead of Reputation",
    "ability": "multiplier on the estimated value of an ability or Scheme effect",
    "fight": "bonus for declaring a fight at all",
    "expel_gain": "value of expelling an enemy Student (times its worth)",
    "risk": "cost of losing one's own fighter (times its worth)",
    "idol_damage": "value of each point of damage dealt to an enemy Idol",
    "support": "value of each point of Combat sent to support a fight",
    "hold_surprise": "share of a Surprise's value it is worth playing outside a fight or answer",
    # -- how the heuristic answers threats (0 in the hand-set profiles: they play as before) --
    "race": "a fight's gain against an enemy counts (1 + race * its Win-Con progress) times",
    "menace": "value of each point of enemy Combat a fight takes out (expelled, or Merit lost)",
    "guard": "value of each point of Combat sent to defend, times the attacker's progress + 1",
    "keep_ready": "cost of exhausting an own card needlessly, per point of enemy strike / 4",
    # -- the lookahead bot's budget --
    "playouts": "lookahead: playouts per candidate action (the budget)",
    "horizon": "lookahead: turns each playout looks ahead before the position is scored",
    # -- the MCTS bot's search (its playouts and evaluation read the weights above) --
    "iterations": "mcts: search iterations per decision (the budget)",
    "exploration": "mcts: UCB exploration constant (values are in 0..1)",
    "mcts_horizon": "mcts: turns after the decision's each evaluation plays on before scoring",
    "value_scale": "mcts: the change of position value squashed to 73% (a logistic's scale)",
    "crn": "mcts: 1 to play the j-th visit of every root action on the same deal",
    "widening": "mcts: a node walked n times has at most widening * sqrt(n) children (0: all)",
    # -- a learned evaluation (strategies/value_model.py; written by `avarium train`) --
    "value_model": "mcts: 1 to score positions by the learned value below, 0 by value_scale",
}
# The learned value's coefficients, one set per player count: seat q's score is the sum of
# v<n>_<feature> times q's feature, and its value the softmax of the living seats' scores (its
# chance to win, fitted by `avarium train` from the outcomes of self-play games).
VALUE_FEATURES: dict[str, str] = {
    "merit": "Merit",
    "danger": "Merit below 10 (10 - Merit, 0 at 10 or more)",
    "reputation": "unspent Reputation",
    "hand": "cards in hand",
    "class_size": "Students in Class and Hallway",
    "board": "Combat plus Defense of those Students",
    "wincon": "Win-Con progress squared (0..1)",
    "progress": "Win-Con progress (0..1)",
    "active": "1 for the seat whose turn it is",
}
VALUE_PLAYERS = (2, 3, 4)
for _n in VALUE_PLAYERS:
    for _f, _what in VALUE_FEATURES.items():
        WEIGHTS[f"v{_n}_{_f}"] = f"learned value at {_n} players: coefficient of {_what}"
N_VALUE_FEATURES = len(VALUE_FEATURES)
# -- whom the heuristic attacks (a word in a profile: strategies/profiles.py TARGETING) --
WEIGHTS["targeting"] = "whom fights and harm aim at: the fitted weights (0), or the leader (1)"
NAMES = tuple(WEIGHTS)
N_WEIGHTS = len(NAMES)
# Weights added after runs began recording their bots' weight fingerprint: a profile that leaves
# them at 0 plays as before, so its fingerprint leaves them out and a run started before them
# still resumes (runner/experiment_file.py).
# Each group is left out when all of it is 0, so a fingerprint taken before a group existed
# stays the same.
ADDED_LATER_GROUPS = (
    ("race", "menace", "guard", "keep_ready"),
    NAMES[NAMES.index("value_model") : NAMES.index("targeting")],
    ("targeting",),
)
ADDED_LATER = tuple(name for group in ADDED_LATER_GROUPS for name in group)
(
    W_MERIT,
    W_DANGER,
    W_REPUTATION,
    W_HAND,
    W_BOARD,
    W_CLASS_SIZE,
    W_WINCON,
    W_THREAT,
    W_RECRUIT,
    W_SPEND,
    W_SCHEME,
    W_EXHAUST_PAY,
    W_ABILITY,
    W_FIGHT,
    W_EXPEL_GAIN,
    W_RISK,
    W_IDOL_DAMAGE,
    W_SUPPORT,
    W_HOLD_SURPRISE,
    W_RACE,
    W_MENACE,
    W_GUARD,
    W_KEEP_READY,
    W_PLAYOUTS,
    W_HORIZON,
    W_ITERATIONS,
    W_EXPLORATION,
    W_MCTS_HORIZON,
    W_VALUE_SCALE,
    W_CRN,
    W_WIDENING,
    W_VALUE_MODEL,
) = range(NAMES.index("value_model") + 1)
# v<n>_<feature> is at W_VALUE + (n - 2) * N_VALUE_FEATURES + the feature's place
W_VALUE = W_VALUE_MODEL + 1
W_TARGETING = NAMES.index("targeting")

# Bot kinds as the compiled drivers know them.
KIND_RANDOM = 0
KIND_HEURISTIC = 1
KIND_LOOKAHEAD = 2
KIND_MCTS = 3
