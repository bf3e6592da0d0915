"""What cards and abilities are worth to the bots, estimated once per card set from its tables.

The compiled bots never parse card text: this module reads the packed card tables (the same
data the engine runs) and gives every card and every ability a rough worth in Merit-like
points, plus when an ability is worth using (any time, only in a fight, only in answer to an
enemy's Scheme). Designers' new cards get sensible worths without any code.
"""

from __future__ import annotations

import numpy as np
from avarium.simulator.constants import (
    AbilityKind,
    CardKind,
    Duration,
    Op,
    PlayerSel,
    Quantifier,
    Resource,
    Restriction,
    Side,
    Trigger,
    ValueKind,
)
from avarium.simulator.engine.surface import (
    H_N_DEFS,
    T_AB_COND,
    T_AB_END,
    T_AB_KIND,
    T_AB_RESTRICT,
    T_AB_START,
    T_AB_TRIGGER,
    T_COMBAT,
    T_DEFENSE,
    T_EF_AMOUNT,
    T_EF_COMBAT,
    T_EF_DEFENSE,
    T_EF_DISCOUNT,
    T_EF_DURATION,
    T_EF_END,
    T_EF_OP,
    T_EF_PLAYER,
    T_EF_RESOURCE,
    T_EF_SEL,
    T_EF_START,
    T_KIND,
    T_SEL_QUANT,
    T_SEL_SIDE,
    T_VAL_CONST,
    T_VAL_KIND,
)

V_WORTH = 0  # a card's worth (card rows) or an ability's (ability rows)
V_CONTEXT = 1  # ability rows: CTX_* below
# Card rows: what its "on attack" / "on defend" abilities do to a fight's Combat and Defense,
# on itself and on the enemy party (what a fight estimate must add to the printed numbers).
V_ATTACK_SELF_COMBAT = 2
V_ATTACK_SELF_DEFENSE = 3
V_ATTACK_FOE_COMBAT = 4
V_ATTACK_FOE_DEFENSE = 5
V_DEFEND_SELF_COMBAT = 6
V_DEFEND_SELF_DEFENSE = 7
V_DEFEND_FOE_COMBAT = 8
V_DEFEND_FOE_DEFENSE = 9
# Ability rows: the part of its worth that takes Reputation from enemies, and the part that
# makes enemies trash Schemes (worth nothing when no enemy has any to lose).
V_FROM_ENEMY_REP = 10
V_FROM_ENEMY_HAND = 11
N_VALUE_COLUMNS = 12
CTX_ANY = 0
CTX_FIGHT = 1  # only worth it in a fight its controller takes part in, before damage
CTX_ANSWER = 2  # only worth it in answer to an enemy's Scheme or ability on the stack

# Worth of one unit of each effect, for its controller, before the side it hits is counted.
_PER_UNIT = {
    Op.DRAW: 0.8,
    Op.TRASH: 0.8,
    Op.DAMAGE: 0.9,
    Op.EXHAUST: 1.2,
    Op.READY: 1.0,
    Op.EXPEL: 3.5,
    Op.RECRUIT: 3.0,
    Op.RETURN: 2.5,
    Op.TAKE: 3.5,
    Op.REMOVE_TOKEN: 0.6,
    Op.PREVENT: 0.5,
    Op.CANCEL: 3.0,
    Op.DISCOUNT: 0.6,
}
# Effects that help the cards they touch (so they are good on ally cards, bad on enemy ones).
_HELPFUL = {Op.READY, Op.MODIFY, Op.PREVENT, Op.REMOVE_TOKEN}


def _amount(tb: np.ndarray, v: int) -> float:
    if v < 0:
        return 1.0
    if tb[v, T_VAL_KIND] == ValueKind.CONST:
        return float(tb[v, T_VAL_CONST])
    return 2.0  # a count or a statistic: a typical number


def _player_sign(player: int) -> float:
    """+1 if the effect falls on its controller, -1 on enemies, 0 on everyone alike."""
    if player == PlayerSel.YOU:
        return 1.0
    if player == PlayerSel.EACH_PLAYER:
        return 0.0
    return -1.0


