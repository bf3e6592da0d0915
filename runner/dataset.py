"""The run dataset's files (docs/data-schema.md): Arrow schemas, tables and Parquet part files.

A chunk's columns (tabulate) become two tables, `games` (one row per game and seat)
and `cards` (per-card counts per key), and a third, `turns` (one row per game, turn and seat),
in a run that keeps it, written as zstd Parquet with dictionary-encoded names,
the smallest integer types that hold the values and the run's metadata, and published
atomically, so a part file is either whole or absent.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
from avarium.runner.manifest import digest
from avarium.runner.tabulate import CARD_TYPES, GAME_TYPES, TURN_TYPES, Columns
from avarium.simulator.fileio import remove_stale_temporary, write_bytes_atomically
from avarium.simulator.schema import NAME

FOLDERS = ("games", "cards", "turns")  # turns/ only in a run that keeps them (record_turns)
NAME_TYPE = pa.dictionary(pa.int32(), pa.string())


def _schema(types: dict[str, object]) -> pa.Schema:
    return pa.schema(
        [
            (name, NAME_TYPE if kind == NAME else pa.from_numpy_dtype(np.dtype(kind)))
            for name, kind in types.items()
        ]
    )


GAMES_SCHEMA = _schema(GAME_TYPES)
CARDS_SCHEMA = _schema(CARD_TYPES)
TURNS_SCHEMA = _schema(TURN_TYPES)


def folders(record_turns: bool) -> tuple[str, ...]:
    """The folders each chunk of a run writes a part file into."""
    return FOLDERS if record_turns else ("games", "cards")


def to_table(columns: Columns, schema: pa.Schema) -> pa.Table:
    """Arrow table of a chunk's columns (already in their types: no copy but the names)."""
    arrays = []
    for f in schema:
        values = columns.values[f.name]
        if pa.types.is_dictionary(f.type):
            names = pa.array(columns.names[f.name], pa.string())
            arrays.append(pa.DictionaryArray.from_arrays(pa.array(values), names))
        else:
            arrays.append(pa.array(values, f.type))
    return pa.Table.from_arrays(arrays, schema=schema)


# -- files ---------------------------------------------------------------------------------------


def part_name(index: int) -> str:
    return f"part-{index:05d}.parquet"


def part_path(run: Path, folder: str, index: int) -> Path:
    return run / folder / part_name(index)


def encode(table: pa.Table, metadata: dict[str, str]) -> pa.Buffer:
    """The table as Parquet bytes with the run's key-value metadata."""
    sink = pa.BufferOutputStream()
    pq.write_table(
        table.replace_schema_metadata(metadata),
        sink,
        compression="zstd",
        use_dictionary=True,
        row_group_size=max(1, table.num_rows),
    )
    return sink.getvalue()


def write_part(
    run: Path, folder: str, index: int, table: pa.Table, metadata: dict[str, str]
) -> tuple[str, int]:
    """Write a part file atomically; returns the SHA-256 and size of what was written."""
    data = encode(table, metadata)
    write_bytes_atomically(part_path(run, folder, index), data)
    return digest(memoryview(data)), data.size


def part_metadata(path: Path) -> tuple[dict[str, str], int] | None:
    """A part file's avarium metadata and row count, or None when the file is not a whole
    Parquet file (missing, cut short, or not Parquet at all)."""
    try:
        meta = pq.read_metadata(path)
    except (OSError, pa.ArrowException):
        return None
    kv = {k.decode(): v.decode() for k, v in (meta.metadata or {}).items()}
    return kv, meta.num_rows


def chunk_metadata(
    experiment_json: str, card_set: str, version: str, seed: int, chunk: dict[str, object]
) -> dict[str, str]:
    return {
        "avarium.experiment": experiment_json,
        "avarium.card_set": card_set,
        "avarium.version": version,
        "avarium.seed": str(seed),
        "avarium.chunk": json.dumps(chunk, sort_keys=True),
    }


def linked_entries(run: Path, names: tuple[str, ...]) -> list[str]:
    """What of the run's own folders (games/, cards/), part files and `names` is a symbolic
    link, by path in the run. A run writes only into what it made: written through, a linked
    `games/` would replace another run's parts, so such a run is refused before anything is
    written (the links themselves are the user's to remove)."""
    found = [name for name in (*FOLDERS, *names) if (run / name).is_symlink()]
    for folder in FOLDERS:
        if (run / folder).is_dir() and folder not in found:
            found += [
                f"{folder}/{p.name}" for p in sorted((run / folder).iterdir()) if p.is_symlink()
            ]
    return found


def remove_temporary(run: Path) -> int:
    """Delete what a stopped run, or a report of it, left half-written: the toolkit's own
    temporary files and folders whose writer is gone (fileio.remove_stale_temporary); returns
    how many. A user's file is never touched, whatever its name."""
    # the run's own files too (manifest, the report's temporary folder)
    return sum(remove_stale_temporary(d) for d in (run, *(run / f for f in FOLDERS)))
