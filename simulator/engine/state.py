"""The game state: one int64 2-D array (see layout.py for its regions of rows and columns).

One physical card is one instance index `c`; st[ROW_CARD + c, C_DEF] is its definition in the
card tables. Copying a state is copying one array, so lookahead and clones are cheap and
independent, and hashing it is hashing its bytes.
"""

from __future__ import annotations

import hashlib

import numpy as np
from avarium.simulator.constants import CardKind
from avarium.simulator.engine.layout import (
    C_DEF,
    C_LISTPOS,
    C_OWNER,
    G_LIB_CAP,
    G_N_CARDS,
    G_ROWS,
    G_SCHOOL_CAP,
    MAX_EFFECTS,
    MAX_MEMBERS,
    MAX_PLAYERS,
    MAX_STACK,
    MAX_TRIGGERS,
    N_G,
    ROW_CARD,
    ROW_DECL,
    ROW_MEMBERS,
    ROW_SEAT,
    ROW_STACK,
    ROW_TRIG,
    W,
)
from avarium.simulator.engine.tables import H_N_DEFS, T_COPIES, T_KIND
from numba.core import cgutils, types
from numba.extending import intrinsic, overload

assert ROW_SEAT + MAX_PLAYERS <= ROW_STACK
assert ROW_STACK + MAX_STACK <= ROW_TRIG and ROW_TRIG + MAX_TRIGGERS <= ROW_DECL < ROW_CARD
assert 5 + MAX_EFFECTS <= W
assert N_G <= G_ROWS * W and G_ROWS <= ROW_MEMBERS < ROW_SEAT  # the scalars fit in their rows
assert MAX_MEMBERS <= W


def instances_of(kind: np.ndarray, copies: np.ndarray) -> np.ndarray:
    """Definition index of every card instance: Idols once each, others `copies` times."""
    reps = np.where(kind == CardKind.IDOL, 1, copies)
    return np.repeat(np.arange(len(kind)), reps)


def allocate(tb: np.ndarray) -> np.ndarray:
    """An empty state sized for a card set (`tb` its packed tables); `setup_game` deals into it."""
    n_defs = int(tb[-1, H_N_DEFS])
    kinds = tb[:n_defs, T_KIND]
    c_def = instances_of(kinds, tb[:n_defs, T_COPIES])
    n = len(c_def)
    st = np.zeros((ROW_CARD + n, W), np.int64)
    st[ROW_CARD:, C_DEF] = c_def
    st[ROW_CARD:, C_OWNER] = -1
    st[ROW_CARD:, C_LISTPOS] = -1
    st[G_N_CARDS] = n
    st[G_SCHOOL_CAP] = int(np.sum(kinds[c_def] == CardKind.STUDENT))
    st[G_LIB_CAP] = int(np.sum(kinds[c_def] == CardKind.SCHEME))
    return st


def clone(st: np.ndarray) -> np.ndarray:
    """An independent copy: stepping one never changes the other."""
    return st.copy()


def copy_state(dst: np.ndarray, src: np.ndarray) -> None:
    """dst[...] = src, for two states of one card set: a search bot's scratch state set to the
    position before each playout. Compiled, it is one memcpy (below); in plain Python, numpy's."""
    dst[...] = src


@intrinsic
def _memcpy(typingctx, dst, src):
    # Only for two C-contiguous arrays of one dtype and rank: their bytes are laid out alike.
    arrays = isinstance(dst, types.Array) and isinstance(src, types.Array)
    if not (
        arrays
        and dst.layout == src.layout == "C"
        and (dst.dtype, dst.ndim) == (src.dtype, src.ndim)
    ):
        return None

    def codegen(context, builder, signature, args):
        to = context.make_array(signature.args[0])(context, builder, args[0])
        of = context.make_array(signature.args[1])(context, builder, args[1])
        cgutils.raw_memcpy(builder, to.data, of.data, of.nitems, of.itemsize)
        return context.get_dummy_value()

    return types.none(dst, src), codegen


@overload(copy_state)
def _copy_state_compiled(dst, src):
    # The search bots copy the whole state before every playout (58.8 KB for the bundled set).
    # As a loop it went an element at a time (the engine compiles with no loop vectorizing,
    # _codegen.py): 2.3 us a copy, against 1.05 us for a memcpy (docs/performance.md).
    def copy(dst, src):
        if dst.shape != src.shape:  # two states of one card set have one shape
            raise ValueError("copy_state: two states of different shapes")
        _memcpy(dst, src)

    return copy


def state_hash(st: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(st).tobytes()).hexdigest()[:16]
