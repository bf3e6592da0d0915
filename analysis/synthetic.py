"""Synthetic runs with planted truths, written in the documented layout (docs/data-schema.md).

The analyses are tested against these: a planted Idol strength, seat advantage, stall rate, card
effect or game length must come back out of the analyses inside their intervals. The benchmark
uses them too, so the report's speed is measured on a realistic 5-million-game run.

The winner of a game is drawn from a conditional-logit model: seat s wins with probability
proportional to exp(strength[its Idol] + seat_effect[s]). Everything else (reasons, expulsions,
placements, lengths, card counts) is drawn so that it follows the schema's rules.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
from avarium.runner import manifest, parts
from avarium.runner.manifest import Manifest, PartRecord
from avarium.simulator import schema
from avarium.simulator.constants import DEFAULT_BONUSES, MAX_TURNS, REASON_NAMES
from avarium.simulator.fileio import write_bytes_atomically

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


@dataclass(frozen=True)
class CardPlan:
    """Per-card counts: how often each card is offered and taken, and its planted effect.

    The effect is the log-odds gap between the win rate of seats that took the card and of seats
    that were offered it and left it.
    """

    students: tuple[str, ...] = tuple(f"student_{i:02d}" for i in range(1, 13))
    schemes: tuple[str, ...] = tuple(f"scheme_{i:02d}" for i in range(1, 9))
    offer_rate: float = 0.5
    take_rate: Mapping[str, float] = field(default_factory=dict)
    effect: Mapping[str, float] = field(default_factory=dict)
    # Per card, per Idol: take rates that depend on who is offered the card (a card strong Idols
    # take more often looks strong in a raw comparison although its own effect is nil).
    take_by_idol: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    # Per card, the fewest turns of a game it is taken in: a card that only matters late is
    # taken in long games only, and looks strong wherever long games are won more often.
    taken_from_turns: Mapping[str, int] = field(default_factory=dict)


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


def shared_deal_sweep(n_games: int, plans: Iterable[Plan], seed: int = 0) -> pd.DataFrame:
    """A sweep's games table: n_games per plan (one plan per variant), game k of every variant
    played on the same deal, as a real sweep plays them (runner/seeds.py).

    Every variant draws from the same random stream, so game k has the same player count,
    Idols, seats, reason draws and the same per-seat noise in every variant; only what the plans
    change (seat effects, strengths) moves the winner. That is the shared luck a deal-paired
    analysis must keep together. Game ids run on across variants and the seeds are the deal's,
    the same in every variant, as in a real run."""
    parts = []
    for v, plan in enumerate(plans):
        games = synthetic_games(n_games, plan, seed=seed, first_game_id=v * n_games)
        deal = games["game_id"].to_numpy() - v * n_games
        games["game_seed"], games["bot_seed"] = game_seeds(seed, deal)
        parts.append(games)
    games = pd.concat(parts, ignore_index=True)
    games["variant"] = games["variant"].astype(str).astype("category")
    return games


def shared_deal_outcomes(seat_effect, deals: int, rng: np.random.Generator):
    """The per-deal outcomes (analysis.deals.DealOutcomes) of a seat-bonus sweep without the
    games table: seat_effect[v] is variant v's log-odds term per seat, and deal k's winner in
    variant v is argmax(seat_effect[v] + noise[k]) with the same Gumbel noise in every variant,
    the model synthetic_games plants with shared deals. The true seat rates are then exactly
    softmax(seat_effect[v]). Fast enough to draw hundreds of experiments in a test."""
    from avarium.analysis.deals import DealOutcomes

    effect = np.asarray(seat_effect, dtype=float)
    n_var, seats = effect.shape
    noise = rng.gumbel(size=(deals, seats))
    winner = (effect[:, None, :] + noise[None, :, :]).argmax(axis=2)
    wins = (winner[..., None] == np.arange(seats)).astype(float)
    return DealOutcomes(
        variants=[f"v{i}" for i in range(n_var)],
        quantities=list(range(seats)),
        plays=np.ones_like(wins),
        wins=wins,
        stalled=0,
    )


def shared_deal_pairs(rate_a: float, rate_b: float, deals: int, rng: np.random.Generator,
                      shared: float = 0.6) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """One Idol's results on the same deals before (A) and after (B) a change: won_a, won_b per
    deal, with true win rates exactly rate_a and rate_b. A share `shared` of the deals is decided
    by the deal alike in both (one uniform draw against both rates, as a deal's luck carries
    over), the rest independently: so most pairs agree and only the discordant ones carry the
    change, as in a paired run."""
    u = rng.random(deals)
    v = np.where(rng.random(deals) < shared, u, rng.random(deals))
    return u < rate_a, v < rate_b


def synthetic_cards(games: pd.DataFrame, plan: CardPlan = CardPlan(), seed: int = 0):
    """The cards/ count table of these games, with each card's planted effect."""
    rng = np.random.default_rng(seed)
    keys = ["variant", "players", "idol", "seat", "bot", "turns_band"]
    games = games.assign(turns_band=games["turns"] // schema.TURNS_BAND * schema.TURNS_BAND)
    grouped = games.groupby(keys, observed=True)["won"].agg(["size", "sum"]).reset_index()
    n = grouped["size"].to_numpy()[:, None]
    w = grouped["sum"].to_numpy()[:, None]
    cards = list(plan.students) + list(plan.schemes)
    kinds = ["student"] * len(plan.students) + ["scheme"] * len(plan.schemes)
    idols = grouped["idol"].astype(str).to_numpy()
    take = np.array(
        [
            [plan.take_by_idol.get(c, {}).get(i, plan.take_rate.get(c, 0.4)) for c in cards]
            for i in idols
        ]
    )
    # Games of a band shorter than a card's taken_from_turns never take it.
    late = np.array([plan.taken_from_turns.get(c, 0) for c in cards])[None, :]
    take = np.where(grouped["turns_band"].to_numpy()[:, None] >= late, take, 0.0)
    effect = np.array([plan.effect.get(c, 0.0) for c in cards])[None, :]
    base = np.clip(w / n, 0.01, 0.99)
    logit = np.log(base / (1 - base))
    offered = rng.binomial(np.broadcast_to(n, (len(n), len(cards))), plan.offer_rate)
    taken = rng.binomial(offered, take)
    taken_won = rng.binomial(taken, 1 / (1 + np.exp(-(logit + effect / 2))))
    left_won = rng.binomial(offered - taken, 1 / (1 + np.exp(-(logit - effect / 2))))
    out = grouped[keys].loc[np.repeat(grouped.index, len(cards))].reset_index(drop=True)
    out["card"] = pd.Categorical(np.tile(cards, len(grouped)), categories=cards)
    out["kind"] = pd.Categorical(np.tile(kinds, len(grouped)), categories=["student", "scheme"])
    out["offered"] = offered.reshape(-1).astype(np.int32)
    out["offered_won"] = (taken_won + left_won).reshape(-1).astype(np.int32)
    out["taken"] = taken.reshape(-1).astype(np.int32)
    out["taken_won"] = taken_won.reshape(-1).astype(np.int32)
    counts = out[["offered", "offered_won", "taken", "taken_won"]]
    return out[(counts != 0).any(axis=1)].reset_index(drop=True)


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return (
            "{"
            + ", ".join(f"{json.dumps(str(k))} = {_toml_value(v)}" for k, v in value.items())
            + "}"
        )
    return json.dumps(str(value))


def _is_tables(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def experiment_toml(experiment: Mapping) -> str:
    """A small TOML writer for the experiment tables used here (no dependency needed): values,
    tables, and arrays of tables whose own tables are written inline."""
    lines = [
        f"{k} = {_toml_value(v)}"
        for k, v in experiment.items()
        if not isinstance(v, dict) and not _is_tables(v)
    ]
    for key, table in experiment.items():
        if isinstance(table, dict):
            lines += ["", f"[{key}]"] + [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    for key, tables in experiment.items():
        if _is_tables(tables):
            for table in tables:
                lines += ["", f"[[{key}]]"] + [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def _write_parquet(frame: pd.DataFrame, path: Path, metadata: dict[str, str]) -> tuple[str, int]:
    """Write a part file; returns its SHA-256 and size, for the run's manifest."""
    table = pa.Table.from_pandas(frame, preserve_index=False)
    meta = dict(table.schema.metadata or {})
    meta.update({k.encode(): v.encode() for k, v in metadata.items()})
    sink = pa.BufferOutputStream()
    pq.write_table(table.replace_schema_metadata(meta), sink)
    data = sink.getvalue()
    write_bytes_atomically(path, data)
    return manifest.digest(memoryview(data)), data.size  # as runner/dataset.write_part does


def write_run(
    run: Path,
    chunks: Iterable[tuple[pd.DataFrame, pd.DataFrame]],
    *,
    seed: int,
    experiment: Mapping,
    card_set: str | Callable[[str], str] = "synthetic0000",
    version: str = "0.1.0",
) -> Path:
    """Write (games, cards) chunks as RUN/games/part-N.parquet and RUN/cards/part-N.parquet,
    with the run's manifest (runner/manifest.py), as `avarium simulate` writes them."""
    run = Path(run)
    run.mkdir(parents=True, exist_ok=True)
    (run / "experiment.toml").write_text(experiment_toml(experiment), encoding="utf-8")
    # The experiment as simulate embeds it (Experiment.to_json), so readers check these parts
    # as they check a simulated run's (runner/parts.py).
    experiment_json = json.dumps(experiment, sort_keys=True, separators=(",", ":"))
    record = Manifest(manifest.experiment_id(experiment_json), 0, 0)
    for index, (games, cards) in enumerate(chunks):
        ids = games["game_id"]
        first, last = int(ids.min()), int(ids.max())
        variant = str(games["variant"].iloc[0])
        meta = {
            "avarium.experiment": experiment_json,
            # A sweep's variants play different card sets: a callable gives each its own.
            "avarium.card_set": card_set(variant) if callable(card_set) else card_set,
            "avarium.version": version,
            "avarium.seed": str(seed),
            "avarium.chunk": parts.chunk_text(index, first, last, variant),
        }
        for folder, frame in (("games", games), ("cards", cards)):
            name = f"{folder}/part-{index:05d}.parquet"
            sha, size = _write_parquet(frame, run / name, meta)
            record.parts[name] = PartRecord(sha, size, len(frame), index, first, last, variant)
        record.games += last - first + 1
        record.chunks += 1
    manifest.write(run, record)
    return run


def synthetic_run(
    run: Path,
    n_games: int,
    plans: Plan | Iterable[Plan] = Plan(),
    *,
    seed: int = 0,
    chunk_games: int = 100_000,
    cards: CardPlan = CardPlan(),
    card_set: str | Callable[[str], str] = "synthetic0000",
    shared_deals: bool = False,
) -> Path:
    """Write a whole planted run: n_games per plan (one plan per variant), in chunks.
    `shared_deals` plays game k of every variant on the same deal (the same random stream, as
    shared_deal_sweep does), as tune-bonus and sweep do."""
    plans = [plans] if isinstance(plans, Plan) else list(plans)

    def chunks():
        first = 0
        for v, plan in enumerate(plans):
            done = 0
            while done < n_games:
                size = min(chunk_games, n_games - done)
                # Each chunk's stream depends only on the run seed, variant and chunk position,
                # so two runs with the same seed share their deals (the paired comparison).
                chunk_seed = seed * 1_000_003 + done // chunk_games
                if not shared_deals:
                    chunk_seed += v * 10_007
                games = synthetic_games(size, plan, seed=chunk_seed, first_game_id=first)
                yield games, synthetic_cards(games, cards, seed=chunk_seed + 1)
                done += size
                first += size

    experiment = {
        "name": Path(run).name,
        "games": n_games * len(plans),
        "seed": seed,
        "bots": sorted({p.bot for p in plans}),
        "variants": [p.variant for p in plans],
        "synthetic": {"plans": json.dumps([_plan_json(p) for p in plans])},
        "variant": [_variant_table(p, n_games) for p in plans],
    }
    return write_run(run, chunks(), seed=seed, experiment=experiment, card_set=card_set)


def _variant_table(plan: Plan, games: int) -> dict:
    """What a real run's experiment says of a variant, as far as a plan says it: the fields a
    comparison checks (avarium.analysis.compare.GAME_FIELDS) and the planted bonus."""
    weights = json.dumps({k: list(v) for k, v in sorted(plan.seat_weight.items())})
    return {
        "label": plan.variant,
        "players": sorted(plan.players),
        "idols": list(plan.idols),
        "seating": "synthetic" + (f" weighted {weights}" if plan.seat_weight else ""),
        "mirrors": plan.mirror_rate > 0,
        "bots": [plan.bot],
        "bonus": {str(k): list(v) for k, v in sorted(plan.bonus.items())},
        "games": games,
    } | ({"tier": plan.tier} if plan.tier else {})


def _plan_json(plan: Plan) -> dict:
    data = asdict(plan)
    return {
        k: {str(a): b for a, b in v.items()} if isinstance(v, dict) else v for k, v in data.items()
    }
