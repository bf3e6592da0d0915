"""A planted run written in the documented layout (docs/data-schema.md): its experiment.toml,
its games/ and cards/ part files with the metadata `avarium simulate` writes, and the run's
manifest, so every reader checks it as it checks a simulated run."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
from avarium.analysis.synthetic.cards import CardPlan, synthetic_cards
from avarium.analysis.synthetic.games import Plan, synthetic_games
from avarium.runner import manifest, parts
from avarium.runner.manifest import Manifest, PartRecord
from avarium.simulator.fileio import write_bytes_atomically


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
    comparison checks (avarium.analysis.same_games.GAME_FIELDS) and the planted bonus."""
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
