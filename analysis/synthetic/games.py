"""Planted games: a games/ table whose winners follow a known model.

The winner of a game is drawn from a conditional-logit model: seat s wins with probability
proportional to exp(strength[its Idol] + seat_effect[s]). Everything else (reasons, expulsions,
placements, lengths) is drawn so that it follows the schema's rules (simulator/schema.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from avarium.simulator import schema
from avarium.simulator.constants import DEFAULT_BONUSES, MAX_TURNS, REASON_NAMES

IDOLS = (
    "hatsurugi_touka",
    "peppermint_kitty",
    "kumara_raj",
    "amyba",
    "sebastian_wolfgang",
    "hazenmyier_hojo",
    "syeira_coral",
    "lourvarius_love",
)
REASONS = REASON_NAMES[1:]  # every way a game ends ("none" is a game not over)
DECIDED_MIX = {"wincon": 0.4, "last standing": 0.3, "school out": 0.25, "school out (tie)": 0.05}
STALL_TURNS = MAX_TURNS


@dataclass(frozen=True)
class Plan:
    """What a synthetic run plants. Strengths and seat effects are on the log-odds scale."""

    idols: tuple[str, ...] = IDOLS
    strength: Mapping[str, float] = field(default_factory=dict)
    # Per player count, one log-odds term per seat (seat 0 first). Missing counts mean no effect.
    seat_effect: Mapping[int, tuple[float, ...]] = field(default_factory=dict)
    players: Mapping[int, float] = field(default_factory=lambda: {2: 1.0})
    stall_rate: float = 0.0
    # Share of games whose seat 1 gets seat 0's Idol (a mirror game).
    mirror_rate: float = 0.0
    # Per Idol, a weight per seat: unbalanced pairings, e.g. an Idol that mostly sits second.
    seat_weight: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    # Per Idol, how its wins end (shares of the decided reasons); others use DECIDED_MIX.
    reasons: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    # Per Idol, turns added to the mean length of every game it plays.
    turns: Mapping[str, float] = field(default_factory=dict)
    variant: str = "main"
    bot: str = "random"
    bonus: Mapping[int, tuple[int, ...]] = field(default_factory=lambda: dict(DEFAULT_BONUSES))
    tier: str = ""  # the skill tier the variant stands for (runner/tiers.py), if any
    # Schemes a seat plays a game, on average (Poisson); None: uniform 0-7, as always.
    schemes: float | None = None
    # Per Idol, the share of its wins that come by its Win-Con on turn 3 (a rush).
    rush: Mapping[str, float] = field(default_factory=dict)


def game_seeds(seed: int, game_id: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Deterministic per-game seeds (a mixing hash, not the runner's SeedSequence): the same run
    seed and game id give the same seeds, which is all the paired comparison relies on."""
    x = game_id.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(seed & 0xFFFFFFFF)
    x ^= x >> np.uint64(31)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(29)
    return (x & np.uint64(0xFFFFFFFF)).astype(np.uint32), (x >> np.uint64(32)).astype(np.uint32)


def _assign_idols(rng, plan: Plan, n: int, seats: int) -> np.ndarray:
    """Idols per seat without repeats; Gumbel-max per seat draws with the planted seat weights."""
    k = len(plan.idols)
    weight = np.ones((k, seats))
    for name, w in plan.seat_weight.items():
        weight[plan.idols.index(name)] = np.asarray(w, dtype=float)[:seats]
    logw = np.log(np.maximum(weight, 1e-300))
    chosen = np.empty((n, seats), dtype=np.int64)
    used = np.zeros((n, k), dtype=bool)
    for s in range(seats):
        keys = logw[:, s][None, :] + rng.gumbel(size=(n, k))
        keys[used] = -np.inf
        chosen[:, s] = keys.argmax(axis=1)
        used[np.arange(n), chosen[:, s]] = True
    mirror = rng.random(n) < plan.mirror_rate
    chosen[mirror, 1] = chosen[mirror, 0]
    return chosen


