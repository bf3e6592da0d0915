"""The card tables as the engine reads them: one 2-D int32 array, one row per item.

Numba passes each array separately into every compiled call (measured: seconds of compile per
small kernel with a tuple of sixty arrays, and about 7 ns per array per call at run time), so the
compiled `CardTable` is packed into one int32 array: each group of columns (card, ability,
effect, selector, filter, value, condition, clause) is a range of rows, and `tb[d, T_KIND]` is
column `kind` of the row d. The column names are those of `cards.compiler.CardTable`.
"""

from __future__ import annotations

import numpy as np
from avarium.simulator.cards.compiler import GROUPS as TABLE_GROUPS
from avarium.simulator.constants import AbilityKind, CardKind, Op, Restriction
from avarium.simulator.engine.layout import (
    ACTIVATED_SLOTS_SHIFT,
    CLASS_NEEDS_READY,
    CLASS_ONCE,
    HAND_SCHEME,
    INSTANT_CLASS_SHIFT,
    INSTANT_HAND_SHIFT,
    STATIC_DISC,
    STATIC_MOD,
    STUDENT_CARD,
)

# The columns of each kind of row: the compiler's card-table groups (simulator/cards/compiler.py,
# one source), under the engine's short names, plus what pack() derives for the kernels.
_SHORT = {
    "card": "card",
    "ability": "ab",
    "effect": "ef",
    "selector": "sel",
    "filter": "flt",
    "value": "val",
    "condition": "cond",
    "clause": "cl",
}
_DERIVED = {
    "card": (
        "n_activated",  # so kernels skip cards with nothing to do
        "n_static",
        "triggers",  # bit t set when an ability triggers on Trigger t
        "traits",  # the card's C_TRAITS bits (layout.py), copied into the state at each deal
    )
}
GROUPS: dict[str, tuple[str, ...]] = {
    _SHORT[group]: (*names, *_DERIVED.get(group, ())) for group, names in TABLE_GROUPS.items()
}

# Column index of every table field (generated from GROUPS; a test checks they agree).
T_KIND = 0  # card
T_LEVEL = 1  # card
T_CLUB = 2  # card
T_COLOUR = 3  # card
T_GENDER = 4  # card
T_COST = 5  # card
T_COMBAT = 6  # card
T_DEFENSE = 7  # card
T_MERIT = 8  # card
T_REP_GAIN = 9  # card
T_SURPRISE = 10  # card
T_COPIES = 11  # card
T_AB_START = 12  # card
T_AB_END = 13  # card
T_WINCON_TIMING = 14  # card
T_WINCON_COND = 15  # card
T_N_ACTIVATED = 16  # card
T_N_STATIC = 17  # card
T_TRIGGERS = 18  # card
T_TRAITS = 19  # card
T_AB_CARD = 0  # ab
T_AB_KIND = 1  # ab
T_AB_TRIGGER = 2  # ab
T_AB_EXHAUST = 3  # ab
T_AB_REP = 4  # ab
T_AB_MERIT = 5  # ab
T_AB_TRASH = 6  # ab
T_AB_RESTRICT = 7  # ab
T_AB_COND = 8  # ab
T_EF_START = 9  # ab
T_EF_END = 10  # ab
T_EF_OP = 0  # ef
T_EF_PLAYER = 1  # ef
T_EF_AMOUNT = 2  # ef
T_EF_RESOURCE = 3  # ef
T_EF_SEL = 4  # ef
T_EF_COMBAT = 5  # ef
T_EF_DEFENSE = 6  # ef
T_EF_DURATION = 7  # ef
T_EF_DEST = 8  # ef
T_EF_FREE = 9  # ef
T_EF_DISCOUNT = 10  # ef
T_SEL_QUANT = 0  # sel
T_SEL_SIDE = 1  # sel
T_SEL_KIND = 2  # sel
T_FLT_START = 3  # sel
T_FLT_END = 4  # sel
T_FLT_FIELD = 0  # flt
T_FLT_CMP = 1  # flt
T_FLT_VALUE = 2  # flt
T_VAL_KIND = 0  # val
T_VAL_CONST = 1  # val
T_VAL_SEL = 2  # val
T_VAL_PLAYER = 3  # val
T_VAL_STAT = 4  # val
T_COND_START = 0  # cond
T_COND_END = 1  # cond
T_CL_LEFT = 0  # cl
T_CL_CMP = 1  # cl
T_CL_RIGHT = 2  # cl


# Columns that hold row numbers of another group; pack() makes them absolute.
_REFS = {
    "ab_start": "ab",
    "ab_end": "ab",
    "wincon_cond": "cond",
    "ab_card": "card",
    "ab_cond": "cond",
    "ef_start": "ef",
    "ef_end": "ef",
    "ef_amount": "val",
    "ef_sel": "sel",
    "flt_start": "flt",
    "flt_end": "flt",
    "val_sel": "sel",
    "cond_start": "cl",
    "cond_end": "cl",
    "cl_left": "val",
    "cl_right": "val",
}
WIDTH = max(len(names) for names in GROUPS.values())
# The last row is a header: tb[-1, H_N_DEFS] card definitions, tb[-1, H_AB_SLOTS] the most
# abilities one card has (the activated-ability slots per card in the action space).
H_N_DEFS = 0
H_AB_SLOTS = 1


