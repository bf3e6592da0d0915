"""Per-game seeds: the deal's and the bots' seeds of every game, from the run seed and its index.

Game k of a variant of a run with seed s (k counted from the variant's first game, so game k of
every variant is dealt alike) plays with the two words of
`numpy.random.SeedSequence(s, spawn_key=(k,)).generate_state(2, numpy.uint32)`: the first seeds
the deal, the second the bots. A game's seeds depend on nothing but (s, k), so a run gives the
same games whatever the number of workers, the backend or the order chunks finish in.

Building one SeedSequence per game costs about 11 µs (11 s of a million-game run), so this module
computes the same words for a whole chunk at once with numpy, following numpy's SeedSequence
algorithm (its output is part of numpy's stream-compatibility promise);
`tests/simulate/test_seeds.py` checks it against SeedSequence itself.
"""

from __future__ import annotations

import numpy as np

# numpy/random/bit_generator.pyx
_POOL_SIZE = 4
_INIT_A = 0x43B0D7E5
_MULT_A = 0x931E8875
_INIT_B = 0x8B51F9DD
_MULT_B = 0x58F38DED
_MIX_MULT_L = 0xCA01F9DD
_MIX_MULT_R = 0x4973F715
_XSHIFT = np.uint32(16)
_MASK = 0xFFFFFFFF

MAX_GAME_ID = 2**32 - 1  # a game index is one 32-bit word of the spawn key


def _words(value: int) -> list[int]:
    """An integer as numpy's SeedSequence sees it: 32-bit words, least significant first."""
    if value < 0:
        raise ValueError("a seed is a non-negative integer")
    words = []
    while True:
        words.append(value & _MASK)
        value >>= 32
        if value == 0:
            return words


class _Hash:
    """The multiplier that numpy's hashmix advances on every call (the same for every game)."""

    def __init__(self, start: int) -> None:
        self.const = start

    def mix(self, value: np.ndarray) -> np.ndarray:
        value = value ^ np.uint32(self.const)
        self.const = (self.const * _MULT_A) & _MASK
        value = value * np.uint32(self.const)
        return value ^ (value >> _XSHIFT)


def _mix(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    result = np.uint32(_MIX_MULT_L) * x - np.uint32(_MIX_MULT_R) * y
    return result ^ (result >> _XSHIFT)


def game_seeds(run_seed: int, game_ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(deal seeds, bot seeds) of the given games, uint32 each, as SeedSequence gives them."""
    ids = np.asarray(game_ids, dtype=np.int64)
    if ids.size and (ids.min() < 0 or ids.max() > MAX_GAME_ID):
        raise ValueError(f"game ids run from 0 to {MAX_GAME_ID}")
    run = _words(run_seed)
    run += [0] * (_POOL_SIZE - len(run))  # numpy pads the run entropy when a spawn key is given
    n = ids.shape[0]
    entropy = [np.full(n, w, np.uint32) for w in run] + [ids.astype(np.uint32)]
    with np.errstate(over="ignore"):
        h = _Hash(_INIT_A)
        pool = [h.mix(entropy[i]) for i in range(_POOL_SIZE)]
        for src in range(_POOL_SIZE):
            for dst in range(_POOL_SIZE):
                if src != dst:
                    pool[dst] = _mix(pool[dst], h.mix(pool[src]))
        for src in range(_POOL_SIZE, len(entropy)):
            for dst in range(_POOL_SIZE):
                pool[dst] = _mix(pool[dst], h.mix(entropy[src]))
        out = []
        const = _INIT_B
        for i in range(2):
            value = pool[i] ^ np.uint32(const)
            const = (const * _MULT_B) & _MASK
            value = value * np.uint32(const)
            out.append(value ^ (value >> _XSHIFT))
    return out[0], out[1]
