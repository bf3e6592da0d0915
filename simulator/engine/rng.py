"""The game's own random numbers: a xorshift32 generator whose state lives in the game state.

Kept in the state (not a global), so a cloned state has the same future, the seed plus the actions
replay a game exactly, and compiled and plain-Python runs agree bit for bit (every intermediate
value stays below 2**63, so int64 arithmetic never overflows).
"""

from simulator.engine._jit import njit

MASK32 = 0xFFFFFFFF


@njit
def next_u32(rng):
    """Advance the generator in `rng[0]` and return its new 32-bit value."""
    x = rng[0]
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    rng[0] = x
    return x


@njit
def randint(rng, n):
    """A number in [0, n), n >= 1."""
    return next_u32(rng) % n


@njit
def shuffle(rng, arr, start, count):
    """Fisher-Yates shuffle of arr[start:start+count] in place."""
    for i in range(count - 1, 0, -1):
        j = randint(rng, i + 1)
        a = arr[start + i]
        arr[start + i] = arr[start + j]
        arr[start + j] = a


def seed_value(seed: int) -> int:
    """A non-zero 32-bit generator state from any integer seed (xorshift must not start at 0)."""
    import numpy as np

    value = int(np.random.SeedSequence(seed).generate_state(1, dtype=np.uint32)[0])
    return value or 0x9E3779B9