def _table_games(rng, plan: Plan, n: int, seats: int) -> dict[str, np.ndarray]:
    """n games at one player count, as (game, seat) arrays."""
    idol = _assign_idols(rng, plan, n, seats)
    strength = np.array([plan.strength.get(i, 0.0) for i in plan.idols])
    seat_term = np.zeros(seats)
    seat_term[:] = np.asarray(plan.seat_effect.get(seats, (0.0,) * seats), dtype=float)[:seats]
    winner = (strength[idol] + seat_term[None, :] + rng.gumbel(size=(n, seats))).argmax(axis=1)
    stalled = rng.random(n) < plan.stall_rate

    decided = [r for r in REASONS if r in DECIDED_MIX]
    mix = np.array(
        [[plan.reasons.get(i, DECIDED_MIX).get(r, 0.0) for r in decided] for i in plan.idols]
    )
    cum = np.cumsum(mix / mix.sum(axis=1, keepdims=True), axis=1)
    winner_idol = idol[np.arange(n), winner]
    pick = (rng.random(n)[:, None] > cum[winner_idol]).sum(axis=1)
    reason = np.array([REASONS.index(r) for r in decided])[np.minimum(pick, len(decided) - 1)]
    reason[stalled] = REASONS.index("stalled")

    # Expulsions: every loser in a "last standing" game, otherwise up to seats-2 of them.
    expelled_n = rng.integers(0, seats - 1, size=n)
    expelled_n[reason == REASONS.index("last standing")] = seats - 1
    order_key = rng.random((n, seats))
    has_winner = ~stalled
    order_key[np.arange(n)[has_winner], winner[has_winner]] = np.inf
    rank = order_key.argsort(axis=1).argsort(axis=1)
    expelled_order = np.where(rank < expelled_n[:, None], rank + 1, 0)
    won = np.zeros((n, seats), dtype=bool)
    won[np.arange(n)[has_winner], winner[has_winner]] = True
    # Players still in the game: the winner first, then the others in a random Merit order;
    # expelled players after them, the last one expelled first. In a stall they all share 1.
    alive = expelled_order == 0
    merit_key = np.where(won, -1.0, rng.random((n, seats)))
    merit_key[~alive] = np.inf
    alive_rank = merit_key.argsort(axis=1).argsort(axis=1) + 1
    placement = np.where(alive, alive_rank, seats + 1 - expelled_order)
    placement[stalled[:, None] & alive] = 1

    offsets = np.array([plan.turns.get(i, 0.0) for i in plan.idols])
    lam = 14.0 + offsets[idol].mean(axis=1)
    turns = 4 + rng.poisson(np.maximum(lam, 0.0))
    turns[stalled] = STALL_TURNS
    if plan.rush:  # drawn only when planted, so every other plan's games stay as they were
        share = np.array([plan.rush.get(i, 0.0) for i in plan.idols])[winner_idol]
        rushed = has_winner & (rng.random(n) < share)
        turns[rushed], reason[rushed] = 3, REASONS.index("wincon")
    rounds = -(-turns // seats)
    bonus = np.asarray(plan.bonus.get(seats, (0,) * seats), dtype=np.int8)[:seats]
    return {
        "idol": idol,
        "won": won,
        "placement": placement,
        "expelled_order": expelled_order,
        "reason": np.repeat(reason[:, None], seats, axis=1),
        "turns": np.repeat(turns[:, None], seats, axis=1),
        "rounds": np.repeat(rounds[:, None], seats, axis=1),
        "bonus": np.broadcast_to(bonus, (n, seats)),
        "merit": rng.integers(0, 30, size=(n, seats)),
        "reputation": rng.integers(0, 12, size=(n, seats)),
        "recruited": rng.integers(0, 10, size=(n, seats)),
        "expelled": rng.integers(0, 6, size=(n, seats)),
        "schemes_played": (
            rng.integers(0, 8, size=(n, seats))
            if plan.schemes is None
            else rng.poisson(plan.schemes, size=(n, seats))
        ),
        "fights": rng.integers(0, 8, size=(n, seats)),
        "decisions": rng.integers(10, 200, size=(n, seats)),
    }


# Every integer column in its schema type, and the table's column order (simulator/schema.py).
INT_COLUMNS = {c.name: c.type for c in schema.GAMES if c.type in schema.INTEGERS}
GAMES_ORDER = [c.name for c in schema.GAMES]


def synthetic_games(n_games: int, plan: Plan = Plan(), seed: int = 0, first_game_id: int = 0):
    """A games/ table of n_games planted games: one row per game and seat, schema dtypes."""
    rng = np.random.default_rng(seed)
    counts = sorted(plan.players)
    shares = np.array([plan.players[c] for c in counts], dtype=float)
    per_game = rng.choice(counts, size=n_games, p=shares / shares.sum())
    parts = []
    for seats in counts:
        n = int((per_game == seats).sum())
        if n:
            cols = _table_games(rng, plan, n, seats)
            parts.append((seats, n, cols))
    frames = []
    next_id = first_game_id
    for seats, n, cols in parts:
        ids = np.repeat(np.arange(next_id, next_id + n, dtype=np.int64), seats)
        next_id += n
        frame = {k: np.asarray(v).reshape(-1) for k, v in cols.items()}
        frame["game_id"] = ids
        frame["players"] = np.full(n * seats, seats)
        frame["seat"] = np.tile(np.arange(seats), n)
        frame["turn_order"] = frame["seat"] + 1
        frames.append(pd.DataFrame(frame))
    games = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    games["game_seed"], games["bot_seed"] = game_seeds(seed, games["game_id"].to_numpy())
    games["variant"] = pd.Categorical.from_codes(np.zeros(len(games), int), [plan.variant])
    games["bot"] = pd.Categorical.from_codes(np.zeros(len(games), int), [plan.bot])
    games["idol"] = pd.Categorical.from_codes(games["idol"].to_numpy(), list(plan.idols))
    games["reason"] = pd.Categorical.from_codes(games["reason"].to_numpy(), list(REASONS))
    games = games.astype(INT_COLUMNS)
    return games[GAMES_ORDER]
