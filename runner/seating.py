"""Who sits where: the Idols of every seat of every game of a variant.

- seating "all": the games cycle through every ordered seating of the Idol pool (both seat orders
  of every pairing in 2-player games). The seatings are ordered in blocks of k (k Idols in the
  pool): a seating, then the same with every Idol moved one place along the pool, and so on, so
  every block seats each Idol exactly once at every seat. Any stretch of games (a chunk, a
  stopped run) is then as balanced as its length allows.
- seating "balanced": games come in blocks of as many games as the pool has Idols. Each block
  draws a random order of the pool and seats Idol `order[(j + s) % k]` at seat s of its game j,
  so within a block every Idol plays exactly once at every seat and never twice in one game;
  which Idols meet is random. With mirrors, every seat draws its own order, so an Idol may meet
  itself, and each Idol still plays once per seat per block.

A block's order comes from `SeedSequence(run seed, spawn_key=(SEATING_KEY, 0, block))`, a
stream apart from the games' own seeds (their keys have one word). It is the same in every
variant (the 0 once was the variant's index; runs written since variants share their deals
rely on it staying 0), so seats are a function of the run seed and the game's place in its
variant alone, and variants with the same pool seat game k alike.
"""

from __future__ import annotations

import itertools

import numpy as np
from avarium.runner.experiment import Variant

SEATING_KEY = 0x5EA7


def every_seating(players: int, pool: int, mirrors: bool) -> np.ndarray:
    """Every ordered seating as rows of pool positions, in the order games cycle through them:
    per seating with seat 0 at the pool's first Idol, that seating shifted by 0, 1, .. k-1."""
    rest = (
        itertools.product(range(pool), repeat=players - 1)
        if mirrors
        else itertools.permutations(range(1, pool), players - 1)
    )
    starts = np.array([(0, *r) for r in rest], np.int32).reshape(-1, players)
    shifts = np.arange(pool, dtype=np.int32)
    return ((starts[:, None, :] + shifts[None, :, None]) % pool).reshape(-1, players)


def _block_orders(run_seed: int, block: int, pool: int, rows: int):
    seq = np.random.SeedSequence(run_seed, spawn_key=(SEATING_KEY, 0, block))
    rng = np.random.default_rng(seq)
    return np.stack([rng.permutation(pool) for _ in range(rows)]).astype(np.int32)


def seat_idols(variant: Variant, run_seed: int, first: int, stop: int) -> np.ndarray:
    """Pool positions (games, players) of the variant's games first..stop-1 (counted from the
    variant's first game)."""
    n, k = variant.players, len(variant.idols)
    local = np.arange(first, stop)
    if variant.seating == "all":
        table = every_seating(n, k, variant.mirrors)
        return table[local % len(table)]
    out = np.empty((stop - first, n), np.int32)
    seats = np.arange(n)
    for block in range(first // k, -(-stop // k)):
        j = np.arange(max(first, block * k), min(stop, (block + 1) * k)) - block * k
        if variant.mirrors:
            orders = _block_orders(run_seed, block, k, n)
            rows = orders[seats[None, :], j[:, None]]
        else:
            order = _block_orders(run_seed, block, k, 1)[0]
            rows = order[(j[:, None] + seats[None, :]) % k]
        out[j + block * k - first] = rows
    return out
