"""Random numbers kept in arrays: a xorshift32 generator.

The deal's generator lives in the game state (st[G_RNG]), so a cloned state has the same
future, the seed plus the actions replay a game exactly, and compiled and plain-Python runs agree
bit for bit (every intermediate value stays below 2**63, so int64 arithmetic never overflows).
Bots keep their own generator in a one-element array, so their choices never change the deal.
"""

from avarium.simulator.engine._jit import njit
from avarium.simulator.engine.layout import G_RNG, ROW_CARD

MASK32 = 0xFFFFFFFF


@njit
def xorshift32(x):
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    return x


@njit
def randint(st, n):
    """A number in [0, n) from the deal's generator, n >= 1."""
    x = xorshift32(st[G_RNG])
    st[G_RNG] = x
    return x % n


@njit
def bot_randint(r, n):
    """A number in [0, n) from a bot's own generator r[0], n >= 1."""
    x = xorshift32(r[0])
    r[0] = x
    return x % n


@njit
def shuffle(st, column, count):
    """Fisher-Yates shuffle of the first `count` entries of a deck column (School/Library)."""
    for i in range(count - 1, 0, -1):
        j = randint(st, i + 1)
        a = st[ROW_CARD + i, column]
        st[ROW_CARD + i, column] = st[ROW_CARD + j, column]
        st[ROW_CARD + j, column] = a


def seed_value(seed: int) -> int:
    """A non-zero 32-bit generator state from any integer seed (xorshift must not start at 0)."""
    import numpy as np

    value = int(np.random.SeedSequence(seed).generate_state(1, dtype=np.uint32)[0])
    return value or 0x9E3779B9


def raw_deal_state(value: int) -> int:
    """A deal generator state used as given (32 bits), 0 mapped to a fixed non-zero state."""
    value = int(value) & 0xFFFFFFFF
    return value or 0x9E3779B9
