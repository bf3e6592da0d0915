"""Reading part files column by column, each column checked against the schema
(simulator/schema.py) and cast to its type, so that parts written by any version concatenate;
every problem is a DatasetError naming the file and what was expected."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
from avarium.simulator import schema


class DatasetError(Exception):
    """A run directory that cannot be analysed; the message says which file and what was wanted."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# Columns added after runs were first written, and what an older part file reads as.
MISSING = schema.missing(schema.GAMES) | schema.missing(schema.CARDS) | schema.missing(schema.TURNS)
# The schema's integer type of each column; chunks are cast to it on reading.
INT_TYPES = {
    c.name: getattr(pa, c.type)()
    for c in (*schema.GAMES, *schema.CARDS, *schema.TURNS)
    if c.type in schema.INTEGERS
}


def _kind_ok(kind: str, t: pa.DataType) -> bool:
    if pa.types.is_dictionary(t):
        t = t.value_type
    if kind == "integer":
        return pa.types.is_integer(t)
    if kind == "bool":
        return pa.types.is_boolean(t)
    return pa.types.is_string(t) or pa.types.is_large_string(t)


def part_schema(path: Path) -> pa.Schema:
    try:
        return pq.read_schema(path)
    except (pa.ArrowException, OSError) as exc:
        raise DatasetError(f"{path}: not a readable Parquet file ({short(exc)})") from None


def short(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _check_columns(path: Path, schema: pa.Schema, wanted: dict[str, str]) -> None:
    names = set(schema.names)
    missing = [c for c in wanted if c not in names and c not in MISSING]
    if missing:
        raise DatasetError(
            f"{path}: missing column(s) {', '.join(missing)}; expected the columns of "
            "docs/data-schema.md"
        )
    for column, kind in wanted.items():
        if column not in names:
            continue  # an older file: read as MISSING says
        t = schema.field(column).type
        if not _kind_ok(kind, t):
            raise DatasetError(f"{path}: column {column} is {t}, expected {kind}")


def read_checked(files: list[Path], wanted: dict[str, str]) -> pa.Table:
    """Every chunk's wanted columns, checked and cast to the schema's types."""
    strings = [c for c, k in wanted.items() if k == "string"]
    tables = []
    for path in files:
        file_schema = part_schema(path)
        _check_columns(path, file_schema, wanted)
        present = [c for c in wanted if c in file_schema.names]
        try:
            table = pq.read_table(path, columns=present, read_dictionary=strings)
        except (pa.ArrowException, OSError) as exc:
            raise DatasetError(f"{path}: not a readable Parquet file ({short(exc)})") from None
        for column in wanted:
            if column not in present:  # written before the column existed
                table = table.append_column(column, pa.array([MISSING[column]] * len(table)))
        tables.append(normalise(table, wanted))
    # Chunks encode their strings with their own dictionaries; one shared dictionary per column
    # lets pandas hold each as one categorical.
    return pa.concat_tables(tables).unify_dictionaries()


def normalise(table: pa.Table, wanted: dict[str, str]) -> pa.Table:
    """Cast every chunk to the same types so that chunks written by any version concatenate."""
    columns = []
    for name, kind in wanted.items():
        col = table.column(name)
        if kind == "string":
            col = col.cast(pa.dictionary(pa.int32(), pa.string()))
        elif kind == "bool":
            col = col.cast(pa.bool_())
        else:
            col = col.cast(INT_TYPES[name])
        columns.append(col)
    return pa.table(columns, names=list(wanted))


def to_pandas(table: pa.Table) -> pd.DataFrame:
    # One chunk per column and one block per column: several times faster than the default.
    frame = table.combine_chunks().to_pandas(split_blocks=True)
    for name in frame.columns:
        if pa.types.is_dictionary(table.schema.field(name).type):
            frame[name] = frame[name].astype("category")
    return frame
