"""The threats the heuristic answers, from what its seat can see: an enemy close to its Win-Con
(its fights count more, and losing a fighter to it costs the progress that expulsion gives it),
an enemy whose board keeps expelling (Combat taken out of it), and defenders kept ready.

The weights race, menace, guard and keep_ready (strategies/weights.py) scale each; a profile
that leaves them at 0 never reaches this code and plays as it did before they existed. The
setting `targeting` chooses whom fights and harm aim at: the leader rule spares every enemy but
the one closest to winning.
"""

from avarium.simulator.constants import (
    CardKind,
    WinTiming,
)
from avarium.simulator.engine.surface import (
    C_DEF,
    P_IDOL,
    P_MERIT,
    ROW_CARD,
    ROW_SEAT,
    T_KIND,
    T_WINCON_TIMING,
    njit,
)
from avarium.strategies.features import (
    STAT_EXPELLED,
    no_change,
    wincon_progress,
)
from avarium.strategies.notes import (
    enemy_strike,
    table_leader,
    threat_progress,
)
from avarium.strategies.weights import (
    W_GUARD,
    W_KEEP_READY,
    W_MENACE,
    W_RACE,
    W_TARGETING,
    W_WINCON,
)

# Engine codes under short names, each bound to its one source (a copy would drift).
_IDOL = CardKind.IDOL
_INSTANT = WinTiming.INSTANT
WINS_NOW = 1000.0  # meeting an instant Win-Con: the game is won
WINS_SOON = 30.0  # meeting a start-of-turn Win-Con: won if it still holds next turn
SPARED = 1e6  # more than any gain a choice scores: under the leader rule, the others are spared


@njit
def answers_threats(w):
    """Whether the profile weighs threats at all: only then are they noted and counted, so a
    profile with the four threat weights at 0 plays and costs exactly as it did before them."""
    return (
        w[W_RACE] != 0.0
        or w[W_MENACE] != 0.0
        or w[W_GUARD] != 0.0
        or w[W_KEEP_READY] != 0.0
        or w[W_TARGETING] != 0.0  # the leader rule reads the enemies' progress too
    )


@njit
def spared(st, tb, w, deltas, p, q):
    """What the leader rule (`targeting = "leader"`) takes off attacking or harming enemy q:
    SPARED unless q is the enemy closest to winning, so another is aimed at only when no
    choice reaches the leader; 0 under the fitted rule, which chooses by the weights alone."""
    if w[W_TARGETING] == 0.0 or q == table_leader(st, tb, deltas, p):
        return 0.0
    return SPARED


@njit
def exhaust_cost(st, tb, w, p, deltas):
    """What exhausting one of p's cards costs beyond its price: an exhausted card cannot hit
    back when attacked or support a defence until p's next turn, which matters as much as the
    strongest Combat an enemy can bring (a quarter of it per unit of keep_ready)."""
    if w[W_KEEP_READY] == 0.0:
        return 0.0
    return w[W_KEEP_READY] * 0.25 * enemy_strike(st, tb, deltas, p)


@njit
def feeds_threat(st, tb, w, p, q, deltas):
    """What losing our fighter to enemy q costs beyond the card: q's Win-Con progress from one
    more expelled Student (TOUKA's), valued as q would value it (race x wincon x the change of
    progress squared), and the game itself when that expulsion meets q's Win-Con."""
    before = threat_progress(st, tb, deltas, p, q)
    no_change(deltas)
    deltas[STAT_EXPELLED] = 1
    after = wincon_progress(st, tb, q, deltas, -1)
    no_change(deltas)
    if after >= 1.0 and before < 1.0:
        idol = st[ROW_CARD + st[ROW_SEAT + q, P_IDOL], C_DEF]
        return WINS_NOW if tb[idol, T_WINCON_TIMING] == _INSTANT else WINS_SOON
    return w[W_RACE] * w[W_WINCON] * (after * after - before * before)


@njit
def threat_gain(st, tb, w, p, q, target, ours, target_combat, target_defense, gain, deltas):
    """A fight's gain against enemy q's `target` (of Combat `target_combat`), counting the threat
    q poses: more the closer q is to its Win-Con (race), and each point of Combat the fight takes
    out of q's fights (menace): all of an expelled Student's, and of an Idol's the share of q's
    Merit dealt."""
    if gain > 0.0:
        gain *= 1.0 + w[W_RACE] * threat_progress(st, tb, deltas, p, q)
    if tb[st[ROW_CARD + target, C_DEF], T_KIND] == _IDOL:
        merit = st[ROW_SEAT + q, P_MERIT]
        if merit > 0:
            share = ours / merit if ours < merit else 1.0
            gain += w[W_MENACE] * target_combat * share
    elif ours >= target_defense:
        gain += w[W_MENACE] * target_combat
    return gain