def _effect_worth(tb: np.ndarray, e: int) -> tuple[float, bool]:
    """Worth of effect row e for its controller, and whether it only matters in a fight."""
    op = int(tb[e, T_EF_OP])
    amount = _amount(tb, int(tb[e, T_EF_AMOUNT]))
    if op in (Op.GAIN, Op.LOSE, Op.STEAL):
        unit = 1.0 if tb[e, T_EF_RESOURCE] == Resource.MERIT else 0.6
        sign = _player_sign(int(tb[e, T_EF_PLAYER]))
        if op == Op.LOSE:
            sign = -sign
        if op == Op.STEAL:
            sign = 2.0
        return unit * amount * sign, False
    if op in (Op.DRAW, Op.TRASH) and tb[e, T_EF_SEL] < 0:
        sign = _player_sign(int(tb[e, T_EF_PLAYER]))
        return _PER_UNIT[op] * amount * (sign if op == Op.DRAW else -sign), False
    if op == Op.DISCOUNT:
        return _PER_UNIT[op] * float(tb[e, T_EF_DISCOUNT]), False
    if op == Op.CANCEL:
        return _PER_UNIT[op], False
    sel = int(tb[e, T_EF_SEL])
    side = int(tb[sel, T_SEL_SIDE]) if sel >= 0 else Side.ALLY
    quant = int(tb[sel, T_SEL_QUANT]) if sel >= 0 else Quantifier.THIS
    many = 2.0 if quant == Quantifier.EACH else 1.0
    if op == Op.MODIFY:
        unit = 0.5 * (int(tb[e, T_EF_COMBAT]) + int(tb[e, T_EF_DEFENSE]))
        fight_only = int(tb[e, T_EF_DURATION]) != Duration.PERMANENT
        worth = unit * (3.0 if not fight_only else 1.0)
    else:
        worth = _PER_UNIT.get(Op(op), 1.0) * (amount if op in (Op.DAMAGE, Op.PREVENT) else 1.0)
        fight_only = op == Op.PREVENT
    if side in (Side.COURTYARD, Side.EXPELLED):
        sign = 1.0  # recruiting from the Courtyard, returning from the Expel Pile
    elif side == Side.ANY:
        sign = 0.5  # the controller chooses which side to hit
    elif (side == Side.ALLY) == (op in _HELPFUL):
        sign = 1.0
    else:
        sign = -1.0
    return worth * sign * many, fight_only


def _fight_changes(tb: np.ndarray, a: int, out: np.ndarray, d: int) -> None:
    """Add what an unconditional "on attack"/"on defend" ability a of card d does in a fight."""
    trigger = int(tb[a, T_AB_TRIGGER])
    if trigger not in (Trigger.ATTACK, Trigger.DEFEND) or int(tb[a, T_AB_COND]) >= 0:
        return
    base = V_ATTACK_SELF_COMBAT if trigger == Trigger.ATTACK else V_DEFEND_SELF_COMBAT
    for e in range(int(tb[a, T_EF_START]), int(tb[a, T_EF_END])):
        op = int(tb[e, T_EF_OP])
        sel = int(tb[e, T_EF_SEL])
        if sel < 0 or op not in (Op.MODIFY, Op.PREVENT):
            continue
        quant, side = int(tb[sel, T_SEL_QUANT]), int(tb[sel, T_SEL_SIDE])
        if quant == Quantifier.THIS:
            col = base
        elif side == Side.ENEMY and quant == Quantifier.EACH:
            col = base + 2
        else:
            continue
        if op == Op.MODIFY:
            out[d, col] += int(tb[e, T_EF_COMBAT])
            out[d, col + 1] += int(tb[e, T_EF_DEFENSE])
        elif col == base:  # damage prevented on itself counts as Defense
            out[d, col + 1] += _amount(tb, int(tb[e, T_EF_AMOUNT]))


def estimate(tb: np.ndarray) -> np.ndarray:
    """float64 array (rows of tb, N_VALUE_COLUMNS): worths and contexts (see module doc)."""
    out = np.zeros((tb.shape[0], N_VALUE_COLUMNS), np.float64)
    n_defs = int(tb[-1, H_N_DEFS])
    for d in range(n_defs):
        kind = int(tb[d, T_KIND])
        ab_total = 0.0
        for a in range(int(tb[d, T_AB_START]), int(tb[d, T_AB_END])):
            worth, fight_only, answer = 0.0, False, False
            for e in range(int(tb[a, T_EF_START]), int(tb[a, T_EF_END])):
                w, f = _effect_worth(tb, e)
                worth += w
                op, player = int(tb[e, T_EF_OP]), int(tb[e, T_EF_PLAYER])
                if op in (Op.LOSE, Op.STEAL) and player != PlayerSel.YOU and w > 0:
                    if int(tb[e, T_EF_RESOURCE]) == Resource.REPUTATION:
                        out[a, V_FROM_ENEMY_REP] += w
                elif op == Op.TRASH and player != PlayerSel.YOU and w > 0:
                    out[a, V_FROM_ENEMY_HAND] += w
                fight_only |= f
                answer |= int(tb[e, T_EF_OP]) == Op.CANCEL
            if int(tb[a, T_AB_RESTRICT]) & Restriction.IN_FIGHT:
                fight_only = True
            _fight_changes(tb, a, out, d)
            out[a, V_WORTH] = worth
            out[a, V_CONTEXT] = CTX_ANSWER if answer else CTX_FIGHT if fight_only else CTX_ANY
            kind_ab = int(tb[a, T_AB_KIND])
            # a triggered or static ability keeps working; an activated one is there to use
            ab_total += worth * (1.5 if kind_ab != AbilityKind.ACTIVATED else 1.0)
        if kind == CardKind.STUDENT:
            out[d, V_WORTH] = float(tb[d, T_COMBAT] + tb[d, T_DEFENSE]) + 0.5 * ab_total
        else:
            out[d, V_WORTH] = ab_total
    return out