def pack(card_table) -> np.ndarray:
    """All groups of a compiled CardTable stacked into one int32 array of WIDTH columns.

    Card definitions come first, so row d is definition d; every reference between groups
    (an ability's effects, an effect's selector, ...) is rewritten as an absolute row number.
    """
    ab_kind = np.asarray(card_table.ab_kind)
    ab_card = np.asarray(card_table.ab_card)
    n_defs = len(card_table.kind)
    ab_trigger = np.asarray(card_table.ab_trigger)
    triggers = np.zeros(n_defs, np.int64)
    fires = ab_trigger >= 0
    np.bitwise_or.at(triggers, ab_card[fires], np.left_shift(1, ab_trigger[fires]))
    derived = {
        "n_activated": np.bincount(ab_card[ab_kind == 2], minlength=n_defs),  # ACTIVATED
        "n_static": np.bincount(ab_card[ab_kind == 1], minlength=n_defs),  # STATIC
        "triggers": triggers,
        "traits": np.zeros(n_defs, np.int64),  # filled in below, from the packed rows
    }
    sizes = {
        g: len(derived[n] if n in derived else getattr(card_table, n))
        for g, names in GROUPS.items()
        for n in names[:1]
    }
    starts, row = {}, 0
    for group in GROUPS:
        starts[group] = row
        row += sizes[group]
    out = np.full((row + 1, WIDTH), -1, np.int32)
    for group, names in GROUPS.items():
        r0 = starts[group]
        for i, name in enumerate(names):
            col = np.asarray(
                derived[name] if name in derived else getattr(card_table, name), np.int64
            )
            if name in _REFS:
                col = np.where(col >= 0, col + starts[_REFS[name]], col)
            out[r0 : r0 + len(col), i] = col
    counts = np.asarray(card_table.ab_end) - np.asarray(card_table.ab_start)
    out[-1, H_N_DEFS] = n_defs
    out[-1, H_AB_SLOTS] = max(1, int(counts.max(initial=0)))
    for d in range(n_defs):
        out[d, T_TRAITS] = traits_of(out, d)
    return out


def timing_contexts(tb: np.ndarray, a: int) -> int:
    """The timing contexts k = 2 * (own turn) + (in a fight before Fight!) in which ability a's
    restrictions allow it (a superset: "once per turn" and costs are checked when it counts)."""
    bits = int(tb[a, T_AB_RESTRICT])
    contexts = 0
    for own in range(2):
        if bits & Restriction.YOUR_TURN and own == 0:
            continue
        for fight in range(2):
            if bits & Restriction.IN_FIGHT and fight == 0:
                continue
            contexts |= 1 << (2 * own + fight)
    return contexts


def traits_of(tb: np.ndarray, d: int) -> int:
    """C_TRAITS bits of definition d (layout.py): a Student, a static Combat/Defense change, a
    static reduction, a Surprise, an ordinary Scheme, activated abilities. Kept in the tables, since
    they depend on the definition alone: each deal copies them (computing them at every deal
    cost about 0.6% of random players' games, measured with perf)."""
    start, end = int(tb[d, T_AB_START]), int(tb[d, T_AB_END])
    bits = STUDENT_CARD if tb[d, T_KIND] == CardKind.STUDENT else 0
    if tb[d, T_SURPRISE] != 0 and end > start:
        bits |= timing_contexts(tb, start) << INSTANT_HAND_SHIFT
    elif tb[d, T_KIND] == CardKind.SCHEME and end > start:
        bits |= HAND_SCHEME
    if tb[d, T_N_ACTIVATED] > 0:
        contexts = 0
        needs_ready = CLASS_NEEDS_READY
        once = CLASS_ONCE
        slots = 0
        for a in range(start, end):
            if tb[a, T_AB_KIND] == AbilityKind.ACTIVATED:
                contexts |= timing_contexts(tb, a)
                if tb[a, T_AB_EXHAUST] == 0:
                    needs_ready = 0
                if int(tb[a, T_AB_RESTRICT]) & Restriction.ONCE_PER_TURN == 0:
                    once = 0
                slots |= 1 << (a - start)
        bits |= (contexts << INSTANT_CLASS_SHIFT) | needs_ready | once
        bits |= slots << ACTIVATED_SLOTS_SHIFT
    if tb[d, T_N_STATIC] == 0:
        return bits
    for a in range(start, end):
        if tb[a, T_AB_KIND] != AbilityKind.STATIC:
            continue
        for e in range(int(tb[a, T_EF_START]), int(tb[a, T_EF_END])):
            if tb[e, T_EF_OP] == Op.MODIFY:
                bits |= STATIC_MOD
            elif tb[e, T_EF_OP] == Op.DISCOUNT:
                bits |= STATIC_DISC
    return bits
