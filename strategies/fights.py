"""How the heuristic values a fight, and what a card and the Win-Con progress an action brings
are worth to it (strategies/heuristic.py scores every action with these): a fight's outcome for
each leader against each target an enemy Class offers, from the fighters' Combat and Defense as
they stand, what their abilities add, the best supporters on each side, and the threats the
enemy poses (strategies/threats.py).
"""

import numpy as np
from avarium.simulator.constants import CardKind, WinTiming
from avarium.simulator.engine.surface import (
    C_DEF,
    C_EXHAUSTED,
    C_OWNER,
    P_IDOL,
    P_MERIT,
    ROW_CARD,
    ROW_SEAT,
    T_KIND,
    T_WINCON_TIMING,
    fighting_stats,
    njit,
)
from avarium.strategies.features import (
    EXPEL_GAIN,
    EXPEL_NOTED,
    N_TARGETS,
    STAT_EXPELLED,
    TARGETS,
    no_change,
    wincon_progress,
)
from avarium.strategies.notes import fighter_stats, free_combat, next_target
from avarium.strategies.threats import (
    WINS_NOW,
    WINS_SOON,
    exhaust_cost,
    feeds_threat,
    spared,
    threat_gain,
)
from avarium.strategies.values import (
    V_ATTACK_FOE_COMBAT,
    V_ATTACK_FOE_DEFENSE,
    V_ATTACK_SELF_COMBAT,
    V_ATTACK_SELF_DEFENSE,
    V_DEFEND_FOE_COMBAT,
    V_DEFEND_FOE_DEFENSE,
    V_DEFEND_SELF_COMBAT,
    V_DEFEND_SELF_DEFENSE,
    V_WORTH,
)
from avarium.strategies.weights import (
    W_EXPEL_GAIN,
    W_FIGHT,
    W_IDOL_DAMAGE,
    W_MENACE,
    W_MERIT,
    W_RACE,
    W_RISK,
    W_SUPPORT,
    W_WINCON,
)

# Engine codes under short names, each bound to its one source (a copy would drift).
_IDOL = CardKind.IDOL
_INSTANT = WinTiming.INSTANT
IDOL_WORTH = 6.0  # an Idol as a target or a fighter: its Merit is the player's life


@njit
def worth(st, tb, vals, c):
    d = st[ROW_CARD + c, C_DEF]
    if tb[d, T_KIND] == _IDOL:
        return IDOL_WORTH
    return vals[d, V_WORTH]


@njit
def progress_gain(st, tb, p, w, deltas, card_def, base):
    """Win-Con progress an action brings (deltas on p's statistics, a card joining), weighted."""
    after = wincon_progress(st, tb, p, deltas, card_def)
    v = w[W_WINCON] * (after * after - base * base)
    if after >= 1.0 and base < 1.0:  # it meets the Win-Con
        idol = st[ROW_CARD + st[ROW_SEAT + p, P_IDOL], C_DEF]
        v += WINS_NOW if tb[idol, T_WINCON_TIMING] == _INSTANT else WINS_SOON
    return v


@njit
def expel_progress(st, tb, p, w, deltas, base):
    """progress_gain of one more card expelled by p: counted on first use in a decision and
    kept (as the float's bits in the integer scratch) for every other fight it scores."""
    if deltas[EXPEL_NOTED] != 0:
        return np.int64(deltas[EXPEL_GAIN]).view(np.float64)
    no_change(deltas)
    deltas[STAT_EXPELLED] = 1
    gain = progress_gain(st, tb, p, w, deltas, -1, base)
    deltas[EXPEL_GAIN] = np.float64(gain).view(np.int64)
    deltas[EXPEL_NOTED] = 1
    return gain


