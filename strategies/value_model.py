"""The learned evaluation, compiled: each seat's features of a position, and the log of every
seat's chance to win read from them.

A seat's score is a weighted sum of its features (strategies/weights.py's VALUE_FEATURES: what
features.side_value reads, plus the Win-Con progress itself and whose turn it is), with one set of
coefficients per player count (the weights v<n>_<feature>); its chance to win is the softmax of
the living seats' scores, a conditional logit: the model `avarium train` fits to who won the
self-play games the positions were taken from. The search counts the log of that chance from its
value at the decision, as it counts the hand-weighted value (strategies/mcts.py).
"""

import math

from avarium.simulator.constants import CardKind
from avarium.simulator.engine.surface import (
    C_DEF,
    C_OWNED,
    C_ZONE,
    G_ACTIVE,
    G_PLAYERS,
    P_ALIVE,
    P_MERIT,
    P_N_OWNED,
    P_REP,
    ROW_CARD,
    ROW_SEAT,
    T_KIND,
    Z_CLASS,
    Z_HALLWAY,
    fighting_stats,
    hand_size,
    njit,
)
from avarium.strategies.features import no_change, wincon_progress
from avarium.strategies.weights import N_VALUE_FEATURES, VALUE_PLAYERS, W_VALUE

_STUDENT = CardKind.STUDENT
# The features' places, in VALUE_FEATURES' order.
F_MERIT, F_DANGER, F_REPUTATION, F_HAND, F_CLASS_SIZE, F_BOARD, F_WINCON, F_PROGRESS, F_ACTIVE = (
    range(N_VALUE_FEATURES)
)
FIRST_PLAYERS = VALUE_PLAYERS[0]


@njit
def seat_features(st, tb, p, deltas, out):
    """Seat p's features into out[:N_VALUE_FEATURES] (what p's own player can see of it)."""
    merit = st[ROW_SEAT + p, P_MERIT]
    out[F_MERIT] = merit
    out[F_DANGER] = 10 - merit if merit < 10 else 0
    out[F_REPUTATION] = st[ROW_SEAT + p, P_REP]
    out[F_HAND] = hand_size(st, p)
    size = 0
    board = 0
    for i in range(st[ROW_SEAT + p, P_N_OWNED]):
        c = st[ROW_CARD + i, C_OWNED + p]
        z = st[ROW_CARD + c, C_ZONE]
        if (z == Z_CLASS or z == Z_HALLWAY) and tb[st[ROW_CARD + c, C_DEF], T_KIND] == _STUDENT:
            combat, defense = fighting_stats(st, tb, c)
            size += 1
            board += combat + defense
    out[F_CLASS_SIZE] = size
    out[F_BOARD] = board
    no_change(deltas)
    progress = wincon_progress(st, tb, p, deltas, -1)
    out[F_WINCON] = progress * progress
    out[F_PROGRESS] = progress
    out[F_ACTIVE] = 1.0 if st[G_ACTIVE] == p else 0.0


@njit
def log_chances(st, tb, w, deltas, out, features):
    """The log of every living seat's chance to win by the learned model, into out[q] (seats that
    are out are left alone); features: N_VALUE_FEATURES floats of scratch."""
    n = st[G_PLAYERS]
    at = W_VALUE + (n - FIRST_PLAYERS) * N_VALUE_FEATURES
    best = -1e300
    for q in range(n):
        if st[ROW_SEAT + q, P_ALIVE] == 0:
            continue
        seat_features(st, tb, q, deltas, features)
        score = 0.0
        for f in range(N_VALUE_FEATURES):
            score += w[at + f] * features[f]
        out[q] = score
        if score > best:
            best = score
    total = 0.0
    for q in range(n):
        if st[ROW_SEAT + q, P_ALIVE] != 0:
            total += math.exp(out[q] - best)  # less the best: no overflow
    log_total = best + math.log(total)
    for q in range(n):
        if st[ROW_SEAT + q, P_ALIVE] != 0:
            out[q] -= log_total


@njit
def has_model(w, n):
    """Whether the weights w hold a learned value for n players (a generation trained at other
    player counts has none: its coefficients for n are all 0)."""
    at = W_VALUE + (n - FIRST_PLAYERS) * N_VALUE_FEATURES
    for f in range(N_VALUE_FEATURES):
        if w[at + f] != 0:
            return True
    return False