@njit
def fight_outcome(st, tb, vals, w, p, leader, target, deltas, base, fighters):
    """What attacking `target` with `leader` (and p's best supporter) is worth to p. fighters:
    (the leader's Combat, its Defense, the target's Combat, its Defense) as they stand, counted
    by the caller (score_fight counts each card's once for all the leaders and targets)."""
    leader_combat, leader_defense, target_combat, target_defense = fighters
    dl = st[ROW_CARD + leader, C_DEF]
    dt = st[ROW_CARD + target, C_DEF]
    # printed and current numbers, plus what "on attack" / "on defend" abilities will add
    ours = leader_combat + vals[dl, V_ATTACK_SELF_COMBAT] + vals[dt, V_DEFEND_FOE_COMBAT]
    if w[W_SUPPORT] > 0.0:
        ours += free_combat(deltas, p, leader)
    q = st[ROW_CARD + target, C_OWNER]
    theirs = 0.0
    if st[ROW_CARD + target, C_EXHAUSTED] == 0:  # an exhausted target cannot hit back
        theirs = target_combat + vals[dt, V_DEFEND_SELF_COMBAT] + vals[dl, V_ATTACK_FOE_COMBAT]
    theirs += free_combat(deltas, q, target)
    # added left to right as before (the same floats: a sum's order changes its rounding)
    target_defense = (
        target_defense + vals[dt, V_DEFEND_SELF_DEFENSE] + vals[dl, V_ATTACK_FOE_DEFENSE]
    )
    leader_defense = (
        leader_defense + vals[dl, V_ATTACK_SELF_DEFENSE] + vals[dt, V_DEFEND_FOE_DEFENSE]
    )
    gain = 0.0
    if tb[st[ROW_CARD + target, C_DEF], T_KIND] == _IDOL:
        merit = st[ROW_SEAT + q, P_MERIT]
        dealt = ours if ours < merit else merit
        gain = w[W_IDOL_DAMAGE] * dealt
        if ours >= merit:
            gain += 50.0  # expels the player
    elif ours >= target_defense:
        gain = w[W_EXPEL_GAIN] * worth(st, tb, vals, target)
        gain += expel_progress(st, tb, p, w, deltas, base)
    else:
        gain = 0.15 * worth(st, tb, vals, target)  # it is exhausted, not expelled
    loss = 0.0
    if tb[st[ROW_CARD + leader, C_DEF], T_KIND] == _IDOL:
        loss = w[W_MERIT] * theirs * 1.5
        if theirs >= st[ROW_SEAT + p, P_MERIT]:
            loss += 100.0
    elif theirs >= leader_defense:
        loss = w[W_RISK] * worth(st, tb, vals, leader)
        if w[W_RACE] != 0.0:
            loss += feeds_threat(st, tb, w, p, q, deltas)
    elif theirs > 0:
        loss = 0.1 * worth(st, tb, vals, leader) + exhaust_cost(st, tb, w, p, deltas)
    if w[W_RACE] != 0.0 or w[W_MENACE] != 0.0:
        gain = threat_gain(
            st, tb, w, p, q, target, ours, target_combat, target_defense, gain, deltas
        )
    return gain - loss - spared(st, tb, w, deltas, p, q)


@njit
def score_fight(st, tb, vals, w, p, leader, deltas, base):
    """A fight led by `leader`, against the best target it could pick (enemy Class cards: the
    ones noted for this decision, or else found and counted here)."""
    best = -1e9
    lead_combat, lead_defense = fighter_stats(st, tb, deltas, leader)
    n = deltas[N_TARGETS]
    for j in range(n):
        t = deltas[TARGETS + 3 * j]
        fighters = (
            lead_combat,
            lead_defense,
            deltas[TARGETS + 3 * j + 1],
            deltas[TARGETS + 3 * j + 2],
        )
        x = fight_outcome(st, tb, vals, w, p, leader, t, deltas, base, fighters)
        if x > best:
            best = x
    if n >= 0:
        return w[W_FIGHT] + best
    q, i, t = next_target(st, tb, p, 0, 0)
    while t >= 0:
        combat, defense = fighting_stats(st, tb, t)
        fighters = (lead_combat, lead_defense, combat, defense)
        x = fight_outcome(st, tb, vals, w, p, leader, t, deltas, base, fighters)
        if x > best:
            best = x
        q, i, t = next_target(st, tb, p, q, i + 1)
    return w[W_FIGHT] + best
